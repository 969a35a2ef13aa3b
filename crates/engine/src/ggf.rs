//! GGF, the Generic Game Format of the Othello servers and of NBoard: `(;GM[Othello]…BO[8 <64 squares>
//! <side>]B[F5]W[D6]…;)`. [`read`] takes the start position and the moves (other tags are skipped);
//! [`write()`] gives a game with its start, its moves (passes as `PA`) and its result.
//!
//! ```
//! use reversi_engine::{ggf, Game};
//! let game = Game::from_transcript("f5d6c3").unwrap();
//! let text = ggf::write(&game, &ggf::Players { black: "Ann", white: "Bo" });
//! assert!(text.starts_with("(;GM[Othello]"));
//! assert_eq!(ggf::read(&text).unwrap().transcript(), "f5d6c3");
//! ```

use std::fmt;

use super::{Color, Game, Move, PlayError, Position, PositionError, Square, SquareError};

/// Why a move of a GGF game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// `PA` where the side to move has a legal move.
    NeedlessPass,
    /// Not a square.
    Square(SquareError),
    /// A square where the move is not legal.
    Illegal(PlayError),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NeedlessPass => write!(f, "a pass (PA) where a legal move exists"),
            MoveError::Square(error) => write!(f, "{error}"),
            MoveError::Illegal(error) => write!(f, "{error}"),
        }
    }
}

/// Why a GGF game was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GgfError {
    /// The text does not start with `(;`.
    NotGgf,
    /// A tag without its closing `]`.
    UnclosedTag(String),
    /// A board other than 8×8.
    BoardSize,
    /// A start position that does not read.
    Position(PositionError),
    /// The `number`-th move (from 1), written `text`, is wrong.
    Move {
        /// The move's number in the record, from 1.
        number: usize,
        /// The move as written.
        text: String,
        /// Why.
        error: MoveError,
    },
}

impl fmt::Display for GgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GgfError::NotGgf => write!(f, "a GGF game starts with \"(;\""),
            GgfError::UnclosedTag(tag) => write!(f, "tag {tag} is not closed with ]"),
            GgfError::BoardSize => write!(f, "only 8×8 boards are supported"),
            GgfError::Position(error) => write!(f, "{error}"),
            GgfError::Move {
                number,
                text,
                error,
            } => write!(f, "move {number} ({text}): {error}"),
        }
    }
}

impl std::error::Error for GgfError {}

/// Plays one move given as `F5` (any case) or `PA`; a pass is only accepted where the rules forced one.
pub fn play_move(game: &mut Game, text: &str) -> Result<(), MoveError> {
    if text.eq_ignore_ascii_case("pa") {
        return if game.last_move() == Some(Move::Pass) || game.position().board.must_pass() {
            Ok(())
        } else {
            Err(MoveError::NeedlessPass)
        };
    }
    let square: Square = text.parse().map_err(MoveError::Square)?;
    game.play(square).map_err(MoveError::Illegal)
}

/// Reads a GGF game: the start position from `BO[8 <64 squares> <side>]` (`*` or `X` black, `O` white, `-`
/// empty; the standard start when absent) and the moves from `B[..]` / `W[..]` in order (`F5//1.2`: the
/// part before the first `/`). Nothing is returned but the whole game or the first error.
pub fn read(text: &str) -> Result<Game, GgfError> {
    read_counted(text).map(|(game, _)| game)
}

/// [`read`], with the number of moves the record wrote (passes written `PA` included): where the record
/// leaves out a pass the rules force, the game has one ply more than the record.
pub fn read_counted(text: &str) -> Result<(Game, usize), GgfError> {
    let body = text.trim();
    let Some(mut rest) = body.strip_prefix("(;") else {
        return Err(GgfError::NotGgf);
    };
    let mut start = None;
    let mut moves = Vec::new();
    while let Some(open) = rest.find('[') {
        let tag = rest[..open].trim().trim_start_matches(';').trim();
        let close = rest[open..]
            .find(']')
            .map(|i| open + i)
            .ok_or_else(|| GgfError::UnclosedTag(tag.to_string()))?;
        let value = &rest[open + 1..close];
        match tag {
            "BO" => {
                let mut parts = value.split_whitespace();
                if parts.next() != Some("8") {
                    return Err(GgfError::BoardSize);
                }
                let squares = parts.next().unwrap_or("").replace('*', "X");
                let side = parts.next().unwrap_or("").replace('*', "X");
                let position: Position = format!("{squares} {side}")
                    .parse()
                    .map_err(GgfError::Position)?;
                start = Some(position);
            }
            "B" | "W" => moves.push(value.split('/').next().unwrap_or("").trim().to_string()),
            _ => {}
        }
        rest = &rest[close + 1..];
    }
    let mut game = Game::from_position(start.unwrap_or(Position::START));
    let count = moves.len();
    for (i, text) in moves.into_iter().enumerate() {
        play_move(&mut game, &text).map_err(|error| GgfError::Move {
            number: i + 1,
            text,
            error,
        })?;
    }
    Ok((game, count))
}

/// The players' names written into a GGF record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players<'a> {
    /// Black's name.
    pub black: &'a str,
    /// White's name.
    pub white: &'a str,
}

/// A tag's value with the characters GGF reserves (`[`, `]`, `\`) left out.
fn tag_value(text: &str) -> String {
    text.chars().filter(|c| !"[]\\".contains(*c)).collect()
}

/// Writes `game` as GGF: its start position, every move (a pass as `PA`, by the side that passed) and,
/// when it is over, the result from black's side (`RE[+12.000]`; `?` while it goes on).
pub fn write(game: &Game, players: &Players) -> String {
    let start = game.start();
    let board: String = Square::ALL
        .iter()
        .map(|&s| match start.disc(s) {
            Some(Color::Black) => '*',
            Some(Color::White) => 'O',
            None => '-',
        })
        .collect();
    let side = if start.to_move == Color::Black {
        '*'
    } else {
        'O'
    };
    let result = game.outcome().map_or("?".to_string(), |outcome| {
        format!(
            "{:+}.000",
            i32::from(outcome.black) - i32::from(outcome.white)
        )
    });
    let mut out = format!(
        "(;GM[Othello]PC[Reversi]PB[{}]PW[{}]RE[{result}]TY[8]BO[8 {board} {side}]",
        tag_value(players.black),
        tag_value(players.white)
    );
    for ply in game.plies() {
        let tag = if ply.before.to_move == Color::Black {
            'B'
        } else {
            'W'
        };
        let mv = match ply.mv {
            Move::Place(square) => square.to_string().to_uppercase(),
            Move::Pass => "PA".to_string(),
        };
        out.push_str(&format!("{tag}[{mv}]"));
    }
    out.push_str(";)");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_with_a_pass_and_a_set_up_start_goes_both_ways() {
        // White to move must pass at once (b2 boxed in): the record has the pass, PA is accepted.
        let board = format!("********{}{}", "*O------", "*".repeat(48));
        let game = read(&format!("(;GM[Othello]BO[8 {board} O]W[PA]B[C2];)")).unwrap();
        assert_eq!(game.transcript(), "c2");
        assert!(game.is_over());
        let text = write(
            &game,
            &Players {
                black: "A [x]",
                white: "B",
            },
        );
        assert!(text.contains("PB[A x]"), "{text}");
        assert!(text.contains("W[PA]B[C2]"), "{text}");
        assert!(text.contains("RE[+"), "{text}");
        let back = read(&text).unwrap();
        assert_eq!(
            (back.start(), back.transcript()),
            (game.start(), game.transcript())
        );
    }

    #[test]
    fn a_whole_game_round_trips_and_tags_are_skipped() {
        let game = Game::from_transcript(
            "f5d6c3d3c4f4c5b3c2e3d2c6b4b5a3e2a4d1a6f3b6a5g4e6f1c1f2c7f7e7c8d8f6d7e8e1b8g1b2b7a8a7g2h4g5h5h6h1h3g3h2h7g6g7b1a2a1h8g8f8",
        )
        .unwrap();
        let text = write(
            &game,
            &Players {
                black: "b",
                white: "w",
            },
        );
        let back = read(&text).unwrap();
        assert_eq!(back.plies(), game.plies());
        let nboard = "(;GM[Othello]PC[NBoard]DT[2026]PB[a]PW[b]RE[?]TI[5:00]TY[8]\
            BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[d6];)";
        assert_eq!(read(nboard).unwrap().transcript(), "f5d6");
    }

    #[test]
    fn every_malformation_is_named() {
        let start = "BO[8 ---------------------------O*------*O--------------------------- *]";
        let cases = [
            ("f5d6", GgfError::NotGgf),
            ("(;GM[Othello", GgfError::UnclosedTag("GM".into())),
            ("(;BO[10 ---- *];)", GgfError::BoardSize),
        ];
        for (text, error) in cases {
            assert_eq!(read(text).unwrap_err(), error, "{text}");
        }
        assert!(matches!(
            read("(;BO[8 ---- *];)"),
            Err(GgfError::Position(_))
        ));
        let illegal = read(&format!("(;{start}B[F5]W[A1];)")).unwrap_err();
        assert!(matches!(
            illegal,
            GgfError::Move { number: 2, ref text, error: MoveError::Illegal(_) } if text == "A1"
        ));
        assert_eq!(illegal.to_string().split(':').next(), Some("move 2 (A1)"));
        assert!(matches!(
            read(&format!("(;{start}B[PA];)")),
            Err(GgfError::Move {
                error: MoveError::NeedlessPass,
                ..
            })
        ));
        assert!(matches!(
            read(&format!("(;{start}B[Z9];)")),
            Err(GgfError::Move {
                error: MoveError::Square(_),
                ..
            })
        ));
    }
}
