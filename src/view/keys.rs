//! The page's keys, wherever the focus is but in a form's field (see [`on_key`]).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::session::{Action, GameAction};
use crate::view::browser::focus_square;
use crate::view::reducer::Page;
use reversi_engine::Square;

/// Keyboard, wherever the focus is but in a form's field: on a square the arrows move the focus over the
/// board; elsewhere ← and → step through the record, Home and End go to its start and to the game, ↑ and ↓
/// choose the branch at a fork of the variations; U, R, H and N are undo, redo, hint and a new game.
pub fn on_key(
    e: &KeyboardEvent,
    session: &UseReducerHandle<Page>,
    show_form: &UseStateHandle<bool>,
    orientation: reversi_engine::Symmetry,
) {
    let target = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let tag = target.as_ref().map(|t| t.tag_name()).unwrap_or_default();
    let editable = target
        .as_ref()
        .and_then(|t| t.dyn_ref::<web_sys::HtmlElement>())
        .is_some_and(|h| h.is_content_editable());
    if crate::session::board::keys::takes_text(&tag, editable) {
        return;
    }
    let square: Option<Square> = target
        .as_ref()
        .and_then(|t| t.get_attribute("data-square"))
        .and_then(|s| s.parse().ok());
    let step = match e.key().as_str() {
        "ArrowLeft" => Some((-1, 0)),
        "ArrowRight" => Some((1, 0)),
        "ArrowUp" => Some((0, -1)),
        "ArrowDown" => Some((0, 1)),
        _ => None,
    };
    if let (Some((dc, dr)), Some(from)) = (step, square) {
        focus_square(crate::session::preferences::orientation::step(
            orientation,
            from,
            dc,
            dr,
        ));
        e.prevent_default();
        return;
    }
    // The game's shortcuts wait while the training room has the board (its arrows still move the focus).
    if e.ctrl_key() || e.meta_key() || e.alt_key() || session.training().is_open() {
        return;
    }
    // The record's keys step through it and leave the page where it is.
    let record = match e.key().as_str() {
        "ArrowLeft" => Some(GameAction::Step(-1)),
        "ArrowRight" => Some(GameAction::Step(1)),
        "Home" => Some(GameAction::Browse(Some(0))),
        "End" => Some(GameAction::Browse(None)),
        // At a fork of the tree, the branch before or after (with no variation, the page scrolls as ever).
        "ArrowUp" if !session.play().variations().is_empty() => Some(GameAction::Fork(-1)),
        "ArrowDown" if !session.play().variations().is_empty() => Some(GameAction::Fork(1)),
        _ => None,
    };
    if let Some(action) = record {
        e.prevent_default();
        session.dispatch(Action::Game(action));
        return;
    }
    match e.key().as_str() {
        "u" | "U" => session.dispatch(Action::Game(GameAction::Undo)),
        "r" | "R" => session.dispatch(Action::Game(GameAction::Redo)),
        "h" | "H" => session.dispatch(Action::Hint),
        "n" | "N" => show_form.set(true),
        _ => {}
    }
}
