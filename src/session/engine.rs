//! The session's traffic with the engine: what it asks of the workers (the AI's move, a hint, the analysis,
//! a random start) after each change, what it withdraws, and what it does with the answers. What is in
//! flight lives in [`super::asks::EngineAsks`], one value an ask.

use super::asks::{GameAsk, Hint, SearchStats, Thinking};
use super::outbox::Outbox;
use super::Asker;
use super::{Mode, Notice, Session, Start};
use crate::protocol::{Request, Response, WorkerError};
use reversi_engine::{Game, Move, Square};

impl Session {
    /// Withdraws every request in flight (a search that is running stops at once: its worker is replaced).
    pub(super) fn cancel_engine(&mut self, out: &mut Outbox) {
        if self.play.held.take().is_some() {
            if let Some(clock) = self.play.clock.as_mut() {
                clock.grace_ms = 0.0;
            }
        }
        self.asks.withdraw(out);
    }

    /// After the position changed: clear what belonged to the old one and ask the engine what is needed.
    pub(super) fn after_change(&mut self, out: &mut Outbox) {
        // A hint or an analysis still running is for the old position: withdraw it (a worker running it
        // stops at once), or the engine's next search would wait behind it.
        self.asks.hint.reset(out);
        self.asks.analysis.reset(out);
        self.asks.analysis_paused = false;
        self.asks.hint_follows = false;
        self.asks.thinking = None;
        if self.ai_to_move() {
            let color = self.play.game.to_move();
            let delay = if self.play.settings.mode == Mode::AiVsAi && self.pace.ai_vs_ai_delay {
                self.play.settings.ai_move_delay_ms
            } else {
                0
            };
            // With a clock the engine spends a share of what is left: the level caps strength, the clock time.
            let empties = self.play.game.position().board.empty_count();
            let clock_millis = self.play.clock.as_mut().map(|clock| {
                // The display's delay is not on the engine's clock.
                clock.grace_ms = delay as f64;
                clock.budget_ms(color, empties)
            });
            let max_millis = match (clock_millis, self.pace.max_search_ms) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let position = self.play.game.position();
            let level = self.play.settings.level(color);
            let mistakes = self.play.settings.mistakes;
            self.asks
                .search
                .ask_after(out, Asker::Game(GameAsk::Search), position, delay, |id| {
                    Request::Search {
                        id,
                        position,
                        level,
                        seed: reversi_engine::seed_from(id),
                        max_millis,
                        mistakes,
                    }
                });
        } else {
            self.asks.search.let_go();
            if self.prefs.analyse {
                self.request_analysis(out);
            }
        }
    }

    /// The engine's line from the game's position, its next move first: the hint's; else, while the
    /// engine thinks, the line it expects; else, after its move, the rest of the line it expected. On a
    /// position browsed, the review's line there (none before the review has valued it).
    pub fn line(&self) -> Vec<Square> {
        if let Some(ply) = self.play.browsing {
            // A position of the past: the review's line there, once the review has valued it.
            return self
                .room
                .valuation
                .reviewed(&self.play.game)
                .into_iter()
                .find(|m| m.ply == ply)
                .map(|m| m.line)
                .unwrap_or_default();
        }
        if self.is_finished() {
            return Vec::new();
        }
        if let Some(hint) = self.asks.hint() {
            return hint.line.clone();
        }
        if let Some(thinking) = &self.asks.thinking {
            return thinking.pv.clone();
        }
        match (self.asks.last_search(), self.play.game.plies().last()) {
            (Some(stats), Some(last))
                if stats.pv.len() > 1 && last.mv == reversi_engine::Move::Place(stats.pv[0]) =>
            {
                stats.pv[1..].to_vec()
            }
            _ => Vec::new(),
        }
    }

    /// Asks for the values of the legal moves of the position shown (the game's, or the one browsed).
    pub(super) fn request_analysis(&mut self, out: &mut Outbox) {
        let position = self.shown();
        let browsed_over = self.play.browsing.is_some() && position.board.moves().is_empty();
        if (self.play.browsing.is_none() && self.is_finished()) || browsed_over || self.ai_to_move()
        {
            return;
        }
        // A hidden page asks for nothing to deepen (a move answered meanwhile included): the analysis of
        // the position shown starts when the page is shown again.
        if self.asks.page_hidden {
            self.asks.analysis_paused = true;
            return;
        }
        let limit = (self.prefs.analyse_depth > 0).then_some(self.prefs.analyse_depth);
        self.asks
            .analysis
            .ask(out, Asker::Game(GameAsk::Analysis), position, |id| {
                Request::Analyse {
                    id,
                    position,
                    limit,
                }
            });
    }

    /// The page shown or hidden: a hidden page's analysis stops deepening (its values stay), and goes on
    /// when the page is shown again.
    pub(super) fn page_visible(&mut self, visible: bool, out: &mut Outbox) {
        self.asks.page_hidden = !visible;
        if !visible && self.asks.analysis.is_asking() {
            self.asks.analysis.withdraw(out);
            self.asks.analysis_paused = true;
        } else if visible && self.asks.analysis_paused {
            self.asks.analysis_paused = false;
            if self.prefs.analyse {
                self.request_analysis(out);
            }
        }
    }

    /// While the hint follows the analysis, shows the analysis's best move of the game's position as the
    /// hint.
    fn follow_analysis(&mut self) {
        if !self.asks.hint_follows || self.play.browsing.is_some() {
            return;
        }
        let position = self.play.game.position();
        if let Some(hint) = self.asks.hint_from_analysis(&position) {
            self.asks.hint.show(position, hint);
        }
    }

    /// Asks for a hint for the game's position (once: a hint in flight is not asked again).
    pub(super) fn request_hint(&mut self, out: &mut Outbox) {
        if self.is_finished() || self.ai_to_move() || self.asks.hint.is_asking() {
            return;
        }
        // With the analysis on, the hint is its best move: one answer for one position.
        if self.prefs.analyse {
            self.asks.hint_follows = true;
            if self.play.browsing.is_none()
                && !self.asks.analysis.is_asking()
                && self.asks.analysis_for(&self.play.game.position()).is_none()
            {
                self.request_analysis(out);
            }
            self.follow_analysis();
            return;
        }
        let position = self.play.game.position();
        self.asks
            .hint
            .ask(out, Asker::Game(GameAsk::Hint), position, |id| {
                Request::Search {
                    id,
                    position,
                    level: super::HINT_LEVEL,
                    seed: 0,
                    max_millis: Some(3000),
                    mistakes: None,
                }
            });
    }

    /// A reply to one of the game's asks, delivered to it by who asked ([`GameAsk`]): each ask takes the
    /// replies of its question in flight only (one withdrawn or asked again is dropped).
    pub(super) fn receive(&mut self, ask: GameAsk, response: Response, out: &mut Outbox) {
        match ask {
            GameAsk::Search => self.searched(response, out),
            GameAsk::Hint => self.hinted(response),
            GameAsk::Analysis => self.analysed(response),
            GameAsk::Start => self.started(response, out),
        }
    }

    /// The AI's search reports, answers or fails.
    fn searched(&mut self, response: Response, out: &mut Outbox) {
        let id = response.id();
        if !self.asks.is_search(id) {
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
            } => {
                self.asks.thinking = Some(Thinking {
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
            } => {
                let mover = self.play.game.to_move();
                let stats = SearchStats {
                    color: mover,
                    best,
                    score,
                    kind,
                    pv,
                    nodes,
                    millis,
                };
                self.asks.search.settle(id, Ok(stats));
                self.asks.thinking = None;
                match best {
                    Move::Place(square) if self.play.game.play(square).is_ok() => {
                        self.play.moved(mover);
                        self.after_change(out);
                    }
                    _ => {
                        self.notice = Some(Notice::EngineError {
                            error: WorkerError::IllegalAnswer { best },
                        });
                    }
                }
            }
            // An error ends its own request only; the last move's figures stay.
            Response::Error { error, .. } => {
                self.asks.search.let_go();
                self.asks.thinking = None;
                self.notice = Some(Notice::EngineError { error });
            }
            _ => {}
        }
    }

    /// The hint's search answers or fails.
    fn hinted(&mut self, response: Response) {
        let id = response.id();
        if !self.asks.hint.waits_for(id) {
            return;
        }
        match response {
            Response::BestMove {
                best,
                score,
                kind,
                pv,
                ..
            } => match best {
                Move::Place(square) => {
                    let hint = Hint {
                        square,
                        score,
                        kind,
                        line: pv,
                    };
                    self.asks.hint.settle(id, Ok(hint));
                }
                // Nothing to hint at a pass.
                Move::Pass => self.asks.hint.let_go(),
            },
            Response::Error { error, .. } => {
                self.asks.hint.settle(id, Err(error.clone()));
                self.notice = Some(Notice::EngineError { error });
            }
            _ => {}
        }
    }

    /// The analysis deepens, ends or fails.
    fn analysed(&mut self, response: Response) {
        let id = response.id();
        if !self.asks.analysis.waits_for(id) {
            return;
        }
        match response {
            Response::Analysis { analysis, .. } => {
                // A report shallower than what is shown (the analysis asked again after the page was
                // hidden, or after another request took its worker) waits until it goes deeper.
                let deeper = self
                    .asks
                    .analysis
                    .asked_key()
                    .and_then(|key| self.asks.analysis_for(key))
                    .is_none_or(|shown| {
                        !shown.exact && (analysis.exact || analysis.depth > shown.depth)
                    });
                if deeper {
                    self.asks.analysis.progress(id, analysis);
                    self.follow_analysis();
                }
            }
            Response::Analysed { .. } => {
                self.asks.analysis.end(id);
            }
            Response::Error { error, .. } => {
                self.asks.analysis.settle(id, Err(error.clone()));
                self.notice = Some(Notice::EngineError { error });
            }
            _ => {}
        }
    }

    /// The random start comes, or cannot be found (the standard start stays, and the game goes on from it).
    fn started(&mut self, response: Response, out: &mut Outbox) {
        let id = response.id();
        if !self.asks.start.waits_for(id) {
            return;
        }
        match response {
            Response::Start { moves, value, .. } => {
                self.asks.start.settle(id, Ok(value));
                match Game::from_moves(reversi_engine::Position::START, &moves) {
                    Ok(game) => {
                        self.play.game = game;
                        if let Start::Random { .. } = self.play.settings.start {
                            self.play.started = Some((self.play.settings.start, value));
                        }
                        // A clock starts with the game itself.
                        self.play.clock =
                            self.play.settings.clock.map(crate::session::GameClock::new);
                    }
                    Err(error) => {
                        self.notice = Some(Notice::EngineError {
                            error: WorkerError::BadAnswer {
                                detail: format!("the random start cannot be played: {error}"),
                            },
                        })
                    }
                }
                self.after_change(out);
            }
            Response::Error { error, .. } => {
                self.asks.start.settle(id, Err(error.clone()));
                self.notice = Some(Notice::EngineError { error });
                self.after_change(out);
            }
            _ => {}
        }
    }
}
