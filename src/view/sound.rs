//! Move sounds, made on the spot with the Web Audio API (no sound files): a knock for the disc placed and
//! a short tick for each disc it turns. The player's choice is remembered; with none, the page is quiet
//! when the system asks for reduced motion.

use std::cell::RefCell;

use super::browser::storage;

use crate::session::kept::storage::SOUND as SOUND_KEY;

thread_local! {
    /// One audio context for the page, made at the first sound (browsers start it only after a gesture).
    static CONTEXT: RefCell<Option<web_sys::AudioContext>> = const { RefCell::new(None) };
}

/// Remembers the choice.
pub fn remember_sound(on: bool) {
    if let Some(storage) = storage() {
        let _ = storage.set_item(SOUND_KEY, if on { "on" } else { "off" });
    }
}

pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Plays a placed disc and `flips` turned ones. Returns false when the browser gave no audio (nothing is
/// said: the game goes on silently).
pub fn play_move(flips: u32) -> bool {
    // Browsers start audio only after the person has touched the page; before that (a game restored, the
    // engine against itself from the start) the page stays quiet rather than ask and be refused.
    if !user_has_acted() {
        return false;
    }
    CONTEXT.with(|cell| {
        let mut cell = cell.borrow_mut();
        if cell.is_none() {
            *cell = web_sys::AudioContext::new().ok();
        }
        let Some(context) = cell.as_ref() else {
            return false;
        };
        let _ = context.resume();
        let start = context.current_time();
        let mut ok = tone(context, 180.0, 0.22, start, 0.09);
        // The turned discs: quick ticks after the knock, at most eight.
        for i in 0..flips.min(8) {
            ok &= tone(context, 900.0, 0.05, start + 0.06 + 0.035 * i as f64, 0.03);
        }
        ok
    })
}

/// Whether the person has clicked or typed on the page yet (`navigator.userActivation`; where a browser
/// lacks it, assumed so).
fn user_has_acted() -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let activation = js_sys::Reflect::get(&window.navigator(), &"userActivation".into()).ok();
    match activation.filter(|a| !a.is_undefined()) {
        Some(activation) => js_sys::Reflect::get(&activation, &"hasBeenActive".into())
            .ok()
            .and_then(|v| v.as_bool())
            .unwrap_or(true),
        None => true,
    }
}

/// One decaying sine tone.
fn tone(context: &web_sys::AudioContext, hertz: f32, volume: f32, at: f64, length: f64) -> bool {
    let played = || -> Result<(), wasm_bindgen::JsValue> {
        let oscillator = context.create_oscillator()?;
        let gain = context.create_gain()?;
        oscillator.frequency().set_value(hertz);
        gain.gain().set_value_at_time(volume, at)?;
        gain.gain()
            .exponential_ramp_to_value_at_time(0.001, at + length)?;
        oscillator.connect_with_audio_node(&gain)?;
        gain.connect_with_audio_node(&context.destination())?;
        oscillator.start_with_when(at)?;
        oscillator.stop_with_when(at + length + 0.02)?;
        Ok(())
    };
    played().is_ok()
}
