//! Every message written and read back unchanged, and the wire's forms pinned where clients match on them.

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::json;

use super::*;

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) {
    let text = serde_json::to_string(value).expect("written");
    let back: T = serde_json::from_str(&text).expect("read back");
    assert_eq!(&back, value, "{text}");
}

fn seat(name: &str, kind: SeatKind) -> SeatView {
    SeatView {
        name: name.into(),
        kind,
        open: false,
        connected: true,
        rating: None,
    }
}

fn game() -> GameView {
    GameView {
        id: "ab12".into(),
        status: Status::Finished,
        black: SeatView {
            rating: Some(SeatRating {
                rating: 1512,
                provisional: true,
                change: Some(-12),
            }),
            ..seat("ann", SeatKind::Human)
        },
        white: seat("house-3", SeatKind::House),
        moves: "f5d6c3".into(),
        ply: 3,
        to_move: Some(Side::Black),
        clock: Some(ClockView {
            initial_ms: 60_000,
            increment_ms: 2_000,
        }),
        black_ms: Some(59_000),
        white_ms: Some(61_500),
        server_ms: 1_700_000_000_000,
        result: Some(GameResult {
            winner: Some(Side::White),
            reason: EndReason::Forfeit,
            detail: Some("timeout".into()),
            black: 0,
            white: 64,
            at_ms: 1_700_000_000_001,
        }),
        rematch: Some("cd34".into()),
        rematch_of: None,
        rematch_offer: Some(Side::White),
        tournament: Some("t1".into()),
        watchers: 2,
        created_ms: 1_699_999_999_000,
        rated: Some(Category::Blitz),
    }
}

#[test]
fn every_live_message_reads_back_as_written() {
    for message in [
        ServerMessage::Hello { seat: None },
        ServerMessage::Hello {
            seat: Some(Side::White),
        },
        ServerMessage::State { game: game() },
        ServerMessage::Pong,
    ]
    .into_iter()
    .chain(ErrorCode::ALL.map(|error| ServerMessage::Error {
        error,
        message: "words".into(),
    })) {
        round_trip(&message);
    }
    for message in [
        ClientMessage::Seat {
            token: "0f".repeat(16),
        },
        ClientMessage::Move {
            square: "f5".into(),
            ply: Some(0),
        },
        ClientMessage::Move {
            square: "h8".into(),
            ply: None,
        },
        ClientMessage::Watch,
        ClientMessage::Resign,
        ClientMessage::Rematch,
        ClientMessage::Ping,
    ] {
        round_trip(&message);
    }
}

#[test]
fn every_api_body_reads_back_as_written() {
    round_trip(&CreateGame {
        name: Some("ann".into()),
        color: Some("random".into()),
        clock: Some(ClockSpec {
            initial_s: 300.0,
            increment_s: 2.0,
        }),
        opponent: Some("house-4".into()),
    });
    round_trip(&CreateGame::default());
    round_trip(&Join {
        invite: "c0de".into(),
        name: None,
    });
    round_trip(&Play {
        square: "d3".into(),
        ply: Some(4),
    });
    round_trip(&Seated {
        id: "ab12".into(),
        seat: Side::Black,
        token: "t".repeat(32),
        invite: Some("c0de".into()),
        links: Links {
            play: "/?online=ab12".into(),
            invite: Some("/?online=ab12&invite=c0de".into()),
            watch: "/?watch=ab12".into(),
            api: "/api/games/ab12".into(),
            live: "/api/games/ab12/live".into(),
        },
        game: game(),
    });
    round_trip(&GamesList {
        games: vec![GameSummary {
            id: "ab12".into(),
            black: "ann".into(),
            white: "bob".into(),
            ply: 12,
            tournament: None,
            created_ms: 5,
        }],
    });
    round_trip(&BotsList {
        bots: vec![
            BotEntry {
                name: "house-1".into(),
                kind: BotKind::House,
                level: Some(1),
                connected_since_ms: None,
            },
            BotEntry {
                name: "edax".into(),
                kind: BotKind::Bot,
                level: None,
                connected_since_ms: Some(7),
            },
        ],
    });
    round_trip(&TournamentsList {
        tournaments: vec![TournamentSummary {
            id: "t1".into(),
            name: "cup".into(),
            bots: vec!["a".into(), "b".into()],
            created_ms: 1,
            status: TournamentStatus::Playing,
        }],
    });
    round_trip(&CreateTournament {
        name: None,
        bots: vec!["house-1".into(), "house-2".into()],
    });
    round_trip(&TournamentView {
        id: "t1".into(),
        name: "cup".into(),
        bots: vec!["a".into(), "b".into()],
        created_ms: 1,
        finished_ms: Some(9),
        status: TournamentStatus::Finished,
        standings: vec![Standing {
            rank: 1,
            name: "a".into(),
            points: 1.5,
            margin: 12,
            played: 2,
            wins: 1,
            draws: 1,
            losses: 0,
            first_seen_ms: 3,
        }],
        games: vec![TournamentGame {
            id: "g1".into(),
            black: "a".into(),
            white: "b".into(),
            moves: "f5d6".into(),
            status: Status::Finished,
            result: game().result,
        }],
    });
    round_trip(&Health {
        ok: true,
        server: "reversi".into(),
        version: "0.1.0".into(),
    });
    for error in ErrorCode::ALL {
        round_trip(&ErrorBody {
            error,
            message: "words".into(),
        });
    }
}

#[test]
fn the_wire_forms_clients_match_on_are_pinned() {
    // The codes: as their names say, one per refusal, none twice.
    for code in ErrorCode::ALL {
        assert_eq!(serde_json::to_value(code).unwrap(), json!(code.as_str()));
    }
    let mut names: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), ErrorCode::ALL.len());
    // A code of a newer server is read as unknown, not refused.
    let body: ErrorBody = serde_json::from_str(r#"{"error":"teapot","message":"m"}"#).unwrap();
    assert_eq!(body.error, ErrorCode::Unknown);
    assert_eq!(
        serde_json::to_value(ServerMessage::Error {
            error: ErrorCode::NotYourTurn,
            message: "it is not your turn".into()
        })
        .unwrap(),
        json!({"type": "error", "error": "not_your_turn", "message": "it is not your turn"})
    );
    assert_eq!(
        serde_json::to_value(ServerMessage::Hello { seat: None }).unwrap(),
        json!({"type": "hello", "seat": null})
    );
    assert_eq!(
        serde_json::to_value(ClientMessage::Move {
            square: "f5".into(),
            ply: Some(0)
        })
        .unwrap(),
        json!({"type": "move", "square": "f5", "ply": 0})
    );
    let view = serde_json::to_value(game()).unwrap();
    assert_eq!(view["black"]["kind"], "human");
    assert_eq!(view["result"]["reason"], "forfeit");
    assert_eq!(view["to_move"], "black");
    assert_eq!(
        view["clock"],
        json!({"initial_ms": 60000, "increment_ms": 2000})
    );
}

#[test]
fn a_view_of_a_newer_server_reads_and_a_request_with_a_stray_field_does_not() {
    let mut view = serde_json::to_value(game()).unwrap();
    view["something_new"] = json!(1);
    assert_eq!(serde_json::from_value::<GameView>(view).unwrap(), game());
    assert!(serde_json::from_str::<CreateGame>(r#"{"colour":"black"}"#).is_err());
    assert!(serde_json::from_str::<ClientMessage>(r#"{"type":"castle"}"#).is_err());
    assert!(serde_json::from_str::<ServerMessage>(r#"{"type":"hello","seat":"red"}"#).is_err());
    assert!(valid_id("ab-12") && !valid_id("a/b") && !valid_id(""));
}

#[test]
fn the_match_protocol_reads_back_as_written() {
    let action = bot::Action {
        kind: bot::ACTION.into(),
        name: "g1".into(),
        key: Some("k7".into()),
        board: Some(vec![vec![0; 8]; 8]),
        color: Some(-1),
        point: Some(bot::Point { x: 2, y: 2 }),
    };
    round_trip(&action);
    round_trip(&bot::BotReply {
        key: Some("k7".into()),
        point: Some(bot::Point { x: 3, y: 5 }),
    });
    let kind: bot::Kind = serde_json::from_str(r#"{"type":"PING","x":1}"#).unwrap();
    assert_eq!(kind.kind.as_deref(), Some("PING"));
    assert_eq!(
        serde_json::to_value(&action).unwrap()["type"],
        json!("ACTION")
    );
}

#[test]
fn every_account_and_lobby_message_reads_back_as_written() {
    let rating = RatingView {
        category: Category::Rapid,
        rating: 1612.5,
        deviation: 80.25,
        volatility: 0.0599,
        provisional: false,
        games: 12,
    };
    let account = AccountView {
        name: "ann".into(),
        ratings: vec![rating.clone()],
    };
    round_trip(&account);
    round_trip(&SessionView {
        account: Some(account.clone()),
    });
    round_trip(&SessionView { account: None });
    round_trip(&Credentials {
        name: "ann".into(),
        password: "correct horse".into(),
    });
    round_trip(&DeleteAccount {
        password: "correct horse".into(),
    });
    round_trip(&PlayerView {
        name: "ann".into(),
        deleted: false,
        created_ms: 1,
        ratings: vec![rating],
        history: vec![RatingPoint {
            category: Category::Rapid,
            game: "ab12".into(),
            at_ms: 2,
            rating: 1612.5,
            deviation: 80.25,
            change: 12,
        }],
        record: Record {
            wins: 1,
            draws: 2,
            losses: 3,
        },
        games: vec![PlayerGame {
            id: "ab12".into(),
            side: Side::White,
            opponent: "bob".into(),
            outcome: Some(Outcome::Win),
            rated: Some(Category::Rapid),
            change: Some(12),
            created_ms: 1,
            moves: "f5d6".into(),
        }],
        page: 0,
        more: true,
    });
    round_trip(&Leaderboard {
        category: Category::Bullet,
        leaders: vec![Leader {
            rank: 1,
            name: "ann".into(),
            rating: 1700.0,
            deviation: 60.0,
            provisional: false,
            games: 30,
        }],
    });
    for message in [
        LobbyMessage::Welcome { account },
        LobbyMessage::Seeking {
            category: Category::Blitz,
            rated: true,
            range: 100,
        },
        LobbyMessage::Cancelled,
        LobbyMessage::Challenges {
            challenges: vec![ChallengeView {
                id: "c1".into(),
                name: "ann".into(),
                rating: 1612,
                provisional: false,
                clock: ClockSpec {
                    initial_s: 300.0,
                    increment_s: 3.0,
                },
                category: Category::Blitz,
                rated: true,
                color: Some(Side::White),
                min_rating: Some(1400),
                max_rating: None,
            }],
        },
        LobbyMessage::Challenging { id: "c1".into() },
        LobbyMessage::Paired {
            game: "ab12".into(),
            seat: Side::Black,
            token: "t".into(),
            opponent: "bob".into(),
        },
        LobbyMessage::Error {
            error: ErrorCode::NotSignedIn,
            message: "sign in first".into(),
        },
    ] {
        round_trip(&message);
    }
    round_trip(&RegisterBot {
        name: "alpha".into(),
    });
    round_trip(&RegisteredBot {
        name: "alpha".into(),
        token: "t".into(),
    });
    round_trip(&BotLog {
        bot: "alpha".into(),
        game: "ab12".into(),
        entries: vec![BotLogEntry {
            ply: 3,
            sent: "{}".into(),
            answer: "{}".into(),
            ms: 12,
            verdict: "ok".into(),
        }],
    });
    let seek = LobbyRequest::Seek {
        clock: ClockSpec {
            initial_s: 300.0,
            increment_s: 3.0,
        },
        rated: true,
    };
    round_trip(&seek);
    round_trip(&LobbyRequest::Cancel);
    round_trip(&LobbyRequest::Challenge {
        clock: ClockSpec {
            initial_s: 600.0,
            increment_s: 5.0,
        },
        rated: false,
        color: None,
        min_rating: Some(1200),
        max_rating: Some(1800),
    });
    round_trip(&LobbyRequest::Accept { id: "c1".into() });
    // The forms a page writes, pinned.
    assert_eq!(
        serde_json::to_value(&seek).unwrap(),
        json!({"type": "seek", "clock": {"initial_s": 300.0, "increment_s": 3.0}, "rated": true})
    );
    assert_eq!(
        serde_json::to_value(LobbyRequest::Cancel).unwrap(),
        json!({"type": "cancel"})
    );
}

#[test]
fn a_category_is_the_clock_and_thirty_increments() {
    assert_eq!(Category::of(60.0, 0.0), Category::Bullet);
    assert_eq!(Category::of(120.0, 1.0), Category::Bullet);
    assert_eq!(Category::of(120.0, 2.0), Category::Blitz);
    assert_eq!(Category::of(300.0, 3.0), Category::Blitz);
    assert_eq!(Category::of(600.0, 5.0), Category::Rapid);
    assert_eq!(Category::of(180.0, 0.0), Category::Blitz);
    assert_eq!(Category::of(1500.0, 0.0), Category::Classical);
    for category in Category::ALL {
        assert_eq!(Category::parse(category.as_str()), Some(category));
    }
}
