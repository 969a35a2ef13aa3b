//! What the game asks of the engine workers, a part of its own: each ask one [`Ask`] (the AI's move, with
//! its progress and the figures of the last one; the hint; the analysis of the position shown; a random
//! start), its fields changed only here and in `engine.rs` (when to ask, and what an answer does).

mod engine;

pub use self::engine::OnBoard;

use super::ask::Ask;
use super::game::settings::Start;
use super::outbox::Outbox;
use crate::protocol::{RequestId, ScoreKind, WireAnalysis};
use reversi_engine::{Bitboard, Color, Move, Position, Square};

/// Level used for hints.
pub const HINT_LEVEL: u8 = 8;

/// Which of the game's asks a request is for: its replies come home to that ask (see
/// [`super::Asker`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameAsk {
    /// The AI's move ([`EngineAsks::search`]).
    Search,
    /// The hint ([`EngineAsks::hint`]).
    Hint,
    /// The analysis of the position shown ([`EngineAsks::analysis`]).
    Analysis,
    /// A random start ([`EngineAsks::start`]).
    Start,
    /// The stable discs of the position shown ([`EngineAsks::stable_discs`]).
    Stable,
}

/// The engine's latest report while it thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// Best move so far.
    pub best: Square,
    /// Its value in hundredths of a disc.
    pub score: i32,
    /// What the value means.
    pub kind: ScoreKind,
    /// The line it expects, its best move first.
    pub pv: Vec<Square>,
    /// Nodes searched.
    pub nodes: u64,
}

/// Figures of the engine's last move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchStats {
    /// Who moved.
    pub color: Color,
    /// The move.
    pub best: Move,
    /// Its value in hundredths of a disc.
    pub score: i32,
    /// What the value means.
    pub kind: ScoreKind,
    /// The line it expected, its move first.
    pub pv: Vec<Square>,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds spent.
    pub millis: u32,
}

/// The engine's hint for the game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The move.
    pub square: Square,
    /// Its value for the side to move, in hundredths of a disc.
    pub score: i32,
    /// What the value means (a book move says so).
    pub kind: ScoreKind,
    /// The line it expects, the move first.
    pub line: Vec<Square>,
}

/// Every ask of the game, one value each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineAsks {
    /// The AI's move for a position; its answer stays as the figures of the engine's last move.
    search: Ask<Position, SearchStats>,
    /// The progress of the search in flight.
    thinking: Option<Thinking>,
    /// The hint for the game's position.
    hint: Ask<Position, Hint>,
    /// The analysis of the position shown: every legal move's value and line at the deepest depth
    /// reported so far (it deepens while the question is in flight).
    analysis: Ask<Position, WireAnalysis>,
    /// The analysis was stopped unfinished, or not started, while the page was hidden: it goes on when the
    /// page is shown.
    analysis_paused: bool,
    /// The page is hidden: no analysis is asked until it is shown again.
    page_hidden: bool,
    /// A hint was asked while the analysis was on: the hint is the analysis's best move, and follows it.
    hint_follows: bool,
    /// A random start looked for (the game waits for it); its answer is the start's value for black.
    start: Ask<Start, i32>,
    /// The stable discs of the position shown, asked while the board marks them.
    stable: Ask<Position, Bitboard>,
}

impl EngineAsks {
    /// The AI's search: the question in flight, and the figures of the engine's last move.
    pub fn search(&self) -> &Ask<Position, SearchStats> {
        &self.search
    }

    /// The engine's latest report while it thinks.
    pub fn thinking(&self) -> Option<&Thinking> {
        self.thinking.as_ref()
    }

    /// The hint: the question in flight and the last one.
    pub fn hint_ask(&self) -> &Ask<Position, Hint> {
        &self.hint
    }

    /// The analysis of the position shown: the question in flight and the values so far.
    pub fn analysis(&self) -> &Ask<Position, WireAnalysis> {
        &self.analysis
    }

    /// The random start: the question in flight and the last one.
    pub fn start(&self) -> &Ask<Start, i32> {
        &self.start
    }

    /// The stable discs of `position`, once they came.
    pub fn stable_discs(&self, position: &Position) -> Option<Bitboard> {
        self.stable.answer_for(position).copied()
    }

    /// The random start looked for is no longer wanted (another game is on the board).
    pub fn forget_start(&mut self, out: &mut Outbox) {
        self.start.withdraw(out);
    }

    /// Withdraws the AI's search, the hint and the analysis (a worker running one stops at once); the last
    /// move's figures stay.
    fn withdraw(&mut self, out: &mut Outbox) {
        self.search.withdraw(out);
        self.hint.withdraw(out);
        self.analysis.withdraw(out);
        self.thinking = None;
    }

    /// True when `id` is the AI's search in flight.
    pub fn is_search(&self, id: RequestId) -> bool {
        self.search.waits_for(id)
    }

    /// The hint, once it came.
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.answer().map(|(_, hint)| hint)
    }

    /// The analysis of `position`, if it came for it.
    pub fn analysis_for(&self, position: &Position) -> Option<&WireAnalysis> {
        self.analysis.answer_for(position)
    }

    /// The hint the analysis of `position` gives: its best move, value and line.
    pub fn hint_from_analysis(&self, position: &Position) -> Option<Hint> {
        let analysis = self.analysis_for(position)?;
        let best = analysis.moves.first()?;
        Some(Hint {
            square: best.square,
            score: best.value,
            kind: if analysis.exact {
                ScoreKind::Exact
            } else {
                ScoreKind::Midgame {
                    depth: analysis.depth,
                }
            },
            line: best.line.clone(),
        })
    }

    /// The figures of the engine's last move.
    pub fn last_search(&self) -> Option<&SearchStats> {
        self.search.answer().map(|(_, stats)| stats)
    }
}
