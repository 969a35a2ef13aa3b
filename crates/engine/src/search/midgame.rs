//! The mid-game tree search of [`Searcher`]: principal variation search (written once by node type) with
//! Multi-ProbCut off the principal variation, a transposition table, and ordering by the table's move, then
//! the evaluation less the opponent's mobility; the root's searches for the analysis view and the weaker
//! levels (every move valued).

use super::node_type::{NodeType, NonPv, Pv};
use super::smp::Younger;
use super::{mpc_shallow_depth, Searcher, INFINITY};
use crate::board::{flips, moves};
use crate::control::{Clock, Control};
use crate::eval::DISC;
use crate::stackvec::StackVec;
use crate::{Bitboard, Board, Move, ScoreKind, SearchInfo, Square};

/// Probcut in the mid-game search starts at this depth.
const MPC_MIN_DEPTH: u32 = 3;
/// Probcut cuts when the shallow search lands this many standard deviations outside the window.
const MPC_T: f64 = 1.5;

/// The standard deviation (discs) of value(depth) − value([`mpc_shallow_depth`]), measured with
/// `reversi mpc-stats ../shared/data/wthor/WTH_2010.wtb --games 40 --step 5 --max-depth 10` and the same on
/// `WTH_2011.wtb` with `--max-depth 11` (560 positions of 20 to 50 empties; the root mean square of the two
/// samples); deeper searches take the largest figure.
fn mpc_sigma(depth: u32) -> f64 {
    match depth {
        0..=3 => 3.6,
        4 => 3.3,
        5 => 3.4,
        6 => 4.3,
        7 => 4.1,
        8 => 3.6,
        9 => 3.3,
        10 => 4.3,
        11 => 3.3,
        _ => 4.3,
    }
}

/// A thread of a parallel search marks the children it searches at nodes with this many plies left or more
/// (see `smp.rs`), and puts off the younger ones another thread is in. On ten positions of 38 empties at
/// depth 18 with two threads (the README's mid-game benchmark), 2 and 3 took 57-62 M nodes, 5 took 56-58 M,
/// 7 took 57 M; a helper one iteration ahead of the main thread (lazy SMP's way of spreading the threads)
/// gained nothing on top (59-61 M nodes).
const SHARE_MIN_DEPTH: u32 = 5;

impl Searcher {
    /// Whether a node searched to `depth` marks its children and defers the busy ones.
    #[inline]
    fn shares(&self, depth: u32) -> bool {
        self.busy.is_some() && depth >= SHARE_MIN_DEPTH
    }

    /// True when another thread is searching the child (`cp`, `co`).
    #[inline]
    fn is_busy(&self, cp: u64, co: u64) -> bool {
        self.busy
            .as_ref()
            .is_some_and(|b| b.is_busy(Board::new(Bitboard(cp), Bitboard(co)).hash()))
    }

    /// `search` of the child (`cp`, `co`), marked as being searched meanwhile when `mark`.
    #[inline]
    fn marked<T>(
        &mut self,
        cp: u64,
        co: u64,
        mark: bool,
        search: impl FnOnce(&mut Self) -> T,
    ) -> T {
        if !mark {
            return search(self);
        }
        let hash = Board::new(Bitboard(cp), Bitboard(co)).hash();
        if let Some(b) = &self.busy {
            b.enter(hash);
        }
        let value = search(self);
        if let Some(b) = &self.busy {
            b.leave(hash);
        }
        value
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
        let mut control = Control::unlimited();
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
        let mut control = Control::new(None, Some(deadline), clock, None);
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

    /// The value of the `i`-th child (searched to `depth`) of a node of type `N` with window
    /// (`alpha`, `beta`): on the PV the first child gets the full window and the others a null window,
    /// searched again in full if they land inside it; off the PV every child gets the (null) window.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    pub(super) fn child<N: NodeType>(
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
    pub(super) fn pvs<N: NodeType>(
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
        if !N::PV && self.probcut && depth >= MPC_MIN_DEPTH {
            // Multi-ProbCut: a shallow search far enough outside the window predicts the deep one.
            let shallow = mpc_shallow_depth(depth);
            let margin = (MPC_T * mpc_sigma(depth) * DISC as f64) as i32;
            let high = beta + margin;
            if high < INFINITY && self.pvs::<NonPv>(p, o, shallow, high - 1, high, control) >= high
            {
                return beta;
            }
            let low = alpha - margin;
            if low > -INFINITY && self.pvs::<NonPv>(p, o, shallow, low, low + 1, control) <= low {
                return alpha;
            }
            if control.aborted() {
                return 0;
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
            let share = self.shares(depth);
            let mut order = Younger::new(ordered.as_slice());
            let mut i = 0;
            while let Some((square, cp, co)) =
                order.next(|&(_, cp, co)| share && self.is_busy(cp, co))
            {
                let value = self.marked(cp, co, share, |s| {
                    s.child::<N>(i, cp, co, depth - 1, alpha, beta, control)
                });
                i += 1;
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
    pub(super) fn ordered_moves(
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

    pub(super) fn principal_variation(&self, board: &Board, first: Square) -> Vec<Square> {
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
