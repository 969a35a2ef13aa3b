//! Endgame puzzles: positions from expert games where exactly one move is best by the exact solver, with
//! the exact score of every legal move and the perfect line, so that the page judges an answer at once
//! and shows what perfect play does, without a search.
//!
//! The file (`RVPUZ001`) holds, after its magic bytes and a count (u32, little-endian), one record per
//! puzzle: a byte with the level (1 to [`LEVELS`]) and the side to move (bit 7 set: white), the game's year
//! less 1900, black's and white's discs (u64 each, little-endian), the number of legal moves and per move
//! its square and its exact score (i8, for the side to move, best first), then the perfect line's length and
//! its squares (passes are not written: they follow from the rules). Reading checks every record against
//! the rules: the moves are exactly the legal ones, the first alone is best, and the line, played out, ends
//! the game with the first move's score.
//!
//! ```
//! use reversi_engine::puzzles::{Puzzle, PuzzleSet};
//! use reversi_engine::{wthor, Control, TranspositionTable};
//! let game = &wthor::parse(include_bytes!("../../tests/data/wthor-sample.wtb")).unwrap().games[0];
//! let (mut tt, mut control) = (TranspositionTable::new(1), Control::unlimited());
//! // The first position with 10 empties or fewer where exactly one move is best.
//! let puzzle = game.positions().iter().filter(|p| p.board.empty_count() <= 10)
//!     .find_map(|p| Puzzle::examine(&p.position(), 1990, false, &mut tt, &mut control)).unwrap();
//! assert!(puzzle.moves[0].1 > puzzle.moves[1].1);
//! let set = PuzzleSet::new(vec![puzzle.clone()]);
//! assert_eq!(PuzzleSet::read(&set.write()).unwrap().get(0), Some(&puzzle));
//! ```
//!
//! The model is here; [`Puzzle::examine`] and [`Puzzle::verify`] (the exact solver's part) are in `solve.rs`,
//! the file's reading and writing in `file.rs`.

mod file;
mod solve;
#[cfg(test)]
mod tests;

pub use self::file::{Flaw, PuzzleError};
pub use self::solve::VerifyError;

use super::{Position, Square};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"RVPUZ001";

/// Number of difficulty levels, 1 (easiest) to `LEVELS`.
pub const LEVELS: u8 = 5;

/// Fewest empty squares of a puzzle.
pub const MIN_EMPTIES: u32 = 8;

/// Most empty squares of a puzzle.
pub const MAX_EMPTIES: u32 = 24;

/// One puzzle: a position, every legal move's exact score, and the perfect line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, with the side to move.
    pub position: Position,
    /// Difficulty, 1 to [`LEVELS`].
    pub level: u8,
    /// The year of the game it comes from.
    pub year: u16,
    /// Every legal move with its exact score (final disc difference for the side to move, empties to the
    /// winner), best first; the first alone has the best score.
    pub moves: Vec<(Square, i32)>,
    /// Perfect play from the position to the end of the game, starting with the best move (placements
    /// only: a side without a move passes).
    pub line: Vec<Square>,
}

impl Puzzle {
    /// The one best move.
    pub fn best(&self) -> Square {
        self.moves[0].0
    }

    /// The exact score of the position for the side to move.
    pub fn score(&self) -> i32 {
        self.moves[0].1
    }

    /// The exact score of playing `square` (`None` if it is not a legal move).
    pub fn value_of(&self, square: Square) -> Option<i32> {
        self.moves.iter().find(|m| m.0 == square).map(|m| m.1)
    }

    /// The discs `square` loses against the best move (0 for the best move; `None` if not legal).
    pub fn loss(&self, square: Square) -> Option<i32> {
        self.value_of(square).map(|v| self.score() - v)
    }

    /// True when the best move alone reaches its outcome (the only win, or the only draw).
    pub fn changes_outcome(&self) -> bool {
        self.moves
            .get(1)
            .is_some_and(|second| second.1.signum() != self.score().signum())
    }

    /// The positions of the perfect line, from the position after the best move to the end of the game
    /// (passes applied).
    pub fn line_positions(&self) -> Vec<Position> {
        play_line(&self.position, &self.line).unwrap_or_default()
    }
}

/// The positions after each move of `line` played from `start` (forced passes applied, and applied after
/// the last move too); `None` if a move is not legal.
fn play_line(start: &Position, line: &[Square]) -> Option<Vec<Position>> {
    let mut position = *start;
    let mut out = Vec::with_capacity(line.len());
    for &square in line {
        position = position.play(square)?;
        out.push(position);
    }
    Some(out)
}

/// A set of puzzles, in the file's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// A set of `puzzles` (checked when written and read back).
    pub fn new(puzzles: Vec<Puzzle>) -> PuzzleSet {
        PuzzleSet { puzzles }
    }

    /// Number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// True when the set holds no puzzle.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Puzzle `index` (0-based).
    pub fn get(&self, index: usize) -> Option<&Puzzle> {
        self.puzzles.get(index)
    }

    /// Every puzzle.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The indices of the puzzles of `level`, in the file's order.
    pub fn of_level(&self, level: u8) -> Vec<usize> {
        (0..self.puzzles.len())
            .filter(|&i| self.puzzles[i].level == level)
            .collect()
    }

    /// The daily puzzle's index for `day` (days since 1970-01-01 in the player's local date): the same for
    /// everyone on the same date, a different one each day. `None` for an empty set.
    pub fn daily(&self, day: i64) -> Option<usize> {
        let n = self.puzzles.len() as u64;
        (n > 0).then(|| (crate::rng::mix(day as u64 ^ 0x5055_5a5a_4c45) % n) as usize)
    }
}
