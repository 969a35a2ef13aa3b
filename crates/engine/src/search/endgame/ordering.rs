//! The move list of a node: every legal move with the position it leads to, ordered best first by the
//! transposition table's move, then a shallow search with the evaluation (many empties) or fastest-first
//! keys (mobility, potential mobility, corner stability, parity).

use super::probcut::shallow_value;
use super::{EVAL_INFINITY, QUADRANTS};
use crate::bitboard::{adjacent, CORNERS, C_SQUARES};
use crate::board::{flips, moves};
use crate::stackvec::StackVec;
use crate::{PatternWeights, Square};

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
/// [`EVAL_ORDER_SEARCH_EMPTIES`], a 2-ply search from there; below, by the cheaper fastest-first keys.
/// Measured on FFO #40–#49 (nodes): the evaluation from 18 empties 852.6 M; from 14 (with the child's value
/// alone at 14–17) 728.0 M; from 13, 703.1 M; from 12, 693.2 M but slower in time than 13.
const EVAL_ORDER_EMPTIES: u32 = 13;
/// From this many empties the ordering searches 2 plies below each child: nearer the leaves the searches cost
/// more than the nodes they save (docs/journal.md).
const EVAL_ORDER_SEARCH_EMPTIES: u32 = 18;
/// How far below the node's alpha, in discs, the ordering's searches still tell moves apart: a move surely
/// worse than that is cut short and ordered last anyway (8 discs: a few more nodes than an open window, for
/// cheaper searches; docs/journal.md).
const SORT_WINDOW: i32 = 8;
/// What one reply of the opponent costs in those keys, in hundredths of a disc: fewer replies (fastest first)
/// weigh a lot even beside a search (the weights that measured best: docs/journal.md).
const SEARCHED_MOBILITY_WEIGHT: i32 = 300;
const EVALUATED_MOBILITY_WEIGHT: i32 = 800;

#[derive(Clone, Copy)]
pub(super) struct OrderedChild {
    /// Square index of the move.
    pub(super) x: u8,
    /// The position after the move: the new side to move's discs…
    pub(super) p: u64,
    /// …and the other side's.
    pub(super) o: u64,
    /// Ordering key, highest first.
    pub(super) key: i32,
}

impl OrderedChild {
    #[inline]
    pub(super) fn square(&self) -> Square {
        Square::from_index(self.x as usize)
    }
}

/// The legal moves of a node with the positions they lead to, sorted best first.
pub(super) struct MoveList {
    /// At most one move per empty square.
    pub(super) moves: StackVec<OrderedChild, 64>,
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
            list.moves.push(OrderedChild {
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
    pub(super) fn take(&mut self, square: Square) -> Option<OrderedChild> {
        let index = self
            .moves
            .iter()
            .position(|m| m.x as usize == square.index())?;
        Some(self.moves.remove(index))
    }

    /// Table move first. With many empties, then by a shallow search with the evaluation (cut short more than
    /// [`SORT_WINDOW`] discs below `alpha`), less the opponent's mobility; with fewer, fastest first: the
    /// fewer replies the opponent has (corners counting double) the better, with a bonus for taking a corner
    /// and for playing into an odd quadrant.
    #[inline]
    pub(super) fn order(&mut self, tt_move: Option<Square>, empties: u32, alpha: i32) {
        if empties >= EVAL_ORDER_EMPTIES {
            let searched = empties >= EVAL_ORDER_SEARCH_EMPTIES;
            // The children's values are from the opponent's side: at or above this they are bad enough for us.
            let enough = -(alpha - SORT_WINDOW) * crate::DISC;
            for child in self.moves.as_mut_slice() {
                if Some(child.square()) == tt_move {
                    child.key = i32::MAX;
                    continue;
                }
                let replies = moves(child.p, child.o);
                let mobility =
                    replies.count_ones() as i32 + (replies & CORNERS).count_ones() as i32;
                child.key = if searched {
                    -shallow_value(child.p, child.o, 2, -EVAL_INFINITY, enough)
                        - mobility * SEARCHED_MOBILITY_WEIGHT
                } else if replies != 0 {
                    // The child's own value, from the moves just generated.
                    let own = moves(child.o, child.p);
                    -PatternWeights::builtin().evaluate_with_moves(child.p, child.o, replies, own)
                        - mobility * EVALUATED_MOBILITY_WEIGHT
                } else {
                    -shallow_value(child.p, child.o, 0, -EVAL_INFINITY, EVAL_INFINITY)
                        - mobility * EVALUATED_MOBILITY_WEIGHT
                };
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
