use super::*;

fn record(clock: Option<Clock>) -> GameRecord {
    GameRecord {
        id: "g1".into(),
        created_ms: 0,
        black: Seat::Human {
            name: Some("ann".into()),
            token: "tb".into(),
        },
        white: Seat::Human {
            name: None,
            token: "tw".into(),
        },
        invite: Some("inv".into()),
        clock,
        started_ms: None,
        moves: vec![],
        finish: None,
        rematch_of: None,
        rematch: None,
        tournament: None,
        ranked: None,
    }
}

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn a_game_waits_for_its_second_seat_then_checks_every_move() {
    let clock = Clock {
        initial_ms: 60_000,
        increment_ms: 2_000,
    };
    let mut live = LiveGame::new(record(Some(clock)), 1_000);
    assert_eq!(
        live.check_move(Color::Black, sq("f5"), None, 1_000),
        Err(ApiError::NotStarted)
    );
    assert_eq!(
        live.claim("nope", "bob", 2_000).err(),
        Some(ApiError::BadInvite)
    );
    let (color, claimed) = live.claim("inv", "bob", 2_000).unwrap();
    assert_eq!(color, Color::White);
    live.claimed(claimed, 2_000);
    assert_eq!(
        live.claim("inv", "eve", 2_100).err(),
        Some(ApiError::BadInvite)
    );
    assert_eq!(live.seat_of("tw"), Some(Color::White));
    assert_eq!(live.seat_of("tx"), None);
    assert_eq!(
        live.check_move(Color::White, sq("f5"), None, 3_000),
        Err(ApiError::NotYourTurn)
    );
    assert_eq!(
        live.check_move(Color::Black, sq("a1"), None, 3_000),
        Err(ApiError::IllegalMove("a1".into()))
    );
    assert_eq!(
        live.check_move(Color::Black, sq("f5"), Some(3), 3_000),
        Err(ApiError::StalePly {
            sent: 3,
            current: 0
        })
    );
    // Black thought 10 s: 60 - 10 + 2.
    let m = live
        .check_move(Color::Black, sq("f5"), Some(0), 12_000)
        .unwrap();
    assert_eq!((m.black_ms, m.white_ms), (52_000, 60_000));
    assert_eq!(live.apply(m), None);
    assert_eq!(live.time_left(Color::White, 20_000), 52_000);
    assert_eq!(live.flag_at(), Some(72_000));
    // A move at the flag's moment is too late.
    assert_eq!(
        live.check_move(Color::White, sq("d6"), None, 72_000),
        Err(ApiError::GameOver)
    );
    let finish = live.loss(Color::White, "time", None, 72_000);
    live.finish(finish.clone());
    assert_eq!(finish.winner, Some(Color::Black));
    assert_eq!((finish.black_discs, finish.white_discs), (4, 1));
    assert_eq!(
        live.check_move(Color::White, sq("d6"), None, 72_001),
        Err(ApiError::GameOver)
    );
    let view = live.view(80_000);
    assert_eq!(view.status, reversi_protocol::Status::Finished);
    assert_eq!(view.white_ms, Some(0));
    assert_eq!(view.moves, "f5");
    let text = serde_json::to_string(&view).unwrap();
    assert!(!text.contains("tw"), "no token in the view");
    assert!(!text.contains("inv"), "no invitation in the view");
}

#[test]
fn a_resumed_game_is_not_charged_for_the_time_the_server_was_down() {
    let clock = Clock {
        initial_ms: 60_000,
        increment_ms: 0,
    };
    let mut rec = record(Some(clock));
    rec.invite = None;
    rec.white = Seat::Human {
        name: Some("bob".into()),
        token: "tw".into(),
    };
    rec.started_ms = Some(0);
    rec.moves.push(MoveRecord {
        square: sq("f5"),
        at_ms: 5_000,
        black_ms: 55_000,
        white_ms: 60_000,
    });
    // White's turn began at 5 s; the server was last alive at 15 s and came back at 100 s.
    let live = LiveGame::resume(rec.clone(), 100_000, Some(15_000)).unwrap();
    assert_eq!(live.time_left(Color::White, 100_000), 50_000);
    assert_eq!(live.time_left(Color::Black, 100_000), 55_000);
    assert_eq!(live.game().transcript(), "f5");
    // A stored move that is not legal is an error, not a panic.
    rec.moves.push(MoveRecord {
        square: sq("a1"),
        ..rec.moves[0]
    });
    assert!(LiveGame::resume(rec, 0, None).is_err());
}

#[test]
fn a_finished_game_scores_its_discs_and_a_forfeit_counts_64_to_0() {
    let mut rec = record(None);
    rec.invite = None;
    rec.white = Seat::Bot { name: "b".into() };
    rec.started_ms = Some(0);
    let mut live = LiveGame::new(rec, 0);
    // The shortest game: black wipes white out in nine moves.
    let mut finish = None;
    for (i, name) in ["e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"]
        .iter()
        .enumerate()
    {
        let color = live.game().to_move();
        let m = live.check_move(color, sq(name), Some(i), 0).unwrap();
        finish = live.apply(m);
    }
    let finish = finish.expect("over");
    assert_eq!((finish.black_discs, finish.white_discs), (13, 0));
    assert_eq!(finish.winner, Some(Color::Black));
    let forfeit = live.loss(Color::White, "forfeit", Some("too late".into()), 0);
    assert_eq!((forfeit.black_discs, forfeit.white_discs), (64, 0));
    // No flag for a program's seat, nor without a clock.
    assert_eq!(live.flag_at(), None);
}
