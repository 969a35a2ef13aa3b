//! What is kept, a part of its own: what is saved of a game ([`Kept`]: the save format's content, never the
//! session), the format's version, and why saved data could not be restored; the format itself
//! ([`persist`]), the save slots and the games aside as stored ([`slots`]), the games kept aside on the page
//! ([`aside`]), and every storage key ([`storage`]).

pub mod aside;
pub mod persist;
pub mod slots;
pub mod storage;

use std::fmt;

/// The format version written. Older versions are brought up to it by [`persist::migrate`]; newer ones are
/// refused (and kept, see [`storage::unreadable`]).
pub const VERSION: u32 = 3;

/// Why saved data could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// Not JSON of the expected shape.
    Malformed(Malformed),
    /// Written by another version of the game.
    Version(u32),
    /// A field holds an impossible value.
    Invalid(Invalid),
}

/// How saved data is not a save at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Malformed {
    /// No version number.
    NoVersion,
    /// Not JSON, or JSON of another shape: the parser's reason, with where it stopped.
    Json {
        /// The line (1-based).
        line: usize,
        /// The column.
        column: usize,
        /// The parser's words.
        reason: String,
    },
}

impl Malformed {
    /// The JSON parser's error.
    pub fn json(error: &serde_json::Error) -> RestoreError {
        RestoreError::Malformed(Malformed::Json {
            line: error.line(),
            column: error.column(),
            reason: error.to_string(),
        })
    }
}

/// Which field of a save holds an impossible value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Invalid {
    /// Who plays is none of the modes.
    Mode,
    /// A level outside 1 to [`reversi_engine::MAX_LEVEL`].
    Level(u8),
    /// The start position.
    Start(reversi_engine::PositionError),
    /// The moves played.
    Moves(reversi_engine::TranscriptError),
    /// The moves to redo.
    RedoMoves(reversi_engine::TranscriptError),
    /// A clock time that is negative or not a number.
    ClockTimes,
    /// The side that lost on time is neither.
    Side,
    /// The scoring rule is none of the rules.
    Scoring,
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Invalid::Mode => write!(f, "unknown mode"),
            Invalid::Level(level) => {
                write!(f, "level {level} is not 1 to {}", reversi_engine::MAX_LEVEL)
            }
            Invalid::Start(error) => write!(f, "start position: {error}"),
            Invalid::Moves(error) => write!(f, "moves: {error}"),
            Invalid::RedoMoves(error) => write!(f, "redo moves: {error}"),
            Invalid::ClockTimes => write!(f, "clock times must be positive"),
            Invalid::Side => write!(f, "unknown side"),
            Invalid::Scoring => write!(f, "unknown scoring"),
        }
    }
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Malformed(Malformed::NoVersion) => {
                write!(f, "saved data is not readable (no version number)")
            }
            RestoreError::Malformed(Malformed::Json { reason, .. }) => {
                write!(f, "saved data is not readable ({reason})")
            }
            RestoreError::Version(v) if *v > VERSION => write!(
                f,
                "saved by a newer version of the game (version {v}; this page reads up to version {VERSION})"
            ),
            RestoreError::Version(v) => write!(f, "saved data has version {v}, expected {VERSION}"),
            RestoreError::Invalid(reason) => write!(f, "saved data is invalid: {reason}"),
        }
    }
}

impl std::error::Error for RestoreError {}

use crate::session::record::variation::Variation;
use crate::session::{GameClock, Play, Preferences, Scoring, Settings};
use reversi_engine::Game;

/// What is kept of a game when it is saved, put aside or brought back: its settings, its record (moves to
/// redo included), its clock, and how it was being looked at. The save format
/// ([`crate::session::kept::persist`]) writes and reads this, never the session.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    /// Which game this is (see [`crate::session::Play::id`]; 0: not known).
    pub id: u64,
    /// How the game was set up.
    pub settings: Settings,
    /// The record.
    pub game: Game,
    /// The clock, when the game has one (stopped while the game is aside).
    pub clock: Option<GameClock>,
    /// Whether the analysis was on.
    pub analyse: bool,
    /// Its limit in plies (0: none).
    pub analyse_depth: u32,
    /// How empty squares count at the end.
    pub scoring: Scoring,
    /// The game waits for its random start, being searched: taken up again, it is searched again.
    pub starting: bool,
    /// The lines tried beside the game, and the one the board showed.
    pub variations: (Vec<Variation>, Option<usize>),
    /// The plies of the mistakes whose better move was found in "learn from your mistakes".
    pub learned: Vec<usize>,
}

impl Kept {
    /// What is kept of the game `play`, looked at with `prefs`; `starting` while its random start is
    /// looked for.
    pub fn of(play: &Play, prefs: &Preferences, starting: bool) -> Kept {
        Kept {
            id: play.id(),
            settings: play.settings(),
            game: play.game().clone(),
            clock: play.clock().cloned(),
            analyse: prefs.analyse(),
            analyse_depth: prefs.analyse_depth(),
            scoring: prefs.scoring(),
            starting,
            variations: (play.variations().to_vec(), play.shown_variation()),
            learned: play.learned().to_vec(),
        }
    }
}
