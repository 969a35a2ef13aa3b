//! Commands out: what an action needs sent to the engine workers, returned by [`crate::session::Session::apply`] (the
//! Elm architecture's commands) instead of written into the state. Plain Rust, tested natively.
//!
//! A part that asks is handed an [`Outbox`] for the length of one action: it takes a fresh id from it and
//! puts in a [`Command::Send`] that names who asked ([`Asker`]), or withdraws a request it no longer wants
//! ([`Command::Cancel`]). The page's pool carries the asker beside the request and hands it back with every
//! reply, so that the reply goes home by one exhaustive match on the asker ([`crate::session::Session::apply`] with
//! [`crate::session::Action::Answer`]), never by trying each part in turn. Only the id counter lives in the state.

use crate::protocol::{Request, RequestId};

use crate::session::Asker;

/// One command for the page's pool of workers.
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    /// Send a request for `asker`, after a delay in milliseconds (the pacing of AI-vs-AI games; 0: at
    /// once).
    Send {
        /// Who asked: its replies are delivered to it.
        asker: Asker,
        /// The request.
        request: Request,
        /// Milliseconds to wait before it may start.
        delay_ms: u32,
    },
    /// The request with this id is no longer wanted: drop it, or stop the worker running it.
    Cancel(RequestId),
    /// For the page's network (online play), not the workers: see [`crate::session::effects::net`].
    Net(crate::session::effects::net::NetCommand),
}

/// What one action sends, with the ids it takes: made for an action and emptied when it returns (see
/// [`Outbox::finish`]); the next id is all the state keeps of it.
#[derive(Clone, Debug, PartialEq)]
pub struct Outbox {
    commands: Vec<Command>,
    next_id: RequestId,
}

impl Outbox {
    /// An empty outbox whose requests are numbered from `first_id`.
    pub fn new(first_id: RequestId) -> Outbox {
        Outbox {
            commands: Vec::new(),
            next_id: first_id.max(1),
        }
    }

    /// A new request id.
    pub fn new_id(&mut self) -> RequestId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Sends `request` for `asker`, after `delay_ms`.
    pub fn send(&mut self, asker: impl Into<Asker>, request: Request, delay_ms: u32) {
        self.commands.push(Command::Send {
            asker: asker.into(),
            request,
            delay_ms,
        });
    }

    /// Withdraws the request `id`.
    pub fn cancel(&mut self, id: RequestId) {
        self.commands.push(Command::Cancel(id));
    }

    /// Asks the page's network to do `command`.
    pub fn net(&mut self, command: crate::session::effects::net::NetCommand) {
        self.commands.push(Command::Net(command));
    }

    /// The commands so far, oldest first.
    #[cfg(test)]
    pub fn commands(&self) -> &[Command] {
        &self.commands
    }

    /// The commands, oldest first, and the next id (for the state to keep).
    pub fn finish(self) -> (Vec<Command>, RequestId) {
        (self.commands, self.next_id)
    }

    /// Appends commands already made (a test's log of everything sent).
    #[cfg(test)]
    pub fn extend(&mut self, commands: impl IntoIterator<Item = Command>) {
        self.commands.extend(commands);
    }

    /// The number of commands so far (a mark for [`Outbox::pending_since`]).
    #[cfg(test)]
    pub fn seq(&self) -> usize {
        self.commands.len()
    }

    /// The requests sent after the mark `seq` and not withdrawn since, with their delays (for tests and for
    /// reading what an action asked).
    #[cfg(test)]
    pub fn pending_since(&self, seq: usize) -> Vec<(Request, u32)> {
        let mut out: Vec<(Request, u32)> = Vec::new();
        for command in self.commands.iter().skip(seq) {
            match command {
                Command::Send {
                    request, delay_ms, ..
                } => out.push((request.clone(), *delay_ms)),
                Command::Cancel(id) => out.retain(|(r, _)| r.id() != *id),
                Command::Net(_) => {}
            }
        }
        out
    }

    /// The ids withdrawn after the mark `seq`.
    #[cfg(test)]
    pub fn cancelled_since(&self, seq: usize) -> Vec<RequestId> {
        self.commands
            .iter()
            .skip(seq)
            .filter_map(|c| match c {
                Command::Cancel(id) => Some(*id),
                Command::Send { .. } | Command::Net(_) => None,
            })
            .collect()
    }

    /// The newest request still wanted, if any.
    #[cfg(test)]
    pub fn last_request(&self) -> Option<(Request, u32)> {
        self.pending_since(0).pop()
    }

    /// Who asked the request `id`, if it was sent through this outbox.
    #[cfg(test)]
    pub fn asker_of(&self, id: RequestId) -> Option<Asker> {
        self.commands.iter().find_map(|c| match c {
            Command::Send { asker, request, .. } if request.id() == id => Some(*asker),
            _ => None,
        })
    }
}

impl Default for Outbox {
    fn default() -> Outbox {
        Outbox::new(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameAsk;
    use reversi_engine::Position;

    const HINT: Asker = Asker::Game(GameAsk::Hint);

    fn ping(out: &mut Outbox) -> Request {
        Request::Ping { id: out.new_id() }
    }

    #[test]
    fn commands_come_out_in_order_with_who_asked() {
        let mut out = Outbox::new(10);
        let (a, b) = (ping(&mut out), ping(&mut out));
        out.send(HINT, a.clone(), 0);
        out.send(Asker::Game(GameAsk::Analysis), b.clone(), 5);
        assert_eq!(out.asker_of(b.id()), Some(Asker::Game(GameAsk::Analysis)));
        assert_eq!(out.asker_of(99), None);
        let (commands, next) = out.finish();
        assert_eq!(
            commands,
            [
                Command::Send {
                    asker: HINT,
                    request: a,
                    delay_ms: 0
                },
                Command::Send {
                    asker: Asker::Game(GameAsk::Analysis),
                    request: b,
                    delay_ms: 5
                }
            ]
        );
        assert_eq!(next, 12, "ids go on from the first");
    }

    #[test]
    fn a_cancelled_request_is_no_longer_pending() {
        let mut out = Outbox::default();
        let a = ping(&mut out);
        let id = a.id();
        out.send(HINT, a, 0);
        let search = Request::Search {
            id: out.new_id(),
            position: Position::START,
            level: 3,
            seed: 0,
            max_millis: None,
            mistakes: None,
        };
        out.send(Asker::Game(GameAsk::Search), search.clone(), 0);
        let mark = out.seq();
        out.cancel(id);
        assert_eq!(out.pending_since(0), [(search.clone(), 0)]);
        assert_eq!(out.cancelled_since(0), [id]);
        assert_eq!(out.cancelled_since(mark), [id]);
        assert!(out.pending_since(mark).is_empty());
    }
}
