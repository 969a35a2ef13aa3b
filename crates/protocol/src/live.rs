//! The live socket, `/api/games/{id}/live`: the game when the socket opens and after every change, and a
//! seat's moves, resignation and rematch.

use serde::{Deserialize, Serialize};

use crate::error::ErrorCode;
use crate::game::{GameView, Side};

/// The longest message either side reads (64 KB): a longer one is refused unread.
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// From the server to a page. (Its states are far larger than its other messages; each is written or read
/// once and dropped, never kept in numbers, so they are not boxed.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The first: the seat this socket plays (`None`: it watches).
    Hello {
        /// The seat.
        seat: Option<Side>,
    },
    /// The game after a change (and once when the socket opens).
    State {
        /// The game.
        game: GameView,
    },
    /// What the page sent was refused (the socket stays open, except for [`ErrorCode::NotASeat`] on opening).
    Error {
        /// Why, for the page to word in its language.
        error: ErrorCode,
        /// The server's English words, for the API's users.
        message: String,
    },
    /// The answer to a ping.
    Pong,
}

/// From a page to the server.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// The first message of a seat's socket: the seat's secret, which never travels in an address (where
    /// proxies and logs keep it). A program may send it as `Authorization: Bearer` on the upgrade instead.
    Seat {
        /// The token given when the seat was taken.
        token: String,
    },
    /// The first message of a watcher's socket (a socket whose first message is another, or that sends
    /// nothing for a few seconds, watches too).
    Watch,
    /// A move: `square` (`f5`), on the position after `ply` placements when given (one made on an older
    /// position is refused, never played on a newer one).
    Move {
        /// The square, `a1`..`h8`.
        square: String,
        /// The placements the move was made after.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ply: Option<usize>,
    },
    /// The seat resigns.
    Resign,
    /// The seat asks for (or agrees to) a rematch.
    Rematch,
    /// A keep-alive.
    Ping,
}
