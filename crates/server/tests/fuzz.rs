//! Fuzz tests of everything the server reads from a client: the page's socket messages, a bot's replies, the
//! HTTP bodies of the routes, and the names; the harness is the engine's `tests/common/fuzz.rs`.

#[path = "../../engine/tests/common/fuzz.rs"]
mod harness;

use harness::{fuzz, says_what, text};
use reversi_engine::Game;
use reversi_protocol::{CreateGame, CreateTournament, Join, Play};
use reversi_server::error::check_name;
use reversi_server::live::{parse_client, Asked};
use reversi_server::match_protocol::Reply;
use reversi_server::routes::{body, clock_of};

#[test]
fn page_socket_messages() {
    fuzz(
        "server-live",
        21,
        &[
            br#"{"type":"move","square":"f5","ply":0}"#,
            br#"{"type":"resign"}"#,
            br#"{"type":"rematch"}"#,
            br#"{"type":"ping"}"#,
        ],
        |input| match parse_client(&text(input)) {
            Ok(Asked::Move { ply, .. }) => {
                assert!(ply.is_none_or(|p| p <= 60));
                true
            }
            Ok(_) => true,
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn bot_replies() {
    let game = Game::from_transcript("f5d6").unwrap();
    fuzz(
        "server-bot-reply",
        22,
        &[
            br#"{"key":"k","point":{"x":2,"y":2}}"#,
            br#"{"key":"k","point":{"x":"2","y":3.5}}"#,
            br#"{"point":null}"#,
        ],
        |input| match Reply::parse(&text(input)) {
            Ok(reply) => match reply.square(&game) {
                Ok(square) => {
                    assert!(game.legal_moves().contains(square));
                    true
                }
                Err(error) => says_what(&error),
            },
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn route_bodies_and_names() {
    fuzz(
        "server-bodies",
        23,
        &[
            br#"{"name":"ann","color":"black","clock":{"initial_s":300,"increment_s":2}}"#,
            br#"{"opponent":"house-3","color":"random"}"#,
            br#"{"invite":"00ff","name":"bob"}"#,
            br#"{"square":"f5","ply":0}"#,
            br#"{"name":"cup","bots":["a","house-1"]}"#,
            b"",
        ],
        |input| {
            let mut accepted = false;
            if let Ok(create) = body::<CreateGame>(input) {
                if let Some(name) = &create.name {
                    let _ = check_name(name);
                }
                accepted |= clock_of(create.clock).is_ok();
            }
            accepted |= body::<Join>(input).is_ok();
            accepted |= body::<Play>(input)
                .is_ok_and(|p| p.square.parse::<reversi_engine::Square>().is_ok());
            accepted |= body::<CreateTournament>(input).is_ok();
            if let Err(error) = body::<Play>(input) {
                says_what(&error);
            }
            accepted
        },
    );
}
