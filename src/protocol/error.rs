//! Why a request failed, as a value: the worker and the pool answer [`super::Response::Error`] with one, and
//! the page words it in the person's language (`crate::view::i18n`), so that no English reaches the Chinese
//! page. What only a developer can use (a decoder's message, a file's defect) rides along as `detail`, for
//! the console and the tests, and is never shown as the error's words.

use serde::{Deserialize, Serialize};

use super::DataFile;
use reversi_engine::{Move, Square};

/// Why a request to the engine failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerError {
    /// A data file could not be fetched: the server's HTTP status, or none when the network failed.
    DataMissing {
        /// Which file.
        file: DataFile,
        /// The HTTP status, if the server answered.
        status: Option<u16>,
    },
    /// A data file came but could not be read (damaged, or of another version).
    DataCorrupt {
        /// Which file.
        file: DataFile,
        /// What was wrong with it (for the console).
        detail: String,
    },
    /// A request the worker could not read (a page and a worker of different versions).
    BadRequest {
        /// The decoder's message (for the console).
        detail: String,
    },
    /// An AI level that does not exist.
    NoLevel {
        /// The level asked for.
        level: u8,
    },
    /// A perft deeper than the worker runs.
    TooDeep {
        /// The depth asked for.
        depth: u32,
        /// The deepest the worker runs.
        max: u32,
    },
    /// A move said to be played that is not legal in its position.
    IllegalMove {
        /// The move.
        #[serde(with = "super::wire::text")]
        square: Square,
    },
    /// No random start within the asked values was found in time.
    NoRandomStart {
        /// Moves from the start.
        moves: u8,
        /// The least value for black.
        low: i8,
        /// The greatest.
        high: i8,
    },
    /// No puzzle answers the pick (an empty level, a day before the first).
    NoPuzzle,
    /// The engine answered a move that is not legal where it was asked (found by the page).
    IllegalAnswer {
        /// The move it answered.
        #[serde(with = "super::wire::text")]
        best: Move,
    },
    /// The engine's answer could not be played (found by the page).
    BadAnswer {
        /// What was wrong (for the console).
        detail: String,
    },
    /// No worker could be started (the engine's script or wasm did not load).
    NotStarted,
    /// The workers running the request stopped answering, this many in a row.
    Unresponsive {
        /// How many workers it was tried on.
        tries: u32,
    },
}

impl std::fmt::Display for WorkerError {
    /// The English wording, for the console, the native tools and the tests (the page words it in the
    /// person's language).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WorkerError::DataMissing { file, status } => match status {
                Some(status) => write!(f, "{} could not be loaded: HTTP {status}", file.name()),
                None => write!(f, "{} could not be loaded: network error", file.name()),
            },
            WorkerError::DataCorrupt { file, detail } => {
                write!(f, "{} could not be read: {detail}", file.name())
            }
            WorkerError::BadRequest { detail } => {
                write!(f, "the worker could not read the request: {detail}")
            }
            WorkerError::NoLevel { level } => write!(f, "there is no level {level} (1 to 10)"),
            WorkerError::TooDeep { depth, max } => {
                write!(f, "perft depth {depth} is over the worker's limit of {max}")
            }
            WorkerError::IllegalMove { square } => {
                write!(f, "{square} is not legal in this position")
            }
            WorkerError::NoRandomStart { moves, low, high } => write!(
                f,
                "no position after {moves} moves valued between {low} and {high} was found in time"
            ),
            WorkerError::NoPuzzle => write!(f, "no such puzzle"),
            WorkerError::IllegalAnswer { best } => {
                write!(f, "the engine answered an illegal move: {best}")
            }
            WorkerError::BadAnswer { detail } => {
                write!(f, "the engine's answer cannot be played: {detail}")
            }
            WorkerError::NotStarted => write!(f, "the engine could not be started"),
            WorkerError::Unresponsive { tries } => {
                write!(f, "the engine stopped answering ({tries} workers in a row)")
            }
        }
    }
}
