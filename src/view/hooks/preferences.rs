//! The person's preferences as the browser keeps them: read when the page starts, written when one changes
//! (only then, so that one never chosen keeps following the browser: its language, the system's reduced
//! motion), and the page's language marked on it.

use yew::prelude::*;

use crate::session::kept::storage::{BOARD_VIEW, LANG};
use crate::session::Preferences;
use crate::view::browser::{apply_lang, storage};
use crate::view::sound::remember_sound;

/// Marks the page with the language, and writes each preference the person changed.
#[hook]
pub fn use_preferences(prefs: Preferences) {
    let last = use_mut_ref(|| None::<Preferences>);
    use_effect_with(prefs, move |prefs| {
        let Some(before) = last.borrow_mut().replace(*prefs) else {
            // The page's start: its language marked, nothing written.
            return apply_lang(prefs.lang());
        };
        // The language is marked again only when it changed (marking the page restyles all of it).
        if prefs.lang() != before.lang() {
            apply_lang(prefs.lang());
        }
        let Some(storage) = storage() else {
            return;
        };
        if prefs.lang() != before.lang() {
            let _ = storage.set_item(LANG, prefs.lang().tag());
        }
        if prefs.sound() != before.sound() {
            remember_sound(prefs.sound());
        }
        if prefs.board_view() != before.board_view() {
            let _ = storage.set_item(BOARD_VIEW, &prefs.board_view().text());
        }
    });
}
