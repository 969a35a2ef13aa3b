//! The sound of each placement (the switch is a preference of the session's).

use yew::prelude::*;

use crate::view::browser::after_paint;
use crate::view::sound::play_move;

/// The move sounds, when `on`: how many were played. A placement (with the pass it forced) sounds; undo,
/// redo of many moves and imports do not.
#[hook]
pub fn use_move_sounds(game: &reversi_engine::Game, on: bool) -> u32 {
    let played = use_state(|| 0u32);
    let seen = use_mut_ref(|| game.plies().len());
    let plies = game.plies().to_vec();
    {
        let played = played.clone();
        use_effect_with(plies.len(), move |&count| {
            let before = std::mem::replace(&mut *seen.borrow_mut(), count);
            let placed = plies[..count]
                .iter()
                .rev()
                .take(count.saturating_sub(before).min(2))
                .find_map(|p| p.mv.square().map(|s| p.before.board.flips(s).count()));
            if let (true, Some(flips)) = (on && count > before && count - before <= 2, placed) {
                // After the move is on the screen: starting the audio (the first time, the browser's whole
                // audio context) is not part of the move's response.
                after_paint(move || {
                    if play_move(flips) {
                        played.set(*played + 1);
                    }
                });
            }
        });
    }
    *played
}
