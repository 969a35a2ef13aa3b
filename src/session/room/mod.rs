//! The analysis room's state, as plain Rust (tested natively): three parts, each in its file, and this
//! small root that routes to them and shares the workers the room may use among them.
//!
//! - [`valuation`]: the evaluation graph's values and the game review;
//! - [`explorer`]: the opening explorer;
//! - [`games`]: the expert games list.
//!
//! A worker's reply comes home by who asked ([`RoomAsk`]), to the part that asked it.
//!
//! Everything here is computed by the page's pool of engine workers, never on the page's thread, and the AI's
//! move always comes first there. The room asks as many questions at once as it may use workers
//! ([`Room::parallel`]): the review's positions first while a review runs, otherwise the graph's missing
//! values, plus the explorer's position and the games list's page.

pub mod explorer;
pub mod games;
pub mod learn;
pub mod valuation;

use crate::protocol::{RequestId, Response};
use crate::session::effects::outbox::Outbox;
use reversi_engine::{Game, Position};

pub use self::explorer::Explorer;
pub use self::games::{GamesAction, GamesList, GamesPage, GamesQuery, GAMES_PAGE};
pub use self::learn::{Learn, LearnAction, LearnOrder, Verdict};
pub use self::valuation::{GraphPoint, LossPoint, ReviewRun, ReviewedMove, Valuation, Valued};

/// Which of the room's parts a request is for: its replies come home to that part. The room asks with it
/// alone; the outbox maps it to the root's asker (as Elm's `Cmd.map`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomAsk {
    /// The graph's values and the review ([`Valuation`]).
    Valuation,
    /// The opening explorer ([`Explorer`]).
    Explorer,
    /// The expert games list ([`GamesList`]).
    Games,
}

/// What the person does in the analysis room.
#[derive(Clone, Debug, PartialEq)]
pub enum RoomAction {
    /// Review the whole game.
    StartReview,
    /// Stop the review.
    CancelReview,
    /// Show or hide the opening explorer.
    SetExplorer(bool),
    /// Something in the expert games list.
    Games(GamesAction),
    /// Something in "learn from your mistakes".
    Learn(LearnAction),
}

/// The analysis room.
#[derive(Clone, Debug, PartialEq)]
pub struct Room {
    /// The graph and the review.
    valuation: Valuation,
    /// The opening explorer.
    explorer: Explorer,
    /// The expert games that reached the shown position.
    games: GamesList,
    /// The engine workers the page runs.
    workers: usize,
    /// "Learn from your mistakes", while a pass runs.
    learn: Option<Learn>,
}

impl Default for Room {
    fn default() -> Room {
        Room {
            valuation: Valuation::default(),
            explorer: Explorer::default(),
            games: GamesList::default(),
            workers: 1,
            learn: None,
        }
    }
}

impl Room {
    /// Carries out `action` on the game `game`, whose position on the board is `shown`, then asks what it
    /// calls for.
    pub fn apply(&mut self, action: RoomAction, game: &Game, shown: &Position, out: &mut Outbox) {
        match action {
            RoomAction::StartReview => self.valuation.start_review(),
            RoomAction::CancelReview => self.valuation.cancel_review(out),
            RoomAction::SetExplorer(open) => self.explorer.set_open(open),
            RoomAction::Games(action) => self.games.apply(action, shown),
            RoomAction::Learn(action) => self.learn(action, game, shown, out),
        }
        self.sync(game, Some(shown), out);
    }

    /// "Learn from your mistakes", while a pass runs.
    pub fn learning(&self) -> Option<&Learn> {
        self.learn.as_ref()
    }

    /// The pass just started leaves out the mistakes learned before (see [`Learn::skip`]).
    pub fn skip_learned(&mut self, learned: &[usize]) {
        if let Some(learn) = self
            .learn
            .as_mut()
            .filter(|l| l.at == 0 && l.verdict.is_none())
        {
            learn.skip(learned);
        }
    }

    fn learn(&mut self, action: LearnAction, game: &Game, shown: &Position, out: &mut Outbox) {
        match action {
            LearnAction::Start(order, side) => {
                self.learn = Learn::new(&self.valuation.reviewed(game), order, side)
            }
            LearnAction::Stop => self.learn = None,
            LearnAction::Next => {
                if let Some(learn) = self.learn.as_mut() {
                    learn.next()
                }
            }
            LearnAction::Reveal => {
                if let Some(learn) = self.learn.as_mut() {
                    learn.revealed = true
                }
            }
            LearnAction::Try(square) => {
                let depth = self.valuation.review().map_or(0, |r| r.depth);
                let Some(learn) = self.learn.as_mut() else {
                    return;
                };
                let position = learn.position(game).filter(|p| p == shown);
                let Some(position) = position.filter(|p| p.board.is_legal(square)) else {
                    return;
                };
                match self.valuation.move_loss(&position, square, depth) {
                    Some(loss) => {
                        learn.judge(square, loss);
                    }
                    None => {
                        learn.verdict = Some(Verdict::Judging(square));
                        self.valuation.ask_move(position, square, depth, out);
                    }
                }
            }
        }
    }

    /// A move tried and being valued is judged once its value is in (and dropped if the analyst refused).
    fn judge_tried(&mut self, game: &Game) {
        let depth = self.valuation.review().map_or(0, |r| r.depth);
        let Some(learn) = self.learn.as_mut() else {
            return;
        };
        let (Some(square), Some(position)) = (learn.judging(), learn.position(game)) else {
            return;
        };
        if let Some(loss) = self.valuation.move_loss(&position, square, depth) {
            learn.judge(square, loss);
        } else if self.valuation.is_refused(&position) {
            learn.verdict = None;
        }
    }

    /// A worker's reply, home to the part that asked it (each part takes only the replies to its questions
    /// in flight); then asks what comes next.
    pub fn receive(
        &mut self,
        ask: RoomAsk,
        response: Response,
        game: &Game,
        shown: &Position,
        out: &mut Outbox,
    ) {
        match (ask, response) {
            (RoomAsk::Valuation, response) => {
                self.valuation.receive(&response);
                self.judge_tried(game);
            }
            (RoomAsk::Explorer, Response::Explored { id, moves }) => {
                self.explorer.took(id, Ok(moves))
            }
            (RoomAsk::Games, Response::Games { id, total, games }) => {
                self.games.took(id, Ok(GamesPage { total, games }))
            }
            (RoomAsk::Explorer, Response::Error { id, error }) => {
                self.explorer.took(id, Err(error))
            }
            (RoomAsk::Games, Response::Error { id, error }) => self.games.took(id, Err(error)),
            // Not an answer to the explorer or the games list (named one by one: a new kind of reply is a
            // decision here); an explorer's games answer or a list's moves answer is no answer either.
            (RoomAsk::Explorer, Response::Games { .. })
            | (RoomAsk::Games, Response::Explored { .. })
            | (
                RoomAsk::Explorer | RoomAsk::Games,
                Response::Pong { .. }
                | Response::Perft { .. }
                | Response::Thinking { .. }
                | Response::BestMove { .. }
                | Response::Analysis { .. }
                | Response::Analysed { .. }
                | Response::Reviewed { .. }
                | Response::Start { .. }
                | Response::Stable { .. }
                | Response::Puzzle { .. }
                | Response::Spawned { .. }
                | Response::Helped { .. }
                | Response::Alive,
            ) => {}
        }
        self.sync(game, Some(shown), out);
    }

    /// The graph's values and the review.
    pub fn valuation(&self) -> &Valuation {
        &self.valuation
    }

    /// Takes the values kept with the game (see [`Valuation::seed`]).
    pub fn seed_values(&mut self, values: Vec<(reversi_engine::Position, Valued)>) {
        self.valuation.seed(values);
    }

    /// The opening explorer.
    pub fn explorer(&self) -> &Explorer {
        &self.explorer
    }

    /// The expert games list.
    pub fn games(&self) -> &GamesList {
        &self.games
    }

    /// The review, once asked for.
    pub fn review(&self) -> Option<&ReviewRun> {
        self.valuation.review()
    }

    /// True while a review runs.
    pub fn reviewing(&self) -> bool {
        self.valuation.reviewing()
    }

    /// Drops the review of a game that is being replaced (see [`Valuation::forget_review`]).
    pub fn forget_review(&mut self, out: &mut Outbox) {
        self.valuation.forget_review(out);
        self.learn = None;
    }

    /// The ids of the graph's and the review's questions in flight.
    pub fn waiting(&self) -> Vec<RequestId> {
        self.valuation.waiting()
    }

    /// How many engine workers the page runs (see [`Room::parallel`]).
    pub fn set_workers(&mut self, workers: usize, game: &Game, shown: &Position, out: &mut Outbox) {
        self.workers = workers.max(1);
        self.sync(game, Some(shown), out);
    }

    /// How many questions the room asks at once: one per worker during a review (asked for, and worth every
    /// core; the AI's move still comes first, since the pool stops a room question for it), otherwise one
    /// worker fewer, so that the AI always finds one free (at least one).
    pub fn parallel(&self) -> usize {
        if self.reviewing() {
            self.workers
        } else {
            self.workers.saturating_sub(1).max(1)
        }
    }

    /// True when [`Room::sync`] would change nothing (so the room's state, shared with the page's last
    /// render, need not be copied to be changed).
    pub fn settled(&self, game: &Game, shown: Option<&Position>) -> bool {
        shown.is_none_or(|s| !self.explorer.would_ask(s) && !self.games.would_ask(s))
            && self.valuation.settled(game, self.parallel())
            && self
                .learn
                .as_ref()
                .is_none_or(|l| l.is_over() || l.position(game).is_some())
    }

    /// Asks the next questions, as many as may be in flight: after every change to the game or the room.
    /// `shown` is the position on the board (the explorer and the games list follow it), `None` when
    /// unchanged.
    pub fn sync(&mut self, game: &Game, shown: Option<&Position>, out: &mut Outbox) {
        // A pass whose game no longer has the mistake asked (moves taken back, another game) ends.
        if self
            .learn
            .as_ref()
            .is_some_and(|l| !l.is_over() && l.position(game).is_none())
        {
            self.learn = None;
        }
        if let Some(shown) = shown {
            self.explorer.sync(out, shown);
            self.games.sync(out, shown);
        }
        let parallel = self.parallel();
        self.valuation.sync(out, game, parallel);
    }
}

#[cfg(test)]
mod tests;
