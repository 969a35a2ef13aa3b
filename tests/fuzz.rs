//! Fuzz tests of the page's inputs: share links, saved games and slots, the worker's requests and the
//! training room's saved progress; the harness is the engine's `tests/common/fuzz.rs`.

#[path = "../crates/engine/tests/common/fuzz.rs"]
mod harness;

use harness::{fuzz, says_what, text};
use reversi_engine::Position;
use reversi_web::protocol::DataFile;
use reversi_web::protocol::{Request, Response};
use reversi_web::session::kept::{persist, slots};
use reversi_web::session::{record::share, GameAction};
use reversi_web::worker::Engine;

#[test]
fn share_links() {
    fuzz(
        "share",
        9,
        &[
            b"#t=f5d6c3",
            b"#t=f5%20d6&p=---------------------------OX------XO---------------------------X",
            "#p=é".as_bytes(),
        ],
        |input| match share::parse(&text(input)) {
            None => true,
            Some(Ok(_)) => true,
            Some(Err(error)) => says_what(&error),
        },
    );
}

#[test]
fn saved_games_and_slots() {
    let mut session = reversi_web::session::Session::default();
    session.apply(reversi_web::session::Action::Game(GameAction::Square(
        "f5".parse().unwrap(),
    )));
    let save = persist::save(&session.kept());
    let slot = slots::save_slot(&session.kept(), 1.0e12);
    fuzz("saved-game", 10, &[save.as_bytes()], |input| {
        let text = text(input);
        let restored = persist::restore(&text);
        match persist::recover(&text) {
            Ok(recovered) => {
                // Whatever is recovered saves and reads back as itself.
                let again = persist::restore(&persist::save(&recovered.kept)).unwrap();
                assert_eq!(again.game, recovered.kept.game);
                // Restored whole exactly when nothing was lost and no setting was put back to its default.
                assert_eq!(
                    restored.is_ok(),
                    recovered.lost.is_none() && recovered.reset.is_empty()
                );
                true
            }
            Err(error) => {
                assert!(restored.is_err());
                says_what(&error)
            }
        }
    });
    fuzz(
        "slot",
        11,
        &[slot.as_bytes()],
        |input| match slots::read_slot(&text(input)) {
            Ok(_) => true,
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn worker_requests() {
    let mut engine = Engine::new(reversi_engine::native_clock);
    let search = serde_json::to_string(&Request::Search {
        id: 1,
        position: Position::START,
        level: 1,
        seed: 0,
        max_millis: Some(5),
        mistakes: None,
    })
    .unwrap();
    let analyse = serde_json::to_string(&Request::Analyse {
        id: 2,
        position: Position::START,
        limit: Some(1),
    })
    .unwrap();
    let perft = r#"{"Perft":{"id":3,"position":"---------------------------OX------XO--------------------------- X","depth":3}}"#;
    let review = serde_json::to_string(&Request::Review {
        id: 5,
        position: Position::START,
        played: Some("f5".parse().unwrap()),
        depth: 2,
    })
    .unwrap();
    let explore = serde_json::to_string(&Request::Explore {
        id: 6,
        position: Position::START,
    })
    .unwrap();
    // A helper's request: no job waits under the ticket (none was left), so it ends at once.
    let help = r#"{"Help":{"id":7,"ticket":4000000000}}"#;
    let puzzle = r#"{"Puzzle":{"id":9,"pick":{"Level":{"level":2,"index":7}}}}"#;
    let daily = r#"{"Puzzle":{"id":10,"pick":{"Daily":{"day":20000}}}}"#;
    engine
        .load(
            DataFile::Explorer,
            &std::fs::read("assets/explorer.bin").unwrap(),
        )
        .unwrap();
    engine
        .load(
            DataFile::Puzzles,
            &std::fs::read("assets/puzzles.bin").unwrap(),
        )
        .unwrap();
    fuzz(
        "worker",
        12,
        &[
            search.as_bytes(),
            analyse.as_bytes(),
            perft.as_bytes(),
            br#"{"Ping":{"id":4}}"#,
            review.as_bytes(),
            explore.as_bytes(),
            help.as_bytes(),
            puzzle.as_bytes(),
            daily.as_bytes(),
            br#"{"RandomStart":{"id":11,"moves":6,"low":-64,"high":64,"seed":3}}"#,
            br#"{"XotStart":{"id":14,"seed":18446744073709551615}}"#,
            br#"{"Games":{"id":12,"position":"---------------------------OX------XO--------------------------- X","player":"","offset":0,"limit":10}}"#,
            br#"{"Stable":{"id":13,"position":"XXXXXXXXO-------------------OX------XO-------------------------- O"}}"#,
        ],
        |input| {
            let Ok(mut request) = serde_json::from_str::<Request>(&text(input)) else {
                return false;
            };
            // Keep the searches short: the fuzz is about what the worker reads, not how long it thinks.
            match &mut request {
                Request::Search {
                    level, max_millis, ..
                } => {
                    *level = (*level).min(3);
                    *max_millis = Some(5);
                }
                Request::Analyse { limit, .. } => *limit = Some(limit.unwrap_or(2).min(2)),
                // Over the limit is refused (and checked here); up to it, keep the count small.
                Request::Perft { depth, .. } if *depth <= reversi_web::worker::MAX_PERFT_DEPTH => {
                    *depth = (*depth).min(4)
                }
                Request::Review { depth, .. } => *depth = (*depth).min(3),
                // A start anywhere in the range is found at once.
                Request::RandomStart {
                    moves, low, high, ..
                } => {
                    *moves = (*moves).min(6);
                    (*low, *high) = (-64, 64);
                }
                Request::Perft { .. }
                | Request::Ping { .. }
                | Request::Help { .. }
                | Request::Explore { .. }
                | Request::Games { .. }
                | Request::Stable { .. }
                | Request::XotStart { .. }
                | Request::Puzzle { .. } => {}
            }
            let mut replies = Vec::new();
            engine.handle(request, &mut |r| replies.push(r));
            assert!(!replies.is_empty(), "every request is answered");
            let refused = replies.iter().any(|r| matches!(r, Response::Error { .. }));
            if let Some(Response::Error { error, .. }) =
                replies.iter().find(|r| matches!(r, Response::Error { .. }))
            {
                assert!(!error.to_string().is_empty());
            }
            !refused
        },
    );
}

#[test]
fn training_progress() {
    use reversi_web::session::training::Progress;
    let mut progress = Progress::new();
    progress.puzzles.solved = 3;
    progress.drills.record("X:f5d6c3d3c4", 20_000, 1);
    let saved = progress.save();
    // Every field out of range (issue 44): a box of 255, days no calendar has, counts past u32.
    let out_of_range = r#"{"version":1,"puzzles":{"solved":99999999999,"attempted":-4,"streak":"x","best_streak":1.5,"next":[3,99999999999,-1,7,7,7,7,7,7],"daily_solved":99999999999999999999},"drills":{"lines":{"X:f5d6c3d3c4":{"boxed":255,"due":20000,"streak":4294967295},"X:f5d6c5":{"boxed":2,"due":-9223372036854775808,"streak":1},"X:f5d6":"junk"}}}"#;
    fuzz(
        "training progress",
        16,
        &[saved.as_bytes(), out_of_range.as_bytes()],
        |input| match Progress::restore(&text(input)) {
            // What is read writes and reads back the same, and every line it keeps can be played on.
            Ok(read) => {
                assert_eq!(Progress::restore(&read.save()), Ok(read.clone()));
                let mut schedule = read.drills.clone();
                let keys: Vec<String> = schedule.lines.keys().cloned().collect();
                for key in keys {
                    schedule.record(&key, i64::MAX, 0);
                    schedule.record(&key, 0, 1);
                }
                true
            }
            Err(error) => says_what(&format!("{error:?}")),
        },
    );
}

/// The import box through the real reducer: a transcript or a GGF record is taken whole, or refused with a
/// notice and the game on the board kept (the cases of issue 44 among the seeds).
#[test]
fn import_box() {
    use reversi_web::session::notice::Notice;
    use reversi_web::session::GameAction;
    use reversi_web::session::{Action, Session};
    let long = "f5".repeat(20_000);
    let junk = format!("(;{}", "x]".repeat(2_000));
    let seeds: Vec<&[u8]> = vec![
        b"f5d6c3d3c4",
        b"(;GM[Othello]PB[a]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3];)",
        b"(;",
        b"(;;)",
        b"(;(;B[F5];);)",
        b"(;C[a[b]c]B[F5];)",
        b"(;PB[a\\]b]B[F5];)",
        b"(;b[F5];)",
        b"(;B[F5];)(;B[F5];)",
        b"(;GM[Othello]B[F5]W[pass];)",
        long.as_bytes(),
        junk.as_bytes(),
    ];
    fuzz("import box", 17, &seeds, |input| {
        let mut session = Session::default();
        session.apply(Action::Game(GameAction::Square("f5".parse().unwrap())));
        let before = session.play().game().clone();
        session.apply(Action::Import(text(input)));
        let refused = matches!(
            session.notice().cloned(),
            Some(Notice::ImportFailed { .. } | Notice::GgfFailed { .. } | Notice::ImportEmpty)
        );
        if refused {
            // Refused with a notice that says why, and the game on the board is the one before.
            assert_eq!(*session.play().game(), before);
        }
        !refused
    });
}

/// The worker's data-file loader: the page itself served where a file should be (what a wrong address
/// fetched), small real files, and what the fuzzer makes of them; each is refused with a reason or read,
/// and the real file loads after all of them.
#[test]
fn data_files() {
    use reversi_engine::explorer::ExplorerBuilder;
    use reversi_engine::puzzles::PuzzleSet;
    let page = std::fs::read("index.html").unwrap();
    let games = reversi_engine::wthor::parse(
        &std::fs::read("crates/engine/tests/data/wthor-sample.wtb").unwrap(),
    )
    .unwrap()
    .games;
    let mut builder = ExplorerBuilder::new();
    for game in &games {
        builder.add(game, 20);
    }
    let small_explorer = builder.write(1);
    let puzzles = std::fs::read("assets/puzzles.bin").unwrap();
    let set = PuzzleSet::read(&puzzles).unwrap();
    let small_puzzles = PuzzleSet::new(set.puzzles()[..3].to_vec()).write();
    let names: Vec<String> = (0..8000).map(|i| format!("Name {i}")).collect();
    let expert: Vec<reversi_engine::games::ExpertGame> = games
        .iter()
        .take(12)
        .map(|g| reversi_engine::games::ExpertGame::from_wthor(2000, g))
        .collect();
    let small_games = reversi_engine::games::GameBase::write(&names, &names, &expert);
    for (name, seed, file, small, path) in [
        (
            "explorer file",
            18,
            DataFile::Explorer,
            small_explorer,
            "assets/explorer.bin",
        ),
        (
            "puzzle file",
            19,
            DataFile::Puzzles,
            small_puzzles,
            "assets/puzzles.bin",
        ),
        // The page's games file is gzipped (the browser inflates it): `reversi games-check` checks it.
        ("games file", 20, DataFile::Games, small_games, ""),
    ] {
        let mut engine = Engine::new(reversi_engine::native_clock);
        let refused = engine.load(file, &page).unwrap_err();
        says_what(&refused);
        fuzz(
            name,
            seed,
            &[small.as_slice(), &page],
            |input| match engine.load(file, input) {
                Ok(()) => true,
                Err(error) => says_what(&error),
            },
        );
        if !path.is_empty() {
            let real = std::fs::read(path).unwrap();
            engine.load(file, &real).expect("the real file still loads");
        }
    }
}
