//! The Web Worker that owns the engine: a [`Searcher`] with its tables, turning each [`Request`] into
//! [`Response`]s off the page's thread. [`Engine`] is plain Rust and tested natively; only the registration
//! glue is wasm-only: messages travel as JSON text both ways (readable in the browser's tools), and the page
//! starts, stops and replaces workers itself (`ui/pool/`), so the worker needs no framework.

use crate::protocol::{level_limits, ExplorerRow, PuzzlePick, Request, Response, WirePuzzle};
use reversi_engine::explorer::Explorer;
use reversi_engine::puzzles::PuzzleSet;
use reversi_engine::review::{review_position, ReviewDepth};
use reversi_engine::{self, perft, Clock, Searcher, Spawn, DISC};
use std::sync::Arc;

pub use crate::protocol::{MAX_ANALYSE_DEPTH, MAX_ANALYSE_MILLIS, MAX_PERFT_DEPTH};
/// Transposition table size in the worker, unless the page asks for less.
pub const HASH_MB: usize = crate::protocol::MAX_WORKER_HASH_MB;

/// The engine's state in the worker.
pub struct Engine {
    searcher: Searcher,
    /// The threads the AI's search runs on (1 unless the workers share one memory).
    threads: usize,
    clock: Clock,
    explorer: Option<Explorer>,
    puzzles: Option<PuzzleSet>,
}

/// A file the worker loads from the page's address the first time a request needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFile {
    /// The opening explorer's tree ([`Request::Explore`]).
    Explorer,
    /// The training room's puzzles ([`Request::Puzzle`]).
    Puzzles,
}

impl DataFile {
    /// Where the page serves it, relative to its base (next to the worker's script).
    pub fn url(self) -> &'static str {
        match self {
            DataFile::Explorer => "explorer.bin",
            DataFile::Puzzles => "puzzles.bin",
        }
    }

    /// What it is, for an error message.
    pub fn name(self) -> &'static str {
        match self {
            DataFile::Explorer => "the opening explorer",
            DataFile::Puzzles => "the puzzles",
        }
    }
}

impl Engine {
    /// An engine telling time with `clock` (milliseconds).
    pub fn new(clock: Clock) -> Engine {
        Engine::with_hash_mb(clock, HASH_MB)
    }

    /// An engine whose tables take `hash_mb` MB (at most [`HASH_MB`]).
    pub fn with_hash_mb(clock: Clock, hash_mb: usize) -> Engine {
        Engine {
            searcher: Searcher::new(hash_mb.clamp(1, HASH_MB)),
            threads: 1,
            clock,
            explorer: None,
            puzzles: None,
        }
    }

    /// This engine searching the AI's moves (and hints) on `threads` threads, the helpers started by
    /// `spawn`; the other requests run on one thread.
    pub fn with_threads(mut self, threads: usize, spawn: Arc<dyn Spawn>) -> Engine {
        self.searcher = self.searcher.with_threads(1, spawn);
        self.threads = threads.max(1);
        self
    }

    /// Reads `file`'s bytes; the requests that need it answer from it afterwards. The error names what is
    /// wrong with the file.
    pub fn load(&mut self, file: DataFile, bytes: &[u8]) -> Result<(), String> {
        match file {
            DataFile::Explorer => {
                self.explorer = Some(Explorer::read(bytes).map_err(|e| e.to_string())?)
            }
            DataFile::Puzzles => {
                self.puzzles = Some(PuzzleSet::read(bytes).map_err(|e| e.to_string())?)
            }
        }
        Ok(())
    }

    /// The file `request` needs that is not loaded yet, if any.
    pub fn needs(&self, request: &Request) -> Option<DataFile> {
        match request {
            Request::Explore { .. } if self.explorer.is_none() => Some(DataFile::Explorer),
            Request::Puzzle { .. } if self.puzzles.is_none() => Some(DataFile::Puzzles),
            _ => None,
        }
    }

    /// Carries out one request, passing every response (progress first, the answer last) to `emit`.
    pub fn handle(&mut self, request: Request, emit: &mut dyn FnMut(Response)) {
        match request {
            Request::Ping { id } => emit(Response::Pong {
                id,
                version: env!("CARGO_PKG_VERSION").to_string(),
                stop_flag: None,
            }),
            Request::Perft {
                id,
                position,
                depth,
            } => emit(if depth > MAX_PERFT_DEPTH {
                error(
                    id,
                    format!("perft depth {depth} is over the worker's limit of {MAX_PERFT_DEPTH}"),
                )
            } else {
                Response::Perft {
                    id,
                    nodes: perft(&position.board, depth),
                }
            }),
            Request::Search {
                id,
                position,
                level,
                seed,
                max_millis,
            } => {
                let Some(limits) = level_limits(level, (self.clock)(), seed, max_millis) else {
                    return emit(error(id, format!("there is no level {level} (1 to 10)")));
                };
                self.searcher.set_threads(self.threads);
                let info =
                    self.searcher
                        .search(&position.board, &limits, self.clock, None, &mut |info| {
                            if let Some(thinking) = Response::thinking(id, info) {
                                emit(thinking);
                            }
                        });
                self.searcher.set_threads(1);
                emit(Response::best_move(id, &info));
            }
            Request::Analyse {
                id,
                position,
                depth,
            } => emit(Response::Analysis {
                id,
                // Within a deadline: the values of the deepest depth finished in time, so that an
                // analysis never holds the single worker for long.
                values: self
                    .searcher
                    .analyse_until(
                        &position.board,
                        depth.clamp(1, MAX_ANALYSE_DEPTH),
                        (self.clock)() + MAX_ANALYSE_MILLIS,
                        self.clock,
                    )
                    .map(|(_, values)| values)
                    .unwrap_or_default(),
            }),
            Request::Review {
                id,
                position,
                played,
                depth,
            } => {
                if let Some(square) = played.filter(|&s| !position.board.is_legal(s)) {
                    return emit(error(id, format!("{square} is not legal in this position")));
                }
                let depth = ReviewDepth::plies(depth);
                let ply = review_position(
                    &mut self.searcher,
                    &position.board,
                    played,
                    &depth,
                    self.clock,
                );
                emit(Response::Reviewed {
                    id,
                    best: ply.best,
                    score: ply.score,
                    played_score: ply.played_score,
                    kind: ply.kind,
                })
            }
            Request::Help { id, ticket } => {
                crate::threads::run(ticket);
                emit(Response::Helped { id })
            }
            Request::Explore { id, position } => emit(match &self.explorer {
                None => error(id, "the opening explorer is not loaded".to_string()),
                Some(explorer) => {
                    let book = reversi_engine::book::Book::builtin();
                    Response::Explored {
                        id,
                        moves: explorer
                            .moves(&position)
                            .into_iter()
                            .map(|m| ExplorerRow {
                                book: book.value_for_black(&position, m.square),
                                square: m.square,
                                games: m.stats.games,
                                black_wins: m.stats.black_wins,
                                draws: m.stats.draws,
                                white_wins: m.stats.white_wins(),
                                score_sum: m.stats.score_sum,
                            })
                            .collect(),
                    }
                }
            }),
            Request::Puzzle { id, pick } => emit(match &self.puzzles {
                None => error(id, "the puzzles are not loaded".to_string()),
                Some(set) => match pick_puzzle(set, pick) {
                    Some(puzzle) => Response::Puzzle { id, puzzle },
                    None => error(id, format!("no puzzle for {pick:?}")),
                },
            }),
        }
    }
}

/// The puzzle `pick` asks for, as the page gets it.
fn pick_puzzle(set: &PuzzleSet, pick: PuzzlePick) -> Option<WirePuzzle> {
    let (place, index, of) = match pick {
        PuzzlePick::Level { level, index } => {
            let of_level = set.of_level(level);
            let place = index as usize % of_level.len().max(1);
            (place, *of_level.get(place)?, of_level.len())
        }
        PuzzlePick::Daily { day } => {
            let index = set.daily(day)?;
            (index, index, set.len())
        }
    };
    let puzzle = set.get(index)?;
    Some(WirePuzzle {
        index: place as u32,
        of: of as u32,
        level: puzzle.level,
        year: puzzle.year,
        position: puzzle.position,
        moves: puzzle.moves.clone(),
        line: puzzle.line.clone(),
    })
}

fn error(id: u64, message: String) -> Response {
    Response::Error { id, message }
}

/// Scores travel in hundredths of a disc.
const _: () = assert!(DISC == 100);

/// What the worker answers to a message it cannot read: an error for the request's id, if the message has
/// one (`{"Search":{"id":5,…}}`), else for id 0.
pub fn undecodable(text: &str, error: &str) -> Response {
    let id = serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|value| value.as_object()?.values().next()?.get("id")?.as_u64())
        .unwrap_or(0);
    Response::Error {
        id,
        message: format!("the worker could not read the request: {error}"),
    }
}

/// The worker's greeting once it has loaded: a pong to no request (id 0), with the address of its stop flag
/// when it shares its memory with the other workers.
pub fn greeting(stop_flag: Option<u32>) -> Response {
    Response::Pong {
        id: 0,
        version: env!("CARGO_PKG_VERSION").to_string(),
        stop_flag,
    }
}

#[cfg(target_arch = "wasm32")]
pub use web::register;

#[cfg(target_arch = "wasm32")]
mod web {
    use std::cell::RefCell;
    use std::rc::Rc;

    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
    use std::sync::Arc;

    use super::{greeting, undecodable, DataFile, Engine};
    use crate::protocol::{Request, Response, HEARTBEAT_MS};
    use crate::threads::Lent;

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

    /// Tells the page that the search running here has left a job for a helper (see `crate::threads`).
    fn announce(ticket: u32) {
        post(&Response::Spawned {
            id: RUNNING.with(|r| r.get()),
            ticket,
        });
    }

    /// Where this worker's stop flag lies in the shared memory, for the page (`None` in the plain build,
    /// whose memory the page cannot see).
    fn stop_flag() -> Option<u32> {
        cfg!(target_feature = "atomics")
            .then(|| STOP.with(|stop| *stop as *const AtomicBool as u32))
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

    /// Where the page is served from: the page writes it into the worker's loader (`reversiBase`), since
    /// the worker runs from a `blob:` URL; the origin's root otherwise.
    fn base() -> String {
        js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("reversiBase"))
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| format!("{}/", scope().location().origin()))
    }

    async fn fetch(file: DataFile) -> Result<Vec<u8>, String> {
        let failed = |e: JsValue| {
            e.dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
                .unwrap_or_else(|| "network error".to_string())
        };
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
            return Err(format!("HTTP {}", response.status()));
        }
        let buffer = JsFuture::from(response.array_buffer().map_err(failed)?)
            .await
            .map_err(failed)?;
        Ok(js_sys::Uint8Array::new(&buffer).to_vec())
    }

    fn arrived(state: &Rc<RefCell<State>>, file: DataFile, bytes: Result<Vec<u8>, String>) {
        let mut state = state.borrow_mut();
        let loaded = bytes.and_then(|b| state.engine.load(file, &b));
        let (waiting, others) = std::mem::take(&mut state.waiting)
            .into_iter()
            .partition(|(f, _)| *f == file);
        state.waiting = others;
        for (_, request) in waiting {
            match &loaded {
                Ok(()) => state.engine.handle(request, &mut |r| post(&r)),
                Err(why) => post(&Response::Error {
                    id: request.id(),
                    message: format!("{} could not be loaded: {why}", file.name()),
                }),
            }
        }
        // A failed load is tried again by the next request.
        state.fetching.retain(|f| *f != file);
    }

    fn received(state: &Rc<RefCell<State>>, request: Request) {
        // A stop the page asked for the previous request (which ended before seeing it) is not for this one.
        STOP.with(|stop| stop.store(false, Relaxed));
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

    /// [`register`], for the loader to call once the engine has loaded: in the threaded build wasm-bindgen
    /// runs the program's `main` only in the first instance of the shared memory, so the others start here.
    #[wasm_bindgen]
    pub fn start_worker() {
        register();
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
        let mut engine = Engine::with_hash_mb(now, hash_mb());
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
        reversi_engine::set_poll_hook(poll);
        gloo_timers::callback::Interval::new(HEARTBEAT_MS as u32, beat).forget();
        post(&greeting(stop_flag()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::PuzzlePick;
    use reversi_engine::{native_clock, Position};

    fn run(engine: &mut Engine, request: Request) -> Vec<Response> {
        let mut out = Vec::new();
        engine.handle(request, &mut |r| out.push(r));
        out
    }

    #[test]
    fn replies_carry_the_request_id_and_bad_input_is_an_error_reply() {
        let mut engine = Engine::new(native_clock);
        assert_eq!(run(&mut engine, Request::Ping { id: 7 })[0].id(), 7);
        let start = Position::START;
        let perft = |id, position, depth| Request::Perft {
            id,
            position,
            depth,
        };
        assert_eq!(
            run(&mut engine, perft(8, start, 3)),
            [Response::Perft { id: 8, nodes: 56 }]
        );
        assert!(matches!(
            run(&mut engine, perft(10, start, 30))[..],
            [Response::Error { id: 10, .. }]
        ));
        let bad_level = Request::Search {
            id: 11,
            position: start,
            level: 0,
            seed: 0,
            max_millis: None,
        };
        assert!(matches!(
            run(&mut engine, bad_level)[..],
            [Response::Error { id: 11, .. }]
        ));
    }

    #[test]
    fn search_reports_progress_then_one_legal_best_move() {
        let mut engine = Engine::new(native_clock);
        let position = reversi_engine::Game::from_transcript("f5d6c3")
            .unwrap()
            .position();
        let responses = run(
            &mut engine,
            Request::Search {
                id: 3,
                position,
                level: 4,
                seed: 1,
                max_millis: Some(5000),
            },
        );
        let (last, progress) = responses.split_last().unwrap();
        assert!(progress
            .iter()
            .all(|r| matches!(r, Response::Thinking { id: 3, .. })));
        match last {
            Response::BestMove { id: 3, best, .. } => {
                assert!(best.square().is_some_and(|s| position.board.is_legal(s)))
            }
            other => panic!("expected BestMove, got {other:?}"),
        }
    }

    #[test]
    fn review_values_the_position_and_the_move_played_like_the_command_line() {
        let mut engine = Engine::new(native_clock);
        let game = reversi_engine::Game::from_transcript("f5d6c3d3c4f4").unwrap();
        let position = game.position();
        let review = |engine: &mut Engine, id, played: Option<&str>| {
            run(
                engine,
                Request::Review {
                    id,
                    position,
                    played: played.map(|s| s.parse().unwrap()),
                    depth: 6,
                },
            )
        };
        let expected = reversi_engine::review::review_position(
            &mut Searcher::new(1),
            &position.board,
            None,
            &ReviewDepth::plies(6),
            native_clock,
        );
        match &review(&mut engine, 5, None)[..] {
            [Response::Reviewed {
                id: 5,
                best,
                score,
                played_score: None,
                ..
            }] => {
                assert_eq!(*best, expected.best);
                assert_eq!(*score, expected.score);
            }
            other => panic!("{other:?}"),
        }
        // A worse move played: its value is below the best one's.
        match &review(&mut engine, 6, Some("f3"))[..] {
            [Response::Reviewed {
                score,
                played_score: Some(played),
                ..
            }] => assert!(played <= score),
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            review(&mut engine, 7, Some("a1"))[..],
            [Response::Error { id: 7, .. }]
        ));
    }

    #[test]
    fn explore_answers_from_the_loaded_file_only() {
        let mut engine = Engine::new(native_clock);
        let start = Position::START;
        let explore = Request::Explore {
            id: 9,
            position: start,
        };
        assert_eq!(engine.needs(&explore), Some(DataFile::Explorer));
        assert!(matches!(
            run(&mut engine, explore.clone())[..],
            [Response::Error { id: 9, .. }]
        ));
        assert!(engine.load(DataFile::Explorer, b"garbage").is_err());
        let bytes = std::fs::read("../../assets/explorer.bin").unwrap();
        engine.load(DataFile::Explorer, &bytes).unwrap();
        assert_eq!(engine.needs(&explore), None);
        match &run(&mut engine, explore)[..] {
            [Response::Explored { id: 9, moves }] => {
                assert_eq!(moves.len(), 1);
                assert_eq!(moves[0].square.to_string(), "f5");
                assert_eq!(moves[0].games, 124_106);
                // The book values f5 too (the four first moves are one).
                assert!(moves[0].book.is_some());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn puzzles_answer_from_the_loaded_file_by_level_and_by_day() {
        let mut engine = Engine::new(native_clock);
        let ask = |id, pick| Request::Puzzle { id, pick };
        let first = ask(1, PuzzlePick::Level { level: 3, index: 0 });
        assert_eq!(engine.needs(&first), Some(DataFile::Puzzles));
        let refused = engine.load(DataFile::Puzzles, b"RVPUZ001");
        assert_eq!(
            refused,
            Err("the puzzle file ends inside its header".to_string())
        );
        let bytes = std::fs::read("../../assets/puzzles.bin").unwrap();
        engine.load(DataFile::Puzzles, &bytes).unwrap();
        assert_eq!(engine.needs(&first), None);
        let [Response::Puzzle { id: 1, puzzle }] = &run(&mut engine, first)[..] else {
            panic!("no puzzle");
        };
        assert_eq!((puzzle.level, puzzle.index), (3, 0));
        assert_eq!(puzzle.line[0], puzzle.moves[0].0);
        // Counted round the level.
        let again = ask(
            2,
            PuzzlePick::Level {
                level: 3,
                index: puzzle.of,
            },
        );
        assert!(
            matches!(&run(&mut engine, again)[..], [Response::Puzzle { puzzle: p, .. }] if p == puzzle)
        );
        let mut daily = |id| run(&mut engine, ask(id, PuzzlePick::Daily { day: 20_416 }));
        assert_eq!(daily(3)[0].id(), 3);
        assert!(matches!(&daily(4)[..], [Response::Puzzle { .. }]));
        let none = ask(5, PuzzlePick::Level { level: 9, index: 0 });
        assert!(matches!(
            &run(&mut engine, none)[..],
            [Response::Error { id: 5, .. }]
        ));
    }

    #[test]
    fn an_unreadable_message_is_answered_with_an_error_for_its_id_if_it_has_one() {
        let bad =
            r#"{"Search":{"id":41,"position":"nonsense","level":3,"seed":0,"max_millis":null}}"#;
        let error = serde_json::from_str::<Request>(bad)
            .unwrap_err()
            .to_string();
        match undecodable(bad, &error) {
            Response::Error { id: 41, message } => {
                assert!(message.contains("not a disc"), "{message}")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            undecodable("garbage", "eof"),
            Response::Error { id: 0, .. }
        ));
        assert!(matches!(greeting(None), Response::Pong { id: 0, .. }));
    }

    #[test]
    fn analysis_values_every_legal_move() {
        let mut engine = Engine::new(native_clock);
        let responses = run(
            &mut engine,
            Request::Analyse {
                id: 4,
                position: Position::START,
                depth: 3,
            },
        );
        match &responses[..] {
            [Response::Analysis { id: 4, values }] => {
                let mut squares: Vec<String> = values.iter().map(|(s, _)| s.to_string()).collect();
                squares.sort();
                assert_eq!(squares, ["c4", "d3", "e6", "f5"]);
                // The four first moves are symmetric: equal values.
                assert!(values.iter().all(|&(_, v)| v == values[0].1));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn messages_carry_values_in_their_notation_and_malformed_ones_fail_to_decode() {
        let position = reversi_engine::Game::from_transcript("f5d6")
            .unwrap()
            .position();
        let request = Request::Review {
            id: 2,
            position,
            played: Some("c3".parse().unwrap()),
            depth: 4,
        };
        let json = serde_json::to_string(&request).unwrap();
        assert!(
            json.contains(&format!("\"position\":\"{position}\"")),
            "{json}"
        );
        assert!(json.contains("\"played\":\"c3\""), "{json}");
        assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
        let thinking = Response::Thinking {
            id: 3,
            best: "c3".parse().unwrap(),
            score: -150,
            kind: reversi_engine::ScoreKind::Exact,
            pv: ["c3", "c4"].map(|s| s.parse().unwrap()).to_vec(),
            nodes: 9,
        };
        let json = serde_json::to_string(&thinking).unwrap();
        assert!(json.contains("\"pv\":\"c3c4\""), "{json}");
        assert_eq!(serde_json::from_str::<Response>(&json).unwrap(), thinking);
        // What the parsers reject cannot reach the engine: the message fails to decode, saying why.
        let bad_position = r#"{"Perft":{"id":9,"position":"nonsense","depth":3}}"#;
        let error = serde_json::from_str::<Request>(bad_position).unwrap_err();
        assert!(error.to_string().contains("is not a disc"), "{error}");
        let bad_square = json.replace("c3c4", "c3zz");
        assert!(serde_json::from_str::<Response>(&bad_square).is_err());
        let bad_played = r#"{"Review":{"id":8,"position":"PLACE","played":"zz","depth":4}}"#
            .replace("PLACE", &position.to_string());
        assert!(serde_json::from_str::<Request>(&bad_played).is_err());
    }
}
