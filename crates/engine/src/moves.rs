//! A move: a disc placed on a square, or a pass (only allowed when no placement is legal).

use std::fmt;
use std::str::FromStr;

use super::error::SquareError;
use super::Square;

/// A move of the side to move.
///
/// ```
/// use reversi_engine::Move;
/// assert_eq!("f5".parse::<Move>().unwrap().to_string(), "f5");
/// assert_eq!("pass".parse::<Move>().unwrap(), Move::Pass);
/// assert_eq!(Move::Pass.to_string(), "pass");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Move {
    /// Place a disc on the square (it must flip at least one disc).
    Place(Square),
    /// Pass the turn (only when no placement is legal and the opponent can move).
    Pass,
}

impl Move {
    /// The square of a placement, `None` for a pass.
    #[inline]
    pub const fn square(self) -> Option<Square> {
        match self {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        }
    }
}

impl From<Square> for Move {
    fn from(square: Square) -> Move {
        Move::Place(square)
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Place(square) => square.fmt(f),
            Move::Pass => f.write_str("pass"),
        }
    }
}

impl FromStr for Move {
    type Err = SquareError;

    /// A square name, or `pass` / `pa` / `ps` / `--` (any case) for a pass.
    fn from_str(text: &str) -> Result<Move, SquareError> {
        if is_pass_token(text) {
            Ok(Move::Pass)
        } else {
            text.parse().map(Move::Place)
        }
    }
}

/// The spellings of a pass that transcripts and protocols use.
pub(crate) fn is_pass_token(text: &str) -> bool {
    ["pass", "pa", "ps", "--"]
        .iter()
        .any(|t| text.eq_ignore_ascii_case(t))
}
