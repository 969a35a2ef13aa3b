//! The `reversi` command's one error type: every command, and the tools it runs, fails with a [`ToolError`]
//! that says what was wrong and where; the command prints it as `reversi COMMAND: …` and exits with status 2.

use std::fmt;
use std::path::PathBuf;

use reversi_engine::explorer::OpeningFileError;
use reversi_engine::games::GamesFileError;
use reversi_engine::wthor::WthorError;
use reversi_engine::{TranscriptError, WeightsError};

/// Why a command of the `reversi` binary failed.
#[derive(Debug)]
pub enum ToolError {
    /// An argument that is not valid, in a sentence that names the option ([`ToolError::bad`]).
    Argument(String),
    /// A file that could not be read or written.
    Io(PathBuf, std::io::Error),
    /// Writing the command's output failed.
    Output(std::io::Error),
    /// A line of an input file that is not valid: the file, the line's number and the reason.
    Line(PathBuf, usize, String),
    /// An input that holds nothing to use: what was missing.
    Empty(&'static str),
    /// A file that is not a valid `.wtb` file.
    Wthor(PathBuf, WthorError),
    /// A weights file that was refused.
    Weights(PathBuf, WeightsError),
    /// Another data file that was refused (an opening book, the explorer, the expert games): the file and
    /// why.
    Data(PathBuf, DataError),
    /// A file of the test set given to a command that trains or builds the AI's book.
    TestSet(PathBuf, u16),
    /// A game given on the command line that breaks the rules.
    Transcript(TranscriptError),
}

/// Why a data file was refused.
#[derive(Debug)]
pub enum DataError {
    /// An opening book or explorer file that does not read.
    Opening(OpeningFileError),
    /// An expert games file that does not read.
    Games(GamesFileError),
    /// A gzipped file cut short or damaged.
    Gzip(std::io::Error),
    /// A WTHOR game whose tournament or player has no name in the name files.
    NoName {
        /// The game's 1-based place in its file.
        game: usize,
        /// Which of its names.
        what: &'static str,
        /// The index without a name.
        index: u16,
    },
    /// A game of the WTHOR files that the games file holds otherwise.
    Differs {
        /// The game as the WTHOR files have it.
        wthor: String,
        /// As the games file has it.
        file: String,
    },
    /// The WTHOR files and the games file hold different numbers of games.
    Counts {
        /// In the WTHOR files.
        wthor: usize,
        /// In the games file.
        file: usize,
    },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Opening(error) => write!(f, "{error}"),
            DataError::Games(error) => write!(f, "{error}"),
            DataError::Gzip(error) => write!(f, "not a whole gzip file: {error}"),
            DataError::NoName { game, what, index } => {
                write!(f, "game {game}: {what} {index} has no name")
            }
            DataError::Differs { wthor, file } => write!(
                f,
                "the WTHOR files have \"{wthor}\" where the games file has \"{file}\""
            ),
            DataError::Counts { wthor, file } => {
                write!(
                    f,
                    "{wthor} games in the WTHOR files, {file} in the games file"
                )
            }
        }
    }
}

impl ToolError {
    /// The option `what` is not valid, for `reason`.
    pub fn bad(what: &str, reason: impl fmt::Display) -> ToolError {
        ToolError::Argument(format!("bad {what}: {reason}"))
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToolError::Argument(text) => f.write_str(text),
            ToolError::Io(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::Output(error) => write!(f, "writing the output: {error}"),
            ToolError::Line(path, line, reason) => {
                write!(f, "{}:{line}: {reason}", path.display())
            }
            ToolError::Empty(what) => write!(f, "no {what}"),
            ToolError::Wthor(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::Weights(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::Data(path, error) => write!(f, "{}: {error}", path.display()),
            ToolError::TestSet(path, year) => write!(
                f,
                "{}: games of {year} are in the test set (from {} on); train on earlier years only",
                path.display(),
                crate::wthor_tools::FIRST_TEST_YEAR
            ),
            ToolError::Transcript(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for ToolError {}

/// An error of writing the command's output (`writeln!` to standard output): every read, and every file
/// opened, names its path with [`ToolError::Io`] instead.
impl From<std::io::Error> for ToolError {
    fn from(error: std::io::Error) -> ToolError {
        ToolError::Output(error)
    }
}

impl From<TranscriptError> for ToolError {
    fn from(error: TranscriptError) -> ToolError {
        ToolError::Transcript(error)
    }
}
