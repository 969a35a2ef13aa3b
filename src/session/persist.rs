//! The saved form of a session (autosave in the browser's storage): versioned JSON holding the settings,
//! the start position, the moves played and the moves that can be redone. Reading checks everything and
//! fails with a reason rather than restoring a game that is not exactly the one saved.

use serde::{Deserialize, Serialize};

use crate::session::{ClockSettings, GameClock, Kept, Mode, Scoring, Settings, Start};
use reversi_engine::{Color, Game, Position, Square, MAX_LEVEL};

pub use crate::session::saved::{RestoreError, VERSION};
/// The storage key of the autosaved game.
pub const AUTOSAVE_KEY: &str = "reversi.autosave";
/// Where autosaved data that could not be read (wholly or in part) is kept before anything is written over
/// it: this key, or the key with `-2` … `-9` when it already holds other data.
pub const BACKUP_KEY: &str = "reversi.autosave.unreadable";

/// Brings saved data of an older format version up to [`VERSION`], one version at a time. Version 1 is the
/// first format, so today there is no step to take; the next format adds its step here (for example
/// renaming a field in the JSON value) and tests it.
pub fn migrate(mut value: serde_json::Value) -> Result<serde_json::Value, RestoreError> {
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| RestoreError::Malformed("no version number".to_string()))?;
    if version > VERSION as u64 {
        return Err(RestoreError::Version(version.min(u32::MAX as u64) as u32));
    }
    if version < 1 {
        return Err(RestoreError::Version(version as u32));
    }
    // Steps from version n to n + 1 go here, each ending with value["version"] = n + 1.
    value["version"] = serde_json::Value::from(VERSION);
    Ok(value)
}

/// What [`recover`] could read of saved data.
#[derive(Debug)]
pub struct Recovered {
    /// The game restored.
    pub kept: Kept,
    /// What could not be restored (the later moves from the first bad one, or the moves to redo), if
    /// anything.
    pub lost: Option<RestoreError>,
}

/// Restores as much of saved data as is valid: everything, as [`restore`] does; or, when a move or a redo
/// move is bad, the game up to the last good move (without the redo moves), with the reason in `lost`.
/// Data that is not a save at all, of a newer version, or with bad settings is an error.
pub fn recover(text: &str) -> Result<Recovered, RestoreError> {
    let error = match restore(text) {
        Ok(kept) => return Ok(Recovered { kept, lost: None }),
        Err(error) => error,
    };
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RestoreError::Malformed(e.to_string()))?;
    let mut saved: Saved = serde_json::from_value(migrate(value)?)
        .map_err(|e| RestoreError::Malformed(e.to_string()))?;
    let start: Position = saved
        .start
        .parse()
        .map_err(|e| RestoreError::Invalid(format!("start position: {e}")))?;
    // The longest valid prefix of the moves; the redo moves go with anything after it.
    let mut game = Game::from_position(start);
    let squares: Vec<&str> = saved
        .moves
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap_or(""))
        .collect();
    for text in squares {
        match text.parse::<Square>().ok().map(|s| game.play(s)) {
            Some(Ok(())) => {}
            _ => break,
        }
    }
    saved.moves = game.transcript();
    saved.redo = String::new();
    let retried = serde_json::to_string(&saved).expect("plain data serialises");
    let kept = restore(&retried)?;
    Ok(Recovered {
        kept,
        lost: Some(error),
    })
}

#[derive(Serialize, Deserialize, Debug, PartialEq)]
struct Saved {
    version: u32,
    mode: SavedMode,
    black_level: u8,
    white_level: u8,
    ai_move_delay_ms: u32,
    /// Position text of the start.
    start: String,
    /// The placements played, as a transcript (passes implicit).
    moves: String,
    /// The placements that can be redone, next first.
    redo: String,
    analyse: bool,
    analyse_depth: u32,
    #[serde(default = "default_scoring")]
    scoring: SavedScoring,
    /// Minutes per side (0: no clock).
    #[serde(default)]
    clock_minutes: u32,
    /// Seconds added per move.
    #[serde(default)]
    clock_increment_s: u32,
    /// Time left for black and white (milliseconds), when there is a clock.
    #[serde(default)]
    remaining_ms: Option<[f64; 2]>,
    /// The side that lost on time, if one did.
    #[serde(default)]
    flagged: Option<SavedSide>,
    /// The AI's mistakes: the most discs one loses (0: none), and one move in how many.
    #[serde(default)]
    mistakes_loss: u32,
    #[serde(default)]
    mistakes_one_in: u32,
    /// Where new games start: `standard`, `xot` or `random:<moves>:<low>:<high>`.
    #[serde(default)]
    start_choice: String,
}

/// The start choice as saved.
fn start_code(start: Start) -> String {
    match start {
        Start::Standard => "standard".to_string(),
        Start::Xot => "xot".to_string(),
        Start::Random { moves, low, high } => format!("random:{moves}:{low}:{high}"),
    }
}

/// The start choice saved as `code` (the standard start for anything unreadable: it only sets up the next
/// game).
fn start_from_code(code: &str) -> Start {
    let parts: Vec<&str> = code.split(':').collect();
    match parts.as_slice() {
        ["xot"] => Start::Xot,
        ["random", moves, low, high] => match (moves.parse(), low.parse(), high.parse()) {
            (Ok(moves), Ok(low), Ok(high)) if moves <= 50 && low <= high => {
                Start::Random { moves, low, high }
            }
            _ => Start::Standard,
        },
        _ => Start::Standard,
    }
}

/// Who plays, as saved. Any other text reads as `Unknown`, refused with its reason by [`restore`].
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
enum SavedMode {
    #[serde(rename = "hvh")]
    HumanVsHuman,
    /// The person plays black against the engine.
    #[serde(rename = "hva-black")]
    HumanPlaysBlack,
    #[serde(rename = "hva-white")]
    HumanPlaysWhite,
    #[serde(rename = "ava")]
    AiVsAi,
    #[serde(other)]
    Unknown,
}

impl From<Mode> for SavedMode {
    fn from(mode: Mode) -> SavedMode {
        match mode {
            Mode::HumanVsHuman => SavedMode::HumanVsHuman,
            Mode::HumanVsAi {
                human: Color::Black,
            } => SavedMode::HumanPlaysBlack,
            Mode::HumanVsAi {
                human: Color::White,
            } => SavedMode::HumanPlaysWhite,
            Mode::AiVsAi => SavedMode::AiVsAi,
        }
    }
}

impl SavedMode {
    fn mode(self) -> Option<Mode> {
        Some(match self {
            SavedMode::HumanVsHuman => Mode::HumanVsHuman,
            SavedMode::HumanPlaysBlack => Mode::HumanVsAi {
                human: Color::Black,
            },
            SavedMode::HumanPlaysWhite => Mode::HumanVsAi {
                human: Color::White,
            },
            SavedMode::AiVsAi => Mode::AiVsAi,
            SavedMode::Unknown => return None,
        })
    }
}

/// How the final score counts the empty squares, as saved (`winner` when absent: older saves).
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
enum SavedScoring {
    #[serde(rename = "winner")]
    EmptiesToWinner,
    #[serde(rename = "split")]
    Split,
    #[serde(other)]
    Unknown,
}

fn default_scoring() -> SavedScoring {
    SavedScoring::EmptiesToWinner
}

/// A side, as saved.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
enum SavedSide {
    #[serde(rename = "black")]
    Black,
    #[serde(rename = "white")]
    White,
    #[serde(other)]
    Unknown,
}

/// A kept game as JSON.
pub fn save(kept: &Kept) -> String {
    let settings = kept.settings;
    let saved = Saved {
        version: VERSION,
        mode: settings.mode.into(),
        black_level: settings.black_level,
        white_level: settings.white_level,
        ai_move_delay_ms: settings.ai_move_delay_ms,
        start: kept.game.start().to_string(),
        moves: kept.game.transcript(),
        redo: kept.game.redo_transcript(),
        analyse: kept.analyse,
        analyse_depth: kept.analyse_depth,
        scoring: match kept.scoring {
            Scoring::EmptiesToWinner => SavedScoring::EmptiesToWinner,
            Scoring::Split => SavedScoring::Split,
        },
        clock_minutes: settings.clock.map_or(0, |c| c.minutes),
        clock_increment_s: settings.clock.map_or(0, |c| c.increment_s),
        remaining_ms: kept.clock.as_ref().map(|c| c.remaining_ms),
        flagged: kept
            .clock
            .as_ref()
            .and_then(|c| c.flagged)
            .map(|c| match c {
                Color::Black => SavedSide::Black,
                Color::White => SavedSide::White,
            }),
        mistakes_loss: settings.mistakes.map_or(0, |m| m.max_loss),
        mistakes_one_in: settings.mistakes.map_or(0, |m| m.one_in),
        start_choice: start_code(settings.start),
    };
    serde_json::to_string(&saved).expect("plain data serialises")
}

/// A kept game from JSON written by [`save`]: the same game, the same redo moves, the same settings and
/// clock.
pub fn restore(text: &str) -> Result<Kept, RestoreError> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| RestoreError::Malformed(e.to_string()))?;
    let saved: Saved = serde_json::from_value(migrate(value)?)
        .map_err(|e| RestoreError::Malformed(e.to_string()))?;
    let invalid = |reason: String| RestoreError::Invalid(reason);
    let mode = saved
        .mode
        .mode()
        .ok_or_else(|| invalid("unknown mode".to_string()))?;
    for level in [saved.black_level, saved.white_level] {
        if !(1..=MAX_LEVEL).contains(&level) {
            return Err(invalid(format!("level {level} is not 1 to {MAX_LEVEL}")));
        }
    }
    let start: Position = saved
        .start
        .parse()
        .map_err(|e| invalid(format!("start position: {e}")))?;
    let mut game = Game::from_position_and_transcript(start, &saved.moves)
        .map_err(|e| invalid(format!("moves: {e}")))?;
    // Replay the redo moves and take them back, which leaves them to redo.
    let redo = Game::from_position_and_transcript(game.position(), &saved.redo)
        .map_err(|e| invalid(format!("redo moves: {e}")))?;
    let redo_squares: Vec<Square> = redo.plies().iter().filter_map(|p| p.mv.square()).collect();
    for &square in &redo_squares {
        game.play(square)
            .map_err(|e| invalid(format!("redo moves: {e}")))?;
    }
    for _ in &redo_squares {
        game.undo();
    }
    let settings = Settings {
        mistakes: (saved.mistakes_loss > 0 && saved.mistakes_one_in > 0).then_some(
            reversi_engine::mistakes::Mistakes {
                max_loss: saved.mistakes_loss.min(64),
                one_in: saved.mistakes_one_in.min(100),
            },
        ),
        start: start_from_code(&saved.start_choice),
        mode,
        black_level: saved.black_level,
        white_level: saved.white_level,
        ai_move_delay_ms: saved.ai_move_delay_ms.min(10_000),
        clock: (saved.clock_minutes > 0).then_some(ClockSettings {
            minutes: saved.clock_minutes.min(180),
            increment_s: saved.clock_increment_s.min(60),
        }),
    };
    // The clock first, with its saved times, so that an engine to move thinks within what is left.
    let mut clock = settings.clock.map(GameClock::new);
    if let (Some(clock), Some(remaining)) = (clock.as_mut(), saved.remaining_ms) {
        if remaining.iter().any(|ms| !ms.is_finite() || *ms < 0.0) {
            return Err(invalid("clock times must be positive".to_string()));
        }
        clock.remaining_ms = remaining;
        clock.flagged = match saved.flagged {
            None => None,
            Some(SavedSide::Black) => Some(Color::Black),
            Some(SavedSide::White) => Some(Color::White),
            Some(SavedSide::Unknown) => return Err(invalid("unknown side".to_string())),
        };
    }
    let scoring = match saved.scoring {
        SavedScoring::EmptiesToWinner => Scoring::EmptiesToWinner,
        SavedScoring::Split => Scoring::Split,
        SavedScoring::Unknown => return Err(invalid("unknown scoring".to_string())),
    };
    Ok(Kept {
        settings,
        game,
        clock,
        analyse: saved.analyse,
        analyse_depth: saved.analyse_depth,
        scoring,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Request;
    use crate::session::{Action, Session};

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn the_ai_mistakes_and_the_start_choice_come_back() {
        for start in [
            Start::Standard,
            Start::Xot,
            Start::Random {
                moves: 20,
                low: -4,
                high: 6,
            },
        ] {
            let settings = Settings {
                mistakes: Some(reversi_engine::mistakes::Mistakes {
                    max_loss: 4,
                    one_in: 5,
                }),
                start,
                ..Settings::default()
            };
            let mut session = Session::new(Settings::default());
            session.settings = settings;
            let back = restore(&save(&session.kept())).unwrap();
            assert_eq!(back.settings.mistakes, settings.mistakes);
            assert_eq!(back.settings.start, start);
        }
        // An unreadable start choice sets up a standard game; no mistakes when none were saved.
        assert_eq!(start_from_code("random:x:1:2"), Start::Standard);
        assert_eq!(start_from_code("random:10:5:-5"), Start::Standard);
        let plain = restore(&save(&Session::new(Settings::default()).kept())).unwrap();
        assert_eq!(plain.settings.mistakes, None);
    }

    #[test]
    fn a_saved_game_comes_back_exactly() {
        let mut session = Session::new(Settings {
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        });
        for m in ["f5", "d6", "c3", "d3", "c4"] {
            session.apply(Action::Square(sq(m)));
        }
        session.apply(Action::Undo);
        session.apply(Action::Undo);
        session.apply(Action::SetAnalyseDepth(6));
        session.apply(Action::SetScoring(crate::session::Scoring::Split));
        let text = save(&session.kept());
        let mut timed = Session::new(Settings {
            mode: Mode::HumanVsHuman,
            clock: Some(ClockSettings {
                minutes: 5,
                increment_s: 3,
            }),
            ..Settings::default()
        });
        timed.apply(Action::Tick(0.0));
        timed.apply(Action::Tick(4_000.0));
        let back = restore(&save(&timed.kept())).unwrap();
        assert_eq!(back.clock.unwrap().remaining_ms, [296_000.0, 300_000.0]);
        assert_eq!(back.settings.clock, timed.settings.clock);
        let restored = restore(&text).unwrap();
        assert_eq!(restored.game, session.game);
        assert_eq!(restored.settings, session.settings);
        assert_eq!(restored.game.redo_transcript(), "d3c4");
        assert_eq!(restored.analyse_depth, 6);
        assert_eq!(restored.scoring, crate::session::Scoring::Split);
        assert_eq!(save(&restored), text);
    }

    #[test]
    fn an_engine_to_move_thinks_again_after_restore() {
        let mut session = Session::new(Settings::default());
        session.apply(Action::Square(sq("f5")));
        let restored = Session::resume(restore(&save(&session.kept())).unwrap());
        assert!(restored.ai_to_move());
        assert!(matches!(
            restored.channel.last_request(),
            Some((Request::Search { .. }, _))
        ));
    }

    #[test]
    fn corrupt_or_foreign_data_is_refused_with_a_reason() {
        let good = save(&Session::default().kept());
        let cases = [
            ("", "not readable"),
            ("{\"version\":1}", "not readable"),
            ("[1,2,3]", "not readable"),
            (
                &good.replace("\"version\":1", "\"version\":99"),
                "version 99",
            ),
            (&good.replace("\"hva-black\"", "\"chess\""), "unknown mode"),
            (
                &good.replace("\"black_level\":4", "\"black_level\":0"),
                "level 0",
            ),
            (
                &good.replace("\"moves\":\"\"", "\"moves\":\"f5a1\""),
                "moves: move 2",
            ),
            (
                &good.replace("\"redo\":\"\"", "\"redo\":\"zz\""),
                "redo moves",
            ),
        ];
        for (text, reason) in cases {
            let error = restore(text).unwrap_err().to_string();
            assert!(error.contains(reason), "{text:?}: {error}");
        }
    }

    #[test]
    fn the_valid_part_of_a_damaged_save_is_recovered() {
        let mut session = Session::default();
        session.apply(Action::NewGame(Settings {
            mode: Mode::HumanVsHuman,
            ..Settings::default()
        }));
        for square in ["f5", "d6", "c3", "d3", "c4"] {
            session.apply(Action::Square(square.parse().unwrap()));
        }
        session.apply(Action::Undo);
        let good = save(&session.kept());
        // Intact: everything, nothing lost.
        let all = recover(&good).unwrap();
        assert!(all.lost.is_none());
        assert_eq!(all.kept.game.transcript(), "f5d6c3d3");
        assert!(all.kept.game.can_redo());
        // One bad move: the moves before it, and the reason.
        let bad_move = good.replace("\"moves\":\"f5d6c3d3\"", "\"moves\":\"f5d6a1d3\"");
        let part = recover(&bad_move).unwrap();
        assert_eq!(part.kept.game.transcript(), "f5d6");
        assert!(part.lost.unwrap().to_string().contains("move 3"));
        // A bad redo move: the game, without the redo moves.
        let bad_redo = good.replace("\"redo\":\"c4\"", "\"redo\":\"zz\"");
        let part = recover(&bad_redo).unwrap();
        assert_eq!(part.kept.game.transcript(), "f5d6c3d3");
        assert!(!part.kept.game.can_redo());
        assert!(part.lost.unwrap().to_string().contains("redo"));
        // Not a save, a newer version, or bad settings: nothing to recover.
        for text in [
            "{\"version\":1,\"mode\":".to_string(),
            good.replace("\"version\":1", "\"version\":2"),
            good.replace("\"black_level\":4", "\"black_level\":0"),
        ] {
            assert!(recover(&text).is_err(), "{text}");
        }
        assert!(recover(&good.replace("\"version\":1", "\"version\":2"))
            .unwrap_err()
            .to_string()
            .contains("newer version"));
    }

    #[test]
    fn migration_keeps_the_current_version_and_refuses_others() {
        let value: serde_json::Value =
            serde_json::from_str(&save(&Session::default().kept())).unwrap();
        assert_eq!(migrate(value.clone()).unwrap(), value);
        for version in [0u64, 2, u64::MAX] {
            let mut other = value.clone();
            other["version"] = version.into();
            assert!(matches!(migrate(other), Err(RestoreError::Version(_))));
        }
        assert!(migrate(serde_json::json!({"mode": "hvh"})).is_err());
    }
}

/// Saves written before the save format became its own type ([`Kept`]) still load: the autosave, a slot
/// and the games aside, as that build wrote them.
#[cfg(test)]
mod fixtures {
    use super::*;
    use crate::session::slots::{read_replaced, read_slot};
    use crate::session::Session;

    const AUTOSAVE: &str = include_str!("fixtures/autosave-v1.json");
    const SLOT: &str = include_str!("fixtures/slot-v1.json");
    const REPLACED: &str = include_str!("fixtures/replaced-v1.json");

    fn check(kept: &Kept) {
        assert_eq!(kept.game.transcript(), "f5d6c3d3c4f4c5");
        assert_eq!(kept.game.redo_transcript(), "b3c2");
        assert_eq!(
            kept.settings.mode,
            Mode::HumanVsAi {
                human: Color::Black
            }
        );
        assert_eq!(
            (kept.settings.black_level, kept.settings.white_level),
            (4, 7)
        );
        assert_eq!(
            kept.settings.clock,
            Some(ClockSettings {
                minutes: 5,
                increment_s: 3
            })
        );
        assert_eq!(
            kept.clock.as_ref().map(|c| c.remaining_ms),
            Some([241_500.0, 287_250.0])
        );
        assert_eq!(
            kept.settings.mistakes.map(|m| (m.max_loss, m.one_in)),
            Some((4, 5))
        );
        assert_eq!(
            kept.settings.start,
            Start::Random {
                moves: 12,
                low: -2,
                high: 2
            }
        );
        assert!(kept.analyse);
        assert_eq!(kept.analyse_depth, 6);
        assert_eq!(kept.scoring, Scoring::Split);
    }

    #[test]
    fn an_earlier_builds_saves_still_load() {
        let autosave = restore(AUTOSAVE.trim()).unwrap();
        check(&autosave);
        // Written again, it is the same text: the format did not change.
        assert_eq!(save(&autosave), AUTOSAVE.trim());
        let (info, slot) = read_slot(SLOT.trim()).unwrap();
        check(&slot);
        assert_eq!((info.saved_at, info.move_count), (1_795_000_000_000.0, 7));
        let aside = read_replaced(REPLACED.trim());
        assert_eq!(aside.len(), 2);
        check(&aside[0]);
        assert_eq!(aside[1].game.transcript(), "e6f4c3c4d3");
        // The session resumed from it has the AI (white) think again, within white's time left.
        let session = Session::resume(autosave);
        assert!(session.ai_to_move());
        let Some((crate::protocol::Request::Search { max_millis, .. }, _)) =
            session.channel.last_request()
        else {
            panic!("the AI thinks again")
        };
        assert!(max_millis.is_some_and(|ms| ms > 0 && ms < 287_250));
        assert_eq!(
            session.clock.map(|c| c.remaining_ms),
            Some([241_500.0, 287_250.0])
        );
    }
}
