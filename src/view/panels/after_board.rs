//! What the page shows beside the board, drawn in the frame after a move's: when the board's position changes
//! (a move played or answered, undo and redo, a step through the record), the board is drawn first and the
//! rest follows once the page has painted that frame, so that what the person did shows at the next paint. A
//! screen chosen in the bar likewise: the bar's answer is painted first, the screen's panel in the frame after.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::view::browser::after_paint;
use reversi_engine::Position;

/// Properties of [`AfterBoard`].
#[derive(Properties, PartialEq)]
pub struct AfterBoardProps {
    /// The position the board shows.
    pub board: Position,
    /// The screen shown (its route).
    #[prop_or_default]
    pub screen: &'static str,
    /// What is drawn beside it.
    pub children: Html,
}

/// What was drawn last, for which position, and whether newer children wait for the board's paint.
struct Drawn {
    board: Position,
    screen: &'static str,
    children: Html,
    waiting: bool,
}

/// Its children as they were until the board's new position has been painted, then as they are; while the
/// position stays, any change draws them at once.
#[function_component(AfterBoard)]
pub fn after_board(props: &AfterBoardProps) -> Html {
    let drawn: Rc<RefCell<Drawn>> = use_mut_ref(|| Drawn {
        board: props.board,
        screen: props.screen,
        children: props.children.clone(),
        waiting: false,
    });
    let redraw = use_force_update();
    let moved = {
        let mut state = drawn.borrow_mut();
        let moved = (state.board != props.board || state.screen != props.screen) && !state.waiting;
        state.board = props.board;
        state.screen = props.screen;
        state.waiting |= moved;
        if !state.waiting {
            state.children = props.children.clone();
        }
        moved
    };
    if moved {
        let drawn = drawn.clone();
        // A hidden page runs this at once: the borrow above has ended.
        after_paint(move || {
            drawn.borrow_mut().waiting = false;
            redraw.force_update();
        });
    }
    let children = drawn.borrow().children.clone();
    children
}
