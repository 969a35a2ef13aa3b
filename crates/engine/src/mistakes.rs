//! An AI that errs as a person does: on about one move in `one_in`, instead of its best move it plays the
//! move a quick look likes best among those a deeper search finds worse by at most `max_loss` discs. People
//! seldom blunder at random; they play the move that looks good and is not (a move that flips many discs,
//! or opens a tempting region), and a 2-ply look is such a player's eye. The deeper search keeps the slip
//! within the loss asked for.
//!
//! ```
//! use reversi_engine::mistakes::Mistakes;
//! use reversi_engine::{Position, Searcher};
//! let mistakes = Mistakes { max_loss: 6, one_in: 1 };
//! let mut searcher = Searcher::new(1);
//! let after = Position::START.play("f5".parse().unwrap()).unwrap();
//! let (square, loss) = mistakes.slip(&mut searcher, &after.board).unwrap();
//! assert!(after.board.is_legal(square) && loss > 0 && loss <= 600);
//! ```

use crate::rng::mix;
use crate::{Board, Searcher, Square, DISC};

/// Plies of the quick look that finds the tempting moves.
pub const TEMPTING_DEPTH: u32 = 2;
/// Plies of the search that measures what a slip loses.
pub const JUDGE_DEPTH: u32 = 8;

/// How often and how much the AI errs on purpose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mistakes {
    /// The most discs one mistake may lose (1 to 64).
    pub max_loss: u32,
    /// About one move in this many is a mistake (1: every move it can).
    pub one_in: u32,
}

impl Mistakes {
    /// Whether the move searched with `seed` is one where the AI errs.
    pub fn errs(&self, seed: u64) -> bool {
        // A stream of its own, apart from the levels' noise drawn from the same seed.
        const STREAM: u64 = 0xd1b5_4a32_d192_ed03;
        self.one_in >= 1 && mix(seed ^ STREAM).is_multiple_of(u64::from(self.one_in))
    }

    /// The tempting mistake in `board`: of the moves that a [`JUDGE_DEPTH`] search finds worse than its
    /// best, by at most [`Mistakes::max_loss`] discs, the one a [`TEMPTING_DEPTH`] look values most; with
    /// what it loses, in hundredths of a disc. `None` when no move loses a little (one legal move, or every
    /// other move loses more).
    pub fn slip(&self, searcher: &mut Searcher, board: &Board) -> Option<(Square, i32)> {
        let judged = searcher.analyse(board, JUDGE_DEPTH);
        let best = judged.first()?.1;
        let limit = self.max_loss as i32 * DISC;
        let candidates: Vec<(Square, i32)> = judged
            .iter()
            .map(|&(square, value)| (square, best - value))
            .filter(|&(_, loss)| loss > 0 && loss <= limit)
            .collect();
        if candidates.is_empty() {
            return None;
        }
        let look = searcher.analyse(board, TEMPTING_DEPTH);
        let liked = |square: Square| {
            look.iter()
                .find(|(s, _)| *s == square)
                .map_or(i32::MIN, |v| v.1)
        };
        candidates
            .into_iter()
            .max_by_key(|&(square, loss)| (liked(square), -loss))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Position};

    #[test]
    fn a_slip_loses_within_the_limit_and_only_as_often_as_asked() {
        let mut searcher = Searcher::new(4);
        let game = Game::from_transcript("f5d6c3d3c4f4c5b3c2e3d2c6b4").unwrap();
        let board = game.position().board;
        let mut slipped = 0;
        for max_loss in [1, 3, 8, 20] {
            let mistakes = Mistakes {
                max_loss,
                one_in: 1,
            };
            if let Some((square, loss)) = mistakes.slip(&mut searcher, &board) {
                slipped += 1;
                assert!(board.is_legal(square));
                assert!(
                    loss > 0 && loss <= max_loss as i32 * DISC,
                    "{loss} over {max_loss}"
                );
                let best = searcher.analyse(&board, JUDGE_DEPTH)[0].0;
                assert_ne!(square, best);
            }
        }
        // The position has moves within a few discs of the best: the larger limits find a slip.
        assert!(slipped >= 2, "{slipped} slips");
        // One legal move: nothing to slip to. The first such position of a fixed random game.
        let mut rng = crate::Rng::new(7);
        let mut position = Position::START;
        while position.board.moves().count() != 1 {
            let moves: Vec<Square> = position.board.moves().into_iter().collect();
            let pick = moves[rng.below(moves.len() as u64) as usize];
            position = position.play(pick).unwrap_or(Position::START);
        }
        let all_in = Mistakes {
            max_loss: 64,
            one_in: 1,
        };
        assert_eq!(all_in.slip(&mut searcher, &position.board), None);
        let often = Mistakes {
            max_loss: 4,
            one_in: 4,
        };
        let erring = (0..4000u64).filter(|&s| often.errs(s)).count();
        assert!((800..1200).contains(&erring), "{erring} of 4000");
        assert!((0..100u64).all(|s| Mistakes {
            max_loss: 4,
            one_in: 1
        }
        .errs(s)));
    }
}
