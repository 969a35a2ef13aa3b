//! The mid-game tree search of [`Searcher`]: principal variation search (written once by node type) with
//! Multi-ProbCut off the principal variation, a transposition table, and ordering by the table's move, then
//! the evaluation less the opponent's mobility; the root's searches for the analysis view and the weaker
//! levels (every move valued).

use super::node_type::{NodeType, NonPv, Pv};
use super::smp::Younger;
use super::{mpc_shallow_depth, Searcher, INFINITY};
use crate::board::{flips, moves};
use crate::control::Control;
use crate::eval::DISC;
use crate::stackvec::StackVec;
use crate::{Bitboard, Board, Square};

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
/// (see `smp.rs`), and puts off the younger ones another thread is in: shallower marks cost more than the
/// searches they spare (the figures that chose 5 are in docs/journal.md).
const SHARE_MIN_DEPTH: u32 = 5;

impl Searcher {
    /// Whether a node searched to `depth` marks its children and defers the busy ones.
    #[inline]
    pub(super) fn shares(&self, depth: u32) -> bool {
        self.busy.is_some() && depth >= SHARE_MIN_DEPTH
    }

    /// True when another thread is searching the child (`cp`, `co`).
    #[inline]
    pub(super) fn is_busy(&self, cp: u64, co: u64) -> bool {
        self.busy
            .as_ref()
            .is_some_and(|b| b.is_busy(Board::new(Bitboard(cp), Bitboard(co)).hash()))
    }

    /// `search` of the child (`cp`, `co`), marked as being searched meanwhile when `mark`.
    #[inline]
    pub(super) fn marked<T>(
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
            return self.eval.evaluate_with_moves(&board, legal, moves(o, p));
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
                // Both sides' moves there, generated once: the evaluation's mobility reads them.
                let (replies, ours) = (child.moves().0, child.opponent_moves().0);
                let value = if replies != 0 {
                    -self.eval.evaluate_with_moves(&child, replies, ours)
                } else if ours != 0 {
                    // The opponent must pass: the side to move plays again.
                    self.eval.evaluate_with_moves(&child.pass(), ours, replies)
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
    /// to move) less the opponent's mobility. On the stack: the search does not allocate. The children's
    /// table buckets are asked for first (each child probes its own), and load while they are evaluated.
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
            self.tt.prefetch(&Board::new(Bitboard(cp), Bitboard(co)));
            list.push((0, square, cp, co));
        }
        for (key, square, cp, co) in list.as_mut_slice() {
            *key = if Some(*square) == tt_move {
                i32::MAX
            } else {
                let child = Board::new(Bitboard(*cp), Bitboard(*co));
                let replies = moves(*cp, *co);
                let mobility = replies.count_ones() as i32;
                -self
                    .eval
                    .evaluate_with_moves(&child, replies, moves(*co, *cp))
                    - mobility * 20
            };
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
}
