//! Whose turn it is, a pass just made, or the result; the counts and the clocks.

use yew::prelude::*;

use crate::session::GameClock;
use crate::view::i18n::Lang;
use crate::view::panels::{Clocks, Counts};
use reversi_engine::Color;

/// Properties of [`PlayState`]: what it shows, worked out by the root.
#[derive(Properties, PartialEq)]
pub struct PlayStateProps {
    /// Black's and white's discs on the position shown.
    pub counts: (u32, u32),
    /// Who is to move there (none once the game is over).
    pub to_move: Option<Color>,
    /// The game clock, when the game has one.
    pub clock: Option<GameClock>,
    /// The side whose clock runs.
    pub running: Option<Color>,
    /// Whose turn it is, a pass, or the result (see [`super::status_line`]).
    pub status: String,
    /// Language of the labels.
    pub lang: Lang,
}

/// The disc counts, the clocks and the status line.
#[function_component(PlayState)]
pub fn play_state(props: &PlayStateProps) -> Html {
    let lang = props.lang;
    html! {
        <>
            <Counts black={props.counts.0} white={props.counts.1} to_move={props.to_move} {lang} />
            if let Some(clock) = &props.clock {
                <Clocks clock={clock.clone()} running={props.running} {lang} />
            }
            <p class="status" data-testid="status" aria-live="polite">{ props.status.clone() }</p>
        </>
    }
}
