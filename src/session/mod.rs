//! The game session behind the page, as plain Rust (no Yew: the page's `Reducible` impl is in the view), so that every rule of
//! the UI is tested natively: settings, the game record, what is asked of the engine workers and what they
//! answered; the clock, notices, saved games, share links and keys; the analysis room's and the training
//! room's state. The views ([`crate::view`]) only render it and dispatch [`Action`]s.
//!
//! Requests to the workers are commands out: [`Session::apply`] returns what an action needs sent or
//! withdrawn ([`outbox::Command`]), each request named by who asked ([`Asker`]); the page's pool
//! carries the asker with the request and hands it back with each reply ([`Action::Answer`]), which goes
//! home by one exhaustive match (see [`outbox`]). Nothing of what was sent is kept in the state.
//!
//! The root owns the parts and routes each action with an exhaustive match: the game ([`play`],
//! `Action::Game`), the analysis room ([`room`], `Action::Room`), the training room ([`training`],
//! `Action::Training`) and the preferences ([`preferences`], `Action::Prefs`) each reduce their own
//! actions; what is asked of the engine is one [`ask::Ask`] an ask ([`asks`]). The game's reducer touches
//! the game only and says what changed ([`play::Outcome`]); the root acts on it with what lies between the
//! parts, a concept a file: the traffic with the engine in `engine.rs` (when it asks, what an answer does,
//! the lines it expects); the time of actions in `pacing.rs` (the clock's charges, the engine's reply held
//! until due); games replaced and brought back in `replace.rs` (a new game, a set-up position, an import, a
//! shared link, an expert game, a save restored: what replaces the game whole is the root's); pasted text
//! read in `import.rs`; the clock's own reducer in [`clock`]; [`settings`] and [`notice`] beside it; what is
//! saved ([`saved::Kept`]) in [`saved`] and [`persist`]; its tests in `tests.rs` and `tests/`.

mod action;
pub mod ask;
pub mod asks;
pub mod clock;
pub mod keys;
pub mod notice;
pub mod orientation;
pub mod outbox;
pub mod persist;
pub mod picture;
pub mod preferences;
pub mod room;
pub mod saved;
pub mod settings;
pub mod share;
pub mod slots;
pub mod training;

pub use self::action::Action;
pub use self::clock::GameClock;
pub use self::notice::{LinkError, Notice};
pub use self::settings::{ClockSettings, Mode, Scoring, Settings, Start};
use std::rc::Rc;

use self::outbox::{Command, Outbox};
use crate::protocol::{Request, RequestId};
use reversi_engine::{Bitboard, Color, Game};

pub use self::preferences::{Lang, PrefAction, Preferences, ANALYSE_DEPTHS, DEFAULT_ANALYSE_DEPTH};
/// Level used for hints.
pub const HINT_LEVEL: u8 = 8;

/// Who asked a request: the part of the session its replies go home to (the root routes them with one
/// exhaustive match, each part then to its own ask).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker {
    /// The game: the AI's move, the hint, the analysis on the board, a random start.
    Game(GameAsk),
    /// The analysis room: the graph and the review, the explorer, the expert games.
    Room(room::RoomAsk),
    /// The training room: a puzzle, a drill's valuation.
    Training(training::TrainingAsk),
}

/// The whole state of the page's game.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    /// The game on the board: its settings, record, position browsed, clock, held reply and start.
    pub play: Play,
    /// What the game asks of the engine workers (the AI's move, the hint, the analysis, a random start):
    /// one value an ask.
    pub asks: EngineAsks,
    /// How many threads the AI's search runs on (see [`Action::Workers`]).
    pub search_threads: usize,
    /// The person's preferences (the language, the sounds, the board's view, the scoring, the analysis).
    pub prefs: Preferences,
    /// A message for the player.
    pub notice: Option<Notice>,
    /// The id the next request to the workers takes (all that is kept of what was sent).
    next_id: RequestId,
    /// The games an import, a shared link or a loaded slot replaced, the latest last, kept so that each is a
    /// click or a few away ([`Action::BringBack`]) and never lost without asking: the last
    /// [`MAX_REPLACED`], the oldest dropped first.
    pub replaced: Vec<Kept>,
    /// The analysis room: evaluation graph, review and explorer, answered by the second worker. Shared
    /// with the page's render (an action that leaves the room alone does not copy it).
    pub room: Rc<crate::session::room::Room>,
    /// The training room: while it is open the board is its own, the game waits (no clock, no AI move).
    pub training: Rc<crate::session::training::Training>,
    /// How long the engine's reply is held and may take ([`Pace`]: the page's own, or quick for tests).
    pub pace: Pace,
    /// This page's own number, mixed into each new game's id so that no other page's games share one (see
    /// [`Session::set_salt`]), and how many games it has begun.
    salt: (u64, u64),
}

impl Default for Session {
    /// A new game with the default settings: the person plays black, with no analysis, so that nothing is
    /// asked of the engine (tested).
    fn default() -> Session {
        Session::new(Settings::default()).0
    }
}

impl Session {
    /// A new game with `settings`, and what it asks of the workers (the engine starts thinking if it plays
    /// black; a random start is looked for).
    pub fn new(settings: Settings) -> (Session, Vec<Command>) {
        let mut session = Session::blank(settings);
        session.play.id = session.new_game_id();
        session.with_outbox(|session, out| {
            session.set_up_start(out);
            session.after_change(out);
        })
    }

    /// Runs `f` with an outbox numbered from this session's next id, and returns the session and what `f`
    /// sent (the start of a game: see [`Session::new`]).
    fn with_outbox(mut self, f: impl FnOnce(&mut Session, &mut Outbox)) -> (Session, Vec<Command>) {
        let commands = self.run(f);
        (self, commands)
    }

    /// Runs `f` with an outbox numbered from this session's next id; keeps the next id and returns what `f`
    /// sent.
    fn run(&mut self, f: impl FnOnce(&mut Session, &mut Outbox)) -> Vec<Command> {
        let mut out = Outbox::new(self.next_id);
        f(self, &mut out);
        let (commands, next_id) = out.finish();
        self.next_id = next_id;
        commands
    }

    /// Sets up the start `settings.start` asks for: an XOT opening drawn from the list, or a random start
    /// asked of a worker (the game waits for it).
    fn set_up_start(&mut self, out: &mut Outbox) {
        match self.play.settings.start {
            Start::Standard => {}
            Start::Xot => {
                let list = reversi_engine::xot::openings();
                // Drawn by the request counter, mixed: a new opening for each game.
                let draw = reversi_engine::seed_from(out.new_id());
                if let Some(opening) = list.get((draw % list.len().max(1) as u64) as usize) {
                    if let Ok(game) =
                        Game::from_moves(reversi_engine::Position::START, &opening.moves)
                    {
                        self.play.game = game;
                        self.play.started = Some((Start::Xot, opening.value));
                    }
                }
            }
            start @ Start::Random { moves, low, high } => {
                let asker = Asker::Game(GameAsk::Start);
                self.asks
                    .start
                    .ask(out, asker, start, |id| Request::RandomStart {
                        id,
                        moves,
                        low,
                        high,
                        seed: reversi_engine::seed_from(id),
                    });
            }
        }
    }

    pub(super) fn blank(settings: Settings) -> Session {
        Session {
            play: Play::new(settings),
            asks: EngineAsks::default(),
            search_threads: 1,
            prefs: Preferences::default(),
            notice: None,
            next_id: 1,
            replaced: Vec::new(),
            room: Rc::default(),
            training: Rc::new(crate::session::training::Training::new(
                crate::session::training::Progress::new(),
            )),
            salt: (0, 0),
            pace: Pace::NORMAL,
        }
    }

    /// An id for a new game: this page's number and its count of games, mixed (never 0).
    pub(super) fn new_game_id(&mut self) -> u64 {
        self.salt.1 += 1;
        reversi_engine::seed_from(self.salt.0 ^ self.salt.1) | 1
    }

    /// Gives this page's own number (random, once a page), from which new games take ids no other page's
    /// games share; with `renew`, the game on the board (a new one) takes such an id now.
    pub fn set_salt(&mut self, salt: u64, renew: bool) {
        self.salt.0 = salt;
        if renew {
            self.play.id = self.new_game_id();
        }
    }

    /// True while the game waits: for the training room to close, or for its random start.
    fn waiting(&self) -> bool {
        self.training.open || self.asks.start.is_asking()
    }

    /// True when the engine plays the side to move (and the game is not over, nor waiting for the training
    /// room to close or its random start).
    pub fn ai_to_move(&self) -> bool {
        self.play.ai_to_move(self.waiting())
    }

    /// True when the game has ended: no side can move, or a side ran out of time.
    pub fn is_finished(&self) -> bool {
        self.play.is_finished()
    }

    /// The side that lost on time, if any.
    pub fn flagged(&self) -> Option<Color> {
        self.play.flagged()
    }

    /// True when the clock should be ticking (not while the training room is open).
    pub fn clock_running(&self) -> bool {
        self.play.clock.is_some() && !self.is_finished() && !self.training.open
    }

    /// Charges the clock up to `now` (see [`Play::charge`]); a flag ends the game and withdraws the
    /// engine's search. The game's clock waits while the training room is open.
    fn charge(&mut self, now: f64, out: &mut Outbox) {
        if self.play.charge(now, self.training.open) {
            self.cancel_engine(out);
        }
    }

    /// Legal moves a person may click now (none while the engine is to move or when browsing; the training
    /// room's own while it is open).
    pub fn clickable(&self) -> Bitboard {
        if self.training.open {
            return self.training.board().map_or(Bitboard::EMPTY, |b| b.2);
        }
        self.play.clickable(self.waiting())
    }

    /// The position on the board: the current one, or the one being browsed.
    pub fn shown(&self) -> reversi_engine::Position {
        self.play.shown()
    }

    /// Applies one action, then lets the analysis room ask what the change calls for; returns what is to be
    /// sent to the workers or withdrawn (see [`outbox`]).
    pub fn apply(&mut self, action: Action) -> Vec<Command> {
        self.run(|session, out| session.step(action, out))
    }

    /// [`Session::apply`] with the outbox of the action being applied.
    fn step(&mut self, action: Action, out: &mut Outbox) {
        match action {
            Action::On { at, action } => {
                if at == self.shown() {
                    self.step(*action, out);
                }
            }
            Action::Room(action) => {
                let shown = self.shown();
                Rc::make_mut(&mut self.room).apply(action, &self.play.game, &shown, out);
            }
            action => {
                let shown_before = self.shown();
                self.apply_game(action, out);
                let shown = self.shown();
                let moved = shown != shown_before;
                let shown = moved.then_some(&shown);
                if !self.room.settled(&self.play.game, shown) {
                    Rc::make_mut(&mut self.room).sync(&self.play.game, shown, out);
                }
            }
        }
    }

    /// A reply of the workers, home to the part that asked: one exhaustive match on who asked.
    fn answer(&mut self, asker: Asker, response: crate::protocol::Response, out: &mut Outbox) {
        match asker {
            Asker::Game(ask) => self.receive(ask, response, out),
            Asker::Room(ask) => {
                let shown = self.shown();
                Rc::make_mut(&mut self.room).receive(ask, response, &self.play.game, &shown, out);
            }
            Asker::Training(ask) => Rc::make_mut(&mut self.training).receive(ask, response),
        }
    }

    fn apply_game(&mut self, action: Action, out: &mut Outbox) {
        match action {
            Action::NewGame(settings) => {
                // What the old game asked is withdrawn; the ids go on, so nothing of the
                // old game is mistaken for the new one.
                self.cancel_engine(out);
                let mut room = std::mem::take(&mut self.room);
                if room.review().is_some() {
                    Rc::make_mut(&mut room).forget_review(out);
                }
                *self = Session {
                    room,
                    next_id: self.next_id,
                    prefs: self.prefs,
                    salt: self.salt,
                    pace: self.pace,
                    ..Session::blank(settings)
                };
                self.play.id = self.new_game_id();
                self.set_up_start(out);
                self.after_change(out);
            }
            Action::Game(GameAction::Square(square)) if self.training.open => {
                Rc::make_mut(&mut self.training).click(square, out);
            }
            Action::Training(action) => self.train(action, out),
            // The game's own controls wait while the training room has the board.
            Action::Game(GameAction::Undo | GameAction::Redo)
            | Action::Hint
            | Action::PlayLine(_)
                if self.training.open => {}
            Action::Game(action) => {
                let outcome = self.play.apply(action, self.asks.start.is_asking());
                self.follow(outcome, out);
            }
            Action::Hint => self.request_hint(out),
            Action::PlayLine(line) => {
                for square in line {
                    if !self.clickable().contains(square) {
                        break;
                    }
                    self.step(Action::Game(GameAction::Square(square)), out);
                }
            }
            Action::Prefs(action) => {
                self.prefs.apply(action);
                // The analysis on the board asks again with its new limit, or stops.
                if action.changes_analysis() {
                    self.asks.analysis.reset(out);
                    self.asks.analysis_paused = false;
                    if self.prefs.analyse {
                        // A hint shown or asked becomes the analysis's best move, so that the two agree.
                        if self.asks.hint.is_asking() || self.asks.hint().is_some() {
                            self.asks.hint.reset(out);
                            self.asks.hint_follows = true;
                        }
                        self.request_analysis(out);
                    }
                }
            }
            Action::PageVisible(visible) => self.page_visible(visible, out),
            Action::PlayAgain => self.step(Action::NewGame(self.play.settings), out),
            Action::Tick(now) => self.charge(now, out),
            Action::Answer { asker, response } => self.answer(asker, response, out),
            // The analysis room's questions are asked again without a word: only what a person waits for
            // is told.
            Action::WorkerRestarted(Asker::Room(_)) => {}
            Action::WorkerRestarted(Asker::Game(_) | Asker::Training(_)) => {
                self.notice = Some(Notice::WorkerRestarted)
            }
            Action::Workers { count, threads } => {
                self.search_threads = threads.max(1);
                let shown = self.shown();
                Rc::make_mut(&mut self.room).set_workers(count, &self.play.game, &shown, out);
            }
            Action::Dismiss => self.notice = None,
            Action::Copied => self.notice = Some(Notice::Copied),
            Action::Tell(notice) => self.notice = Some(notice),
            Action::SetUp(position) => self.set_up(position, out),
            Action::Restore(kept) => self.restore(*kept, out),
            Action::Import(text) => match import::read(&text) {
                Ok(game) => self.import(game, out),
                Err(error) => self.notice = Some(error.notice()),
            },
            Action::BringBack => self.bring_back(out),
            Action::OpenShared {
                start,
                transcript,
                players,
            } => self.open_shared(start, &transcript, players, out),
            // Routed to the room by `apply`.
            Action::Room(_) => {}
            Action::OpenExpertGame {
                transcript,
                at,
                title,
            } => self.open_expert_game(&transcript, at, title, out),
            // Checked by `apply`; one that reaches here is checked the same way.
            Action::On { at, action } => {
                if at == self.shown() {
                    self.apply_game(*action, out);
                }
            }
        }
    }

    /// Opens or closes the training room, or passes `action` to it: opening withdraws what the game asked
    /// (the clock stops at the next charge); closing asks again what the game needs (the AI's move).
    fn train(&mut self, action: crate::session::training::TrainingAction, out: &mut Outbox) {
        use crate::session::training::TrainingAction;
        let opening = action == TrainingAction::Open && !self.training.open;
        let closing = action == TrainingAction::Close && self.training.open;
        Rc::make_mut(&mut self.training).apply(action, out);
        if opening {
            self.cancel_engine(out);
            self.play.browsing = None;
            self.notice = None;
        }
        if closing {
            self.after_change(out);
        }
    }

    /// Acts on what the game's own action changed: a new record withdraws what was asked for the old
    /// position and asks anew; another position shown is analysed (with the analysis on; the hint belongs
    /// to the game's own position); a refusal is told.
    fn follow(&mut self, outcome: Outcome, out: &mut Outbox) {
        match outcome {
            Outcome::Nothing => {}
            Outcome::Record { withdraw } => {
                if withdraw {
                    self.cancel_engine(out);
                }
                self.notice = None;
                self.after_change(out);
            }
            Outcome::Shown => {
                if self.prefs.analyse {
                    self.asks.analysis.reset(out);
                    self.request_analysis(out);
                }
            }
            Outcome::Told(notice) => self.notice = Some(notice),
        }
    }
}

mod engine;
mod import;
mod pacing;
pub mod play;
mod replace;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;

pub use asks::{EngineAsks, GameAsk, Hint, SearchStats, Thinking};
pub use pacing::{HeldReply, Pace, MIN_REPLY_MS};
pub use play::{GameAction, Outcome, Play};
pub use replace::{ExpertTitle, MAX_REPLACED};
pub use saved::Kept;
