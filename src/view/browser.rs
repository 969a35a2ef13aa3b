//! The browser's APIs the page uses, in one place: local storage, the remembered language, the address
//! (share links in the fragment), the clipboard, focus and scrolling. Everything else in the UI is plain Rust or Yew.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::i18n::Lang;
use crate::session::notice::{LinkError, Notice};
use crate::session::record::share;
use crate::session::screen::Screen;
use crate::session::Action;
use reversi_engine::Square;

/// The browser's local storage, if the page may use it (private modes and full disks may refuse).
pub fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// Marks the page with `lang` (its `lang` attribute and title).
pub fn apply_lang(lang: Lang) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("lang", lang.tag());
    }
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(lang.strings().title);
    }
}

/// The game a share link in the address asks for (or the notice saying why it cannot be opened), with the
/// link then removed from the address so that a reload keeps playing; `None` without a link.
pub fn take_shared_link() -> Option<Action> {
    let window = web_sys::window()?;
    let hash = window.location().hash().ok().unwrap_or_default();
    // A screen's address is no link: it stays.
    if Screen::from_fragment(&hash).is_some() {
        return None;
    }
    let action = match share::parse(&hash) {
        None => None,
        Some(Ok((start, transcript))) => Some(Action::OpenShared {
            start,
            transcript,
            players: share::players(&hash),
            variations: share::variations(&hash),
        }),
        Some(Err(error)) => Some(Action::Tell(Notice::LinkFailed {
            error: LinkError::Position(error),
        })),
    };
    if !hash.is_empty() {
        // The address without the link, keeping its query (`?workers=N`).
        let location = window.location();
        let path = location.pathname().unwrap_or_else(|_| "/".into())
            + &location.search().unwrap_or_default();
        let _ = window
            .history()
            .and_then(|h| h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path)));
    }
    action
}

/// The screen the page's address names (`#/train`), if any.
pub fn address_screen() -> Option<Screen> {
    let hash = web_sys::window()?.location().hash().ok()?;
    Screen::from_fragment(&hash)
}

/// Names `screen` in the page's address, as a new entry of the tab's history (back returns to the screen
/// before) or in place of the current one, keeping the path and the query.
pub fn name_screen(screen: Screen, new_entry: bool) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let location = window.location();
    let url = location.pathname().unwrap_or_else(|_| "/".into())
        + &location.search().unwrap_or_default()
        + &screen.fragment();
    let _ = window.history().and_then(|h| {
        if new_entry {
            h.push_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        } else {
            h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url))
        }
    });
}

/// The page's base URL (where its files are served, a sub-path included), from the document.
pub fn base_url() -> String {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_else(|| "/".to_string())
}

/// How many engine workers the page runs: `?workers=N` in the address, else the machine's cores.
pub fn worker_count() -> usize {
    let Some(window) = web_sys::window() else {
        return 1;
    };
    let query = window.location().search().unwrap_or_default();
    let cores = window.navigator().hardware_concurrency();
    crate::client::pool::pool_size(&query, Some(cores))
}

/// Stores autosaved data that could not be read under [`crate::session::kept::storage::unreadable`] (see [`keep_aside`]).
pub fn keep_unreadable(text: &str) -> Option<String> {
    keep_aside(
        &crate::session::kept::storage::unreadable(crate::session::kept::storage::AUTOSAVE),
        text,
    )
}

// A tab remembers, until its next load, which unreadable save it told of (a `sessionStorage` key): the
// first visit's reload (when the service worker takes over) would otherwise take the notice away with it,
// the save itself already kept aside and the autosave written anew.
use crate::session::kept::storage::TOLD_UNREADABLE as TOLD_UNREADABLE_KEY;

/// Notes that the page told of the unreadable save kept at `backup`, for the tab's next load.
pub fn remember_told_unreadable(backup: &str) {
    if let Some(store) = web_sys::window().and_then(|w| w.session_storage().ok().flatten()) {
        let _ = store.set_item(TOLD_UNREADABLE_KEY, backup);
    }
}

/// The copy of an unreadable save this tab told of on its last load, to be told again on this one (once).
pub fn take_told_unreadable() -> Option<String> {
    let store = web_sys::window()?.session_storage().ok().flatten()?;
    let backup = store.get_item(TOLD_UNREADABLE_KEY).ok().flatten()?;
    let _ = store.remove_item(TOLD_UNREADABLE_KEY);
    Some(backup)
}

/// The browser's storage as the page's start reads it (see [`crate::session::start::Store`]).
pub struct BrowserStore;

impl crate::session::start::Store for BrowserStore {
    fn get(&self, key: &str) -> Option<String> {
        storage()?.get_item(key).ok().flatten()
    }

    fn keep_aside(&mut self, base: &str, text: &str) -> Option<String> {
        keep_aside(base, text)
    }
}

/// Stores data that could not be read under `base` or, when that key holds other data, the first free
/// numbered key beside it (`base-2`, `base-3`, …: a copy kept earlier is never written over), and returns
/// the key; `None` when the storage refused it (full, or blocked), which the page then says.
pub fn keep_aside(base: &str, text: &str) -> Option<String> {
    let storage = storage()?;
    for n in 1..=99 {
        let key = if n == 1 {
            base.to_string()
        } else {
            format!("{base}-{n}")
        };
        match storage.get_item(&key).ok().flatten() {
            Some(existing) if existing == text => return Some(key),
            Some(_) => continue,
            None => return storage.set_item(&key, text).ok().map(|_| key),
        }
    }
    None
}

/// Copies `text` with the asynchronous clipboard API (called through JavaScript, as web-sys marks it unstable).
pub fn copy_to_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let navigator = window.navigator();
    let clipboard = js_sys::Reflect::get(&navigator, &"clipboard".into()).ok();
    let write = clipboard
        .as_ref()
        .and_then(|c| js_sys::Reflect::get(c, &"writeText".into()).ok())
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    match (clipboard, write) {
        (Some(clipboard), Some(write)) => write.call1(&clipboard, &text.into()).is_ok(),
        _ => false,
    }
}

/// Focuses the element of `target` once the page has re-rendered (a closed form's opener).
pub fn refocus(target: &NodeRef) {
    let target = target.clone();
    gloo_timers::callback::Timeout::new(0, move || {
        if let Some(element) = target.cast::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    })
    .forget();
}

/// Gives `target` the focus back without scrolling to it, then brings the whole board into view: a new game
/// started from the dialog shows its board, never the button under it that opened the dialog.
pub fn refocus_to_board(target: &NodeRef) {
    let target = target.clone();
    gloo_timers::callback::Timeout::new(0, move || {
        if let Some(element) = target.cast::<web_sys::HtmlElement>() {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = element.focus_with_options(&options);
        }
        board_into_view();
    })
    .forget();
}

/// The address of this page with `fragment`.
pub fn page_link(fragment: &str) -> String {
    let base = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let base = base.split('#').next().unwrap_or_default().to_string();
    format!("{base}{fragment}")
}

/// Moves the keyboard focus to a square of the board.
pub fn focus_square(square: Square) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("[data-square=\"{square}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

/// Brings the board into view when any part of it is out of the window (a phone scrolled down to a panel
/// whose button shows a position): its top to the window's top, or its bottom to the bottom when it lies
/// below. A board in view (a wide screen keeps it there) is left where it is.
pub fn board_into_view() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let board = window
        .document()
        .and_then(|d| d.query_selector("[data-testid=board]").ok().flatten());
    let (Some(board), Some(height)) = (board, window.inner_height().ok().and_then(|h| h.as_f64()))
    else {
        return;
    };
    let rect = board.get_bounding_client_rect();
    if rect.top() < 0.0 || rect.height() > height {
        board.scroll_into_view_with_bool(true);
    } else if rect.bottom() > height {
        board.scroll_into_view_with_bool(false);
    }
}

/// Brings what `selector` finds into view (as little scrolling as shows it) and gives it the focus, once the
/// page has drawn it: a result a click produced, where the person (and a screen reader) looks next.
pub fn reveal(selector: &'static str) {
    reveal_within(selector, 3);
}

/// [`reveal`], looking again after each of the next `frames` paints while the page has not drawn it yet (a
/// panel of another screen comes a frame after the bar's answer).
fn reveal_within(selector: &'static str, frames: u32) {
    after_paint(move || match into_view(selector) {
        Some(element) => {
            let focus = web_sys::FocusOptions::new();
            focus.set_prevent_scroll(true);
            let _ = element.focus_with_options(&focus);
        }
        None if frames > 1 => reveal_within(selector, frames - 1),
        None => {}
    });
}

/// Scrolls what `selector` finds into view, as little as shows it, and returns it (`None`: the page has
/// none).
pub fn into_view(selector: &str) -> Option<web_sys::HtmlElement> {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())?;
    let options = web_sys::ScrollIntoViewOptions::new();
    options.set_block(web_sys::ScrollLogicalPosition::Nearest);
    element.scroll_into_view_with_scroll_into_view_options(&options);
    Some(element)
}

/// A number of this page's own, from the time and the browser's random numbers: what new games' ids are
/// made from (see [`crate::session::Session::set_salt`]).
pub fn page_salt() -> u64 {
    let random = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let now = js_sys::Date::now() as u64;
    (random << 32) ^ now
}

/// Whether the page's address asks for the quick pace (`?pace=quick`: see [`crate::session::Pace::QUICK`]),
/// which the browser tests that play whole games against the engine use.
pub fn quick_pace() -> bool {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .is_some_and(|q| {
            q.trim_start_matches('?')
                .split('&')
                .any(|p| p == "pace=quick")
        })
}

/// The board square that has the focus, if one has.
pub fn focused_square() -> Option<Square> {
    web_sys::window()?
        .document()?
        .active_element()?
        .get_attribute("data-square")?
        .parse()
        .ok()
}

/// Runs `f` once the page has painted what it shows now (the next frame, then a task of its own): for work a
/// person need not wait for to see what they did, such as starting a move's sound. A hidden page paints
/// nothing (and gets no frames): there `f` runs at once.
pub fn after_paint(f: impl FnOnce() + 'static) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let hidden = window
        .document()
        .and_then(|d| js_sys::Reflect::get(&d, &"hidden".into()).ok())
        .and_then(|h| h.as_bool());
    if hidden == Some(true) {
        return f();
    }
    let frame = wasm_bindgen::closure::Closure::once_into_js(move || {
        gloo_timers::callback::Timeout::new(0, f).forget();
    });
    // Asking for a frame does not fail in a page with a window.
    let _ = window.request_animation_frame(frame.unchecked_ref());
}

/// True while the page is hidden (another tab shown, the window minimised, a phone's screen off).
pub fn page_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| js_sys::Reflect::get(&d, &"hidden".into()).ok())
        .and_then(|h| h.as_bool())
        .unwrap_or(false)
}

/// Calls `f` with whether the page is hidden each time that changes, for as long as the page lives.
pub fn on_visibility_change(f: impl Fn(bool) + 'static) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || f(page_hidden()));
    let _ = document
        .add_event_listener_with_callback("visibilitychange", listener.as_ref().unchecked_ref());
    listener.forget();
}

/// The window's inner width and height in CSS pixels (1280×800 where it cannot be read).
pub fn window_size() -> (i32, i32) {
    let Some(window) = web_sys::window() else {
        return (1280, 800);
    };
    let px = |v: Result<wasm_bindgen::JsValue, wasm_bindgen::JsValue>, or: f64| {
        v.ok().and_then(|v| v.as_f64()).unwrap_or(or) as i32
    };
    (
        px(window.inner_width(), 1280.0),
        px(window.inner_height(), 800.0),
    )
}
