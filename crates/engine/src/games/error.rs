//! What is wrong with a games file that cannot be read, by kind: the page and the tools show its message, and
//! tests match its variant.

use std::error::Error;
use std::fmt;

use crate::bytes::ReadError;

/// A field of a game's record that indexes or bounds something.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameField {
    /// The year.
    Year,
    /// The tournament's index among the names.
    Tournament,
    /// A player's index among the names.
    Player,
}

/// A malformed games file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GamesFileError {
    /// The file does not start with [`super::MAGIC`].
    NotAGamesFile,
    /// The file ends in the middle of a record.
    Truncated,
    /// A number of more than 64 bits, or a count too large for what it counts.
    BadNumber,
    /// A player's or tournament's name that is not UTF-8.
    NameNotUtf8,
    /// A game's field past what it indexes (1-based game).
    OutOfRange {
        /// The game.
        game: usize,
        /// The field.
        field: GameField,
        /// Its value.
        value: usize,
    },
    /// A game with more than 64 discs of one colour.
    DiscCount {
        /// The game.
        game: usize,
    },
    /// A game longer than a game can be, or sharing more moves than it or the game before it has.
    Length {
        /// The game.
        game: usize,
        /// Its moves.
        moves: usize,
        /// Those shared with the game before.
        shared: usize,
    },
    /// A stored move that is not among the legal moves of its position.
    IllegalMove {
        /// The game.
        game: usize,
        /// The move's 1-based number.
        ply: usize,
    },
    /// Bytes after the last game.
    TrailingBytes(usize),
}

impl fmt::Display for GamesFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GamesFileError::NotAGamesFile => write!(f, "not an expert games file"),
            GamesFileError::Truncated => write!(f, "the games file ends too soon"),
            GamesFileError::BadNumber => {
                write!(f, "the games file is corrupt: a number over range")
            }
            GamesFileError::NameNotUtf8 => {
                write!(f, "the games file is corrupt: a name that is not UTF-8")
            }
            GamesFileError::OutOfRange { game, field, value } => {
                let what = match field {
                    GameField::Year => "the year",
                    GameField::Tournament => "tournament",
                    GameField::Player => "player",
                };
                write!(
                    f,
                    "the games file is corrupt: game {game}: {what} {value} is out of range"
                )
            }
            GamesFileError::DiscCount { game } => write!(
                f,
                "the games file is corrupt: game {game}: a disc count over 64"
            ),
            GamesFileError::Length {
                game,
                moves,
                shared,
            } => write!(
                f,
                "the games file is corrupt: game {game}: {moves} moves, {shared} of them shared with \
                 the game before"
            ),
            GamesFileError::IllegalMove { game, ply } => write!(
                f,
                "the games file is corrupt: game {game}: move {ply} is not legal"
            ),
            GamesFileError::TrailingBytes(n) => {
                write!(f, "the games file is corrupt: {n} bytes after the last game")
            }
        }
    }
}

impl Error for GamesFileError {}

impl From<ReadError> for GamesFileError {
    fn from(error: ReadError) -> GamesFileError {
        match error {
            ReadError::Truncated => GamesFileError::Truncated,
            ReadError::Overlong | ReadError::OutOfRange => GamesFileError::BadNumber,
        }
    }
}
