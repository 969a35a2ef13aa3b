//! The games file: round trips, lookups under every symmetry against brute force, the player filter, and
//! corrupt files refused by name.

use super::*;
use crate::wthor;

fn sample() -> (Vec<String>, Vec<String>, Vec<ExpertGame>) {
    let file = wthor::parse(include_bytes!("../../tests/data/wthor-sample.wtb")).unwrap();
    let players: Vec<String> = (0..8000).map(|i| format!("Player {i}")).collect();
    let tournaments: Vec<String> = (0..2000).map(|i| format!("Tournoi {i}")).collect();
    let games = file
        .games
        .iter()
        .map(|g| ExpertGame::from_wthor(file.header.year, g))
        .collect();
    (players, tournaments, games)
}

#[test]
fn every_game_comes_back_with_its_names_and_moves() {
    let (players, tournaments, games) = sample();
    let base = GameBase::read(&GameBase::write(&players, &tournaments, &games), None).unwrap();
    assert_eq!(base.len(), games.len());
    let mut back: Vec<ExpertGame> = (0..base.len() as u32).map(|i| base.game(i)).collect();
    let mut want = games.clone();
    let key = |g: &ExpertGame| {
        (
            g.moves.iter().map(|s| s.index()).collect::<Vec<_>>(),
            g.black,
            g.white,
            g.tournament,
        )
    };
    back.sort_by_key(key);
    want.sort_by_key(key);
    assert_eq!(back, want);
    let first = base.game(0);
    assert_eq!(base.player(first.black), players[first.black as usize]);
}

#[test]
fn a_position_finds_every_game_through_it_in_any_frame() {
    let (players, tournaments, games) = sample();
    let base = GameBase::read(&GameBase::write(&players, &tournaments, &games), None).unwrap();
    let start = base.find(&Position::START, "", None);
    assert_eq!(start.len(), games.len());
    // Every game's position after 10 moves finds it, turned back into that game's own moves.
    for game in games.iter().filter(|g| g.moves.len() >= 10).take(50) {
        let mut position = Position::START;
        for &s in &game.moves[..10] {
            position = position.play(s).unwrap();
        }
        for symmetry in Symmetry::ALL {
            let image = Position {
                board: position.board.transform(symmetry),
                to_move: position.to_move,
            };
            let found = base.find(&image, "", None);
            let want: String = game
                .moves
                .iter()
                .map(|&s| symmetry.apply_square(s).to_string())
                .collect();
            assert!(
                found.iter().any(|m| base.transcript(m) == want),
                "{want} not found under {symmetry:?}"
            );
            let brute = games
                .iter()
                .filter(|g| {
                    g.moves.len() >= 10 && {
                        let mut p = Position::START;
                        g.moves[..10].iter().for_each(|&s| p = p.play(s).unwrap());
                        Symmetry::ALL.iter().any(|&t| {
                            Position {
                                board: p.board.transform(t),
                                to_move: p.to_move,
                            } == image
                        })
                    }
                })
                .count();
            assert_eq!(found.len(), brute);
        }
    }
}

#[test]
fn the_player_filter_and_the_order() {
    let (players, tournaments, games) = sample();
    let base = GameBase::read(&GameBase::write(&players, &tournaments, &games), None).unwrap();
    let name = base.player(games[0].black).to_string();
    let found = base.find(&Position::START, &name.to_uppercase(), None);
    let want = games
        .iter()
        .filter(|g| players[g.black as usize] == name || players[g.white as usize] == name)
        .count();
    assert!(want >= 1);
    // "Player 1" is also a part of "Player 12": count by containment, as the search does.
    let contains = games
        .iter()
        .filter(|g| {
            [g.black, g.white].iter().any(|&p| {
                players[p as usize]
                    .to_lowercase()
                    .contains(&name.to_lowercase())
            })
        })
        .count();
    assert_eq!(found.len(), contains);
    assert!(base
        .find(&Position::START, "nobody at all", None)
        .is_empty());
}

#[test]
fn corrupt_files_are_refused_by_name() {
    let (players, tournaments, games) = sample();
    let bytes = GameBase::write(&players, &tournaments, &games);
    assert_eq!(
        GameBase::read(b"RVEXP001", None).unwrap_err(),
        GamesFileError::NotAGamesFile
    );
    assert_eq!(
        GameBase::read(&bytes[..bytes.len() - 1], None).unwrap_err(),
        GamesFileError::Truncated
    );
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        GameBase::read(&longer, None).unwrap_err(),
        GamesFileError::TrailingBytes(1)
    );
    // A move index past the legal moves: the last byte is the last game's last move.
    let mut bad = bytes.clone();
    *bad.last_mut().unwrap() = 40;
    let error = GameBase::read(&bad, None).unwrap_err();
    assert!(
        matches!(error, GamesFileError::IllegalMove { game, .. } if game == games.len()),
        "{error:?}"
    );
    assert!(error.to_string().contains("is not legal"), "{error}");
}
