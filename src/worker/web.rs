//! The worker's wasm glue: registration, the message loop, the stop flag in the shared memory, and the
//! heartbeat.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;

use super::{greeting, undecodable, Engine};
use crate::protocol::{DataFile, Request, Response, WorkerError, HEARTBEAT_MS};
use crate::worker::threads::Lent;

fn now() -> f64 {
    js_sys::Date::now()
}

fn scope() -> DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

thread_local! {
    /// When the next heartbeat is due.
    static NEXT_BEAT: std::cell::Cell<f64> = const { std::cell::Cell::new(0.0) };
    /// Whether [`register`] has run in this worker.
    static REGISTERED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The request this worker runs (the searches' requests for helpers name it).
    static RUNNING: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// This worker's stop flag, in the memory the workers share: the page sets it to stop the request
    /// running here, and the searches read it as they poll (see [`poll`]).
    static STOP: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
}

/// Called by every search as it polls its limits: says the worker is alive, and stops the search when
/// the page has set this worker's stop flag.
fn poll() -> bool {
    beat();
    STOP.with(|stop| stop.load(Relaxed))
}

/// Tells the page that the search running here has left a job for a helper (see `crate::worker::threads`).
fn announce(ticket: u32) {
    post(&Response::Spawned {
        id: RUNNING.with(|r| r.get()),
        ticket,
    });
}

/// Where this worker's stop flag lies in the shared memory, for the page (`None` in the plain build,
/// whose memory the page cannot see).
fn stop_flag() -> Option<u32> {
    cfg!(target_feature = "atomics").then(|| STOP.with(|stop| *stop as *const AtomicBool as u32))
}

/// How many threads the AI's search runs on: the page's count of workers (`reversiThreads` in the
/// loader) when they share one memory, else one.
fn threads() -> usize {
    if !cfg!(target_feature = "atomics") {
        return 1;
    }
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("reversiThreads"))
        .ok()
        .and_then(|v| v.as_f64())
        .map_or(1, |n| n as usize)
}

/// Tells the page this worker is alive, at most every [`HEARTBEAT_MS`]: called by a timer while the
/// worker waits (or fetches a file) and by every search as it polls its limits.
fn beat() {
    let now = now();
    if now >= NEXT_BEAT.with(|n| n.get()) {
        NEXT_BEAT.with(|n| n.set(now + HEARTBEAT_MS));
        post(&Response::Alive);
    }
}

/// Posts a reply to the page, as JSON text.
fn post(response: &Response) {
    let text = serde_json::to_string(response).expect("responses always encode");
    // The page is gone if this fails; nothing to tell.
    let _ = scope().post_message(&JsValue::from_str(&text));
}

/// The engine, and the requests waiting for a file being fetched.
struct State {
    engine: Engine,
    waiting: Vec<(DataFile, Request)>,
    fetching: Vec<DataFile>,
}

/// The tables' size the page gives this worker (`reversiHashMb` in its loader), so that the whole pool
/// fits its memory budget.
fn hash_mb() -> usize {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("reversiHashMb"))
        .ok()
        .and_then(|v| v.as_f64())
        .map_or(super::HASH_MB, |mb| mb as usize)
}

/// The AI's fixed depth the page gives this worker (`reversiDepth` in its loader, from the page's
/// `?depth=N`: a benchmark), if any.
fn search_depth() -> Option<u32> {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("reversiDepth"))
        .ok()
        .and_then(|v| v.as_f64())
        .map(|depth| depth as u32)
}

/// Where the page is served from: the page writes it into the worker's loader (`reversiBase`), since
/// the worker runs from a `blob:` URL; the origin's root otherwise.
fn base() -> String {
    js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("reversiBase"))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_else(|| format!("{}/", scope().location().origin()))
}

async fn fetch(file: DataFile) -> Result<Vec<u8>, WorkerError> {
    // The network failed (or the browser refused the address): no status to tell.
    let failed = |_: JsValue| WorkerError::DataMissing { file, status: None };
    // Resolved against the page's address as a link on the page would be: that address may hold a
    // query (`?workers=2`), a fragment or a file name (`/index.html`), none of which belongs in front
    // of the file's name.
    let url = web_sys::Url::new_with_base(file.url(), &base())
        .map_err(failed)?
        .href();
    let response: web_sys::Response = JsFuture::from(scope().fetch_with_str(&url))
        .await
        .map_err(failed)?
        .dyn_into()
        .map_err(failed)?;
    if !response.ok() {
        return Err(WorkerError::DataMissing {
            file,
            status: Some(response.status()),
        });
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(failed)?)
        .await
        .map_err(failed)?;
    let bytes = js_sys::Uint8Array::new(&buffer).to_vec();
    gunzip(bytes).await.map_err(|_| WorkerError::DataCorrupt {
        file,
        detail: "it could not be inflated".to_string(),
    })
}

#[wasm_bindgen]
extern "C" {
    /// The browser's gzip inflater (web-sys has it only among its unstable APIs).
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
}

/// `bytes` inflated by the browser's `DecompressionStream` when they are gzipped (the expert games are
/// shipped so); as they are otherwise, e.g. when the server already took its gzip off.
async fn gunzip(mut bytes: Vec<u8>) -> Result<Vec<u8>, JsValue> {
    if !bytes.starts_with(&[0x1f, 0x8b]) {
        return Ok(bytes);
    }
    let inflate = DecompressionStream::new("gzip")?;
    let packed = web_sys::Response::new_with_opt_u8_array(Some(&mut bytes))?;
    let body = packed.body().ok_or("an empty response")?;
    // A DecompressionStream is a readable and writable pair.
    let inflated = web_sys::Response::new_with_opt_readable_stream(Some(
        &body.pipe_through(inflate.unchecked_ref()),
    ))?;
    let buffer = JsFuture::from(inflated.array_buffer()?).await?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

fn arrived(state: &Rc<RefCell<State>>, file: DataFile, bytes: Result<Vec<u8>, WorkerError>) {
    let mut state = state.borrow_mut();
    let loaded = bytes.and_then(|b| state.engine.load(file, &b));
    let (waiting, others) = std::mem::take(&mut state.waiting)
        .into_iter()
        .partition(|(f, _)| *f == file);
    state.waiting = others;
    for (_, request) in waiting {
        match &loaded {
            Ok(()) => state.engine.handle(request, &mut |r| post(&r)),
            Err(error) => post(&Response::Error {
                id: request.id(),
                error: error.clone(),
            }),
        }
    }
    // A failed load is tried again by the next request.
    state.fetching.retain(|f| *f != file);
}

fn received(state: &Rc<RefCell<State>>, request: Request) {
    // The stop flag is the page's: it clears it before it posts a request (a stop it asked for the previous
    // one is not for this one), and sets it to stop this one, even before this worker has read it.
    RUNNING.with(|r| r.set(request.id()));
    let mut borrowed = state.borrow_mut();
    if let Some(file) = borrowed.engine.needs(&request) {
        borrowed.waiting.push((file, request));
        if !borrowed.fetching.contains(&file) {
            borrowed.fetching.push(file);
            let state = Rc::clone(state);
            wasm_bindgen_futures::spawn_local(async move {
                let bytes = fetch(file).await;
                arrived(&state, file, bytes);
            });
        }
        return;
    }
    borrowed.engine.handle(request, &mut |r| post(&r));
}

/// Makes this worker the engine (once; a second call does nothing): every message is a [`Request`] as JSON text, answered by
/// [`Response`]s as JSON text; a greeting ([`greeting`]) says it has loaded. One request at a time: a
/// search holds the worker until it ends. Where the workers share one memory the page stops a request
/// by the worker's stop flag, and the AI's search runs on every worker; otherwise the page stops a
/// request by terminating its worker.
pub fn register() {
    if REGISTERED.with(|r| r.replace(true)) {
        return;
    }
    let threads = threads();
    let mut engine = Engine::with_hash_mb(now, hash_mb())
        .with_poll(poll)
        .with_depth(search_depth());
    if threads > 1 {
        engine = engine.with_threads(threads, Arc::new(Lent { announce }));
    }
    let state = Rc::new(RefCell::new(State {
        engine,
        waiting: Vec::new(),
        fetching: Vec::new(),
    }));
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        match serde_json::from_str::<Request>(&text) {
            Ok(request) => received(&state, request),
            Err(error) => post(&undecodable(&text, &error.to_string())),
        }
    });
    scope().set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    gloo_timers::callback::Interval::new(HEARTBEAT_MS as u32, beat).forget();
    post(&greeting(stop_flag()));
}
