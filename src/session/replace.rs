//! Games replaced on the board and kept a click away: a position set up, a saved game restored, an import, a
//! shared link, an expert game opened, and the game brought back. Nothing is replaced without the game it
//! replaces kept aside ([`Session::replaced`], at most [`MAX_REPLACED`]).

use super::outbox::Outbox;
use super::share::Players;
use super::{GameClock, Kept, LinkError, Mode, Notice, Session};
use reversi_engine::{Game, Position};

/// Who played an expert game, where and when, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpertTitle {
    /// Black's player.
    pub black: String,
    /// White's player.
    pub white: String,
    /// The tournament.
    pub tournament: String,
    /// The year.
    pub year: u16,
    /// Black's discs at the end.
    pub black_discs: u8,
}

/// How many replaced games are kept.
pub const MAX_REPLACED: usize = 5;

impl Session {
    /// Starts a game from a set-up position (checked by the editor); the game it replaces is kept aside.
    pub(super) fn set_up(&mut self, position: Position, out: &mut Outbox) {
        let game = Game::from_position(position);
        let kept = self.put_aside(&game);
        self.play.clock = self.play.settings.clock.map(GameClock::new);
        self.replace_game(game, out);
        if kept {
            self.notice = Some(Notice::Replaced);
        }
    }

    /// Continues a saved game (from a save slot): only its game and settings are taken, request ids and
    /// the workers go on.
    pub(super) fn restore(&mut self, saved: Kept, out: &mut Outbox) {
        self.play.settings = saved.settings;
        self.prefs.analyse = saved.analyse;
        self.prefs.analyse_depth = super::preferences::offered_depth(saved.analyse_depth);
        self.prefs.scoring = saved.scoring;
        let kept = self.put_aside(&saved.game);
        self.play.clock = saved.clock.clone();
        self.replace_game(saved.game, out);
        // The same game as the one saved, further on or not.
        if saved.id != 0 {
            self.play.id = saved.id;
        }
        // Saved while its random start was searched: searched again.
        if saved.starting {
            self.set_up_start(out);
            self.after_change(out);
        }
        if kept {
            self.notice = Some(Notice::Replaced);
        }
    }

    /// Swaps the current game with the last one kept aside.
    pub(super) fn bring_back(&mut self, out: &mut Outbox) {
        let Some(previous) = self.replaced.pop() else {
            return;
        };
        let mut current = self.kept();
        current.clock = stopped(self.play.clock.take());
        self.play.settings = previous.settings;
        // Each game brings its own clock, with the time it had left.
        self.play.clock = stopped(previous.clock);
        self.replace_game(previous.game, out);
        if previous.id != 0 {
            self.play.id = previous.id;
        }
        // The game just left goes to the far end: "Previous game" again goes one further back, and after
        // every kept game comes back to this one. Nothing is dropped.
        self.replaced.insert(0, current);
        self.notice = Some(Notice::BroughtBack);
    }

    /// Opens a shared game (from a link): its moves from `start` (`None`: the standard one), played on as
    /// the link says (by two people when it says nothing).
    pub(super) fn open_shared(
        &mut self,
        start: Option<Position>,
        transcript: &str,
        players: Option<Players>,
        out: &mut Outbox,
    ) {
        let start = start.unwrap_or(Position::START);
        match Game::from_position_and_transcript(start, transcript) {
            Ok(game) => {
                let kept = self.put_aside(&game);
                self.play.settings.mode = players.map_or(Mode::HumanVsHuman, |p| p.mode);
                if let Some(players) = players {
                    self.play.settings.black_level = players.black_level;
                    self.play.settings.white_level = players.white_level;
                }
                // A shared link carries no clock.
                self.play.drop_clock();
                self.replace_game(game, out);
                if kept {
                    self.notice = Some(Notice::Replaced);
                }
            }
            Err(error) => {
                self.notice = Some(Notice::LinkFailed {
                    error: LinkError::Transcript(error),
                })
            }
        }
    }

    /// Opens an expert game, shown at the position `at` the list found it for, played on by two people.
    pub(super) fn open_expert_game(
        &mut self,
        transcript: &str,
        at: Position,
        title: ExpertTitle,
        out: &mut Outbox,
    ) {
        match Game::from_transcript(transcript) {
            Ok(game) => {
                let kept = self.put_aside(&game);
                self.play.settings.mode = Mode::HumanVsHuman;
                self.play.drop_clock();
                self.replace_game(game, out);
                self.play.expert = Some(title);
                let ply = self.play.game.plies().iter().position(|p| p.before == at);
                let shown = self.play.apply(super::GameAction::Browse(ply), false);
                self.follow(shown, out);
                if kept {
                    self.notice = Some(Notice::Replaced);
                }
            }
            Err(error) => self.notice = Some(Notice::ImportFailed { error }),
        }
    }

    /// Puts an imported game in place of the current one, which is kept aside.
    pub(super) fn import(&mut self, game: Game, out: &mut Outbox) {
        let kept = self.put_aside(&game);
        // An imported game carries no clock: it never arrives lost on time.
        self.play.drop_clock();
        self.replace_game(game, out);
        if kept {
            self.notice = Some(Notice::Replaced);
        }
    }

    /// Keeps the current game aside before `next` replaces it, when it is worth keeping (it has a move or
    /// a start of its own: see [`super::slots::worth_keeping`]) and is not `next` itself; true when it was
    /// kept.
    pub(super) fn put_aside(&mut self, next: &Game) -> bool {
        if !super::slots::worth_keeping(&self.play.game)
            || self.play.game.transcript() == next.transcript()
                && self.play.game.start() == next.start()
        {
            return false;
        }
        let mut kept = self.kept();
        kept.clock = stopped(kept.clock);
        self.replaced.push(kept);
        if self.replaced.len() > MAX_REPLACED {
            self.replaced.remove(0);
        }
        true
    }

    /// Puts `game` in place of the current one (with the same settings), dropping what the engine was doing.
    pub(super) fn replace_game(&mut self, game: Game, out: &mut Outbox) {
        self.cancel_engine(out);
        // A review belongs to the game it reviewed (the values it found stay, kept by position).
        if self.room.review().is_some() {
            std::rc::Rc::make_mut(&mut self.room).forget_review(out);
        }
        self.play.game = game;
        self.play.id = self.new_game_id();
        self.play.browsing = None;
        self.notice = None;
        self.play.expert = None;
        self.play.started = None;
        self.asks.start.withdraw(out);
        self.after_change(out);
    }
}

/// `clock`, stopped (a game put aside or brought back starts its clock again when next charged).
fn stopped(clock: Option<GameClock>) -> Option<GameClock> {
    clock.map(|mut clock| {
        clock.stop();
        clock
    })
}
