//! The last few empties: the empty squares kept in a short list in a fixed order of preference (corners first,
//! squares next to an empty corner last), tried with parity first (squares in a quadrant with an odd number of
//! empties before the others); no table, no sorting, no move generation. Specialised solves for 3, 2 and 1
//! empties, the last move's flips counted from lookup tables. On x86-64 the solver is compiled once per
//! instruction set (AVX-512, AVX2, the baseline), so that the flips inline into it; the CPU's copy is chosen
//! once per call from the search above.
//!
//! One concept, kept in one file: the chain of specialised solvers for the last empties, each calling
//! the next, tuned together.

use super::{final_score, Solver, ABOVE_ANY_SCORE, BELOW_ANY_SCORE};
use crate::bitboard::adjacent;

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

/// The quadrant (0 to 3) of each square, for parity.
static QUADRANT: [u8; 64] = quadrants();

const fn quadrants() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut x = 0;
    while x < 64 {
        table[x] = ((x / 32) * 2 + (x % 8) / 4) as u8;
        x += 1;
    }
    table
}

/// How much a square is worth trying first near the end, lower first, by its place in its quadrant (seen from
/// the quadrant's corner): corners, then the edge squares two and three from the corner, the inner squares,
/// the squares next to a corner along an edge, and the diagonal neighbour of the corner last.
static PREFERENCE: [u8; 64] = preferences();

const fn preferences() -> [u8; 64] {
    // One quadrant, row by row from its corner.
    const QUARTER: [[u8; 4]; 4] = [[0, 7, 1, 2], [7, 8, 6, 6], [1, 6, 3, 4], [2, 6, 4, 5]];
    let mut table = [0u8; 64];
    let mut x = 0;
    while x < 64 {
        let (row, column) = (x / 8, x % 8);
        let r = if row < 4 { row } else { 7 - row };
        let c = if column < 4 { column } else { 7 - column };
        table[x] = QUARTER[r][c];
        x += 1;
    }
    table
}

/// The squares sorted by [`PREFERENCE`] (ties by index), and each square's place in that order: a set of empty
/// squares kept as bits by place is walked in order of preference by `trailing_zeros`.
static ORDER: [u8; 64] = order();
static PLACE: [u8; 64] = places();

const fn order() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut n = 0;
    let mut preference = 0;
    while preference <= 8 {
        let mut x = 0;
        while x < 64 {
            if PREFERENCE[x] == preference {
                table[n] = x as u8;
                n += 1;
            }
            x += 1;
        }
        preference += 1;
    }
    table
}

const fn places() -> [u8; 64] {
    let mut table = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        table[ORDER[i] as usize] = i as u8;
        i += 1;
    }
    table
}

/// For each set of quadrants (bit `q` for quadrant `q`), the places of their squares.
static QUADRANT_PLACES: [u64; 16] = quadrant_places();

const fn quadrant_places() -> [u64; 16] {
    let mut table = [0u64; 16];
    let mut set = 0;
    while set < 16 {
        let mut i = 0;
        while i < 64 {
            if set >> QUADRANT[ORDER[i] as usize] & 1 == 1 {
                table[set] |= 1 << i;
            }
            i += 1;
        }
        set += 1;
    }
    table
}

/// The empty squares of a position with few empties, as bits by place in [`ORDER`], with their parity.
#[derive(Clone, Copy)]
struct Empties {
    places: u64,
    /// Bit `q` set when quadrant `q` holds an odd number of empties.
    parity: u8,
}

impl Empties {
    #[inline]
    fn of(empty: u64) -> Empties {
        let mut list = Empties {
            places: 0,
            parity: 0,
        };
        let mut rest = empty;
        while rest != 0 {
            let x = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            list.parity ^= 1 << QUADRANT[x];
            list.places |= 1 << PLACE[x];
        }
        list
    }

    #[inline]
    fn len(&self) -> u32 {
        self.places.count_ones()
    }

    /// The list without `x`, its quadrant's parity flipped.
    #[inline]
    fn without(&self, x: usize) -> Empties {
        Empties {
            places: self.places ^ (1 << PLACE[x]),
            parity: self.parity ^ (1 << QUADRANT[x]),
        }
    }

    /// The two groups to try in turn: squares in odd quadrants, then the others (as places).
    #[inline]
    fn groups(&self) -> [u64; 2] {
        let odd = QUADRANT_PLACES[self.parity as usize];
        [self.places & odd, self.places & !odd]
    }
}

impl Solver<'_> {
    /// Null-window search with at most [`SHALLOW`](super::SHALLOW) empties: is the score above `alpha`?
    ///
    /// The leaf solver below is compiled once per instruction set (`leaf_solver!`) and this is where the
    /// CPU's copy is chosen: inside a copy, flips and move generation are inlined instead of called through
    /// the dispatch of [`flips`](crate::board::flips).
    pub(super) fn nws_shallow(&mut self, p: u64, o: u64, alpha: i32, empties: u32) -> i32 {
        let empty = !(p | o);
        match empties {
            0 => {
                self.control.nodes += 1;
                final_score(p, o)
            }
            1 => {
                self.control.nodes += 1;
                solve_1(p, o, empty.trailing_zeros() as usize, alpha)
            }
            _ => {
                #[cfg(target_arch = "x86_64")]
                {
                    use crate::vector::{simd_level, SimdLevel};
                    match simd_level() {
                        // SAFETY: `simd_level` found every feature each copy is compiled with.
                        SimdLevel::Avx512 => unsafe { self.shallow_avx512(p, o, alpha, empty) },
                        SimdLevel::Avx2 => unsafe { self.shallow_avx2(p, o, alpha, empty) },
                        SimdLevel::Portable => self.shallow_portable(p, o, alpha, empty),
                    }
                }
                #[cfg(not(target_arch = "x86_64"))]
                self.shallow_portable(p, o, alpha, empty)
            }
        }
    }
}

/// The leaf solver for two or more empties, written once and compiled per instruction set: `$attr` are the
/// copy's `target_feature` attributes, `$flips` and `$moves` the flip and move generators built for them.
/// A function only inlines into callers compiled with its features, so each copy calls its own functions
/// throughout; the names given are the copy's entry, list search, 3- and 2-empty solves.
///
/// `solve_3` and `solve_2` have the same shape (the mover's squares, then the opponent's when the mover must
/// pass) on purpose: they are the innermost calls of the solver, specialised by hand.
macro_rules! leaf_solver {
    (
        $(#[$attr:meta])*
        $shallow:ident, $list:ident, $solve_3:ident, $solve_2:ident, $flips:path, $moves:path
    ) => {
        impl Solver<'_> {
            /// Two or more empties, `empty` the empty squares.
            $(#[$attr])*
            fn $shallow(&mut self, p: u64, o: u64, alpha: i32, empty: u64) -> i32 {
                if empty.count_ones() == 2 {
                    self.control.nodes += 1;
                    let x1 = empty.trailing_zeros() as usize;
                    let x2 = (empty & (empty - 1)).trailing_zeros() as usize;
                    return self.$solve_2(p, o, alpha, x1, x2);
                }
                self.$list(p, o, alpha, &Empties::of(empty))
            }

            /// Three or more empties, listed in `list`.
            $(#[$attr])*
            fn $list(&mut self, p: u64, o: u64, alpha: i32, list: &Empties) -> i32 {
                if list.len() == 3 {
                    return self.$solve_3(p, o, alpha, list);
                }
                self.control.nodes += 1;
                if list.len() >= 5 {
                    let opponent_discs = o.count_ones() as i32;
                    if alpha >= 64 - 2 * opponent_discs {
                        let cap = 64 - 2 * crate::eval::stable(o, p).count_ones() as i32;
                        if cap <= alpha {
                            return cap;
                        }
                    }
                }
                let mut best = BELOW_ANY_SCORE;
                for mut rest in list.groups() {
                    while rest != 0 {
                        let x = ORDER[rest.trailing_zeros() as usize] as usize;
                        rest &= rest - 1;
                        if NEIGHBOURS[x] & o == 0 {
                            continue;
                        }
                        let f = $flips(p, o, x);
                        if f == 0 {
                            continue;
                        }
                        let score =
                            -self.$list(o ^ f, p ^ f ^ (1 << x), -alpha - 1, &list.without(x));
                        if score > best {
                            best = score;
                            if score > alpha {
                                return score;
                            }
                        }
                    }
                }
                if best > BELOW_ANY_SCORE {
                    return best;
                }
                if $moves(o, p) == 0 {
                    return final_score(p, o);
                }
                -self.$list(o, p, -alpha - 1, list)
            }

            /// Three empties: each move leads to a 2-empty solve of the other two.
            $(#[$attr])*
            #[inline]
            fn $solve_3(&mut self, p: u64, o: u64, alpha: i32, list: &Empties) -> i32 {
                self.control.nodes += 1;
                // Whole words, not bytes: the three are read back at once, and a wide load of narrow
                // stores stalls.
                let mut order = [0usize; 3];
                let mut n = 0;
                for mut rest in list.groups() {
                    while rest != 0 {
                        order[n] = ORDER[rest.trailing_zeros() as usize] as usize;
                        rest &= rest - 1;
                        n += 1;
                    }
                }
                let [a, b, c] = order;
                let triples = [(a, b, c), (b, a, c), (c, a, b)];
                let mut best = BELOW_ANY_SCORE;
                for (x, y, z) in triples {
                    if NEIGHBOURS[x] & o == 0 {
                        continue;
                    }
                    let f = $flips(p, o, x);
                    if f != 0 {
                        let score = -self.$solve_2(o ^ f, p ^ f ^ (1 << x), -alpha - 1, y, z);
                        if score > best {
                            best = score;
                            if score > alpha {
                                return score;
                            }
                        }
                    }
                }
                if best > BELOW_ANY_SCORE {
                    return best;
                }
                // The side to move must pass: the opponent moves if it can.
                let mut best = ABOVE_ANY_SCORE;
                for (x, y, z) in triples {
                    if NEIGHBOURS[x] & p == 0 {
                        continue;
                    }
                    let f = $flips(o, p, x);
                    if f != 0 {
                        let score = self.$solve_2(p ^ f, o ^ f ^ (1 << x), alpha, y, z);
                        if score < best {
                            best = score;
                            if score <= alpha {
                                return score;
                            }
                        }
                    }
                }
                if best < ABOVE_ANY_SCORE {
                    best
                } else {
                    final_score(p, o)
                }
            }

            /// Two empties, `x1` tried first.
            $(#[$attr])*
            #[inline]
            fn $solve_2(&mut self, p: u64, o: u64, alpha: i32, x1: usize, x2: usize) -> i32 {
                let mut best = BELOW_ANY_SCORE;
                for (a, b) in [(x1, x2), (x2, x1)] {
                    if NEIGHBOURS[a] & o == 0 {
                        continue;
                    }
                    let f = $flips(p, o, a);
                    if f != 0 {
                        self.control.nodes += 1;
                        let score = -solve_1(o ^ f, p ^ f ^ (1 << a), b, -alpha - 1);
                        if score > best {
                            best = score;
                            if score > alpha {
                                return score;
                            }
                        }
                    }
                }
                if best > BELOW_ANY_SCORE {
                    return best;
                }
                // The side to move must pass: the opponent plays both squares if it can.
                let mut best = ABOVE_ANY_SCORE;
                let mut moved = false;
                for (a, b) in [(x1, x2), (x2, x1)] {
                    if NEIGHBOURS[a] & p == 0 {
                        continue;
                    }
                    let f = $flips(o, p, a);
                    if f != 0 {
                        moved = true;
                        self.control.nodes += 1;
                        let score = solve_1(p ^ f, o ^ f ^ (1 << a), b, alpha);
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
    };
}

#[cfg(target_arch = "x86_64")]
leaf_solver!(
    #[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
    shallow_avx512,
    list_avx512,
    solve_3_avx512,
    solve_2_avx512,
    crate::vector::flips_avx512,
    crate::vector::moves_avx2
);
#[cfg(target_arch = "x86_64")]
leaf_solver!(
    #[target_feature(enable = "avx2")]
    shallow_avx2,
    list_avx2,
    solve_3_avx2,
    solve_2_avx2,
    crate::vector::flips_avx2,
    crate::vector::moves_avx2
);
leaf_solver!(
    shallow_portable,
    list_portable,
    solve_3_portable,
    solve_2_portable,
    crate::board::flips_portable,
    crate::board::moves_portable
);

/// One empty square left, at `x`: the side to move plays it if it can, else the opponent, else nobody. A
/// null-window answer for "above `alpha`?": exact, or an upper bound at most `alpha` when the side to move
/// cannot play and keeping the square (its best case) is already not enough, which spares counting the
/// opponent's flips.
#[inline(always)]
fn solve_1(p: u64, o: u64, x: usize, alpha: i32) -> i32 {
    // 63 discs: the difference is odd, and the last square goes to the side ahead if nobody plays it.
    let diff = 2 * p.count_ones() as i32 - 63;
    let f = last_flip_count(p, x);
    if f > 0 {
        return diff + 2 * f + 1;
    }
    let kept = if diff > 0 { diff + 1 } else { diff - 1 };
    if kept <= alpha {
        return kept;
    }
    let f = last_flip_count(o, x);
    if f > 0 {
        diff - 2 * f - 1
    } else {
        kept
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

#[cfg(test)]
mod tests;
