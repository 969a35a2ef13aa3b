//! The named save slots (each under its own storage key, with the time of saving) and the games set aside
//! when another replaces them on the board (kept in storage, merged across tabs).

use serde::{Deserialize, Serialize};

use crate::session::kept::persist::{restore, save, Malformed, RestoreError};
use crate::session::{Kept, Settings};
use reversi_engine::{Game, Position};

/// How many named save slots the page offers.
pub const SLOTS: usize = 5;

/// The storage key of slot `n` (1-based). Each slot has its own key, so a damaged one cannot spoil another.
pub fn slot_key(n: usize) -> String {
    crate::session::kept::storage::slot(n)
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

/// True when two kept games are one game, one perhaps further on: the same id; for a game saved before
/// games had ids, the same start, players and clock, one line continuing the other.
fn same_game(a: &Kept, b: &Kept) -> bool {
    if a.id != 0 && b.id != 0 {
        return a.id == b.id;
    }
    let (la, lb) = (line(&a.game), line(&b.game));
    let players = |k: &Kept| {
        let s = k.settings;
        (s.mode, s.black_level, s.white_level, s.clock)
    };
    la.0 == lb.0 && players(a) == players(b) && (la.1.starts_with(&lb.1) || lb.1.starts_with(&la.1))
}

/// Whether a game is worth keeping aside: it has a move, or starts from a position of its own (a board
/// pasted or set up).
pub fn worth_keeping(game: &Game) -> bool {
    game.move_count() > 0 || game.can_redo() || game.start() != Position::START
}

/// The games to keep aside, from `games` (oldest first: what storage kept, this tab's, another tab's): one
/// entry per game (where one is the other further on, the longer is kept, as the newer; see
/// [`same_game`]), none that is `current` (the game on the board) or worth nothing (see
/// [`worth_keeping`]), and the last `most`. Two tabs writing their games by turns so keep both, each
/// findable after both are closed.
pub fn merge_aside(games: Vec<Kept>, current: Option<&Kept>, most: usize) -> Vec<Kept> {
    let mut kept: Vec<Kept> = Vec::new();
    for game in games {
        if !worth_keeping(&game.game) || current.is_some_and(|c| same_game(c, &game)) {
            continue;
        }
        let newer = match kept.iter().position(|k| same_game(k, &game)) {
            Some(i) => {
                let earlier = kept.remove(i);
                if line(&earlier.game).1.len() > line(&game.game).1.len() {
                    earlier
                } else {
                    game
                }
            }
            None => game,
        };
        kept.push(newer);
    }
    let skip = kept.len().saturating_sub(most);
    kept.into_iter().skip(skip).collect()
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
    use crate::session::testing::Program;
    use crate::session::GameAction;
    use crate::session::{Action, Mode};

    #[test]
    fn slots_keep_the_game_and_say_what_they_hold() {
        let mut session = Program::new(Settings {
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
        assert_eq!(restored.game, *session.play().game());
        assert!(read_slot("{\"saved_at\":1}").is_err());
        assert!(read_slot("garbage").is_err());
        assert_ne!(slot_key(1), slot_key(2));
    }

    /// A game saved before games had ids.
    fn game(moves: &str) -> Kept {
        let mut kept = Program::new(Settings::default()).kept();
        kept.game = Game::from_transcript(moves).unwrap();
        kept.id = 0;
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
        let board = game("e6f4c3");
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

    /// One game further on is one game; two games with different players, clocks or starts, or different
    /// ids, are two, whichever begins the other; a board set up with no move yet is kept.
    #[test]
    fn games_aside_are_told_apart_by_id_players_clock_and_start() {
        let with = |moves: &str, id: u64, f: &dyn Fn(&mut Settings)| {
            let mut kept = game(moves);
            kept.id = id;
            f(&mut kept.settings);
            kept
        };
        let same = |_: &mut Settings| {};
        let against_ai = |s: &mut Settings| {
            s.mode = Mode::HumanVsAi {
                human: reversi_engine::Color::Black,
            };
            s.black_level = 5;
            s.white_level = 5;
        };
        let clock = |s: &mut Settings| {
            s.clock = Some(crate::session::ClockSettings {
                minutes: 5,
                increment_s: 0,
            })
        };
        // Without ids: players or clock tell two games apart.
        let yours = with("f5d6c3d3c4f4", 0, &|s| {
            against_ai(s);
            clock(s)
        });
        let expert = with("f5d6c3d3c4f4c5b3", 0, &same);
        assert_eq!(lines(&merge_aside(vec![yours, expert], None, 5)).len(), 2);
        // With ids: the id alone, even between two people with no clock.
        let plain = with("f5d6c3", 7, &same);
        let other = with("f5d6c3d3c4", 8, &same);
        let further = with("f5d6c3d3", 7, &same);
        assert_eq!(
            lines(&merge_aside(
                vec![plain.clone(), other.clone(), further],
                None,
                5
            )),
            ["f5d6c3d3c4", "f5d6c3d3"]
        );
        assert_eq!(
            lines(&merge_aside(vec![plain, other.clone()], Some(&other), 5)),
            ["f5d6c3"]
        );
        // A board set up (no move yet) is kept; the standard start with no move is not.
        let mut board = game("");
        let pasted = [
            "........", "........", "..X.....", "...OX...", "...XO...", "........", "........",
            "........",
        ]
        .concat();
        board.game = Game::from_position(reversi_engine::Position::from_pasted(&pasted).unwrap());
        assert_eq!(merge_aside(vec![board, game("")], None, 5).len(), 1);
    }

    /// A slot holding a megabyte of moves is refused after reading as many moves as a game can have, its
    /// message short.
    #[test]
    fn a_slot_with_a_megabyte_of_moves_is_refused_at_its_first_bad_move() {
        let session = Program::new(Settings::default());
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
