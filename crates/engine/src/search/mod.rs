//! The search: what bounds it ([`SearchLimits`]), what it reports ([`SearchInfo`]), and [`Searcher::search`],
//! which plays from the opening book, deepens the mid-game search iteration by iteration within aspiration
//! windows (or values every root move for the weaker levels), and near the end hands over to the exact (or
//! win/loss/draw) [`Solver`]. Scores are in [`DISC`] units.
//!
//! - `root.rs`: [`Searcher::search`] itself, its threads, and the root's valuations;
//! - `analysis.rs`: the analysis board's search, every move valued at growing depths until exact;
//! - `midgame.rs`: the mid-game tree search (PVS, Multi-ProbCut, ordering);
//! - `node_type.rs`: the node kinds both tree searches are compiled for;
//! - `endgame/`: the exact solver;
//! - `smp.rs`: one search on several threads over shared memory (one lock-free table, one stop flag,
//!   simplified ABDADA), the threads started by the caller's [`Spawn`]: std threads natively, the page's
//!   workers sharing one `WebAssembly.Memory` in the browser.

pub mod analysis;
pub(super) mod endgame;
mod midgame;
mod node_type;
mod root;
pub(crate) mod smp;

use std::sync::Arc;

use self::smp::Busy;
pub use self::smp::{available_threads, Spawn, StdThreads};

use super::eval::{Evaluate, DISC};
use super::pattern::PatternEval;
use super::tt::TranspositionTable;
use super::{Move, Square};

const INFINITY: i32 = 30_000;
/// The deepest mid-game search (a search by time asks for this and stops on its clock).
pub const MAX_DEPTH: u32 = 60;
const ASPIRATION: i32 = 3 * DISC;

/// What bounds one search. `depth` is the mid-game depth in plies; the exact solve starts at
/// `exact_empties` empty squares or fewer, the win/loss/draw solve at `wld_empties` or fewer.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLimits {
    /// Mid-game depth in plies (at least 1).
    pub depth: u32,
    /// The mid-game depth where the endgame solve follows (at `wld_empties` or fewer), when it differs
    /// from `depth` (a search by time must leave its time to the solve).
    pub solve_depth: Option<u32>,
    /// Solve exactly at this many empties or fewer.
    pub exact_empties: u32,
    /// Solve win/loss/draw at this many empties or fewer (when more than `exact_empties`).
    pub wld_empties: u32,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop at this time on the search's clock (milliseconds): the hard limit, never passed.
    pub deadline: Option<f64>,
    /// Deepen by time: the time on the search's clock by which the mid-game iterations should be done. An
    /// iteration predicted to end past it is not started; when the last iteration changed its mind (another
    /// best move, or a value more than two discs lower) the target moves out by as much again, since such
    /// positions are the ones where time buys the most. A position with one legal move is not deepened
    /// past its first iteration. `None`: the full `depth`, time permitting.
    pub target: Option<f64>,
    /// The temperature (in [`DISC`] units) of the weaker levels' choice: every root move is valued, and a
    /// move `d` worse than the best is chosen with a weight `exp(-d / randomness)` against the best one's 1,
    /// so small slips are common and big blunders rare. 0: always the best move.
    pub randomness: i32,
    /// Seed of that choice.
    pub seed: u64,
    /// Prune by Multi-ProbCut in the mid-game search (a shallow search predicts a deep one's cut-off).
    pub probcut: bool,
    /// Play from the built-in opening book where it has the position, choosing (by `seed`) among its moves
    /// that lose at most this many discs against its best (`None`: no book).
    pub book_loss: Option<i32>,
}

impl SearchLimits {
    /// A mid-game search of `depth` plies that never switches to the solver (for measuring the evaluation
    /// and labelling positions), with the default pruning.
    pub fn midgame(depth: u32) -> SearchLimits {
        SearchLimits {
            depth,
            exact_empties: 0,
            wld_empties: 0,
            ..SearchLimits::default()
        }
    }

    /// These limits searching `depth` mid-game plies whatever the time (a benchmark: the same tree on every
    /// machine and build); the endgame solves at the limits' empties stay.
    pub fn to_depth(self, depth: u32) -> SearchLimits {
        SearchLimits {
            depth,
            solve_depth: None,
            deadline: None,
            target: None,
            ..self
        }
    }
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            depth: 8,
            solve_depth: None,
            exact_empties: 14,
            wld_empties: 16,
            nodes: None,
            deadline: None,
            target: None,
            randomness: 0,
            seed: 0,
            probcut: true,
            book_loss: None,
        }
    }
}

/// What kind of value a score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreKind {
    /// An evaluation from a mid-game search of this depth.
    Midgame {
        /// Plies searched.
        depth: u32,
    },
    /// The exact final disc difference (× [`DISC`]).
    Exact,
    /// Only the sign is known: win (> 0), draw (0) or loss (< 0).
    WinLossDraw,
    /// A move of the opening book, with the book's value.
    Book,
}

/// A report during or at the end of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// The move chosen (a pass when there is no legal placement).
    pub best: Move,
    /// Its value for the side to move, in [`DISC`] units.
    pub score: i32,
    /// What the score means.
    pub kind: ScoreKind,
    /// The expected continuation, starting with `best`.
    pub pv: Vec<Square>,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds spent so far.
    pub millis: f64,
}

/// The shallow depth that the mid-game search's probcut pairs with a search of `depth` plies: about half,
/// with the same parity (an even and an odd depth's values differ by a side-to-move bias).
pub fn mpc_shallow_depth(depth: u32) -> u32 {
    (depth / 4) * 2 + (depth & 1)
}

/// A move chosen from `values` (square, value) with probability proportional to
/// `exp((value - best) / temperature)`, by the random number drawn from `seed`.
///
/// ```
/// use reversi_engine::{choose_with_temperature, Square};
/// let values = [(Square::from_index(19), 300), (Square::from_index(26), 250), (Square::from_index(0), -2000)];
/// let picks: Vec<Square> = (0..200).map(|seed| choose_with_temperature(&values, 100, seed).0).collect();
/// // The best move is the most common, the next one is chosen too, the blunder (23 discs worse) never here.
/// let count = |i| picks.iter().filter(|s| s.index() == i).count();
/// assert!(count(19) > count(26) && count(26) > 0 && count(0) == 0);
/// ```
pub fn choose_with_temperature(
    values: &[(Square, i32)],
    temperature: i32,
    seed: u64,
) -> (Square, i32) {
    let best = values.iter().map(|&(_, v)| v).max().expect("a legal move");
    let temperature = temperature.max(1) as f64;
    let weights: Vec<f64> = values
        .iter()
        .map(|&(_, v)| ((v - best) as f64 / temperature).exp())
        .collect();
    let total: f64 = weights.iter().sum();
    // 53 random bits as a number in [0, total).
    let mut draw = (crate::rng::splitmix(seed) >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (&(square, value), weight) in values.iter().zip(&weights) {
        if draw < *weight {
            return (square, value);
        }
        draw -= weight;
    }
    *values
        .iter()
        .max_by_key(|&&(_, v)| v)
        .expect("a legal move")
}

/// Owns the transposition tables and searches positions with them.
///
/// ```
/// use reversi_engine::{native_clock, Board, Move, SearchLimits, Searcher};
/// let mut searcher = Searcher::new(4);
/// let limits = SearchLimits { depth: 4, ..SearchLimits::default() };
/// let info = searcher.search(&Board::START, &limits, native_clock, None, &mut |_| {});
/// // Every first move is equivalent by symmetry; any of them is a legal answer.
/// assert!(matches!(info.best, Move::Place(s) if Board::START.is_legal(s)));
/// ```
pub struct Searcher {
    tt: Arc<TranspositionTable>,
    end_tt: Arc<TranspositionTable>,
    eval: Arc<dyn Evaluate + Send + Sync>,
    /// Whether the current search prunes by probcut.
    probcut: bool,
    /// The opening book played from (`None`: the built-in one).
    book: Option<Box<super::book::Book>>,
    /// How many threads a search runs on, and what starts the helpers (see [`Searcher::with_threads`]).
    threads: usize,
    spawn: Option<Arc<dyn Spawn>>,
    /// What the threads of the running parallel search are searching (`None` when it runs on one).
    busy: Option<Arc<Busy>>,
    /// The host's poll, handed to every search's [`Control`] (see [`crate::Poll`]).
    poll: Option<crate::Poll>,
}

impl Searcher {
    /// A searcher with `hash_mb` MB of tables (split between mid-game and endgame) and the pattern
    /// evaluation.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::with_eval(hash_mb, Box::new(PatternEval))
    }

    /// A searcher with another evaluation (to compare evaluations, or to train one).
    pub fn with_eval(hash_mb: usize, eval: Box<dyn Evaluate + Send + Sync>) -> Searcher {
        let half = (hash_mb / 2).max(1);
        Searcher {
            tt: Arc::new(TranspositionTable::new(half)),
            end_tt: Arc::new(TranspositionTable::new(half)),
            eval: Arc::from(eval),
            probcut: false,
            book: None,
            threads: 1,
            spawn: None,
            busy: None,
            poll: None,
        }
    }

    /// This searcher searching on `threads` threads (at least 1): its own and `threads - 1` helpers started
    /// by `spawn` for each search, all sharing its tables (see `smp.rs`). The weaker levels, which value
    /// every root move in full, and the opening book stay on one thread.
    pub fn with_threads(mut self, threads: usize, spawn: Arc<dyn Spawn>) -> Searcher {
        self.threads = threads.max(1);
        self.spawn = Some(spawn);
        self
    }

    /// This searcher calling its host's `poll` as every search polls its limits (see [`crate::Poll`]).
    pub fn with_poll(mut self, poll: crate::Poll) -> Searcher {
        self.poll = Some(poll);
        self
    }

    /// Has the next searches run on `threads` threads (at least 1; more only once
    /// [`Searcher::with_threads`] has given the searcher a [`Spawn`]).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// How many threads a search runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// A helper of this searcher's parallel search: the same tables and evaluation, one thread.
    fn helper(&self, busy: &Arc<Busy>) -> Searcher {
        Searcher {
            tt: self.tt.clone(),
            end_tt: self.end_tt.clone(),
            eval: self.eval.clone(),
            probcut: self.probcut,
            book: None,
            threads: 1,
            spawn: None,
            busy: Some(busy.clone()),
            poll: self.poll,
        }
    }

    /// This searcher playing from another opening book than the built-in one (to compare books).
    pub fn with_book(mut self, book: super::book::Book) -> Searcher {
        self.book = Some(Box::new(book));
        self
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&self) {
        self.tt.clear();
        self.end_tt.clear();
    }
}
