//! Share links: a game in the URL fragment, `#t=f5d6c3` (the moves) with `p=<64 squares><side>` when it did
//! not start from the standard position. Plain text, so a link is readable and can be typed.

use reversi_engine::{Game, Position, PositionError};

/// The fragment (with `#`) that opens `game`.
///
/// ```
/// use reversi_engine::Game;
/// use reversi_web::session::share::fragment;
/// assert_eq!(fragment(&Game::from_transcript("f5d6c3").unwrap()), "#t=f5d6c3");
/// ```
pub fn fragment(game: &Game) -> String {
    let mut out = format!("#t={}", game.transcript());
    if game.start() != Position::START {
        let start = game.start().to_string().replace(' ', "");
        out.push_str(&format!("&p={start}"));
    }
    out
}

/// Undoes the percent-encoding a browser applies to a fragment (`f5%20d6` is `f5 d6`); an escape that is not
/// two hexadecimal digits stays as it is, and bytes that are not UTF-8 become U+FFFD.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' {
            if let (Some(h), Some(l)) = (
                bytes.get(i + 1).copied().and_then(hex),
                bytes.get(i + 2).copied().and_then(hex),
            ) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// What a fragment asks to open: `None` when it holds no game, else the start position (if given) and the
/// transcript, or why the position part is unreadable. The fragment is percent-decoded first.
pub fn parse(fragment: &str) -> Option<Result<(Option<Position>, String), PositionError>> {
    let decoded = percent_decode(fragment);
    let body = decoded.trim_start_matches('#');
    let mut transcript = None;
    let mut start = None;
    for part in body.split('&') {
        if let Some(value) = part.strip_prefix("t=") {
            transcript = Some(value.to_string());
        } else if let Some(value) = part.strip_prefix("p=") {
            start = Some(value.to_string());
        }
    }
    if transcript.is_none() && start.is_none() {
        return None;
    }
    let start = match start {
        None => None,
        Some(text) => {
            // The side letter is the last character (of any width); the text form wants a space before it.
            let cut = text.char_indices().last().map_or(0, |(i, _)| i);
            let (board, side) = text.split_at(cut);
            match format!("{board} {side}").parse::<Position>() {
                Ok(position) => Some(position),
                Err(error) => return Some(Err(error)),
            }
        }
    };
    Some(Ok((start, transcript.unwrap_or_default())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_round_trip() {
        let game = Game::from_transcript("f5d6c3d3c4").unwrap();
        let link = fragment(&game);
        assert_eq!(parse(&link), Some(Ok((None, "f5d6c3d3c4".to_string()))));
        let other_start = Game::from_position_and_transcript(game.position(), "f4").unwrap();
        let link = fragment(&other_start);
        let (start, moves) = parse(&link).unwrap().unwrap();
        assert_eq!(start, Some(game.position()));
        assert_eq!(
            Game::from_position_and_transcript(start.unwrap(), &moves).unwrap(),
            other_start
        );
    }

    #[test]
    fn fragments_without_a_game_or_with_a_bad_position() {
        assert_eq!(parse(""), None);
        assert_eq!(parse("#section"), None);
        assert!(matches!(parse("#p=XO&t=f5"), Some(Err(_))));
    }

    #[test]
    fn a_multi_byte_last_character_is_an_error_not_a_panic() {
        for fragment in [
            "#p=é",
            "#p=\u{1F600}",
            "#p=\u{1F600}\u{1F600}",
            "#p=",
            "#p=ü&t=é",
        ] {
            assert!(matches!(parse(fragment), Some(Err(_))), "{fragment}");
        }
    }

    #[test]
    fn fragments_are_percent_decoded() {
        assert_eq!(parse("#t=f5%20d6"), Some(Ok((None, "f5 d6".to_string()))));
        assert_eq!(percent_decode("%C3%A9"), "é");
        assert_eq!(percent_decode("100%"), "100%");
        assert_eq!(percent_decode("%zz%4"), "%zz%4");
        let game = Game::from_transcript("f5d6").unwrap();
        let start = game.position().to_string().replace(' ', "");
        let encoded = format!("#t=c3&p={}", start.replace('-', "%2D"));
        let (position, moves) = parse(&encoded).unwrap().unwrap();
        assert_eq!(position, Some(game.position()));
        assert_eq!(moves, "c3");
        // A non-ASCII side letter is reported as itself, not as a split escape.
        let bad = format!("#p={}%C3%A9", &start[..64]);
        let error = parse(&bad).unwrap().unwrap_err().to_string();
        assert!(!error.contains('%'), "{error}");
    }
}
