//! Saved data brought up to date and read as far as it can be: an older format migrated a version at a time,
//! a setting that cannot be read put back to its default (and named), a game whose later moves are bad kept
//! up to its last good move (with the reason).

use super::*;

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
