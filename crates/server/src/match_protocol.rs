//! The WebSocket match protocol of Othello bot competitions (its messages are [`reversi_protocol::bot`]'s),
//! read and written for both of its sides here: the server ([`crate::bots`]) sends an ACTION when a bot must
//! move, and the bot (`reversi bot`, in the tools crate) answers with its move and the ACTION's key.
//!
//! A point's `x` is the row and `y` the column (0 to 7). Some servers index the other way round: the bot reads
//! and writes them swapped with `swap_xy`. Nothing received is trusted: every reader checks every field and
//! says what is wrong.

use reversi_protocol::bot::{self, BotReply, Kind};

use reversi_engine::{Bitboard, Color, Game, Position, Square};

/// Largest message either side reads (an ACTION is under a kilobyte).
pub const MAX_MESSAGE_BYTES: usize = 64 * 1024;

/// What is wrong with a message received.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// Longer than [`MAX_MESSAGE_BYTES`] (its length).
    TooLarge(usize),
    /// Not JSON (the parser's reason).
    NotJson(String),
    /// An ACTION without a key, or with an empty one.
    NoKey,
    /// An ACTION whose colour is not 1 or -1.
    BadColor,
    /// An ACTION without a board.
    NoBoard,
    /// A board that is not 8 rows.
    BadRows,
    /// A row that is not 8 cells.
    BadRow,
    /// A cell that is not -1, 0 or 1 (its indices).
    BadCell(usize, usize),
    /// A reply that is not JSON.
    Malformed,
    /// A reply whose point has no integer 0..7 on this axis.
    BadPoint(&'static str),
    /// A reply whose move is not legal.
    Illegal(Square),
}

impl std::fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ProtocolError::TooLarge(bytes) => {
                write!(
                    f,
                    "a message of {bytes} bytes (at most {MAX_MESSAGE_BYTES})"
                )
            }
            ProtocolError::NotJson(reason) => write!(f, "not a message of the protocol: {reason}"),
            ProtocolError::NoKey => write!(f, "ACTION without a key"),
            ProtocolError::BadColor => write!(f, "color must be 1 (black) or -1 (white)"),
            ProtocolError::NoBoard => write!(f, "ACTION without a board"),
            ProtocolError::BadRows => write!(f, "board must be 8 rows"),
            ProtocolError::BadRow => write!(f, "each row must have 8 cells"),
            ProtocolError::BadCell(i, j) => write!(f, "cell [{i}][{j}] must be -1, 0 or 1"),
            ProtocolError::Malformed => write!(f, "malformed message"),
            ProtocolError::BadPoint(axis) => write!(f, "point.{axis} is not an integer 0..7"),
            ProtocolError::Illegal(square) => write!(f, "illegal move {square}"),
        }
    }
}

impl std::error::Error for ProtocolError {}

/// A point of a square: row and column, swapped with `swap_xy`.
pub fn point_of(square: Square, swap_xy: bool) -> bot::Point {
    let (row, column) = (square.row() as i64, square.column() as i64);
    if swap_xy {
        bot::Point { x: column, y: row }
    } else {
        bot::Point { x: row, y: column }
    }
}

/// The ACTION asking the bot `name` to move in `game` (its position and last placement), under `key`.
pub fn action(name: &str, key: &str, game: &Game) -> String {
    let position = game.position();
    let board = (0..8)
        .map(|row| {
            (0..8)
                .map(|column| {
                    match position.disc(Square::from_coords(column, row).expect("on the board")) {
                        Some(Color::Black) => 1,
                        Some(Color::White) => -1,
                        None => 0,
                    }
                })
                .collect()
        })
        .collect();
    let message = bot::Action {
        kind: bot::ACTION.to_string(),
        name: name.to_string(),
        key: Some(key.to_string()),
        board: Some(board),
        color: Some(if position.to_move == Color::Black {
            1
        } else {
            -1
        }),
        point: Some(
            game.last_placement()
                .map_or(bot::Point { x: 0, y: 0 }, |s| point_of(s, false)),
        ),
    };
    serde_json::to_string(&message).expect("plain data serialises")
}

/// The reply playing `square` under `key`.
pub fn reply(key: &str, square: Square, swap_xy: bool) -> String {
    let message = BotReply {
        key: Some(key.to_string()),
        point: Some(point_of(square, swap_xy)),
    };
    serde_json::to_string(&message).expect("plain data serialises")
}

/// An ACTION as the bot reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Action {
    /// The key the reply must carry.
    pub key: String,
    /// The position to move in.
    pub position: Position,
}

/// Reads a server message: `Ok(None)` for a message other than an ACTION (it needs no answer), the ACTION, or
/// what is wrong with it.
pub fn read_action(text: &str, swap_xy: bool) -> Result<Option<Action>, ProtocolError> {
    if text.len() > MAX_MESSAGE_BYTES {
        return Err(ProtocolError::TooLarge(text.len()));
    }
    let kind: Kind =
        serde_json::from_str(text).map_err(|e| ProtocolError::NotJson(e.to_string()))?;
    if kind.kind.as_deref() != Some(bot::ACTION) {
        return Ok(None);
    }
    let action: bot::Action =
        serde_json::from_str(text).map_err(|e| ProtocolError::NotJson(e.to_string()))?;
    let key = action
        .key
        .filter(|k| !k.is_empty())
        .ok_or(ProtocolError::NoKey)?;
    let color = match action.color {
        Some(1) => Color::Black,
        Some(-1) => Color::White,
        _ => return Err(ProtocolError::BadColor),
    };
    let (black, white) = read_board(&action.board.ok_or(ProtocolError::NoBoard)?, swap_xy)?;
    Ok(Some(Action {
        key,
        position: Position::from_colors(Bitboard(black), Bitboard(white), color),
    }))
}

/// Black and white discs of an 8×8 grid of -1/0/1, `board[x][y]` (swapped with `swap_xy`).
fn read_board(rows: &[Vec<i64>], swap_xy: bool) -> Result<(u64, u64), ProtocolError> {
    if rows.len() != 8 {
        return Err(ProtocolError::BadRows);
    }
    let (mut black, mut white) = (0u64, 0u64);
    for (i, cells) in rows.iter().enumerate() {
        if cells.len() != 8 {
            return Err(ProtocolError::BadRow);
        }
        for (j, cell) in cells.iter().enumerate() {
            let (row, column) = if swap_xy { (j, i) } else { (i, j) };
            let bit = 1u64 << (row * 8 + column);
            match cell {
                1 => black |= bit,
                -1 => white |= bit,
                0 => {}
                _ => return Err(ProtocolError::BadCell(i, j)),
            }
        }
    }
    Ok((black, white))
}

/// A bot's reply as the server reads it: a key, and a point checked later, once the key says which request
/// it answers.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The key it carries, if any.
    pub key: Option<String>,
    point: Option<bot::Point>,
}

impl Reply {
    /// Reads a reply.
    pub fn parse(text: &str) -> Result<Reply, ProtocolError> {
        let reply: BotReply = serde_json::from_str(text).map_err(|_| ProtocolError::Malformed)?;
        Ok(Reply {
            key: reply.key,
            point: reply.point,
        })
    }

    /// The move it plays: `point.x` the row and `point.y` the column, integers 0..7, a legal move in `game`.
    pub fn square(&self, game: &Game) -> Result<Square, ProtocolError> {
        let point = self.point.ok_or(ProtocolError::BadPoint("x"))?;
        let coordinate = |value: i64, axis: &'static str| {
            usize::try_from(value)
                .ok()
                .filter(|&v| v < 8)
                .ok_or(ProtocolError::BadPoint(axis))
        };
        let (x, y) = (coordinate(point.x, "x")?, coordinate(point.y, "y")?);
        let square = Square::from_coords(y, x).expect("checked range");
        if game.legal_moves().contains(square) {
            Ok(square)
        } else {
            Err(ProtocolError::Illegal(square))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_action_read_back_is_the_game_position_and_a_reply_its_point() {
        let game = Game::from_transcript("f5d6c3").expect("legal");
        let text = action("bot", "k7", &game);
        let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(value["type"], "ACTION");
        assert_eq!(value["color"], -1);
        // The last move c3: row 2, column 2.
        assert_eq!(value["point"], serde_json::json!({"x": 2, "y": 2}));
        for swap_xy in [false, true] {
            let read = read_action(&text, false)
                .expect("valid")
                .expect("an ACTION");
            assert_eq!(read.key, "k7");
            assert_eq!(read.position, game.position());
            // A square out and back in, in either convention.
            let square = Square::from_coords(5, 3).expect("f4");
            let reply_text = reply("k7", square, swap_xy);
            let point = point_of(square, swap_xy);
            assert!(reply_text.contains(&format!("\"x\":{},\"y\":{}", point.x, point.y)));
        }
        let legal = game.legal_moves().iter().next().expect("a legal move");
        let reply = Reply::parse(&super::reply("k7", legal, false)).expect("JSON");
        assert_eq!(reply.key.as_deref(), Some("k7"));
        assert_eq!(reply.square(&game), Ok(legal));
        let illegal = Reply::parse(r#"{"key":"k7","point":{"x":0,"y":0}}"#).expect("JSON");
        let error = illegal.square(&game).unwrap_err();
        assert_eq!(error.to_string(), "illegal move a1");
        assert!(Reply::parse("{\"key\":").is_err());
    }
}
