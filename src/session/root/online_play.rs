//! Between the online part and the board: an online game takes the board (the game there before kept aside
//! unless it is this one, restored by a reload), the board follows the server's moves, and the person's
//! clicks on the game's own position go to the server. The game on the board is one between two people with
//! no clock of its own: the server's clocks are shown instead ([`Session::clock_shown`]).

use crate::session::effects::outbox::Outbox;
use crate::session::game::replace::Replacement;
use crate::session::online::{Event, OnlineAction, OnlineNotice};
use crate::session::{
    Action, GameAction, GameClock, Mode, Notice, Outcome, PrefAction, Session, Settings, Start,
};
use reversi_engine::{Game, Move, Position, Square};

/// An online opponent's moves held as an AI's reply is: a reply that comes sooner than the pace's least
/// reply time after the person's move landed waits until then, so that the two never flip together.
#[derive(Clone, Debug, Default, PartialEq)]
pub(in crate::session) struct OnlinePace {
    /// The time of the action being applied (the page's clock), while it is applied; `None` when the
    /// action came without one (nothing is then held).
    pub now: Option<f64>,
    /// When the person's last move on a game linked landed.
    moved_at: Option<f64>,
    /// The server's moves held, and when they are due.
    held: Option<(Vec<Square>, f64)>,
}

impl OnlinePace {
    /// When the moves held are due.
    pub fn due(&self) -> Option<f64> {
        self.held.as_ref().map(|(_, due)| *due)
    }
}

impl Session {
    /// The server's moves held, played in once due at `now`.
    pub(in crate::session) fn release_online(&mut self, now: f64, out: &mut Outbox) {
        if self.online_pace.due().is_some_and(|due| due <= now) {
            // Only onto the game they were held for (a game left meanwhile drops them).
            if let Some((moves, _)) = self.online_pace.held.take() {
                if self.online.link().is_some() {
                    self.follow_server(&moves, out);
                }
            }
        }
    }

    /// The online part: the server, the game linked, the lobby.
    pub fn online(&self) -> &crate::session::online::Online {
        &self.online
    }

    /// The clocks to show: the server's for a game linked with a clock, else the game's own.
    pub fn clock_shown(&self) -> Option<GameClock> {
        let link = self.online.link();
        let Some((game, link)) = link.and_then(|l| l.game().map(|g| (g, l))) else {
            return self.play.clock().cloned();
        };
        let (_, increment) = game.clock?;
        let (black, white) = link.time_left(self.online.now())?;
        let flagged = game
            .result
            .as_ref()
            .filter(|r| r.reason == crate::session::online::wire::Reason::Time)
            .and_then(|r| r.winner.map(|w| w.opponent()));
        let settings = crate::session::ClockSettings {
            minutes: 0,
            increment_s: (increment / 1000) as u32,
        };
        Some(GameClock::resumed(settings, [black, white], flagged))
    }

    /// An online action, and what it asks of the board.
    pub(in crate::session) fn online_step(&mut self, action: OnlineAction, out: &mut Outbox) {
        // A game made, joined or watched from the online screen is shown where it is played.
        if matches!(action, OnlineAction::Create(_) | OnlineAction::Open { .. })
            && self.screen == crate::session::screen::Screen::Online
        {
            self.screen = crate::session::screen::Screen::Play;
        }
        let events = self.online.apply(action, out);
        // What was said of the seat (an invitation used already, a token that holds none) outlives the game
        // then taking the board and its moves: it says why the page watches.
        let seat_word = |notice: &Option<Notice>| {
            notice.clone().filter(|n| {
                matches!(
                    n,
                    Notice::Online(OnlineNotice::InviteTaken | OnlineNotice::NotASeat)
                )
            })
        };
        let said = seat_word(&self.notice);
        for event in events {
            match event {
                Event::Begin => {
                    // A game paired in the lobby (or a rematch agreed there) is shown where it is played.
                    if self.screen == crate::session::screen::Screen::Online {
                        self.screen = crate::session::screen::Screen::Play;
                    }
                    self.begin_online(out);
                    // A player's own screen shows no engine's view of the game being played.
                    if self.online.seated_in_play() && self.prefs.analyse() {
                        self.step(Action::Prefs(PrefAction::Analyse(false)), out);
                    }
                }
                Event::Moves(moves) => self.server_moves(moves, out),
                Event::Tell(notice) => self.notice = Some(Notice::Online(notice)),
            }
        }
        if self.notice.is_none() {
            self.notice = said;
        }
    }

    /// An online game takes the board: a game between two people from the standard start, no clock of its
    /// own. The game there before is kept aside, unless it is the online game itself (restored by a reload:
    /// its placements lead to the server's).
    fn begin_online(&mut self, out: &mut Outbox) {
        self.online_pace.held = None;
        self.online_pace.moved_at = None;
        let server_moves = self
            .online
            .link()
            .and_then(|l| l.game())
            .map(|g| g.moves.clone())
            .unwrap_or_default();
        let settings = Settings {
            mode: Mode::HumanVsHuman,
            clock: None,
            start: Start::Standard,
            ..self.play.settings()
        };
        let current = self.play.game();
        let same = current.start() == Position::START
            && self.play.settings().mode == Mode::HumanVsHuman
            && self.play.clock().is_none()
            && server_moves.starts_with(&placements(current));
        if same {
            return;
        }
        let game = Game::new();
        let kept = self.replaced.keep(self.kept(), &game);
        let replacement = Replacement::import(game, settings);
        self.replace_game(replacement, out);
        if kept {
            self.notice = Some(Notice::Replaced);
        }
    }

    /// The server's `moves`: played in, or held while the opponent's reply would land sooner than the
    /// pace's least reply time after the person's move (the moves it extends are the board's).
    fn server_moves(&mut self, moves: Vec<Square>, out: &mut Outbox) {
        let pace = &self.online_pace;
        let due = pace.moved_at.map(|at| at + self.pace.min_reply_ms);
        let too_soon = matches!((pace.now, due), (Some(now), Some(due)) if now < due);
        let local = placements(self.play.game());
        if too_soon && moves.len() > local.len() && moves.starts_with(&local) {
            self.online_pace.held = due.map(|due| (moves, due));
            return;
        }
        self.online_pace.held = None;
        self.follow_server(&moves, out);
    }

    /// The board follows the server's `moves`: those past the board's are played as the engine's are (the
    /// flips animated); a board that went another way (a move refused) is put back to them.
    fn follow_server(&mut self, moves: &[Square], out: &mut Outbox) {
        let local = placements(self.play.game());
        if local == moves {
            return;
        }
        if self.play.game().start() == Position::START && moves.starts_with(&local) {
            // Applied whole or not at all: every move checked on a copy first.
            let mut check = self.play.game().clone();
            if let Some(&bad) = moves[local.len()..]
                .iter()
                .find(|&&square| check.play(square).is_err())
            {
                self.notice = Some(Notice::Online(OnlineNotice::Unreadable {
                    message: format!("{bad} is not legal here"),
                }));
                return;
            }
            for &square in &moves[local.len()..] {
                if !self.play.engine_move(square) {
                    self.notice = Some(Notice::Online(OnlineNotice::Unreadable {
                        message: format!("{square} is not legal here"),
                    }));
                    return;
                }
            }
            self.follow(Outcome::Record { withdraw: false }, out);
            return;
        }
        match Game::from_moves(Position::START, moves) {
            Ok(game) => {
                let (id, settings) = (self.play.id(), self.play.settings());
                self.asks.cancel(&mut self.play, out);
                self.play.replace(game, id, settings, None);
                self.follow(Outcome::Record { withdraw: true }, out);
            }
            Err(error) => {
                self.notice = Some(Notice::Online(OnlineNotice::Unreadable {
                    message: error.to_string(),
                }))
            }
        }
    }

    /// A person's click on the game's own position of a game linked: refused with a word (watching, the
    /// opponent's turn, the connection down), or shown at once and sent with the ply it was made on.
    pub(in crate::session) fn online_square(&mut self, square: Square, out: &mut Outbox) {
        if let Err(notice) = self.online.may_move(self.play.game().to_move()) {
            self.notice = Some(Notice::Online(notice));
            return;
        }
        let ply = self.play.game().move_count();
        let outcome = self.play.apply(GameAction::Square(square), false);
        if let Outcome::Record { .. } = outcome {
            self.online.send_move(square, ply, out);
            self.online_pace.moved_at = self.online_pace.now;
        }
        self.follow(outcome, out);
    }

    /// True when a game action would change the record of a game being played online (undo, redo, going on
    /// from the past): it is refused.
    pub(in crate::session) fn online_forbids(&self, action: &GameAction) -> bool {
        // The record of a game linked online is the server's, played or watched: while it is played, no
        // control takes its moves back (a watcher's undo would show a past position as the live one).
        (self.online.link().is_some() && *action == GameAction::MainLine)
            || (self.online.linked_in_play()
                && matches!(
                    action,
                    GameAction::Undo | GameAction::Redo | GameAction::PlayFromHere
                ))
    }
}

/// The placements of `game`, in order (the server writes no passes).
fn placements(game: &Game) -> Vec<Square> {
    game.plies()
        .iter()
        .filter_map(|p| match p.mv {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        })
        .collect()
}
