//! What the command line's own commands share: their error type, reading a position argument, and their
//! `--json` output.

use reversi_engine::Position;

/// Why one of the command line's own commands (`perft`, `solve`, `best`, `replay`, `match`) failed.
#[derive(Debug)]
pub enum CommandError {
    /// An argument that is not valid: the option and what is wrong with it.
    Argument(&'static str, String),
    /// A file that could not be read.
    Read(std::path::PathBuf, std::io::Error),
    /// A line of an input file that is not valid: the file, the line's number and the reason.
    Line(std::path::PathBuf, usize, String),
    /// A file that holds nothing to use.
    Empty(&'static str),
    /// The failure of a tool the command uses (a weights file refused, …).
    Tool(Box<dyn std::error::Error>),
}

impl std::fmt::Display for CommandError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CommandError::Argument(what, reason) => write!(f, "bad {what}: {reason}"),
            CommandError::Read(path, error) => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            CommandError::Line(path, line, reason) => {
                write!(f, "{}:{line}: {reason}", path.display())
            }
            CommandError::Empty(what) => write!(f, "no {what}"),
            CommandError::Tool(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for CommandError {}

/// `text` parsed as a position for the option `what` (the start position when absent).
pub(super) fn position_or_start(
    text: Option<&str>,
    what: &'static str,
) -> Result<Position, CommandError> {
    text.map_or(Ok(Position::START), str::parse)
        .map_err(|e: reversi_engine::PositionError| CommandError::Argument(what, e.to_string()))
}

/// One line of `--json` output.
pub(super) fn print_json(value: &impl serde::Serialize) {
    println!(
        "{}",
        serde_json::to_string(value).expect("plain data serialises")
    );
}
