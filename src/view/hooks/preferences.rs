//! The person's preferences as the browser keeps them: read when the page starts, written when one changes
//! (only then, so that one never chosen keeps following the browser: its language, the system's reduced
//! motion), and the page's language marked on it.

use crate::view::reducer::Page;
use yew::prelude::*;

use crate::session::Preferences;
use crate::view::browser::{apply_lang, initial_lang, storage, LANG_KEY};
use crate::view::sound::{initial_sound, remember_sound};

/// Where the board's orientation is remembered.
const ORIENTATION_KEY: &str = "reversi.orientation";

/// `prefs` with the language, the sounds and the board's view the browser keeps (or the browser's own
/// language, and sounds unless the system asks for reduced motion).
pub fn stored_preferences(prefs: Preferences) -> Preferences {
    let orientation = storage()
        .and_then(|s| s.get_item(ORIENTATION_KEY).ok().flatten())
        .map_or(reversi_engine::Symmetry::Identity, |code| {
            crate::session::orientation::from_code(&code)
        });
    Preferences {
        lang: initial_lang(),
        sound: initial_sound(),
        orientation,
        ..prefs
    }
}

/// Marks the page with the language, and writes each preference the person changed.
#[hook]
pub fn use_preferences(session: &UseReducerHandle<Page>) {
    let prefs = session.prefs;
    let last = use_mut_ref(|| None::<Preferences>);
    use_effect_with(prefs, move |prefs| {
        let Some(before) = last.borrow_mut().replace(*prefs) else {
            // The page's start: its language marked, nothing written.
            return apply_lang(prefs.lang);
        };
        // The language is marked again only when it changed (marking the page restyles all of it).
        if prefs.lang != before.lang {
            apply_lang(prefs.lang);
        }
        let Some(storage) = storage() else {
            return;
        };
        if prefs.lang != before.lang {
            let _ = storage.set_item(LANG_KEY, prefs.lang.tag());
        }
        if prefs.sound != before.sound {
            remember_sound(prefs.sound);
        }
        if prefs.orientation != before.orientation {
            let code = crate::session::orientation::code(prefs.orientation);
            let _ = storage.set_item(ORIENTATION_KEY, code);
        }
    });
}
