//! A game as everyone may see it: its seats, moves, clock and result (never a seat's token nor the
//! invitation's code).

use serde::{Deserialize, Serialize};

/// A side, as the wire writes it: `"black"` or `"white"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

/// What sits on a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person, with a page.
    Human,
    /// A bot connected to the server's match socket.
    Bot,
    /// The server's own engine (`house-N`).
    House,
}

/// Where a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The second seat is open.
    Waiting,
    /// Being played.
    Playing,
    /// Over.
    Finished,
}

/// Who sits on one side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// The name shown (empty while the seat is open).
    #[serde(default)]
    pub name: String,
    /// A person, a bot or the server's engine.
    pub kind: SeatKind,
    /// The seat waits for the invited person.
    #[serde(default)]
    pub open: bool,
    /// A person's page is connected (a program always is).
    #[serde(default)]
    pub connected: bool,
    /// An account's rating in the game's category when the game began, in a game between accounts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<SeatRating>,
}

/// A seat's rating as the game shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRating {
    /// Rounded.
    pub rating: i32,
    /// Shown with "?" (see [`crate::accounts::PROVISIONAL_DEVIATION`]).
    pub provisional: bool,
    /// What the game changed it by, once a rated game is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<i32>,
}

/// A game's clock: each side's time at the start and the increment per move, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Each side's time at the start.
    pub initial_ms: i64,
    /// Added after each of the side's moves.
    #[serde(default)]
    pub increment_ms: i64,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EndReason {
    /// Neither side could move: the discs counted.
    Score,
    /// A side resigned.
    Resign,
    /// A side's clock ran out.
    Time,
    /// A bot broke a rule or left (said in the result's `detail`).
    Forfeit,
}

/// A finished game's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameResult {
    /// `None`: a draw.
    #[serde(default)]
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: EndReason,
    /// What a forfeiting bot did.
    #[serde(default)]
    pub detail: Option<String>,
    /// Black's discs (a forfeit counts 64 to 0).
    pub black: u8,
    /// White's discs.
    pub white: u8,
    /// When it ended (the server's clock, milliseconds since 1970).
    #[serde(default)]
    pub at_ms: i64,
}

/// A game as the server shows it to everyone: in each live state, `GET /api/games/{id}`, and the answers
/// to a game created or joined.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    /// The game's id (letters, digits and `-`, at most 64).
    pub id: String,
    /// Where it is.
    pub status: Status,
    /// Black's seat.
    pub black: SeatView,
    /// White's seat.
    pub white: SeatView,
    /// The placements as a transcript (`f5d6c3`; passes are not written: they follow from the rules).
    pub moves: String,
    /// The number of placements.
    #[serde(default)]
    pub ply: usize,
    /// The side to move while the game is played.
    #[serde(default)]
    pub to_move: Option<Side>,
    /// The clock, if the game has one.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// Black's time left when the view was made (with a clock).
    #[serde(default)]
    pub black_ms: Option<i64>,
    /// White's time left when the view was made (with a clock).
    #[serde(default)]
    pub white_ms: Option<i64>,
    /// When the view was made (the server's clock).
    #[serde(default)]
    pub server_ms: i64,
    /// The result, once finished.
    #[serde(default)]
    pub result: Option<GameResult>,
    /// The rematch's game, once agreed.
    #[serde(default)]
    pub rematch: Option<String>,
    /// The game this one is the rematch of.
    #[serde(default)]
    pub rematch_of: Option<String>,
    /// The side that asked for a rematch, while the other has not answered.
    #[serde(default)]
    pub rematch_offer: Option<Side>,
    /// The tournament the game belongs to.
    #[serde(default)]
    pub tournament: Option<String>,
    /// How many pages watch it.
    #[serde(default)]
    pub watchers: u32,
    /// When it was created.
    #[serde(default)]
    pub created_ms: i64,
    /// The category a rated game counts for (none for a casual or a guest's game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rated: Option<crate::accounts::Category>,
}

impl GameView {
    /// A seat.
    pub fn seat(&self, side: Side) -> &SeatView {
        match side {
            Side::Black => &self.black,
            Side::White => &self.white,
        }
    }
}

/// A game's id as the server makes them (letters, digits and `-`, 1 to 64), safe in a path and a link.
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}
