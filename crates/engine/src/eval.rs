//! Static evaluation of mid-game positions, in hundredths of a disc from the side to move's point of view.
//!
//! The search only sees the [`Evaluate`] trait, so a pattern-based evaluation (weights per pattern
//! configuration and game phase) can replace [`ClassicEval`] without touching it.

use super::bitboard::{CORNERS, C_SQUARES_BY_CORNER as C_SQUARES, X_SQUARES};
use super::board::moves;
use super::{Bitboard, Board};

/// Score units per disc: evaluations are in hundredths of a disc, exact endgame scores are discs × `DISC`.
pub const DISC: i32 = 100;

/// A static evaluation: the expected final disc difference for the side to move, in [`DISC`] units.
pub trait Evaluate {
    /// Evaluates a position where the game is not over (the search scores finished games itself).
    fn evaluate(&self, board: &Board) -> i32;

    /// The same value where the search has generated both sides' moves already: `moves` must be
    /// `board.moves()` and `opponent_moves` `board.opponent_moves()`, as bits. An evaluation that reads
    /// mobility takes them instead of generating them again.
    fn evaluate_with_moves(&self, board: &Board, moves: u64, opponent_moves: u64) -> i32 {
        let _ = (moves, opponent_moves);
        self.evaluate(board)
    }
}

/// The classic features of the literature before pattern evaluations: mobility,
/// potential mobility (frontier), corners, X- and C-squares next to an empty corner, stable discs and
/// parity, with weights that move from the opening to the endgame with the number of empty squares.
///
/// ```
/// use reversi_engine::{Board, ClassicEval, Evaluate};
/// // The start position is symmetric: neither side is ahead.
/// assert_eq!(ClassicEval.evaluate(&Board::START), 0);
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct ClassicEval;

/// Weights at the start (60 empties) and at the end (0 empties) of the game; linear in between.
struct Weights {
    mobility: (i32, i32),
    frontier: (i32, i32),
    corner: (i32, i32),
    x_square: (i32, i32),
    c_square: (i32, i32),
    stable: (i32, i32),
    discs: (i32, i32),
    parity: (i32, i32),
}

const WEIGHTS: Weights = Weights {
    mobility: (90, 45),
    frontier: (35, 10),
    corner: (600, 350),
    x_square: (-350, -80),
    c_square: (-90, -20),
    stable: (90, 110),
    discs: (-8, 60),
    parity: (0, 150),
};

#[inline]
fn blend((opening, end): (i32, i32), empties: i32) -> i32 {
    (opening * empties + end * (60 - empties)) / 60
}

/// Squares next to an empty square (in any direction).
#[inline]
fn next_to(empties: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let e = empties;
    let horizontal = ((e << 1) & NOT_A) | ((e >> 1) & NOT_H);
    let row = e | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

impl Evaluate for ClassicEval {
    fn evaluate(&self, board: &Board) -> i32 {
        let p = board.player().0;
        let o = board.opponent().0;
        let empty = !(p | o);
        let empties = empty.count_ones() as i32;
        let w = &WEIGHTS;

        let mobility = moves(p, o).count_ones() as i32 - moves(o, p).count_ones() as i32;
        // Discs next to empty squares give the opponent moves later: fewer is better.
        let frontier = next_to(empty);
        let frontier = (o & frontier).count_ones() as i32 - (p & frontier).count_ones() as i32;
        let corners = (p & CORNERS).count_ones() as i32 - (o & CORNERS).count_ones() as i32;
        let mut x_squares = 0;
        for (x, corner) in X_SQUARES {
            if empty & corner != 0 {
                x_squares += ((p & x) != 0) as i32 - ((o & x) != 0) as i32;
            }
        }
        let mut c_squares = 0;
        for (c, corner) in C_SQUARES {
            if empty & corner != 0 {
                c_squares += (p & c).count_ones() as i32 - (o & c).count_ones() as i32;
            }
        }
        let stable = if (p | o) & CORNERS != 0 {
            stable(p, o).count_ones() as i32 - stable(o, p).count_ones() as i32
        } else {
            0
        };
        let discs = p.count_ones() as i32 - o.count_ones() as i32;
        // With an odd number of empties the side to move expects the last move.
        let parity = if empties % 2 == 1 { 1 } else { -1 };

        blend(w.mobility, empties) * mobility
            + blend(w.frontier, empties) * frontier
            + blend(w.corner, empties) * corners
            + blend(w.x_square, empties) * x_squares
            + blend(w.c_square, empties) * c_squares
            + blend(w.stable, empties) * stable
            + blend(w.discs, empties) * discs
            + if empties < 20 {
                blend(w.parity, empties) * parity
            } else {
                0
            }
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = 0x8080_8080_8080_8080;
const ROW_1: u64 = 0xFF;
const ROW_8: u64 = 0xFF00_0000_0000_0000;
const EDGES: u64 = FILE_A | FILE_H | ROW_1 | ROW_8;

/// Squares lying on a completely filled line, per axis: (horizontal, vertical, a1-h8 diagonals, h1-a8 diagonals).
#[inline]
fn full_lines(filled: u64) -> (u64, u64, u64, u64) {
    // Horizontal: a row is full when its 8 bits are set.
    let mut h = filled & (filled >> 1) & (filled >> 2) & (filled >> 3);
    h = h & (h >> 4) & FILE_A;
    let horizontal = h * 0xFF;
    // Vertical: a column is full when all 8 rows have it.
    let mut v = filled & (filled >> 8);
    v &= v >> 16;
    v &= v >> 32;
    let vertical = (v & ROW_1) * FILE_A;
    let diag9 = full_along(filled, 9, FAR_9) & full_along_back(filled, 9, FAR_9_BACK);
    let diag7 = full_along(filled, 7, FAR_7) & full_along_back(filled, 7, FAR_7_BACK);
    (horizontal, vertical, diag9, diag7)
}

/// For a diagonal direction, the squares at most 0, 1 and 3 steps from the board's edge that way (whose
/// neighbour 1, 2 and 4 steps on is off the board): rows and columns counted from that edge.
const FAR_9: [u64; 3] = [
    0xFF00_0000_0000_0000 | 0x8080_8080_8080_8080,
    0xFFFF_0000_0000_0000 | 0xC0C0_C0C0_C0C0_C0C0,
    0xFFFF_FFFF_0000_0000 | 0xF0F0_F0F0_F0F0_F0F0,
];
const FAR_9_BACK: [u64; 3] = [
    0x0000_0000_0000_00FF | 0x0101_0101_0101_0101,
    0x0000_0000_0000_FFFF | 0x0303_0303_0303_0303,
    0x0000_0000_FFFF_FFFF | 0x0F0F_0F0F_0F0F_0F0F,
];
const FAR_7: [u64; 3] = [
    0xFF00_0000_0000_0000 | 0x0101_0101_0101_0101,
    0xFFFF_0000_0000_0000 | 0x0303_0303_0303_0303,
    0xFFFF_FFFF_0000_0000 | 0x0F0F_0F0F_0F0F_0F0F,
];
const FAR_7_BACK: [u64; 3] = [
    0x0000_0000_0000_00FF | 0x8080_8080_8080_8080,
    0x0000_0000_0000_FFFF | 0xC0C0_C0C0_C0C0_C0C0,
    0x0000_0000_FFFF_FFFF | 0xF0F0_F0F0_F0F0_F0F0,
];

/// The filled squares from which every square `step` by `step` towards higher bits up to the edge is filled:
/// a square and its neighbour, then pairs of those two apart, then fours (`far[k]` marks the squares whose
/// neighbour 2^k steps on is off the board, where the run already reaches the edge).
#[inline]
fn full_along(filled: u64, step: u32, far: [u64; 3]) -> u64 {
    let mut run = filled & ((filled >> step) | far[0]);
    run &= (run >> (2 * step)) | far[1];
    run &= (run >> (4 * step)) | far[2];
    run
}

/// [`full_along`] towards lower bits.
#[inline]
fn full_along_back(filled: u64, step: u32, far: [u64; 3]) -> u64 {
    let mut run = filled & ((filled << step) | far[0]);
    run &= (run << (2 * step)) | far[1];
    run &= (run << (4 * step)) | far[2];
    run
}

/// Discs of `p` that can never be flipped, as found by a sound but incomplete rule: a disc is stable when on
/// each of the 4 axes its line is full, or it touches the edge, or a neighbour on that axis is a stable disc
/// of its own colour. Starting from none, the rule is applied until nothing changes.
///
/// ```
/// use reversi_engine::{stable_discs, Bitboard, Board};
/// // A lone corner disc is stable; a lone disc on b2 is not.
/// let corner = Board::new(Bitboard(1), Bitboard(0));
/// assert_eq!(stable_discs(&corner), Bitboard(1));
/// let b2 = Board::new(Bitboard(1 << 9), Bitboard(0));
/// assert!(stable_discs(&b2).is_empty());
/// ```
pub fn stable_discs(board: &Board) -> Bitboard {
    Bitboard(stable(board.player().0, board.opponent().0))
}

/// [`stable_discs`] on raw sets, for the search's inner loops.
pub(crate) fn stable(p: u64, o: u64) -> u64 {
    let (full_h, full_v, full_9, full_7) = full_lines(p | o);
    let mut stable = 0u64;
    loop {
        let h = full_h | FILE_A | FILE_H | ((stable << 1) & !FILE_A) | ((stable >> 1) & !FILE_H);
        let v = full_v | ROW_1 | ROW_8 | (stable << 8) | (stable >> 8);
        let d9 = full_9 | EDGES | ((stable << 9) & !FILE_A) | ((stable >> 9) & !FILE_H);
        let d7 = full_7 | EDGES | ((stable << 7) & !FILE_H) | ((stable >> 7) & !FILE_A);
        let next = p & h & v & d9 & d7;
        if next == stable {
            return stable;
        }
        stable = next;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Game, Symmetry};

    #[test]
    fn evaluation_is_symmetric() {
        // Positions along a game that always takes the last legal move.
        let mut game = Game::new();
        while !game.is_over() {
            let board = game.position().board;
            let value = ClassicEval.evaluate(&board);
            for symmetry in Symmetry::ALL {
                assert_eq!(ClassicEval.evaluate(&board.transform(symmetry)), value);
            }
            let last = game.legal_moves().iter().last().unwrap();
            game.play(last).unwrap();
        }
    }

    #[test]
    fn stable_discs_on_full_edges_and_corners() {
        // Row 1 full of the player's discs: all 8 are stable.
        assert_eq!(stable(0xFF, 0), 0xFF);
        // A filled board: everything is stable.
        assert_eq!(
            stable(0x00FF_00FF_00FF_00FF, 0xFF00_FF00_FF00_FF00),
            0x00FF_00FF_00FF_00FF
        );
        // a1, b1 stable (b1 touches stable a1 on its row, the edge otherwise); c2 not.
        assert_eq!(stable(0b11 | (1 << 10), 0), 0b11);
        // A full edge of both colours: every disc on it stable, whoever owns it.
        assert_eq!(stable(0x55, 0xAA), 0x55);
        assert_eq!(stable(0xAA, 0x55), 0xAA);
        // The four corners, and nothing else, when each holds a lone disc.
        let corners = 1 | 1 << 7 | 1 << 56 | 1 << 63;
        assert_eq!(stable(corners | 1 << 27, 1 << 36), corners);
    }

    /// No disc marked stable, of either colour, is ever turned by the next move of either side, along
    /// games played by a fixed rule from the start and from XOT-like random openings.
    #[test]
    fn a_disc_flippable_next_move_is_never_marked_stable() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut marked = 0u32;
        for _ in 0..200 {
            let mut game = Game::new();
            while !game.is_over() {
                let board = game.position().board;
                for board in [board, Board::new(board.opponent(), board.player())] {
                    let stable_discs = stable(board.player().0, board.opponent().0)
                        | stable(board.opponent().0, board.player().0);
                    marked += stable_discs.count_ones();
                    for square in board.moves().iter() {
                        let turned = board.flips(square).0;
                        assert_eq!(turned & stable_discs, 0, "{board:?} {square}");
                    }
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let moves: Vec<_> = game.legal_moves().iter().collect();
                game.play(moves[(seed % moves.len() as u64) as usize])
                    .unwrap();
            }
        }
        assert!(
            marked > 10_000,
            "the games reach stable discs ({marked} marked)"
        );
    }

    /// Full lines against a square-by-square walk of each line through each square, on random fillings.
    #[test]
    fn full_lines_match_a_walk() {
        let walk = |filled: u64, x: i32, (dc, dr): (i32, i32)| {
            [1, -1].iter().all(|&sign| {
                let (mut c, mut r) = (x % 8, x / 8);
                while (0..8).contains(&c) && (0..8).contains(&r) {
                    if filled >> (r * 8 + c) & 1 == 0 {
                        return false;
                    }
                    c += sign * dc;
                    r += sign * dr;
                }
                true
            })
        };
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            // Mostly filled boards, where full lines are common.
            let filled = seed | seed.rotate_left(11) | seed.rotate_left(23);
            let (h, v, d9, d7) = full_lines(filled);
            for x in 0..64 {
                let bit = |set: u64| set >> x & 1 == 1;
                assert_eq!(bit(h), walk(filled, x, (1, 0)), "h {filled:#x} {x}");
                assert_eq!(bit(v), walk(filled, x, (0, 1)), "v {filled:#x} {x}");
                assert_eq!(bit(d9), walk(filled, x, (1, 1)), "d9 {filled:#x} {x}");
                assert_eq!(bit(d7), walk(filled, x, (-1, 1)), "d7 {filled:#x} {x}");
            }
        }
    }
}
