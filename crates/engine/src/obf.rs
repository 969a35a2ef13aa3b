//! `.obf` test files: one position per line, then the moves with their exact scores
//! (`<64 squares> X; H5:+6; G6:-2;`). Scores are final disc differences for the side to move.

use std::fmt;

use super::error::PositionError;
use super::{Position, Square};

/// One line of an `.obf` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObfEntry {
    /// The position.
    pub position: Position,
    /// Moves with their exact scores, as listed (best first in the FFO files).
    pub moves: Vec<(Square, i32)>,
}

impl ObfEntry {
    /// The position's exact value: the best listed score.
    pub fn score(&self) -> Option<i32> {
        self.moves.iter().map(|&(_, s)| s).max()
    }

    /// True when `square` is one of the moves that reach the best score.
    pub fn is_best_move(&self, square: Square) -> bool {
        self.score()
            .is_some_and(|best| self.moves.iter().any(|&(m, s)| m == square && s == best))
    }
}

/// A line that is not `<position>; <move>:<score>; ...`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObfError {
    /// The position part is wrong.
    Position(PositionError),
    /// A `<move>:<score>` item is malformed.
    BadScore {
        /// The item as found.
        text: String,
    },
}

impl fmt::Display for ObfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ObfError::Position(error) => error.fmt(f),
            ObfError::BadScore { text } => {
                write!(f, "\"{text}\" is not <move>:<score> (e.g. G8:+8)")
            }
        }
    }
}

impl std::error::Error for ObfError {}

/// Reads one `.obf` line.
///
/// ```
/// use reversi_engine::parse_obf_line;
/// let line = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+8; B1:+4;";
/// let entry = parse_obf_line(line).unwrap();
/// assert_eq!(entry.score(), Some(8));
/// assert!(entry.is_best_move("g8".parse().unwrap()));
/// ```
pub fn parse_obf_line(line: &str) -> Result<ObfEntry, ObfError> {
    let mut parts = line.split(';');
    let position: Position = parts
        .next()
        .unwrap_or("")
        .parse()
        .map_err(ObfError::Position)?;
    let mut moves = Vec::new();
    for item in parts.map(str::trim).filter(|s| !s.is_empty()) {
        let bad = || ObfError::BadScore {
            text: item.to_string(),
        };
        let (square, score) = item.split_once(':').ok_or_else(bad)?;
        let square: Square = square.trim().parse().map_err(|_| bad())?;
        let score: i32 = score
            .trim()
            .trim_start_matches('+')
            .parse()
            .map_err(|_| bad())?;
        moves.push((square, score));
    }
    Ok(ObfEntry { position, moves })
}
