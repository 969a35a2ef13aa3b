//! Share links: a game in the URL fragment, `#t=f5d6c3` (the moves) with `p=<64 squares><side>` when it did
//! not start from the standard position, and `m=` who played it: `b4` (a person with black against level 4),
//! `w4` (a person with white), `a4-6` (the engine against itself, black's level first); none for two people.
//! Plain text, so a link is readable and can be typed.

use reversi_engine::{Color, Game, Position, PositionError, Square};

use crate::session::{Mode, Settings};

/// Who plays a shared game: the mode and the engine's levels (black's, white's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Players {
    /// Who plays.
    pub mode: Mode,
    /// The level of the engine with black.
    pub black_level: u8,
    /// The level of the engine with white.
    pub white_level: u8,
}

/// The fragment that opens `game` as `settings` play it (two people: no `m=`).
///
/// ```
/// use reversi_engine::{Color, Game};
/// use reversi_web::session::record::share::fragment_with_players;
/// use reversi_web::session::{Mode, Settings};
/// let game = Game::from_transcript("f5d6").unwrap();
/// let settings = Settings {
///     mode: Mode::HumanVsAi { human: Color::White },
///     black_level: 7,
///     ..Settings::default()
/// };
/// assert_eq!(fragment_with_players(&game, &settings), "#t=f5d6&m=w7");
/// ```
pub fn fragment_with_players(game: &Game, settings: &Settings) -> String {
    let mut out = fragment(game);
    match settings.mode {
        Mode::HumanVsHuman => {}
        Mode::HumanVsAi { human } => {
            let (side, level) = match human {
                Color::Black => ('b', settings.white_level),
                Color::White => ('w', settings.black_level),
            };
            out.push_str(&format!("&m={side}{level}"));
        }
        Mode::AiVsAi => out.push_str(&format!(
            "&m=a{}-{}",
            settings.black_level, settings.white_level
        )),
    }
    out
}

/// The fragment of `game` played as `settings` say (see [`fragment_with_players`]), with the lines tried
/// beside it, the one shown first (`&v=24.g3b4` each: the ply it branches before, then its moves).
pub fn fragment_with_variations(
    game: &Game,
    settings: &Settings,
    variations: &[crate::session::record::variation::Variation],
    shown: Option<usize>,
) -> String {
    let mut out = fragment_with_players(game, settings);
    let order = shown
        .into_iter()
        .chain((0..variations.len()).filter(|&i| Some(i) != shown));
    for i in order {
        let Some(variation) = variations.get(i) else {
            continue;
        };
        let (moves, _) = variation.all();
        if !moves.is_empty() {
            let moves = reversi_engine::transcript_of(moves);
            out.push_str(&format!("&v={}.{moves}", variation.at()));
        }
    }
    out
}

/// The lines a fragment names (its `v=`, one each): the ply each branches before and its moves; one that
/// cannot be read is left out (the game still opens).
pub fn variations(fragment: &str) -> Vec<(usize, Vec<Square>)> {
    let decoded = percent_decode(fragment);
    decoded
        .trim_start_matches('#')
        .split('&')
        .filter_map(|part| part.strip_prefix("v="))
        .filter_map(|value| {
            let (at, moves) = value.split_once('.')?;
            let moves = reversi_engine::openings::parse_moves(moves).ok()?;
            Some((at.parse().ok()?, moves)).filter(|(_, m): &(usize, Vec<Square>)| !m.is_empty())
        })
        .collect()
}

/// Who plays the game of a fragment (its `m=`); `None` without one, or with one this page cannot read
/// (the game still opens, between two people).
pub fn players(fragment: &str) -> Option<Players> {
    let decoded = percent_decode(fragment);
    let value = decoded
        .trim_start_matches('#')
        .split('&')
        .find_map(|part| part.strip_prefix("m="))?;
    let level = |text: &str| {
        text.parse::<u8>()
            .ok()
            .filter(|l| (1..=reversi_engine::MAX_LEVEL).contains(l))
    };
    let (kind, rest) = value.split_at_checked(1)?;
    match kind {
        "b" | "w" => {
            let level = level(rest)?;
            let human = if kind == "b" {
                Color::Black
            } else {
                Color::White
            };
            Some(Players {
                mode: Mode::HumanVsAi { human },
                black_level: level,
                white_level: level,
            })
        }
        "a" => {
            let (black, white) = rest.split_once('-')?;
            Some(Players {
                mode: Mode::AiVsAi,
                black_level: level(black)?,
                white_level: level(white)?,
            })
        }
        _ => None,
    }
}

/// The fragment (with `#`) that opens `game`.
///
/// ```
/// use reversi_engine::Game;
/// use reversi_web::session::record::share::fragment;
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
    fn who_plays_rides_along_and_a_bad_mode_is_ignored() {
        let game = Game::from_transcript("f5").unwrap();
        let against = Settings {
            mode: Mode::HumanVsAi {
                human: Color::Black,
            },
            black_level: 2,
            white_level: 9,
            ..Settings::default()
        };
        let link = fragment_with_players(&game, &against);
        assert_eq!(link, "#t=f5&m=b9");
        assert_eq!(parse(&link), Some(Ok((None, "f5".to_string()))));
        assert_eq!(
            players(&link),
            Some(Players {
                mode: against.mode,
                black_level: 9,
                white_level: 9
            })
        );
        let watch = Settings {
            mode: Mode::AiVsAi,
            ..against
        };
        let link = fragment_with_players(&game, &watch);
        assert_eq!(link, "#t=f5&m=a2-9");
        assert_eq!(
            players(&link).map(|p| (p.black_level, p.white_level)),
            Some((2, 9))
        );
        let people = Settings {
            mode: Mode::HumanVsHuman,
            ..against
        };
        assert_eq!(fragment_with_players(&game, &people), "#t=f5");
        for bad in [
            "#t=f5",
            "#t=f5&m=",
            "#t=f5&m=b",
            "#t=f5&m=b0",
            "#t=f5&m=b99",
            "#t=f5&m=x4",
            "#t=f5&m=a4",
            "#t=f5&m=é4",
        ] {
            assert_eq!(players(bad), None, "{bad}");
        }
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
