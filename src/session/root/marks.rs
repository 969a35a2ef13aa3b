//! What the board marks on the position it shows, worked out once by the session and given to the board as
//! one value ([`BoardMarks`]): the squares a click plays, the hinted move, the engine's line, the stable
//! discs. The components between the page and the board pass it on whole; a new mark is a field here, the
//! line that works it out in [`Session::board_marks`], and its drawing on the square (and its spoken name).

use reversi_engine::{Bitboard, Square};

use crate::session::Session;

/// The marks of the board's position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardMarks {
    /// The squares a click plays (marked as legal moves): none while the engine moves, on a position
    /// browsed, or for a watcher.
    pub legal: Bitboard,
    /// A move highlighted: the hint on the game's own position, the review's better move on a position
    /// browsed that it marked, a drill's expected move after a wrong one.
    pub hint: Option<Square>,
    /// The engine's line from the position shown (its first moves numbered on their squares).
    pub line: Vec<Square>,
    /// The discs that can never turn (while the board view marks them, once the engine has found them).
    pub stable: Bitboard,
}

impl Session {
    /// The board's marks on the position shown (see [`BoardMarks`]). "Learn from your mistakes" asking a move
    /// marks nothing that gives its answer away (the hint, the line, the review's better move).
    pub fn board_marks(&self) -> BoardMarks {
        let legal = self.clickable();
        if self.training.is_open() {
            return BoardMarks {
                legal,
                hint: self.training.solution(),
                ..BoardMarks::default()
            };
        }
        let learning = self.asked_to_learn();
        let game = self.play.game();
        let reviewed_best = || {
            let ply = self.play.browsing().filter(|_| !self.play.in_variation())?;
            self.room
                .valuation()
                .reviewed(game)
                .into_iter()
                .find(|m| m.ply == ply && m.mark.is_some())
                .and_then(|m| m.best.square())
        };
        let hint = if learning {
            None
        } else {
            self.asks
                .hint()
                .and_then(|h| h.square())
                .filter(|_| !self.play.away())
                .or_else(reviewed_best)
        };
        let line = if self.prefs.show_line() && !learning {
            self.line()
        } else {
            Vec::new()
        };
        let stable = if self.prefs.stable() {
            self.asks
                .stable_discs(&self.shown())
                .unwrap_or(Bitboard::EMPTY)
        } else {
            Bitboard::EMPTY
        };
        BoardMarks {
            legal,
            hint,
            line,
            stable,
        }
    }
}
