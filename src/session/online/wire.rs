//! The server's messages as the page reads them (`reversi serve`'s live socket and its JSON API), and the
//! page's messages to it. Everything from the network is checked here: a message that is not what the server
//! sends is an error with its reason, never a panic, and changes nothing.

use serde_json::{json, Value};

use reversi_engine::{Color, Square};

/// Who sits on one side, as the server shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The name shown (empty while the seat is open).
    pub name: String,
    /// A person, a bot connected to the server, or the server's own engine.
    pub kind: SeatKind,
    /// The seat waits for the invited person.
    pub open: bool,
    /// A person's page is connected (a program always is).
    pub connected: bool,
}

/// What sits on a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person, with a page.
    Human,
    /// A bot connected to the server's match socket.
    Bot,
    /// The server's own engine (`house-N`).
    House,
}

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// The second seat is open.
    Waiting,
    /// Being played.
    Playing,
    /// Over.
    Finished,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Neither side could move: the discs counted.
    Score,
    /// A side resigned.
    Resign,
    /// A side's clock ran out.
    Time,
    /// A bot broke a rule or left (what it did).
    Forfeit(Option<String>),
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerResult {
    /// `None`: a draw.
    pub winner: Option<Color>,
    /// Why it ended.
    pub reason: Reason,
    /// The discs counted (a forfeit counts 64 to 0).
    pub black: u8,
    /// The discs counted.
    pub white: u8,
}

/// A game as the server shows it to everyone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ServerGame {
    /// The game's id.
    pub id: String,
    /// Where it is.
    pub status: Status,
    /// Black's seat.
    pub black: SeatView,
    /// White's seat.
    pub white: SeatView,
    /// The placements, in order (passes are not written: they follow from the rules).
    pub moves: Vec<Square>,
    /// The side to move while it is played.
    pub to_move: Option<Color>,
    /// The clock: each side's start and increment in milliseconds.
    pub clock: Option<(i64, i64)>,
    /// Each side's time left when the message was made (black, white), with a clock.
    pub time_left: Option<(i64, i64)>,
    /// The result, once finished.
    pub result: Option<ServerResult>,
    /// The rematch's game, once agreed.
    pub rematch: Option<String>,
    /// The side that asked for a rematch, while the other has not answered.
    pub rematch_offer: Option<Color>,
    /// How many pages watch it.
    pub watchers: u32,
}

impl ServerGame {
    /// A seat.
    pub fn seat(&self, color: Color) -> &SeatView {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

/// A message of the live socket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerMessage {
    /// The first: the seat this socket plays (`None`: it watches).
    Hello {
        /// The seat.
        seat: Option<Color>,
    },
    /// The game after a change (and once when the socket opens).
    State(ServerGame),
    /// The server refused what the page sent.
    Error {
        /// The server's code (`not_your_turn`, `stale_ply`, `illegal_move`, `game_over`, …).
        code: String,
        /// Its words.
        message: String,
    },
    /// The answer to a ping.
    Pong,
}

/// What is wrong with a message from the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError(pub String);

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::error::Error for WireError {}

fn bad(why: impl Into<String>) -> WireError {
    WireError(why.into())
}

/// The longest message the page reads (the server's own limit).
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// Reads a message of the live socket.
pub fn parse_message(text: &str) -> Result<ServerMessage, WireError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(bad("a message over 64 KB"));
    }
    let value: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
    match value.get("type").and_then(Value::as_str) {
        Some("hello") => Ok(ServerMessage::Hello {
            seat: optional_color(&value, "seat")?,
        }),
        Some("state") => Ok(ServerMessage::State(parse_game(
            value
                .get("game")
                .ok_or_else(|| bad("a state without its game"))?,
        )?)),
        Some("error") => Ok(ServerMessage::Error {
            code: text_of(&value, "error")?.to_string(),
            message: value
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string(),
        }),
        Some("pong") => Ok(ServerMessage::Pong),
        Some(other) => Err(bad(format!("a message of unknown type {other:?}"))),
        None => Err(bad("a message without a type")),
    }
}

fn text_of<'a>(value: &'a Value, key: &str) -> Result<&'a str, WireError> {
    value
        .get(key)
        .and_then(Value::as_str)
        .ok_or_else(|| bad(format!("no text {key:?}")))
}

fn color_of(text: &str) -> Result<Color, WireError> {
    match text {
        "black" => Ok(Color::Black),
        "white" => Ok(Color::White),
        other => Err(bad(format!("{other:?} is not a colour"))),
    }
}

fn optional_color(value: &Value, key: &str) -> Result<Option<Color>, WireError> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => color_of(text).map(Some),
        Some(_) => Err(bad(format!("{key:?} is not a colour"))),
    }
}

fn optional_text(value: &Value, key: &str) -> Result<Option<String>, WireError> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) => Ok(Some(text.clone())),
        Some(_) => Err(bad(format!("{key:?} is not text"))),
    }
}

fn optional_ms(value: &Value, key: &str) -> Result<Option<i64>, WireError> {
    match value.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(ms) => ms
            .as_i64()
            .filter(|ms| (0..=1_000_000_000_000).contains(ms))
            .map(Some)
            .ok_or_else(|| bad(format!("{key:?} is not a number of milliseconds"))),
    }
}

fn seat_of(value: &Value, key: &str) -> Result<SeatView, WireError> {
    let seat = value
        .get(key)
        .filter(|v| v.is_object())
        .ok_or_else(|| bad(format!("no seat {key:?}")))?;
    let kind = match text_of(seat, "kind")? {
        "human" => SeatKind::Human,
        "bot" => SeatKind::Bot,
        "house" => SeatKind::House,
        other => return Err(bad(format!("{other:?} is not a kind of seat"))),
    };
    let flag = |name: &str| seat.get(name).and_then(Value::as_bool).unwrap_or(false);
    Ok(SeatView {
        name: seat
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .chars()
            .take(64)
            .collect(),
        kind,
        open: flag("open"),
        connected: flag("connected"),
    })
}

/// Reads a game as the server shows it (in a state message, or from `GET /api/games/ID`).
pub fn parse_game(value: &Value) -> Result<ServerGame, WireError> {
    let id = text_of(value, "id")?.to_string();
    if !valid_id(&id) {
        return Err(bad(format!("{id:?} is not a game's id")));
    }
    let status = match text_of(value, "status")? {
        "waiting" => Status::Waiting,
        "playing" => Status::Playing,
        "finished" => Status::Finished,
        other => return Err(bad(format!("{other:?} is not a game's status"))),
    };
    let text = text_of(value, "moves")?;
    if text.len() > 120 || text.len() % 2 != 0 {
        return Err(bad("the moves are not a transcript"));
    }
    let moves = (0..text.len())
        .step_by(2)
        .map(|i| {
            text.get(i..i + 2)
                .and_then(|s| s.parse::<Square>().ok())
                .ok_or_else(|| bad(format!("the moves {text:?} are not a transcript")))
        })
        .collect::<Result<Vec<Square>, WireError>>()?;
    let clock = match value.get("clock") {
        None | Some(Value::Null) => None,
        Some(clock) => Some((
            optional_ms(clock, "initial_ms")?.ok_or_else(|| bad("a clock without its time"))?,
            optional_ms(clock, "increment_ms")?.unwrap_or(0),
        )),
    };
    let time_left = match (
        optional_ms(value, "black_ms")?,
        optional_ms(value, "white_ms")?,
    ) {
        (Some(black), Some(white)) => Some((black, white)),
        _ => None,
    };
    let result = match value.get("result") {
        None | Some(Value::Null) => None,
        Some(result) => {
            let reason = match text_of(result, "reason")? {
                "score" => Reason::Score,
                "resign" => Reason::Resign,
                "time" => Reason::Time,
                "forfeit" => Reason::Forfeit(optional_text(result, "detail")?),
                other => return Err(bad(format!("{other:?} is not how a game ends"))),
            };
            let discs = |key: &str| {
                result
                    .get(key)
                    .and_then(Value::as_u64)
                    .filter(|&n| n <= 64)
                    .map(|n| n as u8)
                    .ok_or_else(|| bad(format!("the result's {key:?} is not a count of discs")))
            };
            Some(ServerResult {
                winner: optional_color(result, "winner")?,
                reason,
                black: discs("black")?,
                white: discs("white")?,
            })
        }
    };
    let rematch = optional_text(value, "rematch")?;
    if rematch.as_deref().is_some_and(|id| !valid_id(id)) {
        return Err(bad("the rematch is not a game's id"));
    }
    Ok(ServerGame {
        id,
        status,
        black: seat_of(value, "black")?,
        white: seat_of(value, "white")?,
        moves,
        to_move: optional_color(value, "to_move")?,
        clock,
        time_left,
        result,
        rematch,
        rematch_offer: optional_color(value, "rematch_offer")?,
        watchers: value
            .get("watchers")
            .and_then(Value::as_u64)
            .map_or(0, |n| n.min(u64::from(u32::MAX)) as u32),
    })
}

/// A game's id as the server makes them (letters and digits, at most 64), safe in a path and a link.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

/// What the server answers a new game or a seat claimed with: the game's id, the seat, its token, the
/// invitation's code (for the game's creator while the other seat is open) and the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seated {
    /// The game.
    pub game: ServerGame,
    /// The seat's colour.
    pub seat: Color,
    /// The seat's secret.
    pub token: String,
    /// The invitation's code.
    pub invite: Option<String>,
}

/// Reads the answer to `POST /api/games` or `POST /api/games/ID/join`.
pub fn parse_seated(text: &str) -> Result<Seated, WireError> {
    let value: Value = serde_json::from_str(text).map_err(|e| bad(format!("not JSON: {e}")))?;
    let token = text_of(&value, "token")?.to_string();
    if token.is_empty() || token.len() > 128 || !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad("the seat's token is not one"));
    }
    let invite = optional_text(&value, "invite")?;
    if invite.as_deref().is_some_and(|code| !valid_id(code)) {
        return Err(bad("the invitation's code is not one"));
    }
    Ok(Seated {
        game: parse_game(value.get("game").ok_or_else(|| bad("no game"))?)?,
        seat: color_of(text_of(&value, "seat")?)?,
        token,
        invite,
    })
}

/// A refusal of the API (`{"error": CODE, "message": TEXT}`): its code and words, or the status alone.
pub fn parse_refusal(status: u16, text: &str) -> (String, String) {
    let value: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let code = value
        .get("error")
        .and_then(Value::as_str)
        .unwrap_or("http")
        .to_string();
    let message = value
        .get("message")
        .and_then(Value::as_str)
        .map_or_else(|| format!("the server answered {status}"), str::to_string);
    (code, message)
}

/// The page's move: `square` on the position after `ply` placements (one made on an older position is
/// refused by the server, never played on a newer one).
pub fn move_message(square: Square, ply: usize) -> String {
    json!({"type": "move", "square": square.to_string(), "ply": ply}).to_string()
}

/// The page resigns.
pub fn resign_message() -> String {
    json!({"type": "resign"}).to_string()
}

/// The page asks for (or agrees to) a rematch.
pub fn rematch_message() -> String {
    json!({"type": "rematch"}).to_string()
}

/// A keep-alive.
pub fn ping_message() -> String {
    json!({"type": "ping"}).to_string()
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serde_json::json;

    /// A square by name.
    pub(in crate::session::online) fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    /// A game as the server shows it: Ann (black) and Bob (white, invited while the game waits), a clock.
    pub(in crate::session::online) fn game_json(
        id: &str,
        status: &str,
        moves: &str,
        to_move: Option<&str>,
    ) -> serde_json::Value {
        json!({
            "id": id, "status": status,
            "black": {"name": "ann", "kind": "human", "open": false, "connected": true},
            "white": {"name": "bob", "kind": "human", "open": status == "waiting", "connected": status != "waiting"},
            "moves": moves, "ply": moves.len() / 2, "to_move": to_move,
            "clock": {"initial_ms": 60000, "increment_ms": 2000},
            "black_ms": 60000, "white_ms": 50000, "server_ms": 1,
            "result": null, "rematch": null, "rematch_offer": null, "watchers": 0,
        })
    }

    #[test]
    fn the_servers_messages_are_read_or_refused_with_a_reason() {
        assert_eq!(
            parse_message(r#"{"type":"hello","seat":"white"}"#),
            Ok(ServerMessage::Hello {
                seat: Some(Color::White)
            })
        );
        assert_eq!(
            parse_message(r#"{"type":"hello","seat":null}"#),
            Ok(ServerMessage::Hello { seat: None })
        );
        let ServerMessage::State(game) = parse_message(
            &json!({"type": "state", "game": game_json("ab12", "playing", "f5d6", Some("black"))})
                .to_string(),
        )
        .unwrap() else {
            panic!()
        };
        assert_eq!(game.moves, [sq("f5"), sq("d6")]);
        assert_eq!(game.status, Status::Playing);
        assert_eq!(game.time_left, Some((60000, 50000)));
        for bad in [
            "",
            "null",
            r#"{"type":"hello","seat":"red"}"#,
            r#"{"type":"state","game":{"id":"ab12"}}"#,
            r#"{"type":"error"}"#,
        ] {
            assert!(parse_message(bad).is_err(), "{bad}");
        }
        let mut odd = game_json("ab12", "playing", "f5", Some("white"));
        odd["black_ms"] = json!(-5);
        assert!(parse_game(&odd).is_err());
        odd = game_json("a/b", "playing", "f5", Some("white"));
        assert!(parse_game(&odd).is_err());
        assert!(parse_message(&"x".repeat(70_000)).is_err());
    }
}
