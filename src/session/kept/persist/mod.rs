//! The saved form of a session (autosave in the browser's storage): versioned JSON holding the settings,
//! the start position, the moves played and the moves that can be redone. Reading checks everything and
//! fails with a reason rather than restoring a game that is not exactly the one saved.

use serde::{Deserialize, Serialize};

use crate::session::{ClockSettings, GameClock, Kept, Mode, Scoring, Settings, Start};
use reversi_engine::{Color, Game, Position, Square, MAX_LEVEL};

pub use crate::session::kept::{Invalid, Malformed, RestoreError, VERSION};

mod recover;
pub use self::recover::{migrate, recover, Recovered, Setting};

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
        remaining_ms: kept.clock.as_ref().map(|c| c.remaining_ms()),
        flagged: kept
            .clock
            .as_ref()
            .and_then(|c| c.flagged())
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
    if let (Some(clock_settings), Some(remaining)) = (settings.clock, saved.remaining_ms) {
        if remaining.iter().any(|ms| !ms.is_finite() || *ms < 0.0) {
            return Err(invalid(Invalid::ClockTimes));
        }
        let flagged = match saved.flagged {
            None => None,
            Some(SavedSide::Black) => Some(Color::Black),
            Some(SavedSide::White) => Some(Color::White),
            Some(SavedSide::Unknown) => return Err(invalid(Invalid::Side)),
        };
        clock = Some(GameClock::resumed(clock_settings, remaining, flagged));
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
