//! The opening explorer: for a position, every move strong human players chose there in the WTHOR database,
//! with how many games went on with it, black's wins, draws and white's wins, and the average final score.
//! Positions are merged under the board's 8 symmetries: a position is stored once, turned to its canonical
//! form (the least of its 8 images), and its moves are stored in that form's frame.
//!
//! The compact file (`RVEXP001`) lists the positions in breadth-first order from the start position. Each
//! position is a count of moves, then per move a byte (the square in the canonical frame, plus a flag when the
//! position it leads to is listed too) and four variable-length numbers: games, black's wins, draws and the
//! sum of the final disc differences (zigzag). A position's place in the order follows from the moves read
//! before it, so the file holds no board and no index: the reader replays the moves as it reads.
//!
//! ```
//! use reversi_engine::{explorer::{Explorer, ExplorerBuilder}, wthor, Position};
//! let games = wthor::parse(include_bytes!("../tests/data/wthor-sample.wtb")).unwrap().games;
//! let mut builder = ExplorerBuilder::new();
//! for game in &games {
//!     builder.add(game, 30);
//! }
//! let explorer = Explorer::read(&builder.write(1)).unwrap();
//! let first: u32 = explorer.moves(&Position::START).iter().map(|m| m.stats.games).sum();
//! assert_eq!(first as usize, games.len());
//! ```

use std::collections::HashMap;

use super::wthor::WthorGame;
use super::{Position, Square};
use crate::bytes::{write_varint, Reader};
use crate::tree::{canonical, read_tree, stored_moves, unzigzag, write_tree, zigzag};
pub use crate::tree::{child, root, Key, OpeningFileError};

/// The file's first bytes.
pub const MAGIC: &[u8; 8] = b"RVEXP001";

/// What the games did after one move in one position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveStats {
    /// Games that went on with the move.
    pub games: u32,
    /// Of those, won by black.
    pub black_wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Sum of the final disc differences (black minus white).
    pub score_sum: i64,
}

impl MoveStats {
    /// Games won by white.
    pub fn white_wins(&self) -> u32 {
        self.games - self.black_wins - self.draws
    }

    /// Average final disc difference, from black's side.
    pub fn average_score(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.score_sum as f64 / self.games as f64
        }
    }

    fn add(&mut self, difference: i32) {
        self.games += 1;
        match difference.signum() {
            1 => self.black_wins += 1,
            0 => self.draws += 1,
            _ => {}
        }
        self.score_sum += difference as i64;
    }
}

/// One move of the explorer's answer, in the asked position's own frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplorerMove {
    /// The move.
    pub square: Square,
    /// What the games did after it.
    pub stats: MoveStats,
}

/// Collects games into the explorer's tree.
#[derive(Default)]
pub struct ExplorerBuilder {
    moves: HashMap<Key, HashMap<Square, MoveStats>>,
    games: u32,
}

impl ExplorerBuilder {
    /// An empty builder.
    pub fn new() -> ExplorerBuilder {
        ExplorerBuilder::default()
    }

    /// Adds the first `max_plies` moves of a game.
    pub fn add(&mut self, game: &WthorGame, max_plies: usize) {
        let difference = 2 * game.black_discs as i32 - 64;
        self.games += 1;
        for position in game.positions().into_iter().take(max_plies) {
            let Some(next) = position.next else { break };
            let (key, symmetry) = canonical(&position.board, position.to_move);
            self.moves
                .entry(key)
                .or_default()
                .entry(symmetry.apply_square(next))
                .or_default()
                .add(difference);
        }
    }

    /// Every position that at least `min_games` games went through, with the moves played there and how
    /// often (canonical frame): the opening book's positions (`reversi book-build`).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn frequent(&self, min_games: u32) -> Vec<(Key, Vec<(Square, u32)>)> {
        self.moves
            .iter()
            .filter(|(_, moves)| moves.values().map(|s| s.games).sum::<u32>() >= min_games)
            .map(|(key, moves)| {
                let mut list: Vec<(Square, u32)> =
                    moves.iter().map(|(&sq, s)| (sq, s.games)).collect();
                list.sort_by_key(|&(sq, games)| (std::cmp::Reverse(games), sq.index()));
                (*key, list)
            })
            .collect()
    }

    /// Games added.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The file: every move played in at least `min_games` games, in the positions reachable from the start
    /// through such moves.
    pub fn write(&self, min_games: u32) -> Vec<u8> {
        let kept = |key: &Key| -> Vec<(Square, MoveStats)> {
            self.moves
                .get(key)
                .map(|m| {
                    m.iter()
                        .filter(|(_, s)| s.games >= min_games)
                        .map(|(&sq, &s)| (sq, s))
                        .collect()
                })
                .unwrap_or_default()
        };
        let (count, body) = write_tree(kept, |body, stats: &MoveStats| {
            write_varint(body, stats.games as u64);
            write_varint(body, stats.black_wins as u64);
            write_varint(body, stats.draws as u64);
            write_varint(body, zigzag(stats.score_sum));
        });
        let mut out = MAGIC.to_vec();
        write_varint(&mut out, count);
        write_varint(&mut out, self.games as u64);
        write_varint(&mut out, min_games as u64);
        out.extend_from_slice(&body);
        out
    }
}

/// The explorer, read from its file.
#[derive(Clone, Debug, Default)]
pub struct Explorer {
    positions: HashMap<Key, Vec<(Square, MoveStats)>>,
    games: u32,
    min_games: u32,
}

impl Explorer {
    /// Reads a file written by [`ExplorerBuilder::write`].
    pub fn read(bytes: &[u8]) -> Result<Explorer, OpeningFileError> {
        let rest = bytes
            .strip_prefix(MAGIC.as_slice())
            .ok_or(OpeningFileError::NotAnOpeningFile)?;
        let mut reader = Reader::new(rest);
        let count = reader.varint()?;
        let games = u32::try_from(reader.varint()?)
            .map_err(|_| OpeningFileError::Corrupt("too many games".into()))?;
        let min_games = u32::try_from(reader.varint()?)
            .map_err(|_| OpeningFileError::Corrupt("minimum over range".into()))?;
        let positions = read_tree(&mut reader, count, |reader, square| {
            let stats = MoveStats {
                games: reader.u32()?,
                black_wins: reader.u32()?,
                draws: reader.u32()?,
                score_sum: unzigzag(reader.varint()?),
            };
            if stats.black_wins as u64 + stats.draws as u64 > stats.games as u64
                || stats.score_sum.unsigned_abs() > 64 * stats.games as u64
            {
                return Err(OpeningFileError::Corrupt(format!(
                    "the counts of {square} do not add up"
                )));
            }
            Ok(stats)
        })?;
        Ok(Explorer {
            positions,
            games,
            min_games,
        })
    }

    /// The moves played in `position` (in its own frame), most played first.
    pub fn moves(&self, position: &Position) -> Vec<ExplorerMove> {
        let mut moves: Vec<ExplorerMove> = stored_moves(&self.positions, position)
            .into_iter()
            .map(|(square, stats)| ExplorerMove { square, stats })
            .collect();
        moves.sort_by(|a, b| {
            b.stats
                .games
                .cmp(&a.stats.games)
                .then(a.square.index().cmp(&b.square.index()))
        });
        moves
    }

    /// Positions in the tree.
    pub fn positions(&self) -> usize {
        self.positions.len()
    }

    /// Games the tree was built from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// The fewest games a listed move was played in.
    pub fn min_games(&self) -> u32 {
        self.min_games
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::LISTED;
    use crate::{wthor, Game, Symmetry};

    fn sample() -> Vec<WthorGame> {
        wthor::parse(include_bytes!("../tests/data/wthor-sample.wtb"))
            .unwrap()
            .games
    }

    fn built(min_games: u32) -> (Vec<WthorGame>, Vec<u8>) {
        let games = sample();
        let mut builder = ExplorerBuilder::new();
        for game in &games {
            builder.add(game, 60);
        }
        let bytes = builder.write(min_games);
        (games, bytes)
    }

    #[test]
    fn counts_match_the_games_in_every_frame() {
        let (games, bytes) = built(1);
        let explorer = Explorer::read(&bytes).unwrap();
        assert_eq!(explorer.games() as usize, games.len());
        // The start position: each first move as often as the games played it.
        let moves = explorer.moves(&Position::START);
        for m in &moves {
            let played = games.iter().filter(|g| g.moves[0] == m.square).count();
            assert_eq!(m.stats.games as usize, played, "{}", m.square);
        }
        // Every position of every game lists the move played; turned over, a position lists as many games
        // (a move itself may show in another frame where the position is symmetric, as the start is).
        let total = |position: &Position| -> u32 {
            explorer.moves(position).iter().map(|m| m.stats.games).sum()
        };
        for game in &games {
            for symmetry in [
                Symmetry::Diagonal,
                Symmetry::Rotate180,
                Symmetry::AntiDiagonal,
            ] {
                let mut played = Game::new();
                let mut turned = Game::new();
                for &square in &game.moves {
                    let listed = explorer.moves(&played.position());
                    assert!(
                        listed.iter().any(|m| m.square == square),
                        "{}",
                        game.transcript()
                    );
                    assert_eq!(total(&played.position()), total(&turned.position()));
                    played.play(square).unwrap();
                    turned.play(symmetry.apply_square(square)).unwrap();
                }
            }
        }
        // Wins, draws, losses and the score agree with the records.
        let total: MoveStats = moves.iter().fold(MoveStats::default(), |mut t, m| {
            t.games += m.stats.games;
            t.black_wins += m.stats.black_wins;
            t.draws += m.stats.draws;
            t.score_sum += m.stats.score_sum;
            t
        });
        let black_wins = games.iter().filter(|g| g.black_discs > 32).count();
        let draws = games.iter().filter(|g| g.black_discs == 32).count();
        let sum: i64 = games.iter().map(|g| 2 * g.black_discs as i64 - 64).sum();
        assert_eq!(
            (
                total.black_wins as usize,
                total.draws as usize,
                total.score_sum
            ),
            (black_wins, draws, sum)
        );
        assert_eq!(
            total.white_wins() as usize,
            games.len() - black_wins - draws
        );
    }

    #[test]
    fn rare_moves_are_left_out() {
        let (games, bytes) = built(2);
        let explorer = Explorer::read(&bytes).unwrap();
        for m in explorer.moves(&Position::START) {
            assert!(m.stats.games >= 2);
        }
        // The sample's games part early: far fewer positions than with every move kept.
        let all = Explorer::read(&built(1).1).unwrap();
        assert!(explorer.positions() < all.positions());
        assert!(all.positions() > games.len());
    }

    #[test]
    fn malformed_files_are_refused_with_a_reason() {
        let (_, bytes) = built(1);
        assert_eq!(
            Explorer::read(b"nonsense").unwrap_err(),
            OpeningFileError::NotAnOpeningFile
        );
        for cut in [8, 9, 20, bytes.len() / 2, bytes.len() - 1] {
            assert!(Explorer::read(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            Explorer::read(&longer).unwrap_err(),
            OpeningFileError::TrailingBytes(1)
        );
        // A move byte turned into an occupied square.
        let mut bad = bytes.clone();
        let mut header = Vec::new();
        let positions = Explorer::read(&bytes).unwrap().positions() as u64;
        write_varint(&mut header, positions);
        // Magic, count of positions, games (6) and minimum (1), the root's count of moves: then its first move.
        let first_move = 8 + header.len() + 1 + 1 + 1;
        bad[first_move] = (bad[first_move] & LISTED) | 27;
        assert!(matches!(
            Explorer::read(&bad),
            Err(OpeningFileError::Corrupt(_))
        ));
    }
}
