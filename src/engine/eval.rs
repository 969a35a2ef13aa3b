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
}

/// The classic features of the seed programs and of the literature before pattern evaluations: mobility,
/// potential mobility (frontier), corners, X- and C-squares next to an empty corner, stable discs and
/// parity, with weights that move from the opening to the endgame with the number of empty squares.
///
/// ```
/// use reversi::engine::{Board, ClassicEval, Evaluate};
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
    let mut diag9 = 0;
    let mut diag7 = 0;
    for &line in DIAGONALS_9.iter() {
        if filled & line == line {
            diag9 |= line;
        }
    }
    for &line in DIAGONALS_7.iter() {
        if filled & line == line {
            diag7 |= line;
        }
    }
    (horizontal, vertical, diag9, diag7)
}

/// The diagonals (a1-h8 direction, step 9) and anti-diagonals (step 7) of at least 3 squares.
static DIAGONALS_9: [u64; 11] = diagonals(9);
static DIAGONALS_7: [u64; 11] = diagonals(7);

const fn diagonals(step: i32) -> [u64; 11] {
    let mut out = [0u64; 11];
    let mut n = 0;
    // Each diagonal is identified by c - r (step 9) or c + r (step 7).
    let mut k = 0;
    while k < 15 {
        let mut line = 0u64;
        let mut count = 0;
        let mut r = 0;
        while r < 8 {
            let c = if step == 9 { k - 7 + r } else { k - r };
            if c >= 0 && c < 8 {
                line |= 1u64 << (r * 8 + c);
                count += 1;
            }
            r += 1;
        }
        if count >= 3 {
            out[n] = line;
            n += 1;
        }
        k += 1;
    }
    out
}

/// Discs of `p` that can never be flipped, as found by a sound but incomplete rule: a disc is stable when on
/// each of the 4 axes its line is full, or it touches the edge, or a neighbour on that axis is a stable disc
/// of its own colour. Starting from none, the rule is applied until nothing changes.
///
/// ```
/// use reversi::engine::{stable_discs, Bitboard, Board};
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
    use crate::engine::{Game, Symmetry};

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
    }

    #[test]
    fn diagonal_masks() {
        assert_eq!(
            DIAGONALS_9
                .iter()
                .filter(|&&d| d == 0x8040_2010_0804_0201)
                .count(),
            1
        );
        assert_eq!(
            DIAGONALS_7
                .iter()
                .filter(|&&d| d == 0x0102_0408_1020_4080)
                .count(),
            1
        );
        assert!(DIAGONALS_9.iter().all(|d| d.count_ones() >= 3));
    }
}
