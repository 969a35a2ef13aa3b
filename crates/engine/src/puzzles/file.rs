//! The puzzle file: writing it, and reading it back with every record checked against the rules.

use std::error::Error;
use std::fmt;

use super::{play_line, Puzzle, PuzzleSet, LEVELS, MAGIC, MAX_EMPTIES, MIN_EMPTIES};
use crate::bytes::Reader;
use crate::{Bitboard, Color, Position, Square};

/// Why a puzzle file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The file does not start with [`MAGIC`].
    NotAPuzzleFile,
    /// The file ends inside puzzle `puzzle` (0-based), or inside the header when `None`.
    Truncated {
        /// The puzzle being read.
        puzzle: Option<usize>,
    },
    /// Puzzle `puzzle` breaks a rule: `why` says which.
    Corrupt {
        /// The puzzle (0-based).
        puzzle: usize,
        /// What is wrong.
        why: Flaw,
    },
    /// Bytes after the last puzzle.
    TrailingBytes(usize),
    /// The file holds no puzzle.
    Empty,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleError::NotAPuzzleFile => write!(f, "not a puzzle file"),
            PuzzleError::Truncated { puzzle: None } => {
                write!(f, "the puzzle file ends inside its header")
            }
            PuzzleError::Truncated { puzzle: Some(n) } => {
                write!(f, "the puzzle file ends inside puzzle {}", n + 1)
            }
            PuzzleError::Corrupt { puzzle, why } => {
                write!(f, "puzzle {} of the file is corrupt: {why}", puzzle + 1)
            }
            PuzzleError::TrailingBytes(n) => {
                write!(f, "the puzzle file has {n} bytes after its last puzzle")
            }
            PuzzleError::Empty => write!(f, "the puzzle file holds no puzzle"),
        }
    }
}

impl Error for PuzzleError {}

/// What makes a puzzle record break the rules (see [`PuzzleError::Corrupt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// Fewer than 8 or more than 24 empty squares.
    Empties,
    /// A centre square is empty.
    CentreEmpty,
    /// The level is outside 1 to [`LEVELS`].
    Level,
    /// The moves listed are not the legal moves.
    NotTheLegalMoves,
    /// Fewer than two moves: no choice to make.
    FewerThanTwoMoves,
    /// A score outside -64 to 64.
    ScoreOutOfRange,
    /// The first move listed is not the one best move (the moves out of order, or a tie).
    NotOneBest,
    /// The perfect line does not start with the best move.
    LineStartsElsewhere,
    /// The perfect line has an illegal move.
    IllegalLineMove,
    /// The perfect line stops before the game ends.
    LineDoesNotEnd,
    /// The perfect line does not end with the best move's score.
    LineMissesScore,
    /// A square byte past the board (64 or more).
    SquareOffBoard,
    /// A square holds a black and a white disc.
    TwoDiscs,
}

impl fmt::Display for Flaw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Flaw::Empties => "its number of empty squares is outside 8 to 24",
            Flaw::CentreEmpty => "a centre square is empty",
            Flaw::Level => "its level is outside 1 to 5",
            Flaw::NotTheLegalMoves => "its moves are not the legal moves",
            Flaw::FewerThanTwoMoves => "it has fewer than two moves",
            Flaw::ScoreOutOfRange => "a score is outside -64 to 64",
            Flaw::NotOneBest => "its first move is not the one best move",
            Flaw::LineStartsElsewhere => "its line does not start with the best move",
            Flaw::IllegalLineMove => "its line has an illegal move",
            Flaw::LineDoesNotEnd => "its line does not end the game",
            Flaw::LineMissesScore => "its line does not reach the best move's score",
            Flaw::SquareOffBoard => "a square is outside the board",
            Flaw::TwoDiscs => "a square holds two discs",
        })
    }
}

/// What is wrong with a puzzle, if anything (the rules a file's records must keep).
pub(super) fn check(puzzle: &Puzzle) -> Result<(), Flaw> {
    let board = puzzle.position.board;
    let empties = board.empty_count();
    if !(MIN_EMPTIES..=MAX_EMPTIES).contains(&empties) {
        return Err(Flaw::Empties);
    }
    if puzzle.position.check().is_err() {
        return Err(Flaw::CentreEmpty);
    }
    if !(1..=LEVELS).contains(&puzzle.level) {
        return Err(Flaw::Level);
    }
    let listed = puzzle
        .moves
        .iter()
        .fold(Bitboard::EMPTY, |set, m| set | Bitboard::from_square(m.0));
    if listed != board.moves() || listed.count() as usize != puzzle.moves.len() {
        return Err(Flaw::NotTheLegalMoves);
    }
    if puzzle.moves.len() < 2 {
        return Err(Flaw::FewerThanTwoMoves);
    }
    if puzzle.moves.iter().any(|m| !(-64..=64).contains(&m.1)) {
        return Err(Flaw::ScoreOutOfRange);
    }
    if puzzle.moves.windows(2).any(|w| w[0].1 < w[1].1) || puzzle.moves[0].1 == puzzle.moves[1].1 {
        return Err(Flaw::NotOneBest);
    }
    if puzzle.line.first() != Some(&puzzle.best()) {
        return Err(Flaw::LineStartsElsewhere);
    }
    let positions = play_line(&puzzle.position, &puzzle.line).ok_or(Flaw::IllegalLineMove)?;
    let end = positions.last().expect("a line has a move");
    if !end.board.is_game_over() {
        return Err(Flaw::LineDoesNotEnd);
    }
    let final_for_mover = if end.to_move == puzzle.position.to_move {
        end.board.final_score()
    } else {
        -end.board.final_score()
    };
    if final_for_mover != puzzle.score() {
        return Err(Flaw::LineMissesScore);
    }
    Ok(())
}

impl PuzzleSet {
    /// The file's bytes.
    pub fn write(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(self.puzzles.len() as u32).to_le_bytes());
        for puzzle in &self.puzzles {
            let white = u8::from(puzzle.position.to_move == Color::White) << 7;
            out.push(puzzle.level | white);
            out.push(puzzle.year.saturating_sub(1900).min(255) as u8);
            out.extend_from_slice(&puzzle.position.black().0.to_le_bytes());
            out.extend_from_slice(&puzzle.position.white().0.to_le_bytes());
            out.push(puzzle.moves.len() as u8);
            for &(square, score) in &puzzle.moves {
                out.push(square.index() as u8);
                out.push(score as i8 as u8);
            }
            out.push(puzzle.line.len() as u8);
            out.extend(puzzle.line.iter().map(|s| s.index() as u8));
        }
        out
    }

    /// Reads a file written by [`PuzzleSet::write`], checking every puzzle against the rules.
    pub fn read(bytes: &[u8]) -> Result<PuzzleSet, PuzzleError> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(PuzzleError::NotAPuzzleFile)?;
        let mut reader = Reader::new(rest);
        let count = reader
            .u32_le()
            .map_err(|_| PuzzleError::Truncated { puzzle: None })?;
        if count == 0 {
            return Err(PuzzleError::Empty);
        }
        let mut puzzles = Vec::new();
        for index in 0..count as usize {
            let puzzle = read_puzzle(&mut reader, index).ok_or(PuzzleError::Truncated {
                puzzle: Some(index),
            })??;
            puzzles.push(puzzle);
        }
        match reader.left() {
            0 => Ok(PuzzleSet { puzzles }),
            n => Err(PuzzleError::TrailingBytes(n)),
        }
    }
}

/// The next byte as a square (`Some(Err)` when it is off the board; `None` when the bytes ran out).
fn square(reader: &mut Reader) -> Option<Result<Square, Flaw>> {
    reader.byte().ok().map(|b| {
        (b < 64)
            .then(|| Square::from_index(b as usize))
            .ok_or(Flaw::SquareOffBoard)
    })
}

/// One record: `None` when the bytes run out, `Some(Err)` when it breaks a rule.
fn read_puzzle(reader: &mut Reader, index: usize) -> Option<Result<Puzzle, PuzzleError>> {
    let corrupt = |why| PuzzleError::Corrupt { puzzle: index, why };
    let head = reader.byte().ok()?;
    let year = 1900 + u16::from(reader.byte().ok()?);
    let (black, white) = (reader.u64_le().ok()?, reader.u64_le().ok()?);
    let count = reader.byte().ok()?;
    let mut moves = Vec::with_capacity(count as usize);
    let mut bad = None;
    for _ in 0..count {
        let square = square(reader)?;
        let score = i32::from(reader.byte().ok()? as i8);
        match square {
            Ok(square) => moves.push((square, score)),
            Err(why) => bad = bad.or(Some(why)),
        }
    }
    let length = reader.byte().ok()?;
    let mut line = Vec::with_capacity(length as usize);
    for _ in 0..length {
        match square(reader)? {
            Ok(square) => line.push(square),
            Err(why) => bad = bad.or(Some(why)),
        }
    }
    if let Some(why) = bad {
        return Some(Err(corrupt(why)));
    }
    if black & white != 0 {
        return Some(Err(corrupt(Flaw::TwoDiscs)));
    }
    let to_move = if head & 0x80 != 0 {
        Color::White
    } else {
        Color::Black
    };
    let puzzle = Puzzle {
        position: Position::from_colors(Bitboard(black), Bitboard(white), to_move),
        level: head & 0x7f,
        year,
        moves,
        line,
    };
    Some(check(&puzzle).map(|()| puzzle).map_err(corrupt))
}
