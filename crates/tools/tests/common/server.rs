//! What the server's tests share: `reversi serve` started as a child process on a free port and a temporary
//! database (killed with SIGKILL when dropped, as a crash would), a small HTTP client, sockets, and bots.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use reversi_engine::{Bitboard, Board, Game, Square};
use serde_json::{json, Value};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

pub type Socket = WebSocket<MaybeTlsStream<TcpStream>>;

/// A temporary folder, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let path =
            std::env::temp_dir().join(format!("reversi-{tag}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A running `reversi serve`.
pub struct Server {
    child: Child,
    pub addr: String,
}

impl Server {
    /// Starts the server on `db` with extra arguments.
    pub fn start(db: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
            .args(["serve", "--listen", "127.0.0.1:0", "--db"])
            .arg(db)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("reversi serve starts");
        let mut stdout = child.stdout.take().unwrap();
        let mut line = Vec::new();
        let mut byte = [0u8];
        while stdout.read(&mut byte).unwrap() == 1 && byte[0] != b'\n' {
            line.push(byte[0]);
        }
        let line = String::from_utf8(line).unwrap();
        let addr = line
            .strip_prefix("listening on http://")
            .unwrap_or_else(|| panic!("the server said {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// SIGTERM, as a service manager stops it; waits for the process to end.
    pub fn terminate(mut self) -> std::process::ExitStatus {
        let pid = libc::pid_t::try_from(self.child.id()).unwrap();
        // SAFETY: a signal to our own child, which has not been waited for (its pid is still its own).
        assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
        self.child.wait().unwrap()
    }

    /// SIGKILL, as a crash.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }

    /// An HTTP request with an optional bearer token and body: the status and the JSON answer.
    pub fn http(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let (status, text) =
            self.http_raw(method, path, token, body.map(|b| b.to_string()).as_deref());
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub fn get(&self, path: &str) -> Value {
        let (status, body) = self.http("GET", path, None, None);
        assert_eq!(status, 200, "GET {path}: {body}");
        body
    }

    pub fn post(&self, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
        self.http("POST", path, token, Some(&body))
    }

    pub fn http_raw(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&str>,
    ) -> (u16, String) {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth
            .as_deref()
            .map(|a| ("Authorization", a))
            .into_iter()
            .collect();
        let (status, _, body) = self.exchange(method, path, &headers, body.unwrap_or(""));
        (status, body)
    }

    /// One request over a fresh connection: the status, the response's headers (lower-cased names) and its
    /// body as text.
    fn exchange(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &str,
    ) -> (u16, Vec<(String, String)>, String) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        let extra: String = headers
            .iter()
            .map(|(name, value)| format!("{name}: {value}\r\n"))
            .collect();
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        )
        .unwrap();
        let mut response = Vec::new();
        let _ = stream.read_to_end(&mut response);
        let response = String::from_utf8_lossy(&response).to_string();
        let status = response[9..12].parse().unwrap();
        let (head, body) = response.split_once("\r\n\r\n").unwrap_or((&response, ""));
        let headers = head
            .lines()
            .skip(1)
            .filter_map(|line| line.split_once(':'))
            .map(|(n, v)| (n.trim().to_lowercase(), v.trim().to_string()))
            .collect();
        (status, headers, body.to_string())
    }

    /// An HTTP request with any headers: the status, the response's headers (lower-cased names) and its JSON
    /// body (`Null` when none).
    pub fn request(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: Option<&Value>,
    ) -> (u16, Vec<(String, String)>, Value) {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let (status, headers, text) = self.exchange(method, path, headers, &body);
        (
            status,
            headers,
            serde_json::from_str(&text).unwrap_or(Value::Null),
        )
    }

    /// A game between two people: created by black, joined by white; (id, black's token, white's token).
    pub fn human_game(&self, clock: Option<(f64, f64)>) -> (String, String, String) {
        let clock = clock.map(
            |(initial_s, increment_s)| json!({"initial_s": initial_s, "increment_s": increment_s}),
        );
        let (status, created) = self.post(
            "/api/games",
            None,
            json!({"name": "ann", "color": "black", "clock": clock}),
        );
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["game"]["status"], "waiting");
        let id = created["id"].as_str().unwrap().to_string();
        let (status, joined) = self.post(
            &format!("/api/games/{id}/join"),
            None,
            json!({"invite": created["invite"], "name": "bob"}),
        );
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["seat"], "white");
        (
            id,
            created["token"].as_str().unwrap().to_string(),
            joined["token"].as_str().unwrap().to_string(),
        )
    }

    /// The page's socket on a game (a seat's with a token, a watcher's without).
    /// The seat says itself in its first message, as the page does (a watcher says it watches): the token
    /// never travels in the address.
    pub fn live(&self, id: &str, token: Option<&str>) -> Socket {
        let (mut socket, _) =
            tungstenite::connect(format!("ws://{}/api/games/{id}/live", self.addr)).unwrap();
        let first = match token {
            Some(token) => json!({"type": "seat", "token": token}),
            None => json!({"type": "watch"}),
        };
        socket.send(Message::text(first.to_string())).unwrap();
        socket
    }

    /// Polls `path` until `done` holds of its answer (at most `seconds`).
    pub fn wait_for(&self, path: &str, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            let value = self.get(path);
            if done(&value) {
                return value;
            }
            assert!(Instant::now() < deadline, "{path} never got there: {value}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The next text message on a socket as JSON, within `seconds`.
pub fn next(socket: &mut Socket, seconds: u64) -> Value {
    if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
        stream
            .set_read_timeout(Some(Duration::from_secs(seconds)))
            .unwrap();
    }
    loop {
        match socket.read().expect("a message") {
            Message::Text(text) => return serde_json::from_str(text.as_str()).unwrap(),
            Message::Close(_) => panic!("closed"),
            _ => continue,
        }
    }
}

/// Reads a socket until its close frame; the frame's code (`None`: closed without one, or nothing within
/// `seconds`).
pub fn close_code(socket: &mut Socket, seconds: u64) -> Option<u16> {
    if let MaybeTlsStream::Plain(stream) = socket.get_mut() {
        stream
            .set_read_timeout(Some(Duration::from_secs(seconds)))
            .unwrap();
    }
    loop {
        match socket.read() {
            Ok(Message::Close(frame)) => return frame.map(|f| u16::from(f.code)),
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// Reads states until one satisfies `done`; returns it.
pub fn state_where(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let message = next(socket, 10);
        if message["type"] == "state" && done(&message["game"]) {
            return message["game"].clone();
        }
    }
}

pub fn send(socket: &mut Socket, value: Value) {
    socket.send(Message::text(value.to_string())).unwrap();
}

/// A bot written from the match server's message format alone: it reads `board[x][y]` (1 black, -1 white),
/// finds the legal moves of `color` and answers the first one, `{"key", "point": {"x": row, "y": column}}`.
/// `late_first` makes its first answer 3.3 s late; `behaviour` other than "good" misbehaves on every ACTION.
pub fn seed_bot(addr: &str, name: &str, behaviour: &'static str) {
    let (mut socket, _) = tungstenite::connect(format!("ws://{addr}/ws?name={name}")).unwrap();
    std::thread::spawn(move || {
        let mut first = true;
        loop {
            let Ok(message) = socket.read() else { return };
            let Message::Text(text) = message else {
                continue;
            };
            let action: Value = serde_json::from_str(text.as_str()).unwrap();
            assert_eq!(action["type"], "ACTION");
            let key = action["key"].as_str().unwrap().to_string();
            let (mut black, mut white) = (0u64, 0u64);
            for (x, cells) in action["board"].as_array().unwrap().iter().enumerate() {
                for (y, cell) in cells.as_array().unwrap().iter().enumerate() {
                    let bit = 1u64 << (x * 8 + y);
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
            let square: Square = board.moves().iter().next().expect("asked only with a move");
            let point = json!({"x": square.row(), "y": square.column()});
            let reply = match behaviour {
                "good" => json!({"key": key, "point": point}).to_string(),
                "late-once" | "late" => {
                    if first || behaviour == "late" {
                        std::thread::sleep(Duration::from_millis(3300));
                    }
                    json!({"key": key, "point": point}).to_string()
                }
                "illegal" => json!({"key": key, "point": {"x": 0, "y": 0}}).to_string(),
                "wrong-key" => json!({"key": "nope", "point": point}).to_string(),
                "malformed" => "{\"key\":".to_string(),
                "strings" => json!({"key": key, "point": {"x": square.row().to_string(), "y": square.column().to_string()}}).to_string(),
                "disconnect" => return,
                _ => unreachable!(),
            };
            first = false;
            if socket.send(Message::text(reply)).is_err() {
                return;
            }
        }
    });
}

/// Waits until the server lists the bot `name` as connected.
pub fn wait_for_bot(server: &Server, name: &str) {
    server.wait_for("/api/bots", 20, |v| {
        v["bots"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["name"] == name)
    });
}

/// The game of a transcript, checked.
pub fn replay(moves: &str) -> Game {
    Game::from_transcript(moves).expect("a legal transcript")
}
