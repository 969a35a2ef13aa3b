//! What the command line's own commands share: reading a position argument, and their `--json` output.

use crate::ToolError;
use reversi_engine::Position;

/// `text` parsed as a position for the option `what` (the start position when absent).
pub(super) fn position_or_start(
    text: Option<&str>,
    what: &'static str,
) -> Result<Position, ToolError> {
    text.map_or(Ok(Position::START), str::parse)
        .map_err(|e: reversi_engine::PositionError| ToolError::bad(what, e))
}

/// One line of `--json` output.
pub(super) fn print_json(value: &impl serde::Serialize) {
    println!(
        "{}",
        serde_json::to_string(value).expect("plain data serialises")
    );
}
