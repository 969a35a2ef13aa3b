//! Exact endgame solving: the final disc difference with perfect play (and win/loss/draw, the same search with a
//! window around zero). Null-window search everywhere but on the principal variation; a transposition table
//! (its buckets prefetched for every child while a node's moves are ordered, and enhanced transposition
//! cutoffs), fastest-first ordering and a stability cutoff while many squares are empty; near the end the empty
//! squares in a fixed order of preference with parity first, no move generation and no allocation, and the
//! last three squares handled by specialised functions. Positions with many
//! empties are first solved selectively (probcut against a shallow search with the evaluation), which costs
//! a fraction of the exact search and makes its ordering and first guess much better.
//!
//! The solver is split by concern: this file holds the solver and its search (MTD(f), PVS, null-window
//! search); `small.rs` the last few empties (preference and parity order, the 3-, 2- and 1-empty solves,
//! last-flip counting);
//! `ordering.rs` the move list and its keys; `probcut.rs` the shallow searches with the evaluation that
//! probcut and the ordering use.

mod ordering;
mod probcut;
mod root;
mod small;

use self::ordering::{MoveList, OrderedChild};
pub use self::probcut::probcut_value;
pub use self::root::solve_shared;
use super::node_type::{NodeType, NonPv, Pv};
use super::smp::{Busy, Younger};
use crate::board::moves;
use crate::control::Control;
use crate::eval::stable;
use crate::tt::{TranspositionTable, TtData, FULL_WIDTH};
use crate::{Bitboard, Board};

/// At or below this many empties the search uses no table and no sorting.
pub(super) const SHALLOW: u32 = 6;
/// Enhanced transposition cutoffs are tried at or above this many empties.
pub(super) const ETC_MIN_EMPTIES: u32 = 14;
/// Results are only stored in the table at or above this many empties.
pub(super) const TT_MIN_EMPTIES: u32 = 9;

/// The four quadrants, for parity ordering: an odd quadrant is played into first.
pub(super) const QUADRANTS: [u64; 4] = [
    0x0000_0000_0F0F_0F0F,
    0x0000_0000_F0F0_F0F0,
    0x0F0F_0F0F_0000_0000,
    0xF0F0_F0F0_0000_0000,
];

/// The selective searches that precede the exact one from [`SELECTIVE_MIN_EMPTIES`] empties, by their probcut
/// margin in standard deviations of the shallow search's error; a search at confidence `c` uses
/// `SELECTIVITY[c - 1]`. One pass at 1.5 σ (about 87 % sure): it orders the exact search far better on the
/// hard positions, and more passes cost more than they save with this evaluation's error (docs/journal.md).
pub(super) const SELECTIVITY: [f32; 1] = [1.5];
/// Positions with at least this many empties are solved selectively first (below 20 the selective pass costs
/// about what it saves; docs/journal.md).
pub const SELECTIVE_MIN_EMPTIES: u32 = 20;
/// A selective search tries probcut at nodes with at least this many empties.
pub(super) const PROBCUT_MIN_EMPTIES: u32 = 10;

/// Below every final score (a final disc difference lies in -64..=64): where a search for the best score starts,
/// so that any move played beats it.
pub(super) const BELOW_ANY_SCORE: i32 = -65;
/// Above every final score: where a search for the opponent's best (our lowest) score starts.
pub(super) const ABOVE_ANY_SCORE: i32 = 65;
/// Beyond every value of the evaluation's shallow searches (in [`DISC`](crate::DISC) units): their open window.
pub(super) const EVAL_INFINITY: i32 = 30_000;

/// A thread of a parallel solve marks the children it searches at this many empties or more (see `smp.rs`),
/// and puts off the younger ones another thread is in; nearer the leaves the marks cost more than they spare
/// (figures in docs/journal.md).
const SHARE_MIN_EMPTIES: u32 = 12;

/// Exact solver over a transposition table owned by the caller (shared with the other threads of a parallel
/// solve, when there are any).
pub struct Solver<'a> {
    tt: &'a TranspositionTable,
    /// What the threads of a parallel solve are searching now (`None` on a solve of one thread).
    busy: Option<&'a Busy>,
    /// [`FULL_WIDTH`] for exact search, or the selective level (1 to `SELECTIVITY.len()`).
    confidence: u8,
    /// Nodes and limits.
    pub control: &'a mut Control,
}

/// The hash of the position after a move.
#[inline]
fn child_hash(child: &OrderedChild) -> u64 {
    Board::new(Bitboard(child.p), Bitboard(child.o)).hash()
}

/// Final disc difference when neither side can move, empties to the winner.
#[inline]
pub(super) fn final_score(p: u64, o: u64) -> i32 {
    Board::new(Bitboard(p), Bitboard(o)).final_score()
}

impl<'a> Solver<'a> {
    /// A solver using `tt` for its exact-score entries and `control` for its limits.
    pub fn new(tt: &'a TranspositionTable, control: &'a mut Control) -> Solver<'a> {
        Solver {
            tt,
            busy: None,
            confidence: FULL_WIDTH,
            control,
        }
    }

    /// This solver as one thread of a parallel solve: it marks what it searches in `busy` and puts off what
    /// the others are searching.
    pub(crate) fn sharing(mut self, busy: &'a Busy) -> Solver<'a> {
        self.busy = Some(busy);
        self
    }

    /// Whether a node with `empties` empties marks its children and defers the busy ones.
    #[inline]
    fn shares(&self, empties: u32) -> bool {
        self.busy.is_some() && empties >= SHARE_MIN_EMPTIES
    }

    /// True when another thread is searching `child` (only asked when [`Solver::shares`]).
    #[inline]
    fn is_busy(&self, child: &OrderedChild) -> bool {
        self.busy.is_some_and(|b| b.is_busy(child_hash(child)))
    }

    /// The null-window value of `child` (a child of a node that [`Solver::shares`]), marked as being searched
    /// meanwhile when `mark`.
    #[inline]
    fn marked<T>(
        &mut self,
        child: &OrderedChild,
        mark: bool,
        search: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let busy = if mark { self.busy } else { None };
        let hash = busy.map(|b| {
            let hash = child_hash(child);
            b.enter(hash);
            hash
        });
        let value = search(self);
        if let (Some(b), Some(hash)) = (busy, hash) {
            b.leave(hash);
        }
        value
    }

    /// Principal-variation search with a full window (fail-soft).
    #[inline]
    fn pvs(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        self.search::<Pv>(p, o, alpha, beta)
    }

    /// Null-window search: is the score above `alpha`? Returns a fail-soft bound (or the exact score).
    #[inline]
    fn nws(&mut self, p: u64, o: u64, alpha: i32) -> i32 {
        self.search::<NonPv>(p, o, alpha, alpha + 1)
    }

    /// Exact value below the shallow threshold, known to be at least `low` (a fail-high bound) and wanted
    /// only below `beta`: raise the bound with null windows until one fails low.
    fn exact_small(&mut self, p: u64, o: u64, mut low: i32, beta: i32) -> i32 {
        while low < beta {
            let v = self.nws(p, o, low);
            if v <= low {
                return low;
            }
            low = v;
        }
        low
    }

    /// The search below the root, written once for both kinds of node (fail-soft). On the principal
    /// variation (`N` = [`Pv`]) the window is open and every bound is searched for; elsewhere it is null
    /// (`beta` = `alpha` + 1), and the node may stop early: by stability, by the table's bounds, by probcut
    /// (selective searches), by a child's table entry (enhanced transposition cutoff), or by its first move.
    fn search<N: NodeType>(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32) -> i32 {
        let empties = (!(p | o)).count_ones();
        if empties <= SHALLOW {
            let low = self.nws_shallow(p, o, alpha, empties);
            if !N::PV || low <= alpha || low >= beta {
                return low;
            }
            // Near the end a full-window search costs little more than two null-window ones.
            return self.exact_small(p, o, low, beta);
        }
        let board = Board::new(Bitboard(p), Bitboard(o));
        if !N::PV && empties >= TT_MIN_EMPTIES {
            self.tt.prefetch(&board);
        }
        if self.control.tick() {
            return 0;
        }
        let mv = moves(p, o);
        if mv == 0 {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.search::<N>(o, p, -beta, -alpha);
        }
        if !N::PV {
            // Stability cutoff: the opponent's stable discs cap what the side to move can reach.
            let opponent_discs = o.count_ones() as i32;
            if alpha >= 64 - 2 * opponent_discs {
                let cap = 64 - 2 * stable(o, p).count_ones() as i32;
                if cap <= alpha {
                    return cap;
                }
            }
        }
        let entry = if N::PV || empties >= TT_MIN_EMPTIES {
            self.tt.probe(&board)
        } else {
            None
        };
        if !N::PV {
            if let Some(cut) = self.bound_cutoff(p, o, alpha, empties, entry) {
                return cut;
            }
        }
        let mut list = MoveList::of_moves(p, o, mv);
        if !N::PV {
            if let Some(cut) = self.transposition_cutoff(alpha, empties, &list) {
                return cut;
            }
        }
        let original_alpha = alpha;
        let mut best_score = BELOW_ANY_SCORE;
        let mut best_move = None;
        let mut i = 0;
        // The table's move first, before the others are ordered: off the principal variation it usually
        // cuts off, and then their ordering (a shallow search each, with many empties) is never needed.
        if let Some(m) = entry
            .and_then(|d| d.best)
            .and_then(|square| list.take(square))
        {
            best_score = self.child::<N>(i, m.p, m.o, alpha, beta);
            if self.control.aborted() {
                return 0;
            }
            best_move = Some(m.square());
            alpha = alpha.max(best_score);
            i += 1;
        }
        if best_score < beta {
            list.order(None, empties, alpha);
            let share = self.shares(empties);
            let mut order = Younger::after(list.moves.as_slice(), i);
            while let Some(m) = order.next(|m| share && self.is_busy(m)) {
                let score = self.marked(&m, share, |s| s.child::<N>(i, m.p, m.o, alpha, beta));
                if self.control.aborted() {
                    return 0;
                }
                i += 1;
                if score > best_score {
                    best_score = score;
                    best_move = Some(m.square());
                    if score > alpha {
                        alpha = score;
                        if score >= beta {
                            break;
                        }
                    }
                }
            }
        }
        if N::PV || empties >= TT_MIN_EMPTIES {
            self.tt.store_selective(
                &board,
                empties as u8,
                self.confidence,
                (original_alpha, beta),
                best_score,
                best_move,
            );
        }
        best_score
    }

    /// The value of the `i`-th child of a node of type `N` with window (`alpha`, `beta`): on the principal
    /// variation the first child gets the full window and the others a null window first, searched again in
    /// full when they land inside it; elsewhere every child gets the null window.
    #[inline]
    fn child<N: NodeType>(&mut self, i: usize, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        if !N::PV {
            return -self.nws(p, o, -alpha - 1);
        }
        if i == 0 {
            return -self.pvs(p, o, -beta, -alpha);
        }
        let s = -self.nws(p, o, -alpha - 1);
        if s > alpha && s < beta {
            -self.pvs(p, o, -beta, -s)
        } else {
            s
        }
    }

    /// The early exits of a null-window node before its moves are generated: the table's bounds, and
    /// probcut in a selective search.
    #[inline]
    fn bound_cutoff(
        &mut self,
        p: u64,
        o: u64,
        alpha: i32,
        empties: u32,
        entry: Option<TtData>,
    ) -> Option<i32> {
        if let Some(data) = entry.filter(|d| d.confidence >= self.confidence) {
            if data.lower > alpha {
                return Some(data.lower);
            }
            if data.upper <= alpha {
                return Some(data.upper);
            }
        }
        if self.confidence != FULL_WIDTH && empties >= PROBCUT_MIN_EMPTIES {
            return self.probcut(p, o, alpha, empties);
        }
        None
    }

    /// Enhanced transposition cutoff at a null-window node: a child whose table entry already shows it bad
    /// enough for the opponent. The children's buckets are prefetched first, and load while the moves are
    /// ordered if no child cuts.
    #[inline]
    fn transposition_cutoff(&mut self, alpha: i32, empties: u32, list: &MoveList) -> Option<i32> {
        if empties >= ETC_MIN_EMPTIES {
            // Every child is probed just below.
            for m in list.moves.iter() {
                self.tt
                    .prefetch_probed(&Board::new(Bitboard(m.p), Bitboard(m.o)));
            }
        } else if empties > TT_MIN_EMPTIES {
            for m in list.moves.iter() {
                self.tt.prefetch(&Board::new(Bitboard(m.p), Bitboard(m.o)));
            }
        }
        if empties >= ETC_MIN_EMPTIES {
            for m in list.moves.iter() {
                let child = Board::new(Bitboard(m.p), Bitboard(m.o));
                if let Some(data) = self.tt.probe(&child) {
                    if data.confidence >= self.confidence && -data.upper > alpha {
                        return Some(-data.upper);
                    }
                }
            }
        }
        None
    }
}
