//! The layout the opening explorer's file and the opening book's share: positions merged under the board's 8
//! symmetries (each stored once in its canonical form, its moves in that form's frame), listed breadth-first
//! from the start, each a count of moves and per move a byte (the square, plus [`LISTED`] when the position it
//! leads to follows) and its value, in variable-length numbers. A position's place follows from the moves read
//! before it, so the file holds no board and no index: the reader replays the moves as it reads, and checks
//! each one legal. Each file adds its magic bytes and the values of its moves.

use std::collections::{HashMap, VecDeque};
use std::error::Error;
use std::fmt;

use crate::bytes::{write_varint, ReadError, Reader};
use crate::{Board, Color, Move, Position, Square, Symmetry};

/// A position with the colour to move, turned to its canonical form.
pub type Key = (Board, Color);

/// Set on a move's byte when the position it leads to is listed in the file.
pub(crate) const LISTED: u8 = 0x40;

/// A malformed explorer or book file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpeningFileError {
    /// The file does not start with its magic bytes.
    NotAnOpeningFile,
    /// The file ends in the middle of a record.
    Truncated,
    /// A move that is not legal in its position, or a count that does not add up.
    Corrupt(String),
    /// Bytes after the last position.
    TrailingBytes(usize),
}

impl fmt::Display for OpeningFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpeningFileError::NotAnOpeningFile => write!(f, "not an opening explorer or book file"),
            OpeningFileError::Truncated => write!(f, "the opening file ends too soon"),
            OpeningFileError::Corrupt(why) => write!(f, "the opening file is corrupt: {why}"),
            OpeningFileError::TrailingBytes(n) => {
                write!(f, "the opening file has {n} bytes after its last position")
            }
        }
    }
}

impl Error for OpeningFileError {}

impl From<ReadError> for OpeningFileError {
    fn from(error: ReadError) -> OpeningFileError {
        match error {
            ReadError::Truncated => OpeningFileError::Truncated,
            ReadError::Overlong => OpeningFileError::Corrupt("a number over 64 bits".into()),
            ReadError::OutOfRange => OpeningFileError::Corrupt("a count over range".into()),
        }
    }
}

/// The moves stored for `position` in a tree keyed by canonical positions (the explorer's and the book's),
/// turned back into the position's own frame; none when the position is not in the tree.
pub(crate) fn stored_moves<T: Copy>(
    positions: &HashMap<Key, Vec<(Square, T)>>,
    position: &Position,
) -> Vec<(Square, T)> {
    let (key, symmetry) = canonical(&position.board, position.to_move);
    let back = symmetry.inverse();
    positions.get(&key).map_or_else(Vec::new, |moves| {
        moves
            .iter()
            .map(|&(square, value)| (back.apply_square(square), value))
            .collect()
    })
}

/// The moves stored for `position`, as [`stored_moves`] gives them, and for a position that is its own image
/// under some of the 8 symmetries (the start is under four) each move's images under those too: the same move
/// turned, with the same value. The tree keeps one move of each such set; a book that answers the same
/// whichever way the board is turned lists them all. Each square once, the stored moves first.
pub(crate) fn stored_moves_turned<T: Copy>(
    positions: &HashMap<Key, Vec<(Square, T)>>,
    position: &Position,
) -> Vec<(Square, T)> {
    let stored = stored_moves(positions, position);
    let mut all = stored.clone();
    for symmetry in Symmetry::ALL.into_iter().skip(1) {
        if position.board.transform(symmetry) != position.board {
            continue;
        }
        for &(square, value) in &stored {
            let image = symmetry.apply_square(square);
            if !all.iter().any(|&(s, _)| s == image) {
                all.push((image, value));
            }
        }
    }
    all
}

/// The least of the board's 8 images, and the symmetry that gives it.
pub(crate) fn canonical(board: &Board, to_move: Color) -> (Key, Symmetry) {
    let mut best = (*board, Symmetry::Identity);
    for symmetry in Symmetry::ALL.into_iter().skip(1) {
        let image = board.transform(symmetry);
        let order = |b: &Board| (b.player().0, b.opponent().0);
        if order(&image) < order(&best.0) {
            best = (image, symmetry);
        }
    }
    ((best.0, to_move), best.1)
}

/// The start position's key (the root of the explorer's and the book's trees).
pub fn root() -> Key {
    canonical(&Board::START, Color::Black).0
}

/// The position after `square` is played in `key`'s board (a forced pass applied), in canonical form.
pub fn child(key: &Key, square: Square) -> Option<Key> {
    let (board, to_move) = key;
    let mut next = board.try_play(Move::Place(square)).ok()?;
    let mut color = to_move.opponent();
    if next.must_pass() {
        next = next.pass();
        color = color.opponent();
    }
    Some(canonical(&next, color).0)
}

/// Reads `count` positions laid out breadth-first from the start (the explorer's and the book's layout):
/// per position a count of moves, per move its byte (square, plus [`LISTED`] when the position it leads to
/// follows later) and then its value, read by `value`. Every move is checked legal; the reader must end
/// exactly at the last byte.
pub(crate) fn read_tree<T>(
    reader: &mut Reader,
    count: u64,
    mut value: impl FnMut(&mut Reader, Square) -> Result<T, OpeningFileError>,
) -> Result<HashMap<Key, Vec<(Square, T)>>, OpeningFileError> {
    if count > reader.bytes.len() as u64 {
        return Err(OpeningFileError::Corrupt(format!(
            "{count} positions in {} bytes",
            reader.bytes.len()
        )));
    }
    let mut positions = HashMap::with_capacity(count as usize);
    let root = canonical(&Board::START, Color::Black).0;
    let mut queue = VecDeque::from([root]);
    let mut queued: HashMap<Key, ()> = HashMap::from([(root, ())]);
    for _ in 0..count {
        let key = queue
            .pop_front()
            .ok_or_else(|| OpeningFileError::Corrupt("more positions than moves lead to".into()))?;
        let n = reader.varint()?;
        if n > 64 {
            return Err(OpeningFileError::Corrupt(format!(
                "{n} moves in one position"
            )));
        }
        let mut moves = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let byte = reader.byte()?;
            if byte & !(LISTED | 63) != 0 {
                return Err(OpeningFileError::Corrupt(format!("move byte {byte:#x}")));
            }
            let square = Square::from_index((byte & 63) as usize);
            let next = child(&key, square).ok_or_else(|| {
                OpeningFileError::Corrupt(format!("{square} is not legal where it is listed"))
            })?;
            let v = value(reader, square)?;
            if byte & LISTED != 0 && queued.insert(next, ()).is_none() {
                queue.push_back(next);
            }
            moves.push((square, v));
        }
        positions.insert(key, moves);
    }
    if reader.at != reader.bytes.len() {
        return Err(OpeningFileError::TrailingBytes(
            reader.bytes.len() - reader.at,
        ));
    }
    Ok(positions)
}

/// Writes the positions reachable from the start through the moves `moves_of` lists, breadth-first, each
/// move's value by `value`: the layout [`read_tree`] reads. Returns the count of positions and the bytes.
pub(crate) fn write_tree<T>(
    moves_of: impl Fn(&Key) -> Vec<(Square, T)>,
    mut value: impl FnMut(&mut Vec<u8>, &T),
) -> (u64, Vec<u8>) {
    let mut body = Vec::new();
    let mut count = 0u64;
    let root = root();
    let mut seen: HashMap<Key, ()> = HashMap::from([(root, ())]);
    let mut queue = VecDeque::from([root]);
    while let Some(key) = queue.pop_front() {
        count += 1;
        let mut moves = moves_of(&key);
        moves.sort_by_key(|(square, _)| square.index());
        write_varint(&mut body, moves.len() as u64);
        for (square, v) in moves {
            let next = child(&key, square).expect("listed moves are legal");
            let listed = !moves_of(&next).is_empty();
            body.push(square.index() as u8 | if listed { LISTED } else { 0 });
            value(&mut body, &v);
            if listed && seen.insert(next, ()).is_none() {
                queue.push_back(next);
            }
        }
    }
    (count, body)
}

pub(crate) fn zigzag(value: i64) -> u64 {
    ((value << 1) ^ (value >> 63)) as u64
}

pub(crate) fn unzigzag(value: u64) -> i64 {
    (value >> 1) as i64 ^ -((value & 1) as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zigzag_round_trips() {
        for v in [0i64, 1, -1, 64, -64, i64::MAX / 2, i64::MIN / 2] {
            assert_eq!(unzigzag(zigzag(v)), v);
        }
    }
}
