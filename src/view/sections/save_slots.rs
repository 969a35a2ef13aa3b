//! Named save slots: save (or overwrite), load and delete, each shown with its date, mode and move number.
//! Each slot is its own storage key; an unreadable one is shown as such and does not affect the others.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::session::kept::slots::{read_slot, save_slot, slot_key, SLOTS};
use crate::session::Kept;
use crate::view::browser::storage;
use crate::view::i18n::{self, Lang};

/// Properties of [`SaveSlots`].
#[derive(Properties, PartialEq)]
pub struct SlotsProps {
    /// The game a save writes.
    pub current: Rc<Kept>,
    /// Called with a loaded game.
    pub on_load: Callback<Kept>,
    /// Language of the labels.
    pub lang: Lang,
}

/// The slots, read from storage only while the panel is open (not on every render of the page, which
/// re-renders at every tick of a game clock).
#[function_component(SaveSlots)]
pub fn save_slots(props: &SlotsProps) -> Html {
    // Bumped after a save or delete so the list is read again.
    let version = use_state(|| 0u32);
    // A save refused (by the storage, or because another tab changed the slot): the slot and the message.
    let refusal = use_state(|| None::<(usize, &'static str)>);
    let open = use_state(|| false);
    let t = props.lang.strings();
    let on_toggle = {
        let open = open.clone();
        Callback::from(move |e: Event| {
            let details: web_sys::Element = e.target_unchecked_into();
            open.set(details.has_attribute("open"));
        })
    };
    let rows = (1..=SLOTS).filter(|_| *open).map(|n| {
        let key = slot_key(n);
        let stored = storage().and_then(|s| s.get_item(&key).ok().flatten());
        let parsed = stored.as_deref().map(read_slot);
        let summary = match &parsed {
            None => format!("{}: {}", i18n::slot_name(props.lang, n), t.empty_slot),
            Some(Err(_)) => format!("{}: {}", i18n::slot_name(props.lang, n), t.unreadable),
            Some(Ok((info, _))) => {
                let date = js_sys::Date::new(&JsValue::from_f64(info.saved_at))
                    .to_locale_string(props.lang.tag(), &JsValue::UNDEFINED);
                i18n::slot_summary(
                    props.lang,
                    n,
                    &String::from(date),
                    &info.settings,
                    info.move_count,
                )
            }
        };
        let loadable = parsed.and_then(Result::ok).map(|(_, kept)| kept);
        let on_save = {
            let version = version.clone();
            let refusal = refusal.clone();
            let current = props.current.clone();
            let key = key.clone();
            // What this list shows of the slot: a save never replaces content it has not shown.
            let seen = stored.clone();
            let (failed, changed) = (t.save_failed, t.slot_changed);
            Callback::from(move |_| {
                let Some(storage) = storage() else {
                    refusal.set(Some((n, failed)));
                    return;
                };
                let now = storage.get_item(&key).ok().flatten();
                if now != seen {
                    refusal.set(Some((n, changed)));
                } else if storage
                    .set_item(&key, &save_slot(&current, js_sys::Date::now()))
                    .is_err()
                {
                    refusal.set(Some((n, failed)));
                } else {
                    refusal.set(None);
                }
                version.set(*version + 1);
            })
        };
        let on_delete = {
            let version = version.clone();
            let refusal = refusal.clone();
            let key = key.clone();
            Callback::from(move |_| {
                if let Some(storage) = storage() {
                    let _ = storage.remove_item(&key);
                }
                refusal.set(None);
                version.set(*version + 1);
            })
        };
        let has_data = stored.is_some();
        let on_load = {
            let on_load = props.on_load.clone();
            let loadable = loadable.clone();
            Callback::from(move |_| {
                if let Some(kept) = loadable.clone() {
                    on_load.emit(kept);
                }
            })
        };
        html! {
            <li class="slot" data-testid={format!("slot-{n}")}>
                <span class="slot-summary">{ summary }</span>
                <span class="slot-buttons">
                    <button type="button" data-testid={format!("slot-save-{n}")} onclick={on_save}>{ t.save }</button>
                    <button type="button" data-testid={format!("slot-load-{n}")} onclick={on_load} disabled={loadable.is_none()}>{ t.load }</button>
                    <button type="button" data-testid={format!("slot-delete-{n}")} onclick={on_delete} disabled={!has_data}>{ t.delete }</button>
                </span>
                if let Some((_, message)) = refusal.as_ref().filter(|(slot, _)| *slot == n) {
                    <p class="notice error" role="alert" data-testid={format!("slot-refused-{n}")}>{ *message }</p>
                }
            </li>
        }
    });
    html! {
        <details class="slots" ontoggle={on_toggle}>
            <summary>{ t.saved_games }</summary>
            <ol>{ for rows }</ol>
        </details>
    }
}
