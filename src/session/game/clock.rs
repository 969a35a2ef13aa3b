//! The game clock: time left per side, the side that ran out, the increment. Time is charged when things
//! happen, not by ticks: every action the page applies carries the time it happened, and the time since the
//! last charge goes to the side that was to move meanwhile, so a move is charged to its mover exactly, however
//! late or seldom the display's ticks come (a hidden tab's timers are held). The ticks only refresh the display
//! (and find a flag that fell while nobody moved).

use super::settings::ClockSettings;
use reversi_engine::Color;

/// Under this much time left the clock shows tenths and is marked as low.
pub const LOW_TIME_MS: f64 = 10_000.0;

/// The running game clock. Its fields are its own: the game charges it, a save reads it through its methods
/// and a load makes one again with [`GameClock::resumed`].
#[derive(Clone, Debug, PartialEq)]
pub struct GameClock {
    /// Time left for black and white, in milliseconds.
    remaining_ms: [f64; 2],
    /// When time was last charged (milliseconds on the page's clock; `None`: the clock has not started, or
    /// has stopped).
    last_tick: Option<f64>,
    /// The side that ran out of time.
    flagged: Option<Color>,
    /// Seconds added after each move.
    increment_s: u32,
    /// Time not charged to the side to move: the display delay of an AI-vs-AI game before the engine starts
    /// thinking (the pacing is the viewer's, not the player's). The game sets it.
    pub(super) grace_ms: f64,
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
            grace_ms: 0.0,
        }
    }

    /// A clock as saved: `remaining` time for black and white (finite, not negative: the load checks it)
    /// and the side flagged, stopped until the game charges it again.
    pub fn resumed(
        settings: ClockSettings,
        remaining: [f64; 2],
        flagged: Option<Color>,
    ) -> GameClock {
        GameClock {
            remaining_ms: remaining,
            flagged,
            ..GameClock::new(settings)
        }
    }

    /// Time left for black and white, in milliseconds.
    pub fn remaining_ms(&self) -> [f64; 2] {
        self.remaining_ms
    }

    /// The side that ran out of time, if one did.
    pub fn flagged(&self) -> Option<Color> {
        self.flagged
    }

    /// The clock runs (it has been charged and has not stopped).
    pub fn running(&self) -> bool {
        self.last_tick.is_some()
    }

    /// Seconds added after each move.
    pub fn increment_s(&self) -> u32 {
        self.increment_s
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

    /// Charges the time from the last charge to `now` to `side` (the side to move all that time), less the
    /// grace left; the clock starts at the first charge. True when `side` ran out of time with this charge
    /// (its time is then 0 and the clock stops).
    pub fn charge(&mut self, side: Color, now: f64) -> bool {
        if self.flagged.is_some() {
            self.last_tick = None;
            return false;
        }
        let Some(previous) = self.last_tick else {
            self.last_tick = Some(now);
            return false;
        };
        if now <= previous {
            return false;
        }
        let elapsed = now - previous;
        let free = elapsed.min(self.grace_ms);
        self.grace_ms -= free;
        let i = GameClock::index(side);
        self.remaining_ms[i] -= elapsed - free;
        self.last_tick = Some(now);
        if self.remaining_ms[i] <= 0.0 {
            self.remaining_ms[i] = 0.0;
            self.flagged = Some(side);
            self.last_tick = None;
            return true;
        }
        false
    }

    /// Stops the clock (the game is over); a later charge starts it again.
    pub fn stop(&mut self) {
        self.last_tick = None;
        self.grace_ms = 0.0;
    }

    /// After `color` placed a disc: its increment.
    pub fn moved(&mut self, color: Color) {
        self.remaining_ms[GameClock::index(color)] += self.increment_s as f64 * 1000.0;
    }

    /// The engine's share of `color`'s time for one move with `empties` empty squares: what is left over the
    /// moves it may still have to make, plus most of the increment; at least 50 ms, at most half of what is
    /// left (or 50 ms when less than 100 ms is left). Never a panic, whatever is left.
    pub fn budget_ms(&self, color: Color, empties: u32) -> u32 {
        let left = self.remaining(color).max(0.0);
        let moves_left = (empties / 2 + 2) as f64;
        let budget = left / moves_left + self.increment_s as f64 * 800.0;
        budget.min(left * 0.5).max(50.0) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn minute() -> GameClock {
        GameClock::new(ClockSettings {
            minutes: 1,
            increment_s: 0,
        })
    }

    #[test]
    fn a_move_charges_its_mover_exactly_with_or_without_ticks_between() {
        // Black moves at once, white thinks 3.5 s of which 3 s without a tick (a hidden tab's timers held),
        // then black 0.6 s.
        let mut clock = minute();
        clock.charge(Color::Black, 1000.0); // the game starts
        clock.charge(Color::Black, 1000.0); // black plays at once
        clock.charge(Color::White, 1200.0); // a tick
        clock.charge(Color::White, 1500.0); // a tick, then none for 3 s
        clock.charge(Color::White, 4500.0); // white plays
        clock.charge(Color::Black, 5100.0); // black plays
        assert_eq!(clock.remaining_ms, [60_000.0 - 600.0, 60_000.0 - 3500.0]);
        // The same moves with no tick at all.
        let mut quiet = minute();
        for (side, now) in [
            (Color::Black, 1000.0),
            (Color::White, 4500.0),
            (Color::Black, 5100.0),
        ] {
            quiet.charge(side, now);
        }
        assert_eq!(quiet.remaining_ms, clock.remaining_ms);
    }

    #[test]
    fn a_side_that_runs_out_is_flagged_once_and_the_clock_stops() {
        let mut clock = minute();
        clock.charge(Color::White, 0.0);
        assert!(!clock.charge(Color::White, 59_999.0));
        assert!(clock.charge(Color::White, 60_500.0));
        assert_eq!(clock.flagged, Some(Color::White));
        assert_eq!(clock.remaining(Color::White), 0.0);
        assert!(
            !clock.charge(Color::Black, 70_000.0),
            "no time runs after a flag"
        );
        assert_eq!(clock.remaining(Color::Black), 60_000.0);
    }

    #[test]
    fn the_pacing_of_an_ai_game_is_free_so_a_slow_display_never_flags_a_side() {
        // A 1-minute game between two engines at the slowest display (1.5 s before each move), the engines
        // answering in 100 ms: 60 moves take 96 s of display, 3 s of thinking for each side.
        let mut clock = minute();
        let mut now = 0.0;
        clock.charge(Color::Black, now);
        for ply in 0..60 {
            let side = if ply % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            clock.grace_ms = 1500.0;
            for _ in 0..8 {
                // Ticks every 200 ms during the delay and the search.
                now += 200.0;
                clock.charge(side, now);
            }
            clock.charge(side, now);
            clock.moved(side);
        }
        assert_eq!(clock.flagged, None);
        assert_eq!(clock.remaining_ms, [60_000.0 - 3000.0, 60_000.0 - 3000.0]);
    }

    #[test]
    fn the_engines_budget_never_panics_whatever_is_left() {
        for left in [0.0, 1.0, 50.0, 99.0, 100.0, 101.0, 1000.0, 60_000.0] {
            let mut clock = minute();
            clock.remaining_ms = [left, left];
            let budget = clock.budget_ms(Color::Black, 30);
            assert!(budget >= 50, "{left}: {budget}");
            if left >= 100.0 {
                assert!(budget as f64 <= left * 0.5, "{left}: {budget}");
            }
        }
    }
}
