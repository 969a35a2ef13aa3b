//! The game clock: time left per side, the side that ran out, the increment.

use super::settings::ClockSettings;
use crate::engine::Color;

/// The running game clock.
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    /// Time left for black and white, in milliseconds.
    pub remaining_ms: [f64; 2],
    /// The time of the last tick while the clock ran (`None`: stopped).
    pub last_tick: Option<f64>,
    /// The side that ran out of time.
    pub flagged: Option<Color>,
    /// Seconds added after each move.
    pub increment_s: u32,
}

impl GameClock {
    /// A clock with the full time on both sides.
    pub fn new(settings: ClockSettings) -> GameClock {
        let ms = settings.minutes as f64 * 60_000.0;
        GameClock {
            remaining_ms: [ms, ms],
            last_tick: None,
            flagged: None,
            increment_s: settings.increment_s,
        }
    }

    pub(crate) fn index(color: Color) -> usize {
        match color {
            Color::Black => 0,
            Color::White => 1,
        }
    }

    /// Time left for `color` in milliseconds.
    pub fn remaining(&self, color: Color) -> f64 {
        self.remaining_ms[GameClock::index(color)]
    }
}
