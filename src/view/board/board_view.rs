//! The 8×8 board with its coordinates: one button per square, carrying the attributes that tests use
//! (`data-square`, `data-disc`, `data-legal`), the last-move marker, the flip animation and a hinted move;
//! and the analysis of the position shown: each legal move's value on its square, the heading (whose values,
//! how deep) and the best lines under the board. The three are drawn by this component's one render, from
//! one report: the page's scheduler may paint between two components' renders (it yields every 16 ms of
//! work), so values drawn by the squares' own components could lag the heading by a frame.

use std::rc::Rc;

use yew::prelude::*;

use super::board_square::{shown_value, Band, BoardSquare, LineStep, SquareValue};
use super::top_lines::{top_lines, TopLinesProps};
use crate::protocol::WireAnalysis;
use crate::session::preferences::orientation::{edge_labels, square_at};
use crate::session::BoardMarks;
use crate::view::i18n::{self, Lang};
use reversi_engine::{Bitboard, Position, Square, Symmetry};

/// Properties of [`BoardView`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position to show.
    pub position: Position,
    /// What the board marks: the legal moves (clickable), the hint, the engine's line, the stable discs
    /// (see [`BoardMarks`]); none by default (the position editor's board).
    #[prop_or_default]
    pub marks: Rc<BoardMarks>,
    /// The last placement, marked.
    #[prop_or_default]
    pub last_move: Option<Square>,
    /// Discs that the last move flipped, animated.
    #[prop_or_default]
    pub flipped: Bitboard,
    /// The analysis of the position shown: each legal move's value on its square, the heading and the best
    /// lines (none when it is off, or before its first values).
    #[prop_or_default]
    pub analysis: Option<Rc<WireAnalysis>>,
    /// The analysis is on: the heading and the lines keep their room under the board from the switch on
    /// (before the first values too), so that nothing under them moves as they come and deepen.
    #[prop_or_default]
    pub analysing: bool,
    /// How many best lines are shown.
    #[prop_or(3)]
    pub lines: u8,
    /// The analysis's room is kept while it is off too (the switch then moves nothing under the board).
    #[prop_or_default]
    pub keep_room: bool,
    /// Whether a best line's moves can be played (the person's turn, on the game's own position).
    #[prop_or_default]
    pub lines_playable: bool,
    /// Called with the rank of the best line pointed at or focused, `None` after.
    #[prop_or_default]
    pub on_draw: Callback<Option<usize>>,
    /// The rank of the best line drawn on the board now, if one is.
    #[prop_or_default]
    pub drawn_line: Option<usize>,
    /// Called with a best line's moves up to the one clicked.
    #[prop_or_default]
    pub on_play: Callback<Vec<Square>>,
    /// Called with the square a user clicks.
    #[prop_or_default]
    pub on_square: Callback<Square>,
    /// How the view turns or mirrors the board (see [`crate::session::preferences::orientation`]).
    #[prop_or(Symmetry::Identity)]
    pub orientation: Symmetry,
    /// Language of the labels.
    pub lang: Lang,
    /// What goes right under the board, above the analysis (the step buttons): the analysis switched on
    /// or off moves it not.
    #[prop_or_default]
    pub children: Html,
}

/// How many moves of the engine's line the board draws.
const LINE_STEPS: usize = 6;

/// The board: columns a–h left to right, rows 1–8 top to bottom, unless the view turns or mirrors it; the
/// edges then name the lines of squares beside them.
#[function_component(BoardView)]
pub fn board_view(props: &BoardProps) -> Html {
    let (top, side) = edge_labels(props.orientation);
    let columns: Html = top
        .iter()
        .map(|c| html! { <span class="coord" aria-hidden="true">{ c }</span> })
        .collect();
    let values = props
        .analysis
        .as_ref()
        .map_or_else(Vec::new, |a| a.values());
    let values_depth = props
        .analysis
        .as_ref()
        .map_or((0, false), |a| (a.depth, a.exact));
    let best_value = values.iter().map(|&(_, v)| v).max();
    let in_book = |square: Square| {
        props.analysis.as_ref().is_some_and(|a| {
            a.moves
                .iter()
                .any(|m| m.square == square && m.book.is_some())
        })
    };
    let square_value = |(square, v): (Square, i32)| SquareValue {
        value: v,
        mover: props.position.to_move,
        depth: values_depth.0,
        exact: values_depth.1,
        book: in_book(square),
        band: Band::of(v, best_value.unwrap_or(v)),
    };
    // Each value drawn over its square, in this render (see the module's documentation).
    let mut value_cells = Vec::new();
    let mut step_cells = Vec::new();
    // The square under the pointer (kept as the pointer reports it), the legal moves it is judged by, and
    // what is drawn of it: the legal move previewed and the discs it would turn. A report that changes
    // nothing drawn (the browser reports the pointer entering the square just played, once it is no longer
    // a legal move) draws nothing again.
    let pointed = use_mut_ref(|| None::<Square>);
    let legal_now = use_mut_ref(|| props.marks.legal);
    *legal_now.borrow_mut() = props.marks.legal;
    let redraw = use_force_update();
    let preview = (*pointed.borrow()).filter(|&s| props.marks.legal.contains(s));
    let would_flip = preview.map_or(Bitboard::EMPTY, |s| props.position.board.flips(s));
    // The square that has the focus stays a tab stop while it keeps it, even once it is no longer a legal
    // move (the square just played; the next render after the focus leaves takes it out): the browser
    // checks at once whether a focused element whose `tabindex` changes can still take the focus, which
    // lays the page out in the middle of the render.
    let focused = crate::view::browser::focused_square();
    let on_preview = {
        let (pointed, legal_now) = (pointed.clone(), legal_now.clone());
        use_callback((), move |square: Option<Square>, _| {
            let legal = *legal_now.borrow();
            let drawn = |s: Option<Square>| s.filter(|&s| legal.contains(s));
            let before = drawn(pointed.replace(square));
            if drawn(square) != before {
                redraw.force_update();
            }
        })
    };
    let movers = props
        .position
        .movers(&props.marks.line[..props.marks.line.len().min(LINE_STEPS)]);
    let rows = (0..8).map(|row| {
        let cells = (0..8).map(|column| {
            let square = square_at(props.orientation, column, row);
            let value = values.iter().find(|&&(s, _)| s == square).copied();
            if let Some(v) = value.map(square_value) {
                // Both lines of the area: an absolutely placed item with an end left `auto` reaches the edge.
                let place = format!("grid-area:{}/{}/{}/{}", row + 2, column + 2, row + 3, column + 3);
                value_cells.push(html! {
                    <span key={format!("value-{}", square.index())} class="value-cell" style={place}
                        data-value-square={square.to_string()} aria-hidden="true">
                        // Coloured by its distance from the best value; a book move marked in its corner.
                        <span class={classes!("value", v.band.class(), v.exact.then_some("exact"))}
                            data-value={v.value.to_string()} data-band={v.band.class()}
                            data-book={v.book.then_some(props.lang.strings().book_mark)}
                            data-depth={if v.exact { "exact".to_string() } else { v.depth.to_string() }}
                            // The depth is drawn small beside the value by the style sheet (read out in the
                            // square's name).
                            data-mark={if v.exact { "=".to_string() } else { v.depth.to_string() }}>
                            { shown_value(v) }
                        </span>
                    </span>
                });
            }
            // The first moves of the line, numbered, each marked by who plays it; a square played twice in
            // it (never) keeps its first.
            let step = props
                .marks
                .line
                .iter()
                .take(LINE_STEPS)
                .position(|&s| s == square)
                .and_then(|i| {
                    let mover = *movers.get(i)?;
                    let before = if i == 0 { props.position.to_move.opponent() } else { *movers.get(i - 1)? };
                    Some(LineStep { number: i + 1, mover, after_pass: before == mover })
                });
            // Drawn over its square in this render, as the values are: the line and the lines listed under
            // the board change in the same frame (a square's own render may come a frame later).
            if let Some(step) = step {
                let place = format!("grid-area:{}/{}/{}/{}", row + 2, column + 2, row + 3, column + 3);
                let color = if step.mover == reversi_engine::Color::Black { "black" } else { "white" };
                step_cells.push(html! {
                    <span key={format!("step-{}", square.index())} class="step-cell" style={place}
                        data-step-square={square.to_string()} aria-hidden="true">
                        <span class={classes!("line-step", color, step.after_pass.then_some("after-pass"))}
                            data-step={step.number.to_string()}>{ step.number }</span>
                    </span>
                });
            }
            let legal = props.marks.legal.contains(square);
            html! {
                <BoardSquare
                    key={square.index()}
                    {square}
                    disc={props.position.disc(square)}
                    {legal}
                    keeps_focus={focused == Some(square)}
                    last={props.last_move == Some(square)}
                    hint={props.marks.hint == Some(square)}
                    previewed={preview == Some(square)}
                    flipped={props.flipped.contains(square)}
                    would_flip={would_flip.contains(square)}
                    stable={props.marks.stable.contains(square)}
                    {step}
                    value={value.map(square_value)}
                    on_square={props.on_square.clone()}
                    on_preview={on_preview.clone()}
                    lang={props.lang}
                />
            }
        });
        html! {
            <>
                // Keyed as the squares beside it are (a list keyed in part is built anew at each render).
                <span key={format!("row-{row}")} class="coord" aria-hidden="true">{ side[row] }</span>
                { for cells }
            </>
        }
    });
    let rows: Vec<Html> = rows.collect();
    let lang = props.lang;
    html! {
        <>
            <div class="board-frame">
                <div class="board" data-testid="board" role="group" aria-label={lang.strings().board}
                    data-orientation={crate::session::preferences::orientation::code(props.orientation)}>
                    <span class="corner"></span>
                    { columns }
                    { for rows }
                    { for value_cells }
                    { for step_cells }
                </div>
            </div>
            { props.children.clone() }
            // Under the board, with the best lines: the board stays where it is when the analysis starts,
            // and their room is kept while it is on (the values still to come, lines of any length).
            if props.analysing || props.analysis.is_some() || props.keep_room {
                <div class="analysis-under" data-testid="analysis-under" style={format!("--lines: {}", props.lines)}>
                    <p class="values-head">
                        if !props.analysing && props.analysis.is_none() {
                            <span class="values-legend" data-testid="analysis-off">{ i18n::tree::Strings::of(lang).analysis_off }</span>
                        } else if values.is_empty() {
                            <span class="values-legend" aria-hidden="true">{ "…" }</span>
                        } else {
                            <span class="values-legend" data-testid="values-legend">{ i18n::values_for(lang) }</span>
                            { " · " }
                            <span class="values-depth" data-testid="values-depth" data-depth={if values_depth.1 { "exact".to_string() } else { values_depth.0.to_string() }}>
                                { i18n::analysis_depth(lang, values_depth.0, values_depth.1) }
                            </span>
                        }
                    </p>
                    if let Some(analysis) = props.analysis.clone() {
                        { top_lines(&TopLinesProps {
                            analysis,
                            position: props.position,
                            playable: props.lines_playable,
                            on_draw: props.on_draw.clone(),
                            drawn: props.drawn_line,
                            on_play: props.on_play.clone(),
                            count: usize::from(props.lines),
                            lang,
                        }) }
                    }
                </div>
            }
        </>
    }
}
