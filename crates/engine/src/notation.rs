//! Transcripts: a game as its moves, `f5d6c3d3c4` (upper or lower case, spaces and commas allowed, passes
//! implicit or written `pass`/`pa`). Parsing into tokens lives here; playing them lives in [`Game`](super::Game).

use super::moves::is_pass_token;
use super::{Move, Square};

/// One token of a transcript: a move, or text that is not one (kept for the error message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Token {
    Move(Move),
    Bad(String),
}

/// The most tokens a transcript is read for: no game from any position has more plies (60 placements at
/// most, each after at most one pass, and a last pass), so a token past these can only be refused, and a
/// megabyte pasted in is refused after reading this much of it.
pub(crate) const MAX_TOKENS: usize = 122;

/// Splits a transcript into moves (at most [`MAX_TOKENS`]: the rest of a longer text is not read).
/// Separators (whitespace, `,`, `;`, `.`, `/`) may stand between moves and may be left out between squares;
/// move numbers such as `1.` are skipped.
pub(crate) fn tokenize(text: &str) -> Vec<Token> {
    let mut tokens = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || ",;/.".contains(c)) {
        if tokens.len() >= MAX_TOKENS {
            break;
        }
        if word.is_empty() || (word.bytes().all(|b| b.is_ascii_digit()) && word.len() <= 2) {
            continue;
        }
        if is_pass_token(word) {
            tokens.push(Token::Move(Move::Pass));
            continue;
        }
        let mut rest = word;
        while !rest.is_empty() && tokens.len() < MAX_TOKENS {
            // Only the next four bytes are looked at, so that a long word is read in linear time.
            if rest
                .get(..4)
                .is_some_and(|head| head.eq_ignore_ascii_case("pass"))
            {
                tokens.push(Token::Move(Move::Pass));
                rest = &rest[4..];
                continue;
            }
            let cut = rest.char_indices().nth(2).map_or(rest.len(), |(i, _)| i);
            let head = &rest[..cut];
            match head.parse::<Square>() {
                Ok(square) => tokens.push(Token::Move(Move::Place(square))),
                Err(_) => {
                    // Report the unreadable remainder of the word: "z9" or "f5x" reads better than "x" (its
                    // first 16 characters: a pasted page of junk is not worth repeating in full).
                    tokens.push(Token::Bad(shortened(rest)));
                    break;
                }
            }
            rest = &rest[cut..];
        }
    }
    tokens
}

/// `text`, or its first 16 characters followed by "…" when it is longer.
fn shortened(text: &str) -> String {
    match text.char_indices().nth(16) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Writes placements as a transcript (`f5d6c3`), leaving passes out.
pub(crate) fn format_moves(moves: impl IntoIterator<Item = Move>) -> String {
    transcript_of(moves.into_iter().filter_map(Move::square))
}

/// Writes squares as a transcript, the notation's one writer of a line of moves.
///
/// ```
/// use reversi_engine::transcript_of;
/// let line = ["f5", "d6", "c3"].map(|s| s.parse().unwrap());
/// assert_eq!(transcript_of(line), "f5d6c3");
/// ```
pub fn transcript_of(squares: impl IntoIterator<Item = Square>) -> String {
    let mut out = String::new();
    for square in squares {
        out.push_str(&square.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squares(text: &str) -> Vec<String> {
        tokenize(text)
            .into_iter()
            .map(|t| match t {
                Token::Move(m) => m.to_string(),
                Token::Bad(b) => format!("?{b}"),
            })
            .collect()
    }

    #[test]
    fn a_long_text_is_read_only_as_far_as_a_game_can_go() {
        let long = "f5".repeat(500_000);
        let tokens = tokenize(&long);
        assert_eq!(tokens.len(), MAX_TOKENS);
        assert!(tokens
            .iter()
            .all(|t| *t == Token::Move("f5".parse().unwrap())));
        let error = crate::Game::from_transcript(&long).unwrap_err();
        assert_eq!(
            error.to_string(),
            "move 2: f5 is not a legal move for White"
        );
    }

    #[test]
    fn separators_case_and_numbers() {
        assert_eq!(squares("f5d6C3"), ["f5", "d6", "c3"]);
        assert_eq!(squares("F5, D6 ,c3;d3"), ["f5", "d6", "c3", "d3"]);
        assert_eq!(squares("1. f5 2. d6 3.c3"), ["f5", "d6", "c3"]);
        assert_eq!(squares("f5 PA d6 pass"), ["f5", "pass", "d6", "pass"]);
        assert_eq!(squares("f5d6passc3"), ["f5", "d6", "pass", "c3"]);
        assert_eq!(squares("f5 z9 d6"), ["f5", "?z9", "d6"]);
        assert_eq!(squares("f5PaSsd6"), ["f5", "pass", "d6"]);
        assert_eq!(
            squares("f5xxxxxxxxxxxxxxxxxxxxxxxx"),
            ["f5", "?xxxxxxxxxxxxxxxx…"]
        );
        assert_eq!(squares("f5d"), ["f5", "?d"]);
        assert_eq!(squares("  "), Vec::<String>::new());
        assert_eq!(squares("f5é3"), ["f5", "?é3"]);
    }
}
