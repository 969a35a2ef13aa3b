//! The game clocks.

use yew::prelude::*;

use crate::session::game::clock::GameClock;
use crate::view::i18n::{self, Lang};
use reversi_engine::Color;

/// Properties of [`Clocks`].
#[derive(Properties, PartialEq)]
pub struct ClocksProps {
    /// The game clock.
    pub clock: GameClock,
    /// The side whose clock runs, if one does.
    pub running: Option<Color>,
    /// Language of the labels.
    pub lang: Lang,
}

/// m:ss, or m:ss.t under ten seconds.
fn clock_text(ms: f64) -> String {
    let ms = ms.max(0.0);
    let total = (ms / 1000.0).ceil() as u64;
    if ms < 10_000.0 {
        format!("0:{:04.1}", ms / 1000.0)
    } else {
        format!("{}:{:02}", total / 60, total % 60)
    }
}

/// Both sides' time left; the running one, a low one and a fallen flag are marked. Each carries the time
/// left as shown (`data-ms`, whole milliseconds) and `data-flagged` on the side that ran out, and is named
/// by its side and time for assistive technology.
#[function_component(Clocks)]
pub fn clocks(props: &ClocksProps) -> Html {
    html! {
        <div class="clocks">
            { for [Color::Black, Color::White].into_iter().map(|color| {
                let running = props.running == Some(color);
                let flagged = props.clock.flagged() == Some(color);
                let ms = props.clock.remaining(color).max(0.0);
                let low = ms < crate::session::game::clock::LOW_TIME_MS;
                let id = if color == Color::Black { "clock-black" } else { "clock-white" };
                let text = clock_text(ms);
                html! {
                    <span class={classes!("clock", running.then_some("running"), low.then_some("low"), flagged.then_some("flagged"))}
                          data-testid={id}
                          data-ms={(ms.floor() as u64).to_string()}
                          data-flagged={flagged.then_some("true")}
                          aria-label={format!("{}: {text}", i18n::color_name(props.lang, color))}>
                        { text }
                    </span>
                }
            }) }
        </div>
    }
}
