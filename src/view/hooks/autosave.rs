//! The autosave, and the games set aside, written whenever the session changes.

use crate::view::reducer::Page;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::session::kept::persist;
use crate::session::kept::slots;
use crate::session::kept::storage::AUTOSAVE as AUTOSAVE_KEY;
use crate::session::kept::storage::REPLACED as REPLACED_KEY;
use crate::session::{Action, Kept, Notice, Session, Unsaved, MAX_REPLACED};
use crate::view::browser::{after_paint, keep_unreadable, storage};

thread_local! {
    /// The autosave this page wrote last.
    static LAST_AUTOSAVE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// A write is due once the page has painted (changes until then are written together).
    static WRITE_DUE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// Data in the autosave's place that cannot be read and could not be copied aside (the storage full): it
    /// is not written over while it is there, unless the person said to.
    static HELD: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// The unreadable data the person said to write over.
    static WRITE_OVER: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
    /// A refused write (the storage full) was told, and no write has succeeded since: it is told once.
    static TOLD_FULL: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// The person's say: the unreadable data held in the autosave's place may be written over (by the next
/// write).
pub fn allow_write_over() {
    let held = HELD.with(|held| held.borrow_mut().take());
    WRITE_OVER.with(|over| *over.borrow_mut() = held);
}

/// Whether a write was held back, so as not to write over unreadable data no copy could be kept of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Written {
    Done,
    Held,
    /// The storage refused a write (full): what it did not keep.
    Refused(Unsaved),
}

/// Writes the autosave (and the games put aside) to storage, losing no other tab's game: when the autosave
/// holds a game this page did not write (another tab's), that game is put aside before this one takes its
/// place, and the games aside are merged with the ones storage holds (see [`slots::merge_aside`]).
/// With `own_autosave` false (another tab owns the autosave now) this page's game is only put aside.
fn write_autosave(session: &Session) -> Written {
    write_games(session, true)
}

fn write_games(session: &Session, own_autosave: bool) -> Written {
    let Some(storage) = storage() else {
        return Written::Done;
    };
    let stored = storage.get_item(AUTOSAVE_KEY).ok().flatten();
    let last = LAST_AUTOSAVE.with(|last| last.borrow().clone());
    let mut aside: Vec<Kept> = storage
        .get_item(REPLACED_KEY)
        .ok()
        .flatten()
        .map(|text| slots::read_replaced(&text))
        .unwrap_or_default();
    aside.extend(session.replaced().iter().cloned());
    let other = stored
        .as_deref()
        .filter(|text| Some(*text) != last.as_deref());
    // A save whose game reads whole but some of whose settings do not (a load put them back to their
    // defaults and said so) is a readable game: written over or put aside as any other, never held (what
    // it loses, the unreadable settings, is nothing a person could use).
    let foreign = other.and_then(|text| {
        persist::restore(text).ok().or_else(|| {
            persist::recover(text)
                .ok()
                .filter(|r| r.lost.is_none())
                .map(|r| r.kept)
        })
    });
    if let (Some(text), None) = (other, &foreign) {
        // Data this page did not write and cannot read (damaged, or of a newer build) is kept aside before
        // anything is written over it, as a load keeps it; when no copy can be kept (the storage full), it is
        // not written over without the person's say.
        let allowed = WRITE_OVER.with(|over| over.borrow().as_deref() == Some(text));
        if keep_unreadable(text).is_none() && !allowed {
            HELD.with(|held| *held.borrow_mut() = Some(text.to_string()));
            return Written::Held;
        }
    }
    HELD.with(|held| *held.borrow_mut() = None);
    let on_board = if own_autosave {
        aside.extend(foreign);
        Some(session.kept())
    } else {
        aside.push(session.kept());
        foreign
    };
    // A full storage loses what it refuses, never the game on screen: the person is told what is not kept.
    let mut refused = None;
    if own_autosave {
        let text = persist::save(&session.kept());
        if storage.set_item(AUTOSAVE_KEY, &text).is_err() {
            refused = Some(Unsaved::Game);
        } else {
            LAST_AUTOSAVE.with(|last| *last.borrow_mut() = Some(text));
        }
    }
    let aside = slots::merge_aside(aside, on_board.as_ref(), MAX_REPLACED);
    if aside.is_empty() {
        let _ = storage.remove_item(REPLACED_KEY);
    } else if storage
        .set_item(REPLACED_KEY, &slots::save_replaced(&aside))
        .is_err()
    {
        refused = refused.or(Some(Unsaved::Aside));
    }
    if let Some(unsaved) = refused {
        return Written::Refused(unsaved);
    }
    Written::Done
}

/// Autosave after every change of the game, the settings or the clock's state (a side flagged, its time
/// running or stopped), and when the page is hidden or left, with the clock charged up to then: a reload
/// never undoes a loss on time, and gives back at most the time since the last write. A change is written
/// once the page has painted it (reading, merging and writing storage is no part of what a person waits to
/// see), the changes of one frame in one write; leaving the page writes at once.
#[hook]
pub fn use_autosave(session: &UseReducerHandle<Page>) {
    let latest = use_mut_ref(|| None::<UseReducerHandle<Page>>);
    *latest.borrow_mut() = Some(session.clone());
    let on_leave = latest.clone();
    use_effect_with((), move |_| {
        let listener = Closure::<dyn Fn()>::new(move || {
            // This page's own save is brought up to date; over one written meanwhile by another tab (or
            // by hand), this page's game is only put aside, where a later visit finds it.
            let stored = storage().and_then(|s| s.get_item(AUTOSAVE_KEY).ok().flatten());
            let own = stored == LAST_AUTOSAVE.with(|last| last.borrow().clone());
            if let Some(session) = on_leave.borrow().as_ref() {
                let mut charged = (**session).clone();
                let now = js_sys::Date::now();
                charged.apply_at(now, Action::Tick(now));
                let _ = write_games(&charged, own);
            }
        });
        if let Some(window) = web_sys::window() {
            for event in ["pagehide", "visibilitychange"] {
                let _ = window
                    .add_event_listener_with_callback(event, listener.as_ref().unchecked_ref());
            }
        }
        // The page's main view lives as long as the page.
        listener.forget();
    });
    let key = (
        session.play().game().clone(),
        session.play().settings(),
        session.prefs().analyse(),
        session.prefs().analyse_depth(),
        session.prefs().scoring(),
        session.replaced().to_vec(),
        session.play().clock().map(|c| (c.flagged(), c.running())),
        // The moves tried beside the game are kept with it, as shown.
        (
            session.play().variations().to_vec(),
            session.play().shown_variation(),
        ),
        // And the mistakes learned.
        session.play().learned().to_vec(),
    );
    // The analysis room's values of the game, beside its save, as they come: after a reload the graph is
    // whole at once.
    // Written again when the game, its values or the review's change (the room is shared, not copied).
    let game = session.play().game().clone();
    let room = session.room().clone();
    let changed = (
        session.play().id(),
        game.transcript(),
        room.valuation().graph(&game).len(),
        room.review().map(|r| r.done),
    );
    use_effect_with(changed, move |(id, ..)| {
        let id = *id;
        after_paint(move || {
            let text = persist::values::write(id, &room.valuation().of_game(&game));
            if let Some(storage) = storage() {
                let _ = storage.set_item(crate::session::kept::storage::VALUES, &text);
            }
        });
    });
    use_effect_with(key, move |_| {
        if !WRITE_DUE.with(|due| due.replace(true)) {
            after_paint(move || {
                WRITE_DUE.with(|due| due.set(false));
                let session = latest.borrow().clone();
                if let Some(session) = session {
                    match write_autosave(&session) {
                        Written::Held if session.notice() != Some(&Notice::SaveHeld) => {
                            session.dispatch(Action::Tell(Notice::SaveHeld));
                        }
                        Written::Refused(unsaved) => match session.notice() {
                            // Told once; a word of the storage said already (the seat's) stands.
                            Some(Notice::StorageFull(_)) => TOLD_FULL.with(|told| told.set(true)),
                            // The load's word of what it could not read stands too (it names what was lost
                            // and where its copy is): the storage is told of at the next refused write.
                            Some(
                                Notice::RestoreFailed { .. }
                                | Notice::RestorePartial { .. }
                                | Notice::SettingsReset { .. },
                            ) => {}
                            _ => {
                                if !TOLD_FULL.with(|told| told.replace(true)) {
                                    session.dispatch(Action::Tell(Notice::StorageFull(unsaved)));
                                }
                            }
                        },
                        Written::Done => TOLD_FULL.with(|told| told.set(false)),
                        Written::Held => {}
                    }
                }
            });
        }
    });
}
