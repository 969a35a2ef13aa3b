//! A variation: moves tried beside the game from a position of its record, never played into it. The
//! analysis board's way to explore: a move tried on a position browsed, or a best line played, goes here;
//! against the AI the game waits as it was. Its own undo and redo step through it. The game keeps the
//! lines tried ([`crate::session::Play::variations`]); the save and the link write them.

use reversi_engine::{Game, Position, Square};

/// The position before ply `at` of `record` (its last position at its end), where a variation branches.
fn branch_of(record: &Game, at: usize) -> Option<Position> {
    match at.cmp(&record.plies().len()) {
        std::cmp::Ordering::Less => Some(record.plies()[at].before),
        std::cmp::Ordering::Equal => Some(record.position()),
        std::cmp::Ordering::Greater => None,
    }
}

/// A line of moves branching from the game's record.
#[derive(Clone, Debug, PartialEq)]
pub struct Variation {
    /// The ply it branches before: its first move is played instead of the record's `at`th (or, at the
    /// record's end, on the game's own position).
    at: usize,
    /// Its moves from the position before that ply; those stepped back from stay a step away.
    line: Game,
}

impl Variation {
    /// A variation from `start`, the position before ply `at` of the record, with no move yet.
    pub fn new(at: usize, start: Position) -> Variation {
        Variation {
            at,
            line: Game::from_position(start),
        }
    }

    /// A variation read back: `moves` from `start` (before ply `at`), shown after `shown` of them; `None`
    /// when the moves cannot be played there.
    pub fn restore(
        at: usize,
        start: Position,
        moves: &[Square],
        shown: usize,
    ) -> Option<Variation> {
        let mut line = Game::from_moves(start, moves).ok()?;
        while line.plies().len() > shown && line.undo() {}
        Some(Variation { at, line })
    }

    /// `moves` tried before ply `at` of `record`, shown after `placements` of them: `None` when the record
    /// has no such ply or the moves cannot be played there (a link or a save that no longer fits).
    pub fn on_record(
        record: &Game,
        at: usize,
        moves: &[Square],
        placements: usize,
    ) -> Option<Variation> {
        let start = branch_of(record, at)?;
        let mut variation = Variation::restore(at, start, moves, moves.len())?;
        variation.show_placements(placements);
        Some(variation)
    }

    /// Whether `record` still has the position it branches from, before its ply.
    pub fn fits(&self, record: &Game) -> bool {
        branch_of(record, self.at) == Some(self.line.start())
    }

    /// The ply of the record it branches before.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Its moves as played so far (the position shown is after the last); [`Variation::all`] has the rest.
    pub fn line(&self) -> &Game {
        &self.line
    }

    /// Every move of it, those stepped back from too, and how many of them are shown.
    pub fn all(&self) -> (Vec<Square>, usize) {
        let (plies, shown) = self.plies();
        let placements = |plies: &[reversi_engine::Ply]| -> Vec<Square> {
            plies.iter().filter_map(|p| p.mv.square()).collect()
        };
        (placements(&plies), placements(&plies[..shown]).len())
    }

    /// Every ply of it (passes too), those stepped back from included, and how many of them are shown.
    pub fn plies(&self) -> (Vec<reversi_engine::Ply>, usize) {
        let mut whole = self.line.clone();
        while whole.redo() {}
        (whole.plies().to_vec(), self.line.plies().len())
    }

    /// The position it shows.
    pub fn position(&self) -> Position {
        self.line.position()
    }

    /// Plays `square` on the position shown: true when it is legal there (the moves that were a step away
    /// go, as an undo's do when another move is played).
    pub fn play(&mut self, square: Square) -> bool {
        self.line.play(square).is_ok()
    }

    /// One move back: false at its start (nothing to take back).
    pub fn back(&mut self) -> bool {
        self.line.undo()
    }

    /// One move on, when a move was stepped back from.
    pub fn on(&mut self) -> bool {
        self.line.redo()
    }

    /// Shows the position after `plies` of its plies (passes counted), as far as it goes.
    pub fn show(&mut self, plies: usize) {
        while self.line.plies().len() > plies && self.line.undo() {}
        while self.line.plies().len() < plies && self.line.redo() {}
    }

    /// Shows the position after `placements` of its moves (passes not counted), as far as it goes.
    pub fn show_placements(&mut self, placements: usize) {
        while self.line.redo() {}
        let count = |line: &Game| {
            line.plies()
                .iter()
                .filter(|p| p.mv.square().is_some())
                .count()
        };
        while count(&self.line) > placements && self.line.undo() {}
    }

    /// Whether a step on is possible.
    pub fn can_go_on(&self) -> bool {
        self.line.can_redo()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_variation_plays_steps_back_and_on_and_keeps_its_moves() {
        let mut v = Variation::new(0, Position::START);
        assert!(!v.play(sq("a1")), "an illegal move is refused");
        assert!(v.play(sq("f5")) && v.play(sq("f6")) && v.play(sq("e6")));
        assert_eq!(v.all(), (vec![sq("f5"), sq("f6"), sq("e6")], 3));
        assert!(v.back());
        assert_eq!(v.all(), (vec![sq("f5"), sq("f6"), sq("e6")], 2));
        assert!(v.can_go_on());
        v.show(0);
        assert_eq!(v.position(), Position::START);
        assert!(!v.back());
        v.show(3);
        assert_eq!(v.all().1, 3);
        // Another move where one was stepped back from: the rest goes.
        v.show(1);
        assert!(v.play(sq("d6")));
        assert_eq!(v.all(), (vec![sq("f5"), sq("d6")], 2));
        let again = Variation::restore(0, Position::START, &[sq("f5"), sq("d6")], 1).unwrap();
        assert_eq!(again.all(), (vec![sq("f5"), sq("d6")], 1));
        assert!(Variation::restore(0, Position::START, &[sq("a1")], 1).is_none());
    }
}
