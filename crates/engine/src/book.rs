//! The opening book: positions that strong players reached often in the WTHOR games played before 2015
//! (merged under the 8 symmetries), each with the moves they chose there and the engine's best move, every
//! move valued by the engine's own search. The AI plays from it with a variety setting: it picks among the
//! book moves that lose at most a set number of discs against the best one, so its openings vary without
//! giving anything away.
//!
//! The file (`RVBOOK01`) is laid out like the explorer's (`tree.rs`): positions breadth-first from the start, each a
//! count of moves, then per move a byte (square in the canonical frame, plus a flag when the position it leads
//! to is in the book) and its value in hundredths of a disc (zigzag variable-length). The built-in book is
//! compiled into the program (`crates/engine/src/book.bin`, written by `reversi book-build`).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::rng::splitmix;
use super::tree::{
    read_tree, stored_moves_turned, unzigzag, write_tree, zigzag, Key, OpeningFileError,
};
use super::{Board, Color, Position, Square, DISC};
use crate::bytes::{write_varint, Reader};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"RVBOOK01";

/// The opening book.
#[derive(Clone, Debug, Default)]
pub struct Book {
    positions: HashMap<Key, Vec<(Square, i32)>>,
}

/// A move chosen from the book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BookMove {
    /// The move.
    pub square: Square,
    /// Its value for the side to move, in hundredths of a disc.
    pub value: i32,
}

impl Book {
    /// The book built into the program.
    pub fn builtin() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            Book::read(include_bytes!("book.bin"))
                .expect("the built-in book is checked by its tests")
        })
    }

    /// Reads a file written by [`Book::write`].
    pub fn read(bytes: &[u8]) -> Result<Book, OpeningFileError> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(OpeningFileError::NotAnOpeningFile)?;
        let mut reader = Reader::new(rest);
        let count = reader.varint()?;
        let positions = read_tree(&mut reader, count, |reader, square| {
            let value = unzigzag(reader.varint()?);
            if value.abs() > 64 * DISC as i64 {
                return Err(OpeningFileError::Corrupt(format!(
                    "value {value} of {square}"
                )));
            }
            Ok(value as i32)
        })?;
        Ok(Book { positions })
    }

    /// A book from valued positions (canonical keys): what [`Book::write`] saves (`reversi book-build`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_positions(positions: HashMap<Key, Vec<(Square, i32)>>) -> Book {
        Book { positions }
    }

    /// The file: the positions reachable from the start through book moves, breadth-first.
    pub fn write(&self) -> Vec<u8> {
        let moves_of = |key: &Key| self.positions.get(key).cloned().unwrap_or_default();
        let (count, body) = write_tree(moves_of, |body, value: &i32| {
            write_varint(body, zigzag(*value as i64))
        });
        let mut out = MAGIC.to_vec();
        write_varint(&mut out, count);
        out.extend_from_slice(&body);
        out
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True when the book has no position.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The book's moves in `position` (in its own frame) with their values, best first; the same moves,
    /// turned, whichever of the 8 ways the board is turned (at the start: all four first moves).
    pub fn moves(&self, position: &Position) -> Vec<BookMove> {
        let mut moves: Vec<BookMove> = stored_moves_turned(&self.positions, position)
            .into_iter()
            .map(|(square, value)| BookMove { square, value })
            .collect();
        moves.sort_by(|a, b| {
            b.value
                .cmp(&a.value)
                .then(a.square.index().cmp(&b.square.index()))
        });
        moves
    }

    /// The book's value of `square` in `position`, from black's side (hundredths of a disc), if the book
    /// has the move: what the explorer shows next to the games' results.
    pub fn value_for_black(&self, position: &Position, square: Square) -> Option<i32> {
        let sign = if position.to_move == Color::Black {
            1
        } else {
            -1
        };
        self.moves(position)
            .into_iter()
            .find(|m| m.square == square)
            .map(|m| sign * m.value)
    }

    /// The book's main line after `first` in `position`: `first`, then the book's best move at each
    /// position as far as the book goes, at most `most` moves in all.
    pub fn main_line(&self, position: &Position, first: Square, most: usize) -> Vec<Square> {
        let mut line = vec![first];
        let mut current = position.play(first);
        while let Some(position) = current.filter(|_| line.len() < most) {
            let Some(best) = self.moves(&position).first().map(|m| m.square) else {
                break;
            };
            line.push(best);
            current = position.play(best);
        }
        line
    }

    /// A move for `position`, if the book has one: chosen with `seed` among the moves that lose at most
    /// `max_loss` discs against the book's best.
    pub fn choose(&self, position: &Position, max_loss: i32, seed: u64) -> Option<BookMove> {
        let moves = self.moves(position);
        let best = moves.first()?.value;
        let good: Vec<BookMove> = moves
            .into_iter()
            .filter(|m| best - m.value <= max_loss * DISC)
            .collect();
        let pick = splitmix(seed ^ position.board.hash()) % good.len() as u64;
        Some(good[pick as usize])
    }
}

/// The colour to move in an opening position, from the number of discs (no pass happens in the book's
/// openings: with an odd count white is to move). A position with a pass behind it is simply not found.
pub(crate) fn color_for(board: &Board) -> Color {
    if (64 - board.empty_count()).is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Game, Move};

    #[test]
    fn the_builtin_book_reads_and_round_trips() {
        let book = Book::builtin();
        assert!(book.len() > 100, "{} positions", book.len());
        // Written again, the built-in file comes back byte for byte.
        assert_eq!(book.write(), include_bytes!("book.bin"));
        let again = Book::read(&book.write()).unwrap();
        assert_eq!(again.len(), book.len());
        // The start: the four first moves are one move turned, and the book gives all four, of one value.
        let first = book.moves(&Position::START);
        let mut squares: Vec<String> = first.iter().map(|m| m.square.to_string()).collect();
        squares.sort();
        assert_eq!(squares, ["c4", "d3", "e6", "f5"]);
        assert!(first.iter().all(|m| m.value == first[0].value));
        for transcript in ["f5", "d3", "c4", "e6"] {
            let after = Game::from_transcript(transcript).unwrap().position();
            assert!(!book.moves(&after).is_empty(), "{transcript}");
        }
    }

    #[test]
    fn every_book_answer_is_the_same_under_the_8_symmetries() {
        let book = Book::builtin();
        // Every position along the book's lines two plies deep, and the best line further.
        let mut positions = vec![Position::START];
        for first in book.moves(&Position::START) {
            let after = Position::START.play(first.square).unwrap();
            positions.push(after);
            for second in book.moves(&after) {
                positions.push(after.play(second.square).unwrap());
            }
        }
        assert!(positions.len() > 10, "{} positions", positions.len());
        for position in positions {
            let moves = book.moves(&position);
            for symmetry in crate::Symmetry::ALL {
                let turned = Position {
                    board: position.board.transform(symmetry),
                    to_move: position.to_move,
                };
                let mut expected: Vec<(usize, i32)> = moves
                    .iter()
                    .map(|m| (symmetry.apply_square(m.square).index(), m.value))
                    .collect();
                let mut got: Vec<(usize, i32)> = book
                    .moves(&turned)
                    .iter()
                    .map(|m| (m.square.index(), m.value))
                    .collect();
                expected.sort_unstable();
                got.sort_unstable();
                assert_eq!(got, expected, "{position} turned by {symmetry:?}");
            }
        }
    }

    #[test]
    fn every_book_move_is_legal_and_the_choice_respects_the_loss_limit() {
        let book = Book::builtin();
        let mut game = Game::new();
        // Follow the book's best line as long as it lasts.
        while let Some(best) = book.moves(&game.position()).first().copied() {
            let position = game.position();
            assert!(position.board.is_legal(best.square));
            for seed in 0..20 {
                let chosen = book.choose(&position, 2, seed).unwrap();
                assert!(best.value - chosen.value <= 2 * DISC);
                let strict = book.choose(&position, 0, seed).unwrap();
                assert_eq!(strict.value, best.value);
            }
            game.play(best.square).unwrap();
            assert!(game.plies().iter().all(|p| p.mv != Move::Pass));
        }
        assert!(
            game.move_count() >= 6,
            "the best line is {} moves long",
            game.move_count()
        );
    }

    #[test]
    fn malformed_books_are_refused() {
        let bytes = Book::builtin().write();
        assert!(Book::read(b"RVEXP001").is_err());
        assert!(Book::read(&bytes[..bytes.len() - 1]).is_err());
        let mut longer = bytes.clone();
        longer.push(1);
        assert_eq!(
            Book::read(&longer).unwrap_err(),
            OpeningFileError::TrailingBytes(1)
        );
    }
}
