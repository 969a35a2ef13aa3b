//! The position editor: place and remove discs, choose the side to move, read or write the position as text,
//! then play (or analyse) from there. Impossible positions are refused with the reason.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::BoardView;
use crate::view::i18n::{self, Lang};
use reversi_engine::{Bitboard, Color, Position, PositionError, Square};

/// Properties of [`PositionEditor`].
#[derive(Properties, PartialEq)]
pub struct EditorProps {
    /// The position to start editing from.
    pub initial: Position,
    /// Called with a checked position to play from.
    pub on_play: Callback<Position>,
    /// Called with the reason a position or text was refused.
    pub on_error: Callback<PositionError>,
    /// Called when the editor is closed without playing.
    pub on_close: Callback<()>,
    /// Called with the board being set up whenever it changes, and with `None` when the editor closes
    /// (the image of the board draws it meanwhile).
    #[prop_or_default]
    pub on_draft: Callback<Option<Position>>,
    /// Language of the labels.
    pub lang: Lang,
    /// How the view turns or mirrors the board.
    #[prop_or(reversi_engine::Symmetry::Identity)]
    pub orientation: reversi_engine::Symmetry,
}

#[derive(Clone, Copy, PartialEq)]
struct Draft {
    black: u64,
    white: u64,
    to_move: Color,
}

impl Draft {
    fn position(&self) -> Position {
        Position::from_colors(Bitboard(self.black), Bitboard(self.white), self.to_move)
    }
}

/// The editor.
#[function_component(PositionEditor)]
pub fn position_editor(props: &EditorProps) -> Html {
    // The editor is a mode of its own: opened, it comes into view (on a desktop it would otherwise open
    // where the board was, below whatever the page had scrolled to).
    let root = use_node_ref();
    {
        let root = root.clone();
        use_effect_with((), move |_| {
            if let Some(element) = root.cast::<web_sys::Element>() {
                element.scroll_into_view();
            }
        });
    }
    let draft = use_state(|| Draft {
        black: props.initial.black().0,
        white: props.initial.white().0,
        to_move: props.initial.to_move,
    });
    {
        let on_draft = props.on_draft.clone();
        use_effect_with(*draft, move |draft| on_draft.emit(Some(draft.position())));
    }
    {
        let on_draft = props.on_draft.clone();
        use_effect_with((), move |_| move || on_draft.emit(None));
    }
    let text_ref = use_node_ref();
    let t = props.lang.strings();

    let on_square = {
        let draft = draft.clone();
        Callback::from(move |square: Square| {
            let bit = square.bit();
            let mut next = *draft;
            // empty -> black -> white -> empty
            if next.black & bit != 0 {
                next.black &= !bit;
                next.white |= bit;
            } else if next.white & bit != 0 {
                next.white &= !bit;
            } else {
                next.black |= bit;
            }
            draft.set(next);
        })
    };
    let on_side = {
        let draft = draft.clone();
        Callback::from(move |e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            let mut next = *draft;
            next.to_move = if value == "white" {
                Color::White
            } else {
                Color::Black
            };
            draft.set(next);
        })
    };
    let set_to = |position: Position| {
        let draft = draft.clone();
        Callback::from(move |_| {
            draft.set(Draft {
                black: position.black().0,
                white: position.white().0,
                to_move: position.to_move,
            })
        })
    };
    let on_read = {
        let draft = draft.clone();
        let text_ref = text_ref.clone();
        let on_error = props.on_error.clone();
        Callback::from(move |_| {
            let Some(input) = text_ref.cast::<HtmlInputElement>() else {
                return;
            };
            match input.value().parse::<Position>() {
                Ok(position) => draft.set(Draft {
                    black: position.black().0,
                    white: position.white().0,
                    to_move: position.to_move,
                }),
                Err(error) => on_error.emit(error),
            }
        })
    };
    let on_play = {
        let draft = draft.clone();
        let on_play = props.on_play.clone();
        let on_error = props.on_error.clone();
        Callback::from(move |_| {
            let position = draft.position();
            match position.check() {
                Ok(()) => on_play.emit(position),
                Err(error) => on_error.emit(error),
            }
        })
    };
    let position = draft.position();
    let empty = Position::from_colors(Bitboard(0), Bitboard(0), Color::Black);

    html! {
        <div class="editor" data-testid="editor" ref={root.clone()}>
            <BoardView {position} {on_square} lang={props.lang} orientation={props.orientation} />
            <p class="editor-help">{ t.editor_help }</p>
            <div class="controls">
                <label class="toggle">
                    <span>{ t.side_to_move }</span>
                    <select data-testid="editor-side" onchange={on_side}>
                        <option value="black" selected={draft.to_move == Color::Black}>{ i18n::color_name(props.lang, Color::Black) }</option>
                        <option value="white" selected={draft.to_move == Color::White}>{ i18n::color_name(props.lang, Color::White) }</option>
                    </select>
                </label>
                <button type="button" data-testid="editor-clear" onclick={set_to(empty)}>{ t.clear }</button>
                <button type="button" data-testid="editor-start" onclick={set_to(Position::START)}>{ t.standard_start }</button>
            </div>
            <label class="position-text">
                <span>{ t.position_text }</span>
                <span class="copy-row">
                    <input data-testid="position-text" ref={text_ref} value={position.to_string()} spellcheck="false" />
                    <button type="button" data-testid="position-read" onclick={on_read}>{ t.load_text }</button>
                </span>
            </label>
            <div class="form-buttons">
                <button type="button" class="primary" data-testid="editor-play" onclick={on_play}>{ t.play_from_here }</button>
                <button type="button" onclick={props.on_close.reform(|_| ())}>{ t.cancel }</button>
            </div>
        </div>
    }
}
