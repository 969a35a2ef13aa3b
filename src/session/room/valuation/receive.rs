//! A valuation's reply taken: a deeper value kept for its position (and the move played there), a refused
//! one remembered so that it is not asked again; another request's reply left, each kind named.

use super::*;

impl Valuation {
    /// Takes a reply to one of its questions (true), or leaves it (false: not one of those in flight).
    pub fn receive(&mut self, response: &Response) -> bool {
        match response {
            Response::Reviewed {
                id,
                best,
                score,
                played_score,
                line,
                kind,
            } if self.asked.iter().any(|a| a.id == *id) => {
                let asked = self.take_asked(*id);
                let deeper = self
                    .scores
                    .get(&asked.position)
                    .is_none_or(|v| v.depth <= asked.depth);
                if deeper {
                    self.scores.insert(
                        asked.position,
                        Valued {
                            score: *score,
                            kind: *kind,
                            depth: asked.depth,
                            best: *best,
                            line: line.clone(),
                        },
                    );
                }
                if let (Some(played), Some(value)) = (asked.played, played_score) {
                    self.played
                        .insert((asked.position, played), (*value, asked.depth));
                }
                true
            }
            Response::Error { id, .. } if self.asked.iter().any(|a| a.id == *id) => {
                let asked = self.take_asked(*id);
                self.refused.insert(asked.position);
                true
            }
            // A review or an error of another request, or not an answer to a valuation (named one by one: a
            // new kind of reply is a decision here).
            Response::Reviewed { .. }
            | Response::Pong { .. }
            | Response::Perft { .. }
            | Response::Thinking { .. }
            | Response::BestMove { .. }
            | Response::Analysis { .. }
            | Response::Analysed { .. }
            | Response::Explored { .. }
            | Response::Start { .. }
            | Response::Games { .. }
            | Response::Stable { .. }
            | Response::Puzzle { .. }
            | Response::Spawned { .. }
            | Response::Helped { .. }
            | Response::Error { .. }
            | Response::Alive => false,
        }
    }
}
