//! The Web Worker that owns the engine: a [`Searcher`] with its tables, turning each [`Request`] into
//! [`Response`]s off the page's thread. [`Engine`] is plain Rust and tested natively; only the registration
//! glue is wasm-only.

use crate::engine::{self, perft, Clock, Level, Move, Position, Searcher, DISC};
use crate::protocol::{Request, Response, ScoreKind};

/// The deepest perft the worker runs: deeper would block it for seconds.
pub const MAX_PERFT_DEPTH: u32 = 10;
/// The deepest analysis: every legal move is searched to this depth.
pub const MAX_ANALYSE_DEPTH: u32 = 10;

/// Longest an analysis searches (milliseconds); it answers with the deepest depth finished by then.
pub const MAX_ANALYSE_MILLIS: f64 = 3000.0;
/// Transposition table size in the worker.
pub const HASH_MB: usize = 32;

/// The engine's state in the worker.
pub struct Engine {
    searcher: Searcher,
    clock: Clock,
}

fn kind(kind: engine::ScoreKind) -> ScoreKind {
    match kind {
        engine::ScoreKind::Midgame { depth } => ScoreKind::Midgame { depth },
        engine::ScoreKind::Exact => ScoreKind::Exact,
        engine::ScoreKind::WinLossDraw => ScoreKind::WinLossDraw,
    }
}

fn transcript(squares: &[engine::Square]) -> String {
    squares.iter().map(|s| s.to_string()).collect()
}

impl Engine {
    /// An engine telling time with `clock` (milliseconds).
    pub fn new(clock: Clock) -> Engine {
        Engine {
            searcher: Searcher::new(HASH_MB),
            clock,
        }
    }

    /// Carries out one request, passing every response (progress first, the answer last) to `emit`.
    pub fn handle(&mut self, request: Request, emit: &mut dyn FnMut(Response)) {
        match request {
            Request::Ping { id } => emit(Response::Pong {
                id,
                version: env!("CARGO_PKG_VERSION").to_string(),
            }),
            Request::Perft {
                id,
                position,
                depth,
            } => emit(match parse(id, &position) {
                Err(error) => error,
                Ok(_) if depth > MAX_PERFT_DEPTH => error(
                    id,
                    format!("perft depth {depth} is over the worker's limit of {MAX_PERFT_DEPTH}"),
                ),
                Ok(position) => Response::Perft {
                    id,
                    nodes: perft(&position.board, depth),
                },
            }),
            Request::Search {
                id,
                position,
                level,
                seed,
                max_millis,
            } => {
                let position = match parse(id, &position) {
                    Ok(position) => position,
                    Err(response) => return emit(response),
                };
                let Some(level) = Level::get(level) else {
                    return emit(error(id, format!("there is no level {level} (1 to 10)")));
                };
                let now = (self.clock)();
                let mut limits = level.limits(now, seed);
                if let Some(max) = max_millis {
                    let cap = now + max as f64;
                    limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
                }
                let info =
                    self.searcher
                        .search(&position.board, &limits, self.clock, None, &mut |info| {
                            if let Move::Place(square) = info.best {
                                emit(Response::Thinking {
                                    id,
                                    best: square.to_string(),
                                    score: info.score,
                                    kind: kind(info.kind),
                                    pv: transcript(&info.pv),
                                    nodes: info.nodes,
                                });
                            }
                        });
                emit(Response::BestMove {
                    id,
                    best: info.best.to_string(),
                    score: info.score,
                    kind: kind(info.kind),
                    nodes: info.nodes,
                    millis: info.millis.max(0.0) as u32,
                });
            }
            Request::Analyse {
                id,
                position,
                depth,
            } => emit(match parse(id, &position) {
                Err(error) => error,
                Ok(position) => Response::Analysis {
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
                        .unwrap_or_default()
                        .into_iter()
                        .map(|(square, value)| (square.to_string(), value))
                        .collect(),
                },
            }),
        }
    }
}

fn parse(id: u64, position: &str) -> Result<Position, Response> {
    position
        .parse::<Position>()
        .map_err(|e| error(id, e.to_string()))
}

fn error(id: u64, message: String) -> Response {
    Response::Error { id, message }
}

/// Scores travel in hundredths of a disc.
const _: () = assert!(DISC == 100);

#[cfg(target_arch = "wasm32")]
pub use web::EngineWorker;

#[cfg(target_arch = "wasm32")]
mod web {
    use yew_agent::worker::{HandlerId, Worker, WorkerScope};

    use super::Engine;
    use crate::protocol::{Request, Response};

    fn now() -> f64 {
        js_sys::Date::now()
    }

    /// The engine as a yew-agent worker: one request at a time, every response tagged with its id.
    pub struct EngineWorker {
        engine: Engine,
    }

    impl Worker for EngineWorker {
        type Message = ();
        type Input = Request;
        type Output = Response;

        fn create(_scope: &WorkerScope<Self>) -> Self {
            EngineWorker {
                engine: Engine::new(now),
            }
        }

        fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

        fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
            self.engine
                .handle(request, &mut |response| scope.respond(id, response));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::native_clock;

    fn run(engine: &mut Engine, request: Request) -> Vec<Response> {
        let mut out = Vec::new();
        engine.handle(request, &mut |r| out.push(r));
        out
    }

    #[test]
    fn replies_carry_the_request_id_and_bad_input_is_an_error_reply() {
        let mut engine = Engine::new(native_clock);
        assert_eq!(run(&mut engine, Request::Ping { id: 7 })[0].id(), 7);
        let start = Position::START.to_string();
        let perft = |id, position: &str, depth| Request::Perft {
            id,
            position: position.to_string(),
            depth,
        };
        assert_eq!(
            run(&mut engine, perft(8, &start, 3)),
            [Response::Perft { id: 8, nodes: 56 }]
        );
        assert!(matches!(
            run(&mut engine, perft(9, "nonsense", 3))[..],
            [Response::Error { id: 9, .. }]
        ));
        assert!(matches!(
            run(&mut engine, perft(10, &start, 30))[..],
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
        let position = crate::engine::Game::from_transcript("f5d6c3")
            .unwrap()
            .position();
        let responses = run(
            &mut engine,
            Request::Search {
                id: 3,
                position: position.to_string(),
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
                assert!(position.board.is_legal(best.parse().unwrap()))
            }
            other => panic!("expected BestMove, got {other:?}"),
        }
    }

    #[test]
    fn analysis_values_every_legal_move() {
        let mut engine = Engine::new(native_clock);
        let responses = run(
            &mut engine,
            Request::Analyse {
                id: 4,
                position: Position::START.to_string(),
                depth: 3,
            },
        );
        match &responses[..] {
            [Response::Analysis { id: 4, values }] => {
                let mut squares: Vec<&str> = values.iter().map(|(s, _)| s.as_str()).collect();
                squares.sort();
                assert_eq!(squares, ["c4", "d3", "e6", "f5"]);
                // The four first moves are symmetric: equal values.
                assert!(values.iter().all(|&(_, v)| v == values[0].1));
            }
            other => panic!("{other:?}"),
        }
    }
}
