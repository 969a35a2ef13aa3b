//! Fuzz tests of the native tools' protocol readers: NBoard lines, the match server's messages to the bot and
//! a bot's replies as the server reads them (the server's own readers are fuzzed in `crates/server/tests/fuzz.rs`); the harness is the engine's `tests/common/fuzz.rs`.

#[path = "../../engine/tests/common/fuzz.rs"]
mod harness;

use harness::{fuzz, says_what, text};
use reversi_engine::Game;
use reversi_tools::bot::{Bot, BotConfig};
use reversi_tools::match_protocol::Reply;
use reversi_tools::nboard::NboardSession;

#[test]
fn nboard_lines() {
    let mut session = NboardSession::with_move_time(2);
    session.handle("set depth 1");
    session.handle("move f5");
    fuzz(
        "nboard",
        5,
        &[
            b"move d6",
            b"set depth 3",
            b"set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)",
            b"hint 3",
            b"go",
            b"ping 7",
            b"nboard 2",
        ],
        |input| {
            let before = session.game().clone();
            let out = session.handle_bytes(input);
            let refused = out
                .iter()
                .any(|l| l.starts_with("status bad") || l.starts_with("status unknown"));
            if refused {
                assert_eq!(session.game(), &before, "a refused line changed the game");
            }
            !refused
        },
    );
}

#[test]
fn bot_messages() {
    let mut bot = Bot::new(BotConfig {
        url: String::new(),
        name: "fuzz".to_string(),
        level: 1,
        move_time_ms: 5,
        swap_xy: false,
        token: None,
    });
    let board = serde_json::json!([
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, -1, 1, 0, 0, 0],
        [0, 0, 0, 1, -1, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0]
    ]);
    let action = serde_json::json!({"type": "ACTION", "key": "k1", "board": board, "color": 1, "point": {"x": 0, "y": 0}})
        .to_string();
    fuzz(
        "bot",
        6,
        &[action.as_bytes(), b"{\"type\":\"READY\"}"],
        |input| match bot.answer(&text(input)) {
            Ok(Some(reply)) => {
                let value: serde_json::Value = serde_json::from_str(&reply).unwrap();
                assert!(value["key"].is_string() && value["point"]["x"].is_u64());
                true
            }
            Ok(None) => true,
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn match_replies() {
    let game = Game::from_transcript("f5").unwrap();
    fuzz(
        "match-reply",
        8,
        &[
            br#"{"key":"k","point":{"x":5,"y":3}}"#,
            br#"{"point":{"x":"2","y":3.5}}"#,
        ],
        |input| {
            let Ok(reply) = Reply::parse(&text(input)) else {
                return false;
            };
            match reply.square(&game) {
                Ok(square) => {
                    assert!(game.legal_moves().contains(square));
                    true
                }
                Err(error) => says_what(&error),
            }
        },
    );
}
