//! The last few empties: parity order over the empty squares (no table, no sorting), the 2- and 1-empty
//! solves, and the last move's flips counted from lookup tables.

use super::{final_score, Solver, QUADRANTS};
use crate::engine::bitboard::adjacent;
use crate::engine::board::{flips, moves};

/// The squares around each square: a move there needs an opponent's disc among them.
pub(super) static NEIGHBOURS: [u64; 64] = neighbours();

pub(super) const fn neighbours() -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut x = 0;
    while x < 64 {
        table[x] = adjacent(1 << x);
        x += 1;
    }
    table
}

impl Solver<'_> {
    /// Few empties: parity order (moves into quadrants with an odd number of empties first), no table.
    pub(super) fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        self.control.nodes += 1;
        let empty = !(p | o);
        match empties {
            0 => return final_score(p, o),
            1 => return solve_1(p, o, empty.trailing_zeros() as usize),
            2 => return self.solve_2(p, o, alpha, empty),
            _ => {}
        }
        let mut odd = 0u64;
        for q in QUADRANTS {
            if (empty & q).count_ones() & 1 == 1 {
                odd |= q;
            }
        }
        let mut best_score = -65;
        let mut played = false;
        for group in [empty & odd, empty & !odd] {
            let mut rest = group;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if NEIGHBOURS[x] & o == 0 {
                    continue;
                }
                let f = flips(p, o, x);
                if f == 0 {
                    continue;
                }
                played = true;
                let score = -self.nws_shallow(o ^ f, p ^ f ^ (1 << x), -alpha - 1, empties - 1);
                if score > best_score {
                    best_score = score;
                    if score > alpha {
                        return score;
                    }
                }
            }
        }
        if !played {
            if moves(o, p) == 0 {
                return final_score(p, o);
            }
            return -self.nws_shallow(o, p, -alpha - 1, empties);
        }
        best_score
    }

    #[inline]
    pub(super) fn solve_2(&mut self, p: u64, o: u64, alpha: i32, empty: u64) -> i32 {
        let x1 = empty.trailing_zeros() as usize;
        let x2 = (empty & (empty - 1)).trailing_zeros() as usize;
        let mut best = -65;
        for (a, b) in [(x1, x2), (x2, x1)] {
            if NEIGHBOURS[a] & o == 0 {
                continue;
            }
            let f = flips(p, o, a);
            if f != 0 {
                self.control.nodes += 1;
                let score = -solve_1(o ^ f, p ^ f ^ (1 << a), b);
                if score > best {
                    best = score;
                    if score > alpha {
                        return score;
                    }
                }
            }
        }
        if best > -65 {
            return best;
        }
        // The side to move must pass: the opponent plays both squares if it can.
        let mut best = 65;
        let mut moved = false;
        for (a, b) in [(x1, x2), (x2, x1)] {
            if NEIGHBOURS[a] & p == 0 {
                continue;
            }
            let f = flips(o, p, a);
            if f != 0 {
                moved = true;
                self.control.nodes += 1;
                let score = solve_1(p ^ f, o ^ f ^ (1 << a), b);
                if score < best {
                    best = score;
                    if score <= alpha {
                        return score;
                    }
                }
            }
        }
        if moved {
            best
        } else {
            final_score(p, o)
        }
    }
}

/// One empty square left, at `x`: the side to move plays it if it can, else the opponent, else nobody.
#[inline]
fn solve_1(p: u64, o: u64, x: usize) -> i32 {
    let diff = p.count_ones() as i32 - o.count_ones() as i32;
    let f = last_flip_count(p, x);
    if f > 0 {
        return diff + 2 * f + 1;
    }
    let f = last_flip_count(o, x);
    if f > 0 {
        return diff - 2 * f - 1;
    }
    // Nobody can play the last square: it goes to the winner.
    match diff.cmp(&0) {
        std::cmp::Ordering::Greater => diff + 1,
        std::cmp::Ordering::Less => diff - 1,
        std::cmp::Ordering::Equal => 0,
    }
}

/// `LINE_FLIPS[i][line]`: discs flipped along a line of eight squares by a move at `i` when the mover's discs
/// on the line are the bits of `line` and every other square but `i` holds an opponent's disc.
static LINE_FLIPS: [[u8; 256]; 8] = line_flips();

const fn line_flips() -> [[u8; 256]; 8] {
    let mut table = [[0u8; 256]; 8];
    let mut i = 0;
    while i < 8 {
        let mut line = 0;
        while line < 256 {
            let mut count = 0;
            // Towards lower bits, then higher: opponent squares up to one of the mover's discs.
            let mut j = i as i32 - 1;
            while j >= 0 && line >> j & 1 == 0 {
                j -= 1;
            }
            if j >= 0 {
                count += i as i32 - 1 - j;
            }
            let mut j = i + 1;
            while j < 8 && line >> j & 1 == 0 {
                j += 1;
            }
            if j < 8 {
                count += (j - i - 1) as i32;
            }
            table[i][line] = count as u8;
            line += 1;
        }
        i += 1;
    }
    table
}

/// The two diagonals through each square, as masks: (a1-h8 direction, a8-h1 direction).
static DIAGONALS: [(u64, u64); 64] = diagonals();

const fn diagonals() -> [(u64, u64); 64] {
    let mut table = [(0u64, 0u64); 64];
    let mut x = 0;
    while x < 64 {
        let (row, column) = ((x / 8) as i32, (x % 8) as i32);
        let mut square = 0;
        while square < 64 {
            let (r, c) = (square / 8, square % 8);
            if c - r == column - row {
                table[x].0 |= 1 << square;
            }
            if c + r == column + row {
                table[x].1 |= 1 << square;
            }
            square += 1;
        }
        x += 1;
    }
    table
}

/// Discs flipped by a move of `p` at `x` on a board whose only empty square is `x` (every square that is not
/// `p`'s holds an opponent's disc): each line through `x` is gathered into a byte indexed by column (row for
/// the column) and looked up.
#[inline]
fn last_flip_count(p: u64, x: usize) -> i32 {
    let (row, column) = (x / 8, x % 8);
    let (diagonal, anti) = DIAGONALS[x];
    let horizontal = (p >> (row * 8)) as u8 as usize;
    let vertical =
        ((p >> column) & 0x0101_0101_0101_0101).wrapping_mul(0x0102_0408_1020_4080) >> 56;
    let d1 = (p & diagonal).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    let d2 = (p & anti).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    (LINE_FLIPS[column][horizontal]
        + LINE_FLIPS[row][vertical as usize]
        + LINE_FLIPS[column][d1 as usize]
        + LINE_FLIPS[column][d2 as usize]) as i32
}
