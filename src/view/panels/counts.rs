//! The disc counts.

use yew::prelude::*;

use crate::view::i18n::{self, Lang};
use reversi_engine::Color;

/// Properties of [`Counts`].
#[derive(Properties, PartialEq)]
pub struct CountsProps {
    /// Black's discs.
    pub black: u32,
    /// White's discs.
    pub white: u32,
    /// The side to move, outlined (none when the game is over).
    pub to_move: Option<Color>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The disc counts, the side to move outlined.
#[function_component(Counts)]
pub fn counts(props: &CountsProps) -> Html {
    let t = props.lang.strings();
    let count = |color: Color, n: u32, id: &'static str, icon: &'static str| {
        html! {
            <span class={classes!("count", (props.to_move == Some(color)).then_some("to-move"))}>
                <span class={classes!("disc-icon", icon)} aria-hidden="true"></span>
                <span class="visually-hidden">{ i18n::color_name(props.lang, color) }{ " " }</span>
                <span data-testid={id}>{ n }</span>
            </span>
        }
    };
    html! {
        <div class="counts" aria-label={t.disc_counts}>
            { count(Color::Black, props.black, "count-black", "black") }
            { count(Color::White, props.white, "count-white", "white") }
        </div>
    }
}
