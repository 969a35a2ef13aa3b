//! Playing online: a game created, moves both ways, a dropped connection, refusals and malformed or partly
//! illegal messages, the engine's help refused, a new game, a watcher.

use super::*;

#[test]
fn a_game_created_takes_the_board_and_keeps_the_game_before_aside() {
    let p = seated();
    assert!(p.net.contains(&NetCommand::RememberSeat {
        id: "ab12".into(),
        token: "t0k3n".into(),
        invite: Some("c0de".into()),
    }));
    assert!(p
        .net
        .contains(&NetCommand::Address(Some(("ab12".into(), false)))));
    // The socket's address names the game alone; the seat's token is its first message.
    assert!(p.net.contains(&NetCommand::Connect {
        gen: 1,
        path: "/api/games/ab12/live".into(),
        delay_ms: 0
    }));
    assert!(p.net.contains(&NetCommand::Send(
        r#"{"type":"seat","token":"t0k3n"}"#.into()
    )));
    assert!(!p.net.iter().any(|c| format!("{c:?}").contains("?token=")));
    assert_eq!(p.play().game().move_count(), 0, "the online game's board");
    assert_eq!(p.play().settings().mode, Mode::HumanVsHuman);
    assert_eq!(p.replaced().len(), 1, "the game of one's own, aside");
    assert_eq!(p.replaced()[0].game.transcript(), "f5");
    let link = p.online().link().unwrap();
    assert_eq!(link.seat(), Some(Color::Black));
    assert_eq!(link.conn(), Conn::Open);
    assert_eq!(
        link.invite(),
        None,
        "the friend joined: no invitation to show"
    );
}

#[test]
fn a_move_is_shown_at_once_and_sent_with_its_ply_and_the_opponents_is_played_in() {
    let mut p = seated();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(p.play().game().transcript(), "f5");
    assert_eq!(
        p.net.last(),
        Some(&NetCommand::Send(wire::move_message(sq("f5"), 0)))
    );
    // The server's echo changes nothing; the opponent's reply is played in.
    p.apply(state(game_json("ab12", "playing", "f5", Some("white"))));
    p.apply(state(game_json("ab12", "playing", "f5d6", Some("black"))));
    assert_eq!(p.play().game().transcript(), "f5d6");
    // The opponent's turn, a click: refused with a word, nothing sent.
    p.apply(state(game_json("ab12", "playing", "f5d6c3", Some("white"))));
    let sent = p.net.len();
    p.apply(Action::Game(GameAction::Square(sq("d3"))));
    assert_eq!(
        p.notice(),
        Some(&Notice::Online(OnlineNotice::OpponentsTurn))
    );
    assert_eq!(p.net.len(), sent);
    assert_eq!(p.play().game().transcript(), "f5d6c3");
}

#[test]
fn a_dropped_connection_refuses_moves_reconnects_with_backoff_and_shows_the_servers_game() {
    let mut p = seated();
    let link = p.online().link().unwrap();
    let other = link.seat().unwrap().opponent();
    assert_eq!(
        link.presence(other, 0.0),
        Some(super::presence::Presence::Connected)
    );
    p.apply(socket(1, SocketEvent::Closed));
    assert_eq!(
        p.online().link().unwrap().conn(),
        Conn::Connecting { attempt: 1 }
    );
    // Offline, the page does not repeat the server's last word as if still true: its own seat is the one
    // reconnecting, the other's presence is not known.
    let link = p.online().link().unwrap();
    let own = link.seat().unwrap();
    assert_eq!(
        link.presence(own, 0.0),
        Some(super::presence::Presence::Reconnecting)
    );
    assert_eq!(
        link.presence(own.opponent(), 0.0),
        Some(super::presence::Presence::Unknown)
    );
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Connect {
            gen: 2,
            delay_ms: 500,
            ..
        })
    ));
    // A move now: refused, not lost, not sent; the board unchanged.
    let sent = p.net.len();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::Offline)));
    assert_eq!(p.net.len(), sent);
    assert_eq!(p.play().game().move_count(), 0);
    // The tries fail: each waits longer, to 8 s at most.
    let mut delays = Vec::new();
    for gen in 2..8 {
        p.apply(socket(gen, SocketEvent::Closed));
        if let Some(NetCommand::Connect { delay_ms, .. }) = p.net.last() {
            delays.push(*delay_ms);
        }
    }
    assert_eq!(delays, [1000, 2000, 4000, 8000, 8000, 8000]);
    // An old socket's events are dropped.
    p.apply(socket(3, SocketEvent::Opened));
    assert_ne!(p.online().link().unwrap().conn(), Conn::Open);
    // Back: the server's game (the opponent moved meanwhile? no: it is black's turn, one move played by us
    // on another device) is shown.
    p.apply(socket(8, SocketEvent::Opened));
    p.apply(socket_text(
        8,
        json!({"type": "state", "game": game_json("ab12", "playing", "f5d6", Some("black"))})
            .to_string(),
    ));
    assert_eq!(p.online().link().unwrap().conn(), Conn::Open);
    assert_eq!(p.play().game().transcript(), "f5d6");
    p.apply(Action::Game(GameAction::Square(sq("c3"))));
    assert_eq!(
        p.net.last(),
        Some(&NetCommand::Send(wire::move_message(sq("c3"), 2)))
    );
}

#[test]
fn a_refused_move_puts_the_board_back_to_the_servers_game() {
    let mut p = seated();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    p.apply(socket_text(
        1,
        json!({"type": "error", "error": "stale_ply", "message": "the move was made on ply 0; the game is at ply 1"}).to_string(),
    ));
    assert_eq!(p.play().game().move_count(), 0);
    assert!(matches!(
        p.notice(),
        Some(Notice::Online(OnlineNotice::Refused { code, .. })) if *code == wire::ErrorCode::StalePly
    ));
}

#[test]
fn a_malformed_message_is_told_and_changes_nothing() {
    let mut p = seated();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    p.apply(state(game_json("ab12", "playing", "f5", Some("white"))));
    let before = p.play().game().clone();
    for bad in [
        "{",
        r#"{"type":"state"}"#,
        r#"{"type":"state","game":{"id":"ab12","status":"playing","moves":"f5zz"}}"#,
        r#"{"type":"warp"}"#,
    ] {
        p.apply(socket_text(1, bad.into()));
        assert!(
            matches!(
                p.notice(),
                Some(Notice::Online(OnlineNotice::Unreadable { .. }))
            ),
            "{bad}"
        );
        assert_eq!(p.play().game(), &before, "{bad}");
    }
    // Moves that cannot be played (a square taken) change nothing either.
    p.apply(state(game_json("ab12", "playing", "f5f5", Some("black"))));
    assert_eq!(p.play().game(), &before);
}

#[test]
fn undo_redo_and_the_hint_are_refused_while_the_game_is_played() {
    let mut p = seated();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    p.apply(state(game_json("ab12", "playing", "f5d6", Some("black"))));
    for action in [
        Action::Game(GameAction::Undo),
        Action::Hint,
        Action::Prefs(crate::session::PrefAction::Analyse(true)),
    ] {
        p.apply(action);
        assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NotOnline)));
        assert_eq!(p.play().game().transcript(), "f5d6");
    }
    assert!(!p.prefs().analyse());
}

#[test]
fn a_new_game_leaves_the_online_one_which_stays_a_game_of_ones_own() {
    let mut p = seated();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    p.apply(Action::NewGame(Settings::default()));
    assert!(p.online().link().is_none());
    assert!(p.net.contains(&NetCommand::Close));
    assert_eq!(p.net.last(), Some(&NetCommand::Address(None)));
    assert!(p.replaced().iter().any(|k| k.game.transcript() == "f5"));
}

#[test]
fn a_watcher_follows_the_game_and_may_not_move() {
    let mut p = page();
    open(&mut p, "ab12", None);
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Fetch { ask: NetAsk::Look { .. }, method: Method::Get, path, .. }) if path == "/api/games/ab12"
    ));
    looked(
        &mut p,
        "ab12",
        Ok((
            200,
            game_json("ab12", "playing", "f5d6", Some("black")).to_string(),
        )),
    );
    assert_eq!(p.play().game().transcript(), "f5d6");
    assert!(p.net.contains(&NetCommand::Connect {
        gen: 1,
        path: "/api/games/ab12/live".into(),
        delay_ms: 0
    }));
    assert!(p
        .net
        .contains(&NetCommand::Address(Some(("ab12".into(), true)))));
    p.apply(socket(1, SocketEvent::Opened));
    p.apply(Action::Game(GameAction::Square(sq("c3"))));
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::Watching)));
    assert_eq!(p.play().game().transcript(), "f5d6");
    // The past may be stepped through and lines tried there: a variation, never the game.
    p.apply(Action::Game(GameAction::Browse(Some(1))));
    p.apply(Action::Game(GameAction::Square(sq("f6"))));
    assert_eq!(p.play().game().transcript(), "f5d6");
    // Undo would show a past position as the live one: refused, as for a seat.
    p.apply(Action::Game(GameAction::Browse(None)));
    p.apply(Action::Game(GameAction::Undo));
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NotOnline)));
    assert_eq!(p.play().game().transcript(), "f5d6");
}

#[test]
fn a_server_state_with_an_illegal_move_is_applied_not_at_all() {
    let mut p = seated();
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    for moves in ["f5d6a1", "f5d6c3c3"] {
        p.apply(state(game_json("ab12", "playing", moves, Some("white"))));
        assert_eq!(
            p.play().game().transcript(),
            "f5",
            "{moves}: the board as it was"
        );
        assert!(matches!(
            p.notice(),
            Some(Notice::Online(OnlineNotice::Unreadable { .. }))
        ));
    }
    p.apply(state(game_json("ab12", "playing", "f5d6", Some("black"))));
    assert_eq!(p.play().game().transcript(), "f5d6");
}
