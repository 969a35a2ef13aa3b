//! The session on the page's clock: an action applied at a time, the engine's reply held until the pace
//! allows it (after the person's move, after a pass the person was left), and the clock charged up to it.

use crate::protocol::Response;
use crate::session::effects::outbox::{Command, Outbox};
use crate::session::{Action, Asker, GameAsk, Mode, Session};

impl Session {
    /// Applies `action`, which happened at `now` (milliseconds on the page's clock): the clock is charged up
    /// to `now` first, so a move is charged to its mover however the display's ticks fell, and a clock
    /// that has not started (a new or restored game) starts at `now`.
    ///
    /// Against the engine, its move waits until [`crate::session::MIN_REPLY_MS`] after the person's (a [`crate::session::HeldReply`]; the
    /// page wakes the session at [`Session::wake_at`]), and the wait is not on the engine's clock.
    pub fn apply_at(&mut self, now: f64, action: Action) -> Vec<Command> {
        self.run(|session, out| {
            // The online game's clocks, messages and presence are timed by the page's clock; without a game
            // online other actions leave the time alone, so that one changing nothing renders nothing.
            if matches!(action, Action::Online(_)) || session.online.link().is_some() {
                session.online.set_now(now);
            }
            session.online_pace.now = Some(now);
            session.release_online(now, out);
            if let Some(held) = session.play.take_due(now) {
                session.charge(now, out);
                let (asker, response) = (Asker::Game(GameAsk::Search), held.response);
                let plies = session.play.game().plies().len();
                session.step(Action::Answer { asker, response }, out);
                session.charge(now, out);
                session.pause_after_pass(plies, now);
            }
            match action {
                Action::Answer {
                    asker: Asker::Game(GameAsk::Search),
                    response: response @ Response::BestMove { .. },
                } if session.asks.is_search(response.id()) && session.play.too_soon(now) => {
                    session.charge(now, out);
                    session.play.hold(response, now);
                }
                action => session.step_at(now, action, out),
            }
            session.online_pace.now = None;
        })
    }

    /// [`Session::apply_at`] for an action not held: against the engine, the person's move makes the
    /// engine's reply due no sooner than the pace allows.
    fn step_at(&mut self, now: f64, action: Action, out: &mut Outbox) {
        let session = self;
        {
            let (plies, person) = (session.play.game().plies().len(), !session.ai_to_move());
            session.charge(now, out);
            session.step(action, out);
            session.charge(now, out);
            let person_moved = person && session.play.game().plies().len() > plies;
            if person_moved
                && session.ai_to_move()
                && matches!(session.play.settings().mode, Mode::HumanVsAi { .. })
            {
                session.play.reply_due_at(now + session.pace.min_reply_ms);
            }
            if !person {
                session.pause_after_pass(plies, now);
            }
        }
    }

    /// Against the engine, after its move (the record was `plies` long before it) left the person no legal
    /// move: the pass is shown, and the engine's next move waits the pace's pause after a pass to land.
    fn pause_after_pass(&mut self, plies: usize, now: f64) {
        let game = self.play.game();
        if game.plies().len() > plies
            && game.last_move() == Some(reversi_engine::Move::Pass)
            && self.ai_to_move()
            && matches!(self.play.settings().mode, Mode::HumanVsAi { .. })
        {
            self.play.reply_due_at(now + self.pace.pass_pause_ms);
        }
    }
}
