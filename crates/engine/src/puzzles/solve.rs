//! Making and checking puzzles with the exact solver.

use std::error::Error;
use std::fmt;

use super::file::check;
use super::Puzzle;
use crate::{Board, Control, Position, Solver, Square, TranspositionTable};

/// What [`Puzzle::verify`] found against the listed scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VerifyError {
    /// The position's exact score is not the one listed.
    Score,
    /// The move listed first does not reach that score.
    BestMove,
    /// Another move reaches the best score too.
    AnotherBest,
    /// The second move's exact score is not the one listed.
    SecondScore,
}

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            VerifyError::Score => "the position's score is not the listed one",
            VerifyError::BestMove => "the listed best move does not reach the score",
            VerifyError::AnotherBest => "another move reaches the best score",
            VerifyError::SecondScore => "the second move's score is not the listed one",
        })
    }
}

impl Error for VerifyError {}

impl Puzzle {
    /// Solves every legal move of `position` exactly and makes a puzzle of it when exactly one move is best
    /// (level 1 and `year`; the level is set when the whole set is graded); with `decisive`, only when the
    /// best move alone reaches its outcome (the only win or the only draw). `None` otherwise, when the side
    /// to move has fewer than two moves, or when the search was stopped by `control`.
    ///
    /// The position is solved once (with `decisive`, for its outcome only); each other move is then tested
    /// with a null window against that bound, so that a position that makes no puzzle costs little more
    /// than one solve; only then is every move solved exactly.
    pub fn examine(
        position: &Position,
        year: u16,
        decisive: bool,
        tt: &mut TranspositionTable,
        control: &mut Control,
    ) -> Option<Puzzle> {
        let board = position.board;
        if board.moves().count() < 2 {
            return None;
        }
        // With `decisive`, a win/draw/loss solve first (far cheaper than the exact score): a lost position
        // makes no decisive puzzle.
        let outcome = match decisive {
            true => Some(Solver::new(tt, control).solve_window(&board, -1, 1)),
            false => None,
        };
        // Every other move must stay below this bound (and the best move is the one that reaches it).
        let (bound, best) = match outcome {
            None => {
                let (score, best) = Solver::new(tt, control).solve(&board);
                (score, best?)
            }
            Some((s, best)) if s > 0 => (1, best?),
            Some((0, best)) => (0, best?),
            Some(_) => return None,
        };
        let others: Vec<Square> = board.moves().iter().filter(|&s| s != best).collect();
        for &square in &others {
            // The child's score for the opponent is at most -bound exactly when the move reaches the bound.
            let child = board.play_unchecked(square);
            let (value, _) = Solver::new(tt, control).solve_window(&child, -bound, 1 - bound);
            if control.aborted() || value <= -bound {
                return None;
            }
        }
        let mut moves = Vec::with_capacity(others.len() + 1);
        for square in std::iter::once(best).chain(others) {
            let (value, _) = Solver::new(tt, control).solve(&board.play_unchecked(square));
            moves.push((square, -value));
        }
        if control.aborted() {
            return None;
        }
        moves.sort_by_key(|&(square, score)| (-score, square.index()));
        let line = perfect_line(&board, moves[0], tt, control)?;
        let puzzle = Puzzle {
            position: *position,
            level: 1,
            year,
            moves,
            line,
        };
        // The solver's own answers, checked by playing them out.
        check(&puzzle).is_ok().then_some(puzzle)
    }
}

impl Puzzle {
    /// Checks with the exact solver that the best move is the one listed, with its score, that every other
    /// move scores less, and that the second move's score is the one listed; what is wrong otherwise. A
    /// cheaper check than [`Puzzle::examine`] (one solve, null-window tests, one more solve), for tests.
    pub fn verify(
        &self,
        tt: &mut TranspositionTable,
        control: &mut Control,
    ) -> Result<(), VerifyError> {
        let board = self.position.board;
        let (score, _) = Solver::new(tt, control).solve(&board);
        if score != self.score() {
            return Err(VerifyError::Score);
        }
        let child = |square: Square| board.play_unchecked(square);
        let (best, _) = Solver::new(tt, control).solve(&child(self.best()));
        if -best != score {
            return Err(VerifyError::BestMove);
        }
        for &(square, _) in &self.moves[1..] {
            // At least `score` for the opponent's side is at most -score: refuted if it fails low.
            let (value, _) =
                Solver::new(tt, control).solve_window(&child(square), -score, 1 - score);
            if value <= -score {
                return Err(VerifyError::AnotherBest);
            }
        }
        let (second, value) = self.moves[1];
        if -Solver::new(tt, control).solve(&child(second)).0 != value {
            return Err(VerifyError::SecondScore);
        }
        Ok(())
    }
}

/// Perfect play from `board` to the end of the game, starting with `first` and its exact score: at each
/// ply a solve within one disc of the score known from the ply before finds a move that keeps it.
fn perfect_line(
    board: &Board,
    (first, score): (Square, i32),
    tt: &mut TranspositionTable,
    control: &mut Control,
) -> Option<Vec<Square>> {
    let mut line = vec![first];
    let mut board = board.play_unchecked(first);
    let mut score = -score;
    loop {
        if board.is_game_over() {
            return Some(line);
        }
        if board.must_pass() {
            board = board.pass();
            score = -score;
            continue;
        }
        let (value, best) = Solver::new(tt, control).solve_window(&board, score - 1, score + 1);
        if control.aborted() || value != score {
            return None;
        }
        let square = best?;
        line.push(square);
        board = board.play_unchecked(square);
        score = -score;
    }
}
