//! The solver's roots: the exact solve by MTD(f) and the windowed solve, the moves at the root, and the solve
//! on several threads (the first to finish answers).

use super::ordering::MoveList;
use super::probcut::shallow_value;
use super::{
    final_score, Solver, BELOW_ANY_SCORE, EVAL_INFINITY, SELECTIVE_MIN_EMPTIES, SELECTIVITY,
};
use crate::board::moves;
use crate::control::Control;
use crate::search::node_type::Pv;
use crate::search::smp::{Busy, Crew, Spawn, Younger};
use crate::tt::{TranspositionTable, FULL_WIDTH};
use crate::{Bitboard, Board, Square};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The bounds of an MTD(f) search (the serial solver's and the parallel one's): null-window probes move one
/// bound at a time until they meet. Final scores are always even (the discs and the empties add up to 64), so
/// each probe asks "at least `b`?" for an even `b`, and an exact probe moves a bound to the even score on its
/// side.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct MtdBounds {
    lower: i32,
    upper: i32,
    guess: i32,
}

impl MtdBounds {
    /// Bounds around the whole score range, probing first near `guess`.
    pub(super) fn new(guess: i32) -> MtdBounds {
        MtdBounds::within(guess, -64, 64)
    }

    /// Bounds as if every score below `lower` were `lower` and every one above `upper` were `upper`:
    /// with (-2, 2) a win/loss/draw solve (at most two probes: "at least 0?" and "at least 2?").
    pub(super) fn within(guess: i32, lower: i32, upper: i32) -> MtdBounds {
        MtdBounds {
            lower,
            upper,
            guess: guess.clamp(lower, upper),
        }
    }

    /// True while the bounds have not met.
    pub(super) fn open(&self) -> bool {
        self.lower < self.upper
    }

    /// The next probe's target: the even score nearest the guess strictly above the lower bound and at most
    /// the upper one.
    pub(super) fn target(&self) -> i32 {
        (self.guess + self.guess.rem_euclid(2)).clamp(self.lower + 1, self.upper)
    }

    /// The probe "at least `b`?" returned `value` (`exact`: at full width); true when it reached `b`.
    pub(super) fn record(&mut self, b: i32, value: i32, exact: bool) -> bool {
        if value >= b {
            self.lower = if exact {
                value + value.rem_euclid(2)
            } else {
                value
            };
            self.guess = self.lower;
            true
        } else {
            self.upper = if exact {
                value - value.rem_euclid(2)
            } else {
                value
            };
            self.guess = self.upper;
            false
        }
    }

    /// The score once the bounds have met (or the best estimate so far).
    pub(super) fn score(&self) -> i32 {
        self.lower.max(self.guess.min(self.upper))
    }
}

/// The exact score of `board` and a best move as [`Solver::solve`] gives them (with `wld`, the
/// win/loss/draw result of `solve_window(board, -1, 1)`), searched on `threads` threads sharing `tt`: this
/// one and `threads - 1` helpers started by `spawn` (see `smp.rs`). Whichever thread ends first gives the
/// result and stops the others. `control` limits the search (its node limit this thread's alone) and
/// counts every thread's nodes; the result is only valid when it was not stopped.
pub fn solve_shared(
    board: &Board,
    tt: &Arc<TranspositionTable>,
    wld: bool,
    (threads, spawn): (usize, &dyn Spawn),
    control: &mut Control,
) -> (i32, Option<Square>) {
    fn run(solver: &mut Solver, board: &Board, wld: bool) -> (i32, Option<Square>) {
        if wld {
            solver.solve_window(board, -1, 1)
        } else {
            solver.solve(board)
        }
    }
    if threads <= 1 {
        return run(&mut Solver::new(tt, control), board, wld);
    }
    let busy = Arc::new(Busy::new());
    let crew = Crew::new(spawn);
    let found = Arc::new(Mutex::new(None));
    let nodes = Arc::new(AtomicU64::new(0));
    for _ in 1..threads {
        let (tt, busy, found, nodes) = (tt.clone(), busy.clone(), found.clone(), nodes.clone());
        let (done, board) = (crew.done.clone(), *board);
        let mut control = control.for_helper(done.clone());
        crew.start(move || {
            let result = run(
                &mut Solver::new(&tt, &mut control).sharing(&busy),
                &board,
                wld,
            );
            if !control.aborted() {
                found
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .get_or_insert(result);
                done.store(true, Ordering::Relaxed);
            }
            nodes.fetch_add(control.nodes, Ordering::Relaxed);
        });
    }
    control.join_crew(crew.done.clone());
    let mine = run(&mut Solver::new(tt, control).sharing(&busy), board, wld);
    let mine_finished = !control.aborted();
    crew.finish();
    let theirs = *found.lock().unwrap_or_else(|p| p.into_inner());
    control.leave_crew(mine_finished || theirs.is_some());
    control.nodes += nodes.load(Ordering::Relaxed);
    match theirs {
        Some(result) if !mine_finished => result,
        _ => mine,
    }
}

impl Solver<'_> {
    /// The exact score of `board` (final disc difference for the side to move, empties to the winner) and a
    /// best move (`None` when the side to move must pass or the game is over). Only valid when the search was
    /// not stopped by its limits.
    ///
    /// The score is found by null-window probes (MTD(f)) starting from a shallow estimate: each probe asks
    /// "at least b?" and moves one bound, reusing the table, which costs far less than full-window searches.
    /// From `SELECTIVE_MIN_EMPTIES` (20) empties a selective solve (probcut) runs first; its value is the next
    /// estimate and its best moves order the exact search, which trusts none of its bounds.
    pub fn solve(&mut self, board: &Board) -> (i32, Option<Square>) {
        let p = board.player().0;
        let o = board.opponent().0;
        if moves(p, o) == 0 {
            return self.solve_window(board, -64, 64);
        }
        // The first guess: a 6-ply search with the evaluation where a selective solve follows (its probes
        // start nearer the score), 2 plies otherwise.
        let depth = if (!(p | o)).count_ones() >= SELECTIVE_MIN_EMPTIES {
            6
        } else {
            2
        };
        let estimate =
            shallow_value(p, o, depth, -EVAL_INFINITY, EVAL_INFINITY) / crate::eval::DISC;
        let mut guess = estimate.clamp(-64, 64);
        if (!(p | o)).count_ones() >= SELECTIVE_MIN_EMPTIES {
            // A cheaper selective search first: it leaves best moves in the table and a close guess.
            for confidence in 1..=SELECTIVITY.len() as u8 {
                self.confidence = confidence;
                guess = self.mtd(p, o, guess).0;
                if self.control.aborted() {
                    break;
                }
            }
        }
        self.confidence = FULL_WIDTH;
        self.mtd(p, o, guess)
    }

    /// MTD(f) from `guess` at the solver's confidence (see [`MtdBounds`]).
    fn mtd(&mut self, p: u64, o: u64, guess: i32) -> (i32, Option<Square>) {
        let mut bounds = MtdBounds::new(guess);
        let mut best = None;
        while bounds.open() {
            let b = bounds.target();
            let (value, square) = self.nws_root(p, o, b - 1);
            if self.control.aborted() {
                break;
            }
            if bounds.record(b, value, self.confidence == FULL_WIDTH) {
                best = Some(square);
            }
        }
        // With every move losing everything no probe fails high: any move reaches the score.
        let best = best.unwrap_or_else(|| MoveList::new(p, o).moves[0].square());
        (bounds.score(), Some(best))
    }

    /// The root's moves, ordered with the table's move first.
    fn root_moves(&self, p: u64, o: u64) -> MoveList {
        let mut list = MoveList::new(p, o);
        let tt_move = self
            .tt
            .probe(&Board::new(Bitboard(p), Bitboard(o)))
            .and_then(|d| d.best);
        list.order(tt_move, (!(p | o)).count_ones(), BELOW_ANY_SCORE);
        list
    }

    /// Null-window search at the root: is the score above `alpha`? Returns the bound and the move that
    /// reached it (meaningful when it is above `alpha`).
    fn nws_root(&mut self, p: u64, o: u64, alpha: i32) -> (i32, Square) {
        let list = self.root_moves(p, o);
        let mut best = (BELOW_ANY_SCORE, list.moves[0].square());
        let share = self.shares((!(p | o)).count_ones());
        let mut order = Younger::new(list.moves.as_slice());
        while let Some(m) = order.next(|m| share && self.is_busy(m)) {
            let score = self.marked(&m, share, |s| -s.nws(m.p, m.o, -alpha - 1));
            if self.control.aborted() {
                break;
            }
            if score > best.0 {
                best = (score, m.square());
                if score > alpha {
                    break;
                }
            }
        }
        let board = Board::new(Bitboard(p), Bitboard(o));
        self.tt.store_selective(
            &board,
            (!(p | o)).count_ones() as u8,
            self.confidence,
            (alpha, alpha + 1),
            best.0,
            Some(best.1),
        );
        best
    }

    /// The score of `board` within (`alpha`, `beta`): exact inside the window, otherwise a bound on the side
    /// it fell. With (-1, 1) this is a win/loss/draw solve.
    pub fn solve_window(&mut self, board: &Board, alpha: i32, beta: i32) -> (i32, Option<Square>) {
        let p = board.player().0;
        let o = board.opponent().0;
        if moves(p, o) == 0 {
            let score = if moves(o, p) == 0 {
                final_score(p, o)
            } else {
                -self.pvs(o, p, -beta, -alpha)
            };
            return (score, None);
        }
        let (score, best) = self.pvs_root(p, o, alpha, beta);
        (score, Some(best))
    }

    fn pvs_root(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32) -> (i32, Square) {
        let list = self.root_moves(p, o);
        let mut best_score = BELOW_ANY_SCORE;
        let mut best_move = list.moves[0].square();
        for (i, &m) in list.moves.iter().enumerate() {
            let score = self.child::<Pv>(i, m.p, m.o, alpha, beta);
            if self.control.aborted() {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = m.square();
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        (best_score, best_move)
    }
}
