//! The mid-game search: iterative deepening over a principal variation search (null windows off the PV),
//! aspiration windows, a transposition table and ordering by table move then by evaluation and mobility; near
//! the end it hands over to the exact (or win/loss/draw) [`Solver`]. Scores are in [`DISC`] units.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use super::board::{flips, moves};
use super::control::{Clock, Control};
use super::endgame::Solver;
use super::eval::{Evaluate, DISC};
use super::pattern::PatternEval;
use super::stackvec::StackVec;
use super::tt::TranspositionTable;
use super::{Bitboard, Board, Move, Square};

const INFINITY: i32 = 30_000;
const ASPIRATION: i32 = 3 * DISC;

/// What bounds one search. `depth` is the mid-game depth in plies; the exact solve starts at
/// `exact_empties` empty squares or fewer, the win/loss/draw solve at `wld_empties` or fewer.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLimits {
    /// Mid-game depth in plies (at least 1).
    pub depth: u32,
    /// Solve exactly at this many empties or fewer.
    pub exact_empties: u32,
    /// Solve win/loss/draw at this many empties or fewer (when more than `exact_empties`).
    pub wld_empties: u32,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop at this time on the search's clock (milliseconds).
    pub deadline: Option<f64>,
    /// Up to this much noise (in [`DISC`] units) is added to each root move's value before choosing.
    pub randomness: i32,
    /// Seed of that noise.
    pub seed: u64,
}

impl Default for SearchLimits {
    fn default() -> SearchLimits {
        SearchLimits {
            depth: 8,
            exact_empties: 14,
            wld_empties: 16,
            nodes: None,
            deadline: None,
            randomness: 0,
            seed: 0,
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

/// Owns the transposition tables and searches positions with them.
///
/// ```
/// use reversi::engine::{native_clock, Board, Move, SearchLimits, Searcher};
/// let mut searcher = Searcher::new(4);
/// let limits = SearchLimits { depth: 4, ..SearchLimits::default() };
/// let info = searcher.search(&Board::START, &limits, native_clock, None, &mut |_| {});
/// // Every first move is equivalent by symmetry; any of them is a legal answer.
/// assert!(matches!(info.best, Move::Place(s) if Board::START.is_legal(s)));
/// ```
pub struct Searcher {
    tt: TranspositionTable,
    end_tt: TranspositionTable,
    eval: Box<dyn Evaluate + Send>,
}

/// Marker types: the search is written once and compiled for the root, PV nodes and the other nodes.
trait NodeType {
    const PV: bool;
}
struct Pv;
struct NonPv;
impl NodeType for Pv {
    const PV: bool = true;
}
impl NodeType for NonPv {
    const PV: bool = false;
}

impl Searcher {
    /// A searcher with `hash_mb` MB of tables (split between mid-game and endgame) and the pattern
    /// evaluation.
    pub fn new(hash_mb: usize) -> Searcher {
        Searcher::with_eval(hash_mb, Box::new(PatternEval))
    }

    /// A searcher with another evaluation (to compare evaluations, or to train one).
    pub fn with_eval(hash_mb: usize, eval: Box<dyn Evaluate + Send>) -> Searcher {
        let half = (hash_mb / 2).max(1);
        Searcher {
            tt: TranspositionTable::new(half),
            end_tt: TranspositionTable::new(half),
            eval,
        }
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
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
        let empties = board.empty_count();
        let depth_cap = limits.depth.max(1).min(empties);
        let mut best: Option<SearchInfo> = None;

        if limits.randomness > 0 {
            // Weaker levels: every root move valued, one depth after another up to the full depth, then
            // noise on the values of the deepest iteration that finished (a stopped iteration's values are
            // not used). Stopped before depth 1 finished: the best-looking move, as the other levels do.
            let Some((depth_done, values)) =
                self.deepening_root_values(board, depth_cap, &mut control)
            else {
                let square = self.ordered_moves(p, o, None)[0].0;
                return SearchInfo {
                    best: Move::Place(square),
                    score: 0,
                    kind: ScoreKind::Midgame { depth: 0 },
                    pv: vec![square],
                    nodes: control.nodes,
                    millis: control.now() - started,
                };
            };
            let mut rng = limits.seed ^ board.hash();
            let chosen = values
                .iter()
                .map(|&(square, value)| {
                    rng = splitmix(rng);
                    let noise =
                        (rng % (2 * limits.randomness as u64 + 1)) as i32 - limits.randomness;
                    (square, value, value + noise)
                })
                .max_by_key(|&(_, _, noisy)| noisy)
                .expect("there is a legal move");
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
            depth_cap.min(empties.saturating_sub(6)).max(1)
        } else {
            depth_cap
        };
        // Time of the last two finished iterations, to predict whether the next one can finish in time.
        let (mut last_iteration, mut previous_iteration) = (None::<f64>, None::<f64>);
        for depth in first_depth..=mid_depth {
            if let (Some(deadline), Some(last)) = (limits.deadline, last_iteration) {
                // Each iteration costs a few times the one before (the measured ratio, kept within 2-6): one
                // that cannot finish before the deadline is not started, since a stopped iteration's result
                // is thrown away.
                let growth = previous_iteration
                    .filter(|&p| p > 0.5)
                    .map_or(4.0, |p| (last / p).clamp(2.0, 6.0));
                if control.now() + last * growth > deadline {
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
                let (value, square) = self.root(p, o, depth, alpha, beta, &mut control);
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

        if empties <= limits.wld_empties && !control.aborted() {
            let exact = empties <= limits.exact_empties;
            // The exact solve takes the solver's fastest path (MTD(f), with a selective pass first from
            // its threshold), the one `reversi solve` benchmarks.
            let mut solver = Solver::new(&mut self.end_tt, &mut control);
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
                let square = self.ordered_moves(p, o, None)[0].0;
                SearchInfo {
                    best: Move::Place(square),
                    score: 0,
                    kind: ScoreKind::Midgame { depth: 0 },
                    pv: vec![square],
                    nodes: control.nodes,
                    millis: control.now() - started,
                }
            }
        }
    }

    /// The value of every legal move at `depth` (each searched with a full window), best first. For the
    /// "analyse" view and for the weaker levels.
    pub fn analyse(&mut self, board: &Board, depth: u32) -> Vec<(Square, i32)> {
        let mut control = Control::unlimited();
        self.tt.new_search();
        let mut values = self.root_values(board, depth.max(1), &mut control);
        values.sort_by_key(|&(_, v)| -v);
        values
    }

    /// [`Searcher::analyse`] within a deadline on `clock`: every legal move's value at the deepest depth up
    /// to `depth` that finished in time (`None` if not even depth 1 did), with that depth, best first.
    pub fn analyse_until(
        &mut self,
        board: &Board,
        depth: u32,
        deadline: f64,
        clock: Clock,
    ) -> Option<(u32, Vec<(Square, i32)>)> {
        let mut control = Control::new(None, Some(deadline), clock, None);
        self.tt.new_search();
        let depth = depth.max(1).min(board.empty_count().max(1));
        let (done, mut values) = self.deepening_root_values(board, depth, &mut control)?;
        values.sort_by_key(|&(_, v)| -v);
        Some((done, values))
    }

    /// Root values at depth 1, 2, … up to `depth_cap`; the last set that finished before the control
    /// stopped the search, with its depth (values of a stopped depth are not used).
    fn deepening_root_values(
        &mut self,
        board: &Board,
        depth_cap: u32,
        control: &mut Control,
    ) -> Option<(u32, Vec<(Square, i32)>)> {
        let mut completed = None;
        for depth in 1..=depth_cap {
            let values = self.root_values(board, depth, control);
            if control.aborted() {
                break;
            }
            completed = Some((depth, values));
        }
        completed
    }

    fn root_values(
        &mut self,
        board: &Board,
        depth: u32,
        control: &mut Control,
    ) -> Vec<(Square, i32)> {
        let p = board.player().0;
        let o = board.opponent().0;
        board
            .moves()
            .iter()
            .map(|square| {
                let f = flips(p, o, square.index());
                let (cp, co) = (o ^ f, p ^ f ^ square.bit());
                let value = -self.pvs::<Pv>(cp, co, depth - 1, -INFINITY, INFINITY, control);
                (square, value)
            })
            .collect()
    }

    fn eval_pass(&self, board: &Board) -> i32 {
        -self.eval.evaluate(&board.pass())
    }

    fn root(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        control: &mut Control,
    ) -> (i32, Square) {
        let board = Board::new(Bitboard(p), Bitboard(o));
        let tt_move = self.tt.probe(&board).and_then(|d| d.best);
        let ordered = self.ordered_moves(p, o, tt_move);
        let original_alpha = alpha;
        let mut best = (-INFINITY - 1, ordered[0].0);
        for (i, &(square, cp, co)) in ordered.iter().enumerate() {
            let value = self.child::<Pv>(i, cp, co, depth - 1, alpha, beta, control);
            if control.aborted() {
                break;
            }
            if value > best.0 {
                best = (value, square);
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        break;
                    }
                }
            }
        }
        if !control.aborted() {
            self.tt.store(
                &board,
                depth as u8,
                original_alpha,
                beta,
                best.0,
                Some(best.1),
            );
        }
        best
    }

    /// The value of the `i`-th child (searched to `depth`) of a node of type `N` with window
    /// (`alpha`, `beta`): on the PV the first child gets the full window and the others a null window,
    /// searched again in full if they land inside it; off the PV every child gets the (null) window.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn child<N: NodeType>(
        &mut self,
        i: usize,
        p: u64,
        o: u64,
        depth: u32,
        alpha: i32,
        beta: i32,
        control: &mut Control,
    ) -> i32 {
        if !N::PV {
            return -self.pvs::<NonPv>(p, o, depth, -beta, -alpha, control);
        }
        if i == 0 {
            return -self.pvs::<Pv>(p, o, depth, -beta, -alpha, control);
        }
        let v = -self.pvs::<NonPv>(p, o, depth, -alpha - 1, -alpha, control);
        if v > alpha && v < beta {
            -self.pvs::<Pv>(p, o, depth, -beta, -v, control)
        } else {
            v
        }
    }

    /// Principal variation search below the root, fail-soft. A pass does not use up depth.
    fn pvs<N: NodeType>(
        &mut self,
        p: u64,
        o: u64,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        control: &mut Control,
    ) -> i32 {
        if control.tick() {
            return 0;
        }
        let legal = moves(p, o);
        if legal == 0 {
            if moves(o, p) == 0 {
                return Board::new(Bitboard(p), Bitboard(o)).final_score() * DISC;
            }
            return -self.pvs::<N>(o, p, depth, -beta, -alpha, control);
        }
        let board = Board::new(Bitboard(p), Bitboard(o));
        if depth == 0 {
            return self.eval.evaluate(&board);
        }
        let entry = self.tt.probe(&board);
        if let Some(data) = entry {
            if !N::PV && data.depth as u32 >= depth {
                if data.lower >= beta {
                    return data.lower;
                }
                if data.upper <= alpha {
                    return data.upper;
                }
                if data.lower == data.upper {
                    return data.lower;
                }
            }
        }
        let original_alpha = alpha;
        let mut best_value = -INFINITY - 1;
        let mut best_move = None;
        if depth == 1 {
            // Last ply: evaluate every child directly, no ordering needed.
            let mut rest = legal;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let f = flips(p, o, x);
                let child = Board::new(Bitboard(o ^ f), Bitboard(p ^ f ^ (1 << x)));
                control.nodes += 1;
                let value = if child.has_moves() {
                    -self.eval.evaluate(&child)
                } else if !child.opponent_moves().is_empty() {
                    // The opponent must pass: the side to move plays again.
                    self.eval.evaluate(&child.pass())
                } else {
                    -child.final_score() * DISC
                };
                if value > best_value {
                    best_value = value;
                    best_move = Some(Square::from_index(x));
                    if value > alpha {
                        alpha = value;
                        if value >= beta {
                            break;
                        }
                    }
                }
            }
        } else {
            let ordered = self.ordered_moves(p, o, entry.and_then(|d| d.best));
            for (i, &(square, cp, co)) in ordered.iter().enumerate() {
                let value = self.child::<N>(i, cp, co, depth - 1, alpha, beta, control);
                if control.aborted() {
                    return 0;
                }
                if value > best_value {
                    best_value = value;
                    best_move = Some(square);
                    if value > alpha {
                        alpha = value;
                        if value >= beta {
                            break;
                        }
                    }
                }
            }
        }
        self.tt.store(
            &board,
            depth as u8,
            original_alpha,
            beta,
            best_value,
            best_move,
        );
        best_value
    }

    /// Legal moves with their children: table move first, then by the child's evaluation (for the side
    /// to move) less the opponent's mobility. On the stack: the search does not allocate.
    fn ordered_moves(
        &self,
        p: u64,
        o: u64,
        tt_move: Option<Square>,
    ) -> StackVec<(Square, u64, u64), 64> {
        let mut list: StackVec<(i32, Square, u64, u64), 64> = StackVec::new();
        for square in Bitboard(moves(p, o)) {
            let f = flips(p, o, square.index());
            let (cp, co) = (o ^ f, p ^ f ^ square.bit());
            let key = if Some(square) == tt_move {
                i32::MAX
            } else {
                let child = Board::new(Bitboard(cp), Bitboard(co));
                let mobility = moves(cp, co).count_ones() as i32;
                -self.eval.evaluate(&child) - mobility * 20
            };
            list.push((key, square, cp, co));
        }
        // Stable: equal keys keep square order.
        list.as_mut_slice()
            .sort_by_key(|&(key, ..)| std::cmp::Reverse(key));
        let mut ordered = StackVec::new();
        for &(_, square, cp, co) in list.iter() {
            ordered.push((square, cp, co));
        }
        ordered
    }

    fn principal_variation(&self, board: &Board, first: Square) -> Vec<Square> {
        let mut pv = vec![first];
        let mut current = board.play_unchecked(first);
        while pv.len() < 20 {
            if current.must_pass() {
                current = current.pass();
            }
            match self.tt.probe(&current).and_then(|d| d.best) {
                Some(square) if current.is_legal(square) => {
                    pv.push(square);
                    current = current.play_unchecked(square);
                }
                _ => break,
            }
        }
        pv
    }
}

/// SplitMix64's output for the state `z` (the state then advances by its constant): seeded noise for the
/// levels, and the training tool's generator.
pub fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
