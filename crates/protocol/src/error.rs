//! Every refusal's code: in an HTTP answer's body ([`ErrorBody`]) and in the live socket's error message.
//! The page words each in its own language; the server's English message is for the API's users.

use serde::{Deserialize, Serialize};

/// Why a request was refused: stable codes, matched on by the page and the bots.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// No game, tournament or bot of that id or name (or no such route).
    NotFound,
    /// The request's body or query is malformed.
    BadRequest,
    /// A move, resignation or rematch without the token of a seat of this game.
    NotASeat,
    /// The invitation code is wrong, or its seat was already taken.
    BadInvite,
    /// The game waits for its second player.
    NotStarted,
    /// The other side is to move.
    NotYourTurn,
    /// The move was made on another position than the game's.
    StalePly,
    /// Not a legal move in the game's position.
    IllegalMove,
    /// The game is over.
    GameOver,
    /// A name that is empty, too long or has characters other than letters, digits, `_`, `-` and `.`.
    BadName,
    /// A bot of that name is connected already.
    NameTaken,
    /// Too many messages on this connection.
    RateLimited,
    /// Too many open connections from this address.
    TooManyConnections,
    /// The page's socket was opened from another site.
    BadOrigin,
    /// The database refused the write (nothing was acknowledged).
    Storage,
    /// An account of that name exists already (whatever its case).
    AccountExists,
    /// A password shorter than 8 characters or longer than 256.
    BadPassword,
    /// The name or the password is wrong (which of them is not said).
    SignInFailed,
    /// The request needs an account signed in (its session cookie), and none is.
    NotSignedIn,
    /// A registered bot's name, connected without its token (or with another).
    BadToken,
    /// The challenge is no longer open (accepted by another, withdrawn, its page gone).
    ChallengeGone,
    /// One's rating is outside the challenge's range (or the challenge is one's own).
    OutOfRange,
    /// A code this build does not know (from a newer server): read, never refused.
    #[serde(other)]
    Unknown,
}

impl ErrorCode {
    /// Every code a server sends (all but [`ErrorCode::Unknown`]).
    pub const ALL: [ErrorCode; 22] = [
        ErrorCode::NotFound,
        ErrorCode::BadRequest,
        ErrorCode::NotASeat,
        ErrorCode::BadInvite,
        ErrorCode::NotStarted,
        ErrorCode::NotYourTurn,
        ErrorCode::StalePly,
        ErrorCode::IllegalMove,
        ErrorCode::GameOver,
        ErrorCode::BadName,
        ErrorCode::NameTaken,
        ErrorCode::RateLimited,
        ErrorCode::TooManyConnections,
        ErrorCode::BadOrigin,
        ErrorCode::Storage,
        ErrorCode::AccountExists,
        ErrorCode::BadPassword,
        ErrorCode::SignInFailed,
        ErrorCode::NotSignedIn,
        ErrorCode::BadToken,
        ErrorCode::ChallengeGone,
        ErrorCode::OutOfRange,
    ];

    /// The code as the wire writes it (`not_your_turn`).
    pub fn as_str(self) -> &'static str {
        match self {
            ErrorCode::NotFound => "not_found",
            ErrorCode::BadRequest => "bad_request",
            ErrorCode::NotASeat => "not_a_seat",
            ErrorCode::BadInvite => "bad_invite",
            ErrorCode::NotStarted => "not_started",
            ErrorCode::NotYourTurn => "not_your_turn",
            ErrorCode::StalePly => "stale_ply",
            ErrorCode::IllegalMove => "illegal_move",
            ErrorCode::GameOver => "game_over",
            ErrorCode::BadName => "bad_name",
            ErrorCode::NameTaken => "name_taken",
            ErrorCode::RateLimited => "rate_limited",
            ErrorCode::TooManyConnections => "too_many_connections",
            ErrorCode::BadOrigin => "bad_origin",
            ErrorCode::Storage => "storage",
            ErrorCode::AccountExists => "account_exists",
            ErrorCode::BadPassword => "bad_password",
            ErrorCode::SignInFailed => "sign_in_failed",
            ErrorCode::NotSignedIn => "not_signed_in",
            ErrorCode::BadToken => "bad_token",
            ErrorCode::ChallengeGone => "challenge_gone",
            ErrorCode::OutOfRange => "out_of_range",
            ErrorCode::Unknown => "unknown",
        }
    }
}

/// The body of every refused HTTP request: `{"error": CODE, "message": TEXT}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    /// Why.
    pub error: ErrorCode,
    /// The server's English words.
    #[serde(default)]
    pub message: String,
}
