//! The expert games file (`reversi games-build`, every year: the page shows games, it does not learn from
//! them), its check against the WTHOR files (`reversi games-check`), and `reversi games`, the games that
//! reached a position.

use crate::DataError;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{read_file, ToolError};
use reversi_engine::games::{wthor_names, ExpertGame, GameBase};
use reversi_engine::Game;

/// Record sizes of WTHOR's name files.
const PLAYER_RECORD: usize = 20;
const TOURNAMENT_RECORD: usize = 26;

fn read_bytes(path: &Path) -> Result<Vec<u8>, ToolError> {
    std::fs::read(path).map_err(|e| ToolError::Io(path.to_path_buf(), e))
}

/// The games file as shipped: gzipped, with no file name or time in its header, so that a rebuild gives it
/// back byte for byte.
pub fn gzip(bytes: &[u8]) -> Vec<u8> {
    use flate2::{write::GzEncoder, Compression};
    let mut encoder = GzEncoder::new(Vec::new(), Compression::best());
    encoder.write_all(bytes).expect("writing to memory");
    encoder.finish().expect("writing to memory")
}

/// Reads a games file, gzipped or not.
pub fn read_games(path: &Path) -> Result<GameBase, ToolError> {
    let mut bytes = read_bytes(path)?;
    if bytes.starts_with(&[0x1f, 0x8b]) {
        let mut inflated = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&bytes[..]), &mut inflated)
            .map_err(|e| ToolError::Data(path.to_path_buf(), DataError::Gzip(e)))?;
        bytes = inflated;
    }
    GameBase::read(&bytes, None)
        .map_err(|e| ToolError::Data(path.to_path_buf(), DataError::Games(e)))
}

/// The players' names, the tournaments' names and the games.
type Database = (Vec<String>, Vec<String>, Vec<ExpertGame>);

/// Every game of the `.wtb` files, in file order, with the names of `WTHOR.JOU` and `WTHOR.TRN`.
fn wthor_games(
    paths: &[PathBuf],
    players: &Path,
    tournaments: &Path,
) -> Result<Database, ToolError> {
    let players = wthor_names(&read_bytes(players)?, PLAYER_RECORD);
    let tournaments = wthor_names(&read_bytes(tournaments)?, TOURNAMENT_RECORD);
    let mut games = Vec::new();
    for path in paths {
        let (year, file) = read_file(path)?;
        for (i, game) in file.into_iter().enumerate() {
            for (what, index, names) in [
                ("tournament", game.tournament, &tournaments),
                ("black player", game.black_player, &players),
                ("white player", game.white_player, &players),
            ] {
                if index as usize >= names.len() {
                    return Err(ToolError::Data(
                        path.clone(),
                        DataError::NoName {
                            game: i + 1,
                            what,
                            index,
                        },
                    ));
                }
            }
            games.push(ExpertGame::from_wthor(year, &game));
        }
    }
    Ok((players, tournaments, games))
}

/// `reversi games-build`: the expert games file from the `.wtb` files and the name files, read back before
/// it is written; a summary on stderr.
pub fn games_build(
    paths: &[PathBuf],
    players: &Path,
    tournaments: &Path,
    out: &Path,
) -> Result<(), ToolError> {
    let (players, tournaments, games) = wthor_games(paths, players, tournaments)?;
    let bytes = GameBase::write(&players, &tournaments, &games);
    let packed = gzip(&bytes);
    std::fs::write(out, &packed).map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    // Read back what was written: the file the page loads must be one the reader accepts.
    let base = read_games(out)?;
    eprintln!(
        "{} games, {} players, {} tournaments: {} bytes, {} gzipped, written to {}",
        base.len(),
        players.len(),
        tournaments.len(),
        bytes.len(),
        packed.len(),
        out.display()
    );
    Ok(())
}

/// `reversi games-check`: every game of the `.wtb` files is in the games file once, with its year, names,
/// scores and moves, and the file holds no other game.
pub fn games_check(
    file: &Path,
    paths: &[PathBuf],
    players: &Path,
    tournaments: &Path,
) -> Result<(), ToolError> {
    let (players, tournaments, games) = wthor_games(paths, players, tournaments)?;
    let base = read_games(file)?;
    let described =
        |g: &ExpertGame, name: &dyn Fn(u16) -> String, tournament: &dyn Fn(u16) -> String| {
            let moves = reversi_engine::transcript_of(g.moves.iter().copied());
            format!(
                "{} {} {} {} {} {} {moves}",
                g.year,
                tournament(g.tournament),
                name(g.black),
                name(g.white),
                g.black_discs,
                g.theoretical_black_discs
            )
        };
    let mut want: Vec<String> = games
        .iter()
        .map(|g| {
            described(g, &|p| players[p as usize].clone(), &|t| {
                tournaments[t as usize].clone()
            })
        })
        .collect();
    let mut have: Vec<String> = (0..base.len() as u32)
        .map(|i| {
            described(&base.game(i), &|p| base.player(p).to_string(), &|t| {
                base.tournament(t).to_string()
            })
        })
        .collect();
    want.sort_unstable();
    have.sort_unstable();
    if let Some((w, h)) = want.iter().zip(&have).find(|(w, h)| w != h) {
        return Err(ToolError::Data(
            file.to_path_buf(),
            DataError::Differs {
                wthor: w.clone(),
                file: h.clone(),
            },
        ));
    }
    if want.len() != have.len() {
        return Err(ToolError::Data(
            file.to_path_buf(),
            DataError::Counts {
                wthor: want.len(),
                file: have.len(),
            },
        ));
    }
    eprintln!(
        "{}: all {} games agree with the WTHOR files (year, tournament, players, scores, moves)",
        file.display(),
        have.len()
    );
    Ok(())
}

/// `reversi games`: the games that reached the position after `transcript` (any of its 8 symmetric
/// images), newest first, in the position's frame; `player` filters by a part of a player's name.
pub fn list_games(
    transcript: &str,
    player: &str,
    limit: usize,
    file: &Path,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let game = Game::from_transcript(transcript)?;
    let base = read_games(file)?;
    let found = base.find(&game.position(), player, None);
    writeln!(out, "{} games", found.len())?;
    for m in found.iter().take(limit) {
        let g = base.game(m.index);
        writeln!(
            out,
            "{}  {} ({}) - {} ({})  {}  {}",
            g.year,
            base.player(g.black),
            g.black_discs,
            base.player(g.white),
            64 - g.black_discs, // WTHOR counts the empties for the winner
            base.tournament(g.tournament),
            base.transcript(m)
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::{wthor, Position};

    /// The page's games file, as shipped.
    fn shipped() -> GameBase {
        read_games(Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../assets/games.bin"
        )))
        .unwrap()
    }

    #[test]
    fn the_shipped_games_file_holds_every_game_of_the_database() {
        let base = shipped();
        // Every game read back is legal (the reader replays each one).
        assert_eq!(base.len(), 124_106);
        let mut years = std::collections::BTreeSet::new();
        for i in 0..base.len() as u32 {
            let game = base.game(i);
            years.insert(game.year);
            assert!(!base.player(game.black).is_empty() && !base.player(game.white).is_empty());
            assert!(game.black_discs <= 64 && game.theoretical_black_discs <= 64);
        }
        assert_eq!(
            years.iter().copied().collect::<Vec<_>>(),
            (1977..=2020).collect::<Vec<_>>()
        );
        // The sample of WTHOR's 2000 file kept with the engine's tests: each game is there, whole.
        let sample = wthor::parse(include_bytes!(
            "../../../engine/tests/data/wthor-sample.wtb"
        ))
        .unwrap();
        for game in &sample.games {
            let mut position = Position::START;
            for &square in &game.moves {
                position = position.play(square).unwrap();
            }
            let found = base.find(&position, "", None);
            assert!(
                found.iter().any(|m| {
                    let g = base.game(m.index);
                    g.year == 2000
                        && g.moves == game.moves
                        && (g.black, g.white, g.tournament)
                            == (game.black_player, game.white_player, game.tournament)
                        && (g.black_discs, g.theoretical_black_discs)
                            == (game.black_discs, game.theoretical_black_discs)
                }),
                "{} is missing",
                game.transcript()
            );
        }
        // WTHOR's README: the first game of 2000 ends 28 discs for black, 39 under perfect play.
        let first = "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7";
        let game = reversi_engine::Game::from_transcript(first).unwrap();
        let found = base.find(&game.position(), "", None);
        let g = base.game(
            found
                .iter()
                .find(|m| base.transcript(m) == first)
                .expect("the first game of 2000")
                .index,
        );
        assert_eq!(
            (g.year, g.black_discs, g.theoretical_black_discs),
            (2000, 28, 39)
        );
    }

    #[test]
    fn a_bad_games_file_is_refused_with_its_reason() {
        let dir = std::env::temp_dir().join(format!("reversi-games-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cut = dir.join("cut.bin");
        let whole = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../assets/games.bin"
        ))
        .unwrap();
        std::fs::write(&cut, &whole[..whole.len() / 2]).unwrap();
        let error = read_games(&cut).expect_err("refused").to_string();
        assert!(
            error.contains("gzip") || error.contains("ends too soon"),
            "{error}"
        );
        std::fs::write(&cut, b"RVEXP001").unwrap();
        assert!(read_games(&cut)
            .err()
            .unwrap()
            .to_string()
            .contains("not an expert games file"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
