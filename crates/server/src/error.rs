//! Every refusal the server gives, typed: the HTTP routes answer it with a status and an [`ErrorBody`]
//! (`{"error": CODE, "message": TEXT}`), the page's socket with [`ServerMessage::Error`]; the codes are the
//! protocol's [`ErrorCode`].

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use reversi_protocol::{ErrorBody, ErrorCode, ServerMessage};

/// Why a request was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ApiError {
    /// No game, tournament or bot of that id or name.
    NotFound(&'static str),
    /// The request's body or query is malformed (what is wrong).
    BadRequest(String),
    /// A move, resignation or rematch without the token of a seat of this game.
    NotASeat,
    /// The invitation code is wrong, or its seat was already taken.
    BadInvite,
    /// The game has not started: its second seat is still open.
    NotStarted,
    /// The other side is to move.
    NotYourTurn,
    /// The move was sent for another position than the game's (the ply it named, the game's ply).
    StalePly { sent: usize, current: usize },
    /// Not a legal move in the game's position.
    IllegalMove(String),
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
    /// The page's socket opened from another site.
    BadOrigin,
    /// The database refused the write (nothing was acknowledged).
    Storage(String),
    /// An account of that name exists (whatever its case).
    AccountExists,
    /// A password of the wrong length.
    BadPassword,
    /// The name or the password is wrong.
    SignInFailed,
    /// No account is signed in.
    NotSignedIn,
    /// A registered bot's name without its token.
    BadToken,
    /// The challenge is no longer open.
    ChallengeGone,
    /// One's rating is outside the challenge's range, or the challenge is one's own.
    OutOfRange,
}

impl ApiError {
    /// The stable code clients match on.
    pub fn code(&self) -> ErrorCode {
        match self {
            ApiError::NotFound(_) => ErrorCode::NotFound,
            ApiError::BadRequest(_) => ErrorCode::BadRequest,
            ApiError::NotASeat => ErrorCode::NotASeat,
            ApiError::BadInvite => ErrorCode::BadInvite,
            ApiError::NotStarted => ErrorCode::NotStarted,
            ApiError::NotYourTurn => ErrorCode::NotYourTurn,
            ApiError::StalePly { .. } => ErrorCode::StalePly,
            ApiError::IllegalMove(_) => ErrorCode::IllegalMove,
            ApiError::GameOver => ErrorCode::GameOver,
            ApiError::BadName => ErrorCode::BadName,
            ApiError::NameTaken => ErrorCode::NameTaken,
            ApiError::RateLimited => ErrorCode::RateLimited,
            ApiError::TooManyConnections => ErrorCode::TooManyConnections,
            ApiError::BadOrigin => ErrorCode::BadOrigin,
            ApiError::Storage(_) => ErrorCode::Storage,
            ApiError::AccountExists => ErrorCode::AccountExists,
            ApiError::BadPassword => ErrorCode::BadPassword,
            ApiError::SignInFailed => ErrorCode::SignInFailed,
            ApiError::NotSignedIn => ErrorCode::NotSignedIn,
            ApiError::BadToken => ErrorCode::BadToken,
            ApiError::ChallengeGone => ErrorCode::ChallengeGone,
            ApiError::OutOfRange => ErrorCode::OutOfRange,
        }
    }

    /// The refusal as an HTTP body.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            error: self.code(),
            message: self.to_string(),
        }
    }

    /// The HTTP status of the refusal.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::BadRequest(_) | ApiError::BadName | ApiError::BadPassword => {
                StatusCode::BAD_REQUEST
            }
            ApiError::SignInFailed | ApiError::NotSignedIn => StatusCode::UNAUTHORIZED,
            ApiError::AccountExists => StatusCode::CONFLICT,
            ApiError::NotASeat | ApiError::BadInvite => StatusCode::FORBIDDEN,
            ApiError::NotStarted
            | ApiError::NotYourTurn
            | ApiError::StalePly { .. }
            | ApiError::GameOver
            | ApiError::NameTaken
            | ApiError::ChallengeGone
            | ApiError::OutOfRange => StatusCode::CONFLICT,
            ApiError::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited | ApiError::TooManyConnections => StatusCode::TOO_MANY_REQUESTS,
            ApiError::BadOrigin | ApiError::BadToken => StatusCode::FORBIDDEN,
            ApiError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        }
    }

    /// The refusal as a page-socket message.
    pub fn message(&self) -> String {
        crate::live::written(&ServerMessage::Error {
            error: self.code(),
            message: self.to_string(),
        })
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ApiError::NotFound(what) => write!(f, "no such {what}"),
            ApiError::BadRequest(why) => write!(f, "bad request: {why}"),
            ApiError::NotASeat => write!(f, "this token holds no seat of this game"),
            ApiError::BadInvite => write!(f, "the invitation is wrong or its seat is taken"),
            ApiError::NotStarted => write!(f, "the game waits for its second player"),
            ApiError::NotYourTurn => write!(f, "it is not your turn"),
            ApiError::StalePly { sent, current } => write!(
                f,
                "the move was made on ply {sent}; the game is at ply {current}"
            ),
            ApiError::IllegalMove(square) => write!(f, "{square} is not a legal move"),
            ApiError::GameOver => write!(f, "the game is over"),
            ApiError::BadName => write!(f, "a name is 1 to 32 letters, digits, '_', '-' or '.'"),
            ApiError::NameTaken => write!(f, "a bot of that name is connected"),
            ApiError::RateLimited => write!(f, "too many messages; slow down"),
            ApiError::TooManyConnections => write!(f, "too many connections from this address"),
            ApiError::BadOrigin => write!(f, "this socket is for the server's own page"),
            ApiError::Storage(why) => write!(f, "the move could not be stored ({why})"),
            ApiError::AccountExists => write!(f, "an account of that name exists"),
            ApiError::BadPassword => write!(f, "a password is 8 to 256 characters"),
            ApiError::SignInFailed => write!(f, "wrong name or password"),
            ApiError::NotSignedIn => write!(f, "sign in first"),
            ApiError::ChallengeGone => write!(f, "that challenge is no longer open"),
            ApiError::OutOfRange => write!(f, "your rating is outside the challenge's range"),
            ApiError::BadToken => write!(
                f,
                "that bot's name is registered: it connects with its token (Authorization: Bearer TOKEN)"
            ),
        }
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status(), axum::Json(self.body())).into_response()
    }
}

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 32;

/// Checks a player's or a bot's name: 1 to [`MAX_NAME_CHARS`] characters, each a letter or a digit (any
/// script) or one of `_`, `-`, `.`. Names are still escaped wherever they are shown.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let count = name.chars().count();
    let fine = (1..=MAX_NAME_CHARS).contains(&count)
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if fine {
        Ok(())
    } else {
        Err(ApiError::BadName)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_letters_digits_and_three_marks() {
        for good in ["alice", "Bot_2", "x.y-z", "黑白棋", &"a".repeat(32)] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for bad in [
            "",
            "a b",
            "<script>",
            "a\"b",
            &"a".repeat(33),
            "tab\t",
            "名字/",
        ] {
            assert_eq!(check_name(bad), Err(ApiError::BadName), "{bad}");
        }
    }
}
