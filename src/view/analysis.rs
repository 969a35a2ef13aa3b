//! The analysis room's views: the evaluation graph, the game review and the opening explorer. They only
//! render what [`crate::session::room::Room`] holds; every value comes from the analyst worker.

use yew::prelude::*;

use reversi_engine::review::Mark;

use super::i18n::{self, Lang};
use crate::protocol::ExplorerRow;
use crate::session::room::{GraphPoint, LossPoint, ReviewRun, ReviewedMove, Valuation};
use reversi_engine::Square;

/// Properties of [`EvalGraph`].
#[derive(Properties, PartialEq)]
pub struct EvalGraphProps {
    /// The points valued so far.
    pub points: Vec<GraphPoint>,
    /// Plies in the record (the graph's width).
    pub plies: usize,
    /// The position shown (moves played before it).
    pub shown: usize,
    /// Called with the number of moves after which to show the position.
    pub on_select: Callback<usize>,
    /// The review's marks (`?!`, `?`, `??`) by the index of the move in the record.
    #[prop_or_default]
    pub marks: Vec<(usize, Mark)>,
    /// Each side's losses added up, after each move (the graph's other mode).
    #[prop_or_default]
    pub losses: Vec<LossPoint>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The scales the graph's edges take, in discs: the smallest that holds every value (beyond the last,
/// values are drawn at the edge).
const GRAPH_RANGES: [f64; 5] = [4.0, 8.0, 16.0, 32.0, 64.0];

/// The graph's range for these points: the smallest scale that holds them all.
fn graph_range(points: &[GraphPoint]) -> f64 {
    let most = points.iter().map(|p| p.value.abs()).fold(0.0, f64::max);
    GRAPH_RANGES
        .into_iter()
        .find(|&r| most <= r)
        .unwrap_or(GRAPH_RANGES[GRAPH_RANGES.len() - 1])
}

/// A bar chart of the value after each move: up for black, down for white, on a scale that fits the game
/// (labelled at its edges); exact values outlined, the review's mistakes coloured.
#[function_component(EvalGraph)]
pub fn eval_graph(props: &EvalGraphProps) -> Html {
    let t = props.lang.strings();
    let x = super::i18n::extras::Strings::of(props.lang);
    // Values after each move, or the losses added up.
    let losses_mode = use_state(|| false);
    let on_mode = {
        let losses_mode = losses_mode.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            losses_mode.set(value == "losses");
        })
    };
    let mode_choice = html! {
        <label class="graph-mode">
            <span class="visually-hidden">{ x.graph_mode }</span>
            <select data-testid="graph-mode" aria-label={x.graph_mode} onchange={on_mode}>
                <option value="values" selected={!*losses_mode}>{ x.graph_values }</option>
                <option value="losses" selected={*losses_mode}>{ x.graph_losses }</option>
            </select>
        </label>
    };
    if *losses_mode {
        return html! {
            <figure class="eval-graph" data-testid="eval-graph" data-mode="losses">
                { mode_choice }
                <LossGraph losses={props.losses.clone()} plies={props.plies} shown={props.shown}
                    on_select={props.on_select.clone()} lang={props.lang} />
            </figure>
        };
    }
    let width = props.plies.max(60) as f64;
    let bar = 1.0;
    let range = graph_range(&props.points);
    let bars = props.points.iter().map(|point| {
        let ply = point.ply;
        let height = (point.value.abs().min(range) / range * 50.0).max(0.6);
        let y = if point.value >= 0.0 { 50.0 - height } else { 50.0 };
        let side = if point.value >= 0.0 { "black" } else { "white" };
        let current = ply == props.shown;
        // The bar after a move carries that move's mark.
        let mark = props.marks.iter().find(|(m, _)| m + 1 == ply).map(|&(_, m)| match m {
            Mark::Blunder => "blunder",
            Mark::Mistake => "mistake",
            Mark::Inaccuracy => "inaccuracy",
        });
        let title = format!(
            "{ply}: {}",
            i18n::side_value(props.lang, point.value, point.exact)
        );
        let onclick = props.on_select.reform(move |_| ply);
        html! {
            <rect
                class={classes!("bar", side, point.exact.then_some("exact"), mark, current.then_some("current"))}
                data-testid="eval-point"
                data-ply={ply.to_string()}
                data-value={format!("{:.2}", point.value)}
                data-exact={point.exact.to_string()}
                x={format!("{:.2}", (ply - 1) as f64 + 0.1)}
                y={format!("{y:.2}")}
                width={format!("{:.2}", bar - 0.2)}
                height={format!("{height:.2}")}
                {onclick}
            >
                <title>{ title }</title>
            </rect>
        }
    });
    let marker = (props.shown > 0).then(|| {
        let x = format!("{:.2}", props.shown as f64 - 0.5);
        html! { <line class="shown" x1={x.clone()} x2={x} y1="0" y2="100" /> }
    });
    html! {
        <figure class="eval-graph" data-testid="eval-graph" data-points={props.points.len().to_string()}
            data-range={range.to_string()} data-mode="values">
            { mode_choice }
            <div class="graph-plot">
                <svg viewBox={format!("0 0 {width} 100")} preserveAspectRatio="none" role="img" aria-label={t.eval_graph}>
                    <line class="axis" x1="0" x2={width.to_string()} y1="50" y2="50" />
                    { for bars }
                    { for marker }
                </svg>
                <span class="graph-label top" data-testid="graph-top" aria-hidden="true">
                    { i18n::side_value(props.lang, range, false) }
                </span>
                <span class="graph-label zero" aria-hidden="true">{ "0" }</span>
                <span class="graph-label bottom" data-testid="graph-bottom" aria-hidden="true">
                    { i18n::side_value(props.lang, -range, false) }
                </span>
            </div>
            <figcaption>{ t.eval_graph_help }</figcaption>
        </figure>
    }
}

/// Properties of [`LossGraph`].
#[derive(Properties, PartialEq)]
struct LossGraphProps {
    losses: Vec<LossPoint>,
    plies: usize,
    shown: usize,
    on_select: Callback<usize>,
    lang: Lang,
}

/// Each side's discs lost, added up over the game: a line for black and one for white, on a scale that
/// fits the larger total; a click on a move's column shows the position after it.
#[function_component(LossGraph)]
fn loss_graph(props: &LossGraphProps) -> Html {
    let x = super::i18n::extras::Strings::of(props.lang);
    let width = props.plies.max(60) as f64;
    let most = props
        .losses
        .iter()
        .map(|p| p.black.max(p.white))
        .fold(0.0, f64::max);
    let range = GRAPH_RANGES
        .into_iter()
        .find(|&r| most <= r)
        .unwrap_or(64.0);
    let y = |v: f64| 100.0 - v.min(range) / range * 96.0;
    let line = |pick: fn(&LossPoint) -> f64| {
        std::iter::once(format!("0,{:.2}", y(0.0)))
            .chain(
                props
                    .losses
                    .iter()
                    .map(|p| format!("{:.2},{:.2}", p.ply as f64, y(pick(p)))),
            )
            .collect::<Vec<_>>()
            .join(" ")
    };
    let columns = props.losses.iter().map(|p| {
        let ply = p.ply;
        let onclick = props.on_select.reform(move |_| ply);
        html! {
            <rect class="loss-column" data-testid="loss-point" data-ply={ply.to_string()}
                data-black={format!("{:.1}", p.black)} data-white={format!("{:.1}", p.white)}
                x={format!("{:.2}", ply as f64 - 1.0)} y="0" width="1" height="100" {onclick}>
                <title>{ super::i18n::extras::loss_totals(props.lang, p.black, p.white) }</title>
            </rect>
        }
    });
    let marker = (props.shown > 0).then(|| {
        let at = format!("{:.2}", props.shown as f64);
        html! { <line class="shown" x1={at.clone()} x2={at} y1="0" y2="100" /> }
    });
    let last = props.losses.last();
    html! {
        <>
            <div class="graph-plot" data-range={range.to_string()}>
                <svg viewBox={format!("0 0 {width} 100")} preserveAspectRatio="none" role="img" aria-label={x.graph_losses}>
                    <line class="axis" x1="0" x2={width.to_string()} y1="100" y2="100" />
                    { for columns }
                    <polyline class="loss-line black" points={line(|p| p.black)} />
                    <polyline class="loss-line white" points={line(|p| p.white)} />
                    { for marker }
                </svg>
                <span class="graph-label top" aria-hidden="true">{ format!("{range}") }</span>
                <span class="graph-label bottom" aria-hidden="true">{ "0" }</span>
            </div>
            <figcaption data-testid="loss-totals">
                { last.map_or_else(String::new, |p| super::i18n::extras::loss_totals(props.lang, p.black, p.white)) }
            </figcaption>
        </>
    }
}

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
        <div class="review" data-testid="review"
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

/// Properties of [`ExplorerPanel`].
#[derive(Properties, PartialEq)]
pub struct ExplorerPanelProps {
    /// The explorer's rows for the shown position, once they came.
    pub rows: Option<Vec<ExplorerRow>>,
    /// Why there is nothing to show, if the explorer failed.
    pub error: Option<String>,
    /// Legal moves that a click may play now (none while browsing or while the AI is to move).
    pub playable: reversi_engine::Bitboard,
    /// Play a move.
    pub on_play: Callback<Square>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The moves strong players chose in the shown position, with their results; a click plays one.
#[function_component(ExplorerPanel)]
pub fn explorer_panel(props: &ExplorerPanelProps) -> Html {
    let t = props.lang.strings();
    let body = match (&props.rows, &props.error) {
        (_, Some(error)) => html! {
            <p class="notice" role="status" data-testid="explorer-error">{ t.explorer_failed }{ " " }<small>{ error.clone() }</small></p>
        },
        (None, None) => html! { <p data-testid="explorer-loading">{ t.explorer_loading }</p> },
        (Some(rows), None) if rows.is_empty() => {
            html! { <p data-testid="explorer-empty">{ t.explorer_empty }</p> }
        }
        (Some(rows), None) => {
            let percent = |n: u32, of: u32| format!("{:.0}%", 100.0 * n as f64 / of.max(1) as f64);
            html! {
                <table class="explorer-table">
                    <thead>
                        <tr>
                            <th scope="col">{ t.move_column }</th>
                            <th scope="col">{ t.games }</th>
                            <th scope="col">{ t.black_wins }</th>
                            <th scope="col">{ t.draws }</th>
                            <th scope="col">{ t.white_wins }</th>
                            <th scope="col">{ t.average_score }</th>
                            <th scope="col">{ t.book_value }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for rows.iter().map(|row| {
                            let square = row.square;
                            let playable = props.playable.contains(square);
                            let onclick = props.on_play.reform(move |_| square);
                            let average = row.score_sum as f64 / row.games.max(1) as f64;
                            html! {
                                <tr data-testid="explorer-move" data-move={square.to_string()} data-games={row.games.to_string()}
                                    data-black-wins={row.black_wins.to_string()} data-draws={row.draws.to_string()}
                                    data-white-wins={row.white_wins.to_string()}>
                                    <th scope="row">
                                        <button type="button" disabled={!playable} {onclick}>{ square.to_string() }</button>
                                    </th>
                                    <td>{ row.games.to_string() }</td>
                                    <td>{ percent(row.black_wins, row.games) }</td>
                                    <td>{ percent(row.draws, row.games) }</td>
                                    <td>{ percent(row.white_wins, row.games) }</td>
                                    <td>{ format!("{average:+.1}") }</td>
                                    <td data-testid="book-value">{ row.book.map_or("—".to_string(), |v| format!("{:+.1}", v as f64 / 100.0)) }</td>
                                </tr>
                            }
                        }) }
                    </tbody>
                </table>
            }
        }
    };
    html! {
        <div class="explorer" data-testid="explorer">
            <p class="explorer-source">{ t.explorer_source }</p>
            { body }
        </div>
    }
}
