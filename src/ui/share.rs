//! Share links: a game in the URL fragment, `#t=f5d6c3` (the moves) with `p=<64 squares><side>` when it did
//! not start from the standard position. Plain text, so a link is readable and can be typed.

use crate::engine::{Game, Position, PositionError};

/// The fragment (with `#`) that opens `game`.
///
/// ```
/// use reversi::engine::Game;
/// use reversi::ui::share::fragment;
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

/// What a fragment asks to open: `None` when it holds no game, else the start position (if given) and the
/// transcript, or why the position part is unreadable.
pub fn parse(fragment: &str) -> Option<Result<(Option<Position>, String), PositionError>> {
    let body = fragment.trim_start_matches('#');
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
            // The side letter is the last character; the text form wants a space before it.
            let (board, side) = text.split_at(text.len().saturating_sub(1));
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
}
