//! "Learn from your mistakes", as lichess has it: after a review, the board goes to each of the person's
//! marked moves (in the game's order, or the biggest first), asks for a better move, and judges the one tried
//! by the engine at the review's depth (exact where the solver reaches): one that loses less than an
//! inaccuracy (3 discs) against the best is found; another may be tried, or the answer shown with its line.
//! The mistakes found are kept with the game ([`crate::session::Play::learned`]).

use reversi_engine::review::mark;
use reversi_engine::{Color, Game, Move, Position, Square};

use super::valuation::ReviewedMove;

/// The order the mistakes are asked in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LearnOrder {
    /// As they were played.
    #[default]
    InOrder,
    /// The one that lost the most first.
    Biggest,
}

/// What the person does in "learn from your mistakes".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LearnAction {
    /// Begin, in this order, with the mistakes of this side (`None`: both sides').
    Start(LearnOrder, Option<Color>),
    /// A move tried on the mistake's position.
    Try(Square),
    /// Show the best move and its line.
    Reveal,
    /// On to the next mistake (after the last: the pass is over).
    Next,
    /// Leave.
    Stop,
}

/// The judgement of a move tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Being valued.
    Judging(Square),
    /// As good as the best, or nearly (less than an inaccuracy): found.
    Found {
        /// The move.
        square: Square,
        /// Discs it loses against the best.
        loss: i32,
    },
    /// Still a mistake: another may be tried.
    Wrong {
        /// The move.
        square: Square,
        /// Discs it loses against the best.
        loss: i32,
    },
}

/// A pass of "learn from your mistakes" over the reviewed game.
#[derive(Clone, Debug, PartialEq)]
pub struct Learn {
    /// The order asked in.
    pub order: LearnOrder,
    /// The mistakes asked, in that order.
    pub mistakes: Vec<ReviewedMove>,
    /// Which is asked now (`mistakes.len()`: the pass is over).
    pub at: usize,
    /// The last move tried there and its judgement.
    pub verdict: Option<Verdict>,
    /// The answer is shown.
    pub revealed: bool,
    /// The moves tried there that were judged wrong.
    pub wrong: Vec<Square>,
    /// The mistakes whose better move was found (by ply), in this pass.
    pub found: Vec<usize>,
}

impl Learn {
    /// A pass over `reviewed`'s marked moves of `side` (both sides' when `None`), in `order`; `None` when
    /// there is none.
    pub fn new(reviewed: &[ReviewedMove], order: LearnOrder, side: Option<Color>) -> Option<Learn> {
        let mut mistakes: Vec<ReviewedMove> = reviewed
            .iter()
            .filter(|m| m.mark.is_some() && side.is_none_or(|c| c == m.color))
            .filter(|m| matches!(m.best, Move::Place(_)))
            .cloned()
            .collect();
        if order == LearnOrder::Biggest {
            mistakes.sort_by_key(|m| (-m.loss, m.ply));
        }
        (!mistakes.is_empty()).then_some(Learn {
            order,
            mistakes,
            at: 0,
            verdict: None,
            revealed: false,
            wrong: Vec::new(),
            found: Vec::new(),
        })
    }

    /// Leaves out the mistakes learned before (by ply), unless every one was: a pass goes on where the last
    /// left off, and asks them all again once all are learned.
    pub fn skip(&mut self, learned: &[usize]) {
        if self.mistakes.iter().any(|m| !learned.contains(&m.ply)) {
            self.mistakes.retain(|m| !learned.contains(&m.ply));
        }
    }

    /// The mistake asked now, if the pass is not over.
    pub fn current(&self) -> Option<&ReviewedMove> {
        self.mistakes.get(self.at)
    }

    /// Whether the pass is over (every mistake asked).
    pub fn is_over(&self) -> bool {
        self.at >= self.mistakes.len()
    }

    /// The answer may be seen: shown, or the better move found.
    pub fn answer_seen(&self) -> bool {
        self.revealed || matches!(self.verdict, Some(Verdict::Found { .. }))
    }

    /// A move tried is being valued.
    pub fn judging(&self) -> Option<Square> {
        match self.verdict {
            Some(Verdict::Judging(square)) => Some(square),
            _ => None,
        }
    }

    /// On to the next mistake.
    pub fn next(&mut self) {
        self.at = (self.at + 1).min(self.mistakes.len());
        self.verdict = None;
        self.revealed = false;
        self.wrong.clear();
    }

    /// The move `square` tried, valued `loss` discs below the best: found or wrong.
    pub fn judge(&mut self, square: Square, loss: i32) -> Verdict {
        let best = self
            .current()
            .is_some_and(|m| m.best == Move::Place(square));
        let verdict = if mark(loss).is_none() || best {
            if let Some(ply) = self
                .current()
                .map(|m| m.ply)
                .filter(|p| !self.found.contains(p))
            {
                self.found.push(ply);
            }
            Verdict::Found { square, loss }
        } else {
            if !self.wrong.contains(&square) {
                self.wrong.push(square);
            }
            Verdict::Wrong { square, loss }
        };
        self.verdict = Some(verdict);
        verdict
    }

    /// The position of the mistake asked now (before it was played) in `game`, if it still has it there.
    pub fn position(&self, game: &Game) -> Option<Position> {
        let mistake = self.current()?;
        let ply = game.plies().get(mistake.ply)?;
        (ply.mv == Move::Place(mistake.played)).then_some(ply.before)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::review::Mark;

    fn mistake(ply: usize, color: Color, loss: i32) -> ReviewedMove {
        ReviewedMove {
            ply,
            color,
            played: "a1".parse().unwrap(),
            best: Move::Place("b2".parse().unwrap()),
            line: Vec::new(),
            loss,
            mark: mark(loss),
        }
    }

    #[test]
    fn a_pass_asks_the_sides_marked_moves_in_the_order_chosen_and_judges_by_the_loss() {
        let reviewed = [
            mistake(2, Color::Black, 4),
            mistake(3, Color::White, 20),
            mistake(4, Color::Black, 1),
            mistake(6, Color::Black, 14),
        ];
        assert_eq!(mark(1), None);
        assert_eq!(mark(14), Some(Mark::Blunder));
        let order = |l: &Learn| l.mistakes.iter().map(|m| m.ply).collect::<Vec<_>>();
        let black = Learn::new(&reviewed, LearnOrder::InOrder, Some(Color::Black)).unwrap();
        assert_eq!(order(&black), vec![2, 6]);
        let mut biggest = Learn::new(&reviewed, LearnOrder::Biggest, None).unwrap();
        assert_eq!(order(&biggest), vec![3, 6, 2]);
        // Wrong, then found (less than an inaccuracy's loss), then the next.
        let sq = |s: &str| s.parse::<Square>().unwrap();
        assert_eq!(
            biggest.judge(sq("c3"), 8),
            Verdict::Wrong {
                square: sq("c3"),
                loss: 8
            }
        );
        assert!(!biggest.answer_seen());
        assert!(matches!(biggest.judge(sq("d3"), 2), Verdict::Found { .. }));
        assert!(biggest.answer_seen());
        biggest.next();
        assert_eq!(
            (biggest.at, biggest.verdict, biggest.wrong.len()),
            (1, None, 0)
        );
        biggest.next();
        biggest.next();
        assert!(biggest.is_over());
        assert!(
            Learn::new(&reviewed[2..3], LearnOrder::InOrder, None).is_none(),
            "no marked move"
        );
    }
}
