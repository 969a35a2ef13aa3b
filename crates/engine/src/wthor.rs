//! The WTHOR game database format (French Othello Federation): `.wtb` files of tournament games, one file a
//! year. A 16-byte header, then one 68-byte record per game: tournament and player numbers, black's final disc
//! count, black's disc count under perfect play from the position with the header's number of empties (the
//! "theoretical score"), and up to 60 moves of one byte each (`10 * row + column`, both from 1; 0 ends the
//! game). Passes are not recorded: a side with no legal move simply does not move.
//!
//! Every game is replayed while it is read, so a game read without error is a legal game.
//!
//! ```
//! use reversi_engine::wthor;
//! // A file of one game: f5 d6 c3 (then the record ends).
//! let mut bytes = vec![20, 20, 1, 1, 1, 0, 0, 0, 0, 0, 0xE4, 0x07, 8, 0, 24, 0];
//! let mut record = vec![0u8; 68];
//! record[6] = 33;
//! record[7] = 32;
//! record[8..11].copy_from_slice(&[56, 64, 33]);
//! bytes.extend_from_slice(&record);
//! let file = wthor::parse(&bytes).unwrap();
//! assert_eq!(file.header.year, 2020);
//! assert_eq!(file.games[0].transcript(), "f5d6c3");
//! assert!(wthor::parse(&bytes[..40]).is_err());
//! ```

use std::error::Error;
use std::fmt;

use super::{Board, Color, Move, Square};

/// Bytes in the file header.
pub const HEADER_LEN: usize = 16;
/// Bytes in one game record.
pub const RECORD_LEN: usize = 68;
/// Most moves a record holds.
const MAX_MOVES: usize = 60;

/// What a `.wtb` file says about itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// The number of games the header declares.
    pub games: u32,
    /// The year the games were played.
    pub year: u16,
    /// The empties at which the theoretical scores were computed (0 where the file has none).
    pub theoretical_empties: u8,
}

/// One game of the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    /// Index into the tournament names (`WTHOR.TRN`).
    pub tournament: u16,
    /// Index into the player names (`WTHOR.JOU`).
    pub black_player: u16,
    /// Index into the player names.
    pub white_player: u16,
    /// Black's discs at the end of the game as played.
    pub black_discs: u8,
    /// Black's discs under perfect play from the position with the header's theoretical empties.
    pub theoretical_black_discs: u8,
    /// The moves, in order (passes implicit).
    pub moves: Vec<Square>,
}

/// One position of a replayed game: the board (side to move first), the colour to move and the move played
/// there (`None` at the end of the record).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GamePosition {
    /// The board, from the side to move's point of view.
    pub board: Board,
    /// The colour to move.
    pub to_move: Color,
    /// The move the game went on with.
    pub next: Option<Square>,
}

impl GamePosition {
    /// The position (board and side to move).
    pub fn position(&self) -> super::Position {
        super::Position {
            board: self.board,
            to_move: self.to_move,
        }
    }
}

impl WthorGame {
    /// The game as a transcript such as `f5d6c3`.
    pub fn transcript(&self) -> String {
        crate::transcript_of(self.moves.iter().copied())
    }

    /// Black's theoretical disc difference (discs, empties counted for the winner as WTHOR does).
    pub fn theoretical_difference(&self) -> i32 {
        2 * self.theoretical_black_discs as i32 - 64
    }

    /// Every position where a move was played, then the last position; passes applied as the rules require.
    pub fn positions(&self) -> Vec<GamePosition> {
        let mut board = Board::START;
        let mut to_move = Color::Black;
        let mut out = Vec::with_capacity(self.moves.len() + 1);
        for next in self.moves.iter().copied().map(Some).chain([None]) {
            if board.must_pass() {
                board = board.pass();
                to_move = to_move.opponent();
            }
            out.push(GamePosition {
                board,
                to_move,
                next,
            });
            if let Some(square) = next {
                board = board.play(Move::Place(square));
                to_move = to_move.opponent();
            }
        }
        out
    }
}

/// A whole `.wtb` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorFile {
    /// The header.
    pub header: Header,
    /// The games, in file order.
    pub games: Vec<WthorGame>,
}

/// Why a `.wtb` file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WthorError {
    /// Shorter than the header.
    TooShort {
        /// The file's length.
        len: usize,
    },
    /// The length is not the header plus whole records.
    PartialRecord {
        /// The file's length.
        len: usize,
    },
    /// The header declares another number of games than the file holds.
    GameCount {
        /// What the header says.
        declared: u32,
        /// Records in the file.
        found: usize,
    },
    /// A board size other than 8×8.
    BoardSize {
        /// The header's byte.
        size: u8,
    },
    /// A disc count over 64.
    DiscCount {
        /// The game (1-based).
        game: usize,
        /// The count.
        count: u8,
    },
    /// A move byte that is not a square.
    BadSquare {
        /// The game (1-based).
        game: usize,
        /// The move (1-based).
        ply: usize,
        /// The byte.
        byte: u8,
    },
    /// A move that the rules do not allow there.
    IllegalMove {
        /// The game (1-based).
        game: usize,
        /// The move (1-based).
        ply: usize,
        /// The square.
        square: Square,
    },
    /// A move after the end of the moves (a 0) or after the game is over.
    MoveAfterEnd {
        /// The game (1-based).
        game: usize,
        /// The move (1-based).
        ply: usize,
    },
}

impl fmt::Display for WthorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WthorError::TooShort { len } => write!(
                f,
                "{len} bytes: shorter than the {HEADER_LEN}-byte WTHOR header"
            ),
            WthorError::PartialRecord { len } => write!(
                f,
                "{len} bytes: not a {HEADER_LEN}-byte header followed by whole {RECORD_LEN}-byte game records"
            ),
            WthorError::GameCount { declared, found } => write!(
                f,
                "the header declares {declared} games but the file holds {found}"
            ),
            WthorError::BoardSize { size } => {
                write!(f, "board size {size}: only 8x8 games (0 or 8) are read")
            }
            WthorError::DiscCount { game, count } => {
                write!(f, "game {game}: a disc count of {count} (at most 64)")
            }
            WthorError::BadSquare { game, ply, byte } => write!(
                f,
                "game {game}, move {ply}: byte {byte} is not a square (10 * row + column, 11..88)"
            ),
            WthorError::IllegalMove { game, ply, square } => {
                write!(f, "game {game}, move {ply}: {square} is not legal there")
            }
            WthorError::MoveAfterEnd { game, ply } => {
                write!(f, "game {game}, move {ply}: a move after the end of the game")
            }
        }
    }
}

impl Error for WthorError {}

/// Reads a `.wtb` file; every game is replayed and checked.
pub fn parse(bytes: &[u8]) -> Result<WthorFile, WthorError> {
    if bytes.len() < HEADER_LEN {
        return Err(WthorError::TooShort { len: bytes.len() });
    }
    if !(bytes.len() - HEADER_LEN).is_multiple_of(RECORD_LEN) {
        return Err(WthorError::PartialRecord { len: bytes.len() });
    }
    let declared = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    let found = (bytes.len() - HEADER_LEN) / RECORD_LEN;
    if declared as usize != found {
        return Err(WthorError::GameCount { declared, found });
    }
    let size = bytes[12];
    if size != 0 && size != 8 {
        return Err(WthorError::BoardSize { size });
    }
    let header = Header {
        games: declared,
        year: u16::from_le_bytes([bytes[10], bytes[11]]),
        theoretical_empties: bytes[14],
    };
    let games = bytes[HEADER_LEN..]
        .chunks_exact(RECORD_LEN)
        .enumerate()
        .map(|(i, record)| parse_record(i + 1, record))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(WthorFile { header, games })
}

fn parse_record(game: usize, record: &[u8]) -> Result<WthorGame, WthorError> {
    let u16_at = |i: usize| u16::from_le_bytes([record[i], record[i + 1]]);
    for count in [record[6], record[7]] {
        if count > 64 {
            return Err(WthorError::DiscCount { game, count });
        }
    }
    let mut moves = Vec::with_capacity(MAX_MOVES);
    let mut board = Board::START;
    let mut ended = false;
    for (i, &byte) in record[8..8 + MAX_MOVES].iter().enumerate() {
        let ply = i + 1;
        if byte == 0 {
            ended = true;
            continue;
        }
        if ended || board.is_game_over() {
            return Err(WthorError::MoveAfterEnd { game, ply });
        }
        let (row, column) = (byte / 10, byte % 10);
        let square = match (1..=8).contains(&row) && (1..=8).contains(&column) {
            true => Square::from_coords(column as usize - 1, row as usize - 1),
            false => None,
        }
        .ok_or(WthorError::BadSquare { game, ply, byte })?;
        if board.must_pass() {
            board = board.pass();
        }
        board = board
            .try_play(Move::Place(square))
            .map_err(|_| WthorError::IllegalMove { game, ply, square })?;
        moves.push(square);
    }
    Ok(WthorGame {
        tournament: u16_at(0),
        black_player: u16_at(2),
        white_player: u16_at(4),
        black_discs: record[6],
        theoretical_black_discs: record[7],
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_of(records: &[[u8; RECORD_LEN]]) -> Vec<u8> {
        let mut bytes = vec![20, 20, 1, 1, 0, 0, 0, 0, 0, 0, 0xD0, 0x07, 8, 0, 24, 0];
        bytes[4..8].copy_from_slice(&(records.len() as u32).to_le_bytes());
        for r in records {
            bytes.extend_from_slice(r);
        }
        bytes
    }

    fn record(moves: &[u8]) -> [u8; RECORD_LEN] {
        let mut r = [0u8; RECORD_LEN];
        r[6] = 40;
        r[7] = 39;
        r[8..8 + moves.len()].copy_from_slice(moves);
        r
    }

    #[test]
    fn every_malformation_is_named() {
        assert_eq!(parse(&[0; 5]), Err(WthorError::TooShort { len: 5 }));
        let good = file_of(&[record(&[56, 64])]);
        assert!(parse(&good).is_ok());
        assert_eq!(
            parse(&good[..good.len() - 1]),
            Err(WthorError::PartialRecord {
                len: good.len() - 1
            })
        );
        let mut count = good.clone();
        count[4] = 2;
        assert_eq!(
            parse(&count),
            Err(WthorError::GameCount {
                declared: 2,
                found: 1
            })
        );
        let mut size = good.clone();
        size[12] = 10;
        assert_eq!(parse(&size), Err(WthorError::BoardSize { size: 10 }));
        let mut discs = record(&[56]);
        discs[7] = 65;
        assert_eq!(
            parse(&file_of(&[discs])),
            Err(WthorError::DiscCount { game: 1, count: 65 })
        );
        for (moves, error) in [
            (
                &[56u8, 19][..],
                WthorError::BadSquare {
                    game: 2,
                    ply: 2,
                    byte: 19,
                },
            ),
            (
                &[56, 11],
                WthorError::IllegalMove {
                    game: 2,
                    ply: 2,
                    square: Square::from_coords(0, 0).unwrap(),
                },
            ),
            (&[56, 0, 64], WthorError::MoveAfterEnd { game: 2, ply: 3 }),
        ] {
            assert_eq!(
                parse(&file_of(&[record(&[56]), record(moves)])),
                Err(error.clone())
            );
            assert!(!error.to_string().is_empty());
        }
    }

    #[test]
    fn real_games_are_read() {
        // The first six games of WTH_2000.wtb; the database's README gives the first one.
        let file = parse(include_bytes!("../tests/data/wthor-sample.wtb")).expect("valid");
        assert_eq!(file.header.year, 2000);
        assert_eq!(file.header.theoretical_empties, 24);
        assert_eq!(file.games.len(), 6);
        let first = &file.games[0];
        assert_eq!(
            first.transcript(),
            "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7"
        );
        assert_eq!((first.black_discs, first.theoretical_black_discs), (28, 39));
        // Replaying a whole game reaches its recorded final count.
        let last = first.positions().last().copied().expect("positions");
        assert!(last.board.is_game_over());
        let black = if last.to_move == Color::Black {
            last.board.player().count()
        } else {
            last.board.opponent().count()
        };
        assert_eq!(black, 28);
    }

    #[test]
    fn positions_apply_passes() {
        // f5 d6 c5 f4 e3 f6: each position's next move is legal for its side to move.
        let file = parse(&file_of(&[record(&[56, 64, 53, 46, 35, 66])])).unwrap();
        let game = &file.games[0];
        let positions = game.positions();
        assert_eq!(positions.len(), game.moves.len() + 1);
        for p in &positions[..positions.len() - 1] {
            assert!(p.board.is_legal(p.next.unwrap()));
        }
        assert_eq!(positions[1].to_move, Color::White);
        assert_eq!(game.theoretical_difference(), 14);
    }
}
