//! The 8×8 board with its coordinates: one button per square, carrying the attributes that tests use
//! (`data-square`, `data-disc`, `data-legal`), the last-move marker, the flip animation, a hinted move and the
//! analysed value of each legal move.

use yew::prelude::*;

use super::board_square::{BoardSquare, SquareValue};
use crate::session::preferences::orientation::{edge_labels, square_at};
use crate::view::i18n::Lang;
use reversi_engine::{Bitboard, Position, Square, Symmetry};

/// Properties of [`BoardView`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position to show.
    pub position: Position,
    /// Squares to mark as legal moves (and make clickable).
    pub legal: Bitboard,
    /// The last placement, marked.
    #[prop_or_default]
    pub last_move: Option<Square>,
    /// Discs that the last move flipped, animated.
    #[prop_or_default]
    pub flipped: Bitboard,
    /// A hinted move, highlighted.
    #[prop_or_default]
    pub hint: Option<Square>,
    /// Values of legal moves to print on them (hundredths of a disc).
    #[prop_or_default]
    pub values: Vec<(Square, i32)>,
    /// The depth of those values (plies), and whether they are exact.
    #[prop_or_default]
    pub values_depth: (u32, bool),
    /// The engine's line, drawn as numbered steps on its first squares.
    #[prop_or_default]
    pub line: Vec<Square>,
    /// Called with the square a user clicks.
    #[prop_or_default]
    pub on_square: Callback<Square>,
    /// How the view turns or mirrors the board (see [`crate::session::preferences::orientation`]).
    #[prop_or(Symmetry::Identity)]
    pub orientation: Symmetry,
    /// The discs marked as stable (none unless the board marks them).
    #[prop_or_default]
    pub stable: Bitboard,
    /// Language of the labels.
    pub lang: Lang,
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
    let best_value = props.values.iter().map(|&(_, v)| v).max();
    // The square under the pointer (kept as the pointer reports it), the legal moves it is judged by, and
    // what is drawn of it: the legal move previewed and the discs it would turn. A report that changes
    // nothing drawn (the browser reports the pointer entering the square just played, once it is no longer
    // a legal move) draws nothing again.
    let pointed = use_mut_ref(|| None::<Square>);
    let legal_now = use_mut_ref(|| props.legal);
    *legal_now.borrow_mut() = props.legal;
    let redraw = use_force_update();
    let preview = (*pointed.borrow()).filter(|&s| props.legal.contains(s));
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
        .movers(&props.line[..props.line.len().min(LINE_STEPS)]);
    let rows = (0..8).map(|row| {
        let cells = (0..8).map(|column| {
            let square = square_at(props.orientation, column, row);
            let value = props.values.iter().find(|&&(s, _)| s == square).map(|&(_, v)| v);
            // The first moves of the line, numbered, each marked by who plays it; a square played twice in
            // it (never) keeps its first.
            let step = props
                .line
                .iter()
                .take(LINE_STEPS)
                .position(|&s| s == square)
                .map(|i| (i + 1, movers.get(i) == Some(&props.position.to_move)));
            let legal = props.legal.contains(square);
            html! {
                <BoardSquare
                    key={square.index()}
                    {square}
                    disc={props.position.disc(square)}
                    {legal}
                    keeps_focus={focused == Some(square)}
                    last={props.last_move == Some(square)}
                    hint={props.hint == Some(square)}
                    previewed={preview == Some(square)}
                    flipped={props.flipped.contains(square)}
                    would_flip={would_flip.contains(square)}
                    stable={props.stable.contains(square)}
                    {step}
                    value={value.map(|v| SquareValue {
                        value: v,
                        best: Some(v) == best_value,
                        depth: props.values_depth.0,
                        exact: props.values_depth.1,
                    })}
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
    html! {
        <div class="board-frame">
            <div class="board" data-testid="board" role="group" aria-label={props.lang.strings().board}
                data-orientation={crate::session::preferences::orientation::code(props.orientation)}>
                <span class="corner"></span>
                { columns }
                { for rows }
            </div>
        </div>
    }
}
