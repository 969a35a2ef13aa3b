//! The variations as lichess draws them: each in brackets after the move it replaces, one that leaves another
//! nested in it after the move where they part. A right-click or a long press on a variation's move shows it
//! and opens a menu (delete from here, promote, make main line); the same edits are buttons under the list
//! while a variation is shown, for the keyboard and screen readers.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::{ListedVariation, MoveListProps};
use crate::session::GameAction;
use crate::view::i18n::Lang;
use reversi_engine::{Color, Move, Ply};

/// How long a finger rests on a variation's move before its menu opens.
const LONG_PRESS_MS: u32 = 500;

/// What the drawing of the variations needs from the list.
pub(super) struct Tree<'a> {
    /// The record.
    pub plies: &'a [Ply],
    /// The variations.
    pub variations: &'a [ListedVariation],
    /// Shows a variation after so many of its plies.
    pub on_variation: &'a Callback<(usize, usize)>,
    /// Shows a variation after so many of its plies and opens the menu at this point of the window.
    pub open_menu: Callback<(usize, usize, i32, i32)>,
    /// The long press under way.
    pub press: Rc<RefCell<Option<Timeout>>>,
    /// Language of the labels.
    pub lang: Lang,
}

impl Tree<'_> {
    /// A variation hanging from the record: an item of the list of its own.
    pub fn top(&self, index: usize) -> Html {
        let t = self.lang.strings();
        html! {
            <li key={format!("variation-{index}")} class="variation" data-testid="variation" aria-label={t.variation}>
                <span class="variation-bracket" aria-hidden="true">{ "(" }</span>
                { self.line(index, 0) }
                <span class="variation-bracket" aria-hidden="true">{ ")" }</span>
            </li>
        }
    }

    /// Variation `index`'s moves from its ply `from`, each followed by the variations that leave it there.
    fn line(&self, index: usize, from: usize) -> Html {
        let t = self.lang.strings();
        let v = &self.variations[index];
        let mut number = self.plies[..v.at.min(self.plies.len())]
            .iter()
            .chain(&v.plies[..from.min(v.plies.len())])
            .filter(|p| p.mv != Move::Pass)
            .count();
        let mut items = Vec::new();
        for (i, ply) in v.plies.iter().enumerate().skip(from) {
            let label = match ply.mv {
                Move::Place(square) => {
                    number += 1;
                    format!("{number}. {square}")
                }
                Move::Pass => t.pass.to_string(),
            };
            items.push(self.button(index, i, ply, label));
            for (child, _) in self
                .variations
                .iter()
                .enumerate()
                .filter(|(_, w)| w.hang == Some((index, i)))
            {
                items.push(html! {
                    <span key={format!("nested-{child}")} class="variation nested" data-testid="variation" role="group" aria-label={t.variation}>
                        <span class="variation-bracket" aria-hidden="true">{ "(" }</span>
                        { self.line(child, i) }
                        <span class="variation-bracket" aria-hidden="true">{ ")" }</span>
                    </span>
                });
            }
        }
        items.into_iter().collect::<Html>()
    }

    /// The button of ply `i` of variation `index`: a click shows the position after it; a right-click or a
    /// long press shows it and opens the menu.
    fn button(&self, index: usize, i: usize, ply: &Ply, label: String) -> Html {
        let v = &self.variations[index];
        let current = v.active && i + 1 == v.shown;
        let color = if ply.before.to_move == Color::Black {
            "black"
        } else {
            "white"
        };
        let onclick = self.on_variation.reform(move |_| (index, i + 1));
        let open = self.open_menu.clone();
        let oncontextmenu = Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            open.emit((index, i + 1, e.client_x(), e.client_y()));
        });
        let (open, press) = (self.open_menu.clone(), self.press.clone());
        let onpointerdown = Callback::from(move |e: PointerEvent| {
            if e.pointer_type() == "touch" {
                let (open, point) = (open.clone(), (e.client_x(), e.client_y()));
                *press.borrow_mut() = Some(Timeout::new(LONG_PRESS_MS, move || {
                    open.emit((index, i + 1, point.0, point.1));
                }));
            }
        });
        let press = self.press.clone();
        let cancel = Callback::from(move |_: PointerEvent| {
            press.borrow_mut().take();
        });
        html! {
            <button type="button" key={format!("{index}-{i}")} class={classes!("move", color, current.then_some("current"))}
                data-testid="variation-move" aria-current={current.then_some("step")} {onclick} {oncontextmenu}
                {onpointerdown} onpointerup={cancel.clone()} onpointercancel={cancel.clone()} onpointerleave={cancel}>{ label }</button>
        }
    }
}

/// Under the list while a variation is shown: its edits as buttons, and the menu when one is open.
pub(super) fn tools(props: &MoveListProps, menu: &UseStateHandle<Option<(i32, i32)>>) -> Html {
    let w = crate::view::i18n::tree::Strings::of(props.lang);
    let Some((index, shown)) = props.variations.iter().enumerate().find(|(_, v)| v.active) else {
        return if props.variations.is_empty() {
            Html::default()
        } else {
            html! { <p class="keys tree-hint">{ w.tree_hint }</p> }
        };
    };
    let can_promote =
        shown.hang.is_some() || props.variations[..index].iter().any(|v| v.at == shown.at);
    let close = {
        let menu = menu.clone();
        Callback::from(move |_| menu.set(None))
    };
    let edit = |action: GameAction| {
        let (on_edit, menu) = (props.on_edit.clone(), menu.clone());
        Callback::from(move |_: MouseEvent| {
            menu.set(None);
            on_edit.emit(action);
        })
    };
    let items = |role: Option<&'static str>, prefix: &'static str| {
        html! {
            <>
                <button type="button" {role} data-testid={format!("{prefix}-delete")} onclick={edit(GameAction::DeleteFrom)}>{ w.delete_from_here }</button>
                <button type="button" {role} data-testid={format!("{prefix}-promote")} disabled={!can_promote} onclick={edit(GameAction::Promote)}>{ w.promote }</button>
                <button type="button" {role} data-testid={format!("{prefix}-main-line")} disabled={!props.can_main_line} onclick={edit(GameAction::MainLine)}>{ w.main_line }</button>
            </>
        }
    };
    let popup = menu.map(|(x, y)| {
        let onkeydown = {
            let close = close.clone();
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Escape" {
                    e.stop_propagation();
                    close.emit(());
                }
            })
        };
        // Kept inside the window: the menu is about 14rem wide and 9rem high.
        let (width, height) = crate::view::browser::window_size();
        let (x, y) = (x.min(width - 230).max(4), y.min(height - 150).max(4));
        // On the page's body: the panels are containers of layout, which a fixed element inside would be
        // placed in.
        let menu = html! {
            <>
                // Closed by a press outside, not a click: the release of the long press that opened it
                // may come as a click where the menu is not.
                <div class="tree-menu-backdrop" onpointerdown={close.reform(|_: PointerEvent| ())}
                    oncontextmenu={close.reform(|e: MouseEvent| e.prevent_default())}></div>
                <div class="tree-menu" role="menu" aria-label={w.edit_variation} data-testid="tree-menu"
                    style={format!("left: {x}px; top: {y}px")} {onkeydown}>
                    { items(Some("menuitem"), "menu") }
                </div>
            </>
        };
        match web_sys::window().and_then(|w| w.document()).and_then(|d| d.body()) {
            Some(body) => create_portal(menu, body.into()),
            None => menu,
        }
    });
    html! {
        <>
            <div class="tree-tools" role="group" aria-label={w.edit_variation} data-testid="tree-tools">
                { items(None, "variation") }
            </div>
            { for popup }
        </>
    }
}

/// Focuses the menu's first item once it is open, and closes it when no variation is shown.
#[hook]
pub(super) fn use_menu(menu: &UseStateHandle<Option<(i32, i32)>>, active: bool) {
    let open = menu.is_some();
    let menu = menu.clone();
    use_effect_with((open, active), move |&(open, active)| {
        if open && !active {
            menu.set(None);
        } else if open {
            let first = first_match(".tree-menu button:not([disabled])");
            if let Some(first) = first {
                let _ = first.focus();
            }
        }
    });
}

/// The first element of the page matching `selector`, as an HTML element.
fn first_match(selector: &str) -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .query_selector(selector)
        .ok()
        .flatten()?
        .dyn_into()
        .ok()
}
