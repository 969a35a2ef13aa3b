//! The 8×8 board with its coordinates: one button per square, carrying the attributes that tests use.

use yew::prelude::*;

use crate::engine::{Bitboard, Color, Position, Square};

/// Properties of [`BoardView`].
#[derive(Properties, PartialEq)]
pub struct BoardProps {
    /// The position to show.
    pub position: Position,
    /// Squares to mark as legal moves.
    pub legal: Bitboard,
    /// Called with the square a user clicks.
    #[prop_or_default]
    pub on_square: Callback<Square>,
}

/// The board: columns a–h left to right, rows 1–8 top to bottom.
#[function_component(BoardView)]
pub fn board_view(props: &BoardProps) -> Html {
    let columns: Html = "abcdefgh"
        .chars()
        .map(|c| html! { <span class="coord">{ c }</span> })
        .collect();
    let rows = (0..8).map(|row| {
        let cells = (0..8).map(|column| {
            let square = Square::from_coords(column, row).expect("on the board");
            let disc = match props.position.disc(square) {
                Some(Color::Black) => "black",
                Some(Color::White) => "white",
                None => "empty",
            };
            let legal = props.legal.contains(square);
            let onclick = props.on_square.reform(move |_| square);
            let label = format!(
                "{square}, {disc}{}",
                if legal { ", legal move" } else { "" }
            );
            html! {
                <button
                    class={classes!("square", legal.then_some("legal"))}
                    data-square={square.to_string()}
                    data-disc={disc}
                    data-legal={legal.then_some("true")}
                    aria-label={label}
                    {onclick}
                >
                    if disc != "empty" { <span class={classes!("disc", disc)}></span> }
                </button>
            }
        });
        html! {
            <>
                <span class="coord">{ row + 1 }</span>
                { for cells }
            </>
        }
    });
    html! {
        <div class="board-frame">
            <div class="board" data-testid="board" role="grid">
                <span class="corner"></span>
                { columns }
                { for rows }
            </div>
        </div>
    }
}
