//! A bot for the WebSocket match protocol used by Othello bot competitions ([`crate::match_protocol`]): the
//! server sends an ACTION when the bot must move, and the bot answers with its move within 3 seconds.
//! `board[x][y]` is read with `x` the outer index unless `swap_xy` is set. Every message is validated: a
//! malformed one is logged and answered with nothing, and the bot keeps running; a dropped connection is
//! retried with back-off.

use std::net::{TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tungstenite::Message;

pub use crate::match_protocol::MAX_MESSAGE_BYTES;
use crate::match_protocol::{read_action, reply, Action, ProtocolError};
use reversi_engine::{native_clock, Bitboard, Color, Level, Move, Position, Searcher};

/// How the bot connects and plays.
#[derive(Clone, Debug)]
pub struct BotConfig {
    /// `ws://host:port/ws` (the `name` query is added).
    pub url: String,
    /// The bot's name on the server.
    pub name: String,
    /// AI level (its time cap still applies).
    pub level: u8,
    /// At most this long per move, leaving margin under the server's 3 s.
    pub move_time_ms: u64,
    /// Read `board[y][x]` instead of `board[x][y]`.
    pub swap_xy: bool,
    /// A registered bot's token, sent as `Authorization: Bearer TOKEN` (never in the address).
    pub token: Option<String>,
}

/// Why the bot did not answer a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BotError {
    /// The message is malformed.
    Protocol(ProtocolError),
    /// An ACTION for a position where the side to move has no legal move.
    NoLegalMove,
    /// The configured level does not exist.
    BadLevel(u8),
    /// The search returned no placement.
    NoMove,
}

impl From<ProtocolError> for BotError {
    fn from(error: ProtocolError) -> BotError {
        BotError::Protocol(error)
    }
}

impl std::fmt::Display for BotError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BotError::Protocol(error) => write!(f, "{error}"),
            BotError::NoLegalMove => write!(f, "asked to move with no legal move"),
            BotError::BadLevel(level) => write!(f, "no level {level}"),
            BotError::NoMove => write!(f, "the engine found no move"),
        }
    }
}

impl std::error::Error for BotError {}

/// The bot's per-connection state: the engine and the game seen so far (for the log).
pub struct Bot {
    config: BotConfig,
    searcher: Searcher,
    /// Discs after our last move, to tell a new game and the opponent's moves apart.
    last_board: Option<(u64, u64)>,
    transcript: Vec<String>,
}

impl Bot {
    /// A bot with `config`.
    pub fn new(config: BotConfig) -> Bot {
        Bot {
            config,
            searcher: Searcher::new(64),
            last_board: None,
            transcript: Vec::new(),
        }
    }

    /// The moves of the current game as the bot saw them (the opponent's inferred from the boards; `?` marks
    /// moves whose order could not be told).
    pub fn transcript(&self) -> String {
        self.transcript.join("")
    }

    /// Answers one server message: `Ok(None)` for messages that need no answer, `Ok(Some(reply))` for an
    /// ACTION, `Err(reason)` for a malformed one (which gets no reply).
    pub fn answer(&mut self, text: &str) -> Result<Option<String>, BotError> {
        let Some(Action { key, position }) = read_action(text, self.config.swap_xy)? else {
            return Ok(None);
        };
        if position.board.moves().is_empty() {
            return Err(BotError::NoLegalMove);
        }
        let (black, white) = (position.black().0, position.white().0);
        self.note_opponent_moves(black, white);
        let level = Level::get(self.config.level).ok_or(BotError::BadLevel(self.config.level))?;
        let mut limits = level.limits(native_clock(), black ^ white.rotate_left(7));
        let cap = native_clock() + self.config.move_time_ms as f64;
        limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
        let info = self
            .searcher
            .search(&position.board, &limits, native_clock, None, &mut |_| {});
        let Move::Place(square) = info.best else {
            return Err(BotError::NoMove);
        };
        let after = position.board.play_unchecked(square);
        let (our, their) = (after.opponent().0, after.player().0);
        self.last_board = Some(match position.to_move {
            Color::Black => (our, their),
            Color::White => (their, our),
        });
        self.transcript.push(square.to_string());
        Ok(Some(reply(&key, square, self.config.swap_xy)))
    }

    /// Logs the finished game when a new one starts; records the opponent's moves since our last one.
    fn note_opponent_moves(&mut self, black: u64, white: u64) {
        let discs = (black | white).count_ones();
        match self.last_board {
            Some((b, w)) if discs > (b | w).count_ones() && (b | w) & !(black | white) == 0 => {
                let new: Vec<String> = Bitboard((black | white) & !(b | w))
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                if new.len() == 1 {
                    self.transcript.push(new[0].clone());
                } else {
                    self.transcript
                        .extend(new.into_iter().map(|s| format!("?{s}")));
                }
            }
            Some(_) => {
                eprintln!("[bot] game over: {}", self.transcript());
                self.transcript.clear();
                self.note_start(black, white);
            }
            None => self.note_start(black, white),
        }
    }

    fn note_start(&mut self, black: u64, white: u64) {
        // From the standard start, the discs beyond the first four are the opponent's opening move.
        let start = Position::START;
        let start_discs = start.black().0 | start.white().0;
        let extra = (black | white) & !start_discs;
        if extra.count_ones() == 1 {
            self.transcript
                .push(Bitboard(extra).iter().next().expect("one").to_string());
        }
    }
}

/// Connects and plays until `stop` is set, reconnecting with back-off (0.5 s doubling to 10 s) whenever the
/// connection fails or drops.
pub fn run(config: BotConfig, stop: Arc<AtomicBool>) {
    let mut bot = Bot::new(config.clone());
    let mut backoff = Duration::from_millis(500);
    let separator = if config.url.contains('?') { '&' } else { '?' };
    let url = format!("{}{separator}name={}", config.url, encode(&config.name));
    while !stop.load(Ordering::Relaxed) {
        match connect(&url, config.token.as_deref(), &stop) {
            Ok(mut socket) => {
                eprintln!("[bot] connected to {url}");
                backoff = Duration::from_millis(500);
                loop {
                    if stop.load(Ordering::Relaxed) {
                        let _ = socket.close(None);
                        return;
                    }
                    match socket.read() {
                        Ok(Message::Text(text)) => match bot.answer(text.as_str()) {
                            Ok(Some(reply)) => {
                                if let Err(error) = socket.send(Message::text(reply)) {
                                    eprintln!("[bot] send failed: {error}");
                                    break;
                                }
                            }
                            Ok(None) => {}
                            Err(reason) => eprintln!("[bot] ignored a malformed message: {reason}"),
                        },
                        Ok(Message::Close(_)) => break,
                        Ok(_) => {}
                        Err(tungstenite::Error::Io(e))
                            if matches!(
                                e.kind(),
                                std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                            ) => {}
                        Err(error) => {
                            eprintln!("[bot] connection lost: {error}");
                            break;
                        }
                    }
                }
                if !bot.transcript.is_empty() {
                    eprintln!("[bot] game so far: {}", bot.transcript());
                }
            }
            Err(error) => eprintln!("[bot] cannot connect to {url}: {error}"),
        }
        // The back-off, in short naps that see the stop flag.
        let until = Instant::now() + backoff;
        while Instant::now() < until && !stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(50));
        }
        backoff = (backoff * 2).min(Duration::from_secs(10));
    }
}

/// Longest wait for the server to accept the connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// Longest wait for the WebSocket handshake's answer.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(5);

/// How often a blocked read wakes up to see the stop flag.
const WAKE_UP: Duration = Duration::from_millis(500);

/// Connects to a `ws://` URL within [`CONNECT_TIMEOUT`], then shakes hands within [`HANDSHAKE_TIMEOUT`]
/// (both give up at once when `stop` is set): a server that accepts and then stalls does not hold the bot.
/// Reads on the socket wake up every [`WAKE_UP`].
fn connect(
    url: &str,
    token: Option<&str>,
    stop: &AtomicBool,
) -> Result<tungstenite::WebSocket<TcpStream>, String> {
    let authority = url
        .strip_prefix("ws://")
        .ok_or("only ws:// addresses are supported")?
        .split(['/', '?'])
        .next()
        .unwrap_or("");
    let address = authority
        .to_socket_addrs()
        .map_err(|e| format!("{authority}: {e}"))?
        .next()
        .ok_or_else(|| format!("{authority}: no address"))?;
    let stream =
        TcpStream::connect_timeout(&address, CONNECT_TIMEOUT).map_err(|e| e.to_string())?;
    stream
        .set_read_timeout(Some(WAKE_UP))
        .and_then(|()| stream.set_write_timeout(Some(CONNECT_TIMEOUT)))
        .map_err(|e| e.to_string())?;
    let limits = tungstenite::protocol::WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE_BYTES))
        .max_frame_size(Some(MAX_MESSAGE_BYTES));
    let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
    let mut request = tungstenite::client::IntoClientRequest::into_client_request(url)
        .map_err(|e| e.to_string())?;
    if let Some(token) = token {
        let value = format!("Bearer {token}")
            .parse()
            .map_err(|_| "the token is not one a header can carry".to_string())?;
        request.headers_mut().insert("Authorization", value);
    }
    let mut attempt = tungstenite::client::client_with_config(request, stream, Some(limits));
    loop {
        match attempt {
            Ok((socket, _)) => return Ok(socket),
            Err(tungstenite::HandshakeError::Interrupted(half_done)) => {
                if stop.load(Ordering::Relaxed) {
                    return Err("stopped during the handshake".to_string());
                }
                if Instant::now() > deadline {
                    return Err("no handshake answer in time".to_string());
                }
                attempt = half_done.handshake();
            }
            Err(tungstenite::HandshakeError::Failure(error)) => return Err(error.to_string()),
        }
    }
}

/// Percent-encodes a name for the query string.
fn encode(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn bot(swap_xy: bool) -> Bot {
        Bot::new(BotConfig {
            url: String::new(),
            name: "t".into(),
            level: 3,
            move_time_ms: 500,
            swap_xy,
            token: None,
        })
    }

    fn start_board() -> Vec<Vec<i64>> {
        let mut board = vec![vec![0i64; 8]; 8];
        // board[row][column]: d4 (row 3, col 3) white, e4 black, d5 black, e5 white.
        board[3][3] = -1;
        board[3][4] = 1;
        board[4][3] = 1;
        board[4][4] = -1;
        board
    }

    fn action(board: &[Vec<i64>], color: i64) -> String {
        serde_json::json!({"type":"ACTION","name":"t","key":"k1","board":board,"color":color,"point":{"x":0,"y":0}})
            .to_string()
    }

    #[test]
    fn answers_an_action_with_a_legal_point_and_the_same_key() {
        for swap in [false, true] {
            let mut b = bot(swap);
            let reply: Value =
                serde_json::from_str(&b.answer(&action(&start_board(), 1)).unwrap().unwrap())
                    .unwrap();
            assert_eq!(reply["key"], "k1");
            let (x, y) = (
                reply["point"]["x"].as_u64().unwrap(),
                reply["point"]["y"].as_u64().unwrap(),
            );
            // Black's first moves in board[outer][inner] terms: (2,3), (3,2), (4,5), (5,4) — symmetric under swap.
            assert!(
                [(2, 3), (3, 2), (4, 5), (5, 4)].contains(&(x, y)),
                "{reply}"
            );
        }
    }

    #[test]
    fn other_messages_are_ignored_and_malformed_ones_refused() {
        let mut b = bot(false);
        assert_eq!(b.answer(r#"{"type":"HELLO"}"#), Ok(None));
        let good = action(&start_board(), 1);
        let cases = [
            "not json".to_string(),
            good.replace("\"key\":\"k1\"", "\"key\":\"\""),
            good.replace("\"color\":1", "\"color\":2"),
            good.replace("\"color\":1", "\"color\":\"1\""),
            r#"{"type":"ACTION","key":"k","color":1,"board":[[0]]}"#.to_string(),
            action(
                &{
                    let mut board = start_board();
                    board[0][0] = 5;
                    board
                },
                1,
            ),
            // A full board: no legal move.
            action(&vec![vec![1i64; 8]; 8], -1),
        ];
        for case in cases {
            assert!(b.answer(&case).is_err(), "{case}");
        }
        // Still answers after all that.
        assert!(b.answer(&good).unwrap().is_some());
    }

    #[test]
    fn names_are_percent_encoded() {
        assert_eq!(encode("a b/c"), "a%20b%2Fc");
        assert_eq!(encode("棋"), "%E6%A3%8B");
    }
}
