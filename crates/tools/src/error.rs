//! The `reversi` command's one error type: every command, and the tools it runs, fails with a [`ToolError`]
//! that says what was wrong and where; the command prints it as `reversi COMMAND: …` and exits with status 2.

use std::fmt;
use std::path::PathBuf;

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
    /// Another data file that was refused (an opening book, a puzzle file): the file and why.
    Data(PathBuf, String),
    /// A file of the test set given to a command that trains or builds the AI's book.
    TestSet(PathBuf, u16),
    /// A game given on the command line that breaks the rules.
    Transcript(TranscriptError),
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
            ToolError::Data(path, reason) => write!(f, "{}: {reason}", path.display()),
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
