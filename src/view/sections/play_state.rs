//! Whose turn it is, a pass just made, or the result; the counts and the clocks.

use yew::prelude::*;

use super::{status_line, SectionProps};

use crate::view::panels::{Clocks, Counts};

/// The state of play: disc counts, clocks and status, at the top of the panel (nothing above them moves).
#[function_component(PlayState)]
pub fn play_state(props: &SectionProps) -> Html {
    let (session, lang) = (&props.session, props.lang);
    let game = &session.game;
    let position = match session.browsing {
        Some(n) => game.plies()[n].before,
        None => game.position(),
    };
    // The side to move in the position shown (browsing: the one to move there).
    let to_move = match session.browsing {
        Some(n) => Some(game.plies()[n].before.to_move),
        None => (!game.is_over()).then(|| game.to_move()),
    };
    html! {
        <>
            <Counts black={position.black().count()} white={position.white().count()} {to_move} {lang} />
            if let Some(clock) = &session.clock {
                <Clocks clock={clock.clone()} running={session.clock_running().then(|| game.to_move())} {lang} />
            }
            <p class="status" data-testid="status" aria-live="polite">{ status_line(lang, session) }</p>
        </>
    }
}
