//! Share links pasted into the address bar while the page is open.

use crate::view::reducer::Page;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::view::browser::take_shared_link;

/// A share link pasted into the address bar of this tab changes only the fragment: open it too (the game
/// it replaces is kept one click away).
#[hook]
pub fn use_shared_links(dispatcher: UseReducerDispatcher<Page>) {
    use_effect_with((), move |_| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            if let Some(action) = take_shared_link() {
                dispatcher.dispatch(action);
            }
        });
        if let Some(window) = web_sys::window() {
            let _ = window
                .add_event_listener_with_callback("hashchange", listener.as_ref().unchecked_ref());
        }
        // The page's main view lives as long as the page.
        listener.forget();
    });
}
