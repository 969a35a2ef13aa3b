//! The roots of the mid-game search: [`Searcher::search`] (the book, then iterative deepening within
//! aspiration windows, or the weaker levels' valuation of every root move, then the hand-over to the solver),
//! its run on several threads, and the root's own searches (every move valued, the principal variation, the
//! answer of a search stopped before its first iteration).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use super::endgame::Solver;
use super::node_type::Pv;
use super::smp::{Busy, Crew, Spawn, Younger};
use super::{
    choose_with_temperature, ScoreKind, SearchInfo, SearchLimits, Searcher, ASPIRATION, INFINITY,
};
use crate::board::{flips, moves};
use crate::control::{Clock, Control};
use crate::eval::DISC;
use crate::{Bitboard, Board, Move, Square};

/// The longest line an iteration of the search reports.
const PV_MOST: usize = 20;
/// The longest line a book move reports: the book's main line, then a short search's.
const BOOK_LINE_MOST: usize = 24;
/// The depth of the search that goes on with a book move's line where the book ends.
const BOOK_LINE_DEPTH: u32 = 6;

/// The depth of the mid-game iterations before a solve of a position with `empties` empties (their move is
/// played when the solve cannot end in time).
fn solve_mid_depth(limits: &SearchLimits, empties: u32) -> u32 {
    let depth = limits.solve_depth.unwrap_or(limits.depth).max(1);
    depth.min(empties).min(empties.saturating_sub(6)).max(1)
}

impl Searcher {
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
        let mut control =
            Control::new(limits.nodes, limits.deadline, clock, stop).with_poll(self.poll);
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
            let position = crate::Position {
                board: *board,
                to_move: crate::book::color_for(board),
            };
            let book = self
                .book
                .as_deref()
                .unwrap_or_else(|| crate::book::Book::builtin());
            if let Some(chosen) = book.choose(&position, max_loss, limits.seed) {
                let mut pv = book.main_line(&position, chosen.square, BOOK_LINE_MOST);
                // Where the book ends, a short search goes on with the line.
                let end = pv.iter().try_fold(position, |p, &s| p.play(s));
                if let Some(end) = end.filter(|e| e.board.has_moves() && pv.len() < BOOK_LINE_MOST)
                {
                    let limits = SearchLimits::midgame(BOOK_LINE_DEPTH);
                    let rest = self.deepen(&end.board, &limits, &mut control, &mut |_| {});
                    if !control.aborted() {
                        pv.extend(rest.pv.into_iter().take(BOOK_LINE_MOST - pv.len()));
                    }
                }
                return SearchInfo {
                    best: Move::Place(chosen.square),
                    score: chosen.value,
                    kind: ScoreKind::Book,
                    pv,
                    nodes: control.nodes,
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

    /// The answer of a search stopped before its first iteration finished: the best-looking move (by the
    /// ordering: table move, evaluation, mobility), with no value.
    pub(super) fn fallback(&self, p: u64, o: u64, control: &Control, started: f64) -> SearchInfo {
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

    /// The value of every legal move at `depth` (each searched with a full window), best first. For the
    /// "analyse" view and for the weaker levels.
    pub fn analyse(&mut self, board: &Board, depth: u32) -> Vec<(Square, i32)> {
        let mut control = Control::unlimited().with_poll(self.poll);
        self.tt.new_search();
        self.probcut = false;
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
        let mut control = Control::new(None, Some(deadline), clock, None).with_poll(self.poll);
        self.tt.new_search();
        self.probcut = false;
        let depth = depth.max(1).min(board.empty_count().max(1));
        let (done, mut values) = self.deepening_root_values(board, depth, &mut control)?;
        values.sort_by_key(|&(_, v)| -v);
        Some((done, values))
    }

    /// Root values at depth 1, 2, … up to `depth_cap`; the last set that finished before the control
    /// stopped the search, with its depth (values of a stopped depth are not used).
    pub(super) fn deepening_root_values(
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

    pub(super) fn root_values(
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

    pub(super) fn eval_pass(&self, board: &Board) -> i32 {
        -self.eval.evaluate(&board.pass())
    }

    pub(super) fn root(
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
        let share = self.shares(depth);
        let mut order = Younger::new(ordered.as_slice());
        let mut i = 0;
        while let Some((square, cp, co)) = order.next(|&(_, cp, co)| share && self.is_busy(cp, co))
        {
            let value = self.marked(cp, co, share, |s| {
                s.child::<Pv>(i, cp, co, depth - 1, alpha, beta, control)
            });
            i += 1;
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

    /// `first`, then the best moves the mid-game table holds after it: at most [`PV_MOST`] moves.
    pub(super) fn principal_variation(&self, board: &Board, first: Square) -> Vec<Square> {
        let mut pv = vec![first];
        pv.extend(self.table_line(&board.play_unchecked(first), false, PV_MOST - 1));
        pv
    }

    /// The best moves the tables hold from `board` on (the endgame table's when `exact`), at most `most`.
    pub(super) fn table_line(&self, board: &Board, exact: bool, most: usize) -> Vec<Square> {
        let table = if exact { &self.end_tt } else { &self.tt };
        let mut line = Vec::new();
        let mut current = *board;
        while line.len() < most {
            if current.must_pass() {
                current = current.pass();
            }
            match table.probe(&current).and_then(|d| d.best) {
                Some(square) if current.is_legal(square) => {
                    line.push(square);
                    current = current.play_unchecked(square);
                }
                _ => break,
            }
        }
        line
    }
}
