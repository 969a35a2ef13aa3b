//! The WebSocket match protocol of Othello bot competitions, between `reversi serve` (or another match server)
//! and a bot (`reversi bot`): the server sends an [`Action`] when the bot must move, the bot answers with a
//! [`BotReply`] carrying the ACTION's key.
//!
//! - ACTION: `{"type":"ACTION","name":…,"key":…,"board":[[…8×8…]],"color":±1,"point":{"x":X,"y":Y}}`, the
//!   board read `board[x][y]` with 1 black, -1 white, 0 empty, `color` the side to move (1 black, -1 white),
//!   `point` the last move (0, 0 when there is none);
//! - reply: `{"key":…,"point":{"x":X,"y":Y}}`.
//!
//! The fields a reader checks itself (a key, a colour, a board's shape, a point's range) are read as they
//! come, so that it can say which one is wrong.

use serde::{Deserialize, Serialize};

/// A point: `x` the row and `y` the column, 0 to 7 (some servers swap them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Point {
    /// The row (the column where swapped).
    pub x: i64,
    /// The column (the row where swapped).
    pub y: i64,
}

/// Any message of the match socket, by its type alone (a message other than an ACTION needs no answer).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Kind {
    /// `ACTION`, or another.
    #[serde(rename = "type", default)]
    pub kind: Option<String>,
}

/// The type of an [`Action`].
pub const ACTION: &str = "ACTION";

/// The server asks a bot to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Action {
    /// Always [`ACTION`].
    #[serde(rename = "type")]
    pub kind: String,
    /// The game's name for the bot.
    #[serde(default)]
    pub name: String,
    /// The key the reply must carry.
    #[serde(default)]
    pub key: Option<String>,
    /// 8 rows of 8 cells: 1 black, -1 white, 0 empty.
    #[serde(default)]
    pub board: Option<Vec<Vec<i64>>>,
    /// The side to move: 1 black, -1 white.
    #[serde(default)]
    pub color: Option<i64>,
    /// The last move (0, 0 when there is none).
    #[serde(default)]
    pub point: Option<Point>,
}

/// A bot's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotReply {
    /// The key of the ACTION it answers.
    #[serde(default)]
    pub key: Option<String>,
    /// The move.
    #[serde(default)]
    pub point: Option<Point>,
}
