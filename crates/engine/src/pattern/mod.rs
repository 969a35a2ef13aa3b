//! A pattern evaluation, the kind the strong programs use: the board is read as 46 overlapping lines and
//! corner regions (edges with the X-squares, corner 3×3 and 2×5 blocks, rows, columns and diagonals); each
//! reading (every square empty, own or the opponent's) has a weight learnt from games, one table per game
//! phase, and the evaluation is their sum.
//!
//! Weights are shared by the eight symmetric copies of a pattern, and a configuration that a symmetry of
//! the pattern maps onto another shares its weight too, so the stored table holds each class once
//! ("compact" ids); it is expanded to one entry per reading when loaded.
//!
//! One concept, kept in one file: the evaluation's lines and regions, their indexing and the sum,
//! which change together whenever a pattern is added or reshaped.

use std::sync::OnceLock;

use super::bitboard::adjacent;
use super::board::moves;
use super::eval::{Evaluate, DISC};
use super::{Board, Symmetry};

mod weights_file;
pub use weights_file::WeightsError;

/// Game phases: phase `k` covers positions with `5k + 1` to `5k + 5` empty squares.
pub const PHASES: usize = 12;

/// The phase of a position with `empties` empty squares.
#[inline]
pub fn phase(empties: u32) -> usize {
    ((empties.max(1) - 1) / 5).min(PHASES as u32 - 1) as usize
}

/// One pattern per kind, as squares (a1 = 0, h1 = 7, a8 = 56) in reading order, in its top-left form. The
/// order is the one in which [`gather`] packs the squares' bits; the i-th square is the reading's digit of
/// weight 3^i.
const KINDS: [&[u8]; 11] = [
    // Corner 3×3: a1 b1 c1, a2 b2 c2, a3 b3 c3.
    &[0, 1, 2, 8, 9, 10, 16, 17, 18],
    // Corner 2×5: a1..e1, a2..e2.
    &[0, 1, 2, 3, 4, 8, 9, 10, 11, 12],
    // Edge with both X-squares: a1..h1, b2, g2.
    &[0, 1, 2, 3, 4, 5, 6, 7, 9, 14],
    // Rows 2, 3 and 4.
    &[8, 9, 10, 11, 12, 13, 14, 15],
    &[16, 17, 18, 19, 20, 21, 22, 23],
    &[24, 25, 26, 27, 28, 29, 30, 31],
    // Diagonals of 8, 7, 6, 5 and 4 squares.
    &[0, 9, 18, 27, 36, 45, 54, 63],
    &[1, 10, 19, 28, 37, 46, 55],
    &[2, 11, 20, 29, 38, 47],
    &[3, 12, 21, 30, 39],
    &[4, 13, 22, 31],
];

/// The bits of `x` on kind `kind`'s top-left squares, packed in [`KINDS`] order (bit i = the i-th square).
#[inline(always)]
fn gather(kind: usize, x: u64) -> usize {
    const SPREAD: u64 = 0x0101_0101_0101_0101;
    (match kind {
        0 => (x & 7) | ((x >> 5) & 0x38) | ((x >> 10) & 0x1C0),
        1 => (x & 31) | ((x >> 3) & 0x3E0),
        2 => (x & 255) | ((x >> 1) & 0x100) | ((x >> 5) & 0x200),
        3 => (x >> 8) & 255,
        4 => (x >> 16) & 255,
        5 => (x >> 24) & 255,
        // A diagonal's squares are in distinct columns: the multiplication stacks them in the top byte.
        6 => (x & 0x8040_2010_0804_0201).wrapping_mul(SPREAD) >> 56,
        7 => (x & 0x0080_4020_1008_0402).wrapping_mul(SPREAD) >> 57,
        8 => (x & 0x0000_8040_2010_0804).wrapping_mul(SPREAD) >> 58,
        9 => (x & 0x0000_0080_4020_1008).wrapping_mul(SPREAD) >> 59,
        _ => (x & 0x0000_0000_8040_2010).wrapping_mul(SPREAD) >> 60,
    }) as usize
}

/// `TERNARY[b]`: the bits of `b` read as base-3 digits (bit i worth 3^i).
static TERNARY: [u16; 1024] = ternary();

const fn ternary() -> [u16; 1024] {
    let mut table = [0u16; 1024];
    let mut b = 0;
    while b < 1024 {
        let (mut value, mut power, mut i) = (0u32, 1u32, 0);
        while i < 10 {
            if b >> i & 1 == 1 {
                value += power;
            }
            power *= 3;
            i += 1;
        }
        table[b] = value as u16;
        b += 1;
    }
    table
}

/// Pattern instances on the board.
pub const INSTANCES: usize = 46;

/// Whole-board features with a weight per value (and phase), after the patterns: the side to move's and
/// the opponent's mobility (legal moves, 0..=30), their potential mobility (empty squares next to the
/// other side's discs, 0..=40), and the exact number of empty squares (a bias per empties, so the parity
/// of the empties counts). Values past the last count as the last.
const SCALARS: [usize; 5] = [31, 31, 41, 41, 61];
/// Weights of all the scalar features together.
const SCALAR_WEIGHTS: usize = 31 + 31 + 41 + 41 + 61;

/// Features read on a position: the pattern instances, then the scalar features.
pub const FEATURES: usize = INSTANCES + SCALARS.len();

/// Each scalar feature's weight index within the scalar block.
#[inline(always)]
fn scalar_indices(p: u64, o: u64) -> [usize; 5] {
    scalar_indices_with(p, o, moves(p, o), moves(o, p))
}

/// [`scalar_indices`] with both sides' moves already generated (`mp` = `moves(p, o)`, `mo` = `moves(o, p)`).
#[inline]
fn scalar_indices_with(p: u64, o: u64, mp: u64, mo: u64) -> [usize; 5] {
    let empty = !(p | o);
    let values = [
        mp.count_ones() as usize,
        mo.count_ones() as usize,
        (adjacent(o) & empty).count_ones() as usize,
        (adjacent(p) & empty).count_ones() as usize,
        empty.count_ones() as usize,
    ];
    let mut out = [0usize; 5];
    let mut offset = 0;
    for i in 0..5 {
        out[i] = offset + values[i].min(SCALARS[i] - 1);
        offset += SCALARS[i];
    }
    out
}

/// For each kind, the symmetries (indices in [`Symmetry::ALL`]) that take the board to each of its instances'
/// top-left form, and how many instances it has: the placements [`Tables`] makes, known when compiling, so
/// that each kind's loop in [`kind_sum`] unrolls and reads the views it needs where they are computed
/// (`Tables::build` checks that the two agree).
const VIEWS: ([[u8; 8]; KINDS.len()], [u8; KINDS.len()]) = views_of_kinds();

const fn views_of_kinds() -> ([[u8; 8]; KINDS.len()], [u8; KINDS.len()]) {
    let mut views = [[0u8; 8]; KINDS.len()];
    let mut counts = [0u8; KINDS.len()];
    let mut kind = 0;
    while kind < KINDS.len() {
        let base = KINDS[kind];
        // The images of the base under the eight symmetries, one per set of squares (as `Tables::build`).
        let mut seen = [0u64; 8];
        let mut s = 0;
        while s < 8 {
            let symmetry = Symmetry::ALL[s];
            let mut set = 0u64;
            let mut i = 0;
            while i < base.len() {
                set |= symmetry.apply(1 << base[i]);
                i += 1;
            }
            let n = counts[kind] as usize;
            let mut fresh = true;
            let mut j = 0;
            while j < n {
                fresh &= seen[j] != set;
                j += 1;
            }
            if fresh {
                seen[n] = set;
                let inverse = symmetry.inverse() as u8;
                let mut to_base = 0;
                while Symmetry::ALL[to_base] as u8 != inverse {
                    to_base += 1;
                }
                views[kind][n] = to_base as u8;
                counts[kind] += 1;
            }
            s += 1;
        }
        kind += 1;
    }
    (views, counts)
}

/// Where each kind's readings start in the expanded table: 3^n readings a kind of n squares, in kind order.
const EXPANDED_OFFSET: [usize; KINDS.len()] = expanded_offsets();

const fn expanded_offsets() -> [usize; KINDS.len()] {
    let mut offsets = [0; KINDS.len()];
    let mut kind = 1;
    while kind < KINDS.len() {
        offsets[kind] = offsets[kind - 1] + 3usize.pow(KINDS[kind - 1].len() as u32);
        kind += 1;
    }
    offsets
}

/// The weights of kind `K`'s instances in `table` (one phase's expanded table), the board seen through each
/// instance's symmetry in `views`.
#[inline(always)]
fn kind_sum<const K: usize>(table: &[i16], views: &[(u64, u64); 8]) -> i32 {
    let table = &table[EXPANDED_OFFSET[K]..];
    let mut sum = 0;
    for &view in &VIEWS.0[K][..VIEWS.1[K] as usize] {
        let (vp, vo) = views[view as usize];
        let reading = TERNARY[gather(K, vp)] as usize + 2 * TERNARY[gather(K, vo)] as usize;
        sum += table[reading] as i32;
    }
    sum
}

/// One placed pattern: its kind and squares in reading order.
#[derive(Clone, Copy)]
struct Instance {
    kind: usize,
    /// Index in `Symmetry::ALL` of the symmetry that takes the board to this instance's top-left form.
    to_base: usize,
    len: usize,
    squares: [u8; 10],
}

/// Everything derived from `KINDS` once: the placed instances, the offsets of each kind in the expanded
/// and the compact tables, and the map from readings to compact ids.
pub struct Tables {
    instances: Vec<Instance>,
    /// Offset of each kind in the expanded (one entry per reading) table.
    expanded_offset: Vec<usize>,
    /// Size of the expanded table of one phase (the patterns' readings, then the scalar features' weights).
    pub expanded_len: usize,
    /// Offset of the scalar features' weights in the expanded table.
    scalar_expanded: usize,
    /// Offset of the scalar features' weights in the compact table.
    scalar_compact: usize,
    /// Reading of kind k (index into its 3^n readings) to its global compact id.
    compact_id: Vec<Vec<u32>>,
    /// Size of the compact table of one phase.
    pub compact_len: usize,
}

fn pow3(n: usize) -> usize {
    3usize.pow(n as u32)
}

fn square_image(symmetry: Symmetry, square: u8) -> u8 {
    symmetry.apply(1u64 << square).trailing_zeros() as u8
}

impl Tables {
    fn build() -> Tables {
        let mut instances = Vec::new();
        let mut expanded_offset = Vec::new();
        let mut compact_id = Vec::new();
        let mut expanded_len = 0;
        let mut compact_len = 0;
        for (kind, base) in KINDS.iter().enumerate() {
            let n = base.len();
            // Placements: the images of the base under the eight symmetries, one per set of squares.
            let mut seen: Vec<u64> = Vec::new();
            for symmetry in Symmetry::ALL {
                let squares: Vec<u8> = base.iter().map(|&s| square_image(symmetry, s)).collect();
                let set = squares.iter().fold(0u64, |acc, &s| acc | 1 << s);
                if !seen.contains(&set) {
                    seen.push(set);
                    let mut array = [0u8; 10];
                    array[..n].copy_from_slice(&squares);
                    let inverse = symmetry.inverse();
                    instances.push(Instance {
                        kind,
                        to_base: Symmetry::ALL
                            .iter()
                            .position(|&s| s == inverse)
                            .expect("a symmetry"),
                        len: n,
                        squares: array,
                    });
                }
            }
            // Self-symmetries of the base: permutations of its reading order.
            let base_set = base.iter().fold(0u64, |acc, &s| acc | 1 << s);
            let mut permutations: Vec<Vec<usize>> = Vec::new();
            for symmetry in Symmetry::ALL {
                let image: Vec<u8> = base.iter().map(|&s| square_image(symmetry, s)).collect();
                let set = image.iter().fold(0u64, |acc, &s| acc | 1 << s);
                if set == base_set {
                    let perm = image
                        .iter()
                        .map(|s| base.iter().position(|b| b == s).expect("same set"))
                        .collect();
                    permutations.push(perm);
                }
            }
            // Each reading's class: the smallest index among its images.
            let size = pow3(n);
            let mut ids = vec![u32::MAX; size];
            let mut digits = vec![0usize; n];
            let mut image_digits = vec![0usize; n];
            for index in 0..size {
                let mut rest = index;
                for digit in digits.iter_mut() {
                    *digit = rest % 3;
                    rest /= 3;
                }
                let mut smallest = index;
                for perm in &permutations {
                    for (i, &p) in perm.iter().enumerate() {
                        image_digits[p] = digits[i];
                    }
                    let image = image_digits.iter().rev().fold(0, |acc, &d| acc * 3 + d);
                    smallest = smallest.min(image);
                }
                if smallest == index {
                    ids[index] = compact_len as u32;
                    compact_len += 1;
                } else {
                    ids[index] = ids[smallest];
                }
            }
            expanded_offset.push(expanded_len);
            expanded_len += size;
            compact_id.push(ids);
        }
        assert_eq!(instances.len(), INSTANCES);
        // The placements the evaluation knows when compiling (`VIEWS`, `EXPANDED_OFFSET`) are these.
        for (kind, offset) in EXPANDED_OFFSET.iter().enumerate() {
            let mut views = instances
                .iter()
                .filter(|i| i.kind == kind)
                .map(|i| i.to_base as u8);
            assert!(VIEWS.0[kind][..VIEWS.1[kind] as usize]
                .iter()
                .all(|&v| views.next() == Some(v)));
            assert!(views.next().is_none() && *offset == expanded_offset[kind]);
        }
        // The scalar features, one weight per value, after the patterns in both tables.
        let (scalar_expanded, scalar_compact) = (expanded_len, compact_len);
        expanded_len += SCALAR_WEIGHTS;
        compact_len += SCALAR_WEIGHTS;
        Tables {
            instances,
            expanded_offset,
            expanded_len,
            scalar_expanded,
            scalar_compact,
            compact_id,
            compact_len,
        }
    }

    /// The tables, built on first use.
    pub fn get() -> &'static Tables {
        static TABLES: OnceLock<Tables> = OnceLock::new();
        TABLES.get_or_init(Tables::build)
    }

    /// The reading of every instance (index into its kind's 3^n readings): 0 empty, 1 the side to move's
    /// disc, 2 the opponent's, the i-th square worth 3^i. Square by square (for training and tests; the
    /// evaluation gathers whole lines).
    fn readings(&self, p: u64, o: u64, out: &mut [usize; INSTANCES]) {
        for (slot, instance) in out.iter_mut().zip(&self.instances) {
            let mut index = 0usize;
            for &s in instance.squares[..instance.len].iter().rev() {
                index = index * 3 + ((p >> s) & 1) as usize + 2 * ((o >> s) & 1) as usize;
            }
            *slot = index;
        }
    }

    /// The compact weight ids read on a position (for training): one per pattern instance, then one per
    /// scalar feature.
    pub fn compact_features(&self, p: u64, o: u64) -> [u32; FEATURES] {
        let mut readings = [0usize; INSTANCES];
        self.readings(p, o, &mut readings);
        let mut ids = [0u32; FEATURES];
        for ((id, &reading), instance) in ids.iter_mut().zip(&readings).zip(&self.instances) {
            *id = self.compact_id[instance.kind][reading];
        }
        for (id, index) in ids[INSTANCES..].iter_mut().zip(scalar_indices(p, o)) {
            *id = (self.scalar_compact + index) as u32;
        }
        ids
    }
}

/// Learnt weights: one expanded table per phase, in hundredths of a disc.
#[derive(Clone)]
pub struct PatternWeights {
    /// `PHASES` tables of `Tables::expanded_len` entries.
    expanded: Vec<i16>,
    /// A constant per phase (the side to move's average advantage).
    bias: [i16; PHASES],
}

/// The built-in weights file.
pub const BUILTIN_BYTES: &[u8] = include_bytes!("../eval-weights.bin");

impl PatternWeights {
    /// The weights built into the program.
    pub fn builtin() -> &'static PatternWeights {
        static WEIGHTS: OnceLock<PatternWeights> = OnceLock::new();
        WEIGHTS.get_or_init(|| {
            PatternWeights::from_bytes(BUILTIN_BYTES)
                .expect("the built-in weights match the patterns")
        })
    }

    /// The evaluation of `p` to move against `o`, in hundredths of a disc: the board is seen under each
    /// symmetry once, and every instance reads its kind's top-left squares there, a line at a time.
    #[inline]
    pub fn evaluate(&self, p: u64, o: u64) -> i32 {
        self.evaluate_with_moves(p, o, moves(p, o), moves(o, p))
    }

    /// [`PatternWeights::evaluate`] where both sides' moves are already generated: `mp` must be
    /// `moves(p, o)` and `mo` `moves(o, p)` (the solver's ordering has them, and each costs a generation).
    #[inline]
    pub(crate) fn evaluate_with_moves(&self, p: u64, o: u64, mp: u64, mo: u64) -> i32 {
        let tables = Tables::get();
        let empties = (!(p | o)).count_ones();
        let phase = phase(empties);
        let table = &self.expanded[phase * tables.expanded_len..][..tables.expanded_len];
        let mut views = [(0u64, 0u64); 8];
        for (view, symmetry) in views.iter_mut().zip(Symmetry::ALL) {
            *view = (symmetry.apply(p), symmetry.apply(o));
        }
        let mut sum = self.bias[phase] as i32;
        // Kind by kind, so that each kind's gathering is compiled for it.
        sum += kind_sum::<0>(table, &views)
            + kind_sum::<1>(table, &views)
            + kind_sum::<2>(table, &views)
            + kind_sum::<3>(table, &views)
            + kind_sum::<4>(table, &views)
            + kind_sum::<5>(table, &views)
            + kind_sum::<6>(table, &views)
            + kind_sum::<7>(table, &views)
            + kind_sum::<8>(table, &views)
            + kind_sum::<9>(table, &views)
            + kind_sum::<10>(table, &views);
        let scalars = &table[tables.scalar_expanded..][..SCALAR_WEIGHTS];
        for index in scalar_indices_with(p, o, mp, mo) {
            sum += scalars[index] as i32;
        }
        sum.clamp(-64 * DISC + 1, 64 * DISC - 1)
    }

    /// The same value, square by square through the compact-id tables' readings (for tests).
    #[cfg(test)]
    fn evaluate_slowly(&self, p: u64, o: u64) -> i32 {
        let tables = Tables::get();
        let phase = phase((!(p | o)).count_ones());
        let table = &self.expanded[phase * tables.expanded_len..][..tables.expanded_len];
        let mut readings = [0usize; INSTANCES];
        tables.readings(p, o, &mut readings);
        let sum = self.bias[phase] as i32
            + readings
                .iter()
                .zip(&tables.instances)
                .map(|(&r, i)| table[tables.expanded_offset[i.kind] + r] as i32)
                .sum::<i32>()
            + scalar_indices(p, o)
                .iter()
                .map(|&i| table[tables.scalar_expanded + i] as i32)
                .sum::<i32>();
        sum.clamp(-64 * DISC + 1, 64 * DISC - 1)
    }
}

/// Weights other than the built-in ones (read with [`PatternWeights::from_bytes`]) evaluate as they are: to
/// measure or play candidate weights before they are built in.
impl Evaluate for PatternWeights {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        PatternWeights::evaluate(self, board.player().0, board.opponent().0)
    }

    #[inline]
    fn evaluate_with_moves(&self, board: &Board, moves: u64, opponent_moves: u64) -> i32 {
        let (p, o) = (board.player().0, board.opponent().0);
        PatternWeights::evaluate_with_moves(self, p, o, moves, opponent_moves)
    }
}

/// The pattern evaluation with the built-in weights.
///
/// ```
/// use reversi_engine::{Board, Evaluate, PatternEval};
/// // The start position is nearly even (within 1.5 discs: expert games average about +0.8 for black)...
/// let start = PatternEval.evaluate(&Board::START);
/// assert!(start.abs() < 150);
/// // ...and the four first moves, alike by symmetry, are valued alike.
/// let values: Vec<i32> =
///     Board::START.moves().iter().map(|s| PatternEval.evaluate(&Board::START.play_unchecked(s))).collect();
/// assert!(values.len() == 4 && values.iter().all(|&v| v == values[0]));
/// ```
#[derive(Clone, Copy, Debug, Default)]
pub struct PatternEval;

impl Evaluate for PatternEval {
    #[inline]
    fn evaluate(&self, board: &Board) -> i32 {
        PatternWeights::builtin().evaluate(board.player().0, board.opponent().0)
    }

    #[inline]
    fn evaluate_with_moves(&self, board: &Board, moves: u64, opponent_moves: u64) -> i32 {
        let (p, o) = (board.player().0, board.opponent().0);
        PatternWeights::builtin().evaluate_with_moves(p, o, moves, opponent_moves)
    }
}

#[cfg(test)]
mod tests;
