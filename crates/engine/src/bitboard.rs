//! The 64-bit set of squares that every board operation is built on, the 8 symmetries of the board, and
//! the masks the rules and the evaluation share (corners and their neighbours, the rays from each square).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Square;

/// A set of squares: bit `i` is [`Square::from_index(i)`](Square::from_index) (`a1` = bit 0, `h8` = bit 63).
///
/// ```
/// use reversi_engine::{Bitboard, Square};
/// let b = Bitboard::from_square("d3".parse().unwrap()) | Bitboard::from_square("e6".parse().unwrap());
/// assert_eq!(b.count(), 2);
/// let names: Vec<String> = b.iter().map(|s| s.to_string()).collect();
/// assert_eq!(names, ["d3", "e6"]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The set holding just `square`.
    #[inline]
    pub const fn from_square(square: Square) -> Bitboard {
        Bitboard(square.bit())
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// True when the set has no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True when `square` is in the set.
    #[inline]
    pub const fn contains(self, square: Square) -> bool {
        self.0 & square.bit() != 0
    }

    /// The lowest-index square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index(self.0.trailing_zeros() as usize))
        }
    }

    /// Iterates the squares from `a1` towards `h8`.
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares(self.0)
    }

    /// This set seen under `symmetry`.
    #[inline]
    pub const fn transform(self, symmetry: Symmetry) -> Bitboard {
        Bitboard(symmetry.apply(self.0))
    }
}

impl fmt::Debug for Bitboard {
    /// An 8×8 picture, row 1 on top, `#` for members.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard({:#018x})", self.0)?;
        for row in 0..8 {
            for column in 0..8 {
                let bit = 1u64 << (row * 8 + column);
                f.write_str(if self.0 & bit != 0 { "#" } else { "." })?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

macro_rules! bit_ops {
    ($($trait:ident $fn:ident $assign_trait:ident $assign_fn:ident $op:tt),*) => {$(
        impl $trait for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $assign_trait for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    )*};
}

bit_ops!(
    BitAnd bitand BitAndAssign bitand_assign &,
    BitOr bitor BitOrAssign bitor_assign |,
    BitXor bitxor BitXorAssign bitxor_assign ^
);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        Bitboard(iter.into_iter().fold(0, |acc, s| acc | s.bit()))
    }
}

/// Iterator over the squares of a [`Bitboard`], lowest index first.
#[derive(Clone, Debug)]
pub struct Squares(u64);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Square::from_index(index))
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

/// The 8 symmetries of the square board (the dihedral group): rotations and reflections.
///
/// Othello's start position is symmetric under [`Symmetry::Identity`], [`Symmetry::Rotate180`],
/// [`Symmetry::Diagonal`] and [`Symmetry::AntiDiagonal`]; the other four swap the colours of the centre.
///
/// ```
/// use reversi_engine::{Square, Symmetry};
/// let a1: Square = "a1".parse().unwrap();
/// assert_eq!(Symmetry::Rotate90.apply_square(a1).to_string(), "h1");
/// assert_eq!(Symmetry::FlipVertical.apply_square(a1).to_string(), "a8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Symmetry {
    /// No change.
    Identity,
    /// Rows reversed (row 1 ↔ row 8).
    FlipVertical,
    /// Columns reversed (a ↔ h).
    MirrorHorizontal,
    /// Reflection in the a1–h8 diagonal (column ↔ row).
    Diagonal,
    /// Reflection in the h1–a8 diagonal.
    AntiDiagonal,
    /// Quarter turn clockwise (as drawn with row 1 on top).
    Rotate90,
    /// Half turn.
    Rotate180,
    /// Three quarter turns clockwise.
    Rotate270,
}

impl Symmetry {
    /// All eight, identity first.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::Identity,
        Symmetry::FlipVertical,
        Symmetry::MirrorHorizontal,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Rotate90,
        Symmetry::Rotate180,
        Symmetry::Rotate270,
    ];

    /// Applies the symmetry to a raw 64-bit set.
    #[inline]
    pub const fn apply(self, x: u64) -> u64 {
        match self {
            Symmetry::Identity => x,
            Symmetry::FlipVertical => x.swap_bytes(),
            Symmetry::MirrorHorizontal => mirror_horizontal(x),
            Symmetry::Diagonal => flip_diagonal(x),
            Symmetry::AntiDiagonal => flip_anti_diagonal(x),
            Symmetry::Rotate90 => mirror_horizontal(flip_diagonal(x)),
            Symmetry::Rotate180 => x.reverse_bits(),
            Symmetry::Rotate270 => flip_diagonal(mirror_horizontal(x)),
        }
    }

    /// The image of one square.
    #[inline]
    pub const fn apply_square(self, square: Square) -> Square {
        Square::from_index(self.apply(square.bit()).trailing_zeros() as usize)
    }

    /// The symmetry that undoes this one.
    #[inline]
    pub const fn inverse(self) -> Symmetry {
        match self {
            Symmetry::Rotate90 => Symmetry::Rotate270,
            Symmetry::Rotate270 => Symmetry::Rotate90,
            other => other,
        }
    }
}

#[inline]
const fn mirror_horizontal(mut x: u64) -> u64 {
    const K1: u64 = 0x5555_5555_5555_5555;
    const K2: u64 = 0x3333_3333_3333_3333;
    const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
    x = ((x >> 1) & K1) | ((x & K1) << 1);
    x = ((x >> 2) & K2) | ((x & K2) << 2);
    ((x >> 4) & K4) | ((x & K4) << 4)
}

/// Swaps column and row: the square at (c, r) goes to (r, c).
#[inline]
const fn flip_diagonal(mut x: u64) -> u64 {
    const K1: u64 = 0x5500_5500_5500_5500;
    const K2: u64 = 0x3333_0000_3333_0000;
    const K4: u64 = 0x0f0f_0f0f_0000_0000;
    let mut t = K4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = K2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = K1 & (x ^ (x << 7));
    x ^ t ^ (t >> 7)
}

/// The square at (c, r) goes to (7 − r, 7 − c).
#[inline]
const fn flip_anti_diagonal(mut x: u64) -> u64 {
    const K1: u64 = 0xaa00_aa00_aa00_aa00;
    const K2: u64 = 0xcccc_0000_cccc_0000;
    const K4: u64 = 0xf0f0_f0f0_0f0f_0f0f;
    let mut t = x ^ (x << 36);
    x ^= K4 & (t ^ (x >> 36));
    t = K2 & (x ^ (x << 18));
    x ^= t ^ (t >> 18);
    t = K1 & (x ^ (x << 9));
    x ^ t ^ (t >> 9)
}

/// Squares next to (in any of the 8 directions) a square of `b`.
#[inline]
pub(crate) const fn adjacent(b: u64) -> u64 {
    const NOT_A: u64 = 0xFEFE_FEFE_FEFE_FEFE;
    const NOT_H: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let horizontal = ((b << 1) & NOT_A) | ((b >> 1) & NOT_H);
    let row = b | horizontal;
    horizontal | (row << 8) | (row >> 8)
}

/// For each square, the 8 rays leaving it (squares in that direction up to the edge, not the square itself):
/// first the 4 rays towards higher bit indices (+1, +7, +8, +9), then the 4 towards lower ones.
pub(crate) static RAYS: [[u64; 8]; 64] = rays();

const fn rays() -> [[u64; 8]; 64] {
    // (column step, row step) per ray, in the order of the table above.
    const STEPS: [(i32, i32); 8] = [
        (1, 0),
        (-1, 1),
        (0, 1),
        (1, 1),
        (-1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
    ];
    let mut table = [[0u64; 8]; 64];
    let mut square = 0;
    while square < 64 {
        let mut ray = 0;
        while ray < 8 {
            let (dc, dr) = STEPS[ray];
            let mut c = (square % 8) as i32 + dc;
            let mut r = (square / 8) as i32 + dr;
            let mut bits = 0u64;
            while c >= 0 && c < 8 && r >= 0 && r < 8 {
                bits |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            table[square][ray] = bits;
            ray += 1;
        }
        square += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where each symmetry sends (column, row), written the slow obvious way.
    fn naive(symmetry: Symmetry, c: usize, r: usize) -> (usize, usize) {
        match symmetry {
            Symmetry::Identity => (c, r),
            Symmetry::FlipVertical => (c, 7 - r),
            Symmetry::MirrorHorizontal => (7 - c, r),
            Symmetry::Diagonal => (r, c),
            Symmetry::AntiDiagonal => (7 - r, 7 - c),
            Symmetry::Rotate90 => (7 - r, c),
            Symmetry::Rotate180 => (7 - c, 7 - r),
            Symmetry::Rotate270 => (r, 7 - c),
        }
    }

    #[test]
    fn symmetries_match_the_naive_square_mapping() {
        for symmetry in Symmetry::ALL {
            for square in Square::ALL {
                let (c, r) = naive(symmetry, square.column(), square.row());
                let expected = Square::from_coords(c, r).unwrap();
                assert_eq!(
                    symmetry.apply_square(square),
                    expected,
                    "{symmetry:?} {square}"
                );
                assert_eq!(symmetry.inverse().apply_square(expected), square);
            }
        }
    }

    #[test]
    fn symmetries_are_bijections_on_sets() {
        let x = 0x0123_4567_89ab_cdefu64;
        for symmetry in Symmetry::ALL {
            let y = symmetry.apply(x);
            assert_eq!(y.count_ones(), x.count_ones());
            assert_eq!(symmetry.inverse().apply(y), x);
        }
    }

    #[test]
    fn iteration_is_in_index_order() {
        let b = Bitboard(0x8000_0000_0000_0081);
        let v: Vec<usize> = b.iter().map(Square::index).collect();
        assert_eq!(v, [0, 7, 63]);
        assert_eq!(b.iter().len(), 3);
        assert_eq!(b.first(), Some(Square::from_index(0)));
        assert_eq!(Bitboard::EMPTY.first(), None);
    }
}

/// The four corners.
pub(crate) const CORNERS: u64 = 0x8100_0000_0000_0081;
/// The squares beside a corner along an edge (the C-squares): b1, g1, a2, h2, a7, h7, b8, g8.
pub(crate) const C_SQUARES: u64 = 0x4281_0000_0000_8142;
/// Each X-square (b2, g2, b7, g7) with the corner it touches.
pub(crate) const X_SQUARES: [(u64, u64); 4] = [
    (1 << 9, 1 << 0),
    (1 << 14, 1 << 7),
    (1 << 49, 1 << 56),
    (1 << 54, 1 << 63),
];
/// The two C-squares beside each corner, with the corner.
pub(crate) const C_SQUARES_BY_CORNER: [(u64, u64); 4] = [
    ((1 << 1) | (1 << 8), 1 << 0),
    ((1 << 6) | (1 << 15), 1 << 7),
    ((1 << 48) | (1 << 57), 1 << 56),
    ((1 << 55) | (1 << 62), 1 << 63),
];

#[cfg(test)]
mod mask_tests {
    use super::*;

    #[test]
    fn the_masks_agree() {
        let by_corner = C_SQUARES_BY_CORNER.iter().fold(0, |m, (c, _)| m | c);
        assert_eq!(by_corner, C_SQUARES);
        let corners = X_SQUARES.iter().fold(0, |m, (_, c)| m | c);
        assert_eq!(corners, CORNERS);
        assert_eq!(
            adjacent(CORNERS) & !(X_SQUARES.iter().fold(0, |m, (x, _)| m | x)),
            C_SQUARES
        );
    }
}
