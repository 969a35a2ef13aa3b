//! The session's side of "learn from your mistakes" ([`crate::session::room::learn`]): where a click is a move tried
//! rather than played, and the mistakes found kept with the game.

use crate::session::Session;

impl Session {
    /// Whether the board shows the position "learn from your mistakes" asks a move on (its answer not seen
    /// yet): a click there is a move tried, judged, not played.
    pub fn asked_to_learn(&self) -> bool {
        !self.play.in_variation()
            && self.room.learning().is_some_and(|l| {
                !l.answer_seen() && l.position(self.play.game()) == Some(self.shown())
            })
    }

    /// The mistakes found in "learn from your mistakes" are kept with the game.
    pub(in crate::session) fn keep_learned(&mut self) {
        if let Some(learn) = self.room.learning() {
            if learn
                .found
                .iter()
                .any(|ply| !self.play.learned().contains(ply))
            {
                let mut learned = self.play.learned().to_vec();
                learned.extend(&learn.found);
                self.play.set_learned(learned);
            }
        }
    }
}
