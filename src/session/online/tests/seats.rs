//! Seats online: an invitation claimed or used, a link to no game, a reload, a rematch, the clock, the
//! server found, the opponent's presence, the pace of a quick reply, a token that holds no seat.

use super::*;

#[test]
fn an_invitation_claims_the_seat_and_a_used_one_watches_instead() {
    let mut p = page();
    let open = |invite: &str| {
        Action::Online(OnlineAction::Open {
            id: "ab12".into(),
            token: None,
            invite: Some(invite.into()),
            name: "bob".into(),
            watch: false,
        })
    };
    p.apply(open("c0de"));
    let Some(NetCommand::Fetch {
        ask: NetAsk::Join { id },
        body: Some(body),
        ..
    }) = p.net.last().cloned()
    else {
        panic!("no join")
    };
    assert_eq!(id, "ab12");
    assert!(body.contains("\"invite\":\"c0de\"") && body.contains("\"name\":\"bob\""));
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Join { id: "ab12".into() },
        reply: Ok((
            403,
            r#"{"error":"bad_invite","message":"the invitation is wrong or its seat is taken"}"#
                .into(),
        )),
    }));
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::InviteTaken)));
    assert!(p.online().link().unwrap().watching());
    // The game then shown to watch: the word stays, not cleared as the game loads.
    looked(
        &mut p,
        "ab12",
        Ok((
            200,
            game_json("ab12", "playing", "d3", Some("white")).to_string(),
        )),
    );
    assert_eq!(p.play().game().transcript(), "d3");
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::InviteTaken)));
    // A good one: the seat, its token kept.
    p.apply(open("c0de"));
    let answer = seated_json(
        "white",
        "wt0k",
        None,
        game_json("ab12", "playing", "", Some("black")),
    );
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Join { id: "ab12".into() },
        reply: Ok((200, answer.to_string())),
    }));
    let link = p.online().link().unwrap();
    assert_eq!(link.seat(), Some(Color::White));
    assert!(!link.watching());
    assert!(p.net.contains(&NetCommand::RememberSeat {
        id: "ab12".into(),
        token: "wt0k".into(),
        invite: None,
    }));
}

#[test]
fn a_link_to_a_game_not_on_the_server_is_told() {
    let mut p = page();
    open(&mut p, "ffff", Some("x"));
    looked(
        &mut p,
        "ffff",
        Ok((
            404,
            r#"{"error":"not_found","message":"no such game"}"#.into(),
        )),
    );
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NoSuchGame)));
    assert!(p.online().link().is_none());
    assert_eq!(
        p.play().game().transcript(),
        "f5",
        "the game on the board stays"
    );
    // A link that is not an id at all.
    open(&mut p, "../api", None);
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NoSuchGame)));
}

#[test]
fn a_reload_returns_to_the_seat_without_putting_the_game_aside() {
    // The autosave restored the online game (two people, no clock, f5d6); the address names it, the token
    // is kept here.
    let mut p = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        clock: None,
        ..Settings::default()
    });
    p.apply(Action::Game(GameAction::Square(sq("f5"))));
    p.apply(Action::Game(GameAction::Square(sq("d6"))));
    open(&mut p, "ab12", Some("t0k3n"));
    looked(
        &mut p,
        "ab12",
        Ok((
            200,
            game_json("ab12", "playing", "f5d6c3", Some("white")).to_string(),
        )),
    );
    assert!(p.replaced().is_empty(), "{:?}", p.replaced());
    assert_eq!(p.play().game().transcript(), "f5d6c3");
    assert!(p.net.contains(&NetCommand::Connect {
        gen: 1,
        path: "/api/games/ab12/live".into(),
        delay_ms: 0
    }));
    // The server down at the reload: the socket is tried until it answers.
    let mut p = page();
    open(&mut p, "ab12", Some("t0k3n"));
    looked(&mut p, "ab12", Err("Failed to fetch".into()));
    assert!(matches!(
        p.net.last(),
        Some(NetCommand::Connect { delay_ms: 500, .. })
    ));
    // It answers: the game takes the board, the game before (f5, not this one's) kept aside.
    let gen = match p.net.last() {
        Some(NetCommand::Connect { gen, .. }) => *gen,
        _ => unreachable!(),
    };
    p.apply(socket(gen, SocketEvent::Opened));
    p.apply(socket_text(
        gen,
        json!({"type": "state", "game": game_json("ab12", "playing", "d3c3", Some("black"))})
            .to_string(),
    ));
    assert_eq!(p.play().game().transcript(), "d3c3");
    assert!(p.replaced().iter().any(|k| k.game.transcript() == "f5"));
}

#[test]
fn a_rematch_agreed_takes_the_board_on_the_same_token() {
    let mut p = seated();
    let mut over = game_json("ab12", "finished", "f5d6", None);
    over["result"] = json!({"winner": "white", "reason": "resign", "detail": null, "black": 3, "white": 3, "at_ms": 5});
    p.apply(state(over.clone()));
    let result = p.online().link().unwrap().game().unwrap().result.clone();
    assert_eq!(result.unwrap().reason, Reason::Resign);
    // The undo is the person's again once the game is over.
    assert!(!p.online().seated_in_play());
    over["rematch"] = json!("cd34");
    p.apply(state(over));
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
    assert_eq!(p.online().link().unwrap().id(), "cd34");
    assert!(p.net.contains(&NetCommand::Connect {
        gen: 1,
        path: "/api/games/cd34/live".into(),
        delay_ms: 0
    }));
    assert_eq!(p.play().game().move_count(), 0);
    assert!(
        p.replaced().iter().any(|k| k.game.transcript() == "f5d6"),
        "the finished game, aside"
    );
}

#[test]
fn the_clock_of_the_side_to_move_runs_from_the_servers_last_word() {
    let mut p = seated();
    p.apply_at(
        1000.0,
        state(game_json("ab12", "playing", "", Some("black"))),
    );
    p.apply_at(4000.0, Action::Tick(4000.0));
    let clock = p.clock_shown().unwrap();
    assert_eq!(clock.remaining_ms(), [57_000.0, 50_000.0]);
    assert_eq!(clock.increment_s(), 2);
    assert!(p.clock_running());
}

#[test]
fn creating_needs_the_server() {
    let mut p = Program::default();
    p.apply(Action::Online(OnlineAction::Probe));
    p.apply(Action::Online(OnlineAction::Fetched {
        ask: NetAsk::Probe,
        // A static host: its page, without the server's header.
        reply: Ok((200, String::new())),
    }));
    assert_eq!(p.online().server(), Server::Absent);
    p.apply(Action::Online(OnlineAction::Create(NewOnline {
        name: String::new(),
        color: None,
        clock: None,
        opponent: None,
    })));
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NoServer)));
}

#[test]
fn the_creator_reloading_while_the_friend_is_awaited_sees_the_invitation_again() {
    let mut p = page();
    p.apply(Action::Online(OnlineAction::Open {
        id: "ab12".into(),
        token: Some("t0k3n".into()),
        invite: Some("c0de".into()),
        name: String::new(),
        watch: false,
    }));
    looked(
        &mut p,
        "ab12",
        Ok((200, game_json("ab12", "waiting", "", None).to_string())),
    );
    assert_eq!(p.online().link().unwrap().invite(), Some("c0de"));
    // Without a seat, an invitation is claimed, never shown.
    let mut q = page();
    q.apply(Action::Online(OnlineAction::Open {
        id: "ab12".into(),
        token: None,
        invite: Some("c0de".into()),
        name: String::new(),
        watch: false,
    }));
    assert!(q.online().link().is_none(), "joining first");
}

#[test]
fn an_opponent_away_is_reconnecting_then_after_a_while_has_left_and_back_is_connected() {
    use super::presence::{Presence, LEFT_AFTER_MS};
    let mut p = seated();
    let mut away = game_json("ab12", "playing", "", Some("black"));
    away["white"]["connected"] = json!(false);
    p.apply_at(1000.0, state(away.clone()));
    let link = p.online().link().unwrap();
    assert_eq!(
        link.presence(Color::White, 1000.0),
        Some(Presence::Reconnecting)
    );
    assert_eq!(
        link.presence(Color::Black, 1000.0),
        Some(Presence::Connected)
    );
    assert_eq!(p.wake_at(), Some(1000.0 + LEFT_AFTER_MS));
    // A later word of the server while still away keeps the first time seen away.
    p.apply_at(20_000.0, state(away));
    assert_eq!(p.wake_at(), Some(1000.0 + LEFT_AFTER_MS));
    p.apply_at(31_000.0, Action::Tick(31_000.0));
    assert_eq!(p.wake_at(), None, "said: nothing more to wake for");
    let now = p.online().now();
    assert_eq!(
        p.online().link().unwrap().presence(Color::White, now),
        Some(Presence::Left)
    );
    // Back.
    p.apply_at(
        40_000.0,
        state(game_json("ab12", "playing", "", Some("black"))),
    );
    assert_eq!(
        p.online().link().unwrap().presence(Color::White, 40_000.0),
        Some(Presence::Connected)
    );
    assert_eq!(p.wake_at(), None);
}

#[test]
fn the_online_screen_shows_once_the_page_is_found_served() {
    use crate::session::screen::Screen;
    let mut p = Program::new(Settings::default());
    // Chosen (from the address, say) before the server answered: the play screen until it does.
    p.apply(Action::Screen(Screen::Online));
    assert_eq!(p.screen(), Screen::Play);
    let mut p = page();
    p.apply(Action::Screen(Screen::Online));
    assert_eq!(p.screen(), Screen::Online);
    // A game made there (a bot's, a friend's) is played on the play screen.
    p.apply(Action::Online(OnlineAction::Create(NewOnline {
        name: "ann".into(),
        color: Some(Color::Black),
        clock: None,
        opponent: Some("house-4".into()),
    })));
    assert_eq!(p.screen(), Screen::Play);
}

#[test]
fn an_opponents_quick_reply_lands_no_sooner_than_the_pace_after_ones_move() {
    let mut p = seated();
    p.apply_at(10_000.0, Action::Game(GameAction::Square(sq("f5"))));
    // The echo and the bot's reply 40 ms later: the reply is held, the page woken when it is due.
    p.apply_at(
        10_020.0,
        state(game_json("ab12", "playing", "f5", Some("white"))),
    );
    p.apply_at(
        10_040.0,
        state(game_json("ab12", "playing", "f5d6", Some("black"))),
    );
    assert_eq!(p.play().game().transcript(), "f5");
    assert_eq!(p.wake_at(), Some(10_000.0 + crate::session::MIN_REPLY_MS));
    p.apply_at(10_399.0, Action::Tick(10_399.0));
    assert_eq!(p.play().game().transcript(), "f5");
    p.apply_at(10_400.0, Action::Tick(10_400.0));
    assert_eq!(p.play().game().transcript(), "f5d6");
    // A reply that comes later than the pace is played in at once.
    p.apply_at(20_000.0, Action::Game(GameAction::Square(sq("c3"))));
    p.apply_at(
        20_500.0,
        state(game_json("ab12", "playing", "f5d6c3d3", Some("black"))),
    );
    assert_eq!(p.play().game().transcript(), "f5d6c3d3");
    // Held, then the game left: the moves held are dropped, the board is the new game's.
    p.apply_at(30_000.0, Action::Game(GameAction::Square(sq("c4"))));
    p.apply_at(
        30_050.0,
        state(game_json("ab12", "playing", "f5d6c3d3c4f4", Some("black"))),
    );
    p.apply_at(30_100.0, Action::NewGame(Settings::default()));
    p.apply_at(30_500.0, Action::Tick(30_500.0));
    assert_eq!(p.play().game().move_count(), 0);
}

#[test]
fn a_token_that_holds_no_seat_watches_the_game_and_says_so_instead_of_reconnecting_for_ever() {
    let mut p = page();
    open(&mut p, "ab12", Some("t0k3X"));
    looked(
        &mut p,
        "ab12",
        Ok((
            200,
            game_json("ab12", "playing", "f5", Some("white")).to_string(),
        )),
    );
    assert!(p.net.contains(&NetCommand::Connect {
        gen: 1,
        path: "/api/games/ab12/live".into(),
        delay_ms: 0
    }));
    // The server refuses the token and closes the socket: told once, and the next socket has no token.
    p.apply(socket(1, SocketEvent::Opened));
    p.apply(socket_text(
        1,
        json!({"type": "error", "error": "not_a_seat", "message": "this token holds no seat of this game"})
            .to_string(),
    ));
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NotASeat)));
    p.apply(socket(1, SocketEvent::Closed));
    let Some(NetCommand::Connect { path, .. }) = p.net.last().cloned() else {
        panic!("no reconnection: {:?}", p.net.last())
    };
    assert_eq!(path, "/api/games/ab12/live");
    assert!(p.online().link().unwrap().watching());
}

#[test]
fn a_players_link_with_no_seat_kept_here_is_watched_and_said_so_a_watch_link_says_nothing() {
    let open = |watch: bool| {
        Action::Online(OnlineAction::Open {
            id: "ab12".into(),
            token: None,
            invite: None,
            name: String::new(),
            watch,
        })
    };
    let game = || {
        Ok((
            200,
            game_json("ab12", "playing", "d3", Some("white")).to_string(),
        ))
    };
    let mut p = page();
    p.apply(open(false));
    looked(&mut p, "ab12", game());
    assert!(p.online().link().unwrap().watching());
    assert_eq!(p.notice(), Some(&Notice::Online(OnlineNotice::NotASeat)));
    let mut q = page();
    q.apply(open(true));
    looked(&mut q, "ab12", game());
    assert!(q.online().link().unwrap().watching());
    assert_eq!(q.notice(), None);
}
