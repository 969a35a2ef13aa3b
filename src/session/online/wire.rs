//! The server's messages as the page reads them (`reversi serve`'s live socket and its JSON API), and the
//! page's messages to it. The wire is [`reversi_protocol`]'s, the server's own types: a message is read as one
//! of them whole or refused whole, then checked here for what its types cannot say (an id fit for a link, a
//! transcript of squares, times and counts in range, names bounded), and turned into the page's values. A
//! message that is not what the server sends is an error with its reason, never a panic, and changes nothing.

use reversi_protocol as wire;
pub use reversi_protocol::{
    valid_id, AccountView, Category, ChallengeView, ErrorCode, RatingView, SeatKind, SeatRating,
    Status,
};

use reversi_engine::{Color, Square};

/// Who sits on one side, as the server shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatView {
    /// The name shown (empty while the seat is open; at most 64 characters).
    pub name: String,
    /// A person, a bot connected to the server, or the server's own engine.
    pub kind: SeatKind,
    /// The seat waits for the invited person.
    pub open: bool,
    /// A person's page is connected (a program always is).
    pub connected: bool,
    /// An account's rating when the game began, and a rated game's change once it is over.
    pub rating: Option<SeatRating>,
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
    /// The category a rated game counts for.
    pub rated: Option<Category>,
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
    State(Box<ServerGame>),
    /// The server refused what the page sent.
    Error {
        /// Why, worded by the page in its language.
        code: ErrorCode,
        /// The server's English words (for a code this build does not know).
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
pub const MAX_MESSAGE_BYTES: usize = wire::MAX_MESSAGE_BYTES;

/// Reads a message of the live socket.
pub fn parse_message(text: &str) -> Result<ServerMessage, WireError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(bad("a message over 64 KB"));
    }
    let message: wire::ServerMessage =
        serde_json::from_str(text).map_err(|e| bad(format!("not a message of the server: {e}")))?;
    Ok(match message {
        wire::ServerMessage::Hello { seat } => ServerMessage::Hello {
            seat: seat.map(color),
        },
        wire::ServerMessage::State { game } => ServerMessage::State(Box::new(read_game(game)?)),
        wire::ServerMessage::Error { error, message } => ServerMessage::Error {
            code: error,
            message,
        },
        wire::ServerMessage::Pong => ServerMessage::Pong,
    })
}

fn color(side: wire::Side) -> Color {
    match side {
        wire::Side::Black => Color::Black,
        wire::Side::White => Color::White,
    }
}

fn ms(value: i64, what: &str) -> Result<i64, WireError> {
    if (0..=1_000_000_000_000).contains(&value) {
        Ok(value)
    } else {
        Err(bad(format!("{what} is not a number of milliseconds")))
    }
}

fn seat_of(seat: wire::SeatView) -> Result<SeatView, WireError> {
    if let Some(rating) = seat.rating {
        if !(0..=10_000).contains(&rating.rating) || rating.change.is_some_and(|c| c.abs() > 1_000)
        {
            return Err(bad("a seat's rating is not one"));
        }
    }
    Ok(SeatView {
        name: seat.name.chars().take(64).collect(),
        kind: seat.kind,
        open: seat.open,
        connected: seat.connected,
        rating: seat.rating,
    })
}

/// Checks a game as the server shows it (in a state message, `GET /api/games/ID`, a seat's answer) and reads it
/// into the page's values.
pub fn read_game(game: wire::GameView) -> Result<ServerGame, WireError> {
    if !valid_id(&game.id) {
        return Err(bad(format!("{:?} is not a game's id", game.id)));
    }
    let text = &game.moves;
    if text.len() > 120 || !text.len().is_multiple_of(2) {
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
    let clock = match game.clock {
        None => None,
        Some(clock) => Some((
            ms(clock.initial_ms, "the clock's time")?,
            ms(clock.increment_ms, "the clock's increment")?,
        )),
    };
    let time_left = match (game.black_ms, game.white_ms) {
        (Some(black), Some(white)) => {
            Some((ms(black, "black's time")?, ms(white, "white's time")?))
        }
        _ => None,
    };
    let result = match game.result {
        None => None,
        Some(result) => {
            if result.black > 64 || result.white > 64 {
                return Err(bad("the result's discs are not a count of discs"));
            }
            let reason = match result.reason {
                wire::EndReason::Score => Reason::Score,
                wire::EndReason::Resign => Reason::Resign,
                wire::EndReason::Time => Reason::Time,
                wire::EndReason::Forfeit => Reason::Forfeit(result.detail),
            };
            Some(ServerResult {
                winner: result.winner.map(color),
                reason,
                black: result.black,
                white: result.white,
            })
        }
    };
    if game.rematch.as_deref().is_some_and(|id| !valid_id(id)) {
        return Err(bad("the rematch is not a game's id"));
    }
    Ok(ServerGame {
        id: game.id,
        status: game.status,
        black: seat_of(game.black)?,
        white: seat_of(game.white)?,
        moves,
        to_move: game.to_move.map(color),
        clock,
        time_left,
        result,
        rematch: game.rematch,
        rematch_offer: game.rematch_offer.map(color),
        watchers: game.watchers,
        rated: game.rated,
    })
}

/// Reads a game's text (the answer to `GET /api/games/ID`).
pub fn parse_game(text: &str) -> Result<ServerGame, WireError> {
    let game: wire::GameView =
        serde_json::from_str(text).map_err(|e| bad(format!("not a game of the server: {e}")))?;
    read_game(game)
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
    let seated: wire::Seated =
        serde_json::from_str(text).map_err(|e| bad(format!("not a seat of the server: {e}")))?;
    let token = seated.token;
    if token.is_empty() || token.len() > 128 || !token.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(bad("the seat's token is not one"));
    }
    if seated.invite.as_deref().is_some_and(|code| !valid_id(code)) {
        return Err(bad("the invitation's code is not one"));
    }
    Ok(Seated {
        game: read_game(seated.game)?,
        seat: color(seated.seat),
        token,
        invite: seated.invite,
    })
}

/// A refusal of the API (an [`wire::ErrorBody`]): its code and words; a body that is not one (a proxy's page)
/// is the status alone, as [`ErrorCode::Unknown`].
pub fn parse_refusal(status: u16, text: &str) -> (ErrorCode, String) {
    match serde_json::from_str::<wire::ErrorBody>(text) {
        Ok(body) => (body.error, body.message),
        Err(_) => (ErrorCode::Unknown, format!("the server answered {status}")),
    }
}

/// Checks an account as the server shows it: its name bounded, its ratings numbers of a rating.
fn checked_account(account: AccountView) -> Result<AccountView, WireError> {
    if account.name.is_empty() || account.name.chars().count() > 32 {
        return Err(bad("the account's name is not one"));
    }
    if account
        .ratings
        .iter()
        .any(|r| !(0.0..=10_000.0).contains(&r.rating) || !(0.0..=1_000.0).contains(&r.deviation))
    {
        return Err(bad("a rating is not one"));
    }
    Ok(account)
}

/// Reads the answer to `GET /api/account`, a sign-up or a sign-in.
pub fn parse_account(text: &str) -> Result<AccountView, WireError> {
    let account: AccountView = serde_json::from_str(text)
        .map_err(|e| bad(format!("not an account of the server: {e}")))?;
    checked_account(account)
}

/// Reads the answer to `GET /api/session`: the account signed in, if any.
pub fn parse_session(text: &str) -> Result<Option<AccountView>, WireError> {
    let session: wire::SessionView =
        serde_json::from_str(text).map_err(|e| bad(format!("not a session of the server: {e}")))?;
    session.account.map(checked_account).transpose()
}

/// A message of the lobby's socket, as the page reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyMessage {
    /// The socket is open for this account.
    Welcome(AccountView),
    /// Seeking, within `range` rating points now.
    Seeking {
        /// The seek's category.
        category: Category,
        /// Rated or casual.
        rated: bool,
        /// The range accepted now.
        range: u32,
    },
    /// Seeking no more; one's challenge withdrawn.
    Cancelled,
    /// The open challenges.
    Challenges(Vec<ChallengeView>),
    /// One's challenge is open under this id.
    Challenging(String),
    /// Paired: the game, this page's seat and its token, the opponent's name.
    Paired {
        /// The game.
        game: String,
        /// The seat.
        seat: Color,
        /// The seat's secret.
        token: String,
        /// The opponent.
        opponent: String,
    },
    /// A refusal.
    Error {
        /// Why.
        code: ErrorCode,
        /// The server's words.
        message: String,
    },
}

/// Reads a message of the lobby's socket.
pub fn parse_lobby(text: &str) -> Result<LobbyMessage, WireError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(bad("a message over 64 KB"));
    }
    let message: wire::LobbyMessage =
        serde_json::from_str(text).map_err(|e| bad(format!("not a message of the lobby: {e}")))?;
    Ok(match message {
        wire::LobbyMessage::Welcome { account } => LobbyMessage::Welcome(checked_account(account)?),
        wire::LobbyMessage::Seeking {
            category,
            rated,
            range,
        } => LobbyMessage::Seeking {
            category,
            rated,
            range: range.min(10_000),
        },
        wire::LobbyMessage::Cancelled => LobbyMessage::Cancelled,
        wire::LobbyMessage::Challenges { challenges } => {
            for challenge in &challenges {
                if !valid_id(&challenge.id)
                    || challenge.name.is_empty()
                    || challenge.name.chars().count() > 32
                    || !(0..=10_000).contains(&challenge.rating)
                {
                    return Err(bad("a challenge is not one"));
                }
            }
            LobbyMessage::Challenges(challenges)
        }
        wire::LobbyMessage::Challenging { id } => {
            if !valid_id(&id) {
                return Err(bad("a challenge's id is not one"));
            }
            LobbyMessage::Challenging(id)
        }
        wire::LobbyMessage::Paired {
            game,
            seat,
            token,
            opponent,
        } => {
            if !valid_id(&game) {
                return Err(bad(format!("{game:?} is not a game's id")));
            }
            if token.is_empty() || token.len() > 128 || !token.bytes().all(|b| b.is_ascii_graphic())
            {
                return Err(bad("the seat's token is not one"));
            }
            LobbyMessage::Paired {
                game,
                seat: color(seat),
                token,
                opponent: opponent.chars().take(64).collect(),
            }
        }
        wire::LobbyMessage::Error { error, message } => LobbyMessage::Error {
            code: error,
            message,
        },
    })
}

/// The lobby's seek: a clock of `initial_s` and `increment_s`, rated or casual.
pub fn seek_message(initial_s: u32, increment_s: u32, rated: bool) -> String {
    serde_json::to_string(&wire::LobbyRequest::Seek {
        clock: wire::ClockSpec {
            initial_s: f64::from(initial_s),
            increment_s: f64::from(increment_s),
        },
        rated,
    })
    .expect("a message is always written")
}

/// The lobby's challenge: a clock, rated or not, the challenger's colour (`None`: drawn) and the ratings
/// that may accept it.
pub fn challenge_message(
    initial_s: u32,
    increment_s: u32,
    rated: bool,
    color: Option<Color>,
    range: Option<(u32, u32)>,
) -> String {
    serde_json::to_string(&wire::LobbyRequest::Challenge {
        clock: wire::ClockSpec {
            initial_s: f64::from(initial_s),
            increment_s: f64::from(increment_s),
        },
        rated,
        color: color.map(|c| match c {
            Color::Black => wire::Side::Black,
            Color::White => wire::Side::White,
        }),
        min_rating: range.map(|r| r.0),
        max_rating: range.map(|r| r.1),
    })
    .expect("a message is always written")
}

/// The lobby's accept of the challenge `id`.
pub fn accept_message(id: &str) -> String {
    serde_json::to_string(&wire::LobbyRequest::Accept { id: id.to_string() })
        .expect("a message is always written")
}

/// The lobby's cancel.
pub fn cancel_message() -> String {
    serde_json::to_string(&wire::LobbyRequest::Cancel).expect("a message is always written")
}

fn written(message: &wire::ClientMessage) -> String {
    serde_json::to_string(message).expect("a message is always written")
}

/// The first message of the socket: the seat's token (never in the address), or that it watches.
pub fn first_message(token: Option<&str>) -> String {
    written(&match token {
        Some(token) => wire::ClientMessage::Seat {
            token: token.to_string(),
        },
        None => wire::ClientMessage::Watch,
    })
}

/// The page's move: `square` on the position after `ply` placements (one made on an older position is
/// refused by the server, never played on a newer one).
pub fn move_message(square: Square, ply: usize) -> String {
    written(&wire::ClientMessage::Move {
        square: square.to_string(),
        ply: Some(ply),
    })
}

/// The page resigns.
pub fn resign_message() -> String {
    written(&wire::ClientMessage::Resign)
}

/// The page asks for (or agrees to) a rematch.
pub fn rematch_message() -> String {
    written(&wire::ClientMessage::Rematch)
}

/// A keep-alive.
pub fn ping_message() -> String {
    written(&wire::ClientMessage::Ping)
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
    /// Written by the protocol's own types (the server's), so that a change of the server's messages is a
    /// change of these fixtures.
    pub(in crate::session::online) fn game_json(
        id: &str,
        status: &str,
        moves: &str,
        to_move: Option<&str>,
    ) -> serde_json::Value {
        let seat = |name: &str, open: bool| wire::SeatView {
            name: name.into(),
            kind: SeatKind::Human,
            open,
            connected: !open,
            rating: None,
        };
        let side = |text: &str| serde_json::from_value::<wire::Side>(json!(text)).unwrap();
        let view = wire::GameView {
            id: id.into(),
            status: serde_json::from_value(json!(status)).unwrap(),
            black: seat("ann", false),
            white: seat("bob", status == "waiting"),
            moves: moves.into(),
            ply: moves.len() / 2,
            to_move: to_move.map(side),
            clock: Some(wire::ClockView {
                initial_ms: 60000,
                increment_ms: 2000,
            }),
            black_ms: Some(60000),
            white_ms: Some(50000),
            server_ms: 1,
            result: None,
            rematch: None,
            rematch_of: None,
            rematch_offer: None,
            tournament: None,
            watchers: 0,
            created_ms: 0,
            rated: None,
        };
        serde_json::to_value(view).unwrap()
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
        assert!(parse_game(&odd.to_string()).is_err());
        odd = game_json("a/b", "playing", "f5", Some("white"));
        assert!(parse_game(&odd.to_string()).is_err());
        // Every code of the server is read as itself.
        for code in ErrorCode::ALL {
            let text = json!({"type": "error", "error": code.as_str(), "message": "m"}).to_string();
            assert_eq!(
                parse_message(&text),
                Ok(ServerMessage::Error {
                    code,
                    message: "m".into()
                })
            );
        }
        assert!(parse_message(&"x".repeat(70_000)).is_err());
    }
}
