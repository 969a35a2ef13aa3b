//! Between the online part and the board: an online game takes the board (the game there before kept aside
//! unless it is this one, restored by a reload), the board follows the server's moves, and the person's
//! clicks on the game's own position go to the server. The game on the board is one between two people with
//! no clock of its own: the server's clocks are shown instead ([`Session::clock_shown`]).

use super::game::replace::Replacement;
use super::online::{Event, OnlineAction, OnlineNotice};
use super::outbox::Outbox;
use super::{
    Action, GameAction, GameClock, Mode, Notice, Outcome, PrefAction, Session, Settings, Start,
};
use reversi_engine::{Game, Move, Position, Square};

impl Session {
    /// The online part: the server, the game linked, the lobby.
    pub fn online(&self) -> &super::online::Online {
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
            .filter(|r| r.reason == super::online::wire::Reason::Time)
            .and_then(|r| r.winner.map(|w| w.opponent()));
        Some(GameClock {
            remaining_ms: [black, white],
            last_tick: None,
            flagged,
            increment_s: (increment / 1000) as u32,
            grace_ms: 0.0,
        })
    }

    /// An online action, and what it asks of the board.
    pub(super) fn online_step(&mut self, action: OnlineAction, out: &mut Outbox) {
        // A game made, joined or watched from the online screen is shown where it is played.
        if matches!(action, OnlineAction::Create(_) | OnlineAction::Open { .. })
            && self.screen == super::screen::Screen::Online
        {
            self.screen = super::screen::Screen::Play;
        }
        let events = self.online.apply(action, out);
        for event in events {
            match event {
                Event::Begin => {
                    self.begin_online(out);
                    // A player's own screen shows no engine's view of the game being played.
                    if self.online.seated_in_play() && self.prefs.analyse() {
                        self.step(Action::Prefs(PrefAction::Analyse(false)), out);
                    }
                }
                Event::Moves(moves) => self.follow_server(&moves, out),
                Event::Tell(notice) => self.notice = Some(Notice::Online(notice)),
            }
        }
    }

    /// An online game takes the board: a game between two people from the standard start, no clock of its
    /// own. The game there before is kept aside, unless it is the online game itself (restored by a reload:
    /// its placements lead to the server's).
    fn begin_online(&mut self, out: &mut Outbox) {
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

    /// The board follows the server's `moves`: those past the board's are played as the engine's are (the
    /// flips animated); a board that went another way (a move refused) is put back to them.
    fn follow_server(&mut self, moves: &[Square], out: &mut Outbox) {
        let local = placements(self.play.game());
        if local == moves {
            return;
        }
        if self.play.game().start() == Position::START && moves.starts_with(&local) {
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
    pub(super) fn online_square(&mut self, square: Square, out: &mut Outbox) {
        if let Err(notice) = self.online.may_move(self.play.game().to_move()) {
            self.notice = Some(Notice::Online(notice));
            return;
        }
        let ply = self.play.game().move_count();
        let outcome = self.play.apply(GameAction::Square(square), false);
        if let Outcome::Record { .. } = outcome {
            self.online.send_move(square, ply, out);
        }
        self.follow(outcome, out);
    }

    /// True when a game action would change the record of a game being played online (undo, redo, going on
    /// from the past): it is refused.
    pub(super) fn online_forbids(&self, action: &GameAction) -> bool {
        // The record of a game linked online is the server's, played or watched.
        (self.online.link().is_some() && *action == GameAction::MainLine)
            || (self.online.seated_in_play()
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
