//! What the command line's own commands share: reading a position argument, their `--json` output, and a
//! closed output pipe ending them quietly.

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

/// The ends of the output pipe closing early (`reversi replay … | head -1`) ends the command quietly, as for
/// any Unix tool, instead of a panic on the failed write. The servers (`serve`, `bot`) keep Rust's default,
/// so that a closed socket is an error they handle.
pub(super) fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    {
        extern "C" {
            fn signal(signum: i32, handler: usize) -> usize;
        }
        const SIGPIPE: i32 = 13;
        const SIG_DFL: usize = 0;
        // SAFETY: `signal` from the C library with a valid signal number and the default disposition; no
        // handler code runs in this process.
        unsafe {
            signal(SIGPIPE, SIG_DFL);
        }
    }
}
