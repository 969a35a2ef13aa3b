//! The expert games behind the opening explorer: every game of the WTHOR database with its players, its
//! tournament, its year and its result, in one compact file the worker reads when the player first asks for
//! the games of a position.
//!
//! The file (`RVGAMES1`) holds the player and tournament names (UTF-8), then the games sorted by their moves,
//! so that neighbours share their openings. Each game is its year, tournament and players (variable-length
//! numbers), black's final and perfect-play disc counts, the number of moves it shares with the game before
//! it, its length, and its other moves, each as its place among the legal moves of its position (squares in
//! a1…h8 order). The reader replays every game as it reads, so a game read without error is a legal game,
//! and a lookup replays only what a game does not share with the one before it.
//!
//! ```
//! use reversi_engine::games::{ExpertGame, GameBase};
//! use reversi_engine::Position;
//! let moves = |t: &str| t.as_bytes().chunks(2).map(|m| std::str::from_utf8(m).unwrap().parse().unwrap()).collect();
//! let games = vec![
//!     ExpertGame { year: 2001, tournament: 0, black: 0, white: 1, black_discs: 40, theoretical_black_discs: 32, moves: moves("f5d6c3") },
//!     ExpertGame { year: 1999, tournament: 0, black: 1, white: 0, black_discs: 20, theoretical_black_discs: 32, moves: moves("f5f6e6") },
//! ];
//! let bytes = GameBase::write(&["Ann".into(), "Bob".into()], &["Open".into()], &games);
//! let base = GameBase::read(&bytes, None).unwrap();
//! assert_eq!(base.len(), 2);
//! let after_f5 = Position::START.play("f5".parse().unwrap()).unwrap();
//! assert_eq!(base.find(&after_f5, "", None).len(), 2);
//! // c4 is f5 turned half round: the same games, shown in c4's frame, the newest (f5d6c3, 2001) first.
//! let after_c4 = Position::START.play("c4".parse().unwrap()).unwrap();
//! let found = base.find(&after_c4, "bob", None);
//! assert_eq!(found.len(), 2);
//! assert_eq!(base.transcript(&found[0]), "c4e3f6");
//! ```

use crate::bytes::{write_varint, Reader};

mod error;
mod names;

pub use self::error::{GameField, GamesFileError};
pub use self::names::{latin1_name, wthor_names};
use crate::{Position, Square, Symmetry};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"RVGAMES1";

/// The most moves a game holds.
const MAX_MOVES: usize = 60;

/// One game, as the builder takes it and as [`GameBase::game`] gives it back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpertGame {
    /// The year it was played.
    pub year: u16,
    /// Index into the tournament names.
    pub tournament: u16,
    /// Index into the player names: black.
    pub black: u16,
    /// Index into the player names: white.
    pub white: u16,
    /// Black's discs at the end, as played.
    pub black_discs: u8,
    /// Black's discs under perfect play from 24 empties (WTHOR's "theoretical score").
    pub theoretical_black_discs: u8,
    /// The moves (passes implicit).
    pub moves: Vec<Square>,
}

impl ExpertGame {
    /// A game of a WTHOR file of `year`.
    pub fn from_wthor(year: u16, game: &crate::wthor::WthorGame) -> ExpertGame {
        ExpertGame {
            year,
            tournament: game.tournament,
            black: game.black_player,
            white: game.white_player,
            black_discs: game.black_discs,
            theoretical_black_discs: game.theoretical_black_discs,
            moves: game.moves.clone(),
        }
    }
}

/// A game found for a position: its index, and the symmetry that turns its moves into the asked position's
/// frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameMatch {
    /// The game's index in the file.
    pub index: u32,
    /// Applied to the game's squares, gives the asked position's frame.
    pub symmetry: Symmetry,
}

/// One stored game: its facts, and where its squares lie in [`GameBase::squares`].
#[derive(Clone, Copy, Debug)]
struct Record {
    year: u16,
    tournament: u16,
    black: u16,
    white: u16,
    black_discs: u8,
    theoretical: u8,
    /// Moves shared with the game before.
    shared: u8,
    len: u8,
    start: u32,
}

/// The games, read.
#[derive(Clone, Debug)]
pub struct GameBase {
    players: Vec<String>,
    players_lower: Vec<String>,
    tournaments: Vec<String>,
    games: Vec<Record>,
    squares: Vec<Square>,
}

/// The positions of a replay, shared from one game to the next as far as their moves agree.
struct Replay {
    positions: Vec<Position>,
    /// Plies of `positions` valid for the game being read (position 0 is always valid).
    valid: usize,
}

impl Replay {
    fn new() -> Replay {
        Replay {
            positions: vec![Position::START; MAX_MOVES + 1],
            valid: 0,
        }
    }

    /// Starts a game sharing `shared` moves with the game before.
    fn start(&mut self, shared: usize) {
        self.valid = self.valid.min(shared);
    }

    /// Plays `square` as move `ply + 1` (the position after `ply` moves must be valid); `None` if illegal or
    /// the game is over.
    fn push(&mut self, ply: usize, square: Square) -> Option<()> {
        let next = self.positions[ply].play(square)?;
        self.positions[ply + 1] = next;
        self.valid = ply + 1;
        Some(())
    }
}

impl GameBase {
    /// Writes `games` with their names in the file's layout.
    pub fn write(players: &[String], tournaments: &[String], games: &[ExpertGame]) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for names in [players, tournaments] {
            write_varint(&mut out, names.len() as u64);
            for name in names {
                write_varint(&mut out, name.len() as u64);
                out.extend_from_slice(name.as_bytes());
            }
        }
        let mut order: Vec<&ExpertGame> = games.iter().collect();
        order.sort_by(|a, b| {
            let key = |g: &ExpertGame| g.moves.iter().map(|s| s.index()).collect::<Vec<_>>();
            key(a).cmp(&key(b))
        });
        write_varint(&mut out, order.len() as u64);
        let mut previous: &[Square] = &[];
        for game in order {
            let shared = previous
                .iter()
                .zip(&game.moves)
                .take_while(|(a, b)| a == b)
                .count();
            for number in [game.year, game.tournament, game.black, game.white] {
                write_varint(&mut out, number as u64);
            }
            out.extend_from_slice(&[
                game.black_discs,
                game.theoretical_black_discs,
                shared as u8,
                game.moves.len() as u8,
            ]);
            let mut position = Position::START;
            for (ply, &square) in game.moves.iter().enumerate() {
                let legal = ranked_moves(&position);
                let place = legal
                    .iter()
                    .position(|&s| s == square)
                    .expect("the builder takes legal games");
                if ply >= shared {
                    out.push(place as u8);
                }
                position = position.play(square).expect("legal");
            }
            previous = &game.moves;
        }
        out
    }

    /// Reads a games file, replaying and checking every game; `progress` (if any) is called every few
    /// thousand games, so that a host whose thread this holds can say it is alive.
    pub fn read(
        bytes: &[u8],
        mut progress: Option<&mut dyn FnMut()>,
    ) -> Result<GameBase, GamesFileError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(GamesFileError::NotAGamesFile);
        }
        let mut reader = Reader::new(bytes);
        reader.at = MAGIC.len();
        let mut lists = [Vec::new(), Vec::new()];
        for list in &mut lists {
            let count = reader.u32()?;
            for _ in 0..count {
                let len = reader.u32()? as usize;
                let text = reader.take(len)?;
                let name = std::str::from_utf8(text).map_err(|_| GamesFileError::NameNotUtf8)?;
                list.push(name.to_string());
            }
        }
        let [players, tournaments] = lists;
        let count = reader.u32()? as usize;
        let mut games = Vec::with_capacity(count.min(1 << 20));
        let mut squares: Vec<Square> = Vec::with_capacity(count.min(1 << 20) * 50);
        let mut replay = Replay::new();
        let mut previous: Option<Record> = None;
        for number in 1..=count {
            if number % 4096 == 0 {
                if let Some(progress) = progress.as_mut() {
                    progress();
                }
            }
            let mut field = |limit: usize, field: GameField| -> Result<u16, GamesFileError> {
                let value = reader.u32()? as usize;
                if value >= limit {
                    return Err(GamesFileError::OutOfRange {
                        game: number,
                        field,
                        value,
                    });
                }
                Ok(value as u16)
            };
            let year = field(u16::MAX as usize, GameField::Year)?;
            let tournament = field(tournaments.len(), GameField::Tournament)?;
            let black = field(players.len(), GameField::Player)?;
            let white = field(players.len(), GameField::Player)?;
            let mut four = [0u8; 4];
            for byte in &mut four {
                *byte = reader.byte()?;
            }
            let [black_discs, theoretical, shared, len] = four;
            if black_discs > 64 || theoretical > 64 {
                return Err(GamesFileError::DiscCount { game: number });
            }
            let (len, shared) = (len as usize, shared as usize);
            let previous_len = previous.map_or(0, |p| p.len as usize);
            if len > MAX_MOVES || shared > len || shared > previous_len {
                return Err(GamesFileError::Length {
                    game: number,
                    moves: len,
                    shared,
                });
            }
            let start = squares.len();
            if let Some(p) = previous {
                let from = p.start as usize;
                squares.extend_from_within(from..from + shared);
            }
            replay.start(shared);
            for ply in 0..len {
                if ply < shared {
                    // Shared with the game before, and checked there; its positions are still valid.
                    continue;
                }
                let place = reader.byte()? as usize;
                let square = ranked_moves(&replay.positions[ply])
                    .get(place)
                    .copied()
                    .ok_or(GamesFileError::IllegalMove {
                        game: number,
                        ply: ply + 1,
                    })?;
                squares.push(square);
                replay.push(ply, square);
            }
            let record = Record {
                year,
                tournament,
                black,
                white,
                black_discs,
                theoretical,
                shared: shared as u8,
                len: len as u8,
                start: start as u32,
            };
            games.push(record);
            previous = Some(record);
        }
        if reader.left() != 0 {
            return Err(GamesFileError::TrailingBytes(reader.left()));
        }
        Ok(GameBase {
            players_lower: players.iter().map(|n| n.to_lowercase()).collect(),
            players,
            tournaments,
            games,
            squares,
        })
    }

    /// The number of games.
    pub fn len(&self) -> usize {
        self.games.len()
    }

    /// Whether the file holds no game.
    pub fn is_empty(&self) -> bool {
        self.games.is_empty()
    }

    /// A player's name (empty for an index out of range).
    pub fn player(&self, index: u16) -> &str {
        self.players.get(index as usize).map_or("", |s| s.as_str())
    }

    /// A tournament's name (empty for an index out of range).
    pub fn tournament(&self, index: u16) -> &str {
        self.tournaments
            .get(index as usize)
            .map_or("", |s| s.as_str())
    }

    /// The game at `index`, in its stored frame.
    ///
    /// # Panics
    /// If `index` is out of range.
    pub fn game(&self, index: u32) -> ExpertGame {
        let record = self.games[index as usize];
        ExpertGame {
            year: record.year,
            tournament: record.tournament,
            black: record.black,
            white: record.white,
            black_discs: record.black_discs,
            theoretical_black_discs: record.theoretical,
            moves: self.moves(&record).to_vec(),
        }
    }

    fn moves(&self, record: &Record) -> &[Square] {
        let start = record.start as usize;
        &self.squares[start..start + record.len as usize]
    }

    /// A found game's moves as a transcript, in the frame of the position it was found for.
    pub fn transcript(&self, found: &GameMatch) -> String {
        self.moves(&self.games[found.index as usize])
            .iter()
            .map(|&s| found.symmetry.apply_square(s).to_string())
            .collect()
    }

    /// The games that reached `position` (under any of the board's 8 symmetries) and that `player` took
    /// part in (a part of a name, any case; empty for everyone), the newest first; `progress` (if any) is
    /// called every few thousand games.
    pub fn find(
        &self,
        position: &Position,
        player: &str,
        mut progress: Option<&mut dyn FnMut()>,
    ) -> Vec<GameMatch> {
        let discs = (position.board.player() | position.board.opponent()).count() as usize;
        let Some(ply) = discs.checked_sub(4).filter(|&p| p <= MAX_MOVES) else {
            return Vec::new();
        };
        let images: Vec<(Position, Symmetry)> = Symmetry::ALL
            .iter()
            .map(|&s| {
                let image = Position {
                    board: position.board.transform(s),
                    to_move: position.to_move,
                };
                // The game's position is the image under s: s's inverse brings the game back.
                (image, s.inverse())
            })
            .collect();
        let player = player.trim().to_lowercase();
        let takes_part = |record: &Record| {
            player.is_empty()
                || [record.black, record.white]
                    .iter()
                    .any(|&p| self.players_lower[p as usize].contains(&player))
        };
        let mut replay = Replay::new();
        let mut found = Vec::new();
        for (index, record) in self.games.iter().enumerate() {
            if index % 4096 == 0 {
                if let Some(progress) = progress.as_mut() {
                    progress();
                }
            }
            replay.start(record.shared as usize);
            if (record.len as usize) < ply {
                continue;
            }
            let moves = self.moves(record);
            for (k, &square) in moves.iter().enumerate().take(ply).skip(replay.valid) {
                replay.push(k, square).expect("read games are legal");
            }
            let reached = replay.positions[ply];
            if let Some(&(_, symmetry)) = images.iter().find(|(image, _)| *image == reached) {
                if takes_part(record) {
                    found.push(GameMatch {
                        index: index as u32,
                        symmetry,
                    });
                }
            }
        }
        found.sort_by_key(|m| {
            let record = &self.games[m.index as usize];
            std::cmp::Reverse((record.year, record.tournament, m.index))
        });
        found
    }
}

/// The legal moves of `position` in square order: a stored move is its place in this list (docs/journal.md
/// says why not a ranked order).
fn ranked_moves(position: &Position) -> Vec<Square> {
    position.board.moves().into_iter().collect()
}

#[cfg(test)]
mod tests;
