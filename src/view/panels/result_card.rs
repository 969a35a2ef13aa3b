//! The card at the end of a game: who won and by how much, then what to do next.

use yew::prelude::*;

use crate::view::i18n::{self, Lang};
use reversi_engine::Color;

/// Properties of [`ResultCard`].
#[derive(Properties, PartialEq)]
pub struct ResultCardProps {
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// The final score, black's discs first (as the scoring rule counts them).
    pub score: (u8, u8),
    /// The side that ran out of time, when the game ended so.
    pub flagged: Option<Color>,
    /// The empty squares the score counts, and the side they are counted for (`None`: shared); none when
    /// it counts the discs alone.
    #[prop_or_default]
    pub empties: Option<(u8, Option<Color>)>,
    /// A review can be started (the game has moves and none is running).
    pub can_review: bool,
    /// Called to review the game.
    pub on_review: Callback<()>,
    /// Called to play again with the same settings.
    pub on_play_again: Callback<()>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The result, large, with "Review the game" and "Play again".
#[function_component(ResultCard)]
pub fn result_card(props: &ResultCardProps) -> Html {
    let t = props.lang.strings();
    let (black, white) = props.score;
    // The score stays on one line however narrow the card ("2–" never above "62").
    let headline = match props.flagged {
        Some(color) => html! { { i18n::lost_on_time(props.lang, color) } },
        None => html! {
            <>
                { i18n::result_head(props.lang, props.winner) }{ " " }
                <span class="nowrap">{ format!("{black}–{white}") }</span>
            </>
        },
    };
    let side = match props.winner {
        Some(Color::Black) => "black",
        Some(Color::White) => "white",
        None => "draw",
    };
    html! {
        <section class={classes!("result-card", side)} data-testid="result-card" aria-label={t.result_heading}>
            <p class="result-headline">{ headline }</p>
            <p class="result-score" aria-hidden="true">
                <span class="disc-icon black"></span>{ black }{ " – " }{ white }<span class="disc-icon white"></span>
            </p>
            if let Some((empties, to)) = props.empties {
                // The counts beside the board say the discs; this says why the score is more.
                <p class="result-empties" data-testid="result-empties">{ i18n::empties_counted(props.lang, empties, to) }</p>
            }
            <div class="result-actions">
                <button type="button" class="primary play-again" data-testid="play-again"
                    onclick={props.on_play_again.reform(|_| ())}>{ t.play_again }</button>
                <button type="button" data-testid="result-review" disabled={!props.can_review}
                    onclick={props.on_review.reform(|_| ())}>{ t.review_game }</button>
            </div>
        </section>
    }
}
