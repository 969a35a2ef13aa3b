//! `reversi serve` for people, over loopback: a whole game on two sockets with a watcher and a reconnect, a
//! restart (SIGKILL) on the same database in mid-game, a stop (SIGTERM) that closes every socket, a person against
//! a connected bot, and every refusal.
//!
//! One concept, kept in one file: the server as people meet it, each test one of their paths through
//! it over real sockets.

#[path = "common/server.rs"]
mod common;

use std::time::Duration;

use common::{
    close_code, next, replay, seed_bot, send, state_where, wait_for_bot, Server, TempDir,
};
use reversi_engine::{Color, Game, Square};
use serde_json::{json, Value};
use tungstenite::Message;

/// The move the tests' people play: the legal move with the lowest index.
fn first_legal(game: &Game) -> Square {
    game.legal_moves().iter().next().expect("a legal move")
}

#[test]
fn a_whole_game_between_two_people_on_two_sockets_with_a_watcher_and_a_reconnect() {
    let dir = TempDir::new("people");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let (id, black_token, white_token) = server.human_game(Some((600.0, 5.0)));
    let mut black = server.live(&id, Some(&black_token));
    assert_eq!(
        next(&mut black, 5),
        json!({"type": "hello", "seat": "black"})
    );
    let mut white = server.live(&id, Some(&white_token));
    assert_eq!(next(&mut white, 5)["seat"], "white");
    let mut watcher = server.live(&id, None);
    assert_eq!(next(&mut watcher, 5)["seat"], Value::Null);
    let mut game = Game::new();
    let mut reconnected = false;
    while !game.is_over() {
        let ply = game.move_count();
        if ply == 10 && !reconnected {
            // White drops: black sees it; white comes back with its token and finds the game as it is.
            reconnected = true;
            white.close(None).unwrap();
            drop(white);
            state_where(&mut black, |g| g["white"]["connected"] == false);
            white = server.live(&id, Some(&white_token));
            assert_eq!(next(&mut white, 5)["seat"], "white");
            let state = state_where(&mut white, |_| true);
            assert_eq!(state["moves"], game.transcript());
            assert_eq!(state["white"]["connected"], true);
        }
        let square = first_legal(&game);
        let mover = if game.to_move() == Color::Black {
            &mut black
        } else {
            &mut white
        };
        send(
            mover,
            json!({"type": "move", "square": square.to_string(), "ply": ply}),
        );
        let state = state_where(mover, |g| g["ply"] == ply + 1);
        game.play(square).unwrap();
        assert_eq!(state["moves"], game.transcript());
        if !game.is_over() {
            let next_side = if game.to_move() == Color::Black {
                "black"
            } else {
                "white"
            };
            assert_eq!(state["to_move"], next_side);
        }
    }
    let counts = game.counts();
    let finished = state_where(&mut watcher, |g| g["status"] == "finished");
    assert_eq!(finished["moves"], game.transcript());
    assert_eq!(finished["result"]["reason"], "score");
    assert_eq!(finished["result"]["black"], counts.black);
    assert_eq!(finished["result"]["white"], counts.white);
    let winner = match counts.winner() {
        Some(Color::Black) => json!("black"),
        Some(Color::White) => json!("white"),
        None => Value::Null,
    };
    assert_eq!(finished["result"]["winner"], winner);
    // The stable URL keeps it, without any token.
    let stored = server.get(&format!("/api/games/{id}"));
    assert_eq!(stored["moves"], game.transcript());
    assert!(!stored.to_string().contains(&black_token));
    // A watcher may not move.
    send(&mut watcher, json!({"type": "resign"}));
    assert_eq!(next(&mut watcher, 5)["error"], "not_a_seat");
    // Rematch: offered by one, agreed by the other; colours swapped, the same tokens.
    let (status, offered) = server.post(
        &format!("/api/games/{id}/rematch"),
        Some(&black_token),
        json!({}),
    );
    assert_eq!(status, 200, "{offered}");
    assert_eq!(offered["rematch_offer"], "black");
    assert_eq!(offered["rematch"], Value::Null);
    let (_, agreed) = server.post(
        &format!("/api/games/{id}/rematch"),
        Some(&white_token),
        json!({}),
    );
    let rematch = agreed["rematch"].as_str().expect("a rematch").to_string();
    let again = server.get(&format!("/api/games/{rematch}"));
    assert_eq!(again["black"]["name"], "bob");
    assert_eq!(again["status"], "playing");
    let (status, moved) = server.post(
        &format!("/api/games/{rematch}/moves"),
        Some(&white_token),
        json!({"square": "f5"}),
    );
    assert_eq!(status, 200, "bob (white before) moves first now: {moved}");
}

/// `count` moves played over HTTP from the start, each side's with its token (`tokens`: black's, white's),
/// each acknowledged; the game as played.
fn play_over_http(server: &Server, id: &str, tokens: [&str; 2], count: usize) -> Game {
    let mut game = Game::new();
    for _ in 0..count {
        let square = first_legal(&game);
        let token = tokens[usize::from(game.to_move() == Color::White)];
        let (status, state) = server.post(
            &format!("/api/games/{id}/moves"),
            Some(token),
            json!({"square": square.to_string()}),
        );
        assert_eq!(status, 200, "{state}");
        game.play(square).unwrap();
    }
    game
}

#[test]
fn a_restart_on_the_same_database_resumes_the_game_and_loses_no_move() {
    let dir = TempDir::new("restart");
    let db = dir.0.join("s.db");
    let server = Server::start(&db, &[]);
    let (id, black_token, white_token) = server.human_game(Some((300.0, 0.0)));
    let mut game = play_over_http(&server, &id, [&black_token, &white_token], 7);
    let before = server.get(&format!("/api/games/{id}"));
    // A crash right after the last acknowledged move.
    server.kill();
    let server = Server::start(&db, &[]);
    let after = server.get(&format!("/api/games/{id}"));
    assert_eq!(after["moves"], game.transcript());
    assert_eq!(after["status"], "playing");
    assert_eq!(after["to_move"], "white");
    // Black's clock stood still. White's ran while the server was up; the time from the last heartbeat (at
    // most a second) to the restart is given back, so it may show a little more than before the crash.
    assert_eq!(after["black_ms"], before["black_ms"]);
    let white_before = before["white_ms"].as_i64().unwrap();
    let white_after = after["white_ms"].as_i64().unwrap();
    assert!(
        white_after <= 300_000 && (white_before - white_after).abs() < 5_000,
        "{before} {after}"
    );
    // The game goes on, on the socket too.
    let mut white = server.live(&id, Some(&white_token));
    next(&mut white, 5);
    let square = first_legal(&game);
    send(
        &mut white,
        json!({"type": "move", "square": square.to_string(), "ply": 7}),
    );
    let state = state_where(&mut white, |g| g["ply"] == 8);
    game.play(square).unwrap();
    assert_eq!(state["moves"], game.transcript());
}

#[test]
fn a_sigterm_closes_every_socket_with_going_away_and_loses_no_acknowledged_move() {
    let dir = TempDir::new("sigterm");
    let db = dir.0.join("s.db");
    let server = Server::start(&db, &[]);
    let (id, black_token, white_token) = server.human_game(None);
    // A seat's socket, a watcher's, and a bot's.
    let mut black = server.live(&id, Some(&black_token));
    let mut watcher = server.live(&id, None);
    let (mut bot, _) =
        tungstenite::connect(format!("ws://{}/ws?name=closer", server.addr)).unwrap();
    wait_for_bot(&server, "closer");
    assert_eq!(next(&mut black, 5)["seat"], "black");
    assert_eq!(next(&mut watcher, 5)["seat"], Value::Null);
    // Moves acknowledged over HTTP and over the seat's socket.
    let mut game = play_over_http(&server, &id, [&black_token, &white_token], 4);
    let square = first_legal(&game);
    send(
        &mut black,
        json!({"type": "move", "square": square.to_string(), "ply": 4}),
    );
    state_where(&mut black, |g| g["ply"] == 5);
    game.play(square).unwrap();
    let status = server.terminate();
    assert!(status.success(), "a clean exit: {status}");
    for (who, socket) in [
        ("seat", &mut black),
        ("watcher", &mut watcher),
        ("bot", &mut bot),
    ] {
        assert_eq!(close_code(socket, 10), Some(1001), "the {who}'s socket");
    }
    let server = Server::start(&db, &[]);
    let after = server.get(&format!("/api/games/{id}"));
    assert_eq!(after["moves"], game.transcript(), "every acknowledged move");
    assert_eq!(after["status"], "playing");
}

#[test]
fn every_refusal_is_typed_and_changes_nothing() {
    let dir = TempDir::new("refusals");
    let server = Server::start(&dir.0.join("s.db"), &["--max-connections-per-address", "6"]);
    let (id, black_token, white_token) = server.human_game(Some((600.0, 0.0)));
    let moves = format!("/api/games/{id}/moves");
    let refused = |token: Option<&str>, body: Value, status: u16, code: &str| {
        let (got, answer) = server.post(&moves, token, body.clone());
        assert_eq!(
            (got, answer["error"].as_str()),
            (status, Some(code)),
            "{body}: {answer}"
        );
    };
    refused(
        Some(&white_token),
        json!({"square": "f5"}),
        409,
        "not_your_turn",
    );
    refused(
        Some("0123456789abcdef0123456789abcdef"),
        json!({"square": "f5"}),
        403,
        "not_a_seat",
    );
    refused(None, json!({"square": "f5"}), 403, "not_a_seat");
    refused(
        Some(&black_token),
        json!({"square": "a1"}),
        422,
        "illegal_move",
    );
    refused(
        Some(&black_token),
        json!({"square": "z9"}),
        400,
        "bad_request",
    );
    refused(
        Some(&black_token),
        json!({"square": "f5", "ply": 4}),
        409,
        "stale_ply",
    );
    refused(
        Some(&black_token),
        json!({"where": "f5"}),
        400,
        "bad_request",
    );
    assert_eq!(
        server.get(&format!("/api/games/{id}"))["ply"],
        0,
        "nothing changed"
    );
    // Over 64 KB.
    let huge = format!("{{\"square\":\"{}\"}}", "x".repeat(70_000));
    assert_eq!(
        server
            .http_raw("POST", &moves, Some(&black_token), Some(&huge))
            .0,
        413
    );
    // Names.
    for name in ["", "<b>x</b>", &"n".repeat(33)] {
        let (status, answer) = server.post("/api/games", None, json!({"name": name}));
        assert_eq!(
            (status, answer["error"].as_str()),
            (400, Some("bad_name")),
            "{name:?}"
        );
    }
    let (status, _) = server.post("/api/games", None, json!({"clock": {"initial_s": 0}}));
    assert_eq!(status, 400);
    // An invitation claims its seat once.
    let (status, created) = server.post("/api/games", None, json!({"name": "cat"}));
    assert_eq!(status, 201);
    let other = created["id"].as_str().unwrap();
    let join = format!("/api/games/{other}/join");
    let (status, answer) = server.post(&join, None, json!({"invite": "wrong"}));
    assert_eq!(
        (status, answer["error"].as_str()),
        (403, Some("bad_invite"))
    );
    let (status, _) = server.post(&join, None, json!({"invite": created["invite"]}));
    assert_eq!(status, 200);
    let (status, _) = server.post(&join, None, json!({"invite": created["invite"]}));
    assert_eq!(status, 403, "the seat is taken");
    // A move after the game ended.
    let (status, resigned) = server.post(
        &format!("/api/games/{id}/resign"),
        Some(&white_token),
        json!({}),
    );
    assert_eq!(status, 200, "{resigned}");
    assert_eq!(resigned["result"]["winner"], "black");
    refused(
        Some(&black_token),
        json!({"square": "f5"}),
        409,
        "game_over",
    );
    // A flag falls on the server: a one-second clock, nobody moves.
    let (flag_id, flag_black, _) = server.human_game(Some((1.0, 0.0)));
    let flagged = server.wait_for(&format!("/api/games/{flag_id}"), 10, |g| {
        g["status"] == "finished"
    });
    assert_eq!(flagged["result"]["reason"], "time");
    assert_eq!(flagged["result"]["winner"], "white");
    assert_eq!(flagged["black_ms"], 0);
    // A move after the flag fell is refused, and the game stays as it ended.
    let (status, answer) = server.post(
        &format!("/api/games/{flag_id}/moves"),
        Some(&flag_black),
        json!({"square": "f5"}),
    );
    assert_eq!((status, answer["error"].as_str()), (409, Some("game_over")));
    assert_eq!(server.get(&format!("/api/games/{flag_id}"))["moves"], "");
    // The page's socket: another site's page is refused; a malformed message is answered and changes nothing.
    let request = tungstenite::ClientRequestBuilder::new(
        format!("ws://{}/api/games/{id}/live", server.addr)
            .parse()
            .unwrap(),
    )
    .with_header("Origin", "http://evil.example");
    match tungstenite::connect(request) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 403),
        other => panic!("another origin was accepted: {:?}", other.map(|_| ())),
    }
    let (live_id, live_black, _) = server.human_game(None);
    let mut socket = server.live(&live_id, Some(&live_black));
    next(&mut socket, 5);
    next(&mut socket, 5);
    for bad in ["{", r#"{"type":"move","square":"q1"}"#, r#"{"type":"fly"}"#] {
        socket.send(Message::text(bad)).unwrap();
        assert_eq!(next(&mut socket, 5)["error"], "bad_request", "{bad}");
    }
    // The rate limit: a burst of pings gets some refused.
    for _ in 0..60 {
        send(&mut socket, json!({"type": "ping"}));
    }
    let mut limited = 0;
    for _ in 0..60 {
        if next(&mut socket, 5)["error"] == "rate_limited" {
            limited += 1;
        }
    }
    assert!(limited >= 15, "{limited} of 60 refused");
    // A message over 64 KB closes the socket.
    socket.send(Message::text("x".repeat(70_000))).unwrap();
    let closed = (0..10).any(|_| !matches!(socket.read(), Ok(Message::Text(_))));
    assert!(closed, "the socket stayed open");
    assert_eq!(server.get(&format!("/api/games/{live_id}"))["ply"], 0);
    // At most 6 sockets from one address.
    std::thread::sleep(Duration::from_millis(200));
    let sockets: Vec<_> = (0..6).map(|_| server.live(&live_id, None)).collect();
    match tungstenite::connect(format!("ws://{}/api/games/{live_id}/live", server.addr)) {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 429),
        other => panic!("a seventh socket was accepted: {:?}", other.map(|_| ())),
    }
    drop(sockets);
    // Unknown things.
    assert_eq!(server.http("GET", "/api/games/nothing", None, None).0, 404);
    assert_eq!(
        server.http("GET", "/api/tournaments/nothing", None, None).0,
        404
    );
    let (status, answer) = server.post("/api/games", None, json!({"opponent": "nobody"}));
    assert_eq!((status, answer["error"].as_str()), (404, Some("not_found")));
}

#[test]
fn a_person_plays_a_connected_bot_through_the_pages_socket() {
    let dir = TempDir::new("challenge");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    seed_bot(&server.addr, "seedling", "good");
    wait_for_bot(&server, "seedling");
    let (status, created) = server.post(
        "/api/games",
        None,
        json!({"name": "ann", "color": "white", "opponent": "seedling"}),
    );
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["game"]["black"]["kind"], "bot");
    let id = created["id"].as_str().unwrap();
    let mut socket = server.live(id, created["token"].as_str());
    assert_eq!(next(&mut socket, 5)["seat"], "white");
    let mut last = state_where(&mut socket, |_| true);
    loop {
        if last["status"] == "finished" {
            break;
        }
        if last["to_move"] == "white" {
            let game = replay(last["moves"].as_str().unwrap());
            let ply = last["ply"].as_u64().unwrap();
            let square = first_legal(&game);
            send(
                &mut socket,
                json!({"type": "move", "square": square.to_string(), "ply": ply}),
            );
        }
        let ply = last["ply"].clone();
        last = state_where(&mut socket, |g| {
            g["ply"] != ply || g["status"] == "finished"
        });
    }
    let game = replay(last["moves"].as_str().unwrap());
    assert!(game.is_over(), "{last}");
    assert_eq!(last["result"]["reason"], "score");
    // And a house bot, over HTTP.
    let (status, created) = server.post(
        "/api/games",
        None,
        json!({"color": "black", "opponent": "house-1"}),
    );
    assert_eq!(status, 201);
    let id = created["id"].as_str().unwrap();
    let (status, _) = server.post(
        &format!("/api/games/{id}/moves"),
        created["token"].as_str(),
        json!({"square": "f5"}),
    );
    assert_eq!(status, 200);
    let answered = server.wait_for(&format!("/api/games/{id}"), 20, |g| g["ply"] == 2);
    assert!(replay(answered["moves"].as_str().unwrap()).move_count() >= 2);
}

/// The response head of a GET asking for gzip.
fn head_of(server: &Server, path: &str) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(&server.addr).unwrap();
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {}\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n",
        server.addr
    )
    .unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).unwrap();
    let text = String::from_utf8_lossy(&response);
    text.split_once("\r\n\r\n").unwrap().0.to_ascii_lowercase()
}

#[test]
fn the_page_is_served_isolated_and_compressed_once() {
    let dir = TempDir::new("dist");
    let dist = dir.0.join("dist");
    std::fs::create_dir_all(&dist).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>Reversi</title>".repeat(40),
    )
    .unwrap();
    std::fs::write(dist.join("explorer.bin"), vec![7u8; 4096]).unwrap();
    // gzip data already (the expert games' file): the magic bytes and some payload.
    let mut gz = vec![0x1f, 0x8b, 8, 0];
    gz.extend(std::iter::repeat_n(0u8, 4096));
    std::fs::write(dist.join("games.bin"), gz).unwrap();
    let server = Server::start(&dir.0.join("s.db"), &["--dist", dist.to_str().unwrap()]);
    let index = head_of(&server, "/");
    assert!(index.starts_with("http/1.1 200"), "{index}");
    assert!(
        index.contains("cross-origin-opener-policy: same-origin"),
        "{index}"
    );
    assert!(
        index.contains("cross-origin-embedder-policy: require-corp"),
        "{index}"
    );
    assert!(index.contains("content-encoding: gzip"), "{index}");
    // The page finds online play by this header on its own address.
    assert!(index.contains("x-reversi-server: "), "{index}");
    assert!(head_of(&server, "/explorer.bin").contains("content-encoding: gzip"));
    let games = head_of(&server, "/games.bin");
    assert!(
        games.starts_with("http/1.1 200") && !games.contains("content-encoding"),
        "{games}"
    );
    assert!(head_of(&server, "/index.html?lang=zh").starts_with("http/1.1 200"));
    assert!(head_of(&server, "/nothing.js").starts_with("http/1.1 404"));
    // The API beside it.
    assert_eq!(server.get("/api/health")["ok"], true);
}
