//! The game's side of its variation ([`crate::session::variation::Variation`]): a move tried on a position
//! of the past or the variation's goes into it, a best line is played into it, the steps walk it back to
//! the record, and it goes once the record no longer has the position it branches from.

use super::{Outcome, Play};
use crate::session::notice::Notice;
use crate::session::variation::Variation;
use reversi_engine::{Move, Square};

impl Play {
    /// Puts back a variation read from a save (`shown`: the board shows it).
    pub fn keep_variation(&mut self, variation: Variation, shown: bool) {
        self.in_variation = shown && !variation.line().plies().is_empty();
        self.variation = Some(variation);
        self.check_variation();
    }

    /// Drops the variation once the record no longer has the position it branches from (moves taken back
    /// before it, or another played there).
    pub(super) fn check_variation(&mut self) {
        let fits = self.variation.as_ref().is_some_and(|v| {
            let plies = self.game.plies();
            match v.at().cmp(&plies.len()) {
                std::cmp::Ordering::Less => plies[v.at()].before == v.line().start(),
                std::cmp::Ordering::Equal => self.game.position() == v.line().start(),
                std::cmp::Ordering::Greater => false,
            }
        });
        if !fits {
            self.variation = None;
            self.in_variation = false;
        }
    }

    /// A move tried on a position of the past or a variation's: played into the variation (one begun
    /// there if the board showed the record's past), or, the record's own next move, followed in it.
    pub(super) fn try_move(&mut self, square: Square) -> Outcome {
        let shown = self.shown();
        let illegal = Outcome::Told(Notice::NotLegal {
            square,
            occupied: shown.disc(square).is_some(),
        });
        if !shown.board.is_legal(square) {
            return illegal;
        }
        if let Some(variation) = self.variation.as_mut().filter(|_| self.in_variation) {
            variation.play(square);
            return Outcome::Shown;
        }
        let Some(ply) = self.browsing else {
            return illegal;
        };
        if self.game.plies()[ply].mv == Move::Place(square) {
            // The game's own move: the record goes on, a step as → takes.
            return self.browse(Some(ply + 1));
        }
        let mut variation = Variation::new(ply, shown);
        variation.play(square);
        self.variation = Some(variation);
        self.in_variation = true;
        Outcome::Shown
    }

    /// Plays `line` from the position shown into the variation (begun there if needed), never into the
    /// game: as far as its moves are legal.
    pub fn try_line(&mut self, line: &[Square]) -> Outcome {
        if !self.in_variation() {
            let at = self.browsing.unwrap_or(self.game.plies().len());
            self.variation = Some(Variation::new(at, self.shown()));
            self.in_variation = true;
        }
        if let Some(variation) = self.variation.as_mut() {
            for &square in line {
                if !variation.play(square) {
                    break;
                }
            }
        }
        Outcome::Shown
    }

    /// Steps through the variation: back past its first move to the record's position it branches from.
    pub(super) fn step_variation(&mut self, delta: i32) -> Outcome {
        let Some(variation) = self.variation.as_mut() else {
            return Outcome::Nothing;
        };
        for _ in 0..delta.unsigned_abs() {
            if delta > 0 {
                variation.on();
            } else {
                variation.back();
                // Back at its start, the record's own position: shown as the record's.
                if variation.line().plies().is_empty() {
                    let at = variation.at();
                    self.in_variation = false;
                    self.browsing = (at < self.game.plies().len()).then_some(at);
                    break;
                }
            }
        }
        Outcome::Shown
    }
}
