//! The 8×8 board with its coordinates: one button per square, carrying the attributes that tests use
//! (`data-square`, `data-disc`, `data-legal`), the last-move marker, the flip animation, a hinted move and the
//! analysed value of each legal move.

use yew::prelude::*;

use crate::session::orientation::{edge_labels, square_at};
use crate::view::i18n::{self, Lang};
use reversi_engine::{Bitboard, Color, Position, Square, Symmetry};

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
    /// The engine's line, drawn as numbered steps on its first squares.
    #[prop_or_default]
    pub line: Vec<Square>,
    /// Called with the square a user clicks.
    #[prop_or_default]
    pub on_square: Callback<Square>,
    /// How the view turns or mirrors the board (see [`crate::session::orientation`]).
    #[prop_or(Symmetry::Identity)]
    pub orientation: Symmetry,
    /// Language of the labels.
    pub lang: Lang,
}

/// A value on a square, in discs for the side to move, signed with a true minus as the text beside the
/// board writes it: "+2.5", "−17.8".
fn signed(hundredths: i32) -> String {
    format!("{:+.1}", hundredths as f64 / 100.0).replace('-', "−")
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
    // The legal move under the pointer, and the discs it would turn.
    let preview = use_state(|| None::<Square>);
    let would_flip = preview
        .filter(|&s| props.legal.contains(s))
        .map_or(Bitboard::EMPTY, |s| props.position.board.flips(s));
    let rows = (0..8).map(|row| {
        let cells = (0..8).map(|column| {
            let square = square_at(props.orientation, column, row);
            let t = props.lang.strings();
            let (disc, disc_label) = match props.position.disc(square) {
                Some(Color::Black) => ("black", i18n::disc_name(props.lang, Color::Black)),
                Some(Color::White) => ("white", i18n::disc_name(props.lang, Color::White)),
                None => ("empty", t.empty),
            };
            let legal = props.legal.contains(square);
            let last = props.last_move == Some(square);
            let hint = props.hint == Some(square);
            let value = props.values.iter().find(|&&(s, _)| s == square).map(|&(_, v)| v);
            // The first moves of the line, numbered; a square played twice in it (never) keeps its first.
            let step = props
                .line
                .iter()
                .take(LINE_STEPS)
                .position(|&s| s == square)
                .map(|i| i + 1);
            let onclick = props.on_square.reform(move |_| square);
            let onmouseenter = {
                let preview = preview.clone();
                Callback::from(move |_: MouseEvent| preview.set(legal.then_some(square)))
            };
            let onmouseleave = {
                let preview = preview.clone();
                Callback::from(move |_: MouseEvent| preview.set(None))
            };
            let mut label = format!("{square}, {disc_label}");
            for (on, word) in [(legal, t.legal_move), (last, t.last_move), (hint, t.hint)] {
                if on {
                    label.push_str(", ");
                    label.push_str(word);
                }
            }
            if let Some(n) = step {
                label.push_str(&format!(", {} {n}", t.line_step));
            }
            // The value shown on the square is part of its name (what is seen is what is read out).
            if let Some(v) = value {
                label.push_str(&format!(", {}", signed(v)));
            }
            html! {
                <button
                    type="button"
                    class={classes!(
                        "square",
                        legal.then_some("legal"),
                        last.then_some("last"),
                        hint.then_some("hint"),
                        (legal && *preview == Some(square)).then_some("previewed"),
                    )}
                    data-square={square.to_string()}
                    data-disc={disc}
                    data-legal={legal.then_some("true")}
                    aria-label={label}
                    tabindex={if legal { "0" } else { "-1" }}
                    {onclick}
                    {onmouseenter}
                    {onmouseleave}
                >
                    if disc != "empty" {
                        <span
                            key={format!("{square}-{disc}")}
                            class={classes!("disc", disc, props.flipped.contains(square).then_some("flip"), last.then_some("placed"),
                                would_flip.contains(square).then_some("would-flip"))}
                        ></span>
                    }
                    if let Some(n) = step {
                        <span class={classes!("line-step", (n % 2 == 1).then_some("first-side"))} data-step={n.to_string()} aria-hidden="true">{ n }</span>
                    }
                    if let Some(v) = value {
                        <span class={classes!("value", (Some(v) == best_value).then_some("best"))} data-value={v.to_string()}>
                            { signed(v) }
                        </span>
                    }
                </button>
            }
        });
        html! {
            <>
                <span class="coord" aria-hidden="true">{ side[row] }</span>
                { for cells }
            </>
        }
    });
    html! {
        <div class="board-frame">
            <div class="board" data-testid="board" role="group" aria-label={props.lang.strings().board}
                data-orientation={crate::session::orientation::code(props.orientation)}>
                <span class="corner"></span>
                { columns }
                { for rows }
            </div>
        </div>
    }
}
