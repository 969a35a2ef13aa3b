//! Errors of the rules API: each names what was wrong and where, and none of them changes the position or
//! game it was raised on (the checked functions only commit after every check has passed).

use std::error::Error;
use std::fmt;

use super::{Color, Square};

/// What an error message quotes of a text it refuses: its first line, at most 16 characters, "…" where cut
/// (a refused paste of a megabyte is quoted in a line, not echoed).
///
/// ```
/// # use reversi_engine::excerpt;
/// assert_eq!(excerpt("q"), "q");
/// assert_eq!(excerpt(&"Q".repeat(1_000_000)), format!("{}…", "Q".repeat(16)));
/// assert_eq!(excerpt("f5\nd6"), "f5…");
/// ```
pub fn excerpt(text: &str) -> String {
    let line = text.lines().next().unwrap_or("");
    let mut out: String = line.chars().take(16).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// A square name that is not `a1`..`h8`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// The text is not a column letter a–h followed by a row digit 1–8.
    BadSquare {
        /// The text as given.
        text: String,
    },
}

impl fmt::Display for SquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareError::BadSquare { text } => {
                write!(f, "\"{text}\" is not a square (expected a1..h8)")
            }
        }
    }
}

impl Error for SquareError {}

/// Why a move cannot be played in the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The square is occupied or flips nothing.
    IllegalMove {
        /// The square that was tried.
        square: Square,
    },
    /// A pass was tried but the side to move has a legal move (passing is only allowed when forced).
    CannotPass,
    /// The game is over: neither side can move.
    GameOver,
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::IllegalMove { square } => {
                write!(
                    f,
                    "{square} is not a legal move (it must flip at least one disc)"
                )
            }
            PlayError::CannotPass => write!(f, "cannot pass: a legal move exists"),
            PlayError::GameOver => write!(f, "the game is over"),
        }
    }
}

impl Error for PlayError {}

/// A transcript (`f5d6c3...`) that cannot be played from its start position.
///
/// `ply` counts the moves of the transcript from 1, not counting implicit passes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TranscriptError {
    /// A token that is not a square name (or `pass`).
    BadSquare {
        /// 1-based number of the move in the transcript.
        ply: usize,
        /// The offending text.
        text: String,
    },
    /// The square is not a legal move for the side to move at that point.
    IllegalMove {
        /// 1-based number of the move in the transcript.
        ply: usize,
        /// The square that was tried.
        square: Square,
        /// Whose move it was.
        color: Color,
    },
    /// An explicit pass where the side to move has a legal move.
    CannotPass {
        /// 1-based number of the move in the transcript.
        ply: usize,
        /// Whose move it was.
        color: Color,
    },
    /// The transcript goes on after the game has ended.
    GameOver {
        /// 1-based number of the extra move.
        ply: usize,
    },
}

impl fmt::Display for TranscriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TranscriptError::BadSquare { ply, text } => {
                write!(
                    f,
                    "move {ply}: \"{text}\" is not a square (expected a1..h8)"
                )
            }
            TranscriptError::IllegalMove { ply, square, color } => {
                write!(f, "move {ply}: {square} is not a legal move for {color}")
            }
            TranscriptError::CannotPass { ply, color } => {
                write!(f, "move {ply}: {color} cannot pass, a legal move exists")
            }
            TranscriptError::GameOver { ply } => {
                write!(f, "move {ply}: the game is already over")
            }
        }
    }
}

impl Error for TranscriptError {}

/// A position text (`<64 squares> <side>`) that cannot be read, or that no game can reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// The board part does not have 64 squares.
    BadLength {
        /// Always 64.
        expected: usize,
        /// How many square characters were found.
        actual: usize,
    },
    /// A character that is not a disc or an empty square.
    BadDisc {
        /// The square where it stands.
        square: Square,
        /// The character found.
        found: char,
    },
    /// The side to move is missing or is not `X` / `O`.
    BadSide {
        /// The text found where the side to move belongs.
        text: String,
    },
    /// One of the four centre squares is empty: no Othello game reaches such a position.
    EmptyCentre {
        /// The first empty centre square.
        square: Square,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionError::BadLength { expected, actual } => {
                write!(f, "a position needs {expected} squares, found {actual}")
            }
            PositionError::BadDisc { square, found } => write!(
                f,
                "square {square}: '{found}' is not a disc (use X for black, O for white, - for empty)"
            ),
            PositionError::BadSide { text } => write!(
                f,
                "side to move must be X (black) or O (white), found \"{text}\""
            ),
            PositionError::EmptyCentre { square } => write!(
                f,
                "centre square {square} is empty: the four centre squares are never empty in a game"
            ),
        }
    }
}

impl Error for PositionError {}
