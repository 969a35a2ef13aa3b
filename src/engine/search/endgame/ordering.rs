//! The move list of a node: every legal move with the position it leads to, ordered best first by the
//! transposition table's move, then a shallow search with the evaluation (many empties) or fastest-first
//! keys (mobility, potential mobility, corner stability, parity).

use super::probcut::shallow_value;
use super::{EVAL_INFINITY, QUADRANTS};
use crate::engine::bitboard::{adjacent, CORNERS, C_SQUARES};
use crate::engine::board::{flips, moves};
use crate::engine::stackvec::StackVec;
use crate::engine::{PatternWeights, Square};

const MOBILITY_WEIGHT: i32 = 1 << 10;
const POTENTIAL_WEIGHT: i32 = 1 << 6;
const CORNER_STABILITY_WEIGHT: i32 = 1 << 9;
const PARITY_WEIGHT: i32 = 1 << 4;

/// Discs in a corner, or next to an own corner disc along an edge: a cheap count of sure-stable discs.
#[inline]
fn corner_stability(p: u64) -> i32 {
    let corners = p & CORNERS;
    let edge_neighbours = adjacent(corners) & C_SQUARES;
    (corners | (edge_neighbours & p)).count_ones() as i32
}

/// At or above this many empties moves are ordered with the pattern evaluation: the child's own value below
/// [`EVAL_ORDER_1PLY_EMPTIES`], a 1-ply search from there and 2 plies from [`EVAL_ORDER_2PLY_EMPTIES`]; below,
/// by the cheaper fastest-first keys. Measured on FFO #40–#49 (nodes): the evaluation from 18 empties
/// 852.6 M; from 14 (with the child's value alone at 14–17) 728.0 M; from 12, 698.5 M but slower in time.
const EVAL_ORDER_EMPTIES: u32 = 14;
const EVAL_ORDER_1PLY_EMPTIES: u32 = 18;
const EVAL_ORDER_2PLY_EMPTIES: u32 = 22;
/// What one reply of the opponent costs in those keys, in hundredths of a disc: with a search below the child
/// its value is worth more than with the child's value alone, where fewer replies (fastest first) count most.
/// On FFO #40–#49 at 14–17 empties: 0.5 disc a reply 770.5 M nodes, 3 discs 749.7 M, 5 discs 728.0 M, 8 discs
/// 737.6 M; above 18 empties 3 discs instead of 0.5 cost nodes (859.5 M against 852.6 M).
const SEARCHED_MOBILITY_WEIGHT: i32 = 50;
const EVALUATED_MOBILITY_WEIGHT: i32 = 500;

#[derive(Clone, Copy)]
pub(super) struct Child {
    /// Square index of the move.
    pub(super) x: u8,
    /// The position after the move: the new side to move's discs…
    pub(super) p: u64,
    /// …and the other side's.
    pub(super) o: u64,
    /// Ordering key, highest first.
    pub(super) key: i32,
}

impl Child {
    #[inline]
    pub(super) fn square(&self) -> Square {
        Square::from_index(self.x as usize)
    }
}

/// The legal moves of a node with the positions they lead to, sorted best first.
pub(super) struct MoveList {
    /// At most one move per empty square.
    pub(super) moves: StackVec<Child, 64>,
    /// Empty squares of the parent position.
    empty: u64,
}

impl MoveList {
    #[inline]
    pub(super) fn new(p: u64, o: u64) -> MoveList {
        MoveList::of_moves(p, o, moves(p, o))
    }

    /// The list for the legal moves `legal` of `p` against `o`, already generated.
    #[inline]
    pub(super) fn of_moves(p: u64, o: u64, legal: u64) -> MoveList {
        let mut list = MoveList {
            moves: StackVec::new(),
            empty: !(p | o),
        };
        let mut rest = legal;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let f = flips(p, o, x);
            list.moves.push(Child {
                x: x as u8,
                p: o ^ f,
                o: p ^ f ^ (1 << x),
                key: 0,
            });
        }
        list
    }

    /// Removes the move to `square` from the list and returns it (the others keep their order): the table's
    /// move is searched before the rest are ordered, which a cut-off by that move then spares.
    #[inline]
    pub(super) fn take(&mut self, square: Square) -> Option<Child> {
        let index = self
            .moves
            .iter()
            .position(|m| m.x as usize == square.index())?;
        Some(self.moves.remove(index))
    }

    /// Table move first. With many empties, then by a shallow search with the evaluation, less the
    /// opponent's mobility; with fewer, fastest first: the fewer replies the opponent has (corners counting
    /// double) the better, with a bonus for taking a corner and for playing into an odd quadrant.
    #[inline]
    pub(super) fn order(&mut self, tt_move: Option<Square>, empties: u32) {
        if empties >= EVAL_ORDER_EMPTIES {
            let (depth, mobility_weight) = if empties >= EVAL_ORDER_2PLY_EMPTIES {
                (2, SEARCHED_MOBILITY_WEIGHT)
            } else if empties >= EVAL_ORDER_1PLY_EMPTIES {
                (1, SEARCHED_MOBILITY_WEIGHT)
            } else {
                (0, EVALUATED_MOBILITY_WEIGHT)
            };
            for child in self.moves.as_mut_slice() {
                if Some(child.square()) == tt_move {
                    child.key = i32::MAX;
                    continue;
                }
                let replies = moves(child.p, child.o);
                let mobility =
                    replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
                let value = if depth == 0 && replies != 0 {
                    // The child's own value, from the moves just generated.
                    let own = moves(child.o, child.p);
                    -PatternWeights::builtin().evaluate_with_moves(child.p, child.o, replies, own)
                } else {
                    -shallow_value(child.p, child.o, depth, -EVAL_INFINITY, EVAL_INFINITY)
                };
                child.key = value - mobility * mobility_weight;
            }
            self.sort();
            return;
        }
        let empty = self.empty;
        let mut odd = 0u64;
        if empties < 20 {
            for q in QUADRANTS {
                if (empty & q).count_ones() & 1 == 1 {
                    odd |= q;
                }
            }
        }
        for child in self.moves.as_mut_slice() {
            let bit = 1u64 << child.x;
            if Some(child.square()) == tt_move {
                child.key = i32::MAX;
                continue;
            }
            let replies = moves(child.p, child.o);
            let mobility = replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
            let mut key = -mobility * MOBILITY_WEIGHT;
            if empties > 9 {
                // Empty squares next to our discs: where the opponent may find moves later.
                let potential = (adjacent(child.o) & !(child.p | child.o)).count_ones() as i32;
                key += -potential * POTENTIAL_WEIGHT
                    + corner_stability(child.o) * CORNER_STABILITY_WEIGHT;
            }
            if bit & CORNERS != 0 {
                key += 8;
            }
            if bit & odd != 0 {
                key += PARITY_WEIGHT;
            }
            child.key = key;
        }
        self.sort();
    }

    /// Insertion sort by key, highest first: lists are short.
    #[inline]
    fn sort(&mut self) {
        let moves = self.moves.as_mut_slice();
        for i in 1..moves.len() {
            let item = moves[i];
            let mut j = i;
            while j > 0 && moves[j - 1].key < item.key {
                moves[j] = moves[j - 1];
                j -= 1;
            }
            moves[j] = item;
        }
    }
}
