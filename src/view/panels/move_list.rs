//! The move list: every move of the record (passes shown), the current one marked; a click shows that
//! position. The variations are drawn as a tree ([`tree`]), each after the move it replaces, with its menu
//! and buttons to edit it.

mod tree;

use yew::prelude::*;

use crate::session::GameAction;
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
    /// The lines tried beside the game, each listed after the move it replaces.
    #[prop_or_default]
    pub variations: Vec<ListedVariation>,
    /// Called with a variation (its place among the game's) and how many of its plies to show.
    #[prop_or_default]
    pub on_variation: Callback<(usize, usize)>,
    /// Called with an edit of the tree (delete from here, promote, make main line) of the variation shown.
    #[prop_or_default]
    pub on_edit: Callback<GameAction>,
    /// The variation shown may become the record.
    #[prop_or_default]
    pub can_main_line: bool,
    /// Language of the labels.
    pub lang: Lang,
}

/// A variation as the list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ListedVariation {
    /// The ply of the record it branches before.
    pub at: usize,
    /// Its plies, those stepped back from too.
    pub plies: Vec<Ply>,
    /// How many of them the position shown is after.
    pub shown: usize,
    /// The board shows it.
    pub active: bool,
    /// Where it hangs: from another variation (its place) at the ply they part, or from the record.
    pub hang: Option<(usize, usize)>,
}

/// The list, numbered by placement.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let t = props.lang.strings();
    let active = props.variations.iter().any(|v| v.active);
    // No move of the record is the current one while the board shows the variation.
    let shown = if active {
        usize::MAX
    } else {
        props.browsing.unwrap_or(props.plies.len())
    };
    let variation_shown: Vec<(bool, usize)> = props
        .variations
        .iter()
        .map(|v| (v.active, v.shown))
        .collect();
    // The shown move kept in view inside the list's own scroll box (never the page's).
    let list = use_node_ref();
    {
        let list = list.clone();
        use_effect_with((shown, props.plies.len(), variation_shown), move |_| {
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
    let menu = use_state(|| None::<(i32, i32)>);
    tree::use_menu(&menu, active);
    let tree = tree::Tree {
        plies: &props.plies,
        variations: &props.variations,
        on_variation: &props.on_variation,
        open_menu: {
            let (menu, on_variation) = (menu.clone(), props.on_variation.clone());
            Callback::from(move |(index, plies, x, y)| {
                on_variation.emit((index, plies));
                menu.set(Some((x, y)));
            })
        },
        press: use_mut_ref(|| None),
        lang: props.lang,
    };
    // The variations hanging from the record before each ply, in the order they were tried.
    let branching = |ply: usize| -> Vec<Html> {
        props
            .variations
            .iter()
            .enumerate()
            .filter(|(_, v)| v.at == ply && v.hang.is_none())
            .map(|(index, _)| tree.top(index))
            .collect()
    };
    let mut number = 0;
    // Keyed by ply, and "Start" and the variation too: a new move adds one item and leaves the others as
    // they are (unkeyed, each would be rewritten, since yew matches an unkeyed list from its end).
    let mut items: Vec<Html> = Vec::with_capacity(props.plies.len() + 1);
    for (i, ply) in props.plies.iter().enumerate() {
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
        items.push(html! {
            <li key={i}>
                <button
                    type="button"
                    class={classes!("move", color, current.then_some("current"))}
                    aria-current={current.then_some("step")}
                    {onclick}
                >{ label }</button>
            </li>
        });
        // The variations after the move they replace.
        items.extend(branching(i));
    }
    // Those from the game's own position after its last move.
    items.extend(branching(props.plies.len()));
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
            { tree::tools(props, &menu) }
        </nav>
    }
}
