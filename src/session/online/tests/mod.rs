//! The online part through the whole session, as the page runs it: the network's commands logged, its
//! answers fed back as actions.

mod accounts;
mod play;
mod seats;

use serde_json::json;

use super::wire::tests::{game_json, sq};
use super::wire::{self, Reason};
use super::*;
use crate::session::testing::Program;
use crate::session::{Action, ClockSettings, GameAction, Mode, Notice, Settings};
use reversi_engine::Color;

fn state(game: serde_json::Value) -> Action {
    socket_text(1, json!({"type": "state", "game": game}).to_string())
}

fn socket_text(gen: u32, text: String) -> Action {
    Action::Online(OnlineAction::Socket {
        gen,
        event: SocketEvent::Message(text),
    })
}

fn socket(gen: u32, event: SocketEvent) -> Action {
    Action::Online(OnlineAction::Socket { gen, event })
}

/// The game `id`'s link opened, with the token kept here (if any).
fn open(p: &mut Program, id: &str, token: Option<&str>) {
    p.apply(Action::Online(OnlineAction::Open {
        id: id.into(),
        token: token.map(str::to_string),
        invite: None,
        name: String::new(),
        watch: false,
    }));
}

/// The answer to the lookup of the game `id`.
fn looked(p: &mut Program, id: &str, reply: Reply) {
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Look { id: id.into() },
        reply,
    }));
}

/// A page served by the server, a game of one's own on the board (f5 played against the AI).
fn page() -> Program {
    let mut p = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    p.apply(Action::Online(OnlineAction::Probe));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { ask: NetAsk::Probe, method: Method::Head, path, .. }) if path == "./"
    ));
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Probe,
        reply: Ok((
            200,
            r#"{"ok":true,"server":"reversi","version":"0.1.0"}"#.into(),
        )),
    }));
    assert_eq!(p.online().server(), Server::Here);
    p
}

/// The server's answer to a game created or joined, written by the protocol's own types: the seat on `side`
/// of `game`.
fn seated_json(
    side: &str,
    token: &str,
    invite: Option<&str>,
    game: serde_json::Value,
) -> serde_json::Value {
    let game: reversi_protocol::GameView = serde_json::from_value(game).unwrap();
    let id = game.id.clone();
    let seated = reversi_protocol::Seated {
        id: id.clone(),
        seat: serde_json::from_value(json!(side)).unwrap(),
        token: token.into(),
        invite: invite.map(str::to_string),
        links: reversi_protocol::Links {
            play: format!("/?online={id}"),
            invite: invite.map(|code| format!("/?online={id}&invite={code}")),
            watch: format!("/?watch={id}"),
            api: format!("/api/games/{id}"),
            live: format!("/api/games/{id}/live"),
        },
        game,
    };
    serde_json::to_value(seated).unwrap()
}

/// `page()` with a game created as black against a friend, the friend joined, the socket open.
fn seated() -> Program {
    let mut p = page();
    p.apply(Action::Online(OnlineAction::Create(NewOnline {
        name: "ann".into(),
        color: Some(Color::Black),
        clock: Some(ClockSettings {
            minutes: 1,
            increment_s: 2,
        }),
        opponent: None,
    })));
    let Some(NetCommand::Fetch {
        ask: NetAsk::Create,
        method: Method::Post,
        body: Some(body),
        ..
    }) = p.net.last().cloned()
    else {
        panic!("no create: {:?}", p.net)
    };
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["color"], "black");
    assert_eq!(body["clock"]["initial_s"], 60.0);
    let answer = seated_json(
        "black",
        "t0k3n",
        Some("c0de"),
        game_json("ab12", "waiting", "", None),
    );
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Create,
        reply: Ok((201, answer.to_string())),
    }));
    p.apply(socket(1, SocketEvent::Opened));
    p.apply(socket_text(
        1,
        json!({"type": "hello", "seat": "black"}).to_string(),
    ));
    p.apply(state(game_json("ab12", "playing", "", Some("black"))));
    p
}
