//! The session's traffic with the engine: what it asks of the workers (the AI's move, a hint, the analysis)
//! after each change, what it withdraws, and what it does with the answers.

use super::{Mode, Notice, Session, Start};
use crate::protocol::{Request, Response, ScoreKind};
use reversi_engine::{Color, Game, Move, Square};

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

impl Session {
    pub(super) fn send(&mut self, request: Request, delay_ms: u32) {
        self.channel.send(request, delay_ms);
    }

    /// Withdraws every request in flight (a search that is running stops at once: its worker is replaced).
    pub(super) fn cancel_engine(&mut self) {
        if self.held.take().is_some() {
            if let Some(clock) = self.clock.as_mut() {
                clock.grace_ms = 0.0;
            }
        }
        for id in [
            self.search.take(),
            self.hint_request.take(),
            self.analysis_request.take(),
        ]
        .into_iter()
        .flatten()
        {
            self.channel.cancel(id);
        }
        self.thinking = None;
    }

    /// After the position changed: clear what belonged to the old one and ask the engine what is needed.
    pub(super) fn after_change(&mut self) {
        // A hint or an analysis still running is for the old position: withdraw it (a worker running it
        // stops at once), or the engine's next search would wait behind it.
        for id in [self.hint_request.take(), self.analysis_request.take()]
            .into_iter()
            .flatten()
        {
            self.channel.cancel(id);
        }
        self.hint = None;
        self.hint_value = None;
        self.hint_line.clear();
        self.analysis.clear();
        self.thinking = None;
        if self.ai_to_move() {
            let color = self.game.to_move();
            let id = self.channel.new_id();
            self.search = Some(id);
            let delay = if self.settings.mode == Mode::AiVsAi {
                self.settings.ai_move_delay_ms
            } else {
                0
            };
            let seed = reversi_engine::seed_from(id);
            // With a clock the engine spends a share of what is left: the level caps strength, the clock time.
            let empties = self.game.position().board.empty_count();
            let max_millis = self.clock.as_mut().map(|clock| {
                // The display's delay is not on the engine's clock.
                clock.grace_ms = delay as f64;
                clock.budget_ms(color, empties)
            });
            self.send(
                Request::Search {
                    id,
                    position: self.game.position(),
                    level: self.settings.level(color),
                    seed,
                    max_millis,
                    mistakes: self.settings.mistakes.map(|m| (m.max_loss, m.one_in)),
                },
                delay,
            );
        } else {
            self.search = None;
            if self.analyse {
                self.request_analysis();
            }
        }
    }

    /// The engine's line from the game's position, its next move first: the hint's; else, while the
    /// engine thinks, the line it expects; else, after its move, the rest of the line it expected. On a
    /// position browsed, the review's line there (none before the review has valued it).
    pub fn line(&self) -> Vec<Square> {
        if let Some(ply) = self.browsing {
            // A position of the past: the review's line there, once the review has valued it.
            return self
                .room
                .reviewed(&self.game)
                .into_iter()
                .find(|m| m.ply == ply)
                .map(|m| m.line)
                .unwrap_or_default();
        }
        if self.is_finished() {
            return Vec::new();
        }
        if self.hint.is_some() {
            return self.hint_line.clone();
        }
        if let Some(thinking) = &self.thinking {
            return thinking.pv.clone();
        }
        match (&self.last_search, self.game.plies().last()) {
            (Some(stats), Some(last))
                if stats.pv.len() > 1 && last.mv == reversi_engine::Move::Place(stats.pv[0]) =>
            {
                stats.pv[1..].to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Asks for the values of the legal moves of the position shown (the game's, or the one browsed).
    pub(super) fn request_analysis(&mut self) {
        let position = self.shown();
        let browsed_over = self.browsing.is_some() && position.board.moves().is_empty();
        if (self.browsing.is_none() && self.is_finished()) || browsed_over || self.ai_to_move() {
            return;
        }
        let id = self.channel.new_id();
        self.analysis_request = Some(id);
        self.analysis_of = Some(position);
        self.send(
            Request::Analyse {
                id,
                position,
                depth: self.analyse_depth,
            },
            0,
        );
    }

    pub(super) fn receive(&mut self, response: Response) {
        let id = response.id();
        if self.training.waits_for(id) {
            self.training.receive(response);
            return;
        }
        match response {
            Response::Thinking {
                best,
                score,
                kind,
                pv,
                nodes,
                ..
            } if Some(id) == self.search => {
                self.thinking = Some(Thinking {
                    best,
                    score,
                    kind,
                    pv,
                    nodes,
                });
            }
            Response::BestMove {
                best,
                score,
                kind,
                pv,
                nodes,
                millis,
                ..
            } if Some(id) == self.search => {
                self.search = None;
                self.thinking = None;
                self.last_search = Some(SearchStats {
                    color: self.game.to_move(),
                    best,
                    score,
                    kind,
                    pv,
                    nodes,
                    millis,
                });
                let mover = self.game.to_move();
                match best {
                    Move::Place(square) if self.game.play(square).is_ok() => {
                        self.moved(mover);
                        self.after_change();
                    }
                    _ => {
                        self.notice = Some(Notice::EngineError {
                            message: format!("the engine answered an illegal move: {best}"),
                        });
                    }
                }
            }
            Response::BestMove {
                best,
                score,
                kind,
                pv,
                ..
            } if Some(id) == self.hint_request => {
                self.hint_request = None;
                self.hint = best.square();
                self.hint_value = self.hint.map(|_| (score, kind));
                self.hint_line = pv;
            }
            Response::Analysis { values, .. } if Some(id) == self.analysis_request => {
                self.analysis_request = None;
                self.analysis = values;
            }
            Response::Start { moves, value, .. } if Some(id) == self.start_request => {
                self.start_request = None;
                match Game::from_moves(reversi_engine::Position::START, &moves) {
                    Ok(game) => {
                        self.game = game;
                        if let Start::Random { .. } = self.settings.start {
                            self.started = Some((self.settings.start, value));
                        }
                        // A clock starts with the game itself.
                        self.clock = self.settings.clock.map(crate::session::GameClock::new);
                    }
                    Err(error) => {
                        self.notice = Some(Notice::EngineError {
                            message: format!("the random start cannot be played: {error}"),
                        })
                    }
                }
                self.after_change();
            }
            Response::Error { message, .. } if Some(id) == self.start_request => {
                // The standard start stays; the game goes on from it.
                self.start_request = None;
                self.notice = Some(Notice::EngineError { message });
                self.after_change();
            }
            // An error ends its own request only.
            Response::Error { message, .. } if Some(id) == self.search => {
                self.search = None;
                self.thinking = None;
                self.notice = Some(Notice::EngineError { message });
            }
            Response::Error { message, .. } if Some(id) == self.hint_request => {
                self.hint_request = None;
                self.notice = Some(Notice::EngineError { message });
            }
            Response::Error { message, .. } if Some(id) == self.analysis_request => {
                self.analysis_request = None;
                self.notice = Some(Notice::EngineError { message });
            }
            // Replies to requests that no longer matter (after undo, new game, ...) are dropped.
            _ => {}
        }
    }
}
