//! Fuzz tests of the engine's parsers and file readers (transcripts, positions, OBF and GGF lines, the
//! explorer's, WTHOR and puzzle files); the harness is `common/fuzz.rs`.

mod common;

use common::fuzz::{fuzz, says_what, text, START};
use reversi_engine::{ggf, parse_obf_line, wthor, Game, Position};

#[test]
fn transcripts() {
    let base = Game::from_transcript("f5d6c3").unwrap();
    fuzz(
        "transcript",
        1,
        &[b"f5d6c3d3c4", b"F5 D6 C3", b"f5-d6-c3", b"e6f4"],
        |input| {
            let s = text(input);
            let mut game = base.clone();
            match game.play_transcript(&s) {
                Ok(()) => {
                    // What was read is what is written back.
                    let again = Game::from_transcript(&game.transcript()).unwrap();
                    assert_eq!(again.position(), game.position());
                    true
                }
                Err(error) => {
                    assert_eq!(game, base, "a refused transcript changed the game");
                    says_what(&error)
                }
            }
        },
    );
}

#[test]
fn positions() {
    fuzz(
        "position",
        2,
        &[
            START.as_bytes(),
            b"XXXXXXXXOOOOOOOO------------------------------------------------ O",
        ],
        |input| match text(input).parse::<Position>() {
            Ok(position) => {
                assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
                true
            }
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn obf_lines() {
    let line = include_str!("data/fforum-20-39.obf")
        .lines()
        .next()
        .unwrap();
    fuzz("obf", 3, &[line.as_bytes()], |input| {
        match parse_obf_line(&text(input)) {
            Ok(_) => true,
            Err(error) => says_what(&error),
        }
    });
}

#[test]
fn ggf_games() {
    let ggf = "(;GM[Othello]PC[x]PB[a]PW[b]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3];)";
    fuzz("ggf", 4, &[ggf.as_bytes()], |input| {
        match ggf::read(&text(input)) {
            Ok(_) => true,
            Err(error) => says_what(&error),
        }
    });
}

#[test]
fn explorer_files() {
    use reversi_engine::explorer::{Explorer, ExplorerBuilder};
    let games = wthor::parse(include_bytes!("data/wthor-sample.wtb"))
        .unwrap()
        .games;
    let mut builder = ExplorerBuilder::new();
    for game in &games {
        builder.add(game, 20);
    }
    let file = builder.write(1);
    fuzz("explorer", 14, &[file.as_slice()], |input| {
        match Explorer::read(input) {
            Ok(explorer) => {
                // Whatever was read answers a lookup without a panic.
                let _ = explorer.moves(&reversi_engine::Position::START);
                true
            }
            Err(error) => says_what(&error),
        }
    });
}

#[test]
fn wthor_files() {
    let file = include_bytes!("data/wthor-sample.wtb");
    fuzz(
        "wthor",
        13,
        &[file.as_slice(), &file[..16 + 68]],
        |input| match wthor::parse(input) {
            Ok(parsed) => {
                for game in &parsed.games {
                    let positions = game.positions();
                    assert_eq!(positions.len(), game.moves.len() + 1);
                }
                true
            }
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn puzzle_files() {
    use reversi_engine::puzzles::PuzzleSet;
    // The first puzzles of the page's file, written again: every record is checked against the rules
    // when read, so a mutated byte must be refused with a message or read as rules-abiding puzzles.
    let set = PuzzleSet::read(&std::fs::read("../../assets/puzzles.bin").unwrap()).unwrap();
    let few = PuzzleSet::new(set.puzzles()[..3].to_vec()).write();
    fuzz(
        "puzzles",
        15,
        &[few.as_slice()],
        |input| match PuzzleSet::read(input) {
            Ok(read) => {
                for puzzle in read.puzzles() {
                    assert!(puzzle.moves[0].1 > puzzle.moves[1].1);
                    assert!(puzzle.position.board.is_legal(puzzle.best()));
                }
                true
            }
            Err(error) => says_what(&error),
        },
    );
}
