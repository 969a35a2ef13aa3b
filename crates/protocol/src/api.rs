//! The HTTP API's bodies: a game created, joined or moved in, the lobby's lists and a tournament. A
//! refusal's body is [`crate::ErrorBody`].

use serde::{Deserialize, Serialize};

use crate::game::{GameResult, GameView, Side, Status};

/// A clock asked for, in seconds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClockSpec {
    /// Each side's time (1 s to 10 h).
    pub initial_s: f64,
    /// Added after each move (0 to 60 s).
    #[serde(default)]
    pub increment_s: f64,
}

/// `POST /api/games`: a new game, against a person invited by link or a bot.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// The creator's name (`Guest` when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `black`, `white` or `random` (the default).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<String>,
    /// The clock, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockSpec>,
    /// A bot to play (a connected bot or `house-N`); none for a person invited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opponent: Option<String>,
}

/// `POST /api/games/{id}/join`: the invited seat claimed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    /// The invitation's code.
    pub invite: String,
    /// The name to play under (`Guest` when left out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// `POST /api/games/{id}/move` (with the seat's token as `Authorization: Bearer`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Play {
    /// The square, `a1`..`h8`.
    pub square: String,
    /// The placements the move was made after (a move on an older position is refused).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<usize>,
}

/// A game's addresses: the page's for each use, and the API's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Links {
    /// The page, at the seat kept on the device.
    pub play: String,
    /// The invitation, while the other seat is open (for the creator).
    #[serde(default)]
    pub invite: Option<String>,
    /// The page, watching.
    pub watch: String,
    /// The game's API.
    pub api: String,
    /// Its live socket.
    pub live: String,
}

/// The answer to a game created or joined: the seat taken and its secret.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seated {
    /// The game's id.
    pub id: String,
    /// The seat's side.
    pub seat: Side,
    /// The seat's secret (kept by the page, sent as the live socket's first message).
    pub token: String,
    /// The invitation's code, for the creator while the other seat is open.
    #[serde(default)]
    pub invite: Option<String>,
    /// The game's addresses.
    pub links: Links,
    /// The game.
    pub game: GameView,
}

/// A game being played, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Its id.
    pub id: String,
    /// Black's name.
    #[serde(default)]
    pub black: String,
    /// White's name.
    #[serde(default)]
    pub white: String,
    /// The placements so far.
    #[serde(default)]
    pub ply: usize,
    /// The tournament it belongs to.
    #[serde(default)]
    pub tournament: Option<String>,
    /// When it was created.
    #[serde(default)]
    pub created_ms: i64,
}

/// `GET /api/games`: the games being played, newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GamesList {
    /// The games.
    pub games: Vec<GameSummary>,
}

/// What a bot of the list is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BotKind {
    /// The server's own engine at a level.
    House,
    /// A program connected with `reversi bot`.
    Bot,
}

/// A bot one can play or enter in a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotEntry {
    /// Its name (`house-N` for the server's engine).
    pub name: String,
    /// The server's engine or a connected program.
    pub kind: BotKind,
    /// The house bot's level (1 to 10).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<u8>,
    /// When a connected bot connected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub connected_since_ms: Option<i64>,
}

/// `GET /api/bots`: the house bots, then the connected ones.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotsList {
    /// The bots.
    pub bots: Vec<BotEntry>,
}

/// Where a tournament is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TournamentStatus {
    /// Games are still played.
    Playing,
    /// Every game is over.
    Finished,
}

/// A tournament as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSummary {
    /// Its id.
    pub id: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// Its entrants.
    #[serde(default)]
    pub bots: Vec<String>,
    /// When it was created.
    #[serde(default)]
    pub created_ms: i64,
    /// Where it is.
    pub status: TournamentStatus,
}

/// `GET /api/tournaments`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentsList {
    /// The tournaments, newest first.
    pub tournaments: Vec<TournamentSummary>,
}

/// `POST /api/tournaments`: a round robin (each pair twice, colours swapped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateTournament {
    /// Its name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The entrants (2 to 16 connected or house bots).
    pub bots: Vec<String>,
}

/// One line of the standings: points, then the disc margin, then the earlier seen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The rank (1: first).
    pub rank: u32,
    /// The bot.
    pub name: String,
    /// A win counts 1, a draw ½.
    pub points: f64,
    /// Discs won less discs lost, over the finished games.
    pub margin: i64,
    /// Games finished.
    pub played: u32,
    /// Won.
    pub wins: u32,
    /// Drawn.
    pub draws: u32,
    /// Lost.
    pub losses: u32,
    /// When the server first saw the name (the last tie-break).
    #[serde(default)]
    pub first_seen_ms: i64,
}

/// A game of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    /// Its id.
    pub id: String,
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The placements, a transcript.
    #[serde(default)]
    pub moves: String,
    /// Being played or finished.
    pub status: Status,
    /// The result, once finished.
    #[serde(default)]
    pub result: Option<TournamentResult>,
}

/// A tournament game's result: the game's own.
pub type TournamentResult = GameResult;

/// `GET /api/tournaments/{id}`: the standings and the games.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TournamentView {
    /// Its id.
    pub id: String,
    /// Its name.
    #[serde(default)]
    pub name: String,
    /// Its entrants.
    #[serde(default)]
    pub bots: Vec<String>,
    /// When it was created.
    #[serde(default)]
    pub created_ms: i64,
    /// When its last game ended.
    #[serde(default)]
    pub finished_ms: Option<i64>,
    /// Where it is.
    pub status: TournamentStatus,
    /// Best first.
    pub standings: Vec<Standing>,
    /// Its games, in the order played.
    pub games: Vec<TournamentGame>,
}

/// `GET /api/health`: the server is up, and which.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Health {
    /// Always true.
    pub ok: bool,
    /// `reversi`.
    pub server: String,
    /// Its version.
    pub version: String,
}
