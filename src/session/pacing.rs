//! When actions happen: each is applied at its time, the clock charged up to it first; against the engine,
//! its reply is held until [`MIN_REPLY_MS`] after the person's move, so that the person sees their own
//! move land and its discs turn before the reply's do.

use super::outbox::Command;
use super::{Action, Mode, Session};
use super::{Asker, GameAsk};
use crate::protocol::Response;

/// The least time between the person's move and the engine's reply on the board (milliseconds), so that
/// the person sees their own move land and its discs turn before the reply's do.
pub const MIN_REPLY_MS: f64 = 400.0;

/// How long the engine's reply to the person is held, and how long its search may take: the page's own
/// ([`Pace::NORMAL`]), or shortened ([`Pace::QUICK`], `?pace=quick` in the page's address) for the browser
/// tests that play whole games against the engine, which then wait for the rules rather than the clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    /// The least time between the person's move and the engine's reply on the board (milliseconds).
    pub min_reply_ms: f64,
    /// The most a search of the engine's move may take (milliseconds; `None`: as its level and clock say).
    pub max_search_ms: Option<u32>,
    /// Whether a game of the engine against itself waits the chosen speed between its moves.
    pub ai_vs_ai_delay: bool,
}

impl Pace {
    /// The page's own.
    pub const NORMAL: Pace = Pace {
        min_reply_ms: MIN_REPLY_MS,
        max_search_ms: None,
        ai_vs_ai_delay: true,
    };
    /// For tests: no reply held, no search over 150 ms (the levels' depths and endgame solves still cap
    /// what the shorter ones do), and the engine against itself moves as soon as it has chosen.
    pub const QUICK: Pace = Pace {
        min_reply_ms: 0.0,
        max_search_ms: Some(150),
        ai_vs_ai_delay: false,
    };
}

/// The engine's move, arrived early, and when it is shown.
#[derive(Clone, Debug, PartialEq)]
pub struct HeldReply {
    /// The worker's answer.
    pub response: crate::protocol::Response,
    /// Who asked it (the AI's search).
    pub asker: Asker,
    /// When it is shown (page milliseconds).
    pub due: f64,
}

impl Session {
    /// Applies `action`, which happened at `now` (milliseconds on the page's clock): the clock is charged up
    /// to `now` first, so a move is charged to its mover however the display's ticks fell, and a clock
    /// that has not started (a new or restored game) starts at `now`.
    ///
    /// Against the engine, its move waits until [`MIN_REPLY_MS`] after the person's (a [`HeldReply`]; the
    /// page wakes the session at [`Session::wake_at`]), and the wait is not on the engine's clock.
    pub fn apply_at(&mut self, now: f64, action: Action) -> Vec<Command> {
        self.run(|session, out| {
            if session
                .play
                .held
                .as_ref()
                .is_some_and(|held| held.due <= now)
            {
                let held = session.play.held.take().expect("held");
                session.charge(now, out);
                session.step(
                    Action::Answer {
                        asker: held.asker,
                        response: held.response,
                    },
                    out,
                );
                session.charge(now, out);
            }
            if let (
                Action::Answer {
                    asker: asker @ Asker::Game(GameAsk::Search),
                    response,
                },
                Some(due),
            ) = (&action, session.play.reply_due)
            {
                let the_move = matches!(response, Response::BestMove { .. })
                    && session.asks.is_search(response.id());
                if the_move && now < due {
                    session.charge(now, out);
                    if let Some(clock) = session.play.clock.as_mut() {
                        clock.grace_ms += due - now;
                    }
                    session.play.held = Some(HeldReply {
                        response: response.clone(),
                        asker: *asker,
                        due,
                    });
                    return;
                }
            }
            let (plies, person) = (session.play.game.plies().len(), !session.ai_to_move());
            session.charge(now, out);
            session.step(action, out);
            session.charge(now, out);
            let person_moved = person && session.play.game.plies().len() > plies;
            if person_moved
                && session.ai_to_move()
                && matches!(session.play.settings.mode, Mode::HumanVsAi { .. })
            {
                session.play.reply_due = Some(now + session.pace.min_reply_ms);
            }
        })
    }

    /// When the page should wake the session (with [`Action::Tick`]): a held reply's time.
    pub fn wake_at(&self) -> Option<f64> {
        self.play.held.as_ref().map(|held| held.due)
    }
}
