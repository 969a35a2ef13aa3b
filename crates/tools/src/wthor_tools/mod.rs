//! Commands over the WTHOR database (native only), and what they share: reading the files (refusing none;
//! the commands that train refuse the test set), the positions of the games with their perfect-play scores.
//! The measurements (`reversi eval-test`, `eval-drift`, `mpc-stats`) are in `measure.rs`; the opening tools
//! (explorer, book, `explore`) in `book_and_explorer.rs`; the training room's puzzles in `puzzles.rs`. The
//! training data made from the games (`reversi wthor-data`, `opening-data`) is the trainer's: see
//! [`crate::train`].
//!
//! Games from [`FIRST_TEST_YEAR`] on are the test set: the training data refuses them, so the evaluation is
//! never trained on the games it is measured on.

use std::path::Path;

pub use crate::ToolError;
use reversi_engine::wthor::{self, WthorGame};
use reversi_engine::{Color, PatternWeights, Searcher, Symmetry};

mod book_and_explorer;
mod games;
mod measure;
mod puzzles;
#[cfg(test)]
mod tests;

pub use self::book_and_explorer::{book_build, explore, explorer_build};
pub use self::games::{games_build, games_check, list_games};
pub use self::measure::{
    eval_drift, eval_test, mpc_stats, Drift, MAX_DRIFT_DEPTH, MAX_EVAL_TEST_DEPTH,
};
pub use self::puzzles::{puzzles_build, puzzles_check};

/// The first year of the test set.
pub const FIRST_TEST_YEAR: u16 = 2015;

/// The games of a `.wtb` file and the year the header gives.
pub fn read_file(path: &Path) -> Result<(u16, Vec<WthorGame>), ToolError> {
    let bytes = std::fs::read(path).map_err(|e| ToolError::Io(path.to_path_buf(), e))?;
    let file = wthor::parse(&bytes).map_err(|e| ToolError::Wthor(path.to_path_buf(), e))?;
    Ok((file.header.year, file.games))
}

/// Reads a weights file written by `reversi train`.
pub fn read_weights(path: &Path) -> Result<PatternWeights, ToolError> {
    let bytes = std::fs::read(path).map_err(|e| ToolError::Io(path.to_path_buf(), e))?;
    PatternWeights::from_bytes(&bytes).map_err(|e| ToolError::Weights(path.to_path_buf(), e))
}

/// A position of a game at a given number of empties, and the game's perfect-play score for its side to
/// move.
pub(crate) struct ScoredPosition {
    pub(crate) empties: u32,
    pub(crate) board: reversi_engine::Board,
    pub(crate) to_move: Color,
    pub(crate) score: i32,
}

/// The positions of `games` with one of `empties` empty squares where the side to move has a move, with
/// the game's theoretical score. Games that end before the theoretical position are skipped.
pub(crate) fn probes(
    games: &[WthorGame],
    empties: &[u32],
    theoretical_empties: u32,
) -> Vec<ScoredPosition> {
    let mut out = Vec::new();
    for game in games {
        let positions = game.positions();
        if !positions
            .iter()
            .any(|p| p.board.empty_count() == theoretical_empties)
        {
            continue;
        }
        for p in positions {
            let e = p.board.empty_count();
            if empties.contains(&e) && p.board.has_moves() {
                let black = game.theoretical_difference();
                out.push(ScoredPosition {
                    empties: e,
                    board: p.board,
                    to_move: p.to_move,
                    score: if p.to_move == Color::Black {
                        black
                    } else {
                        -black
                    },
                });
            }
        }
    }
    out
}

/// Each child of `probe`'s position where the side to move has a move, with the probe's label from its side.
pub(crate) fn every_child(probe: &ScoredPosition) -> Vec<ScoredPosition> {
    probe
        .board
        .moves()
        .iter()
        .map(|square| probe.board.play_unchecked(square))
        .filter(|child| child.has_moves())
        .map(|board| ScoredPosition {
            empties: probe.empties - 1,
            board,
            to_move: probe.to_move.opponent(),
            score: -probe.score,
        })
        .collect()
}

/// The same key for a position and its symmetric copies (the side to move included).
pub(crate) fn canonical(probe: &ScoredPosition) -> (u64, u64, bool) {
    let (p, o) = Symmetry::ALL
        .iter()
        .map(|&s| {
            let b = probe.board.transform(s);
            (b.player().0, b.opponent().0)
        })
        .min()
        .expect("eight symmetries");
    (p, o, probe.to_move == Color::Black)
}

/// `f` applied to every item on every core, each with its own searcher (16 MB; the evaluation `weights`,
/// or the built-in one); the results in the items' order.
pub(crate) fn on_every_core<T: Sync, R: Send>(
    items: &[T],
    weights: Option<&PatternWeights>,
    f: impl Fn(&mut Searcher, &T) -> R + Sync,
) -> Vec<R> {
    crate::fan_out::on_every_core_with(
        items,
        || match weights {
            Some(w) => Searcher::with_eval(16, Box::new(w.clone())),
            None => Searcher::new(16),
        },
        f,
    )
}
