//! Each reply taken by the ask it is for: the AI's move played through the game's own method (an illegal one
//! told), the hint and the analysis kept for their position, the stable discs, a random start set up; an
//! error ends its own request and is told. Each names the reply kinds it leaves, so that a new kind is a
//! decision made here.

use super::engine::OnBoard;
use super::{EngineAsks, GameAsk};
use crate::protocol::{Response, WorkerError};
use crate::session::effects::outbox::Outbox;
use crate::session::game::settings::Start;
use crate::session::game::Play;
use crate::session::notice::Notice;
use reversi_engine::{Bitboard, Game, Move};

impl EngineAsks {
    /// A reply to one of the game's asks, delivered to it by who asked ([`GameAsk`]): each ask takes the
    /// replies of its question in flight only (one withdrawn or asked again is dropped). What the person
    /// is to be told comes back.
    pub fn receive(
        &mut self,
        ask: GameAsk,
        response: Response,
        board: &mut OnBoard,
        out: &mut Outbox,
    ) -> Option<Notice> {
        match ask {
            GameAsk::Search => self.searched(response, board, out),
            GameAsk::Hint => self.hinted(response),
            GameAsk::Analysis => self.analysed(response, board.play),
            GameAsk::Start => self.started(response, board, out),
            GameAsk::Stable => self.stabled(response),
        }
    }

    /// The AI's search reports, answers or fails.
    fn searched(
        &mut self,
        response: Response,
        board: &mut OnBoard,
        out: &mut Outbox,
    ) -> Option<Notice> {
        let id = response.id();
        if !self.is_search(id) {
            return None;
        }
        match response {
            Response::Thinking { report, .. } => {
                self.thinking = Some(report);
                None
            }
            Response::BestMove { report, .. } => {
                let best = report.best;
                self.search.settle(id, Ok(report));
                self.thinking = None;
                match best {
                    Move::Place(square) if board.play.engine_move(square) => {
                        self.after_change(board, out);
                        None
                    }
                    _ => Some(Notice::EngineError {
                        error: WorkerError::IllegalAnswer { best },
                    }),
                }
            }
            // An error ends its own request only; the last move's figures stay.
            Response::Error { error, .. } => {
                self.search.let_go();
                self.thinking = None;
                Some(Notice::EngineError { error })
            }
            // Not an answer to this ask (named one by one: a new kind of reply is a decision here).
            Response::Pong { .. }
            | Response::Perft { .. }
            | Response::Analysis { .. }
            | Response::Analysed { .. }
            | Response::Reviewed { .. }
            | Response::Explored { .. }
            | Response::Start { .. }
            | Response::Games { .. }
            | Response::Stable { .. }
            | Response::Puzzle { .. }
            | Response::Spawned { .. }
            | Response::Helped { .. }
            | Response::Alive => None,
        }
    }

    /// The hint's search answers or fails.
    fn hinted(&mut self, response: Response) -> Option<Notice> {
        let id = response.id();
        if !self.hint.waits_for(id) {
            return None;
        }
        match response {
            Response::BestMove { report, .. } => {
                match report.best {
                    Move::Place(_) => {
                        self.hint.settle(id, Ok(report));
                    }
                    // Nothing to hint at a pass.
                    Move::Pass => self.hint.let_go(),
                }
                None
            }
            Response::Error { error, .. } => {
                self.hint.settle(id, Err(error.clone()));
                Some(Notice::EngineError { error })
            }
            // Not an answer to this ask (named one by one: a new kind of reply is a decision here).
            Response::Pong { .. }
            | Response::Perft { .. }
            | Response::Thinking { .. }
            | Response::Analysis { .. }
            | Response::Analysed { .. }
            | Response::Reviewed { .. }
            | Response::Explored { .. }
            | Response::Start { .. }
            | Response::Games { .. }
            | Response::Stable { .. }
            | Response::Puzzle { .. }
            | Response::Spawned { .. }
            | Response::Helped { .. }
            | Response::Alive => None,
        }
    }

    /// The analysis deepens, ends or fails.
    fn analysed(&mut self, response: Response, play: &Play) -> Option<Notice> {
        let id = response.id();
        if !self.analysis.waits_for(id) {
            return None;
        }
        match response {
            Response::Analysis { analysis, .. } => {
                // A report shallower than what is shown (the analysis asked again after the page was
                // hidden, or after another request took its worker) waits until it goes deeper.
                let deeper = self
                    .analysis
                    .asked_key()
                    .and_then(|key| self.analysis_for(key))
                    .is_none_or(|shown| {
                        !shown.exact && (analysis.exact || analysis.depth > shown.depth)
                    });
                if deeper {
                    self.analysis.progress(id, analysis);
                    self.follow_analysis(play);
                }
                None
            }
            Response::Analysed { .. } => {
                self.analysis.end(id);
                None
            }
            Response::Error { error, .. } => {
                self.analysis.settle(id, Err(error.clone()));
                Some(Notice::EngineError { error })
            }
            // Not an answer to this ask (named one by one: a new kind of reply is a decision here).
            Response::Pong { .. }
            | Response::Perft { .. }
            | Response::Thinking { .. }
            | Response::BestMove { .. }
            | Response::Reviewed { .. }
            | Response::Explored { .. }
            | Response::Start { .. }
            | Response::Games { .. }
            | Response::Stable { .. }
            | Response::Puzzle { .. }
            | Response::Spawned { .. }
            | Response::Helped { .. }
            | Response::Alive => None,
        }
    }

    /// The stable discs come (an error leaves the board unmarked, and is told).
    fn stabled(&mut self, response: Response) -> Option<Notice> {
        match response {
            Response::Stable { id, discs } => {
                let discs: Bitboard = discs.into_iter().collect();
                self.stable.settle(id, Ok(discs));
                None
            }
            Response::Error { id, error } if self.stable.settle(id, Err(error.clone())) => {
                Some(Notice::EngineError { error })
            }
            // An error of another request, or not an answer to this ask (named one by one: a new kind of reply is a decision here).
            Response::Pong { .. }
            | Response::Perft { .. }
            | Response::Thinking { .. }
            | Response::BestMove { .. }
            | Response::Analysis { .. }
            | Response::Analysed { .. }
            | Response::Reviewed { .. }
            | Response::Explored { .. }
            | Response::Start { .. }
            | Response::Games { .. }
            | Response::Puzzle { .. }
            | Response::Spawned { .. }
            | Response::Helped { .. }
            | Response::Error { .. }
            | Response::Alive => None,
        }
    }

    /// The random start comes, or cannot be found (the standard start stays, and the game goes on from it).
    fn started(
        &mut self,
        response: Response,
        board: &mut OnBoard,
        out: &mut Outbox,
    ) -> Option<Notice> {
        let id = response.id();
        if !self.start.waits_for(id) {
            return None;
        }
        let notice = match response {
            Response::Start { moves, value, .. } => {
                self.start.settle(id, Ok(value));
                match Game::from_moves(reversi_engine::Position::START, &moves) {
                    Ok(game) => {
                        let start = board.play.settings().start;
                        let started = matches!(start, Start::Random { .. } | Start::Xot)
                            .then_some((start, value));
                        // A clock starts with the game itself.
                        board.play.start_from(game, started, true);
                        None
                    }
                    Err(error) => Some(Notice::EngineError {
                        error: WorkerError::BadAnswer {
                            detail: format!("the random start cannot be played: {error}"),
                        },
                    }),
                }
            }
            Response::Error { error, .. } => {
                self.start.settle(id, Err(error.clone()));
                Some(Notice::EngineError { error })
            }
            // Not an answer to this ask (named one by one: a new kind of reply is a decision here).
            Response::Pong { .. }
            | Response::Perft { .. }
            | Response::Thinking { .. }
            | Response::BestMove { .. }
            | Response::Analysis { .. }
            | Response::Analysed { .. }
            | Response::Reviewed { .. }
            | Response::Explored { .. }
            | Response::Games { .. }
            | Response::Stable { .. }
            | Response::Puzzle { .. }
            | Response::Spawned { .. }
            | Response::Helped { .. }
            | Response::Alive => return None,
        };
        self.after_change(board, out);
        notice
    }
}
