//! The move list: every move of the record (passes shown), the current one marked; a click shows that
//! position.

use yew::prelude::*;

use crate::view::i18n::Lang;
use reversi_engine::{Color, Move, Ply};

/// Properties of [`MoveList`].
#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// The record.
    pub plies: Vec<Ply>,
    /// The ply whose position is shown (`None`: the current position).
    pub browsing: Option<usize>,
    /// Called with the ply to show (`None` for the current position).
    pub on_select: Callback<Option<usize>>,
    /// Review marks (`?!`, `?`, `??`) by ply, once a review has valued the moves.
    #[prop_or_default]
    pub marks: Vec<(usize, reversi_engine::review::Mark)>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The list, numbered by placement.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let t = props.lang.strings();
    let shown = props.browsing.unwrap_or(props.plies.len());
    // The shown move kept in view inside the list's own scroll box (never the page's).
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with((shown, props.plies.len()), move |_| {
            use wasm_bindgen::JsCast;
            let Some(list) = list.cast::<web_sys::HtmlElement>() else {
                return;
            };
            let current = list
                .query_selector(".current")
                .ok()
                .flatten()
                .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(current) = current {
                let (top, height) = (current.offset_top(), current.offset_height());
                let (scrolled, room) = (list.scroll_top(), list.client_height());
                if top < scrolled || top + height > scrolled + room {
                    list.set_scroll_top((top - (room - height) / 2).max(0));
                }
            }
        });
    }
    let mut number = 0;
    let items = props.plies.iter().enumerate().map(|(i, ply)| {
        let label = match ply.mv {
            Move::Place(square) => {
                number += 1;
                let mark = props
                    .marks
                    .iter()
                    .find(|(ply, _)| *ply == i)
                    .map_or("", |(_, m)| m.symbol());
                format!("{number}. {square}{mark}")
            }
            Move::Pass => t.pass.to_string(),
        };
        let color = match ply.before.to_move {
            Color::Black => "black",
            Color::White => "white",
        };
        // Clicking a move shows the position after it.
        let after = i + 1;
        let target = (after < props.plies.len()).then_some(after);
        let current = after == shown;
        let onclick = props.on_select.reform(move |_| target);
        // Keyed by ply, and "Start" too: a new move adds one item and leaves the others as they are
        // (unkeyed, each would be rewritten, since yew matches an unkeyed list from its end).
        html! {
            <li key={i}>
                <button
                    type="button"
                    class={classes!("move", color, current.then_some("current"))}
                    aria-current={current.then_some("step")}
                    {onclick}
                >{ label }</button>
            </li>
        }
    });
    // "Start" is marked only when it is a position of the past (a fresh game's is simply the game's).
    let at_start = shown == 0 && !props.plies.is_empty();
    let onclick_start = props.on_select.reform(move |_| Some(0));
    html! {
        <nav class="move-list" aria-label={t.moves}>
            <ol ref={list}>
                <li key="start">
                    <button type="button" class={classes!("move", at_start.then_some("current"))} onclick={onclick_start}>
                        { t.start_position }
                    </button>
                </li>
                { for items }
            </ol>
        </nav>
    }
}
