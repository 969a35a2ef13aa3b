//! The account on the page: who is signed in asked once the server is found, signing in and out, and quick
//! pairing over the lobby's socket (the seek sent once it opens and again after it reopens, its range shown,
//! cancelled, refused, paired into a seat of one's own), every malformed message read as unreadable and
//! changing nothing.

use super::*;
use crate::session::effects::net::LobbyAsk;
use crate::session::online::account::{AccountAction, QuickClock};

fn account(action: AccountAction) -> Action {
    Action::Online(OnlineAction::Account(action))
}

fn lobby(gen: u32, event: SocketEvent) -> Action {
    Action::Online(OnlineAction::LobbySocket { gen, event })
}

fn lobby_text(gen: u32, value: serde_json::Value) -> Action {
    lobby(gen, SocketEvent::Message(value.to_string()))
}

fn fetched(ask: AccountAsk, status: u16, body: serde_json::Value) -> Action {
    Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Account(ask),
        reply: Ok((status, body.to_string())),
    })
}

/// The last message sent on the lobby's socket, read back.
fn sent(p: &Program) -> serde_json::Value {
    match p.net.last() {
        Some(NetCommand::Lobby(LobbyNet::Send(text))) => serde_json::from_str(text).unwrap(),
        other => panic!("nothing sent on the lobby: {other:?}"),
    }
}

const BLITZ: QuickClock = QuickClock {
    minutes: 5,
    increment_s: 3,
};

/// `page()` whose server said nobody is signed in (asked when the online screen opened; it was left), then
/// Ann signed in.
fn signed_in() -> Program {
    let mut p = page();
    // Nothing is asked of the account until the online screen opens.
    assert!(!p.net.iter().any(|c| matches!(
        c,
        NetCommand::Fetch {
            ask: NetAsk::Account(_),
            ..
        }
    )));
    p.apply(Action::Online(OnlineAction::Lobby(
        crate::session::online::lobby::LobbyAction::Open,
    )));
    p.apply(Action::Online(OnlineAction::Lobby(
        crate::session::online::lobby::LobbyAction::Close,
    )));
    assert!(p.net.iter().any(|c| matches!(
        c,
        NetCommand::Fetch { ask: NetAsk::Account(AccountAsk::Me), method: Method::Get, path, .. } if path == "/api/session"
    )));
    assert!(!p.online().account().known());
    // A malformed answer: told, still not known.
    p.apply(fetched(
        AccountAsk::Me,
        200,
        json!({"account": {"name": ""}}),
    ));
    assert!(!p.online().account().known());
    p.apply(fetched(AccountAsk::Me, 200, json!({"account": null})));
    assert!(p.online().account().known());
    assert_eq!(p.online().account().me(), None);
    p.apply(account(AccountAction::SignIn {
        name: " ann ".into(),
        password: "correct horse".into(),
    }));
    let Some(NetCommand::Fetch {
        ask: NetAsk::Account(AccountAsk::SignIn),
        method: Method::Post,
        path,
        body: Some(body),
    }) = p.net.last().cloned()
    else {
        panic!("no sign-in: {:?}", p.net)
    };
    assert_eq!(path, "/api/session");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&body).unwrap(),
        json!({"name": "ann", "password": "correct horse"})
    );
    assert_eq!(p.online().account().busy(), Some(AccountAsk::SignIn));
    p.apply(fetched(
        AccountAsk::SignIn,
        200,
        json!({"name": "ann", "ratings": [{"category": "blitz", "rating": 1612.4, "deviation": 60.0,
            "volatility": 0.06, "provisional": false, "games": 30}]}),
    ));
    assert_eq!(p.online().account().busy(), None);
    assert_eq!(p.online().account().me().unwrap().name, "ann");
    p
}

#[test]
fn a_wrong_password_is_said_in_the_pages_words_and_nobody_is_signed_in() {
    let mut p = page();
    p.apply(fetched(AccountAsk::Me, 200, json!({"account": null})));
    p.apply(account(AccountAction::SignUp {
        name: "ann".into(),
        password: "short".into(),
    }));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { ask: NetAsk::Account(AccountAsk::SignUp), path, .. }) if path == "/api/account"
    ));
    p.apply(fetched(
        AccountAsk::SignUp,
        400,
        json!({"error": "bad_password", "message": "a password is 8 to 256 characters"}),
    ));
    assert_eq!(p.online().account().me(), None);
    assert!(matches!(
        p.notice(),
        Some(Notice::Online(OnlineNotice::Refused {
            code: wire::ErrorCode::BadPassword,
            ..
        }))
    ));
    // A seek while signed out is refused at once, nothing sent.
    let sent = p.net.len();
    p.apply(account(AccountAction::Seek {
        clock: BLITZ,
        rated: true,
    }));
    assert_eq!(p.net.len(), sent);
    assert_eq!(p.online().account().seek(), None);
}

#[test]
fn a_seek_is_sent_once_the_lobby_opens_and_again_after_it_reopens_then_paired_into_a_seat() {
    let mut p = signed_in();
    p.apply(account(AccountAction::Seek {
        clock: BLITZ,
        rated: true,
    }));
    assert_eq!(
        p.net.last(),
        Some(&NetCommand::Lobby(LobbyNet::Connect {
            gen: 1,
            delay_ms: 0
        }))
    );
    p.apply(lobby(1, SocketEvent::Opened));
    let seek =
        json!({"type": "seek", "clock": {"initial_s": 300.0, "increment_s": 3.0}, "rated": true});
    assert_eq!(sent(&p), seek);
    p.apply(lobby_text(
        1,
        json!({"type": "seeking", "category": "blitz", "rated": true, "range": 100}),
    ));
    assert_eq!(p.online().account().seek().unwrap().range, Some(100));
    // The socket drops: opened again after the backoff, the seek sent again once it is open.
    p.apply(lobby(1, SocketEvent::Closed));
    assert_eq!(
        p.net.last(),
        Some(&NetCommand::Lobby(LobbyNet::Connect {
            gen: 2,
            delay_ms: 500
        }))
    );
    assert_eq!(p.online().account().seek().unwrap().range, None);
    // An old socket's event changes nothing.
    p.apply(lobby_text(1, json!({"type": "cancelled"})));
    assert!(p.online().account().seek().is_some());
    p.apply(lobby(2, SocketEvent::Opened));
    assert_eq!(sent(&p), seek);
    // A malformed message: told, the seek still standing.
    p.apply(lobby_text(
        2,
        json!({"type": "paired", "game": "../x", "seat": "black", "token": "t", "opponent": "bob"}),
    ));
    assert!(matches!(
        p.notice(),
        Some(Notice::Online(OnlineNotice::Unreadable { .. }))
    ));
    assert!(p.online().account().seek().is_some());
    // Paired: the seat kept on this device, the game looked up and taken onto the board.
    p.apply(lobby_text(
        2,
        json!({"type": "paired", "game": "cd34", "seat": "white", "token": "s3at", "opponent": "bob"}),
    ));
    assert_eq!(p.online().account().seek(), None);
    assert!(p.net.contains(&NetCommand::RememberSeat {
        id: "cd34".into(),
        token: "s3at".into(),
        invite: None
    }));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { ask: NetAsk::Look { id }, .. }) if id == "cd34"
    ));
    looked(
        &mut p,
        "cd34",
        Ok((
            200,
            game_json("cd34", "playing", "", Some("black")).to_string(),
        )),
    );
    let link = p.online().link().unwrap();
    assert_eq!(link.id(), "cd34");
    assert!(!link.watching());
}

#[test]
fn a_seek_cancelled_or_refused_stands_no_more_and_signing_out_closes_the_lobby() {
    let mut p = signed_in();
    p.apply(account(AccountAction::Seek {
        clock: BLITZ,
        rated: false,
    }));
    p.apply(lobby(1, SocketEvent::Opened));
    p.apply(account(AccountAction::Cancel));
    // The cancel sent, then the socket closed: nothing stands and the lobby is not shown.
    let n = p.net.len();
    assert_eq!(
        p.net[n - 2],
        NetCommand::Lobby(LobbyNet::Send(json!({"type": "cancel"}).to_string()))
    );
    assert_eq!(p.net[n - 1], NetCommand::Lobby(LobbyNet::Close));
    assert_eq!(p.online().account().seek(), None);
    // The closed socket's last event changes nothing.
    p.apply(lobby(1, SocketEvent::Closed));
    assert_eq!(p.net.len(), n);
    p.apply(account(AccountAction::Seek {
        clock: BLITZ,
        rated: true,
    }));
    p.apply(lobby(3, SocketEvent::Opened));
    p.apply(lobby_text(
        3,
        json!({"type": "error", "error": "not_signed_in", "message": "sign in first"}),
    ));
    assert_eq!(p.online().account().seek(), None);
    assert!(matches!(
        p.notice(),
        Some(Notice::Online(OnlineNotice::Refused {
            code: wire::ErrorCode::NotSignedIn,
            ..
        }))
    ));
    p.apply(account(AccountAction::SignOut));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { ask: NetAsk::Account(AccountAsk::SignOut), method: Method::Delete, path, .. }) if path == "/api/session"
    ));
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Account(AccountAsk::SignOut),
        reply: Ok((204, String::new())),
    }));
    assert_eq!(p.online().account().me(), None);
    assert_eq!(p.net.last(), Some(&NetCommand::Lobby(LobbyNet::Close)));
}

#[test]
fn a_players_page_and_a_leaderboard_are_asked_shown_and_checked() {
    use crate::session::online::lobby::{LobbyAction, Shown};
    let mut p = page();
    p.apply(Action::Online(OnlineAction::Lobby(LobbyAction::Player(
        "ann".into(),
        1,
    ))));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { ask: NetAsk::Lobby(LobbyAsk::Player(name, 1)), method: Method::Get, path, .. })
            if name == "ann" && path == "/api/players/ann?page=1"
    ));
    let player = |moves: &str| {
        json!({"name": "ann", "created_ms": 1, "ratings": [], "history": [],
            "record": {"wins": 1, "draws": 0, "losses": 0},
            "games": [{"id": "ab12", "side": "black", "opponent": "bob", "outcome": "win",
                "created_ms": 2, "moves": moves}],
            "page": 1, "more": false})
    };
    let answer = |p: &mut Program, body: serde_json::Value| {
        p.apply(Action::Online(OnlineAction::Fetched {
            ask: NetAsk::Lobby(LobbyAsk::Player("ann".into(), 1)),
            reply: Ok((200, body.to_string())),
        }))
    };
    // A game whose moves are not a transcript: the page is not shown, and why is said.
    answer(&mut p, player("f5zz"));
    let Some(Shown::Player { listed, .. }) = p.online().lobby().shown() else {
        panic!("no player shown")
    };
    assert!(listed.error().is_some() && listed.value().is_none());
    answer(&mut p, player("f5d6"));
    let Some(Shown::Player { listed, .. }) = p.online().lobby().shown() else {
        panic!("no player shown")
    };
    assert_eq!(listed.value().unwrap().games[0].moves, "f5d6");
    // A name of another script is encoded in the path.
    p.apply(Action::Online(OnlineAction::Lobby(LobbyAction::Player(
        "黑白".into(),
        0,
    ))));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { path, .. }) if path == "/api/players/%E9%BB%91%E7%99%BD?page=0"
    ));
    p.apply(Action::Online(OnlineAction::Lobby(LobbyAction::Leaders(
        wire::Category::Ladder,
    ))));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { path, .. }) if path == "/api/leaderboard/ladder"
    ));
}

#[test]
fn the_lobby_shown_opens_the_socket_lists_challenges_and_one_is_opened_accepted_or_withdrawn() {
    use crate::session::online::lobby::LobbyAction;
    let mut p = signed_in();
    // The lobby shown: its socket opens, for the challenges.
    p.apply(Action::Online(OnlineAction::Lobby(LobbyAction::Open)));
    assert!(p.net.contains(&NetCommand::Lobby(LobbyNet::Connect {
        gen: 1,
        delay_ms: 0
    })));
    p.apply(lobby(1, SocketEvent::Opened));
    let bob = json!({"id": "c1", "name": "bob", "rating": 1700, "provisional": false,
        "clock": {"initial_s": 300.0, "increment_s": 3.0}, "category": "blitz", "rated": true,
        "color": null, "min_rating": 1550, "max_rating": 1650});
    p.apply(lobby_text(
        1,
        json!({"type": "challenges", "challenges": [bob]}),
    ));
    let mine = p.online().account();
    assert_eq!(mine.challenges().len(), 1);
    // Ann's blitz rating is 1612: within bob's range.
    assert!(mine.may_accept(&mine.challenges()[0]));
    p.apply(account(AccountAction::Accept("c1".into())));
    assert_eq!(sent(&p), json!({"type": "accept", "id": "c1"}));
    // A malformed list (an id unfit for a link) changes nothing.
    p.apply(lobby_text(
        1,
        json!({"type": "challenges", "challenges": [{"id": "a b", "name": "x",
        "rating": 1, "provisional": false, "clock": {"initial_s": 60.0, "increment_s": 0.0},
        "category": "bullet", "rated": true}]}),
    ));
    assert_eq!(p.online().account().challenges()[0].id, "c1");
    // Ann's own: 5+3 rated, she plays black, within 100 of her 1612.
    p.apply(account(AccountAction::Challenge {
        clock: BLITZ,
        rated: true,
        color: Some(Color::Black),
        range: Some(100),
    }));
    assert_eq!(
        sent(&p),
        json!({"type": "challenge", "clock": {"initial_s": 300.0, "increment_s": 3.0}, "rated": true,
            "color": "black", "min_rating": 1512, "max_rating": 1712})
    );
    p.apply(lobby_text(1, json!({"type": "challenging", "id": "c2"})));
    assert_eq!(
        p.online().account().challenge().unwrap().id.as_deref(),
        Some("c2")
    );
    // The socket drops: opened again, the challenge sent again.
    p.apply(lobby(1, SocketEvent::Closed));
    p.apply(lobby(2, SocketEvent::Opened));
    assert_eq!(sent(&p)["type"], "challenge");
    // Withdrawn; the lobby left: nothing stands, the socket closes.
    p.apply(account(AccountAction::Cancel));
    assert_eq!(sent(&p), json!({"type": "cancel"}));
    assert!(p.online().account().challenge().is_none());
    p.apply(Action::Online(OnlineAction::Lobby(LobbyAction::Close)));
    assert_eq!(p.net.last(), Some(&NetCommand::Lobby(LobbyNet::Close)));
}
