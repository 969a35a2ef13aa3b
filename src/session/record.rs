//! The record browsed: the position shown, stepping through the moves, and going on from a position of the
//! past.

use super::Session;

impl Session {
    /// The position on the board: the current one, or the one being browsed.
    pub fn shown(&self) -> reversi_engine::Position {
        match self.browsing {
            Some(ply) => self.game.plies()[ply].before,
            None => self.game.position(),
        }
    }

    /// Shows the position before ply `ply` (`None`, or a ply past the record: the game's own). With the
    /// analysis on, the position shown is analysed; the hint stays the game's.
    pub(super) fn browse(&mut self, ply: Option<usize>) {
        let browsing = ply.filter(|&n| n < self.game.plies().len());
        if browsing != self.browsing {
            self.browsing = browsing;
            // The analysis follows the position shown; the hint belongs to the game's own.
            if self.prefs.analyse {
                self.asks.analysis.reset(&mut self.channel);
                self.request_analysis();
            }
        }
    }

    /// Steps through the record by `delta` plies from the position shown, stopping at its ends.
    pub(super) fn step(&mut self, delta: i32) {
        let plies = self.game.plies().len() as i64;
        let at = self.browsing.map_or(plies, |n| n as i64);
        let to = (at + i64::from(delta)).clamp(0, plies);
        self.browse((to < plies).then_some(to as usize));
    }

    /// Takes back every move after the position shown (they stay a redo away), and goes on from there.
    pub(super) fn play_from_here(&mut self) {
        let Some(ply) = self.browsing.take() else {
            return;
        };
        let before = self.game.plies().len();
        while self.game.plies().len() > ply && self.game.undo() {}
        if self.game.plies().len() != before {
            self.cancel_engine();
            self.notice = None;
            self.after_change();
        }
    }
}
