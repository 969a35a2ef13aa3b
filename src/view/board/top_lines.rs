//! The analysis's best lines under the board, as lichess shows its engine's three: each move with its value,
//! depth (or exact) and the book's value, then its line. A line is drawn on the board while the pointer or
//! the focus is on it, and its moves are played up to the one clicked; on touch a first tap draws a line and
//! a second plays it. How many are shown is the person's choice, one to five (three unless chosen).

use std::rc::Rc;

use yew::prelude::*;

use crate::protocol::WireAnalysis;
use crate::view::i18n::{self, Lang};
use reversi_engine::{Position, Square};

thread_local! {
    /// The last press on a line's move was a finger's on a line not drawn yet (its click only draws it).
    static TOUCH_ON_UNDRAWN: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}
/// How many moves of a line are written out.
const LINE_MOVES: usize = 12;

/// What [`top_lines`] draws.
pub struct TopLinesProps {
    /// The analysis of the position shown.
    pub analysis: Rc<WireAnalysis>,
    /// The position shown (who plays each move of a line, a forced pass included).
    pub position: Position,
    /// Whether a line's moves can be played (the person's turn, on the game's own position).
    pub playable: bool,
    /// Called with the rank of the line to draw on the board while its row is pointed at or focused (the
    /// board draws that row's line as the analysis has it, deepening or replaced), `None` after.
    pub on_draw: Callback<Option<usize>>,
    /// The rank of the line drawn on the board now, if one is.
    pub drawn: Option<usize>,
    /// Called with a line's moves up to the one clicked.
    pub on_play: Callback<Vec<Square>>,
    /// How many lines are shown.
    pub count: usize,
    /// Language of the labels.
    pub lang: Lang,
}

/// The best lines of the analysis, drawn in the render of the board that shows its values (so that the
/// two always show one report).
pub fn top_lines(props: &TopLinesProps) -> Html {
    let t = props.lang.strings();
    let analysis = &props.analysis;
    // Keyed by rank: lines that change places as the analysis deepens rewrite their rows' text rather than move
    // the rows (a move of a row is a layout shift; a phone's finger-sized lines made them large).
    let lines = analysis.moves.iter().take(props.count).enumerate().map(|(rank, m)| {
        let line = m.line.clone();
        let draw = {
            let on_draw = props.on_draw.clone();
            move || on_draw.emit(Some(rank))
        };
        let onmouseenter = {
            let draw = draw.clone();
            Callback::from(move |_: MouseEvent| draw())
        };
        let onfocusin = Callback::from(move |_: FocusEvent| draw());
        let onmouseleave = props.on_draw.reform(|_: MouseEvent| None);
        let onfocusout = props.on_draw.reform(|_: FocusEvent| None);
        let mover = props.position.to_move;
        let value = i18n::line_value(
            props.lang,
            i18n::for_black(mover, m.value),
            analysis.depth,
            analysis.exact,
            m.book.map(|b| i18n::for_black(mover, b)),
        );
        let movers = props.position.movers(&line[..line.len().min(LINE_MOVES)]);
        // On touch there is no pointing: a first tap on a line draws it, a tap on a line already drawn
        // plays it. Whether it was drawn is read when the finger comes down, before the browser's
        // compatibility mouse events (which point at the line) have drawn it.
        let drawn_before = props.drawn == Some(rank);
        let moves = line.iter().take(LINE_MOVES).enumerate().map(|(i, square)| {
            let played = line[..=i].to_vec();
            let onpointerdown = Callback::from(move |e: PointerEvent| {
                TOUCH_ON_UNDRAWN.with(|t| t.set(e.pointer_type() == "touch" && !drawn_before));
            });
            let onclick = {
                let (on_play, on_draw) = (props.on_play.clone(), props.on_draw.clone());
                Callback::from(move |_: MouseEvent| {
                    if TOUCH_ON_UNDRAWN.with(|t| t.replace(false)) {
                        on_draw.emit(Some(rank));
                    } else {
                        on_play.emit(played.clone());
                    }
                })
            };
            // The side to move's moves in bold, by who plays them (not by alternation: a pass repeats a side).
            let own = movers.get(i) == Some(&props.position.to_move);
            html! {
                <button type="button" key={i} class={classes!("line-move", own.then_some("own"))}
                    data-testid="line-move" disabled={!props.playable} title={t.play_up_to} {onpointerdown} {onclick}>
                    { square.to_string() }
                </button>
            }
        });
        html! {
            <li key={rank} class="top-line" data-testid="top-line" data-square={m.square.to_string()}
                tabindex="0" {onmouseenter} {onmouseleave} {onfocusin} {onfocusout}>
                <span class="top-line-head">
                    <span class="top-line-rank" aria-hidden="true">{ rank + 1 }</span>
                    <strong class="top-line-move">{ m.square.to_string() }</strong>
                    <span class={classes!("top-line-value", analysis.exact.then_some("exact"))} data-testid="top-line-value">{ value }</span>
                </span>
                <span class="top-line-moves">
                    { for moves }
                    if line.len() > LINE_MOVES {
                        <span class="line-more" aria-hidden="true">{ "…" }</span>
                    }
                </span>
            </li>
        }
    });
    html! {
        <section class="top-lines" data-testid="top-lines" aria-label={t.top_lines}
            data-depth={if analysis.exact { "exact".to_string() } else { analysis.depth.to_string() }}>
            <ol>{ for lines }</ol>
        </section>
    }
}
