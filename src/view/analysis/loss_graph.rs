//! The graph of each side's losses added up (the evaluation graph's other mode).

use yew::prelude::*;

use crate::session::room::LossPoint;
use crate::view::i18n::Lang;

/// Properties of [`LossGraph`].
#[derive(Properties, PartialEq)]
pub(super) struct LossGraphProps {
    pub(super) losses: Vec<LossPoint>,
    pub(super) plies: usize,
    pub(super) shown: usize,
    pub(super) on_select: Callback<usize>,
    pub(super) lang: Lang,
}

/// Each side's discs lost, added up over the game: a line for black and one for white, on a scale that
/// fits the larger total ([`LossPoint::scale`]), with a legend; a click on a move's column shows the position after it.
#[function_component(LossGraph)]
pub(super) fn loss_graph(props: &LossGraphProps) -> Html {
    let x = crate::view::i18n::extras::Strings::of(props.lang);
    let width = props.plies.max(60) as f64;
    let range = LossPoint::scale(&props.losses);
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
            <rect key={ply} class="loss-column" data-testid="loss-point" data-ply={ply.to_string()}
                data-black={format!("{:.1}", p.black)} data-white={format!("{:.1}", p.white)}
                x={format!("{:.2}", ply as f64 - 1.0)} y="0" width="1" height="100" {onclick}>
                <title>{ crate::view::i18n::extras::loss_totals(props.lang, p.black, p.white) }</title>
            </rect>
        }
    });
    let marker = (props.shown > 0).then(|| {
        let at = format!("{:.2}", props.shown as f64);
        html! { <line key="shown" class="shown" x1={at.clone()} x2={at} y1="0" y2="100" /> }
    });
    let last = props.losses.last();
    html! {
        <>
            <div class="graph-plot" data-range={range.to_string()}>
                <svg viewBox={format!("0 0 {width} 100")} preserveAspectRatio="none" role="img" aria-label={x.graph_losses}>
                    <line key="axis" class="axis" x1="0" x2={width.to_string()} y1="100" y2="100" />
                    { for columns }
                    <polyline key="black" class="loss-line black" points={line(|p| p.black)} />
                    <polyline key="white" class="loss-line white" points={line(|p| p.white)} />
                    { for marker }
                </svg>
                <span class="graph-label top" aria-hidden="true">{ format!("{range}") }</span>
                <span class="graph-label bottom" aria-hidden="true">{ "0" }</span>
            </div>
            <p class="graph-legend" data-testid="loss-legend">
                <span><span class="key black" aria-hidden="true"></span>{ crate::view::i18n::color_name(props.lang, reversi_engine::Color::Black) }</span>
                <span><span class="key white" aria-hidden="true"></span>{ crate::view::i18n::color_name(props.lang, reversi_engine::Color::White) }</span>
            </p>
            <figcaption data-testid="loss-totals">
                { last.map_or_else(String::new, |p| crate::view::i18n::extras::loss_totals(props.lang, p.black, p.white)) }
            </figcaption>
        </>
    }
}
