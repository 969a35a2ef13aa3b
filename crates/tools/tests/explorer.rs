//! The committed opening explorer (`assets/explorer.bin`, built by `reversi explorer-build` from the whole
//! WTHOR database) and the `explore` command that reads it.

use std::process::{Command, Output};

use reversi_engine::explorer::Explorer;
use reversi_engine::{Game, Position};

/// Games in the WTHOR database, 1977–2020 (its README).
const DATABASE_GAMES: u32 = 124_106;

/// The workspace's root: `reversi explore` reads `assets/explorer.bin` from where it runs, as from the README.
const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn explorer() -> Explorer {
    let path = format!("{ROOT}/assets/explorer.bin");
    Explorer::read(&std::fs::read(path).expect("the committed explorer file")).unwrap()
}

fn reversi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi"))
        .current_dir(ROOT)
        .args(args)
        .output()
        .expect("run reversi")
}

#[test]
fn the_committed_explorer_holds_the_whole_database() {
    let explorer = explorer();
    assert_eq!(explorer.games(), DATABASE_GAMES);
    assert_eq!(explorer.min_games(), 3);
    // Every game of the database starts with f5 (WTHOR stores games turned that way).
    let first = explorer.moves(&Position::START);
    assert_eq!(first.len(), 1);
    assert_eq!(
        (first[0].square.to_string(), first[0].stats.games),
        ("f5".into(), DATABASE_GAMES)
    );
    // Through the perpendicular opening's position the games split, and the split adds up where nothing
    // was dropped: after f5, every reply was played at least 3 times.
    let after_f5 = explorer.moves(&Game::from_transcript("f5").unwrap().position());
    let total: u32 = after_f5.iter().map(|m| m.stats.games).sum();
    assert_eq!(total, DATABASE_GAMES);
    assert_eq!(
        after_f5[0].square.to_string(),
        "d6",
        "the perpendicular opening is the most played"
    );
    // The same position reached from d3 shows the same counts, turned.
    let after_d3 = explorer.moves(&Game::from_transcript("d3").unwrap().position());
    assert_eq!(after_d3[0].stats, after_f5[0].stats);
    assert_eq!(after_d3[0].square.to_string(), "c5");
}

#[test]
fn explore_lists_moves_and_the_opening_name() {
    let output = reversi(&["explore", "d3c5f6f5e6", "--json"]);
    assert!(output.status.success());
    let value: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(value["opening"], "Tiger");
    let moves = value["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    for m in moves {
        let games = m["games"].as_u64().unwrap();
        let sum = m["black_wins"].as_u64().unwrap()
            + m["draws"].as_u64().unwrap()
            + m["white_wins"].as_u64().unwrap();
        assert_eq!(games, sum);
        assert!(games >= 3);
    }
    let bad = reversi(&["explore", "f5f5"]);
    assert_eq!(bad.status.code(), Some(2));
    let missing = reversi(&["explore", "--file", "no/such/file"]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no/such/file"));
}
