//! Endgame puzzles: positions from expert games where exactly one move is best by the exact solver, with
//! the exact score of every legal move and the perfect line, so that the page judges an answer at once
//! and shows what perfect play does, without a search.
//!
//! The file (`RVPUZ001`) holds, after its magic bytes and a count (u32, little-endian), one record per
//! puzzle: a byte with the level (1 to [`LEVELS`]) and the side to move (bit 7 set: white), the game's year
//! less 1900, black's and white's discs (u64 each, little-endian), the number of legal moves and per move
//! its square and its exact score (i8, for the side to move, best first), then the perfect line's length and
//! its squares (passes are not written: they follow from the rules). Reading checks every record against
//! the rules: the moves are exactly the legal ones, the first alone is best, and the line, played out, ends
//! the game with the first move's score.
//!
//! ```
//! use reversi_engine::puzzles::{Puzzle, PuzzleSet};
//! use reversi_engine::{wthor, Control, TranspositionTable};
//! let game = &wthor::parse(include_bytes!("../tests/data/wthor-sample.wtb")).unwrap().games[0];
//! let (mut tt, mut control) = (TranspositionTable::new(1), Control::unlimited());
//! // The first position with 10 empties or fewer where exactly one move is best.
//! let puzzle = game.positions().iter().filter(|p| p.board.empty_count() <= 10)
//!     .find_map(|p| Puzzle::examine(&p.position(), 1990, false, &mut tt, &mut control)).unwrap();
//! assert!(puzzle.moves[0].1 > puzzle.moves[1].1);
//! let set = PuzzleSet::new(vec![puzzle.clone()]);
//! assert_eq!(PuzzleSet::read(&set.write()).unwrap().get(0), Some(&puzzle));
//! ```

use std::error::Error;
use std::fmt;

use super::{Bitboard, Board, Color, Control, Position, Solver, Square, TranspositionTable};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"RVPUZ001";

/// Number of difficulty levels, 1 (easiest) to `LEVELS`.
pub const LEVELS: u8 = 5;

/// Fewest empty squares of a puzzle.
pub const MIN_EMPTIES: u32 = 8;

/// Most empty squares of a puzzle.
pub const MAX_EMPTIES: u32 = 24;

/// One puzzle: a position, every legal move's exact score, and the perfect line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position, with the side to move.
    pub position: Position,
    /// Difficulty, 1 to [`LEVELS`].
    pub level: u8,
    /// The year of the game it comes from.
    pub year: u16,
    /// Every legal move with its exact score (final disc difference for the side to move, empties to the
    /// winner), best first; the first alone has the best score.
    pub moves: Vec<(Square, i32)>,
    /// Perfect play from the position to the end of the game, starting with the best move (placements
    /// only: a side without a move passes).
    pub line: Vec<Square>,
}

impl Puzzle {
    /// The one best move.
    pub fn best(&self) -> Square {
        self.moves[0].0
    }

    /// The exact score of the position for the side to move.
    pub fn score(&self) -> i32 {
        self.moves[0].1
    }

    /// The exact score of playing `square` (`None` if it is not a legal move).
    pub fn value_of(&self, square: Square) -> Option<i32> {
        self.moves.iter().find(|m| m.0 == square).map(|m| m.1)
    }

    /// The discs `square` loses against the best move (0 for the best move; `None` if not legal).
    pub fn loss(&self, square: Square) -> Option<i32> {
        self.value_of(square).map(|v| self.score() - v)
    }

    /// True when the best move alone reaches its outcome (the only win, or the only draw).
    pub fn changes_outcome(&self) -> bool {
        self.moves
            .get(1)
            .is_some_and(|second| second.1.signum() != self.score().signum())
    }

    /// The positions of the perfect line, from the position after the best move to the end of the game
    /// (passes applied).
    pub fn line_positions(&self) -> Vec<Position> {
        play_line(&self.position, &self.line).unwrap_or_default()
    }

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
    ) -> Result<(), &'static str> {
        let board = self.position.board;
        let (score, _) = Solver::new(tt, control).solve(&board);
        if score != self.score() {
            return Err("the position's score is not the listed one");
        }
        let child = |square: Square| board.play_unchecked(square);
        let (best, _) = Solver::new(tt, control).solve(&child(self.best()));
        if -best != score {
            return Err("the listed best move does not reach the score");
        }
        for &(square, _) in &self.moves[1..] {
            // At least `score` for the opponent's side is at most -score: refuted if it fails low.
            let (value, _) =
                Solver::new(tt, control).solve_window(&child(square), -score, 1 - score);
            if value <= -score {
                return Err("another move reaches the best score");
            }
        }
        let (second, value) = self.moves[1];
        if -Solver::new(tt, control).solve(&child(second)).0 != value {
            return Err("the second move's score is not the listed one");
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

/// The positions after each move of `line` played from `start` (forced passes applied, and applied after
/// the last move too); `None` if a move is not legal.
fn play_line(start: &Position, line: &[Square]) -> Option<Vec<Position>> {
    let mut position = *start;
    let mut out = Vec::with_capacity(line.len());
    for &square in line {
        position = position.play(square)?;
        out.push(position);
    }
    Some(out)
}

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
        why: &'static str,
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

/// What is wrong with a puzzle, if anything (the rules a file's records must keep).
fn check(puzzle: &Puzzle) -> Result<(), &'static str> {
    let board = puzzle.position.board;
    let empties = board.empty_count();
    if !(MIN_EMPTIES..=MAX_EMPTIES).contains(&empties) {
        return Err("its number of empty squares is outside 8 to 24");
    }
    if puzzle.position.check().is_err() {
        return Err("a centre square is empty");
    }
    if !(1..=LEVELS).contains(&puzzle.level) {
        return Err("its level is outside 1 to 5");
    }
    let listed = puzzle
        .moves
        .iter()
        .fold(Bitboard::EMPTY, |set, m| set | Bitboard::from_square(m.0));
    if listed != board.moves() || listed.count() as usize != puzzle.moves.len() {
        return Err("its moves are not the legal moves");
    }
    if puzzle.moves.len() < 2 {
        return Err("it has fewer than two moves");
    }
    if puzzle.moves.iter().any(|m| !(-64..=64).contains(&m.1)) {
        return Err("a score is outside -64 to 64");
    }
    if puzzle.moves.windows(2).any(|w| w[0].1 < w[1].1) || puzzle.moves[0].1 == puzzle.moves[1].1 {
        return Err("its first move is not the one best move");
    }
    if puzzle.line.first() != Some(&puzzle.best()) {
        return Err("its line does not start with the best move");
    }
    let positions =
        play_line(&puzzle.position, &puzzle.line).ok_or("its line has an illegal move")?;
    let end = positions.last().expect("a line has a move");
    if !end.board.is_game_over() {
        return Err("its line does not end the game");
    }
    let final_for_mover = if end.to_move == puzzle.position.to_move {
        end.board.final_score()
    } else {
        -end.board.final_score()
    };
    if final_for_mover != puzzle.score() {
        return Err("its line does not reach the best move's score");
    }
    Ok(())
}

/// A set of puzzles, in the file's order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
}

impl PuzzleSet {
    /// A set of `puzzles` (checked when written and read back).
    pub fn new(puzzles: Vec<Puzzle>) -> PuzzleSet {
        PuzzleSet { puzzles }
    }

    /// Number of puzzles.
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// True when the set holds no puzzle.
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Puzzle `index` (0-based).
    pub fn get(&self, index: usize) -> Option<&Puzzle> {
        self.puzzles.get(index)
    }

    /// Every puzzle.
    pub fn puzzles(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The indices of the puzzles of `level`, in the file's order.
    pub fn of_level(&self, level: u8) -> Vec<usize> {
        (0..self.puzzles.len())
            .filter(|&i| self.puzzles[i].level == level)
            .collect()
    }

    /// The daily puzzle's index for `day` (days since 1970-01-01 in the player's local date): the same for
    /// everyone on the same date, a different one each day. `None` for an empty set.
    pub fn daily(&self, day: i64) -> Option<usize> {
        let n = self.puzzles.len() as u64;
        (n > 0).then(|| (super::mix(day as u64 ^ 0x5055_5a5a_4c45) % n) as usize)
    }

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
        let mut reader = Reader { bytes: rest, at: 0 };
        let count = reader
            .take(4)
            .map(|b| u32::from_le_bytes(b.try_into().expect("4 bytes")))
            .ok_or(PuzzleError::Truncated { puzzle: None })?;
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
        match rest.len() - reader.at {
            0 => Ok(PuzzleSet { puzzles }),
            n => Err(PuzzleError::TrailingBytes(n)),
        }
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let slice = self.bytes.get(self.at..self.at.checked_add(n)?)?;
        self.at += n;
        Some(slice)
    }

    fn byte(&mut self) -> Option<u8> {
        self.take(1).map(|b| b[0])
    }

    fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .map(|b| u64::from_le_bytes(b.try_into().expect("8 bytes")))
    }

    fn square(&mut self) -> Option<Result<Square, &'static str>> {
        self.byte().map(|b| {
            (b < 64)
                .then(|| Square::from_index(b as usize))
                .ok_or("a square is outside the board")
        })
    }
}

/// One record: `None` when the bytes run out, `Some(Err)` when it breaks a rule.
fn read_puzzle(reader: &mut Reader, index: usize) -> Option<Result<Puzzle, PuzzleError>> {
    let corrupt = |why| PuzzleError::Corrupt { puzzle: index, why };
    let head = reader.byte()?;
    let year = 1900 + u16::from(reader.byte()?);
    let (black, white) = (reader.u64()?, reader.u64()?);
    let count = reader.byte()?;
    let mut moves = Vec::with_capacity(count as usize);
    let mut bad = None;
    for _ in 0..count {
        let square = reader.square()?;
        let score = i32::from(reader.byte()? as i8);
        match square {
            Ok(square) => moves.push((square, score)),
            Err(why) => bad = bad.or(Some(why)),
        }
    }
    let length = reader.byte()?;
    let mut line = Vec::with_capacity(length as usize);
    for _ in 0..length {
        match reader.square()? {
            Ok(square) => line.push(square),
            Err(why) => bad = bad.or(Some(why)),
        }
    }
    if let Some(why) = bad {
        return Some(Err(corrupt(why)));
    }
    if black & white != 0 {
        return Some(Err(corrupt("a square holds two discs")));
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle from the first game of the sample file with at most 12 empties.
    fn sample() -> Puzzle {
        let games = crate::wthor::parse(include_bytes!("../tests/data/wthor-sample.wtb"))
            .unwrap()
            .games;
        let mut tt = TranspositionTable::new(1);
        let mut control = Control::unlimited();
        games
            .iter()
            .flat_map(|g| g.positions())
            .filter(|p| p.board.empty_count() <= 12)
            .find_map(|p| Puzzle::examine(&p.position(), 2001, false, &mut tt, &mut control))
            .expect("a puzzle in the sample games")
    }

    #[test]
    fn a_puzzle_is_written_and_read_back() {
        let puzzle = sample();
        assert_eq!(check(&puzzle), Ok(()));
        let mut other = puzzle.clone();
        other.level = 5;
        let set = PuzzleSet::new(vec![puzzle.clone(), other]);
        let back = PuzzleSet::read(&set.write()).unwrap();
        assert_eq!(back, set);
        assert_eq!(back.of_level(5), vec![1]);
        assert_eq!(puzzle.loss(puzzle.best()), Some(0));
        let worst = puzzle.moves.last().unwrap();
        assert_eq!(puzzle.loss(worst.0), Some(puzzle.score() - worst.1));
        assert!(puzzle.loss(puzzle.moves[1].0).unwrap() > 0);
        let end = puzzle.line_positions().last().copied().unwrap();
        assert!(end.board.is_game_over());
    }

    #[test]
    fn every_malformation_is_named() {
        let puzzle = sample();
        let bytes = PuzzleSet::new(vec![puzzle.clone()]).write();
        assert_eq!(
            PuzzleSet::read(b"RVEXP001"),
            Err(PuzzleError::NotAPuzzleFile)
        );
        assert_eq!(
            PuzzleSet::read(&bytes[..10]),
            Err(PuzzleError::Truncated { puzzle: None })
        );
        assert_eq!(
            PuzzleSet::read(&bytes[..bytes.len() - 1]),
            Err(PuzzleError::Truncated { puzzle: Some(0) })
        );
        let mut empty = MAGIC.to_vec();
        empty.extend_from_slice(&0u32.to_le_bytes());
        assert_eq!(PuzzleSet::read(&empty), Err(PuzzleError::Empty));
        let mut trailing = bytes.clone();
        trailing.push(0);
        assert_eq!(
            PuzzleSet::read(&trailing),
            Err(PuzzleError::TrailingBytes(1))
        );

        let refused = |change: &dyn Fn(&mut Puzzle)| {
            let mut bad = puzzle.clone();
            change(&mut bad);
            match PuzzleSet::read(&PuzzleSet::new(vec![bad]).write()) {
                Err(PuzzleError::Corrupt { puzzle: 0, why }) => why,
                other => panic!("accepted or misnamed: {other:?}"),
            }
        };
        assert_eq!(refused(&|p| p.level = 6), "its level is outside 1 to 5");
        assert_eq!(
            refused(&|p| p.moves[1].1 = p.moves[0].1),
            "its first move is not the one best move"
        );
        assert_eq!(
            refused(&|p| {
                p.moves.pop();
            }),
            "its moves are not the legal moves"
        );
        assert_eq!(
            refused(&|p| p.moves[0].1 += 2),
            "its line does not reach the best move's score"
        );
        assert_eq!(
            refused(&|p| {
                p.line.pop();
            }),
            "its line does not end the game"
        );
        assert_eq!(
            refused(&|p| p.line[0] = p.moves[1].0),
            "its line does not start with the best move"
        );
        // A square byte past the board.
        let mut past = bytes.clone();
        let first_move = MAGIC.len() + 4 + 2 + 16 + 1;
        past[first_move] = 64;
        assert!(matches!(
            PuzzleSet::read(&past),
            Err(PuzzleError::Corrupt {
                why: "a square is outside the board",
                ..
            })
        ));
        // Overlapping discs.
        let mut overlap = bytes;
        let white_at = MAGIC.len() + 4 + 2 + 8;
        overlap[white_at..white_at + 8].copy_from_slice(&[0xff; 8]);
        assert!(matches!(
            PuzzleSet::read(&overlap),
            Err(PuzzleError::Corrupt {
                why: "a square holds two discs",
                ..
            })
        ));
    }

    #[test]
    fn the_daily_puzzle_is_one_a_day() {
        let puzzle = sample();
        let set = PuzzleSet::new(vec![puzzle; 50]);
        assert_eq!(set.daily(20_000), set.daily(20_000));
        let days: std::collections::HashSet<_> = (0..30).filter_map(|d| set.daily(d)).collect();
        assert!(days.len() > 10, "{days:?}");
        assert_eq!(PuzzleSet::default().daily(1), None);
    }
}
