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

impl Settings {
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
