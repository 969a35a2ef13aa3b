//! The evaluation graph: the value after each move, up for black, down for white; or each side's losses
//! added up.

use yew::prelude::*;

use super::loss_graph::LossGraph;
use crate::session::room::{GraphPoint, LossPoint};
use crate::view::i18n::{self, Lang};
use reversi_engine::review::Mark;

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
    let x = crate::view::i18n::extras::Strings::of(props.lang);
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
            i18n::black_value(props.lang, point.value, point.exact)
        );
        let onclick = props.on_select.reform(move |_| ply);
        // Keyed by ply (the lines beside them too), as the move list is: a new value adds one bar.
        html! {
            <rect
                key={ply}
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
        html! { <line key="shown" class="shown" x1={x.clone()} x2={x} y1="0" y2="100" /> }
    });
    html! {
        <figure class="eval-graph" data-testid="eval-graph" data-points={props.points.len().to_string()}
            data-range={range.to_string()} data-mode="values">
            { mode_choice }
            <div class="graph-plot">
                <svg viewBox={format!("0 0 {width} 100")} preserveAspectRatio="none" role="img" aria-label={t.eval_graph}>
                    <line key="axis" class="axis" x1="0" x2={width.to_string()} y1="50" y2="50" />
                    { for bars }
                    { for marker }
                </svg>
                <span class="graph-label top" data-testid="graph-top" aria-hidden="true">
                    { i18n::signed((range * 100.0) as i32, 0) }
                </span>
                <span class="graph-label zero" aria-hidden="true">{ "0" }</span>
                <span class="graph-label bottom" data-testid="graph-bottom" aria-hidden="true">
                    { i18n::signed((-range * 100.0) as i32, 0) }
                </span>
            </div>
            <figcaption>{ t.eval_graph_help }</figcaption>
        </figure>
    }
}
