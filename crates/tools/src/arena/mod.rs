//! A local arena for the WebSocket match protocol (the server side of [`crate::bot`]): bots connect to
//! `/ws?name=NAME`; `POST /play/:first/:back` starts a two-game match (each side moves first once),
//! `GET /play/:first/:back` returns its result as JSON, `GET /page/show?first=..&back=..` links each game to the
//! web game's replay. Nothing a client sends is trusted: a late answer (over 3 s), a wrong key, a malformed
//! message, coordinates that are not integers on the board, an illegal move or a disconnect loses that game.

use std::collections::HashMap;
use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::protocol::Role;
use tungstenite::{Message, WebSocket};

mod http;

pub use self::http::RequestHead;
use self::http::{html_escape, is_websocket_upgrade, read_head, respond};
use crate::match_protocol::{action, ProtocolError, Reply};
pub use crate::match_protocol::{reply_square, MAX_MESSAGE_BYTES};
use reversi_engine::{Color, Game, Square};

/// Time a bot has to answer.
pub const MOVE_LIMIT: Duration = Duration::from_secs(3);

/// One connected bot: its socket and the keys of requests it answered too late, so that a late answer
/// still in the socket is recognised and dropped instead of being read as the answer to the next request.
struct Connection {
    socket: WebSocket<TcpStream>,
    stale_keys: Vec<String>,
}

/// How many unanswered keys a connection remembers.
const STALE_KEYS: usize = 16;

type Socket = Arc<Mutex<Connection>>;

/// Why a bot lost a game without finishing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// No bot of that name is connected.
    NotConnected,
    /// No answer within [`MOVE_LIMIT`].
    TooLate,
    /// The connection closed or failed (the transport's reason, if any).
    Disconnected(Option<String>),
    /// The answer carried another request's key, or none.
    WrongKey,
    /// The answer was malformed or its move illegal.
    Reply(ProtocolError),
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::NotConnected => write!(f, "not connected"),
            Forfeit::TooLate => write!(f, "too late"),
            Forfeit::Disconnected(None) => write!(f, "disconnected"),
            Forfeit::Disconnected(Some(reason)) => write!(f, "disconnected ({reason})"),
            Forfeit::WrongKey => write!(f, "wrong or missing key"),
            Forfeit::Reply(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for Forfeit {}

/// Whether a bot's connection is still open: a socket in use by a game is; an idle one is open unless its
/// peer has closed it (a read would return end of file).
fn connection_is_open(socket: &Socket) -> bool {
    let Ok(connection) = socket.try_lock() else {
        return true;
    };
    let stream = connection.socket.get_ref();
    if stream.set_nonblocking(true).is_err() {
        return false;
    }
    let mut byte = [0u8; 1];
    let open = match stream.peek(&mut byte) {
        Ok(0) => false,
        Ok(_) => true,
        Err(e) => e.kind() == std::io::ErrorKind::WouldBlock,
    };
    stream.set_nonblocking(false).is_ok() && open
}

/// One finished game.
#[derive(Clone, Debug)]
struct GameRecord {
    black: String,
    white: String,
    transcript: String,
    black_discs: u32,
    white_discs: u32,
    /// `None` for a draw.
    winner: Option<String>,
    reason: String,
}

#[derive(Clone, Debug)]
enum MatchState {
    Running,
    Done(Vec<GameRecord>),
}

/// The arena's state, shared by the connection threads.
pub struct Arena {
    bots: Mutex<HashMap<String, Socket>>,
    matches: Mutex<HashMap<(String, String), MatchState>>,
    web_url: String,
    counter: Mutex<u64>,
}

impl Arena {
    /// An arena whose show page links games to the web game at `web_url` (e.g. `http://127.0.0.1:8080/`).
    pub fn new(web_url: &str) -> Arc<Arena> {
        Arc::new(Arena {
            bots: Mutex::new(HashMap::new()),
            matches: Mutex::new(HashMap::new()),
            web_url: web_url.to_string(),
            counter: Mutex::new(0),
        })
    }

    /// Accepts connections forever, one thread each.
    pub fn serve(self: &Arc<Arena>, listener: TcpListener) {
        for stream in listener.incoming().flatten() {
            let arena = Arc::clone(self);
            std::thread::spawn(move || {
                if let Err(error) = arena.handle(stream) {
                    eprintln!("[arena] {error}");
                }
            });
        }
    }

    fn key(&self) -> String {
        let mut counter = self.counter.lock().expect("counter");
        *counter += 1;
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        let z = nanos ^ counter.wrapping_mul(reversi_engine::internals::GOLDEN_GAMMA);
        format!("{:016x}", reversi_engine::internals::mix(z))
    }

    fn handle(self: &Arc<Arena>, mut stream: TcpStream) -> Result<(), String> {
        stream
            .set_read_timeout(Some(Duration::from_secs(5)))
            .map_err(|e| e.to_string())?;
        let head = RequestHead::parse(&read_head(&mut stream)?);
        let (headers, query) = (&head.headers, &head.query);
        let segments: Vec<&str> = head.segments.iter().map(String::as_str).collect();
        match (head.method.as_str(), segments.as_slice()) {
            ("GET", ["ws"]) => self.upgrade(stream, headers, query.get("name")),
            ("POST", ["play", first, back]) => {
                let (status, body) = self.start_match(first, back);
                respond(&mut stream, status, "application/json", &body)
            }
            ("GET", ["play", first, back]) => {
                let (status, body) = self.result(first, back);
                respond(&mut stream, status, "application/json", &body)
            }
            ("GET", ["page", "show"]) => {
                let first = query.get("first").cloned().unwrap_or_default();
                let back = query.get("back").cloned().unwrap_or_default();
                let body = self.show_page(&first, &back);
                respond(&mut stream, 200, "text/html; charset=utf-8", &body)
            }
            _ => respond(
                &mut stream,
                404,
                "application/json",
                r#"{"error":"not found"}"#,
            ),
        }
    }

    fn upgrade(
        &self,
        mut stream: TcpStream,
        headers: &HashMap<String, String>,
        name: Option<&String>,
    ) -> Result<(), String> {
        let Some(name) = name.filter(|n| !n.is_empty() && n.len() <= 64) else {
            return respond(
                &mut stream,
                400,
                "application/json",
                r#"{"error":"name required"}"#,
            );
        };
        let key = match headers.get("sec-websocket-key") {
            Some(key) if is_websocket_upgrade(headers) => key,
            _ => {
                return respond(
                    &mut stream,
                    400,
                    "application/json",
                    r#"{"error":"not a WebSocket request (Upgrade: websocket, Connection: Upgrade, Sec-WebSocket-Version: 13 and a key are required)"}"#,
                )
            }
        };
        // A name belongs to its first connection while that connection is open: a second client with the
        // same name is refused, not allowed to take over the first one's matches.
        let mut bots = self.bots.lock().expect("bots");
        if bots.get(name).is_some_and(connection_is_open) {
            drop(bots);
            eprintln!("[arena] refused a second connection as \"{name}\"");
            return respond(
                &mut stream,
                409,
                "application/json",
                r#"{"error":"a bot of that name is connected"}"#,
            );
        }
        let accept = tungstenite::handshake::derive_accept_key(key.as_bytes());
        write!(
            stream,
            "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: {accept}\r\n\r\n"
        )
        .map_err(|e| e.to_string())?;
        let config = tungstenite::protocol::WebSocketConfig::default()
            .max_message_size(Some(MAX_MESSAGE_BYTES))
            .max_frame_size(Some(MAX_MESSAGE_BYTES));
        let socket = WebSocket::from_raw_socket(stream, Role::Server, Some(config));
        eprintln!("[arena] bot \"{name}\" connected");
        bots.insert(
            name.clone(),
            Arc::new(Mutex::new(Connection {
                socket,
                stale_keys: Vec::new(),
            })),
        );
        Ok(())
    }

    fn start_match(self: &Arc<Arena>, first: &str, back: &str) -> (u16, String) {
        if first == back {
            return (
                400,
                json!({"error": "a bot cannot play itself"}).to_string(),
            );
        }
        let bots = self.bots.lock().expect("bots");
        for name in [first, back] {
            if !bots.contains_key(name) {
                return (
                    404,
                    json!({"error": format!("no bot named {name} is connected")}).to_string(),
                );
            }
        }
        drop(bots);
        let key = (first.to_string(), back.to_string());
        {
            let mut matches = self.matches.lock().expect("matches");
            if matches!(matches.get(&key), Some(MatchState::Running)) {
                return (
                    409,
                    json!({"error": "this match is already running"}).to_string(),
                );
            }
            matches.insert(key.clone(), MatchState::Running);
        }
        let arena = Arc::clone(self);
        std::thread::spawn(move || {
            let games = vec![
                arena.play_game(&key.0, &key.1),
                arena.play_game(&key.1, &key.0),
            ];
            arena
                .matches
                .lock()
                .expect("matches")
                .insert(key, MatchState::Done(games));
        });
        (202, json!({"status": "started"}).to_string())
    }

    /// One game: `black` moves first. Every violation loses the game for the side that made it.
    fn play_game(&self, black: &str, white: &str) -> GameRecord {
        let mut game = Game::new();
        let forfeit = game
            .play_out(|game| {
                let name = if game.to_move() == Color::Black {
                    black
                } else {
                    white
                };
                self.ask(name, game)
                    .map_err(|reason| format!("{name}: {reason}"))
            })
            .err();
        let counts = game.counts();
        let (black_discs, white_discs) = (counts.black as u32, counts.white as u32);
        let (winner, reason, black_discs, white_discs) = match forfeit {
            // A forfeit counts as a wipe-out for the disc difference.
            Some((Color::Black, reason)) => (Some(white.to_string()), reason, 0, 64),
            Some((Color::White, reason)) => (Some(black.to_string()), reason, 64, 0),
            None => {
                let winner = match black_discs.cmp(&white_discs) {
                    std::cmp::Ordering::Greater => Some(black.to_string()),
                    std::cmp::Ordering::Less => Some(white.to_string()),
                    std::cmp::Ordering::Equal => None,
                };
                (winner, "game over".to_string(), black_discs, white_discs)
            }
        };
        GameRecord {
            black: black.to_string(),
            white: white.to_string(),
            transcript: game.transcript(),
            black_discs,
            white_discs,
            winner,
            reason,
        }
    }

    /// Sends an ACTION for `game` to `name` and waits up to 3 s for a valid, legal answer.
    fn ask(&self, name: &str, game: &Game) -> Result<Square, Forfeit> {
        let socket = self
            .bots
            .lock()
            .expect("bots")
            .get(name)
            .cloned()
            .ok_or(Forfeit::NotConnected)?;
        let mut connection = socket.lock().expect("socket");
        let key = self.key();
        let result = Arena::exchange(&mut connection, &key, name, game);
        if matches!(result, Err(Forfeit::TooLate)) {
            // Its answer may still come: remember the key to drop that answer when it does.
            let stale = &mut connection.stale_keys;
            if stale.len() == STALE_KEYS {
                stale.remove(0);
            }
            stale.push(key);
        }
        result
    }

    /// One request and its answer on a bot's connection.
    fn exchange(
        connection: &mut Connection,
        key: &str,
        name: &str,
        game: &Game,
    ) -> Result<Square, Forfeit> {
        let Connection { socket, stale_keys } = connection;
        let message = action(name, key, game);
        socket
            .send(Message::text(message))
            .map_err(|e| Forfeit::Disconnected(Some(e.to_string())))?;
        let started = Instant::now();
        loop {
            let left = MOVE_LIMIT
                .checked_sub(started.elapsed())
                .ok_or(Forfeit::TooLate)?;
            socket
                .get_mut()
                .set_read_timeout(Some(left.max(Duration::from_millis(1))))
                .map_err(|e| Forfeit::Disconnected(Some(e.to_string())))?;
            let text = match socket.read() {
                Ok(Message::Text(text)) => text.to_string(),
                Ok(Message::Close(_)) => return Err(Forfeit::Disconnected(None)),
                Ok(_) => continue,
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return Err(Forfeit::TooLate)
                }
                Err(e) => return Err(Forfeit::Disconnected(Some(e.to_string()))),
            };
            if started.elapsed() > MOVE_LIMIT {
                return Err(Forfeit::TooLate);
            }
            let reply = Reply::parse(&text).map_err(Forfeit::Reply)?;
            let reply_key = reply.key.as_deref();
            if let Some(i) = stale_keys
                .iter()
                .position(|k| Some(k.as_str()) == reply_key)
            {
                // The late answer to an earlier request (that game is already lost): drop it.
                stale_keys.remove(i);
                continue;
            }
            if reply_key != Some(key) {
                return Err(Forfeit::WrongKey);
            }
            return reply.square(game).map_err(Forfeit::Reply);
        }
    }

    fn result(&self, first: &str, back: &str) -> (u16, String) {
        let matches = self.matches.lock().expect("matches");
        match matches.get(&(first.to_string(), back.to_string())) {
            None => (404, json!({"error": "no such match"}).to_string()),
            Some(MatchState::Running) => (200, json!({"status": "running"}).to_string()),
            Some(MatchState::Done(games)) => {
                let mut points = [0.0f64; 2];
                let mut difference = 0i64;
                for g in games {
                    let first_is_black = g.black == first;
                    let (mine, theirs) = if first_is_black {
                        (g.black_discs as i64, g.white_discs as i64)
                    } else {
                        (g.white_discs as i64, g.black_discs as i64)
                    };
                    difference += mine - theirs;
                    match g.winner.as_deref() {
                        Some(w) if w == first => points[0] += 1.0,
                        Some(_) => points[1] += 1.0,
                        None => {
                            points[0] += 0.5;
                            points[1] += 0.5;
                        }
                    }
                }
                let games: Vec<Value> = games
                    .iter()
                    .map(|g| {
                        json!({"black": g.black, "white": g.white, "transcript": g.transcript,
                               "black_discs": g.black_discs, "white_discs": g.white_discs,
                               "winner": g.winner, "reason": g.reason})
                    })
                    .collect();
                let winner = match (points[0].partial_cmp(&points[1]), difference.signum()) {
                    (Some(std::cmp::Ordering::Greater), _)
                    | (Some(std::cmp::Ordering::Equal), 1) => Some(first),
                    (Some(std::cmp::Ordering::Less), _) | (Some(std::cmp::Ordering::Equal), -1) => {
                        Some(back)
                    }
                    _ => None,
                };
                let body = json!({"status": "done", "first": first, "back": back,
                    "points": {"first": points[0], "back": points[1]},
                    "disc_difference": difference, "winner": winner, "games": games});
                (200, body.to_string())
            }
        }
    }

    fn show_page(&self, first: &str, back: &str) -> String {
        let (_, body) = self.result(first, back);
        let value: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        let mut items = String::new();
        for g in value["games"].as_array().into_iter().flatten() {
            let transcript = g["transcript"].as_str().unwrap_or("");
            items.push_str(&format!(
                "<li>{} (black) vs {} (white): {}–{} ({}) — <a href=\"{}#t={}\">replay move by move</a></li>",
                html_escape(g["black"].as_str().unwrap_or("")),
                html_escape(g["white"].as_str().unwrap_or("")),
                g["black_discs"],
                g["white_discs"],
                html_escape(g["reason"].as_str().unwrap_or("")),
                html_escape(&self.web_url),
                html_escape(transcript)
            ));
        }
        if items.is_empty() {
            items = "<li>No finished match between these bots.</li>".to_string();
        }
        format!(
            "<!doctype html><meta charset=utf-8><title>{0} vs {1}</title><h1>{0} vs {1}</h1><ol>{items}</ol>",
            html_escape(first),
            html_escape(back)
        )
    }
}
