//! The bot client against a small WebSocket server written here: it connects with its name, answers ACTION
//! messages with legal points inside 3 seconds, ignores garbage, and reconnects after the server drops it.

use std::net::TcpListener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi_tools::bot::{run, BotConfig};
use serde_json::Value;
use tungstenite::handshake::server::{Request, Response};
use tungstenite::Message;

fn start_action(key: &str) -> String {
    let mut board = vec![vec![0i64; 8]; 8];
    board[3][3] = -1;
    board[3][4] = 1;
    board[4][3] = 1;
    board[4][4] = -1;
    serde_json::json!({"type":"ACTION","name":"b","key":key,"board":board,"color":1,"point":{"x":0,"y":0}}).to_string()
}

#[test]
// The handshake callback's signature (and its large error type) is tungstenite's.
#[allow(clippy::result_large_err)]
fn bot_answers_ignores_garbage_and_reconnects() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let config = BotConfig {
        url,
        name: "tester bot".into(),
        level: 4,
        move_time_ms: 1000,
        swap_xy: false,
        token: None,
    };
    let bot = {
        let stop = stop.clone();
        std::thread::spawn(move || run(config, stop))
    };

    for connection in 0..2 {
        let (stream, _) = listener.accept().unwrap();
        let mut path = String::new();
        let mut socket =
            tungstenite::accept_hdr(stream, |request: &Request, response: Response| {
                path = request.uri().to_string();
                Ok(response)
            })
            .unwrap();
        assert_eq!(path, "/ws?name=tester%20bot");
        socket.send(Message::text(r#"{"type":"HELLO"}"#)).unwrap();
        socket.send(Message::text("{ garbage")).unwrap();
        let key = format!("key-{connection}");
        let sent = Instant::now();
        socket.send(Message::text(start_action(&key))).unwrap();
        let reply = loop {
            match socket.read().unwrap() {
                Message::Text(text) => break text.to_string(),
                _ => continue,
            }
        };
        assert!(
            sent.elapsed() < Duration::from_secs(3),
            "answered in {:?}",
            sent.elapsed()
        );
        let reply: Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(reply["key"], key.as_str());
        let point = (
            reply["point"]["x"].as_i64().unwrap(),
            reply["point"]["y"].as_i64().unwrap(),
        );
        assert!([(2, 3), (3, 2), (4, 5), (5, 4)].contains(&point), "{reply}");
        // Drop the connection: the bot must come back.
        drop(socket);
    }
    stop.store(true, Ordering::Relaxed);
    // The bot may be waiting to reconnect; accept once more so it sees the flag, then it ends.
    listener.set_nonblocking(true).unwrap();
    let deadline = Instant::now() + Duration::from_secs(15);
    while !bot.is_finished() && Instant::now() < deadline {
        let _ = listener.accept();
        std::thread::sleep(Duration::from_millis(50));
    }
    assert!(bot.is_finished(), "the bot stops when asked");
}

#[test]
fn a_server_that_accepts_and_stalls_does_not_hold_the_bot_past_its_stop() {
    // Accepts the connection and never answers the handshake.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("ws://{}/ws", listener.local_addr().unwrap());
    let held = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        std::thread::sleep(Duration::from_secs(20));
        drop(stream);
    });
    let stop = Arc::new(AtomicBool::new(false));
    let config = BotConfig {
        url,
        name: "patient".into(),
        level: 1,
        move_time_ms: 100,
        swap_xy: false,
        token: None,
    };
    let (done, finished) = std::sync::mpsc::channel();
    {
        let stop = stop.clone();
        std::thread::spawn(move || {
            run(config, stop);
            done.send(()).unwrap();
        });
    }
    std::thread::sleep(Duration::from_millis(1500));
    let asked = Instant::now();
    stop.store(true, Ordering::Relaxed);
    finished
        .recv_timeout(Duration::from_secs(5))
        .expect("the bot stops while the server stalls its handshake");
    assert!(
        asked.elapsed() < Duration::from_secs(2),
        "{:?}",
        asked.elapsed()
    );
    drop(held);
}
