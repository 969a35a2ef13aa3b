//! Squares of the 8×8 board and their names (`a1`..`h8`, column a–h left to right, row 1 at the top).
//!
//! A square is its bit index in a [`Bitboard`](super::Bitboard): `a1` = 0, `h1` = 7, `a2` = 8, `h8` = 63.

use std::fmt;
use std::str::FromStr;

use super::error::SquareError;

/// One of the 64 squares. Always valid: there is no "no square" value (a pass is [`Move::Pass`](super::Move::Pass)).
///
/// ```
/// use reversi_engine::Square;
/// let d3: Square = "d3".parse().unwrap();
/// assert_eq!((d3.column(), d3.row()), (3, 2));
/// assert_eq!(d3.to_string(), "d3");
/// assert_eq!(Square::from_index(63).to_string(), "h8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// Every square in index order (`a1`, `b1`, ..., `h8`).
    pub const ALL: [Square; 64] = {
        let mut all = [Square(0); 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square with bit index `index` (0..64).
    ///
    /// # Panics
    /// If `index >= 64`.
    #[inline]
    pub const fn from_index(index: usize) -> Square {
        assert!(index < 64, "square index out of range");
        Square(index as u8)
    }

    /// The square at `column` (0 = a) and `row` (0 = row 1, the top), or `None` off the board.
    #[inline]
    pub const fn from_coords(column: usize, row: usize) -> Option<Square> {
        if column < 8 && row < 8 {
            Some(Square((row * 8 + column) as u8))
        } else {
            None
        }
    }

    /// Bit index 0..64.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..8 (0 = a).
    #[inline]
    pub const fn column(self) -> usize {
        (self.0 & 7) as usize
    }

    /// Row 0..8 (0 = row 1, the top row).
    #[inline]
    pub const fn row(self) -> usize {
        (self.0 >> 3) as usize
    }

    /// The single-bit mask of this square.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let column = (b'a' + self.column() as u8) as char;
        let row = (b'1' + self.row() as u8) as char;
        write!(f, "{column}{row}")
    }
}

impl FromStr for Square {
    type Err = SquareError;

    /// Parses `d3` or `D3`; anything else (`i1`, `a9`, `d`, `d33`) is [`SquareError::BadSquare`].
    fn from_str(text: &str) -> Result<Square, SquareError> {
        let bad = || SquareError::BadSquare {
            text: crate::excerpt(text),
        };
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return Err(bad());
        }
        let column = bytes[0].to_ascii_lowercase().wrapping_sub(b'a') as usize;
        let row = bytes[1].wrapping_sub(b'1') as usize;
        Square::from_coords(column, row).ok_or_else(bad)
    }
}
