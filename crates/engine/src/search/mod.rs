//! The search: what bounds it ([`SearchLimits`]), what it reports ([`SearchInfo`]), and [`Searcher::search`],
//! which plays from the opening book, deepens the mid-game search iteration by iteration within aspiration
//! windows (or values every root move for the weaker levels), and near the end hands over to the exact (or
//! win/loss/draw) [`Solver`]. Scores are in [`DISC`] units.
//!
//! - `midgame.rs`: the mid-game tree search (PVS, Multi-ProbCut, ordering) and the root's valuations;
//! - `node_type.rs`: the node kinds both tree searches are compiled for;
//! - `endgame/`: the exact solver;
//! - `smp.rs`: one search on several threads over shared memory (one lock-free table, one stop flag,
//!   simplified ABDADA), the threads started by the caller's [`Spawn`]: std threads natively, the page's
//!   workers sharing one `WebAssembly.Memory` in the browser.

pub(super) mod endgame;
mod midgame;
mod node_type;
pub(crate) mod smp;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

pub use self::smp::{available_threads, Spawn, StdThreads};
use self::smp::{Busy, Crew};

use self::endgame::Solver;
use super::board::moves;
use super::control::{Clock, Control};
use super::eval::{Evaluate, DISC};
use super::pattern::PatternEval;
use super::tt::TranspositionTable;
use super::{Board, Move, Square};

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
    let mut draw = (super::splitmix(seed) >> 11) as f64 / (1u64 << 53) as f64 * total;
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
}

/// The depth of the mid-game iterations before a solve of a position with `empties` empties (their move is
/// played when the solve cannot end in time).
fn solve_mid_depth(limits: &SearchLimits, empties: u32) -> u32 {
    let depth = limits.solve_depth.unwrap_or(limits.depth).max(1);
    depth.min(empties).min(empties.saturating_sub(6)).max(1)
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

    /// Chooses a move for the side to move of `board` within `limits`, calling `progress` after each completed
    /// iteration. Deterministic for a given position, table state and limits without a deadline.
    pub fn search(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        clock: Clock,
        stop: Option<Arc<AtomicBool>>,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let mut control = Control::new(limits.nodes, limits.deadline, clock, stop);
        let started = control.now();
        // The weaker levels value every root move in full; the others prune by probcut when asked.
        self.probcut = limits.probcut && limits.randomness == 0;
        self.tt.new_search();
        self.end_tt.new_search();
        let p = board.player().0;
        let o = board.opponent().0;
        let legal = moves(p, o);
        if legal == 0 {
            let score = if moves(o, p) == 0 {
                board.final_score() * DISC
            } else {
                self.eval_pass(board)
            };
            return SearchInfo {
                best: Move::Pass,
                score,
                kind: ScoreKind::Midgame { depth: 0 },
                pv: Vec::new(),
                nodes: 0,
                millis: 0.0,
            };
        }
        if let Some(max_loss) = limits.book_loss {
            let position = super::Position {
                board: *board,
                to_move: super::book::color_for(board),
            };
            let book = self
                .book
                .as_deref()
                .unwrap_or_else(|| super::book::Book::builtin());
            if let Some(chosen) = book.choose(&position, max_loss, limits.seed) {
                return SearchInfo {
                    best: Move::Place(chosen.square),
                    score: chosen.value,
                    kind: ScoreKind::Book,
                    pv: vec![chosen.square],
                    nodes: 0,
                    millis: control.now() - started,
                };
            }
        }
        if self.threads > 1 && limits.randomness == 0 && self.busy.is_none() {
            if let Some(spawn) = self.spawn.clone() {
                return self.search_with_helpers(board, limits, &*spawn, control, progress);
            }
        }
        self.deepen(board, limits, &mut control, progress)
    }

    /// [`Searcher::search`] on this searcher's threads: each helper runs the same search (without the
    /// book) on the shared tables and stops when this thread's search ends; only this thread reports.
    fn search_with_helpers(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        spawn: &dyn Spawn,
        mut control: Control,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let busy = Arc::new(Busy::new());
        let crew = Crew::new(spawn);
        let helper_limits = SearchLimits {
            nodes: None,
            target: None,
            book_loss: None,
            ..limits.clone()
        };
        let nodes = Arc::new(AtomicU64::new(0));
        for _ in 1..self.threads {
            let mut helper = self.helper(&busy);
            let mut helper_control = control.for_helper(crew.done.clone());
            let (board, limits, nodes) = (*board, helper_limits.clone(), nodes.clone());
            crew.start(move || {
                helper.deepen(&board, &limits, &mut helper_control, &mut |_| {});
                nodes.fetch_add(helper_control.nodes, Ordering::Relaxed);
            });
        }
        self.busy = Some(busy);
        let mut info = self.deepen(board, limits, &mut control, progress);
        self.busy = None;
        crew.finish();
        info.nodes += nodes.load(Ordering::Relaxed);
        info
    }

    /// The search after the book: iterative deepening, then the solve (see [`Searcher::search`]).
    fn deepen(
        &mut self,
        board: &Board,
        limits: &SearchLimits,
        control: &mut Control,
        progress: &mut dyn FnMut(&SearchInfo),
    ) -> SearchInfo {
        let started = control.now();
        let (p, o) = (board.player().0, board.opponent().0);
        let legal = moves(p, o);
        let empties = board.empty_count();
        let depth_cap = limits.depth.max(1).min(empties);
        let mut best: Option<SearchInfo> = None;

        if limits.randomness > 0 {
            // Weaker levels: every root move valued, one depth after another up to the full depth, then a
            // choice by temperature among the values of the deepest iteration that finished (a stopped
            // iteration's values are not used). Stopped before depth 1 finished: the best-looking move, as the other levels do.
            let Some((depth_done, values)) = self.deepening_root_values(board, depth_cap, control)
            else {
                return self.fallback(p, o, control, started);
            };
            let chosen =
                choose_with_temperature(&values, limits.randomness, limits.seed ^ board.hash());
            let info = SearchInfo {
                best: Move::Place(chosen.0),
                score: chosen.1,
                kind: ScoreKind::Midgame { depth: depth_done },
                pv: vec![chosen.0],
                nodes: control.nodes,
                millis: control.now() - started,
            };
            progress(&info);
            return info;
        }

        // Iterative deepening, each iteration searched around the last one's score.
        let mut score = 0;
        let first_depth = if empties <= limits.wld_empties {
            1.min(depth_cap)
        } else {
            1
        };
        let mid_depth = if empties <= limits.wld_empties {
            solve_mid_depth(limits, empties)
        } else {
            depth_cap
        };
        // Time of the last two finished iterations, to predict whether the next one can finish in time.
        let (mut last_iteration, mut previous_iteration) = (None::<f64>, None::<f64>);
        // Whether the last iteration changed its mind (another move, or a value that fell), for the target.
        let mut unstable = false;
        let forced = legal.count_ones() == 1;
        for depth in first_depth..=mid_depth {
            if let Some(last) = last_iteration {
                if forced && limits.target.is_some() {
                    break;
                }
                // Each iteration costs a few times the one before (the measured ratio, kept within 2-6): one
                // that cannot finish before the deadline (or the target) is not started, since a stopped
                // iteration's result is thrown away.
                let growth = previous_iteration
                    .filter(|&p| p > 0.5)
                    .map_or(4.0, |p| (last / p).clamp(2.0, 6.0));
                let end = control.now() + last * growth;
                let target = limits.target.map(|t| {
                    if unstable {
                        t + (t - started).max(0.0)
                    } else {
                        t
                    }
                });
                if limits.deadline.is_some_and(|d| end > d) || target.is_some_and(|t| end > t) {
                    break;
                }
            }
            let iteration_started = control.now();
            let (mut alpha, mut beta) = if depth <= 2 {
                (-INFINITY, INFINITY)
            } else {
                (score - ASPIRATION, score + ASPIRATION)
            };
            let (value, square) = loop {
                let (value, square) = self.root(p, o, depth, alpha, beta, control);
                if control.aborted() {
                    break (value, square);
                }
                if value <= alpha {
                    alpha = -INFINITY;
                } else if value >= beta {
                    beta = INFINITY;
                } else {
                    break (value, square);
                }
            };
            if control.aborted() {
                break;
            }
            previous_iteration = last_iteration;
            last_iteration = Some(control.now() - iteration_started);
            unstable = best
                .as_ref()
                .is_some_and(|b| b.best != Move::Place(square) || value < b.score - 2 * DISC);
            score = value;
            let info = SearchInfo {
                best: Move::Place(square),
                score,
                kind: ScoreKind::Midgame { depth },
                pv: self.principal_variation(board, square),
                nodes: control.nodes,
                millis: control.now() - started,
            };
            progress(&info);
            best = Some(info);
        }

        // A forced move at a level that plays by time is played without a solve, as without deepening.
        if empties <= limits.wld_empties
            && !control.aborted()
            && !(forced && limits.target.is_some())
        {
            let exact = empties <= limits.exact_empties;
            // The exact solve takes the solver's fastest path (MTD(f), with a selective pass first from
            // its threshold), the one `reversi solve` benchmarks.
            let mut solver = Solver::new(&self.end_tt, control);
            if let Some(busy) = self.busy.as_deref() {
                solver = solver.sharing(busy);
            }
            let (value, square) = if exact {
                solver.solve(board)
            } else {
                solver.solve_window(board, -1, 1)
            };
            if !control.aborted() {
                if let Some(square) = square {
                    let info = SearchInfo {
                        best: Move::Place(square),
                        score: value * DISC,
                        kind: if exact {
                            ScoreKind::Exact
                        } else {
                            ScoreKind::WinLossDraw
                        },
                        pv: vec![square],
                        nodes: control.nodes,
                        millis: control.now() - started,
                    };
                    progress(&info);
                    best = Some(info);
                }
            }
        }

        match best {
            Some(mut info) => {
                info.nodes = control.nodes;
                info.millis = control.now() - started;
                info
            }
            None => {
                // Stopped before the first iteration finished: fall back on the best-looking move.
                self.fallback(p, o, control, started)
            }
        }
    }
}
