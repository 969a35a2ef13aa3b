//! The analysis room's values of the game on the board, kept beside its autosave: after a reload its graph
//! is whole at once, and the room asks only for what they lack. Written for one game (its id); read back
//! only for that game, and by position (a value is for the position it was found for, whatever the record
//! became since).

use serde::{Deserialize, Serialize};

use crate::protocol::ScoreKind;
use crate::session::room::Valued;
use reversi_engine::openings::parse_moves;
use reversi_engine::{Game, Move, Position};

/// One value: the position (as a position's text), the score for the side to move (hundredths of a disc), its kind (`e` exact, `w` win/loss/draw, `b` book, else the depth), the best
/// move (`pa` a pass) and the line.
#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct SavedValue(String, i32, String, u32, String, String);

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct SavedValues {
    /// The game's id, in hexadecimal.
    id: String,
    values: Vec<SavedValue>,
}

/// The values of game `id`, as kept.
pub fn write(id: u64, values: &[(Position, Valued)]) -> String {
    let values = values
        .iter()
        .map(|(position, v)| {
            let (kind, depth) = match v.kind {
                ScoreKind::Exact => ("e", 0),
                ScoreKind::WinLossDraw => ("w", 0),
                ScoreKind::Book => ("b", 0),
                ScoreKind::Midgame { depth } => ("m", depth),
            };
            let best = v.best.square().map_or("pa".to_string(), |s| s.to_string());
            let line = reversi_engine::transcript_of(v.line.iter().copied());
            SavedValue(
                position.to_string(),
                v.score,
                kind.to_string(),
                depth.max(v.depth),
                best,
                line,
            )
        })
        .collect();
    serde_json::to_string(&SavedValues {
        id: format!("{id:016x}"),
        values,
    })
    .expect("plain data serialises")
}

/// The values kept for game `id`, for the positions of `game`'s record; none when they are another game's,
/// or cannot be read (they are found again).
pub fn read(text: &str, id: u64, game: &Game) -> Vec<(Position, Valued)> {
    let Ok(saved) = serde_json::from_str::<SavedValues>(text) else {
        return Vec::new();
    };
    if id == 0 || saved.id != format!("{id:016x}") {
        return Vec::new();
    }
    let on_record = |position: &Position| {
        game.plies().iter().any(|p| p.before == *position) || game.position() == *position
    };
    saved
        .values
        .into_iter()
        .filter_map(|SavedValue(position, score, kind, depth, best, line)| {
            let position: Position = position.parse().ok().filter(on_record)?;
            let kind = match kind.as_str() {
                "e" => ScoreKind::Exact,
                "w" => ScoreKind::WinLossDraw,
                "b" => ScoreKind::Book,
                "m" => ScoreKind::Midgame { depth },
                _ => return None,
            };
            let best = match best.as_str() {
                "pa" => Move::Pass,
                square => Move::Place(square.parse().ok()?),
            };
            Some((
                position,
                Valued {
                    score,
                    kind,
                    depth,
                    best,
                    line: parse_moves(&line).ok()?,
                },
            ))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_come_back_for_their_game_only() {
        let game = Game::from_transcript("f5d6c3").unwrap();
        let valued = |score, kind| Valued {
            score,
            kind,
            depth: 12,
            best: Move::Place("d3".parse().unwrap()),
            line: vec!["d3".parse().unwrap(), "c4".parse().unwrap()],
        };
        let values = vec![
            (Position::START, valued(0, ScoreKind::Book)),
            (
                game.plies()[2].before,
                valued(-150, ScoreKind::Midgame { depth: 12 }),
            ),
            (game.position(), valued(400, ScoreKind::Exact)),
        ];
        let text = write(7, &values);
        assert_eq!(read(&text, 7, &game), values);
        // Another game's, or a game without an id, or unreadable: none; of another record, its positions.
        assert!(read(&text, 8, &game).is_empty());
        assert!(read(&text, 0, &game).is_empty());
        assert_eq!(
            read(&text, 7, &Game::from_transcript("f5").unwrap()).len(),
            1
        );
        assert!(read("{", 7, &game).is_empty());
    }
}
