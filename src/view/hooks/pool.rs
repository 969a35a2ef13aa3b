//! The pool of engine workers as a hook: the browser's workers, started, fed and stopped as the pool
//! ([`crate::client::pool`]) decides, fed the commands the session's actions return, each request with who
//! asked it; each reply goes back to its asker ([`Action::Answer`]).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, Worker};
use yew::prelude::*;

use crate::client::pool::Effect;
use crate::protocol::{Priority, Response};
use crate::session::effects::outbox::Command;
use crate::session::Action;
use crate::session::Asker;
use crate::view::browser::{after_paint, base_url, worker_count};
use crate::view::reducer::Page;

/// The worker's script, beside the page (Trunk builds it; the wasm file's name follows from it).
const WORKER_SCRIPT: &str = "worker.js";
const WORKER_WASM: &str = "worker_bg.wasm";
/// The threaded build of the same worker, whose instances share one memory (`scripts/build-threads.sh`).
const THREADED_SCRIPT: &str = "worker-threads.js";
const THREADED_WASM: &str = "worker-threads_bg.wasm";
/// The shared memory's size limit in 64 kB pages, as the threaded build declares it (`--max-memory`, 1 GB):
/// the page's memory must match it. Only what is used is allocated.
const SHARED_MAX_PAGES: u32 = 16_384;
/// Its initial size in pages: at least what the build declares (`--initial-memory`, 32 MB, and the page
/// wasm-bindgen adds), for the engine's code, data and first stacks.
const SHARED_INITIAL_PAGES: u32 = 576;

/// One engine worker of the pool, with the handlers that must live as long as it does.
struct LiveWorker {
    worker: Worker,
    _on_message: Closure<dyn Fn(MessageEvent)>,
    _on_error: Closure<dyn Fn(JsValue)>,
}

impl Drop for LiveWorker {
    fn drop(&mut self) {
        // Stops at once, whatever it is doing; nothing it sent after this is read.
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

/// The pool, its requests tagged with who asked them.
type Pool = crate::client::pool::Pool<Asker>;

/// The pool as the page runs it: the state machine, its workers.
struct PageState {
    pool: Pool,
    workers: Vec<Option<LiveWorker>>,
    /// Bumped whenever a wake-up is scheduled; an older wake-up does nothing.
    wake: u64,
    dispatcher: UseReducerDispatcher<Page>,
    /// The loader script's URL (a `blob:` URL made once).
    loader: String,
    /// The memory the workers share (`None`: they run apart, on the plain build).
    memory: Option<js_sys::WebAssembly::Memory>,
    /// Where each slot's worker keeps its stop flag in the shared memory (from its greeting).
    stop_flags: Vec<Option<u32>>,
    /// Whether to write what the pool does to the console (`?pool-log` in the page's address).
    log: bool,
    /// The commands left for after the next paint will be taken then.
    pending: bool,
}

type Shared = Rc<RefCell<PageState>>;

/// The loader every worker starts from: tells the worker the page's base (it runs from a `blob:` URL, so
/// relative URLs would not find the explorer's file), then loads the engine's script and wasm beside the
/// page, wherever the page is served from. With `threads` (the workers sharing one memory) it loads the
/// threaded build once the page has posted it that memory.
fn loader_url(hash_mb: usize, threads: Option<usize>) -> Result<String, JsValue> {
    let base = base_url();
    let (script, wasm) = match threads {
        Some(_) => (THREADED_SCRIPT, THREADED_WASM),
        None => (WORKER_SCRIPT, WORKER_WASM),
    };
    let script = web_sys::Url::new_with_base(script, &base)?.href();
    let wasm = web_sys::Url::new_with_base(wasm, &base)?.href();
    // A failed start is thrown again outside the promise, so that the page gets the worker's `error` event.
    let fail = ".catch(e=>setTimeout(()=>{throw e;}))";
    let start = match threads {
        Some(threads) => format!(
            "self.reversiThreads={threads};self.onmessage=e=>{{self.onmessage=null;wasm_bindgen({{module_or_path:{},memory:e.data}}).then(()=>wasm_bindgen.start_worker()){fail};}};",
            js_string(&wasm)
        ),
        None => format!("wasm_bindgen({{module_or_path:{}}}){fail};", js_string(&wasm)),
    };
    // A benchmark's fixed depth for the AI (`?depth=N`), handed to every worker.
    let query = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    let depth = crate::client::pool::search_depth(&query)
        .map(|depth| format!("self.reversiDepth={depth};"))
        .unwrap_or_default();
    let text = format!(
        "self.reversiBase={};self.reversiHashMb={hash_mb};{depth}importScripts({});{start}",
        js_string(&base),
        js_string(&script),
    );
    let parts = js_sys::Array::of1(&JsValue::from_str(&text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("application/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    web_sys::Url::create_object_url_with_blob(&blob)
}

/// A JavaScript string literal (a URL may hold quotes).
fn js_string(text: &str) -> String {
    serde_json::to_string(text).expect("strings always encode")
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// Whether this page may share memory between its workers: cross-origin isolated (see README: the two
/// headers), in a browser with `SharedArrayBuffer`.
fn can_share_memory() -> bool {
    let global = js_sys::global();
    let isolated = js_sys::Reflect::get(&global, &JsValue::from_str("crossOriginIsolated"))
        .is_ok_and(|v| v.as_bool() == Some(true));
    let has_sab = js_sys::Reflect::get(&global, &JsValue::from_str("SharedArrayBuffer"))
        .is_ok_and(|v| v.is_function());
    isolated && has_sab
}

/// A new memory for the threaded build's workers to share.
fn shared_memory() -> Result<js_sys::WebAssembly::Memory, JsValue> {
    let descriptor = js_sys::Object::new();
    js_sys::Reflect::set(&descriptor, &"initial".into(), &SHARED_INITIAL_PAGES.into())?;
    js_sys::Reflect::set(&descriptor, &"maximum".into(), &SHARED_MAX_PAGES.into())?;
    js_sys::Reflect::set(&descriptor, &"shared".into(), &true.into())?;
    js_sys::WebAssembly::Memory::new(&descriptor)
}

/// Sets the byte at `address` of `memory` (a worker's stop flag) to `value`.
fn set_flag(memory: &js_sys::WebAssembly::Memory, address: u32, value: i32) {
    let bytes = js_sys::Uint8Array::new(&memory.buffer());
    // An address outside the memory (a worker's greeting gone wrong) is ignored: the watchdog catches it.
    let _ = js_sys::Atomics::store(&bytes, address, value);
}

/// Runs one step of the pool and carries out what it asks: workers started (the old one in the slot
/// terminated), requests posted, replies handed to their owners (after the pool is released, since a
/// dispatch may render and render runs the hook again).
fn step(shared: &Shared, f: impl FnOnce(&mut Pool, f64) -> Vec<Effect<Asker>>) {
    let (effects, log) = {
        let mut state = shared.borrow_mut();
        (f(&mut state.pool, now()), state.log)
    };
    if log {
        for effect in &effects {
            web_sys::console::debug_1(&JsValue::from_str(&format!(
                "pool {:.0}: {effect:?}",
                now()
            )));
        }
    }
    let mut actions = Vec::new();
    for effect in effects {
        match effect {
            Effect::Start { slot, generation } => start(shared, slot, generation),
            Effect::Reset => {
                let mut state = shared.borrow_mut();
                // Every worker terminated before the new memory is made.
                state.workers.iter_mut().for_each(|w| *w = None);
                state.memory = shared_memory().ok();
            }
            Effect::Stop { slot } => {
                let state = shared.borrow();
                if let (Some(memory), Some(Some(flag))) =
                    (&state.memory, state.stop_flags.get(slot))
                {
                    set_flag(memory, *flag, 1);
                }
            }
            Effect::Post { slot, request } => {
                let state = shared.borrow();
                // The flag is cleared here, before the post, and never by the worker: a stop set after the
                // post holds even when the worker reads the request later (busy ending the one before, it
                // would otherwise clear a stop meant for this one, and run it to its end).
                if let (Some(memory), Some(Some(flag))) =
                    (&state.memory, state.stop_flags.get(slot))
                {
                    set_flag(memory, *flag, 0);
                }
                if let Some(Some(running)) = state.workers.get(slot) {
                    let text = serde_json::to_string(&request).expect("requests always encode");
                    // A worker that cannot take it is caught by the watchdog.
                    let _ = running.worker.post_message(&JsValue::from_str(&text));
                }
            }
            Effect::Deliver { owner, response } => actions.push(Action::Answer {
                asker: owner,
                response,
            }),
            Effect::Restarted { owner } => actions.push(Action::WorkerRestarted(owner)),
        }
    }
    schedule_wake(shared);
    let dispatcher = shared.borrow().dispatcher.clone();
    for action in actions {
        dispatcher.dispatch(action);
    }
}

/// Starts the worker of `slot` (dropping the one there, which terminates it).
fn start(shared: &Shared, slot: usize, generation: u64) {
    let (loader, memory) = {
        let mut state = shared.borrow_mut();
        state.workers[slot] = None;
        state.stop_flags[slot] = None;
        (state.loader.clone(), state.memory.clone())
    };
    let weak: Weak<RefCell<PageState>> = Rc::downgrade(shared);
    let worker = match Worker::new(&loader) {
        Ok(worker) => worker,
        Err(_) => {
            // Counted as a death: the pool tries again, and its requests end with an error in the end.
            let shared = Rc::clone(shared);
            wasm_bindgen_futures::spawn_local(async move {
                step(&shared, |pool, now| pool.died(slot, generation, now));
            });
            return;
        }
    };
    let on_message = {
        let weak = weak.clone();
        Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            let Some(shared) = weak.upgrade() else {
                return;
            };
            let text = event.data().as_string().unwrap_or_default();
            let response = serde_json::from_str::<Response>(&text);
            if let Ok(Response::Pong {
                id: 0,
                stop_flag: Some(flag),
                ..
            }) = response
            {
                // The greeting of a worker sharing the memory: where its stop flag is. (A replaced
                // worker's handler is gone, so this is the slot's current worker.)
                shared.borrow_mut().stop_flags[slot] = Some(flag);
            }
            match response {
                Ok(response) => step(&shared, |pool, now| {
                    pool.reply(slot, generation, response, now)
                }),
                // A reply that cannot be read: the worker is not the engine it should be.
                Err(_) => step(&shared, |pool, now| pool.died(slot, generation, now)),
            }
        })
    };
    let on_error = Closure::<dyn Fn(JsValue)>::new(move |event: JsValue| {
        if let Some(event) = event.dyn_ref::<web_sys::Event>() {
            event.prevent_default();
        }
        if let Some(shared) = weak.upgrade() {
            step(&shared, |pool, now| pool.died(slot, generation, now));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    if let Some(memory) = memory {
        // The threaded build's loader waits for the memory it shares with the others.
        let _ = worker.post_message(&memory);
    }
    shared.borrow_mut().workers[slot] = Some(LiveWorker {
        worker,
        _on_message: on_message,
        _on_error: on_error,
    });
}

/// Wakes the pool at its next watchdog or delayed request.
fn schedule_wake(shared: &Shared) {
    let (token, at) = {
        let mut state = shared.borrow_mut();
        state.wake += 1;
        (state.wake, state.pool.next_wake())
    };
    let Some(at) = at else {
        return;
    };
    let delay = (at - now()).clamp(0.0, 600_000.0) as u32 + 1;
    let weak = Rc::downgrade(shared);
    wasm_bindgen_futures::spawn_local(async move {
        gloo_timers::future::TimeoutFuture::new(delay).await;
        if let Some(shared) = weak.upgrade() {
            if shared.borrow().wake == token {
                step(&shared, |pool, now| pool.tick(now));
            }
        }
    });
}

/// Hands the pool the commands waiting in `commands`: all of them, or with `foreground` only those before
/// the first request that works in the background (the analysis room's, the analysis on the board), which
/// waits with all that follows it.
fn hand_over(shared: &Shared, commands: &crate::view::reducer::Commands, foreground: bool) {
    let background = |command: &Command| {
        foreground
            && matches!(command, Command::Send { request, .. } if request.priority() <= Priority::Room)
    };
    for command in commands.take_until(background) {
        step(shared, |pool, now| match command {
            Command::Send {
                asker,
                request,
                delay_ms,
            } => pool.submit(asker, request, delay_ms, now),
            Command::Cancel(id) => pool.cancel(id, now),
            // Queued for the network by the reducer, never here.
            Command::Net(_) => Vec::new(),
        });
    }
}

/// The engine workers: as many as the machine has cores (`navigator.hardwareConcurrency`, 1 to 16; the
/// page's `?workers=N` overrides it), their tables sized so that the pool stays within 256 MB, shared by
/// the AI, the hints and analysis, and the analysis room (see [`crate::client::pool`]). Where the page is
/// cross-origin isolated they share one memory (the threaded build), and the AI's search runs on all of
/// them; elsewhere each runs the plain build, one search thread. The commands the session's actions
/// returned are handed to the pool after every render.
#[hook]
pub fn use_engine_pool(session: &UseReducerHandle<Page>) {
    let shared = use_mut_ref(|| None::<Shared>);
    let session = session.clone();
    use_effect(move || {
        let mut slot = shared.borrow_mut();
        if slot.is_none() {
            let count = worker_count();
            // Shared memory where the page may have it (and a memory could be made), else the plain build.
            let memory = can_share_memory().then(shared_memory).and_then(Result::ok);
            let threads = memory.as_ref().map(|_| count);
            let loader = loader_url(crate::client::pool::table_mb(count), threads)
                .unwrap_or_else(|_| WORKER_SCRIPT.to_string());
            let (pool, effects) = Pool::new(count, memory.is_some(), now());
            let state = Rc::new(RefCell::new(PageState {
                pool,
                workers: (0..count).map(|_| None).collect(),
                wake: 0,
                dispatcher: session.dispatcher(),
                loader,
                memory,
                stop_flags: vec![None; count],
                log: web_sys::window()
                    .and_then(|w| w.location().search().ok())
                    .is_some_and(|q| q.contains("pool-log")),
                pending: false,
            }));
            step(&state, move |_, _| effects);
            session.dispatch(Action::Workers {
                count,
                threads: threads.unwrap_or(1),
            });
            *slot = Some(state);
        }
        let shared = slot.clone().expect("made above");
        drop(slot);
        // What works in the background (the analysis room's questions, the analysis on the board) waits
        // until the page has painted what the person did: a worker starting it at once takes a core from
        // the frame the person waits for, and its first values would be drawn into that frame (a hidden
        // page reads at once). What a person waits for (the AI's move, a hint) goes at once.
        let commands = session.commands().clone();
        hand_over(&shared, &commands, true);
        if !commands.is_empty() && !std::mem::replace(&mut shared.borrow_mut().pending, true) {
            after_paint(move || {
                shared.borrow_mut().pending = false;
                hand_over(&shared, &commands, false);
            });
        }
    });
}
