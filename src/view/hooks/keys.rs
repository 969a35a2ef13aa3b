//! The page's shortcuts, heard wherever the focus is (not only inside the board).

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Calls `on_key` with every key pressed on the page. The listener is the document's, added once; it
/// calls the latest `on_key` (which reads the latest session).
#[hook]
pub fn use_page_keys(on_key: Callback<KeyboardEvent>) {
    let latest = use_mut_ref(|| on_key.clone());
    *latest.borrow_mut() = on_key;
    use_effect_with((), move |_| {
        let latest: Rc<RefCell<Callback<KeyboardEvent>>> = latest;
        let listener = Closure::<dyn Fn(KeyboardEvent)>::new(move |e: KeyboardEvent| {
            let on_key = latest.borrow().clone();
            on_key.emit(e);
        });
        let document = web_sys::window().and_then(|w| w.document());
        if let Some(document) = &document {
            let _ = document
                .add_event_listener_with_callback("keydown", listener.as_ref().unchecked_ref());
        }
        move || {
            if let Some(document) = &document {
                let _ = document.remove_event_listener_with_callback(
                    "keydown",
                    listener.as_ref().unchecked_ref(),
                );
            }
            drop(listener);
        }
    });
}
