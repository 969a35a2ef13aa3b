//! The training room's endgame puzzles: the round on the board, the puzzle asked of a worker, the player's
//! answer judged against every move's exact score, and the counts kept.

use super::{Tab, Training, TrainingAsk};
use crate::protocol::{PuzzlePick, Request, RequestId, WirePuzzle};
use crate::session::effects::outbox::Outbox;
use reversi_engine::puzzles::LEVELS;
use reversi_engine::{Position, Square};

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRound {
    /// The puzzle.
    pub puzzle: WirePuzzle,
    /// The daily puzzle of this day.
    pub daily: Option<i64>,
    /// The player's move, once made.
    pub answer: Option<Square>,
    /// Moves of the perfect line shown after the answer (0: the answer itself).
    pub step: usize,
    /// A retry: the counts already have this puzzle.
    pub retry: bool,
}

impl PuzzleRound {
    /// True when the answer was the one best move.
    pub fn correct(&self) -> Option<bool> {
        self.answer.map(|a| a == self.puzzle.moves[0].0)
    }

    /// The loss of the answer against the best move, in discs.
    pub fn loss(&self) -> Option<i32> {
        let answer = self.answer?;
        let value = self.puzzle.moves.iter().find(|m| m.0 == answer)?.1;
        Some(self.puzzle.moves[0].1 - value)
    }

    /// The positions of the perfect line after each of its moves.
    pub fn line_positions(&self) -> Vec<(Position, Square)> {
        let mut position = self.puzzle.position;
        let mut out = Vec::new();
        for &square in &self.puzzle.line {
            match position.play(square) {
                Some(next) => position = next,
                None => break,
            }
            out.push((position, square));
        }
        out
    }

    /// The position on the board, the move that led to it and the position before that move.
    pub fn shown(&self) -> (Position, Option<(Position, Square)>) {
        let start = self.puzzle.position;
        match (self.answer, self.step) {
            (None, _) => (start, None),
            (Some(answer), 0) => (start.play(answer).unwrap_or(start), Some((start, answer))),
            (Some(_), step) => {
                let line = self.line_positions();
                let before = if step >= 2 {
                    line[step.min(line.len()) - 2].0
                } else {
                    start
                };
                let (after, square) = line[step.min(line.len()) - 1];
                (after, Some((before, square)))
            }
        }
    }
}

impl Training {
    /// Asks a worker for the puzzle `pick` (the one asked before withdrawn).
    pub(super) fn ask(&mut self, pick: PuzzlePick, out: &mut Outbox) {
        self.asked.reset(out);
        self.tab = Tab::Puzzles;
        let asker = TrainingAsk::Puzzle;
        self.asked
            .ask(out, asker, pick, |id| Request::Puzzle { id, pick });
    }

    /// The puzzle asked for came: it is the round on the board.
    pub(super) fn took_puzzle(&mut self, id: RequestId, puzzle: WirePuzzle) {
        if !self.asked.waits_for(id) {
            return;
        }
        let daily = match self.asked.asked_key() {
            Some(&PuzzlePick::Daily { day }) => Some(day),
            _ => None,
        };
        self.asked.settle(id, Ok(()));
        self.puzzle = Some(PuzzleRound {
            daily,
            puzzle,
            answer: None,
            step: 0,
            retry: false,
        });
    }

    /// The player's answer `square` to the puzzle on the board: judged, and counted once.
    pub(super) fn answer_puzzle(&mut self, square: Square) {
        let Some(round) = self.puzzle.as_mut() else {
            return;
        };
        if round.answer.is_some() || !round.puzzle.position.board.is_legal(square) {
            return;
        }
        round.answer = Some(square);
        round.step = 0;
        if round.retry {
            return;
        }
        let correct = round.correct() == Some(true);
        let stats = &mut self.progress.puzzles;
        stats.attempted += 1;
        if correct {
            stats.solved += 1;
            stats.streak += 1;
            stats.best_streak = stats.best_streak.max(stats.streak);
            if let Some(day) = round.daily {
                stats.daily_solved = Some(day);
            }
        } else {
            stats.streak = 0;
        }
        if round.daily.is_none() {
            // The next visit starts after this one.
            let level = round.puzzle.level.clamp(1, LEVELS) as usize;
            stats.next[level - 1] = round.puzzle.index + 1;
        }
    }
}
