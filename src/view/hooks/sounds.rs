//! The move sounds' switch and the sound of each placement.

use yew::prelude::*;

use crate::view::sound::{initial_sound, play_move, remember_sound};

/// The move sounds: on or off (remembered), how many were played, and the switch. A placement (with the
/// pass it forced) sounds; undo, redo of many moves and imports do not.
#[hook]
pub fn use_move_sounds(game: &reversi_engine::Game) -> (bool, u32, Callback<bool>) {
    let on = use_state(initial_sound);
    let played = use_state(|| 0u32);
    let seen = use_mut_ref(|| game.plies().len());
    let plies = game.plies().to_vec();
    {
        let (on, played) = (*on, played.clone());
        use_effect_with(plies.len(), move |&count| {
            let before = std::mem::replace(&mut *seen.borrow_mut(), count);
            let placed = plies[..count]
                .iter()
                .rev()
                .take(count.saturating_sub(before).min(2))
                .find_map(|p| p.mv.square().map(|s| p.before.board.flips(s).count()));
            if let (true, Some(flips)) = (on && count > before && count - before <= 2, placed) {
                if play_move(flips) {
                    played.set(*played + 1);
                }
            }
        });
    }
    let on_sound = {
        let on = on.clone();
        Callback::from(move |next: bool| {
            remember_sound(next);
            on.set(next);
        })
    };
    (*on, *played, on_sound)
}
