//! The saved form of a session (autosave in the browser's storage): versioned JSON holding the settings,
//! the start position, the moves played and the moves that can be redone. Reading checks everything and
//! fails with a reason rather than restoring a game that is not exactly the one saved.

use serde::{Deserialize, Serialize};

use crate::session::{ClockSettings, GameClock, Kept, Mode, Scoring, Settings, Start};
use reversi_engine::{Color, Game, Position, Square, MAX_LEVEL};

pub use crate::session::kept::{Invalid, Malformed, RestoreError, VERSION};

/// Brings saved data of an older format version up to [`VERSION`], one version at a time, each step tested:
/// version 1 wrote the start choice as text (`random:10:-2:2`), version 2 as a tagged object; up to version 2
/// `analyse_depth` was the one depth of an analysis that did not deepen, which from version 3 is a limit
/// on one that does (0: none), so an older save's analysis deepens without a limit.
pub fn migrate(mut value: serde_json::Value) -> Result<serde_json::Value, RestoreError> {
    let version = value
        .get("version")
        .and_then(serde_json::Value::as_u64)
        .ok_or(RestoreError::Malformed(Malformed::NoVersion))?;
    if version > VERSION as u64 {
        return Err(RestoreError::Version(version.min(u32::MAX as u64) as u32));
    }
    if version < 1 {
        return Err(RestoreError::Version(version as u32));
    }
    if version == 1 {
        if let Some(code) = value
            .get("start_choice")
            .and_then(serde_json::Value::as_str)
        {
            let start = SavedStart::from(start_from_code(code));
            value["start_choice"] = serde_json::to_value(start).expect("plain data");
        }
        value["version"] = serde_json::Value::from(2);
    }
    if value["version"] == 2 {
        if value.get("analyse_depth").is_some() {
            value["analyse_depth"] = serde_json::Value::from(0);
        }
        value["version"] = serde_json::Value::from(3);
    }
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
    /// The settings that could not be read and are back to their defaults (the game itself is restored).
    pub reset: Vec<Setting>,
}

/// A setting of a save that falls back to its default when it cannot be read, instead of costing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    /// Who plays.
    Mode,
    /// The engine's levels.
    Levels,
    /// How long the engine's reply is held back.
    AiDelay,
    /// Whether the analysis is on.
    Analyse,
    /// The analysis's depth limit.
    AnalyseDepth,
    /// How the empty squares count.
    Scoring,
    /// The clock, its times, and a side that lost on time.
    Clock,
    /// The engine's mistakes.
    Mistakes,
}

/// Puts each setting of a migrated save that cannot be read (missing, of the wrong type, out of range) back
/// to its default; returns those it changed. The game's own fields (start, moves, redo, id) are left alone.
fn reset_unreadable_settings(value: &mut serde_json::Value) -> Vec<Setting> {
    use serde_json::Value;
    let Some(object) = value.as_object_mut() else {
        return Vec::new();
    };
    let defaults = Settings::default();
    let mut reset = Vec::new();
    let mut fix = |object: &mut serde_json::Map<String, Value>,
                   setting: Setting,
                   key: &str,
                   required: bool,
                   fine: &dyn Fn(&Value) -> bool,
                   default: Value| {
        let ok = match object.get(key) {
            None => !required,
            Some(v) => fine(v),
        };
        if !ok {
            object.insert(key.to_string(), default);
            if !reset.contains(&setting) {
                reset.push(setting);
            }
        }
    };
    let unsigned = |v: &Value| v.as_u64().is_some_and(|n| n <= u32::MAX as u64);
    let level = |v: &Value| {
        v.as_u64()
            .is_some_and(|n| (1..=MAX_LEVEL as u64).contains(&n))
    };
    let mode = |v: &Value| {
        serde_json::from_value::<SavedMode>(v.clone()).is_ok_and(|m| m != SavedMode::Unknown)
    };
    let default_mode = serde_json::to_value(SavedMode::from(defaults.mode)).expect("plain data");
    fix(object, Setting::Mode, "mode", true, &mode, default_mode);
    let black = Value::from(defaults.black_level);
    fix(object, Setting::Levels, "black_level", true, &level, black);
    let white = Value::from(defaults.white_level);
    fix(object, Setting::Levels, "white_level", true, &level, white);
    let delay = Value::from(defaults.ai_move_delay_ms);
    fix(
        object,
        Setting::AiDelay,
        "ai_move_delay_ms",
        true,
        &unsigned,
        delay,
    );
    fix(
        object,
        Setting::Analyse,
        "analyse",
        true,
        &Value::is_boolean,
        Value::from(false),
    );
    let depth = Value::from(crate::session::preferences::DEFAULT_ANALYSE_DEPTH);
    fix(
        object,
        Setting::AnalyseDepth,
        "analyse_depth",
        true,
        &unsigned,
        depth,
    );
    let scoring = |v: &Value| {
        serde_json::from_value::<SavedScoring>(v.clone()).is_ok_and(|s| s != SavedScoring::Unknown)
    };
    let default_scoring = serde_json::to_value(default_scoring()).expect("plain data");
    fix(
        object,
        Setting::Scoring,
        "scoring",
        false,
        &scoring,
        default_scoring,
    );
    fix(
        object,
        Setting::Clock,
        "clock_minutes",
        false,
        &unsigned,
        Value::from(0),
    );
    fix(
        object,
        Setting::Clock,
        "clock_increment_s",
        false,
        &unsigned,
        Value::from(0),
    );
    let times = |v: &Value| {
        v.is_null()
            || v.as_array().is_some_and(|a| {
                a.len() == 2
                    && a.iter()
                        .all(|t| t.as_f64().is_some_and(|t| t.is_finite() && t >= 0.0))
            })
    };
    fix(
        object,
        Setting::Clock,
        "remaining_ms",
        false,
        &times,
        Value::Null,
    );
    let side = |v: &Value| v.is_null() || v == "black" || v == "white";
    fix(object, Setting::Clock, "flagged", false, &side, Value::Null);
    fix(
        object,
        Setting::Mistakes,
        "mistakes_loss",
        false,
        &unsigned,
        Value::from(0),
    );
    fix(
        object,
        Setting::Mistakes,
        "mistakes_one_in",
        false,
        &unsigned,
        Value::from(0),
    );
    reset
}

/// Restores as much of saved data as is valid: everything, as [`restore`] does; a setting that cannot be
/// read back at its default (in `reset`); and when a move or a redo move is bad, the game up to the last good
/// move (without the redo moves), with the reason in `lost`. Data that is not a save at all, of a newer
/// version, or with a bad start position is an error.
pub fn recover(text: &str) -> Result<Recovered, RestoreError> {
    if let Ok(kept) = restore(text) {
        return Ok(Recovered {
            kept,
            lost: None,
            reset: Vec::new(),
        });
    }
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| Malformed::json(&e))?;
    let mut value = migrate(value)?;
    let reset = reset_unreadable_settings(&mut value);
    let repaired = value.to_string();
    let error = match restore(&repaired) {
        Ok(kept) => {
            return Ok(Recovered {
                kept,
                lost: None,
                reset,
            })
        }
        Err(error) => error,
    };
    let mut saved: Saved = serde_json::from_value(value).map_err(|e| Malformed::json(&e))?;
    let start: Position = saved
        .start
        .parse()
        .map_err(|e| RestoreError::Invalid(Invalid::Start(e)))?;
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
        reset,
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
    /// The lines tried beside the game, if any (a save without them has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    variations: Vec<SavedVariation>,
    /// The plies of the mistakes whose better move was found ("learn from your mistakes"), if any.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    learned: Vec<usize>,
    /// The AI's mistakes: the most discs one loses (0: none), and one move in how many.
    #[serde(default)]
    mistakes_loss: u32,
    #[serde(default)]
    mistakes_one_in: u32,
    /// Where new games start ([`SavedStart`]; read leniently: the standard start for anything else).
    #[serde(default)]
    start_choice: serde_json::Value,
    /// Which game this is ([`Kept::id`], 16 hexadecimal digits; read leniently: a save without one, or with
    /// one that does not read, is a game whose id is not known).
    #[serde(default)]
    id: serde_json::Value,
    /// The game waited for its random start ([`Kept::starting`]).
    #[serde(default)]
    starting: bool,
}

/// Where new games start, as saved.
#[derive(Serialize, Deserialize, Debug, PartialEq, Clone, Copy)]
#[serde(tag = "kind", rename_all = "lowercase")]
enum SavedStart {
    Standard,
    Xot,
    Random { moves: u8, low: i8, high: i8 },
}

impl From<Start> for SavedStart {
    fn from(start: Start) -> SavedStart {
        match start {
            Start::Standard => SavedStart::Standard,
            Start::Xot => SavedStart::Xot,
            Start::Random { moves, low, high } => SavedStart::Random { moves, low, high },
        }
    }
}

/// The start choice as saved (the standard start for anything unreadable or out of range: it only sets up
/// the next game).
fn start_from_value(value: &serde_json::Value) -> Start {
    match serde_json::from_value::<SavedStart>(value.clone()) {
        Ok(SavedStart::Xot) => Start::Xot,
        Ok(SavedStart::Random { moves, low, high }) if moves <= 50 && low <= high => {
            Start::Random { moves, low, high }
        }
        _ => Start::Standard,
    }
}

/// The start choice as version 1 wrote it (`standard`, `xot` or `random:<moves>:<low>:<high>`), for the
/// migration (the standard start for anything unreadable).
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
        variations: SavedVariation::all_of(&kept.variations),
        learned: kept.learned.clone(),
        mistakes_loss: settings.mistakes.map_or(0, |m| m.max_loss),
        mistakes_one_in: settings.mistakes.map_or(0, |m| m.one_in),
        start_choice: serde_json::to_value(SavedStart::from(settings.start)).expect("plain data"),
        id: match kept.id {
            0 => serde_json::Value::Null,
            id => serde_json::Value::String(format!("{id:016x}")),
        },
        starting: kept.starting,
    };
    serde_json::to_string(&saved).expect("plain data serialises")
}

/// A kept game from JSON written by [`save`]: the same game, the same redo moves, the same settings and
/// clock.
pub fn restore(text: &str) -> Result<Kept, RestoreError> {
    let value: serde_json::Value = serde_json::from_str(text).map_err(|e| Malformed::json(&e))?;
    let saved: Saved = serde_json::from_value(migrate(value)?).map_err(|e| Malformed::json(&e))?;
    let invalid = RestoreError::Invalid;
    let mode = saved.mode.mode().ok_or(invalid(Invalid::Mode))?;
    for level in [saved.black_level, saved.white_level] {
        if !(1..=MAX_LEVEL).contains(&level) {
            return Err(invalid(Invalid::Level(level)));
        }
    }
    let start: Position = saved
        .start
        .parse()
        .map_err(|e| invalid(Invalid::Start(e)))?;
    let mut game = Game::from_position_and_transcript(start, &saved.moves)
        .map_err(|e| invalid(Invalid::Moves(e)))?;
    // Replay the redo moves and take them back, which leaves them to redo.
    let redo = Game::from_position_and_transcript(game.position(), &saved.redo)
        .map_err(|e| invalid(Invalid::RedoMoves(e)))?;
    let redo_squares: Vec<Square> = redo.plies().iter().filter_map(|p| p.mv.square()).collect();
    for &square in &redo_squares {
        // The same moves from the same position, just checked.
        game.play(square).expect("the redo moves were checked");
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
        start: start_from_value(&saved.start_choice),
        mode,
        black_level: saved.black_level,
        white_level: saved.white_level,
        ai_move_delay_ms: saved.ai_move_delay_ms.min(10_000),
        clock: (saved.clock_minutes > 0).then_some(ClockSettings {
            minutes: saved.clock_minutes.min(180),
            increment_s: saved.clock_increment_s.min(60),
        }),
    }
    // What the form offers, so that what it shows is what is played.
    .offered();
    // The clock first, with its saved times, so that an engine to move thinks within what is left.
    let mut clock = settings.clock.map(GameClock::new);
    if let (Some(clock), Some(remaining)) = (clock.as_mut(), saved.remaining_ms) {
        if remaining.iter().any(|ms| !ms.is_finite() || *ms < 0.0) {
            return Err(invalid(Invalid::ClockTimes));
        }
        clock.remaining_ms = remaining;
        clock.flagged = match saved.flagged {
            None => None,
            Some(SavedSide::Black) => Some(Color::Black),
            Some(SavedSide::White) => Some(Color::White),
            Some(SavedSide::Unknown) => return Err(invalid(Invalid::Side)),
        };
    }
    let scoring = match saved.scoring {
        SavedScoring::EmptiesToWinner => Scoring::EmptiesToWinner,
        SavedScoring::Split => Scoring::Split,
        SavedScoring::Unknown => return Err(invalid(Invalid::Scoring)),
    };
    // The variations, where they still fit the record; one that does not is left out (the game is whole).
    let variations = SavedVariation::restore_all(&saved.variations, &game);
    // The mistakes learned, where the record has such a move.
    let learned = saved
        .learned
        .iter()
        .copied()
        .filter(|&ply| ply < game.plies().len())
        .collect();
    Ok(Kept {
        variations,
        learned,
        id: saved
            .id
            .as_str()
            .and_then(|hex| u64::from_str_radix(hex, 16).ok())
            .unwrap_or(0),
        starting: saved.starting && matches!(settings.start, Start::Random { .. }),
        settings,
        game,
        clock,
        analyse: saved.analyse,
        analyse_depth: crate::session::preferences::offered_depth(saved.analyse_depth),
        scoring,
    })
}

pub mod values;
mod variation;
use self::variation::SavedVariation;

#[cfg(test)]
mod tests;
