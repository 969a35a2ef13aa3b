//! The named save slots (each under its own storage key, with the time of saving) and the games set aside
//! when another replaces them on the board (kept in storage, merged across tabs).

use serde::{Deserialize, Serialize};

use crate::session::persist::{restore, save, Malformed, RestoreError};
use crate::session::{Kept, Settings};
use reversi_engine::{Game, Position};

/// How many named save slots the page offers.
pub const SLOTS: usize = 5;

/// The storage key of slot `n` (1-based). Each slot has its own key, so a damaged one cannot spoil another.
pub fn slot_key(n: usize) -> String {
    format!("reversi.slot.{n}")
}

/// What a slot shows without being loaded.
#[derive(Clone, Debug, PartialEq)]
pub struct SlotInfo {
    /// When it was saved (milliseconds since the epoch).
    pub saved_at: f64,
    /// The session's settings (for the mode).
    pub settings: Settings,
    /// Placements made in the saved game.
    pub move_count: usize,
}

#[derive(Serialize, Deserialize)]
struct SlotFile {
    saved_at: f64,
    game: serde_json::Value,
}

/// A slot's content: the game as [`save`] writes it, with the time of saving.
pub fn save_slot(kept: &Kept, now_ms: f64) -> String {
    let game: serde_json::Value = serde_json::from_str(&save(kept)).expect("our own JSON");
    serde_json::to_string(&SlotFile {
        saved_at: now_ms,
        game,
    })
    .expect("plain data serialises")
}

/// Reads a slot: its summary and the game, or why it cannot be used.
pub fn read_slot(text: &str) -> Result<(SlotInfo, Kept), RestoreError> {
    let file: SlotFile = serde_json::from_str(text).map_err(|e| Malformed::json(&e))?;
    let kept = restore(&file.game.to_string())?;
    let info = SlotInfo {
        saved_at: file.saved_at,
        settings: kept.settings,
        move_count: kept.game.move_count(),
    };
    Ok((info, kept))
}

/// The whole line of `game`: its start, and its moves with the ones to redo.
fn line(game: &Game) -> (Position, String) {
    (game.start(), game.transcript() + &game.redo_transcript())
}

/// True when one of two lines continues the other (the same game, one further on).
fn same_game(a: &(Position, String), b: &(Position, String)) -> bool {
    a.0 == b.0 && (a.1.starts_with(&b.1) || b.1.starts_with(&a.1))
}

/// The games to keep aside, from `games` (oldest first: what storage kept, this tab's, another tab's): one
/// entry per game (where one is the other further on, the longer is kept, as the newer), none that is
/// `current` (the game on the board) or has no move, and the last `most`. Two tabs writing their games by
/// turns so keep both, each findable after both are closed.
pub fn merge_aside(games: Vec<Kept>, current: Option<&Game>, most: usize) -> Vec<Kept> {
    let current = current.map(line);
    let mut kept: Vec<((Position, String), Kept)> = Vec::new();
    for game in games {
        let this = line(&game.game);
        if this.1.is_empty() || current.as_ref().is_some_and(|c| same_game(c, &this)) {
            continue;
        }
        let longer = match kept.iter().position(|(l, _)| same_game(l, &this)) {
            Some(i) => {
                let (l, s) = kept.remove(i);
                if l.1.len() > this.1.len() {
                    (l, s)
                } else {
                    (this, game)
                }
            }
            None => (this, game),
        };
        kept.push(longer);
    }
    let skip = kept.len().saturating_sub(most);
    kept.into_iter().skip(skip).map(|(_, s)| s).collect()
}

/// The games put aside (see [`crate::session::Session::replaced`]) as stored: a JSON list of saves,
/// oldest first.
pub fn save_replaced(games: &[Kept]) -> String {
    let saves: Vec<String> = games.iter().map(save).collect();
    serde_json::to_string(&saves).expect("strings always encode")
}

/// The games put aside, as [`save_replaced`] wrote them (or as one save, as pages before the list wrote
/// it); a save that does not read is left out, the others kept.
pub fn read_replaced(text: &str) -> Vec<Kept> {
    match serde_json::from_str::<Vec<String>>(text) {
        Ok(saves) => saves.iter().filter_map(|s| restore(s).ok()).collect(),
        Err(_) => restore(text).into_iter().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameAction;
    use crate::session::{Action, Mode, Session};

    #[test]
    fn slots_keep_the_game_and_say_what_they_hold() {
        let mut session = Session::new(Settings {
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        });
        for m in ["f5", "d6", "c3"] {
            session.apply(Action::Game(GameAction::Square(m.parse().unwrap())));
        }
        let text = save_slot(&session.kept(), 1_700_000_000_000.0);
        let (info, restored) = read_slot(&text).unwrap();
        assert_eq!(info.move_count, 3);
        assert_eq!(info.saved_at, 1_700_000_000_000.0);
        assert_eq!(info.settings.mode, Mode::HumanVsHuman);
        assert_eq!(restored.game, session.play.game);
        assert!(read_slot("{\"saved_at\":1}").is_err());
        assert!(read_slot("garbage").is_err());
        assert_ne!(slot_key(1), slot_key(2));
    }

    fn game(moves: &str) -> Kept {
        let mut kept = Session::new(Settings::default()).kept();
        kept.game = Game::from_transcript(moves).unwrap();
        kept
    }

    fn lines(games: &[Kept]) -> Vec<String> {
        games.iter().map(|s| s.game.transcript()).collect()
    }

    /// Two tabs writing by turns: every game is kept once, as far as it went, and the one on the board is
    /// not kept twice.
    #[test]
    fn games_aside_are_merged_one_entry_a_game() {
        let stored = vec![game("f5d6"), game("c4c3")];
        let mine = vec![game("e6f4"), game("f5d6c3"), game("")];
        let other_tab = game("c4c3d3");
        let all: Vec<Kept> = stored.into_iter().chain(mine).chain([other_tab]).collect();
        let board = Game::from_transcript("e6f4c3").unwrap();
        let kept = merge_aside(all.clone(), Some(&board), 5);
        assert_eq!(lines(&kept), ["f5d6c3", "c4c3d3"]);
        assert_eq!(lines(&merge_aside(all, None, 2)), ["f5d6c3", "c4c3d3"]);
        let many: Vec<Kept> = ["f5d6", "d3c3", "c4c3", "e6f4", "f5f6", "d3c5"]
            .map(game)
            .into();
        assert_eq!(
            lines(&merge_aside(many, None, 5)),
            ["d3c3", "c4c3", "e6f4", "f5f6", "d3c5"],
            "the oldest dropped first"
        );
    }

    /// A slot holding a megabyte of moves is refused after reading as many moves as a game can have, its
    /// message short.
    #[test]
    fn a_slot_with_a_megabyte_of_moves_is_refused_at_its_first_bad_move() {
        let session = Session::new(Settings::default());
        let text = save_slot(&session.kept(), 1.0);
        let huge = text.replacen(
            "\"moves\":\"\"",
            &format!("\"moves\":\"{}\"", "f5".repeat(500_000)),
            1,
        );
        assert!(huge.len() > 1_000_000, "the moves were put in");
        let error = read_slot(&huge).unwrap_err().to_string();
        assert!(error.contains("move 2: f5 is not a legal move"), "{error}");
        assert!(error.len() < 200, "{error}");
    }
}
