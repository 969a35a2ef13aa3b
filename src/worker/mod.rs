//! The Web Worker that owns the engine: a [`Searcher`] with its tables, turning each [`Request`] into
//! [`Response`]s off the page's thread. [`Engine`] is plain Rust and tested natively; only the registration
//! glue is wasm-only: messages travel as JSON text both ways (readable in the browser's tools), and the page
//! starts, stops and replaces workers itself ([`crate::client::pool`]), so the worker needs no framework.

pub mod threads;

use crate::protocol::{
    level_limits, ExplorerRow, PuzzlePick, Request, Response, WireGame, WirePuzzle,
};
use crate::protocol::{DataFile, WorkerError};
use reversi_engine::explorer::Explorer;
use reversi_engine::games::GameBase;
use reversi_engine::mistakes::Mistakes;
use reversi_engine::puzzles::PuzzleSet;
use reversi_engine::review::{review_position, ReviewDepth};
use reversi_engine::xot::random_start;
use reversi_engine::{self, perft, Clock, Poll, Searcher, Spawn, DISC};
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
    games: Option<GameBase>,
    /// The host's poll (the page's worker: its heartbeat and stop flag), called by every search and while
    /// a long file is read.
    poll: Option<Poll>,
    /// The AI's searches to this many mid-game plies whatever the time ([`Engine::with_depth`]).
    depth: Option<u32>,
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
            games: None,
            poll: None,
            depth: None,
        }
    }

    /// This engine's AI (and hint) searching `depth` mid-game plies whatever the time, when the page asks for
    /// it: `?depth=N` in its address, a benchmark (the same tree as `reversi best --depth N`).
    pub fn with_depth(mut self, depth: Option<u32>) -> Engine {
        self.depth = depth;
        self
    }

    /// This engine calling its host's `poll` as its searches poll their limits, and every few thousand
    /// games as it reads or searches the expert games (see [`reversi_engine::Poll`]).
    pub fn with_poll(mut self, poll: Poll) -> Engine {
        self.searcher = self.searcher.with_poll(poll);
        self.poll = Some(poll);
        self
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
    pub fn load(&mut self, file: DataFile, bytes: &[u8]) -> Result<(), WorkerError> {
        let corrupt = |detail: String| WorkerError::DataCorrupt { file, detail };
        match file {
            DataFile::Explorer => {
                self.explorer = Some(Explorer::read(bytes).map_err(|e| corrupt(e.to_string()))?)
            }
            DataFile::Puzzles => {
                self.puzzles = Some(PuzzleSet::read(bytes).map_err(|e| corrupt(e.to_string()))?)
            }
            DataFile::Games => {
                let games = GameBase::read(bytes, Some(&mut beating(self.poll)));
                self.games = Some(games.map_err(|e| corrupt(e.to_string()))?)
            }
        }
        Ok(())
    }

    /// The file `request` needs that is not loaded yet, if any.
    pub fn needs(&self, request: &Request) -> Option<DataFile> {
        let file = request.data_file()?;
        let loaded = match file {
            DataFile::Explorer => self.explorer.is_some(),
            DataFile::Puzzles => self.puzzles.is_some(),
            DataFile::Games => self.games.is_some(),
        };
        (!loaded).then_some(file)
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
                    WorkerError::TooDeep {
                        depth,
                        max: MAX_PERFT_DEPTH,
                    },
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
                mistakes,
            } => {
                let Some(mut limits) = level_limits(level, (self.clock)(), seed, max_millis) else {
                    return emit(error(id, WorkerError::NoLevel { level }));
                };
                if let Some(depth) = self.depth {
                    limits = limits.to_depth(depth);
                }
                self.searcher.set_threads(self.threads);
                let mut info =
                    self.searcher
                        .search(&position.board, &limits, self.clock, None, &mut |info| {
                            if let Some(thinking) = Response::thinking(id, info) {
                                emit(thinking);
                            }
                        });
                self.searcher.set_threads(1);
                let mistakes = mistakes.map(|m| Mistakes {
                    max_loss: m.max_loss.clamp(1, 64),
                    one_in: m.one_in.clamp(1, 100),
                });
                if let Some(mistakes) = mistakes.filter(|m| m.errs(seed)) {
                    if let Some((slip, loss)) = mistakes.slip(&mut self.searcher, &position.board) {
                        // The move played is the slip, valued as the search valued its best less the loss.
                        info.best = reversi_engine::Move::Place(slip);
                        info.score -= loss;
                        info.pv = vec![slip];
                    }
                }
                emit(Response::best_move(id, &info));
            }
            Request::XotStart { id, seed } => emit(match reversi_engine::xot::draw(seed) {
                Some(opening) => Response::Start {
                    id,
                    moves: opening.moves,
                    value: opening.value,
                },
                None => error(
                    id,
                    WorkerError::BadRequest {
                        detail: "the XOT list is empty".into(),
                    },
                ),
            }),
            Request::RandomStart {
                id,
                moves,
                low,
                high,
                seed,
            } => {
                let deadline = (self.clock)() + RANDOM_START_MS;
                let range = (i32::from(low.min(high)), i32::from(high.max(low)));
                emit(
                    match random_start(
                        &mut self.searcher,
                        moves.min(50) as usize,
                        range,
                        seed,
                        Some(deadline),
                        self.clock,
                    ) {
                        Some((moves, value)) => Response::Start { id, moves, value },
                        None => error(id, WorkerError::NoRandomStart { moves, low, high }),
                    },
                )
            }
            Request::Analyse {
                id,
                position,
                limit,
            } => {
                let deadline = (self.clock)() + MAX_ANALYSE_MILLIS;
                let mut control =
                    reversi_engine::Control::new(None, Some(deadline), self.clock, None)
                        .with_poll(self.poll);
                let limit = limit.map(|l| l.clamp(1, MAX_ANALYSE_DEPTH));
                // One core left to the page: the analysis deepens while a person plays on it.
                self.searcher
                    .set_threads(self.threads.saturating_sub(1).max(1));
                self.searcher.analyse_deepening(
                    &position.board,
                    limit,
                    &mut control,
                    &mut |analysis| {
                        emit(Response::Analysis {
                            id,
                            analysis: analysis.into(),
                        })
                    },
                );
                self.searcher.set_threads(1);
                emit(Response::Analysed { id })
            }
            Request::Review {
                id,
                position,
                played,
                depth,
            } => {
                if let Some(square) = played.filter(|&s| !position.board.is_legal(s)) {
                    return emit(error(id, WorkerError::IllegalMove { square }));
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
                    line: ply.line,
                    kind: ply.kind,
                })
            }
            Request::Help { id, ticket } => {
                crate::worker::threads::run(ticket);
                emit(Response::Helped { id })
            }
            Request::Explore { id, position } => emit(match &self.explorer {
                None => error(id, not_loaded(DataFile::Explorer)),
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
            Request::Games {
                id,
                position,
                player,
                offset,
                limit,
            } => emit(match &self.games {
                None => error(id, not_loaded(DataFile::Games)),
                Some(base) => {
                    let mut beat = beating(self.poll);
                    list_games(id, base, &position, &player, offset, limit, &mut beat)
                }
            }),
            Request::Stable { id, position } => {
                let board = position.board;
                let turned = reversi_engine::Board::new(board.opponent(), board.player());
                let stable =
                    reversi_engine::stable_discs(&board) | reversi_engine::stable_discs(&turned);
                emit(Response::Stable {
                    id,
                    discs: stable.iter().collect(),
                })
            }
            Request::Puzzle { id, pick } => emit(match &self.puzzles {
                None => error(id, not_loaded(DataFile::Puzzles)),
                Some(set) => match pick_puzzle(set, pick) {
                    Some(puzzle) => Response::Puzzle { id, puzzle },
                    None => error(id, WorkerError::NoPuzzle),
                },
            }),
        }
    }
}

/// How long a [`Request::RandomStart`] looks before it gives up (milliseconds).
pub const RANDOM_START_MS: f64 = 5_000.0;

/// Most games a [`Request::Games`] gets at once.
pub const MAX_GAMES_PAGE: u32 = 100;

/// The host's poll as a progress callback for long work that is not a search (its "stop" is not for such
/// work; without a host, it does nothing).
fn beating(poll: Option<Poll>) -> impl FnMut() {
    move || {
        if let Some(poll) = poll {
            poll();
        }
    }
}

/// A page of the games that reached `position`, as the page gets them.
fn list_games(
    id: u64,
    base: &GameBase,
    position: &reversi_engine::Position,
    player: &str,
    offset: u32,
    limit: u32,
    progress: &mut dyn FnMut(),
) -> Response {
    let found = base.find(position, player, Some(progress));
    let games = found
        .iter()
        .skip(offset as usize)
        .take(limit.min(MAX_GAMES_PAGE) as usize)
        .map(|m| {
            let game = base.game(m.index);
            WireGame {
                year: game.year,
                tournament: base.tournament(game.tournament).to_string(),
                black: base.player(game.black).to_string(),
                white: base.player(game.white).to_string(),
                black_discs: game.black_discs,
                theoretical_black_discs: game.theoretical_black_discs,
                transcript: base.transcript(m),
            }
        })
        .collect();
    Response::Games {
        id,
        total: found.len() as u32,
        games,
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

fn error(id: u64, error: WorkerError) -> Response {
    Response::Error { id, error }
}

/// A data file the worker was handed a request for without loading it first (the web worker loads it
/// before; a native host that did not).
fn not_loaded(file: DataFile) -> WorkerError {
    WorkerError::DataMissing { file, status: None }
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
        error: WorkerError::BadRequest {
            detail: error.to_string(),
        },
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
mod web;

#[cfg(test)]
mod tests;
