//! What the game asks of the engine workers, a part of its own: each ask one [`Ask`] (the AI's move, with
//! its progress and the figures of the last one; the hint; the analysis of the position shown; a random
//! start), its fields changed only here and in `engine.rs` (when to ask, and what an answer does).

mod engine;
mod replies;

pub use self::engine::OnBoard;

use super::effects::ask::Ask;
use super::effects::outbox::Outbox;
use super::game::settings::Start;
use crate::protocol::{RequestId, ScoreKind, SearchReport, WireAnalysis};
use reversi_engine::{Bitboard, Color, Move, Position};

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

/// Every ask of the game, one value each.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct EngineAsks {
    /// The AI's move for a position; its answer stays as the figures of the engine's last move.
    search: Ask<Position, SearchReport>,
    /// The progress of the search in flight.
    thinking: Option<SearchReport>,
    /// The hint for the game's position.
    hint: Ask<Position, SearchReport>,
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
    pub fn search(&self) -> &Ask<Position, SearchReport> {
        &self.search
    }

    /// The engine's latest report while it thinks.
    pub fn thinking(&self) -> Option<&SearchReport> {
        self.thinking.as_ref()
    }

    /// The hint: the question in flight and the last one.
    pub fn hint_ask(&self) -> &Ask<Position, SearchReport> {
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
    pub fn hint(&self) -> Option<&SearchReport> {
        self.hint.answer().map(|(_, hint)| hint)
    }

    /// The analysis of `position`, if it came for it.
    pub fn analysis_for(&self, position: &Position) -> Option<&WireAnalysis> {
        self.analysis.answer_for(position)
    }

    /// The hint the analysis of `position` gives: its best move, value and line.
    pub fn hint_from_analysis(&self, position: &Position) -> Option<SearchReport> {
        let analysis = self.analysis_for(position)?;
        let best = analysis.moves.first()?;
        Some(SearchReport {
            best: Move::Place(best.square),
            score: best.value,
            kind: if analysis.exact {
                ScoreKind::Exact
            } else {
                ScoreKind::Midgame {
                    depth: analysis.depth,
                }
            },
            line: best.line.clone(),
            nodes: analysis.nodes,
            millis: 0,
        })
    }

    /// The figures of the engine's last move, with the side that played it.
    pub fn last_search(&self) -> Option<(Color, &SearchReport)> {
        self.search
            .answer()
            .map(|(position, report)| (position.to_move, report))
    }
}
