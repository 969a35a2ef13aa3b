//! How a game is set up: who plays, the AI levels, the AI-vs-AI pace, the clock, and how empty squares
//! count at the end.

use reversi_engine::Color;

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Two people on one screen.
    HumanVsHuman,
    /// A person against the engine; `human` is the person's colour.
    HumanVsAi {
        /// The person's colour.
        human: Color,
    },
    /// The engine against itself, to watch.
    AiVsAi,
}

/// How a new game is set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Who plays.
    pub mode: Mode,
    /// Level of the AI playing black (or the only AI).
    pub black_level: u8,
    /// Level of the AI playing white (or the only AI).
    pub white_level: u8,
    /// In AI vs AI, the least time between moves, so people can follow.
    pub ai_move_delay_ms: u32,
    /// A game clock, if any.
    pub clock: Option<ClockSettings>,
    /// The AI's mistakes on purpose, if any (see [`reversi_engine::mistakes`]).
    pub mistakes: Option<reversi_engine::mistakes::Mistakes>,
    /// Where a new game starts.
    pub start: Start,
}

/// Where a new game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Start {
    /// The standard start.
    #[default]
    Standard,
    /// An XOT opening: 8 moves that a search values near even ([`reversi_engine::xot`]), drawn anew for each game.
    Xot,
    /// A random position after `moves` moves that a search values for black within `low..=high` discs; the
    /// worker looks for it.
    Random {
        /// Moves from the start.
        moves: u8,
        /// The least value for black, in discs.
        low: i8,
        /// The greatest.
        high: i8,
    },
}

/// Time per side for the whole game, plus an increment after each move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSettings {
    /// Minutes per side.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment_s: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            mode: Mode::HumanVsAi {
                human: Color::Black,
            },
            black_level: 4,
            white_level: 4,
            ai_move_delay_ms: 600,
            clock: None,
            mistakes: None,
            start: Start::Standard,
        }
    }
}

/// The choices the new-game form offers, and so the only ones a game is set up with: a stored setting is read
/// into them ([`Settings::offered`]), so that what the form shows is what is played.
pub mod choices {
    /// The most discs one of the AI's mistakes loses.
    pub const MISTAKE_LOSSES: [u32; 5] = [1, 2, 4, 8, 16];
    /// One move in how many is a mistake.
    pub const MISTAKE_ONE_IN: [u32; 5] = [2, 3, 5, 10, 20];
    /// The moves of a random start.
    pub const RANDOM_MOVES: [u8; 6] = [10, 16, 20, 24, 30, 36];
    /// The bounds of a random start's value (discs, for black).
    pub const RANDOM_VALUES: [i8; 11] = [-32, -16, -8, -4, -2, 0, 2, 4, 8, 16, 32];
    /// Minutes per side of a clock.
    pub const CLOCK_MINUTES: [u32; 4] = [1, 5, 10, 30];
    /// Seconds added after each move.
    pub const CLOCK_INCREMENTS: [u32; 4] = [0, 2, 5, 10];
    /// The pause before each move of AI vs AI (milliseconds): slow, normal, fast.
    pub const AI_DELAYS: [u32; 3] = [1500, 600, 100];

    /// The choice nearest `value` (of two as near, the first in `choices`).
    pub fn nearest<T: Copy + Into<i64>>(choices: &[T], value: i64) -> T {
        let mut best = choices[0];
        for &c in choices {
            if (c.into() - value).abs() < (best.into() - value).abs() {
                best = c;
            }
        }
        best
    }
}

impl Settings {
    /// These settings with each value the form offers a choice of read into its choices, the nearest
    /// (a random start's range widened where a bound falls between two): what a stored setting from an
    /// older build, another page or a hand edit plays as. The levels are checked where they are read.
    pub fn offered(self) -> Settings {
        use choices::*;
        let mut s = self;
        s.mistakes = s.mistakes.map(|m| reversi_engine::mistakes::Mistakes {
            max_loss: nearest(&MISTAKE_LOSSES, m.max_loss.into()),
            one_in: nearest(&MISTAKE_ONE_IN, m.one_in.into()),
        });
        if let Start::Random { moves, low, high } = s.start {
            let (low, high) = (low.min(high), low.max(high));
            let mut downwards = RANDOM_VALUES;
            downwards.reverse();
            s.start = Start::Random {
                moves: nearest(&RANDOM_MOVES, moves.into()),
                low: nearest(&RANDOM_VALUES, low.into()),
                high: nearest(&downwards, high.into()),
            };
        }
        s.clock = s.clock.map(|c| ClockSettings {
            minutes: nearest(&CLOCK_MINUTES, c.minutes.into()),
            increment_s: nearest(&CLOCK_INCREMENTS, c.increment_s.into()),
        });
        s.ai_move_delay_ms = nearest(&AI_DELAYS, s.ai_move_delay_ms.into());
        s
    }

    /// True when `color` is played by the engine.
    pub fn is_ai(&self, color: Color) -> bool {
        match self.mode {
            Mode::HumanVsHuman => false,
            Mode::HumanVsAi { human } => human != color,
            Mode::AiVsAi => true,
        }
    }

    /// The level of the engine playing `color`.
    pub fn level(&self, color: Color) -> u8 {
        match color {
            Color::Black => self.black_level,
            Color::White => self.white_level,
        }
    }
}

/// How empty squares count at the end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// All to the winner (the tournament rule).
    EmptiesToWinner,
    /// Shared between the players.
    Split,
}

impl Scoring {
    /// (black, white) final scores of `outcome` under this rule.
    pub fn score(self, outcome: &reversi_engine::Outcome) -> (u8, u8) {
        match self {
            Scoring::EmptiesToWinner => outcome.score_empties_to_winner(),
            Scoring::Split => outcome.score_empties_split(),
        }
    }
}
