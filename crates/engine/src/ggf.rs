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
    /// The game is not closed with `;)`.
    NotClosed,
    /// Text that is neither a tag nor the game's end (shown as its first characters).
    Unexpected(String),
    /// A game inside the game: `(;` before the first one was closed.
    Nested,
    /// More than one game (or other text) after the first game's `;)`.
    SeveralGames,
    /// A record with neither a board nor a move.
    Empty,
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
            GgfError::NotClosed => write!(f, "the game is not closed with \";)\""),
            GgfError::Unexpected(text) => write!(f, "\"{text}\" is not a GGF tag"),
            GgfError::Nested => write!(f, "a game inside the game (GGF games are not nested)"),
            GgfError::SeveralGames => write!(f, "more than one game: paste one at a time"),
            GgfError::Empty => write!(f, "the record has no board and no move"),
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

/// Plays one move given as `F5` (any case) or a pass, `PA` or `pass` (GGS's archives write the latter); a
/// pass is only accepted where the rules forced one.
pub fn play_move(game: &mut Game, text: &str) -> Result<(), MoveError> {
    if text.eq_ignore_ascii_case("pa") || text.eq_ignore_ascii_case("pass") {
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
/// empty; the squares in one run or in rows separated by spaces, as GGS's archives write them; the
/// standard start when absent) and the moves from `B[..]` / `W[..]` in order (`F5//1.2`: the part before the
/// first `/`). Nothing is returned but the whole game or the first error.
///
/// The text is read as GGS reads it: a tag is letters followed by its value in brackets, where `\]` and
/// `\\` stand for `]` and `\` (so a `[` inside a value is just a character, and an unescaped `]` ends
/// it); tags are read in any case (`b[f5]` is a move); other tags are skipped. Refused with the reason:
/// text outside a tag, a game not closed with `;)`, a game inside the game, a second game after the first,
/// and a record with neither a board nor a move.
pub fn read(text: &str) -> Result<Game, GgfError> {
    read_counted(text).map(|(game, _)| game)
}

/// The value of a tag from just after its `[`: the text to the first unescaped `]`, unescaped, and what
/// follows the `]`; `None` when no `]` closes it.
fn tag_value_from(text: &str) -> Option<(String, &str)> {
    let mut value = String::new();
    let mut chars = text.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => value.push(chars.next()?.1),
            ']' => return Some((value, &text[i + 1..])),
            _ => value.push(c),
        }
    }
    None
}

/// [`read`], with the number of moves the record wrote (passes written `PA` included): where the record
/// leaves out a pass the rules force, the game has one ply more than the record.
pub fn read_counted(text: &str) -> Result<(Game, usize), GgfError> {
    let Some(mut rest) = text.trim().strip_prefix("(;") else {
        return Err(GgfError::NotGgf);
    };
    let mut start = None;
    let mut moves = Vec::new();
    loop {
        rest = rest.trim_start();
        if let Some(after) = rest.strip_prefix(";)") {
            if !after.trim().is_empty() {
                return Err(GgfError::SeveralGames);
            }
            break;
        }
        if rest.is_empty() {
            return Err(GgfError::NotClosed);
        }
        if rest.starts_with("(;") {
            return Err(GgfError::Nested);
        }
        let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
        let (tag, after) = rest.split_at(letters);
        let Some(after) = after.trim_start().strip_prefix('[').filter(|_| letters > 0) else {
            return Err(GgfError::Unexpected(crate::excerpt(rest)));
        };
        let (value, after) =
            tag_value_from(after).ok_or_else(|| GgfError::UnclosedTag(crate::excerpt(tag)))?;
        rest = after;
        match tag.to_ascii_uppercase().as_str() {
            "BO" => start = Some(board(&value)?),
            "B" | "W" => moves.push(value.split('/').next().unwrap_or("").trim().to_string()),
            _ => {}
        }
    }
    if start.is_none() && moves.is_empty() {
        return Err(GgfError::Empty);
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

/// The start position of a `BO` value: the size (8), the squares (in one run, or in rows separated by
/// spaces), then the side to move.
fn board(value: &str) -> Result<Position, GgfError> {
    let mut parts: Vec<&str> = value.split_whitespace().collect();
    if parts.first() != Some(&"8") {
        return Err(GgfError::BoardSize);
    }
    let side = if parts.len() > 2 {
        parts.pop().unwrap_or("")
    } else {
        ""
    };
    let squares = parts[1..].concat().replace('*', "X");
    format!("{squares} {}", side.replace('*', "X"))
        .parse()
        .map_err(GgfError::Position)
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
    fn broken_records_are_refused_with_their_reason() {
        let junk = "x".repeat(65_536);
        let cases = [
            ("(;".to_string(), GgfError::NotClosed),
            ("(;;)".to_string(), GgfError::Empty),
            (
                format!("(;{junk}"),
                GgfError::Unexpected(format!("{}…", "x".repeat(16))),
            ),
            ("(;(;B[F5];);)".to_string(), GgfError::Nested),
            (
                "(;C[a[b]c]B[F5];)".to_string(),
                GgfError::Unexpected("c]B[F5];)".into()),
            ),
            ("(;B[F5];)(;B[F5];)".to_string(), GgfError::SeveralGames),
            ("(;B[F5]".to_string(), GgfError::NotClosed),
            ("(;PB[a\\]b".to_string(), GgfError::UnclosedTag("PB".into())),
        ];
        for (text, error) in cases {
            let short: String = text.chars().take(30).collect();
            assert_eq!(read(&text).unwrap_err(), error, "{short}");
        }
    }

    #[test]
    fn escapes_lowercase_tags_and_ggs_forms_are_read() {
        // An escaped bracket in a name; a `[` in a comment is only a character.
        assert_eq!(read("(;PB[a\\]b]C[x[y]B[F5];)").unwrap().transcript(), "f5");
        // Tags in any case.
        assert_eq!(read("(;b[f5]w[D6];)").unwrap().transcript(), "f5d6");
        // GGS writes a pass `pass`, and the board in rows.
        let rows = "-------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *";
        assert_eq!(
            read(&format!("(;GM[Othello]BO[8 {rows}]B[F5]W[D6];)"))
                .unwrap()
                .transcript(),
            "f5d6"
        );
        let board = format!("********{}{}", "*O------", "*".repeat(48));
        let game = read(&format!("(;BO[8 {board} O]W[pass]B[C2];)")).unwrap();
        assert_eq!(game.transcript(), "c2");
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
