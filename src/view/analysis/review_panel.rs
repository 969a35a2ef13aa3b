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
    /// Language of the labels.
    pub lang: Lang,
}

/// The marked moves before and after the position shown (by ply), for stepping through the mistakes.
fn neighbouring_mistakes(
    reviewed: &[ReviewedMove],
    shown: Option<usize>,
) -> (Option<usize>, Option<usize>) {
    let marked = reviewed.iter().filter(|m| m.mark.is_some()).map(|m| m.ply);
    let previous = marked
        .clone()
        .filter(|&ply| shown.is_none_or(|at| ply < at))
        .max();
    let next = marked.filter(|&ply| shown.is_some_and(|at| ply > at)).min();
    // From the game's own position "next" starts again at the first.
    let next = next.or_else(|| {
        shown
            .is_none()
            .then(|| reviewed.iter().find(|m| m.mark.is_some()).map(|m| m.ply))
            .flatten()
    });
    (previous, next)
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
    let mut worst: Vec<&(usize, &ReviewedMove)> =
        numbered.iter().filter(|(_, m)| m.mark.is_some()).collect();
    worst.sort_by_key(|(n, m)| (-m.loss, *n));
    worst.truncate(5);
    let (black, white) = Valuation::average_losses(&props.reviewed);
    let select = |ply: usize| props.on_select.reform(move |_| ply);
    let (previous, next) = neighbouring_mistakes(&props.reviewed, props.shown);
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
                        { for worst.iter().map(|(n, m)| html! {
                            <li><button type="button" class="link" onclick={select(m.ply)}>{ i18n::mistake(lang, *n, m) }</button></li>
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
        </div>
    }
}
