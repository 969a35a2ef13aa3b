//! The arena and bots on loopback: two engine bots play a full match; clients that answer late, with an
//! illegal move, a wrong key, malformed JSON, string coordinates, or that disconnect lose their games, and the
//! arena goes on serving.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi_engine::{Bitboard, Board, Game};
use reversi_tools::arena::Arena;
use reversi_tools::bot::{run, BotConfig};
use serde_json::Value;
use tungstenite::Message;

fn http(addr: &str, method: &str, path: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: 0\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_string();
    (status, body)
}

fn start_arena() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let arena = Arena::new("http://127.0.0.1:8080/");
    std::thread::spawn(move || arena.serve(listener));
    addr
}

fn start_bot(addr: &str, name: &str) {
    let config = BotConfig {
        url: format!("ws://{addr}/ws"),
        name: name.to_string(),
        level: 2,
        move_time_ms: 300,
        swap_xy: false,
    };
    std::thread::spawn(move || run(config, Arc::new(AtomicBool::new(false))));
}

/// Starts the match (retrying while the bots are still connecting) and waits for its result.
fn play_match(addr: &str, first: &str, back: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let (status, body) = http(addr, "POST", &format!("/play/{first}/{back}"));
        if status == 202 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "match never started: {status} {body}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    loop {
        let (status, body) = http(addr, "GET", &format!("/play/{first}/{back}"));
        assert_eq!(status, 200, "{body}");
        let value: Value = serde_json::from_str(&body).unwrap();
        if value["status"] == "done" {
            return value;
        }
        assert!(Instant::now() < deadline, "match never finished");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn two_bots_play_a_full_match() {
    let addr = start_arena();
    start_bot(&addr, "alpha");
    start_bot(&addr, "beta");
    let result = play_match(&addr, "alpha", "beta");
    let games = result["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["black"], "alpha");
    assert_eq!(games[1]["black"], "beta");
    for g in games {
        assert_eq!(g["reason"], "game over", "{g}");
        let game = Game::from_transcript(g["transcript"].as_str().unwrap()).unwrap();
        assert!(game.is_over());
        assert_eq!(
            game.counts().black as u64,
            g["black_discs"].as_u64().unwrap()
        );
    }
    let points =
        result["points"]["first"].as_f64().unwrap() + result["points"]["back"].as_f64().unwrap();
    assert_eq!(points, 2.0);
    let (status, page) = http(&addr, "GET", "/page/show?first=alpha&back=beta");
    assert_eq!(status, 200);
    assert!(page.contains("http://127.0.0.1:8080/#t="), "{page}");
}

/// A client that misbehaves in one way whenever it must move.
fn bad_client(addr: &str, name: &str, behaviour: &'static str) {
    let (mut socket, _) = tungstenite::connect(format!("ws://{addr}/ws?name={name}")).unwrap();
    std::thread::spawn(move || loop {
        let Ok(message) = socket.read() else { return };
        let Message::Text(text) = message else {
            continue;
        };
        let action: Value = serde_json::from_str(text.as_str()).unwrap();
        let key = action["key"].as_str().unwrap().to_string();
        let reply = match behaviour {
            "late" => {
                std::thread::sleep(Duration::from_millis(3300));
                serde_json::json!({"key": key, "point": {"x": 2, "y": 3}}).to_string()
            }
            "illegal" => serde_json::json!({"key": key, "point": {"x": 0, "y": 0}}).to_string(),
            "wrong-key" => {
                serde_json::json!({"key": "nope", "point": {"x": 2, "y": 3}}).to_string()
            }
            "malformed" => "{\"key\":".to_string(),
            "strings" => serde_json::json!({"key": key, "point": {"x": "2", "y": "3"}}).to_string(),
            "disconnect" => return,
            _ => unreachable!(),
        };
        if socket.send(Message::text(reply)).is_err() {
            return;
        }
    });
}

#[test]
fn misbehaving_clients_lose_and_the_arena_keeps_serving() {
    let addr = start_arena();
    start_bot(&addr, "good");
    for behaviour in [
        "illegal",
        "wrong-key",
        "malformed",
        "strings",
        "disconnect",
        "late",
    ] {
        let name = format!("bad-{behaviour}");
        bad_client(&addr, &name, behaviour);
        let result = play_match(&addr, "good", &name);
        assert_eq!(result["points"]["first"], 2.0, "{behaviour}: {result}");
        assert_eq!(result["winner"], "good", "{behaviour}");
        for g in result["games"].as_array().unwrap() {
            assert!(
                g["reason"].as_str().unwrap().starts_with(&name),
                "{behaviour}: {g}"
            );
        }
    }
    // Garbage on the HTTP side does not stop it either.
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.write_all(b"\x00\x01garbage\r\n\r\n").unwrap();
    drop(stream);
    assert_eq!(http(&addr, "GET", "/nothing").0, 404);
    assert_eq!(http(&addr, "POST", "/play/good/nobody").0, 404);
    let result = play_match(&addr, "good", "bad-illegal");
    assert_eq!(result["points"]["first"], 2.0);
}

/// A client that answers its first request late and every later one at once with a legal move.
fn late_once_client(addr: &str, name: &str) {
    let (mut socket, _) = tungstenite::connect(format!("ws://{addr}/ws?name={name}")).unwrap();
    std::thread::spawn(move || {
        let mut first = true;
        loop {
            let Ok(message) = socket.read() else { return };
            let Message::Text(text) = message else {
                continue;
            };
            let action: Value = serde_json::from_str(text.as_str()).unwrap();
            let key = action["key"].as_str().unwrap().to_string();
            // board[row][column], 1 black, -1 white; the answer's x is the row and y the column.
            let mut black = 0u64;
            let mut white = 0u64;
            for (row, cells) in action["board"].as_array().unwrap().iter().enumerate() {
                for (column, cell) in cells.as_array().unwrap().iter().enumerate() {
                    let bit = 1u64 << (row * 8 + column);
                    match cell.as_i64().unwrap() {
                        1 => black |= bit,
                        -1 => white |= bit,
                        _ => {}
                    }
                }
            }
            let (me, them) = if action["color"] == 1 {
                (black, white)
            } else {
                (white, black)
            };
            let board = Board::new(Bitboard(me), Bitboard(them));
            let square = board.moves().iter().next().expect("asked only with a move");
            if first {
                first = false;
                std::thread::sleep(Duration::from_millis(3300));
            }
            let reply =
                serde_json::json!({"key": key, "point": {"x": square.row(), "y": square.column()}});
            if socket.send(Message::text(reply.to_string())).is_err() {
                return;
            }
        }
    });
}

#[test]
fn one_late_answer_loses_one_game_only() {
    let addr = start_arena();
    start_bot(&addr, "steady");
    late_once_client(&addr, "slow-once");
    let result = play_match(&addr, "steady", "slow-once");
    let games = result["games"].as_array().unwrap();
    assert!(
        games[0]["reason"].as_str().unwrap().contains("too late"),
        "{result}"
    );
    // The late answer of game 1 reaches the arena during game 2 and is dropped, not taken for an answer.
    assert_eq!(games[1]["reason"], "game over", "{result}");
}

#[test]
fn a_connected_name_cannot_be_taken_over_and_the_handshake_is_checked() {
    let addr = start_arena();
    let (_first, _) = tungstenite::connect(format!("ws://{addr}/ws?name=owner")).unwrap();
    let second = tungstenite::connect(format!("ws://{addr}/ws?name=owner"));
    match second {
        Err(tungstenite::Error::Http(response)) => assert_eq!(response.status(), 409),
        other => panic!("a second 'owner' was accepted: {:?}", other.map(|_| ())),
    }
    // A request without the Upgrade header is not a WebSocket handshake.
    let mut stream = TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "GET /ws?name=sneaky HTTP/1.1\r\nHost: {addr}\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    assert!(response.starts_with("HTTP/1.1 400"), "{response}");
    // Once the owner has gone, its name is free again.
    drop(_first);
    std::thread::sleep(Duration::from_millis(200));
    assert!(tungstenite::connect(format!("ws://{addr}/ws?name=owner")).is_ok());
}

/// A bounded soak: 14 engine bots and 2 misbehaving clients, 50 matches started at once. Every match ends
/// with a result whose points add up to 2, each misbehaving client loses both its games, and the arena
/// still answers afterwards.
#[test]
fn soak_fifty_matches_with_sixteen_clients() {
    let started = Instant::now();
    let addr = start_arena();
    let mut names: Vec<String> = (0..14).map(|i| format!("engine{i}")).collect();
    for name in &names {
        start_bot(&addr, name);
    }
    for (name, behaviour) in [
        ("rogue-illegal", "illegal"),
        ("rogue-malformed", "malformed"),
    ] {
        bad_client(&addr, name, behaviour);
        names.push(name.to_string());
    }
    // 50 distinct pairs: each client against the next ones round the table.
    let n = names.len();
    let pairs: Vec<(usize, usize)> = (1..n)
        .flat_map(|gap| (0..n).map(move |a| (a, (a + gap) % n)))
        .take(50)
        .collect();
    let deadline = Instant::now() + Duration::from_secs(240);
    for &(a, b) in &pairs {
        loop {
            let (status, body) = http(&addr, "POST", &format!("/play/{}/{}", names[a], names[b]));
            if status == 202 {
                break;
            }
            assert!(
                Instant::now() < deadline,
                "match never started: {status} {body}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    let mut games = 0;
    for &(a, b) in &pairs {
        let (first, back) = (&names[a], &names[b]);
        let result = loop {
            let (status, body) = http(&addr, "GET", &format!("/play/{first}/{back}"));
            assert_eq!(status, 200, "{body}");
            let value: Value = serde_json::from_str(&body).unwrap();
            if value["status"] == "done" {
                break value;
            }
            assert!(
                Instant::now() < deadline,
                "{first} vs {back} never finished"
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        let points = result["points"]["first"].as_f64().unwrap()
            + result["points"]["back"].as_f64().unwrap();
        assert_eq!(points, 2.0, "{result}");
        for (name, points) in [
            (first, &result["points"]["first"]),
            (back, &result["points"]["back"]),
        ] {
            // Against an engine bot a misbehaving client loses both games (two of them split).
            if name.starts_with("rogue")
                && !(first.starts_with("rogue") && back.starts_with("rogue"))
            {
                assert_eq!(points.as_f64(), Some(0.0), "{name} lost both: {result}");
            }
        }
        games += result["games"].as_array().unwrap().len();
    }
    assert_eq!(games, 100);
    assert_eq!(
        http(&addr, "GET", "/nothing").0,
        404,
        "the arena still serves"
    );
    eprintln!(
        "soak: 50 matches, {games} games, 16 clients in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
