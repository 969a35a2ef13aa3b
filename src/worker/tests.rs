use super::*;
use crate::protocol::PuzzlePick;
use reversi_engine::{native_clock, Position};

fn run(engine: &mut Engine, request: Request) -> Vec<Response> {
    let mut out = Vec::new();
    engine.handle(request, &mut |r| out.push(r));
    out
}

#[test]
fn replies_carry_the_request_id_and_bad_input_is_an_error_reply() {
    let mut engine = Engine::new(native_clock);
    assert_eq!(run(&mut engine, Request::Ping { id: 7 })[0].id(), 7);
    let start = Position::START;
    let perft = |id, position, depth| Request::Perft {
        id,
        position,
        depth,
    };
    assert_eq!(
        run(&mut engine, perft(8, start, 3)),
        [Response::Perft { id: 8, nodes: 56 }]
    );
    assert!(matches!(
        run(&mut engine, perft(10, start, 30))[..],
        [Response::Error { id: 10, .. }]
    ));
    let bad_level = Request::Search {
        id: 11,
        position: start,
        level: 0,
        seed: 0,
        max_millis: None,
        mistakes: None,
    };
    assert!(matches!(
        run(&mut engine, bad_level)[..],
        [Response::Error { id: 11, .. }]
    ));
}

#[test]
fn search_reports_progress_then_one_legal_best_move() {
    let mut engine = Engine::new(native_clock);
    let position = reversi_engine::Game::from_transcript("f5d6c3")
        .unwrap()
        .position();
    let responses = run(
        &mut engine,
        Request::Search {
            id: 3,
            position,
            level: 4,
            seed: 1,
            max_millis: Some(5000),
            mistakes: None,
        },
    );
    let (last, progress) = responses.split_last().unwrap();
    assert!(progress
        .iter()
        .all(|r| matches!(r, Response::Thinking { id: 3, .. })));
    match last {
        Response::BestMove { id: 3, report } => {
            assert!(report
                .best
                .square()
                .is_some_and(|s| position.board.is_legal(s)))
        }
        other => panic!("expected BestMove, got {other:?}"),
    }
}

#[test]
fn review_values_the_position_and_the_move_played_like_the_command_line() {
    let mut engine = Engine::new(native_clock);
    let game = reversi_engine::Game::from_transcript("f5d6c3d3c4f4").unwrap();
    let position = game.position();
    let review = |engine: &mut Engine, id, played: Option<&str>| {
        run(
            engine,
            Request::Review {
                id,
                position,
                played: played.map(|s| s.parse().unwrap()),
                depth: 6,
            },
        )
    };
    let expected = reversi_engine::review::review_position(
        &mut Searcher::new(1),
        &position.board,
        None,
        &ReviewDepth::plies(6),
        native_clock,
    );
    match &review(&mut engine, 5, None)[..] {
        [Response::Reviewed {
            id: 5,
            best,
            score,
            played_score: None,
            line,
            ..
        }] => {
            assert_eq!(*best, expected.best);
            assert_eq!(*score, expected.score);
            // The line starts with the best move.
            assert_eq!(
                line.first().copied().map(reversi_engine::Move::Place),
                Some(*best)
            );
        }
        other => panic!("{other:?}"),
    }
    // A worse move played: its value is below the best one's.
    match &review(&mut engine, 6, Some("f3"))[..] {
        [Response::Reviewed {
            score,
            played_score: Some(played),
            ..
        }] => assert!(played <= score),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        review(&mut engine, 7, Some("a1"))[..],
        [Response::Error { id: 7, .. }]
    ));
}

#[test]
fn explore_answers_from_the_loaded_file_only() {
    let mut engine = Engine::new(native_clock);
    let start = Position::START;
    let explore = Request::Explore {
        id: 9,
        position: start,
    };
    assert_eq!(engine.needs(&explore), Some(DataFile::Explorer));
    assert!(matches!(
        run(&mut engine, explore.clone())[..],
        [Response::Error { id: 9, .. }]
    ));
    assert!(engine.load(DataFile::Explorer, b"garbage").is_err());
    let bytes = std::fs::read("assets/explorer.bin").unwrap();
    engine.load(DataFile::Explorer, &bytes).unwrap();
    assert_eq!(engine.needs(&explore), None);
    match &run(&mut engine, explore)[..] {
        [Response::Explored { id: 9, moves }] => {
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].square.to_string(), "f5");
            assert_eq!(moves[0].games, 124_106);
            // The book values f5 too (the four first moves are one).
            assert!(moves[0].book.is_some());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn puzzles_answer_from_the_loaded_file_by_level_and_by_day() {
    let mut engine = Engine::new(native_clock);
    let ask = |id, pick| Request::Puzzle { id, pick };
    let first = ask(1, PuzzlePick::Level { level: 3, index: 0 });
    assert_eq!(engine.needs(&first), Some(DataFile::Puzzles));
    let refused = engine.load(DataFile::Puzzles, b"RVPUZ001");
    assert_eq!(
        refused,
        Err(WorkerError::DataCorrupt {
            file: DataFile::Puzzles,
            detail: "the puzzle file ends inside its header".to_string()
        })
    );
    let bytes = std::fs::read("assets/puzzles.bin").unwrap();
    engine.load(DataFile::Puzzles, &bytes).unwrap();
    assert_eq!(engine.needs(&first), None);
    let [Response::Puzzle { id: 1, puzzle }] = &run(&mut engine, first)[..] else {
        panic!("no puzzle");
    };
    assert_eq!((puzzle.level, puzzle.index), (3, 0));
    assert_eq!(puzzle.line[0], puzzle.moves[0].0);
    // Counted round the level.
    let again = ask(
        2,
        PuzzlePick::Level {
            level: 3,
            index: puzzle.of,
        },
    );
    assert!(
        matches!(&run(&mut engine, again)[..], [Response::Puzzle { puzzle: p, .. }] if p == puzzle)
    );
    let mut daily = |id| run(&mut engine, ask(id, PuzzlePick::Daily { day: 20_416 }));
    assert_eq!(daily(3)[0].id(), 3);
    assert!(matches!(&daily(4)[..], [Response::Puzzle { .. }]));
    let none = ask(5, PuzzlePick::Level { level: 9, index: 0 });
    assert!(matches!(
        &run(&mut engine, none)[..],
        [Response::Error { id: 5, .. }]
    ));
}

#[test]
fn an_unreadable_message_is_answered_with_an_error_for_its_id_if_it_has_one() {
    let bad = r#"{"Search":{"id":41,"position":"nonsense","level":3,"seed":0,"max_millis":null}}"#;
    let error = serde_json::from_str::<Request>(bad)
        .unwrap_err()
        .to_string();
    match undecodable(bad, &error) {
        Response::Error {
            id: 41,
            error: WorkerError::BadRequest { detail },
        } => {
            assert!(detail.contains("not a disc"), "{detail}")
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        undecodable("garbage", "eof"),
        Response::Error { id: 0, .. }
    ));
    assert!(matches!(greeting(None), Response::Pong { id: 0, .. }));
}

#[test]
fn analysis_values_every_legal_move_depth_after_depth() {
    let mut engine = Engine::new(native_clock);
    let responses = run(
        &mut engine,
        Request::Analyse {
            id: 4,
            position: Position::START,
            limit: Some(4),
        },
    );
    match &responses[..] {
        [Response::Analysis {
            id: 4,
            analysis: first,
        }, Response::Analysis { id: 4, analysis }, Response::Analysed { id: 4 }] => {
            assert_eq!((first.depth, analysis.depth), (2, 4));
            assert!(!analysis.exact);
            let mut squares: Vec<String> = analysis
                .moves
                .iter()
                .map(|m| m.square.to_string())
                .collect();
            squares.sort();
            assert_eq!(squares, ["c4", "d3", "e6", "f5"]);
            // The four first moves are symmetric: equal values. Each has a line; a book move's is the book's
            // main line, longer than the search's.
            assert!(analysis
                .moves
                .iter()
                .all(|m| m.value == analysis.moves[0].value));
            assert!(analysis
                .moves
                .iter()
                .all(|m| m.line.len() >= 3 && m.line[0] == m.square));
            let book = analysis
                .moves
                .iter()
                .find(|m| m.book.is_some())
                .expect("a book move");
            assert!(book.line.len() > 4, "{book:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn messages_carry_values_in_their_notation_and_malformed_ones_fail_to_decode() {
    let position = reversi_engine::Game::from_transcript("f5d6")
        .unwrap()
        .position();
    let request = Request::Review {
        id: 2,
        position,
        played: Some("c3".parse().unwrap()),
        depth: 4,
    };
    let json = serde_json::to_string(&request).unwrap();
    assert!(
        json.contains(&format!("\"position\":\"{position}\"")),
        "{json}"
    );
    assert!(json.contains("\"played\":\"c3\""), "{json}");
    assert_eq!(serde_json::from_str::<Request>(&json).unwrap(), request);
    let thinking = Response::Thinking {
        id: 3,
        report: crate::protocol::SearchReport {
            best: reversi_engine::Move::Place("c3".parse().unwrap()),
            score: -150,
            kind: reversi_engine::ScoreKind::Exact,
            line: ["c3", "c4"].map(|s| s.parse().unwrap()).to_vec(),
            nodes: 9,
            millis: 4,
        },
    };
    let json = serde_json::to_string(&thinking).unwrap();
    assert!(json.contains("\"line\":\"c3c4\""), "{json}");
    assert_eq!(serde_json::from_str::<Response>(&json).unwrap(), thinking);
    // What the parsers reject cannot reach the engine: the message fails to decode, saying why.
    let bad_position = r#"{"Perft":{"id":9,"position":"nonsense","depth":3}}"#;
    let error = serde_json::from_str::<Request>(bad_position).unwrap_err();
    assert!(error.to_string().contains("is not a disc"), "{error}");
    let bad_square = json.replace("c3c4", "c3zz");
    assert!(serde_json::from_str::<Response>(&bad_square).is_err());
    let bad_played = r#"{"Review":{"id":8,"position":"PLACE","played":"zz","depth":4}}"#
        .replace("PLACE", &position.to_string());
    assert!(serde_json::from_str::<Request>(&bad_played).is_err());
}

#[test]
fn a_book_hint_gives_the_books_line() {
    // Move 18 of a well-known line, where the book has moves: a level that plays from the book (the hint's)
    // gives the book's main line, then a short search's from where the book ends.
    let position = reversi_engine::Game::from_transcript("f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1")
        .unwrap()
        .position();
    let mut engine = Engine::new(native_clock);
    let responses = run(
        &mut engine,
        Request::Search {
            id: 9,
            position,
            level: 8,
            seed: 0,
            max_millis: Some(3000),
            mistakes: None,
        },
    );
    match responses.last() {
        Some(Response::BestMove { report, .. }) => {
            assert_eq!(report.kind, reversi_engine::ScoreKind::Book);
            assert!(report.line.len() >= 3, "{:?}", report.line);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_stable_discs_of_both_colours_are_answered() {
    let mut engine = Engine::new(native_clock);
    // Row 1 all black but h1, white on h1 and a8; white to move: row 1 and a8 are stable, d4/e5 not.
    let empty = "-".repeat(16);
    let text = format!("XXXXXXXO{empty}---OX------XO---{empty}O------- O");
    let position: Position = text.parse().unwrap();
    let mut replies = Vec::new();
    engine.handle(Request::Stable { id: 3, position }, &mut |r| {
        replies.push(r)
    });
    let [Response::Stable { id: 3, discs }] = replies.as_slice() else {
        panic!("{replies:?}");
    };
    let names: Vec<String> = discs.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        names,
        ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a8"]
    );
    // The start has none.
    replies.clear();
    engine.handle(
        Request::Stable {
            id: 4,
            position: Position::START,
        },
        &mut |r| replies.push(r),
    );
    assert!(matches!(replies.as_slice(), [Response::Stable { id: 4, discs }] if discs.is_empty()));
}

/// A benchmark's fixed depth (the page's `?depth=N`): the AI's search goes that deep whatever its time cap,
/// and walks the tree `reversi best --depth N` walks (the same limits, the same table size).
#[test]
fn a_fixed_depth_searches_the_command_lines_tree_whatever_the_time() {
    let position =
        reversi_engine::Game::from_transcript("c4c5c6c3f5b6d3g5d6e7b3c7a7e3f3g2h5g6f4a5f7g7f6f2")
            .unwrap()
            .position();
    let search = |engine: &mut Engine| match run(
        engine,
        Request::Search {
            id: 4,
            position,
            level: 10,
            seed: 0,
            // One millisecond: a level's search would stop at its first iterations.
            max_millis: Some(1),
            mistakes: None,
        },
    )
    .pop()
    {
        Some(Response::BestMove { report, .. }) => report,
        other => panic!("{other:?}"),
    };
    let fixed = search(&mut Engine::new(native_clock).with_depth(Some(7)));
    assert_eq!(fixed.kind, reversi_engine::ScoreKind::Midgame { depth: 7 });
    let limits = reversi_engine::Level::get(10)
        .unwrap()
        .limits(native_clock(), 0)
        .to_depth(7);
    let alone =
        Searcher::new(HASH_MB).search(&position.board, &limits, native_clock, None, &mut |_| {});
    assert_eq!(fixed.nodes, alone.nodes);
    assert_eq!(fixed.best, alone.best);
    // Without it, the same request is cut short by its millisecond.
    let capped = search(&mut Engine::new(native_clock));
    assert!(
        capped.nodes < fixed.nodes,
        "{} against {}",
        capped.nodes,
        fixed.nodes
    );
}
