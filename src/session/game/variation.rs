//! The game's side of its variations ([`crate::session::record::variation::Variation`]): a move tried on a position
//! of the past or a variation's goes into one (a new one where it leaves every line tried before), a best
//! line is played into one, the steps walk one back to the record, and each goes once the record no longer
//! has the position it branches from. Together they make the game's tree: a variation that leaves another
//! part of the way shares its first moves with it.

use super::{Outcome, Play};
use crate::session::notice::Notice;
use crate::session::record::variation::Variation;
use reversi_engine::{Game, Move, Position, Square};

/// The most variations a game keeps: past it, the one tried longest ago (and not shown) goes.
pub const MAX_VARIATIONS: usize = 24;

impl Play {
    /// Puts back the variations read from a save or a link, and the one the board showed (`shown`): at most
    /// [`MAX_VARIATIONS`] (the first ones, and the one shown), the same line once.
    pub fn keep_variations(&mut self, mut variations: Vec<Variation>, shown: Option<usize>) {
        let mut shown = shown.filter(|&i| {
            variations
                .get(i)
                .is_some_and(|v| !v.line().plies().is_empty())
        });
        if variations.len() > MAX_VARIATIONS {
            if let Some(i) = shown.filter(|&i| i >= MAX_VARIATIONS) {
                variations.swap(i, MAX_VARIATIONS - 1);
                shown = Some(MAX_VARIATIONS - 1);
            }
            variations.truncate(MAX_VARIATIONS);
        }
        self.shown_variation = shown;
        self.variations = variations;
        self.check_variations();
    }

    /// Drops each variation the record no longer has the position for (moves taken back before it, or
    /// another played there).
    pub(super) fn check_variations(&mut self) {
        let shown = self
            .shown_variation
            .and_then(|i| self.variations.get(i))
            .cloned();
        let game = &self.game;
        self.variations.retain(|v| v.fits(game));
        self.shown_variation = shown.and_then(|s| self.variations.iter().position(|v| *v == s));
        self.tidy();
    }

    /// The variation from `start` (before ply `at`) whose moves begin with `moves`, shown after them: one
    /// tried before if there is one, else a new one.
    pub(super) fn show_line(&mut self, at: usize, start: Position, moves: &[Square]) {
        let found = self.variations.iter().position(|v| {
            v.at() == at && v.line().start() == start && v.all().0.starts_with(moves)
        });
        let index = match found {
            Some(index) => index,
            None => {
                let Some(variation) = Variation::restore(at, start, moves, usize::MAX) else {
                    return;
                };
                if self.variations.len() >= MAX_VARIATIONS {
                    let shown = self.shown_variation;
                    if let Some(oldest) = (0..self.variations.len()).find(|&i| Some(i) != shown) {
                        self.variations.remove(oldest);
                    }
                }
                self.variations.push(variation);
                self.variations.len() - 1
            }
        };
        self.variations[index].show_placements(moves.len());
        self.shown_variation = Some(index);
    }

    /// Where a move tried now branches from: the ply, its position, and the moves before it there (a
    /// variation's moves up to the one shown, or none on the record's position).
    fn branch(&self) -> (usize, Position, Vec<Square>) {
        match self.shown_variation.and_then(|i| self.variations.get(i)) {
            Some(v) => {
                let (moves, shown) = v.all();
                (v.at(), v.line().start(), moves[..shown].to_vec())
            }
            None => (
                self.browsing.unwrap_or(self.game.plies().len()),
                self.shown(),
                Vec::new(),
            ),
        }
    }

    /// A move tried on a position of the past or a variation's: the record's own next move is followed in
    /// the record; any other goes on in the variation shown (at its end), or into the variation that has
    /// it there, or into a new one.
    pub(super) fn try_move(&mut self, square: Square) -> Outcome {
        let shown = self.shown();
        if !shown.board.is_legal(square) {
            return Outcome::Told(Notice::NotLegal {
                square,
                occupied: shown.disc(square).is_some(),
            });
        }
        if let Some(variation) = self
            .shown_variation
            .and_then(|i| self.variations.get_mut(i))
            .filter(|v| !v.can_go_on())
        {
            variation.play(square);
            return Outcome::Shown;
        }
        if let (None, Some(ply)) = (self.shown_variation, self.browsing) {
            if self.game.plies()[ply].mv == Move::Place(square) {
                // The game's own move: the record goes on, a step as → takes.
                return self.browse(Some(ply + 1));
            }
        }
        let (at, start, mut moves) = self.branch();
        moves.push(square);
        self.show_line(at, start, &moves);
        Outcome::Shown
    }

    /// Plays `line` from the position shown into a variation (as [`Play::try_move`] would each move), never
    /// into the game: as far as its moves are legal.
    pub fn try_line(&mut self, line: &[Square]) -> Outcome {
        let (at, start, mut moves) = self.branch();
        let mut check =
            Game::from_moves(start, &moves).unwrap_or_else(|_| Game::from_position(start));
        for &square in line {
            if check.play(square).is_err() {
                break;
            }
            moves.push(square);
        }
        if let Some(variation) = self
            .shown_variation
            .and_then(|i| self.variations.get_mut(i))
            .filter(|v| !v.can_go_on())
        {
            // The variation shown goes on.
            for &square in &moves[variation.all().1..] {
                variation.play(square);
            }
            return Outcome::Shown;
        }
        self.show_line(at, start, &moves);
        Outcome::Shown
    }

    /// Steps through the variation shown: back past its first move to the record's position it branches
    /// from.
    pub(super) fn step_variation(&mut self, delta: i32) -> Outcome {
        let Some(variation) = self
            .shown_variation
            .and_then(|i| self.variations.get_mut(i))
        else {
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
                    self.shown_variation = None;
                    self.browsing = (at < self.game.plies().len()).then_some(at);
                    break;
                }
            }
        }
        Outcome::Shown
    }

    /// Shows variation `index` after `plies` of its plies.
    pub(super) fn show_variation(&mut self, index: usize, plies: usize) -> Outcome {
        match self.variations.get_mut(index).filter(|_| plies > 0) {
            Some(variation) => {
                variation.show(plies);
                self.shown_variation = Some(index);
                Outcome::Shown
            }
            None => Outcome::Nothing,
        }
    }
}
