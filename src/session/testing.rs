//! The session as the page runs it, for the tests (the session's, the saves' and the slots'): each action's commands are kept in one log (what the
//! page's pool would be handed), and a reply goes home to whoever asked it, as the pool hands it back.

use std::ops::{Deref, DerefMut};

use crate::protocol::Response;
use crate::session::effects::outbox::{Command, Outbox};
use crate::session::{Action, Asker, GameAsk, Kept, Session, Settings};

/// One input of a test: an action, or a worker's reply (delivered with the asker the log names).
pub(crate) enum Step {
    /// An action.
    Do(Action),
    /// A worker's reply.
    Reply(Response),
}

impl From<Action> for Step {
    fn from(action: Action) -> Step {
        Step::Do(action)
    }
}

/// A worker's reply, as a test's input.
pub(crate) fn reply(response: Response) -> Step {
    Step::Reply(response)
}

/// A session and the logs of every command its actions returned.
#[derive(Debug)]
pub(crate) struct Program {
    session: Session,
    /// Every command for the game and the training room, oldest first.
    pub channel: Outbox,
    /// Every command for the analysis room, oldest first.
    pub room_channel: Outbox,
    /// Every command for the network (online play), oldest first.
    pub net: Vec<crate::session::effects::net::NetCommand>,
}

impl Program {
    fn with(session: Session, commands: Vec<Command>) -> Program {
        let mut program = Program {
            session,
            channel: Outbox::default(),
            room_channel: Outbox::default(),
            net: Vec::new(),
        };
        program.log(commands);
        program
    }

    /// Logs each command with its asker's: a withdrawal where its request was logged.
    fn log(&mut self, commands: Vec<Command>) {
        for command in commands {
            let room = match &command {
                Command::Send { asker, .. } => matches!(asker, Asker::Room(_)),
                Command::Cancel(id) => self.room_channel.asker_of(*id).is_some(),
                // The network's commands go to a log of their own.
                Command::Net(net) => {
                    self.net.push(net.clone());
                    continue;
                }
            };
            let log = if room {
                &mut self.room_channel
            } else {
                &mut self.channel
            };
            log.extend([command]);
        }
    }

    /// [`Session::new`].
    pub(crate) fn new(settings: Settings) -> Program {
        let (session, commands) = Session::new(settings);
        Program::with(session, commands)
    }

    /// [`Session::resume`].
    pub(crate) fn resume(kept: Kept) -> Program {
        let (session, commands) = Session::resume(kept);
        Program::with(session, commands)
    }

    fn action(&self, step: Step) -> Action {
        match step {
            Step::Do(action) => action,
            Step::Reply(response) => Action::Answer {
                // A reply to an id never asked goes to the AI's search, which drops it like any other.
                asker: self
                    .channel
                    .asker_of(response.id())
                    .or_else(|| self.room_channel.asker_of(response.id()))
                    .unwrap_or(Asker::Game(GameAsk::Search)),
                response,
            },
        }
    }

    /// [`Session::apply`], its commands logged.
    pub(crate) fn apply(&mut self, step: impl Into<Step>) {
        let action = self.action(step.into());
        let commands = self.session.apply(action);
        self.log(commands);
    }

    /// [`Session::apply_at`], its commands logged.
    pub(crate) fn apply_at(&mut self, now: f64, step: impl Into<Step>) {
        let action = self.action(step.into());
        let commands = self.session.apply_at(now, action);
        self.log(commands);
    }
}

impl Default for Program {
    fn default() -> Program {
        Program::new(Settings::default())
    }
}

impl Deref for Program {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl DerefMut for Program {
    fn deref_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}
