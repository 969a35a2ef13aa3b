//! Probcut for the selective searches, and the shallow alpha-beta searches with the pattern evaluation
//! that it and the move ordering use.

use super::{final_score, Solver, EVAL_INFINITY, SELECTIVITY};
use crate::board::{flips, moves};
use crate::pattern::PatternWeights;
use crate::stackvec::StackVec;
use crate::Board;

impl Solver<'_> {
    /// Probcut (selective searches only): when a shallow search with the evaluation lands far enough
    /// outside the window, expect the exact score to be on the same side and answer without searching.
    pub(super) fn probcut(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> Option<i32> {
        let depth = probcut_depth(empties);
        let t = SELECTIVITY[self.confidence as usize - 1];
        let (mean, sigma) = probcut_error(empties, depth);
        let disc = crate::DISC;
        // The shallow values beyond which the exact score is outside the window with confidence t·σ.
        let high = (((alpha + 1) as f32 - mean + t * sigma) * disc as f32).ceil() as i32;
        let low = ((alpha as f32 - mean - t * sigma) * disc as f32).floor() as i32;
        // The static evaluation says which side is worth a shallow search.
        let estimate = PatternWeights::builtin().evaluate(p, o);
        if high < 64 * disc
            && estimate >= high - 1
            && shallow_value(p, o, depth, high - 1, high) >= high
        {
            return Some(alpha + 1);
        }
        if low > -64 * disc
            && estimate <= low + 1
            && shallow_value(p, o, depth, low, low + 1) <= low
        {
            return Some(alpha);
        }
        None
    }
}

/// The depth of probcut's shallow search at a node with `empties` empty squares.
#[inline]
pub(super) fn probcut_depth(empties: u32) -> u32 {
    if empties >= 20 {
        4
    } else if empties >= 14 {
        2
    } else {
        1
    }
}

/// How the exact score of a node with `empties` empty squares relates to a `depth`-ply shallow search with the
/// evaluation: the mean and the standard deviation of exact − shallow, in discs. Measured with
/// `reversi probcut-stats --games 300 --max-empties 20 --max-depth 4 --seed 12` (about 300 positions per
/// cell): the deviation falls from about 8.6 discs at depth 0 to 6.4 at depth 4 and barely depends on the
/// empties; the mean is about +1.3 discs when the side to move has the parity (odd empties) and −1.5
/// otherwise, rising by 0.2 and 0.35 a ply of depth (least squares over 10 to 20 empties).
#[inline]
fn probcut_error(empties: u32, depth: u32) -> (f32, f32) {
    let (parity, rise) = if empties % 2 == 1 {
        (1.3, 0.2)
    } else {
        (-1.5, 0.35)
    };
    (parity + rise * depth as f32, 8.6 - 0.55 * depth as f32)
}

/// The value of a position by a `depth`-ply search with the pattern evaluation, in [`DISC`](crate::DISC) units:
/// what the solver's probcut compares with the window.
pub fn probcut_value(board: &Board, depth: u32) -> i32 {
    shallow_value(
        board.player().0,
        board.opponent().0,
        depth,
        -EVAL_INFINITY,
        EVAL_INFINITY,
    )
}

/// Alpha-beta value of a position to a small depth with the evaluation at the leaves, for move ordering.
pub(super) fn shallow_value(p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let mv = moves(p, o);
    if mv == 0 {
        if moves(o, p) == 0 {
            return final_score(p, o) * crate::DISC;
        }
        return -shallow_value(o, p, depth, -beta, -alpha);
    }
    if depth == 0 {
        return PatternWeights::builtin().evaluate_with_moves(p, o, mv, moves(o, p));
    }
    let mut children: StackVec<(i32, u64, u64), 64> = StackVec::new();
    let mut rest = mv;
    while rest != 0 {
        let x = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let f = flips(p, o, x);
        children.push((0, o ^ f, p ^ f ^ (1 << x)));
    }
    let children = children.as_mut_slice();
    if depth >= 3 {
        // Deep enough for ordering to pay: the replies the evaluation likes least for the opponent first.
        for child in children.iter_mut() {
            child.0 = PatternWeights::builtin().evaluate(child.1, child.2);
        }
        children.sort_unstable_by_key(|c| c.0);
    }
    let mut best = -EVAL_INFINITY;
    for &(_, cp, co) in children.iter() {
        let v = -shallow_value(cp, co, depth - 1, -beta, -alpha);
        if v > best {
            best = v;
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
    }
    best
}
