//! A board with its colours: who is to move, and the 64-character text form used by `.obf` files
//! (`X` black, `O` white, `-` empty, squares a1 b1 … h1 a2 … h8, then the side to move).

use std::fmt;
use std::str::FromStr;

use super::error::PositionError;
use super::{Bitboard, Board, Square};

/// A side. Black moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves first; `X` in position texts.
    Black,
    /// `O` in position texts.
    White,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `X` for black, `O` for white.
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'X',
            Color::White => 'O',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Black => "Black",
            Color::White => "White",
        })
    }
}

/// A [`Board`] together with the colour of the side to move.
///
/// ```
/// use reversi_engine::{Color, Position};
/// let start = Position::START;
/// assert_eq!(
///     start.to_string(),
///     "---------------------------OX------XO--------------------------- X"
/// );
/// let parsed: Position = start.to_string().parse().unwrap();
/// assert_eq!(parsed, start);
/// assert_eq!(parsed.to_move, Color::Black);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    /// Discs relative to the side to move.
    pub board: Board,
    /// The side to move (the owner of `board.player()`).
    pub to_move: Color,
}

impl Position {
    /// The standard start position, black to move.
    pub const START: Position = Position {
        board: Board::START,
        to_move: Color::Black,
    };

    /// Builds a position from absolute disc sets.
    ///
    /// # Panics
    /// If the sets overlap.
    pub const fn from_colors(black: Bitboard, white: Bitboard, to_move: Color) -> Position {
        let board = match to_move {
            Color::Black => Board::new(black, white),
            Color::White => Board::new(white, black),
        };
        Position { board, to_move }
    }

    /// Black's discs.
    pub const fn black(&self) -> Bitboard {
        match self.to_move {
            Color::Black => self.board.player(),
            Color::White => self.board.opponent(),
        }
    }

    /// White's discs.
    pub const fn white(&self) -> Bitboard {
        match self.to_move {
            Color::Black => self.board.opponent(),
            Color::White => self.board.player(),
        }
    }

    /// The colour of the disc on `square`, if any.
    pub const fn disc(&self, square: Square) -> Option<Color> {
        if self.black().contains(square) {
            Some(Color::Black)
        } else if self.white().contains(square) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// Checks that a game can reach this position: the four centre squares are never empty.
    ///
    /// ```
    /// use reversi_engine::{Bitboard, Color, Position};
    /// assert!(Position::START.check().is_ok());
    /// let empty = Position::from_colors(Bitboard(0), Bitboard(0), Color::Black);
    /// assert!(empty.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), PositionError> {
        let occupied = self.black() | self.white();
        for name in ["d4", "e4", "d5", "e5"] {
            let square: Square = name.parse().expect("centre square name");
            if !occupied.contains(square) {
                return Err(PositionError::EmptyCentre { square });
            }
        }
        Ok(())
    }

    /// The position after `square`, with the pass the rules force on the next side applied; `None` if the
    /// move is not legal.
    ///
    /// ```
    /// use reversi_engine::{Color, Position};
    /// let next = Position::START.play("f5".parse().unwrap()).unwrap();
    /// assert_eq!(next.to_move, Color::White);
    /// assert!(Position::START.play("a1".parse().unwrap()).is_none());
    /// ```
    pub fn play(&self, square: Square) -> Option<Position> {
        if !self.board.is_legal(square) {
            return None;
        }
        let next = Position {
            board: self.board.play_unchecked(square),
            to_move: self.to_move.opponent(),
        };
        Some(if next.board.must_pass() {
            next.pass()
        } else {
            next
        })
    }

    /// Who plays each move of `line` from this position: the side to move, then the other, except where one
    /// side must pass and the same side moves again. Stops before the first move that is not legal.
    pub fn movers(&self, line: &[Square]) -> Vec<Color> {
        let mut position = *self;
        let mut movers = Vec::with_capacity(line.len());
        for &square in line {
            let mover = position.to_move;
            let Some(next) = position.play(square) else {
                break;
            };
            movers.push(mover);
            position = next;
        }
        movers
    }

    /// Whether `text` is meant as a board rather than a transcript: it begins, whitespace aside, with 16
    /// squares or more (two rows) in one of the usual alphabets (`X`/`O`/`-`, `*`/`O`/`-`, `b`/`w`/`.`, any
    /// case), or is all squares. A transcript always holds a digit from 1 to 8 within its first two
    /// characters, which no board alphabet has; a board with a stray character is still a board, refused
    /// by [`Position::from_pasted`] with the reason.
    pub fn is_board_text(text: &str) -> bool {
        let squares = text.chars().filter(|c| !c.is_whitespace());
        let lead = squares
            .clone()
            .take_while(|c| BOARD_CHARS.contains(*c))
            .take(64)
            .count();
        lead >= 16 || (lead > 0 && lead == squares.take(64).count())
    }

    /// Reads a pasted board: 64 squares in any of [`Position::is_board_text`]'s alphabets, then the side to
    /// move (`X`/`B`/`*` black, `O`/`W`/`0` white). With no side, black moves, unless black must pass and
    /// white can move. Refused with the reason named: the wrong number of squares, a character that is not a
    /// square, a side that is not one, an empty centre square.
    ///
    /// ```
    /// use reversi_engine::{Color, Position, PositionError};
    /// let board = "...........................wb......bw...........................";
    /// assert_eq!(Position::from_pasted(board).unwrap(), Position::START);
    /// let white = Position::from_pasted(&format!("{board} w")).unwrap();
    /// assert_eq!(white.to_move, Color::White);
    /// assert!(matches!(Position::from_pasted(&board[..60]), Err(PositionError::BadLength { actual: 60, .. })));
    /// ```
    pub fn from_pasted(text: &str) -> Result<Position, PositionError> {
        let squares = text.chars().filter(|c| !c.is_whitespace()).count();
        if squares != 64 {
            return text.parse();
        }
        let position: Position = format!("{} X", text.trim()).parse()?;
        Ok(if position.board.must_pass() {
            position.pass()
        } else {
            position
        })
    }

    /// The same discs with the other side to move.
    pub const fn pass(&self) -> Position {
        Position {
            board: self.board.pass(),
            to_move: self.to_move.opponent(),
        }
    }
}

/// The characters of the board alphabets [`Position::from_str`] reads.
const BOARD_CHARS: &str = "XxOo-._*0BbWw";

impl Default for Position {
    fn default() -> Position {
        Position::START
    }
}

impl fmt::Display for Position {
    /// The `.obf` text: 64 characters then a space and `X` or `O`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for square in Square::ALL {
            let c = match self.disc(square) {
                Some(color) => color.letter(),
                None => '-',
            };
            write!(f, "{c}")?;
        }
        write!(f, " {}", self.to_move.letter())
    }
}

impl FromStr for Position {
    type Err = PositionError;

    /// Reads `<64 squares> <side>`. Squares: `X`/`x`/`*`/`B` black, `O`/`o`/`0`/`W` white, `-`/`.`/`_` empty;
    /// whitespace between squares is allowed. The side is `X` (black) or `O` (white); anything after a `;`
    /// (the scores of an `.obf` line) is ignored. Positions with an empty centre square are rejected.
    fn from_str(text: &str) -> Result<Position, PositionError> {
        let text = text.split(';').next().unwrap_or("");
        let mut black = 0u64;
        let mut white = 0u64;
        let mut count = 0usize;
        let mut rest = "";
        for (offset, c) in text.char_indices() {
            if c.is_whitespace() {
                continue;
            }
            if count == 64 {
                rest = &text[offset..];
                break;
            }
            let bit = 1u64 << count;
            match c {
                'X' | 'x' | '*' | 'B' | 'b' => black |= bit,
                'O' | 'o' | '0' | 'W' | 'w' => white |= bit,
                '-' | '.' | '_' => {}
                found => {
                    return Err(PositionError::BadDisc {
                        square: Square::from_index(count),
                        found,
                    })
                }
            }
            count += 1;
        }
        if count < 64 {
            // With no side letter the last disc may have been taken for the side: count what is there.
            return Err(PositionError::BadLength {
                expected: 64,
                actual: count,
            });
        }
        let side = rest.trim();
        let to_move = match side {
            "X" | "x" | "*" | "B" | "b" => Color::Black,
            "O" | "o" | "0" | "W" | "w" => Color::White,
            _ => {
                // Squares past the 64th mean the board was too long: counted all, but for a side letter
                // standing apart at the end.
                let squares = side.chars().filter(|c| !c.is_whitespace()).count();
                if squares > 1
                    && side
                        .chars()
                        .all(|c| BOARD_CHARS.contains(c) || c.is_whitespace())
                {
                    let side_apart = side.split_whitespace().count() > 1
                        && side.split_whitespace().last().is_some_and(|w| w.len() == 1);
                    return Err(PositionError::BadLength {
                        expected: 64,
                        actual: 64 + squares - usize::from(side_apart),
                    });
                }
                return Err(PositionError::BadSide {
                    text: crate::excerpt(side),
                });
            }
        };
        let position = Position::from_colors(Bitboard(black), Bitboard(white), to_move);
        position.check()?;
        Ok(position)
    }
}

#[cfg(test)]
mod tests {

    #[test]
    fn a_line_across_a_forced_pass_names_the_side_that_moves_again() {
        // Random games until one move leaves the other side without a move.
        let mut rng = crate::Rng::new(7);
        let (before, first, second) = 'found: loop {
            let mut position = Position::START;
            loop {
                let moves: Vec<Square> = position.board.moves().iter().collect();
                if moves.is_empty() {
                    break;
                }
                let square = moves[rng.below(moves.len() as u64) as usize];
                let next = position.play(square).unwrap();
                if next.to_move == position.to_move {
                    if let Some(again) = next.board.moves().iter().next() {
                        break 'found (position, square, again);
                    }
                }
                position = next;
            }
        };
        let mover = before.to_move;
        assert_eq!(before.movers(&[first, second]), [mover, mover]);
        // Without a pass the sides alternate; an illegal move ends the list.
        let opening = Position::START;
        let line: Vec<Square> = ["f5", "d6", "c3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(
            opening.movers(&line),
            [Color::Black, Color::White, Color::Black]
        );
        let a1: Square = "a1".parse().unwrap();
        assert_eq!(opening.movers(&[line[0], a1, line[2]]), [Color::Black]);
    }

    use super::*;

    #[test]
    fn pasted_boards_are_read_in_every_alphabet_and_refused_by_name() {
        let start = Position::START;
        let x = start.to_string();
        let star = x.replace('X', "*");
        let bw = x[..64]
            .replace('X', "b")
            .replace('O', "w")
            .replace('-', ".");
        for text in [
            x.clone(),
            star,
            bw.to_uppercase(),
            bw.clone(),
            format!("{bw}\n b"),
        ] {
            assert!(Position::is_board_text(&text), "{text}");
            assert_eq!(Position::from_pasted(&text), Ok(start), "{text}");
        }
        // Rows on lines of their own read the same.
        let rows: Vec<&str> = (0..8).map(|r| &bw[8 * r..8 * r + 8]).collect();
        assert_eq!(Position::from_pasted(&rows.join("\n")), Ok(start));
        assert!(!Position::is_board_text("f5d6c3"));
        assert!(!Position::is_board_text("b3b4"));
        assert!(!Position::is_board_text("  "));
        // A board with a stray character is a board all the same (and refused as one).
        assert!(Position::is_board_text(&format!("{}f5", ".".repeat(63))));
        assert!(Position::is_board_text(&format!("{}f5", ".".repeat(64))));
        assert!(!Position::is_board_text(&format!("{}f5", ".".repeat(15))));
        assert_eq!(
            Position::from_pasted(&bw[..63]),
            Err(PositionError::BadLength {
                expected: 64,
                actual: 63
            })
        );
        assert_eq!(
            Position::from_pasted(&format!("{bw}..")),
            Err(PositionError::BadLength {
                expected: 64,
                actual: 66
            })
        );
        let with_z = format!("z{}", &bw[1..]);
        assert_eq!(
            Position::from_pasted(&with_z),
            Err(PositionError::BadDisc {
                square: "a1".parse().unwrap(),
                found: 'z'
            })
        );
        assert_eq!(
            Position::from_pasted(&format!("{bw} q")),
            Err(PositionError::BadSide { text: "q".into() })
        );
        let hole = bw.replacen('w', ".", 1);
        assert_eq!(
            Position::from_pasted(&hole),
            Err(PositionError::EmptyCentre {
                square: "d4".parse().unwrap()
            })
        );
        // Black to move with no move and white with one: white moves. Black's one disc, d4, has white to the
        // edge east, south and south-east, and nothing next to it elsewhere.
        let mut cells = vec!['.'; 64];
        cells["d4".parse::<Square>().unwrap().index()] = 'b';
        for name in [
            "e4", "f4", "g4", "h4", "d5", "d6", "d7", "d8", "e5", "f6", "g7", "h8",
        ] {
            cells[name.parse::<Square>().unwrap().index()] = 'w';
        }
        let only_white: String = cells.into_iter().collect();
        let position = Position::from_pasted(&only_white).unwrap();
        assert_eq!(position.to_move, Color::White);
    }

    #[test]
    fn bad_texts_say_what_is_wrong() {
        let start = Position::START.to_string();
        assert_eq!(
            "XO-".parse::<Position>(),
            Err(PositionError::BadLength {
                expected: 64,
                actual: 3
            })
        );
        let short = &start[..63];
        assert!(matches!(
            short.parse::<Position>(),
            Err(PositionError::BadLength { .. } | PositionError::BadSide { .. })
        ));
        let long = format!("{}-- X", &start[..64]);
        assert_eq!(
            long.parse::<Position>(),
            Err(PositionError::BadLength {
                expected: 64,
                actual: 66
            })
        );
        let no_side = &start[..64];
        assert_eq!(
            no_side.parse::<Position>(),
            Err(PositionError::BadSide {
                text: String::new()
            })
        );
        let bad_side = format!("{} Q", &start[..64]);
        assert!(matches!(
            bad_side.parse::<Position>(),
            Err(PositionError::BadSide { .. })
        ));
        let bad_disc = format!("{}?{} X", &start[..10], &start[11..64]);
        assert_eq!(
            bad_disc.parse::<Position>(),
            Err(PositionError::BadDisc {
                square: "c2".parse().unwrap(),
                found: '?'
            })
        );
        let empty_centre = format!("{} X", "-".repeat(64));
        assert_eq!(
            empty_centre.parse::<Position>(),
            Err(PositionError::EmptyCentre {
                square: "d4".parse().unwrap()
            })
        );
    }

    #[test]
    fn obf_lines_parse_with_their_scores_ignored() {
        let line =
            "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+8; B1:+4;";
        let position: Position = line.parse().unwrap();
        assert_eq!(position.to_move, Color::Black);
        assert_eq!(position.board.empty_count(), 14);
        assert_eq!(position.to_string(), line[..66]);
    }
}
