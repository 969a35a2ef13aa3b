//! Accounts, ratings and meeting strangers: the bodies of `/api/account`, `/api/session`, the players' pages
//! and the leaderboards, and the lobby's socket (`/api/lobby/live`) both ways.

use serde::{Deserialize, Serialize};

use crate::api::ClockSpec;
use crate::error::{ErrorBody, ErrorCode};
use crate::game::Side;

/// A rating's category: the time a game takes, as lichess's are, for a game of some 30 moves a side
/// (the initial time and 30 increments).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    /// Under 3 minutes a side.
    Bullet,
    /// 3 to 8 minutes.
    Blitz,
    /// 8 to 25 minutes.
    Rapid,
    /// 25 minutes and more.
    Classical,
    /// The registered bots' ladder (3 s a move, the match server's rule).
    Ladder,
}

impl Category {
    /// Every category, shortest first.
    pub const ALL: [Category; 5] = [
        Category::Bullet,
        Category::Blitz,
        Category::Rapid,
        Category::Classical,
        Category::Ladder,
    ];

    /// The category of a clock: its initial time and 30 of its increments, in seconds.
    pub fn of(initial_s: f64, increment_s: f64) -> Category {
        let estimate = initial_s + 30.0 * increment_s;
        if estimate < 180.0 {
            Category::Bullet
        } else if estimate < 480.0 {
            Category::Blitz
        } else if estimate < 1500.0 {
            Category::Rapid
        } else {
            Category::Classical
        }
    }

    /// As the wire and the store write it (`blitz`).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::Bullet => "bullet",
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
            Category::Classical => "classical",
            Category::Ladder => "ladder",
        }
    }

    /// Read back from [`Category::as_str`].
    pub fn parse(text: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.as_str() == text)
    }
}

/// `POST /api/account` (sign up) and `POST /api/session` (sign in): a name and a password.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// 1 to 32 letters, digits, `_`, `-` or `.`; unique whatever its case.
    pub name: String,
    /// 8 to 256 characters.
    pub password: String,
}

/// `DELETE /api/account`: the password again, so that a page left open cannot delete the account.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeleteAccount {
    pub password: String,
}

/// A player's rating in one category.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingView {
    pub category: Category,
    /// Glicko-2's rating, on the Elo-like scale (1500 at the start).
    pub rating: f64,
    /// Its deviation (350 at the start).
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Still provisional (shown with "?"): the deviation above [`PROVISIONAL_DEVIATION`].
    pub provisional: bool,
    /// Rated games played in the category.
    pub games: u32,
}

/// A rating is provisional while its deviation is above this.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// `GET /api/account` (and the answer to a sign-up or a sign-in): who is signed in.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AccountView {
    pub name: String,
    /// The account's ratings, in the categories it has played (rated).
    #[serde(default)]
    pub ratings: Vec<RatingView>,
}

/// `GET /api/session`: who this browser's session is signed in as, if anyone (always 200, so that a page
/// signed out logs no failed request).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionView {
    #[serde(default)]
    pub account: Option<AccountView>,
}

/// One point of a player's rating history: after a rated game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    pub category: Category,
    pub game: String,
    pub at_ms: i64,
    pub rating: f64,
    pub deviation: f64,
    /// The change the game made, rounded as shown (+12, −12).
    pub change: i32,
}

/// A game on a player's page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerGame {
    pub id: String,
    /// The player's colour in it.
    pub side: Side,
    pub opponent: String,
    /// `win`, `draw` or `loss` for the player; `None` while it is played.
    #[serde(default)]
    pub outcome: Option<Outcome>,
    #[serde(default)]
    pub rated: Option<Category>,
    /// The rating change the game made, for a finished rated game.
    #[serde(default)]
    pub change: Option<i32>,
    pub created_ms: i64,
    /// The placements as a transcript (`f5d6c3`), to open the game on the board.
    #[serde(default)]
    pub moves: String,
}

/// A game's outcome for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// Wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

/// `GET /api/players/{name}?page=N`: a player's page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerView {
    pub name: String,
    /// The account was deleted: its games are kept, its name shown as deleted.
    #[serde(default)]
    pub deleted: bool,
    pub created_ms: i64,
    pub ratings: Vec<RatingView>,
    /// Oldest first.
    pub history: Vec<RatingPoint>,
    /// Every finished game between accounts.
    pub record: Record,
    /// The page of games asked for, newest first.
    pub games: Vec<PlayerGame>,
    /// The page shown (from 0) and whether there is another after it.
    pub page: u32,
    pub more: bool,
}

/// One row of a leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leader {
    /// 1 for the first.
    pub rank: u32,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    /// Shown with "?" (ranked after the established ratings).
    #[serde(default)]
    pub provisional: bool,
    pub games: u32,
}

/// `GET /api/leaderboard/{category}`: the players of a category, established ratings first, each part by
/// rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Leaderboard {
    pub category: Category,
    pub leaders: Vec<Leader>,
}

/// What the page sends on the lobby's socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum LobbyRequest {
    /// Pair me with someone seeking the same clock (rated or casual), the nearest rating first.
    Seek { clock: ClockSpec, rated: bool },
    /// Open a challenge to anyone whose rating (in the clock's category) is within the range: the challenger's
    /// colour (`None`: drawn when accepted).
    Challenge {
        clock: ClockSpec,
        rated: bool,
        #[serde(default)]
        color: Option<Side>,
        #[serde(default)]
        min_rating: Option<u32>,
        #[serde(default)]
        max_rating: Option<u32>,
    },
    /// Accept another's open challenge.
    Accept { id: String },
    /// Stop seeking, and withdraw one's challenge.
    Cancel,
}

/// An open challenge as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChallengeView {
    pub id: String,
    /// The challenger.
    pub name: String,
    /// The challenger's rating in the clock's category, rounded, and whether it is provisional.
    pub rating: i32,
    pub provisional: bool,
    pub clock: ClockSpec,
    pub category: Category,
    pub rated: bool,
    /// The challenger's colour (`None`: drawn).
    #[serde(default)]
    pub color: Option<Side>,
    /// The ratings that may accept it.
    #[serde(default)]
    pub min_rating: Option<u32>,
    #[serde(default)]
    pub max_rating: Option<u32>,
}

/// What the server sends on the lobby's socket.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LobbyMessage {
    /// The socket is open, for this account.
    Welcome { account: AccountView },
    /// Seeking: pairs within `range` rating points now (the range widens with the wait).
    Seeking {
        category: Category,
        rated: bool,
        range: u32,
    },
    /// Seeking no more (asked, or the seek was replaced by one from another page of the account); one's
    /// challenge withdrawn.
    Cancelled,
    /// The open challenges (sent when the socket opens and whenever the list changes), one's own among them.
    Challenges { challenges: Vec<ChallengeView> },
    /// One's challenge is open, under this id.
    Challenging { id: String },
    /// Paired: the game, this account's seat and the seat's token (as a game created answers it).
    Paired {
        game: String,
        seat: Side,
        token: String,
        opponent: String,
    },
    /// A refusal.
    Error { error: ErrorCode, message: String },
}

impl From<ErrorBody> for LobbyMessage {
    fn from(body: ErrorBody) -> LobbyMessage {
        LobbyMessage::Error {
            error: body.error,
            message: body.message,
        }
    }
}

/// `POST /api/bots/registered`: a bot registered by the account signed in (its author).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RegisterBot {
    pub name: String,
}

/// The answer: the bot's secret token, shown this once (the server keeps only its hash). The bot sends it as
/// `Authorization: Bearer TOKEN` when it connects to `/ws?name=NAME`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegisteredBot {
    pub name: String,
    pub token: String,
}

/// One request of a game to a registered bot, as its author reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotLogEntry {
    /// Placements before the request.
    pub ply: u32,
    /// The ACTION sent, as it was sent.
    pub sent: String,
    /// The bot's answer as it came (at most 1 KB of it); empty when none came.
    pub answer: String,
    /// Milliseconds from the ACTION sent to the answer (or to the verdict).
    pub ms: u32,
    /// `ok`, or why the game was lost on it (`too late`, `wrong or missing key`, an illegal move…).
    pub verdict: String,
}

/// `GET /api/bots/{name}/games/{id}/log`: a game's requests to a bot, for its author alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotLog {
    pub bot: String,
    pub game: String,
    pub entries: Vec<BotLogEntry>,
}
