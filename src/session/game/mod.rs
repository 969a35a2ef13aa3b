//! The game on the board, a part of its own: its settings, the record, the position browsed, the clock, the
//! engine's reply held until due, and how the game began. Its fields are its own: every change goes through
//! a method here, whether a person's control ([`GameAction`]: a square clicked, undo and redo, the record
//! browsed, each saying what it changed, [`Outcome`]), the engine's move, or a game put in its place. No
//! engine, outbox or notice is in reach: the session's root acts on what changed (withdraws what was asked
//! of the engine, asks anew, tells the person).

mod action;
pub mod clock;
pub mod import;
pub mod pace;
pub mod replace;
pub mod settings;

pub use self::action::{ExpertTitle, GameAction, GameIds, Outcome};
pub mod tree;
mod variation;

use self::clock::GameClock;
use self::pace::HeldReply;
use self::settings::{Mode, Settings, Start};
use super::notice::Notice;
use crate::session::record::variation::Variation;
use reversi_engine::{Bitboard, Color, Game, Position, Square};

/// The game on the board.
#[derive(Clone, Debug, PartialEq)]
pub struct Play {
    /// Which game this is, across saves, reloads and tabs: what tells a game further on from another game
    /// with the same first moves (0: not known, a game saved before games had one).
    id: u64,
    /// How this game was set up.
    settings: Settings,
    /// The record.
    game: Game,
    /// Showing the position before this ply of the record instead of the current one.
    browsing: Option<usize>,
    /// The game clock, when the game has one.
    clock: Option<GameClock>,
    /// The engine's move, held back because it came sooner than [`pace::MIN_REPLY_MS`] after the person's.
    held: Option<HeldReply>,
    /// When the engine's reply to the person's last move may be shown (page milliseconds).
    reply_due: Option<f64>,
    /// The expert game on the board, when one was opened from the games list (until another game replaces
    /// it).
    expert: Option<ExpertTitle>,
    /// How this game's start was chosen, and its value for black (hundredths of a disc), for an XOT or a
    /// random start.
    started: Option<(Start, i32)>,
    /// Moves tried beside the game (see [`Variation`]), kept with it.
    variations: Vec<Variation>,
    /// The variation the board shows (the game waits as it was).
    shown_variation: Option<usize>,
    /// The plies of the mistakes whose better move was found in "learn from your mistakes", kept with it.
    learned: Vec<usize>,
}

impl Play {
    /// A game set up by `settings`, from the standard start, its clock not started, its id not given yet.
    pub fn new(settings: Settings) -> Play {
        Play {
            id: 0,
            settings,
            game: Game::new(),
            browsing: None,
            clock: settings.clock.map(GameClock::new),
            held: None,
            reply_due: None,
            expert: None,
            started: None,
            variations: Vec::new(),
            shown_variation: None,
            learned: Vec::new(),
        }
    }

    /// The plies of the mistakes whose better move was found in "learn from your mistakes".
    pub fn learned(&self) -> &[usize] {
        &self.learned
    }

    /// The mistakes learned, as kept (those past the record dropped).
    pub fn set_learned(&mut self, mut learned: Vec<usize>) {
        learned.retain(|&ply| ply < self.game.plies().len());
        learned.sort_unstable();
        learned.dedup();
        self.learned = learned;
    }

    /// Which game this is (0: not known).
    pub fn id(&self) -> u64 {
        self.id
    }

    /// How this game was set up.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The record.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The ply whose position is shown instead of the current one, if any.
    pub fn browsing(&self) -> Option<usize> {
        self.browsing
    }

    /// The lines tried beside the game.
    pub fn variations(&self) -> &[Variation] {
        &self.variations
    }

    /// The variation the board shows, by its place among the game's.
    pub fn shown_variation(&self) -> Option<usize> {
        self.shown_variation
    }

    /// The variation the board shows.
    pub fn variation(&self) -> Option<&Variation> {
        self.shown_variation.and_then(|i| self.variations.get(i))
    }

    /// The board shows a variation's position.
    pub fn in_variation(&self) -> bool {
        self.variation().is_some()
    }

    /// The board shows another position than the game's own: one of its past, or a variation's.
    pub fn away(&self) -> bool {
        self.browsing.is_some() || self.in_variation()
    }

    /// The game clock, when the game has one.
    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The engine's move held until due, if any.
    pub fn held(&self) -> Option<&HeldReply> {
        self.held.as_ref()
    }

    /// The expert game on the board, if it is one.
    pub fn expert(&self) -> Option<&ExpertTitle> {
        self.expert.as_ref()
    }

    /// How this game's start was chosen, and its value for black.
    pub fn started(&self) -> Option<(Start, i32)> {
        self.started
    }

    /// Gives the game its id.
    pub fn set_id(&mut self, id: u64) {
        self.id = id;
    }

    /// A new game on the board in place of this one: `game` with its `id`, `settings` and `clock`, shown at
    /// its end; what belonged to the game before (the position browsed, the held reply, the expert's title,
    /// the start) goes.
    pub fn replace(&mut self, game: Game, id: u64, settings: Settings, clock: Option<GameClock>) {
        *self = Play {
            id,
            settings,
            game,
            clock,
            ..Play::new(settings)
        };
    }

    /// The game's start came (an XOT opening, a random start): `game` from it, the clock started afresh
    /// for a random start (the game begins now).
    pub fn start_from(&mut self, game: Game, started: Option<(Start, i32)>, clock_anew: bool) {
        self.game = game;
        self.check_variations();
        if started.is_some() {
            self.started = started;
        }
        if clock_anew {
            self.clock = self.settings.clock.map(GameClock::new);
        }
    }

    /// The expert game on the board is `title`'s.
    pub fn set_expert(&mut self, title: ExpertTitle) {
        self.expert = Some(title);
    }

    /// Who plays this game from now on (a shared link's players): the mode and the levels.
    pub fn set_players(&mut self, mode: Mode, levels: Option<(u8, u8)>) {
        self.settings.mode = mode;
        if let Some((black, white)) = levels {
            self.settings.black_level = black;
            self.settings.white_level = white;
        }
    }

    /// The clock stopped (a game put aside): it starts again when next charged.
    pub fn stop_clock(&mut self) {
        if let Some(clock) = self.clock.as_mut() {
            clock.stop();
        }
    }

    /// The engine plays `square`: true when it was legal (then played, the mover's increment given).
    pub fn engine_move(&mut self, square: Square) -> bool {
        let mover = self.game.to_move();
        let played = self.game.play(square).is_ok();
        if played {
            self.moved(mover);
            self.check_variations();
        }
        played
    }

    /// The engine is asked to move after `delay_ms` of display (not on its clock): the milliseconds its
    /// clock gives the search, if the game has a clock.
    pub fn engine_budget(&mut self, delay_ms: u32) -> Option<u32> {
        let color = self.game.to_move();
        let empties = self.game.position().board.empty_count();
        self.clock.as_mut().map(|clock| {
            clock.grace_ms = delay_ms as f64;
            clock.budget_ms(color, empties)
        })
    }

    /// The engine's search is withdrawn: a reply held is dropped, and the wait it gave is over.
    pub fn drop_held(&mut self) {
        if self.held.take().is_some() {
            if let Some(clock) = self.clock.as_mut() {
                clock.grace_ms = 0.0;
            }
        }
    }

    /// True when the engine's reply coming at `now` is too soon after the person's move to be shown.
    pub fn too_soon(&self, now: f64) -> bool {
        self.reply_due.is_some_and(|due| now < due)
    }

    /// Holds the engine's reply (the AI's search's), which came at `now`, until it is due: the wait is not on its
    /// clock.
    pub fn hold(&mut self, response: crate::protocol::Response, now: f64) {
        let Some(due) = self.reply_due.filter(|&due| now < due) else {
            return;
        };
        if let Some(clock) = self.clock.as_mut() {
            clock.grace_ms += due - now;
        }
        self.held = Some(HeldReply { response, due });
    }

    /// The reply held, once it is due at `now`.
    pub fn take_due(&mut self, now: f64) -> Option<HeldReply> {
        match &self.held {
            Some(held) if held.due <= now => self.held.take(),
            _ => None,
        }
    }

    /// The engine's reply to the person's move may be shown from `due` on.
    pub fn reply_due_at(&mut self, due: f64) {
        self.reply_due = Some(due);
    }

    /// True when the game has ended: no side can move, or a side ran out of time.
    pub fn is_finished(&self) -> bool {
        self.game.is_over() || self.flagged().is_some()
    }

    /// The side that lost on time, if any.
    pub fn flagged(&self) -> Option<Color> {
        self.clock.as_ref().and_then(|c| c.flagged())
    }

    /// True when the engine plays the side to move and the game is on (`waiting`: the game waits, for the
    /// training room to close or for its random start).
    pub fn ai_to_move(&self, waiting: bool) -> bool {
        !waiting && !self.is_finished() && self.settings.is_ai(self.game.to_move())
    }

    /// The position on the board: the current one, the one being browsed, or the variation's.
    pub fn shown(&self) -> Position {
        match (self.variation(), self.browsing) {
            (Some(variation), _) => variation.position(),
            (None, Some(ply)) => self.game.plies()[ply].before,
            (None, None) => self.game.position(),
        }
    }

    /// Legal moves a person may click: on the game's position, while it is the person's turn; on a
    /// position of its past or a variation's, any (they go into the variation); none while waiting.
    pub fn clickable(&self, waiting: bool) -> Bitboard {
        if waiting {
            Bitboard::EMPTY
        } else if self.away() {
            self.shown().board.moves()
        } else if self.ai_to_move(false) {
            Bitboard::EMPTY
        } else {
            self.game.legal_moves()
        }
    }

    /// Charges the clock up to `now` (the time since the last charge goes to the side to move; a clock
    /// that has not started starts at `now`); while the game is over or waits (`waiting`) it stops. True
    /// when a side ran out of time just now.
    pub fn charge(&mut self, now: f64, waiting: bool) -> bool {
        let finished = self.is_finished();
        let side = self.game.to_move();
        let Some(clock) = self.clock.as_mut() else {
            return false;
        };
        if finished || waiting {
            // The game waits: its clock starts again when next charged after the wait.
            clock.stop();
            false
        } else {
            clock.charge(side, now)
        }
    }

    /// The game without a clock, now and in its settings (an imported, shared or expert game: a reload
    /// does not give it one either).
    pub fn drop_clock(&mut self) {
        self.clock = None;
        self.settings.clock = None;
    }

    /// After `color` placed a disc: its increment.
    fn moved(&mut self, color: Color) {
        if let Some(clock) = self.clock.as_mut() {
            clock.moved(color);
        }
    }

    /// Applies one of the game's own controls; `waiting`: the game waits for its random start.
    pub fn apply(&mut self, action: GameAction, waiting: bool) -> Outcome {
        let outcome = self.act(action, waiting);
        if let Outcome::Record { .. } = outcome {
            self.check_variations();
            let plies = self.game.plies().len();
            self.learned.retain(|&ply| ply < plies);
        }
        outcome
    }

    fn act(&mut self, action: GameAction, waiting: bool) -> Outcome {
        match action {
            GameAction::Square(square) => self.click(square, waiting),
            GameAction::Undo => self.undo(),
            GameAction::Redo => self.redo(waiting),
            GameAction::Browse(ply) => self.browse(ply),
            GameAction::Step(delta) if self.in_variation() => self.step_variation(delta),
            GameAction::Variation { index, plies } => self.show_variation(index, plies),
            GameAction::Step(delta) => {
                let plies = self.game.plies().len() as i64;
                let at = self.browsing.map_or(plies, |n| n as i64);
                let to = (at + i64::from(delta)).clamp(0, plies);
                self.browse((to < plies).then_some(to as usize))
            }
            GameAction::PlayFromHere => self.play_from_here(),
            GameAction::DeleteFrom => self.delete_from(),
            GameAction::Promote => self.promote(),
            GameAction::MainLine => self.make_main_line(),
            GameAction::Fork(delta) => self.fork(delta),
        }
    }

    fn click(&mut self, square: Square, waiting: bool) -> Outcome {
        if self.away() {
            return self.try_move(square);
        }
        // Finished, or waiting for its random start: nothing to play yet.
        if self.is_finished() || waiting {
            return Outcome::Nothing;
        }
        if self.ai_to_move(false) {
            return Outcome::Told(Notice::NotYourTurn);
        }
        let mover = self.game.to_move();
        match self.game.play(square) {
            Ok(()) => {
                self.moved(mover);
                Outcome::Record { withdraw: false }
            }
            Err(_) => Outcome::Told(Notice::NotLegal {
                square,
                occupied: self.game.position().disc(square).is_some(),
            }),
        }
    }

    fn undo(&mut self) -> Outcome {
        self.browsing = None;
        self.shown_variation = None;
        let before = self.game.plies().len();
        match self.settings.mode {
            Mode::HumanVsAi { human } => {
                // Back to the person's previous turn: take back the engine's reply and the person's move
                // (if the engine had the first move, it is left to move again).
                if self.game.undo() {
                    while self.game.to_move() != human && self.game.undo() {}
                }
            }
            _ => {
                self.game.undo();
            }
        }
        if self.game.plies().len() != before {
            Outcome::Record { withdraw: true }
        } else {
            Outcome::Nothing
        }
    }

    fn redo(&mut self, waiting: bool) -> Outcome {
        if self.browsing.is_some() || self.ai_to_move(waiting) || !self.game.redo() {
            return Outcome::Nothing;
        }
        // In human vs AI, redo the engine's reply too.
        if let Mode::HumanVsAi { .. } = self.settings.mode {
            while self.ai_to_move(waiting) && self.game.can_redo() {
                self.game.redo();
            }
        }
        Outcome::Record { withdraw: false }
    }

    /// Shows the position before ply `ply` (`None`, or a ply past the record: the game's own).
    fn browse(&mut self, ply: Option<usize>) -> Outcome {
        let browsing = ply.filter(|&n| n < self.game.plies().len());
        let left = self.shown_variation.take().is_some();
        if browsing == self.browsing && !left {
            return Outcome::Nothing;
        }
        self.browsing = browsing;
        Outcome::Shown
    }

    /// Takes back every move after the position shown (they stay a redo away), and goes on from there.
    fn play_from_here(&mut self) -> Outcome {
        if self.in_variation() {
            return Outcome::Nothing;
        }
        let Some(ply) = self.browsing.take() else {
            return Outcome::Nothing;
        };
        let before = self.game.plies().len();
        while self.game.plies().len() > ply && self.game.undo() {}
        if self.game.plies().len() != before {
            Outcome::Record { withdraw: true }
        } else {
            // Nothing taken back (a browsed ply is always within the record, so never): the view alone
            // went back to the game's position.
            Outcome::Shown
        }
    }
}

#[cfg(test)]
mod tests;
