//! The page's effects as hooks, each with one job: share links pasted into the address bar, the autosave,
//! the engine worker (its outbox, epoch and watchdog), the analyst worker (the analysis room's), and the
//! game clock's ticks. The main view calls them in order; they touch the browser only through
//! [`super::browser`].

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew_agent::worker::WorkerBridge;
use yew_agent::Spawnable;

use super::browser::{storage, take_shared_link, REPLACED_KEY};
use super::persist::{self, AUTOSAVE_KEY};
use super::state::{Action, Session};
use crate::engine::Level;
use crate::worker::EngineWorker;

/// Where Trunk puts the worker's script.
const WORKER_PATH: &str = "/worker.js";
/// Time a search may run past its level's cap before the worker is considered dead.
const WATCHDOG_GRACE_MS: u32 = 15_000;
/// Time the analyst may take over one position before it is considered dead (a review position at the
/// deepest depth takes a few seconds).
const ANALYST_WATCHDOG_MS: u32 = 60_000;

/// Starts an engine worker whose replies are dispatched to the session.
///
/// The page owns the bridge itself (rather than through yew-agent's provider) so that it can replace the
/// worker: dropping a bridge tells its worker to close once its current search is done.
fn spawn_worker(dispatcher: UseReducerDispatcher<Session>) -> WorkerBridge<EngineWorker> {
    EngineWorker::spawner()
        .callback(move |response| dispatcher.dispatch(Action::Worker(response)))
        .spawn(WORKER_PATH)
}

/// Starts the analyst: a second engine worker for the analysis room (graph, review, explorer), so that the
/// AI's worker is never held up by analysis.
fn spawn_analyst(dispatcher: UseReducerDispatcher<Session>) -> WorkerBridge<EngineWorker> {
    EngineWorker::spawner()
        .callback(move |response| dispatcher.dispatch(Action::Analyst(response)))
        .spawn(WORKER_PATH)
}

/// A share link pasted into the address bar of this tab changes only the fragment: open it too (the game
/// it replaces is kept one click away).
#[hook]
pub fn use_shared_links(session: &UseReducerHandle<Session>) {
    let session = session.clone();
    use_effect_with((), move |_| {
        let listener = wasm_bindgen::closure::Closure::<dyn Fn()>::new(move || {
            if let Some(action) = take_shared_link() {
                session.dispatch(action);
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

/// Autosave after every change of the game or the settings (and keep the game put aside).
#[hook]
pub fn use_autosave(session: &UseReducerHandle<Session>) {
    let session = session.clone();
    let key = (
        session.game.clone(),
        session.settings,
        session.analyse,
        session.analyse_depth,
        session.scoring,
        session.replaced.clone(),
    );
    use_effect_with(key, move |_| {
        if let Some(storage) = storage() {
            // A full or disabled storage only loses the autosave, never the game on screen.
            let _ = storage.set_item(AUTOSAVE_KEY, &persist::save(&session));
            match &session.replaced {
                Some(previous) => {
                    let aside = Session::resume(previous.settings, previous.game.clone(), false, 4);
                    let _ = storage.set_item(REPLACED_KEY, &persist::save(&aside));
                }
                None => {
                    let _ = storage.remove_item(REPLACED_KEY);
                }
            }
        }
    });
}

/// The engine worker: started, replaced when the session asks (a search in it must stop at once), sent
/// what the last action put in the outbox exactly once, and replaced when a search outlives its level's cap
/// by far (the worker died).
#[hook]
pub fn use_engine_worker(session: &UseReducerHandle<Session>) {
    let worker = use_mut_ref(|| None::<(u64, Rc<WorkerBridge<EngineWorker>>)>);
    let sent_seq = use_mut_ref(|| 0u64);
    {
        let session = session.clone();
        use_effect(move || {
            let mut worker = worker.borrow_mut();
            // Start the worker, or replace it when the session asks (a search in it must stop at once).
            if worker.as_ref().map(|(epoch, _)| *epoch) != Some(session.worker_epoch) {
                *worker = Some((
                    session.worker_epoch,
                    Rc::new(spawn_worker(session.dispatcher())),
                ));
            }
            // Send what the last action put in the outbox, exactly once.
            if session.outbox_seq != *sent_seq.borrow() {
                *sent_seq.borrow_mut() = session.outbox_seq;
                let bridge = &worker.as_ref().expect("started above").1;
                for (request, delay) in session.outbox.iter().cloned() {
                    if delay == 0 {
                        bridge.send(request);
                    } else {
                        let bridge = Rc::clone(bridge);
                        Timeout::new(delay, move || bridge.send(request)).forget();
                    }
                }
            }
        });
    }
    {
        let dispatcher = session.dispatcher();
        let level = session.settings.level(session.game.to_move());
        let delay = session.settings.ai_move_delay_ms;
        use_effect_with(session.search, move |search| {
            let timeout = search.map(|_| {
                let cap = Level::get(level).map_or(10_000, |l| l.move_time_ms);
                Timeout::new(cap + delay + WATCHDOG_GRACE_MS, move || {
                    dispatcher.dispatch(Action::WorkerRestarted)
                })
            });
            move || drop(timeout)
        });
    }
}

/// The analyst: started, replaced with the room's epoch, sent the room's questions once each, and replaced
/// when it sits on one question far longer than any position takes (it died, or the question was lost).
#[hook]
pub fn use_analyst(session: &UseReducerHandle<Session>) {
    let analyst = use_mut_ref(|| None::<(u64, WorkerBridge<EngineWorker>)>);
    let analyst_seq = use_mut_ref(|| 0u64);
    {
        let session = session.clone();
        use_effect(move || {
            let mut analyst = analyst.borrow_mut();
            let room = &session.room;
            if analyst.as_ref().map(|(epoch, _)| *epoch) != Some(room.epoch) {
                *analyst = Some((room.epoch, spawn_analyst(session.dispatcher())));
            }
            if room.outbox_seq != *analyst_seq.borrow() {
                *analyst_seq.borrow_mut() = room.outbox_seq;
                let bridge = &analyst.as_ref().expect("started above").1;
                for request in room.outbox.iter().cloned() {
                    bridge.send(request);
                }
            }
        });
    }
    {
        let dispatcher = session.dispatcher();
        use_effect_with(session.room.waiting(), move |waiting| {
            let timeout = waiting.map(|_| {
                Timeout::new(ANALYST_WATCHDOG_MS, move || {
                    dispatcher.dispatch(Action::AnalystRestarted)
                })
            });
            move || drop(timeout)
        });
    }
}

/// The game clock ticks while it runs.
#[hook]
pub fn use_game_clock(session: &UseReducerHandle<Session>) {
    let dispatcher = session.dispatcher();
    use_effect_with(session.clock_running(), move |running| {
        let interval = running.then(|| {
            dispatcher.dispatch(Action::Tick(js_sys::Date::now()));
            gloo_timers::callback::Interval::new(200, move || {
                dispatcher.dispatch(Action::Tick(js_sys::Date::now()))
            })
        });
        move || drop(interval)
    });
}
