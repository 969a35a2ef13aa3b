//! The game review: its progress, each side's average loss, the marked moves to step through.

use yew::prelude::*;

use crate::session::room::{ReviewRun, ReviewedMove, Valuation};
use crate::view::i18n::{self, Lang};
use reversi_engine::review::Mark;

/// Properties of [`ReviewPanel`].
#[derive(Properties, PartialEq)]
pub struct ReviewPanelProps {
    /// The review, once asked for.
    pub run: Option<ReviewRun>,
    /// The moves valued so far.
    pub reviewed: Vec<ReviewedMove>,
    /// True when the game has a move to review.
    pub can_review: bool,
    /// Start.
    pub on_start: Callback<()>,
    /// Stop.
    pub on_cancel: Callback<()>,
    /// Show the position before this ply (where the move was chosen).
    pub on_select: Callback<usize>,
    /// The ply before which the position is shown (`None`: the game's own position).
    #[prop_or_default]
    pub shown: Option<usize>,
    /// "Learn from your mistakes" runs: the mistakes and their better moves are not listed meanwhile.
    #[prop_or_default]
    pub learning: bool,
    /// Language of the labels.
    pub lang: Lang,
}

/// The mistakes before and after the position shown in the list's order (`listed`, by ply): from a position
/// that is none of them, "next" is the list's first.
fn neighbouring_mistakes(listed: &[usize], shown: Option<usize>) -> (Option<usize>, Option<usize>) {
    match shown.and_then(|at| listed.iter().position(|&ply| ply == at)) {
        Some(i) => (
            i.checked_sub(1).map(|i| listed[i]),
            listed.get(i + 1).copied(),
        ),
        None => (None, listed.first().copied()),
    }
}

/// The review: a button, its progress, the biggest mistakes (stepped through one by one on the board),
/// each side's average loss and every move.
#[function_component(ReviewPanel)]
pub fn review_panel(props: &ReviewPanelProps) -> Html {
    let t = props.lang.strings();
    let lang = props.lang;
    let running = props.run.as_ref().is_some_and(|r| !r.finished);
    // Numbered as the move list numbers them: placements only, from 1.
    let numbered: Vec<(usize, &ReviewedMove)> = props
        .reviewed
        .iter()
        .enumerate()
        .map(|(i, m)| (i + 1, m))
        .collect();
    // Every marked move, the biggest first: the list, and the order "previous" and "next" step through.
    let mut worst: Vec<&(usize, &ReviewedMove)> =
        numbered.iter().filter(|(_, m)| m.mark.is_some()).collect();
    worst.sort_by_key(|(n, m)| (-m.loss, *n));
    let (black, white) = Valuation::average_losses(&props.reviewed);
    let select = |ply: usize| props.on_select.reform(move |_| ply);
    let listed: Vec<usize> = worst.iter().map(|(_, m)| m.ply).collect();
    let (previous, next) = neighbouring_mistakes(&listed, props.shown);
    let step_to = |to: Option<usize>| {
        let on_select = props.on_select.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(ply) = to {
                on_select.emit(ply);
            }
        })
    };
    html! {
        // Focusable from a script alone: the result card's button brings it into view and gives it the focus.
        <div class="review" data-testid="review" tabindex="-1" role="region" aria-label={t.review_game}
             data-state={match &props.run { None => "idle", Some(r) if r.finished => "done", Some(_) => "running" }}>
            if running {
                <button type="button" data-testid="stop-review" onclick={props.on_cancel.reform(|_| ())}>{ t.stop_review }</button>
            } else {
                <button type="button" data-testid="review-game" disabled={!props.can_review} onclick={props.on_start.reform(|_| ())}>{ t.review_game }</button>
            }
            if let Some(run) = &props.run {
                if !run.finished {
                    <p class="review-progress" data-testid="review-progress" aria-live="polite">
                        <progress max={run.total.to_string()} value={run.done.to_string()}></progress>
                        { " " }{ i18n::review_progress(lang, run.done, run.total) }
                    </p>
                }
                <p class="review-summary" data-testid="review-summary">{ i18n::average_losses(lang, black, white) }</p>
                if !props.learning {
                    <h3>{ t.biggest_mistakes }</h3>
                    <div class="mistake-steps">
                        <button type="button" data-testid="previous-mistake" disabled={previous.is_none()}
                            onclick={step_to(previous)}>{ "◀ " }{ t.previous_mistake }</button>
                        <button type="button" data-testid="next-mistake" disabled={next.is_none()}
                            onclick={step_to(next)}>{ t.next_mistake }{ " ▶" }</button>
                    </div>
                    if worst.is_empty() {
                        <p>{ t.no_mistakes }</p>
                    } else {
                        <ol class="mistakes" data-testid="mistakes">
                            { for worst.iter().map(|(n, m)| {
                                let current = props.shown == Some(m.ply);
                                html! {
                                    <li><button type="button" class="link" data-ply={m.ply.to_string()} aria-current={current.then_some("step")}
                                        onclick={select(m.ply)}>{ i18n::mistake(lang, *n, m) }</button></li>
                                }
                            }) }
                        </ol>
                    }
                    <details class="review-moves">
                        <summary>{ t.reviewed_moves }</summary>
                        <ol>
                            { for numbered.iter().map(|(n, m)| html! {
                                <li>
                                    <button type="button"
                                        class={classes!("review-move", m.mark.map(|_| "marked"))}
                                        data-testid="review-move"
                                        data-ply={m.ply.to_string()}
                                        data-loss={m.loss.to_string()}
                                        data-mark={m.mark.map_or("", Mark::symbol)}
                                        onclick={select(m.ply)}>
                                        { format!("{n}. {}{} −{}", m.played, m.mark.map_or("", Mark::symbol), m.loss) }
                                    </button>
                                </li>
                            }) }
                        </ol>
                    </details>
                }
            }
        </div>
    }
}
