//! The page's address while it is open: the screen it names (`#/analyse`, kept across a reload, back and
//! forward) and share links pasted into the address bar.

use crate::view::reducer::Page;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::session::screen::Screen;
use crate::session::Action;
use crate::view::browser::{address_screen, name_screen, take_shared_link};

/// Follows the address: a fragment that names a screen shows it (back and forward change only the fragment);
/// a share link pasted into the address bar of this tab opens (the game it replaces is kept one click away).
/// The screen shown, once it changes, is named in the address as a new entry of the tab's history.
#[hook]
pub fn use_address(dispatcher: UseReducerDispatcher<Page>, screen: Screen) {
    // The screen shown, for the listener (made once) to name again in place of a link it took.
    let shown = use_mut_ref(|| screen);
    *shown.borrow_mut() = screen;
    use_effect_with((), move |_| {
        let dispatcher_now = dispatcher.clone();
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            if let Some(screen) = address_screen() {
                dispatcher.dispatch(Action::Screen(screen));
            } else if let Some(action) = take_shared_link() {
                dispatcher.dispatch(action);
                name_screen(*shown.borrow(), false);
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window
                .add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
        }
        // An address changed between the start and now (a fragment typed before the listener was there).
        if let Some(screen) = address_screen() {
            dispatcher_now.dispatch(Action::Screen(screen));
        }
        // The page's main view lives as long as the page.
        listener.forget();
    });
    // The start took the address's screen (see `Startup::screen`); a screen shown later is written there,
    // unless the address already names it (back and forward, or the online screen found served).
    let first = use_mut_ref(|| true);
    use_effect_with(screen, move |&screen| {
        let was_first = std::mem::replace(&mut *first.borrow_mut(), false);
        if !was_first && address_screen().unwrap_or_default() != screen {
            name_screen(screen, true);
        }
    });
}
