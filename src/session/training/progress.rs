//! What the training room keeps in storage: the puzzle counts and the drills' schedule, versioned, with
//! what a damaged or newer record gives back.

use serde::{Deserialize, Serialize};

use super::drill::{self, Schedule};
use reversi_engine::puzzles::LEVELS;

/// Puzzle counts, kept across visits.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PuzzleStats {
    /// Puzzles answered right at the first try.
    pub solved: u32,
    /// Puzzles answered (first tries).
    pub attempted: u32,
    /// Right answers in a row.
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
    /// Per level, the place of the next puzzle.
    pub next: [u32; LEVELS as usize],
    /// The last day whose daily puzzle was solved.
    pub daily_solved: Option<i64>,
}

/// Everything the room keeps in storage.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    /// The format's version.
    pub version: u32,
    /// Puzzle counts.
    pub puzzles: PuzzleStats,
    /// The drills' schedule.
    pub drills: Schedule,
}

/// Why stored progress was not taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProgressError {
    /// Not the format this page writes.
    Unreadable(String),
    /// Written by a newer page.
    Version(u32),
}

impl Progress {
    /// Progress of this format's version, empty.
    pub fn new() -> Progress {
        Progress {
            version: 1,
            ..Progress::default()
        }
    }

    /// This tab's progress (`self`) merged with `stored`, which another tab wrote since this one last read
    /// or wrote `base`: what each tab added since `base` adds up. Counts are `stored`'s plus what this tab
    /// added; the streak is this tab's if it answered since `base`, the best streak the larger; each level's
    /// next puzzle and the last daily solved the later; a drill line this tab played since `base` is this
    /// tab's, every other line `stored`'s.
    pub fn merge(&self, stored: &Progress, base: &Progress) -> Progress {
        let (mine, theirs, base_stats) = (&self.puzzles, &stored.puzzles, &base.puzzles);
        let add = |theirs: u32, mine: u32, base: u32| {
            (theirs as i64 + mine as i64 - base as i64).clamp(0, u32::MAX as i64) as u32
        };
        let answered = mine.attempted != base_stats.attempted;
        let mut next = theirs.next;
        for (slot, mine) in next.iter_mut().zip(mine.next) {
            *slot = (*slot).max(mine);
        }
        let mut drills = stored.drills.clone();
        for (key, state) in &self.drills.lines {
            if base.drills.lines.get(key) != Some(state) {
                drills.lines.insert(key.clone(), state.clone());
            }
        }
        Progress {
            version: 1,
            puzzles: PuzzleStats {
                solved: add(theirs.solved, mine.solved, base_stats.solved),
                attempted: add(theirs.attempted, mine.attempted, base_stats.attempted),
                streak: if answered { mine.streak } else { theirs.streak },
                best_streak: theirs.best_streak.max(mine.best_streak),
                next,
                daily_solved: theirs.daily_solved.max(mine.daily_solved),
            },
            drills,
        }
    }

    /// The text stored under [`crate::session::kept::storage::TRAINING`].
    pub fn save(&self) -> String {
        serde_json::to_string(self).expect("progress always encodes")
    }

    /// Reads stored progress field by field: a count out of range is clamped, a field of the wrong kind
    /// (or a day no calendar has) is left at its default, a drill line whose state does not read is dropped,
    /// and the rest is kept. Only text that is not a JSON object, or a newer version, is refused whole.
    pub fn restore(text: &str) -> Result<Progress, ProgressError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ProgressError::Unreadable(e.to_string()))?;
        let object = value
            .as_object()
            .ok_or_else(|| ProgressError::Unreadable("not an object".into()))?;
        match object.get("version").and_then(serde_json::Value::as_u64) {
            Some(1) => {}
            Some(v) => return Err(ProgressError::Version(v.min(u32::MAX as u64) as u32)),
            None => return Err(ProgressError::Unreadable("no version".into())),
        }
        let puzzles = object.get("puzzles");
        let count = |name: &str| puzzles.and_then(|p| p.get(name)).map_or(0, stored_count);
        let mut next = [0; LEVELS as usize];
        if let Some(stored) = puzzles.and_then(|p| p.get("next")?.as_array()) {
            for (slot, value) in next.iter_mut().zip(stored) {
                *slot = stored_count(value);
            }
        }
        let mut drills = Schedule::default();
        if let Some(lines) = object
            .get("drills")
            .and_then(|d| d.get("lines")?.as_object())
        {
            for (key, state) in lines {
                if let Some(state) = drill::LineState::read(state) {
                    drills.lines.insert(key.clone(), state);
                }
            }
        }
        Ok(Progress {
            version: 1,
            puzzles: PuzzleStats {
                solved: count("solved"),
                attempted: count("attempted"),
                streak: count("streak"),
                best_streak: count("best_streak"),
                next,
                daily_solved: puzzles
                    .and_then(|p| p.get("daily_solved")?.as_i64())
                    .filter(|day| drill::DAYS.contains(day)),
            },
            drills,
        })
    }
}

/// A stored count: a whole number clamped to `u32`'s range, 0 for anything else.
fn stored_count(value: &serde_json::Value) -> u32 {
    match value {
        serde_json::Value::Number(n) => n
            .as_u64()
            .map(|n| n.min(u32::MAX as u64) as u32)
            .or_else(|| n.as_f64().map(|f| f.clamp(0.0, u32::MAX as f64) as u32))
            .unwrap_or(0),
        _ => 0,
    }
}
