//! The game session behind the page, as plain Rust (no Yew: the page's `Reducible` impl is in the view), so
//! that every rule of the UI is tested natively. A program of parts, each in its folder or file, each owning
//! its fields (private: only its own methods change them) and reducing its own actions: the game on the
//! board ([`game`]), what it asks of the engine ([`asks`]), the analysis room ([`room`]), the training room
//! ([`training`]), the preferences ([`preferences`]), what is kept ([`saved`], [`persist`], [`slots`],
//! under the keys of [`storage`]) and the notice ([`notice`]).
//!
//! This root holds the parts and routes each action by an exhaustive match to the part it is for, each
//! worker's reply home to the part that asked ([`Asker`]); what lies between the parts (a new game, a game
//! replaced and brought back, the engine's move held until due) is coordinated here, through the parts'
//! methods. Requests to the workers are commands out: [`Session::apply`] returns what an action sends or
//! withdraws ([`outbox::Command`]); nothing of what was sent is kept in the state. Start-up is
//! [`start::Startup`].
//!
//! One concept, kept in one file: the session's root, the one place that routes an action to the
//! part that owns it and acts on what changed.

pub mod asks;
pub mod board;
pub mod effects;
pub mod game;
pub mod kept;
pub mod notice;
pub mod online;
pub mod preferences;
pub mod record;
pub mod room;
mod root;
pub mod screen;
pub mod start;
pub mod training;

pub use self::asks::{EngineAsks, GameAsk, HINT_LEVEL};
pub use self::game::clock::GameClock;
pub use self::game::pace::{HeldReply, Pace, MIN_REPLY_MS, PASS_PAUSE_MS};
pub use self::game::settings::{ClockSettings, Mode, Scoring, Settings, Start};
pub use self::game::{ExpertTitle, GameAction, GameIds, Outcome, Play};
pub use self::kept::aside::{Aside, MAX_REPLACED};
pub use self::kept::Kept;
pub use self::notice::{LinkError, Notice, Unsaved};
pub use self::preferences::{Lang, PrefAction, Preferences, ANALYSE_DEPTHS, DEFAULT_ANALYSE_DEPTH};
pub use self::root::action::Action;
pub use self::root::marks::BoardMarks;
use std::rc::Rc;

use self::asks::OnBoard;
use self::effects::outbox::{Command, Outbox};
use self::game::replace::Replacement;
use self::kept::slots;
use self::room::Room;
use self::training::{Training, TrainingAction};
use crate::protocol::{RequestId, Response};
use reversi_engine::{Bitboard, Color, Position, Square};

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

// Each part asks with its own ask type; the outbox maps it to the root's, as Elm's `Cmd.map` does, so that
// no part names the root's type.
impl From<GameAsk> for Asker {
    fn from(ask: GameAsk) -> Asker {
        Asker::Game(ask)
    }
}

impl From<room::RoomAsk> for Asker {
    fn from(ask: room::RoomAsk) -> Asker {
        Asker::Room(ask)
    }
}

impl From<training::TrainingAsk> for Asker {
    fn from(ask: training::TrainingAsk) -> Asker {
        Asker::Training(ask)
    }
}

/// The whole state of the page's game.
#[derive(Clone, Debug, PartialEq)]
pub struct Session {
    play: Play,
    asks: EngineAsks,
    /// How many threads the AI's search runs on (see [`Action::Workers`]).
    search_threads: usize,
    prefs: Preferences,
    notice: Option<Notice>,
    /// The id the next request to the workers takes (all that is kept of what was sent).
    next_id: RequestId,
    replaced: Aside,
    /// The rooms, shared with the page's render (an action that leaves a room alone does not copy it). The
    /// training room has the board while it is open: the game waits (no clock, no AI move).
    room: Rc<Room>,
    training: Rc<Training>,
    pace: Pace,
    ids: GameIds,
    /// Online play: the server, the game linked, the lobby.
    online: online::Online,
    /// The screen shown when the training room is closed (the training room is the train screen: see
    /// [`Session::screen`]).
    screen: screen::Screen,
    /// The last new game's colour was drawn by lot ("Play again" draws it again).
    by_lot: bool,
    /// An online opponent's moves held until they are due, as an AI's reply is (see
    /// [`Session::apply_at`]).
    online_pace: root::online_play::OnlinePace,
}

impl Default for Session {
    /// A new game with the default settings, which asks nothing of the engine (tested).
    fn default() -> Session {
        Session::new(Settings::default()).0
    }
}

impl Session {
    /// A new game with `settings`, and what it asks of the workers (the engine starts thinking if it plays
    /// black; a random start is looked for).
    pub fn new(settings: Settings) -> (Session, Vec<Command>) {
        let mut session = Session::blank(settings);
        let id = session.ids.new_id();
        session.play.set_id(id);
        let commands = session.run(|session, out| {
            session.asks.set_up_start(&mut session.play, out);
            session.after_change(out);
        });
        (session, commands)
    }

    /// The last new game's colour was drawn by lot.
    pub fn by_lot(&self) -> bool {
        self.by_lot
    }

    /// A session continuing a kept game, and what it asks of the workers: an engine to move thinks again,
    /// within the clock's time left; a game lost on time asks nothing.
    pub fn resume(kept: Kept) -> (Session, Vec<Command>) {
        let mut session = Session::blank(kept.settings);
        let id = match kept.id {
            0 => session.ids.new_id(),
            id => id,
        };
        session
            .play
            .replace(kept.game, id, kept.settings, kept.clock);
        let (variations, shown) = kept.variations;
        session.play.keep_variations(variations, shown);
        session.play.set_learned(kept.learned);
        session.prefs.apply(PrefAction::LookedAt {
            analyse: kept.analyse,
            depth: kept.analyse_depth,
            scoring: kept.scoring,
        });
        let commands = session.run(|session, out| {
            if kept.starting {
                session.asks.set_up_start(&mut session.play, out);
            }
            session.after_change(out);
        });
        (session, commands)
    }

    /// Takes the graph's values kept with the game (by the page across a reload), so that the graph is
    /// whole at once; the room asks only for what they lack.
    pub fn seed_values(&mut self, values: Vec<(Position, room::Valued)>) {
        Rc::make_mut(&mut self.room).seed_values(values);
    }

    fn blank(settings: Settings) -> Session {
        Session {
            play: Play::new(settings),
            asks: EngineAsks::default(),
            search_threads: 1,
            prefs: Preferences::default(),
            notice: None,
            next_id: 1,
            replaced: Aside::default(),
            room: Rc::default(),
            training: Rc::new(Training::new(training::Progress::new())),
            ids: GameIds::default(),
            pace: Pace::NORMAL,
            online: online::Online::default(),
            screen: screen::Screen::Play,
            by_lot: false,
            online_pace: root::online_play::OnlinePace::default(),
        }
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

    /// Gives this page's own number (random, once a page), from which new games take ids no other page's
    /// games share ([`GameIds`]); with `renew`, the game on the board (a new one) takes such an id now.
    pub fn set_salt(&mut self, salt: u64, renew: bool) {
        self.ids.set_salt(salt);
        if renew {
            let id = self.ids.new_id();
            self.play.set_id(id);
        }
    }

    /// The games kept aside, as the browser kept them (the page's start).
    pub fn set_replaced(&mut self, replaced: Vec<Kept>) {
        self.replaced = Aside::new(replaced);
    }

    /// How long the engine's reply is held and may take from now on.
    pub fn set_pace(&mut self, pace: Pace) {
        self.pace = pace;
    }

    /// The game on the board.
    pub fn play(&self) -> &Play {
        &self.play
    }

    /// What the game asks of the engine, and what came.
    pub fn asks(&self) -> &EngineAsks {
        &self.asks
    }

    /// The person's preferences.
    pub fn prefs(&self) -> &Preferences {
        &self.prefs
    }

    /// The message for the player, if any.
    pub fn notice(&self) -> Option<&Notice> {
        self.notice.as_ref()
    }

    /// The games kept aside, the latest last.
    pub fn replaced(&self) -> &[Kept] {
        self.replaced.games()
    }

    /// The analysis room.
    pub fn room(&self) -> &Rc<Room> {
        &self.room
    }

    /// The training room.
    pub fn training(&self) -> &Rc<Training> {
        &self.training
    }

    /// How long the engine's reply is held and may take.
    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// How many threads the AI's search runs on.
    pub fn search_threads(&self) -> usize {
        self.search_threads
    }

    /// True when the engine plays the side to move (and the game is not over, nor waiting for the training
    /// room to close or its random start).
    pub fn ai_to_move(&self) -> bool {
        self.play
            .ai_to_move(self.asks.waiting(self.training.is_open()))
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
        (self.play.clock().is_some() && !self.is_finished() && !self.training.is_open())
            || self.online.clock_runs()
    }

    /// Legal moves a person may click now (none while the engine is to move or when browsing; the training
    /// room's own while it is open).
    pub fn clickable(&self) -> Bitboard {
        if self.training.is_open() {
            return self.training.board().map_or(Bitboard::EMPTY, |b| b.2);
        }
        // An online game: only the seat to move has moves to click (a watcher and the opponent none).
        if !self.play.away() && !self.online.shows_moves(self.play.game().to_move()) {
            return Bitboard::EMPTY;
        }
        self.play
            .clickable(self.asks.waiting(self.training.is_open()))
    }

    /// The position on the board: the current one, or the one being browsed.
    pub fn shown(&self) -> Position {
        self.play.shown()
    }

    /// What is kept of this session's game.
    pub fn kept(&self) -> Kept {
        Kept::of(&self.play, &self.prefs, self.asks.start().is_asking())
    }

    /// The engine's line from the game's position, its next move first (see [`EngineAsks::line`]); on a
    /// position browsed, the review's line there (none before the review has valued it).
    pub fn line(&self) -> Vec<Square> {
        // A variation's position has no line of the engine's (its analysis draws its own).
        if self.play.in_variation() {
            return Vec::new();
        }
        self.asks.line(&self.play, |ply| {
            let reviewed = self.room.valuation().reviewed(self.play.game()).into_iter();
            let mut reviewed = reviewed;
            reviewed
                .find(|m| m.ply == ply)
                .map(|m| m.line)
                .unwrap_or_default()
        })
    }

    /// When the page should wake the session (with [`Action::Tick`]): a held reply's time, or an online
    /// opponent away long enough to be said to have left.
    pub fn wake_at(&self) -> Option<f64> {
        let held = self.play.held().map(|held| held.due);
        [held, self.online_pace.due(), self.online.wake_at()]
            .into_iter()
            .flatten()
            .reduce(f64::min)
    }

    /// The screen shown: the train screen while the training room is open, else the last screen chosen (the
    /// online screen only when the page is served by `reversi serve`).
    pub fn screen(&self) -> screen::Screen {
        if self.training.is_open() {
            screen::Screen::Train
        } else if self.screen == screen::Screen::Online
            && self.online.server() != online::Server::Here
        {
            screen::Screen::Play
        } else {
            self.screen
        }
    }

    /// Applies one action; returns what is to be sent to the workers or withdrawn (see [`outbox`]).
    pub fn apply(&mut self, action: Action) -> Vec<Command> {
        self.run(|session, out| session.step(action, out))
    }

    /// Charges the clock up to `now` (see [`Play::charge`]); a flag ends the game and withdraws the
    /// engine's search. The game's clock waits while the training room is open.
    fn charge(&mut self, now: f64, out: &mut Outbox) {
        if self.play.charge(now, self.training.is_open()) {
            self.asks.cancel(&mut self.play, out);
        }
    }

    /// The game and what the asks read of the rest of the session, for the asks to act on.
    fn on_board(&mut self) -> (&mut EngineAsks, OnBoard<'_>) {
        let board = OnBoard {
            play: &mut self.play,
            prefs: &self.prefs,
            pace: self.pace,
            training_open: self.training.is_open(),
        };
        (&mut self.asks, board)
    }

    /// After the position changed: the engine asked what the new one needs.
    fn after_change(&mut self, out: &mut Outbox) {
        let (asks, mut board) = self.on_board();
        asks.after_change(&mut board, out);
    }

    /// [`Session::apply`] with the outbox of the action being applied; then the analysis room asks what the
    /// change calls for.
    fn step(&mut self, action: Action, out: &mut Outbox) {
        match action {
            Action::On { at, action } => {
                if at == self.shown() {
                    self.step(*action, out);
                }
            }
            Action::Room(action) => {
                use self::room::{LearnAction, RoomAction};
                let goes = matches!(
                    action,
                    RoomAction::Learn(LearnAction::Start(..) | LearnAction::Next)
                );
                let starts = matches!(action, RoomAction::Learn(LearnAction::Start(..)));
                let shown = self.shown();
                let room = Rc::make_mut(&mut self.room);
                room.apply(action, self.play.game(), &shown, out);
                if starts {
                    room.skip_learned(self.play.learned());
                }
                // "Learn from your mistakes" shows the position of the mistake it asks.
                let asked = self
                    .room
                    .learning()
                    .and_then(|l| l.current())
                    .map(|m| m.ply);
                if let (true, Some(ply)) = (goes, asked) {
                    self.step(Action::Game(GameAction::Browse(Some(ply))), out);
                }
            }
            action => {
                let shown_before = self.shown();
                self.apply_game(action, out);
                let shown = self.shown();
                let moved = shown != shown_before;
                let shown = moved.then_some(&shown);
                if !self.room.settled(self.play.game(), shown) {
                    Rc::make_mut(&mut self.room).sync(self.play.game(), shown, out);
                }
            }
        }
        self.keep_learned();
    }

    /// A reply of the workers, home to the part that asked: one exhaustive match on who asked.
    fn answer(&mut self, asker: Asker, response: Response, out: &mut Outbox) {
        match asker {
            Asker::Game(ask) => {
                let (asks, mut board) = self.on_board();
                if let Some(notice) = asks.receive(ask, response, &mut board, out) {
                    self.notice = Some(notice);
                }
            }
            Asker::Room(ask) => {
                let shown = self.shown();
                Rc::make_mut(&mut self.room).receive(ask, response, self.play.game(), &shown, out);
            }
            Asker::Training(ask) => Rc::make_mut(&mut self.training).receive(ask, response),
        }
    }

    /// Who has the board now: the one answer the routing of a square clicked and of the game's controls
    /// reads (see [`Owner`]).
    fn owner(&self) -> Owner {
        if self.training.is_open() {
            Owner::Training
        } else if self.asked_to_learn() {
            Owner::Learning
        } else if self.online.link().is_some() && !self.play.away() {
            Owner::Online
        } else {
            Owner::Game
        }
    }

    /// The game's own controls, routed by one exhaustive match on who has the board.
    fn game_action(&mut self, action: GameAction, out: &mut Outbox) {
        match (self.owner(), action) {
            (Owner::Training, GameAction::Square(square)) => {
                Rc::make_mut(&mut self.training).click(square, out);
            }
            // The game's own controls wait while the training room has the board.
            (Owner::Training, GameAction::Undo | GameAction::Redo) => {}
            // "Learn from your mistakes" asks a move on the mistake's position: judged, never played.
            (Owner::Learning, GameAction::Square(square)) => {
                let shown = self.shown();
                if shown.board.is_legal(square) {
                    let action = room::RoomAction::Learn(room::LearnAction::Try(square));
                    Rc::make_mut(&mut self.room).apply(action, self.play.game(), &shown, out);
                } else {
                    self.notice = Some(Notice::NotLegal {
                        square,
                        occupied: shown.disc(square).is_some(),
                    });
                }
            }
            // A game linked online: a move on its own position goes to the server.
            (Owner::Online, GameAction::Square(square)) => self.online_square(square, out),
            // What would change the record of a game linked online otherwise (undo, redo, make main line)
            // is refused while it is played.
            (_, action) if self.online_forbids(&action) => {
                self.notice = Some(Notice::Online(online::OnlineNotice::NotOnline))
            }
            (Owner::Training | Owner::Learning | Owner::Online | Owner::Game, action) => {
                let outcome = self.play.apply(action, self.asks.start().is_asking());
                self.follow(outcome, out);
            }
        }
    }

    fn apply_game(&mut self, action: Action, out: &mut Outbox) {
        match action {
            Action::NewGame(settings) => {
                self.by_lot = false;
                self.new_game(settings, out)
            }
            Action::NewGameByLot(settings) => {
                self.by_lot = true;
                self.new_game(settings, out)
            }
            Action::Training(action) => {
                // The room's own "Back to the game" shows the game where it is played.
                if action == TrainingAction::Close {
                    self.screen = screen::Screen::Play;
                }
                self.train(action, out)
            }
            Action::Screen(screen) => self.show_screen(screen, out),
            Action::Online(action) => self.online_step(action, out),
            Action::Game(action) => self.game_action(action, out),
            Action::Prefs(PrefAction::Analyse(true)) if self.online.seated_in_play() => {
                self.notice = Some(Notice::Online(online::OnlineNotice::NotOnline))
            }
            Action::Hint => match self.owner() {
                // The game's own controls wait while the training room has the board.
                Owner::Training => {}
                Owner::Learning | Owner::Online | Owner::Game if self.online.seated_in_play() => {
                    self.notice = Some(Notice::Online(online::OnlineNotice::NotOnline))
                }
                Owner::Learning | Owner::Online | Owner::Game => {
                    let (asks, board) = self.on_board();
                    asks.request_hint(&board, out);
                }
            },
            Action::PlayLine(_) if self.owner() == Owner::Training => {}
            // Between two people on the game's own position, a line is played into the game; against the
            // engine, or on a position of the past or a variation's, into the variation (the game waits).
            Action::PlayLine(line)
                if self.play.away()
                    || self.play.settings().mode != Mode::HumanVsHuman
                    || self.online.link().is_some() =>
            {
                let outcome = self.play.try_line(&line);
                self.follow(outcome, out);
            }
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
                let (asks, board) = self.on_board();
                asks.prefs_changed(action, &board, out);
            }
            Action::PageVisible(visible) => {
                let (asks, board) = self.on_board();
                asks.page_visible(visible, &board, out);
            }
            // The last choices again: a colour drawn by lot is drawn again.
            Action::PlayAgain if self.by_lot => {
                self.step(Action::NewGameByLot(self.play.settings()), out)
            }
            Action::PlayAgain => self.step(Action::NewGame(self.play.settings()), out),
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
                Rc::make_mut(&mut self.room).set_workers(count, self.play.game(), &shown, out);
            }
            Action::Dismiss => self.notice = None,
            Action::Copied => self.notice = Some(Notice::Copied),
            Action::Tell(notice) => self.notice = Some(notice),
            Action::BringBack => {
                self.online.leave(out);
                self.bring_back(out)
            }
            // Routed to the room by `step`.
            Action::Room(_) => {}
            action @ (Action::SetUp(_)
            | Action::Restore(_)
            | Action::Import(_)
            | Action::OpenShared { .. }
            | Action::OpenExpertGame { .. }) => {
                match Replacement::of(action, self.play.settings()) {
                    Ok(Some(replacement)) => {
                        // Another game on the board lets go of the one linked online.
                        self.online.leave(out);
                        self.put_in_place(replacement, out);
                        // A game brought from the settings screen (imported, loaded, set up) is shown where it
                        // is played.
                        if self.screen == screen::Screen::Settings {
                            self.screen = screen::Screen::Play;
                        }
                    }
                    Ok(None) => {}
                    Err(notice) => self.notice = Some(notice),
                }
            }
            // Checked by `step`; one that reaches here is checked the same way.
            Action::On { at, action } => {
                if at == self.shown() {
                    self.apply_game(*action, out);
                }
            }
        }
    }

    /// A new game with `settings`: what the old game asked is withdrawn; the ids go on, so nothing of the
    /// old game is mistaken for the new one; the preferences, the games aside and the rooms stay.
    fn new_game(&mut self, settings: Settings, out: &mut Outbox) {
        self.online.leave(out);
        self.asks.cancel(&mut self.play, out);
        if self.room.review().is_some() {
            Rc::make_mut(&mut self.room).forget_review(out);
        }
        let id = self.ids.new_id();
        let mut settings = settings;
        // The colour by lot: a bit of the new game's id (the page's random number mixed with its count).
        if let (true, Mode::HumanVsAi { .. }) = (self.by_lot, settings.mode) {
            let human = if id & 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            settings.mode = Mode::HumanVsAi { human };
        }
        self.play = Play::new(settings);
        self.play.set_id(id);
        self.asks = EngineAsks::default();
        self.notice = None;
        self.asks.set_up_start(&mut self.play, out);
        self.after_change(out);
    }

    /// Shows `screen`: the train screen opens the training room, any other closes it (the game then asks
    /// again what it needs).
    fn show_screen(&mut self, screen: screen::Screen, out: &mut Outbox) {
        if screen == screen::Screen::Train {
            self.train(TrainingAction::Open, out);
        } else {
            self.screen = screen;
            // Only an open room is closed: a closed one is left as it is (not copied for nothing).
            if self.training.is_open() {
                self.train(TrainingAction::Close, out);
            }
        }
    }

    /// Opens or closes the training room, or passes `action` to it: opening withdraws what the game asked
    /// (the clock stops at the next charge); closing asks again what the game needs (the AI's move).
    fn train(&mut self, action: TrainingAction, out: &mut Outbox) {
        let opening = action == TrainingAction::Open && !self.training.is_open();
        let closing = action == TrainingAction::Close && self.training.is_open();
        Rc::make_mut(&mut self.training).apply(action, out);
        if opening {
            self.asks.cancel(&mut self.play, out);
            self.play.apply(GameAction::Browse(None), false);
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
                    self.asks.cancel(&mut self.play, out);
                }
                self.notice = None;
                self.after_change(out);
            }
            Outcome::Shown => {
                let (asks, board) = self.on_board();
                asks.shown_changed(&board, out);
            }
            Outcome::Told(notice) => self.notice = Some(notice),
        }
    }
}

/// Who has the board: where a square clicked and the game's own controls go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Owner {
    /// The training room, while it is open: its exercise's board.
    Training,
    /// "Learn from your mistakes", asking a move on a mistake's position.
    Learning,
    /// A game linked online, on its own position: the server's.
    Online,
    /// The game on the board.
    Game,
}

#[cfg(test)]
mod testing;
#[cfg(test)]
mod tests;
