//! The session as the page's Yew reducer: every action is applied at the time it happens, so the clock
//! charges the side to move up to then first (see [`Session::apply_at`]), and the commands it returns (see
//! [`crate::session::effects::outbox`]) are queued for the pool of workers, which takes them after the render (see
//! [`crate::view::hooks::use_engine_pool`]). The queue is the page's runtime, beside the state: it is
//! never compared, and it holds a command only until the pool takes it.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::ops::Deref;
use std::rc::Rc;

use yew::Reducible;

use crate::session::effects::outbox::Command;
use crate::session::{Action, Session};

/// The commands the page's actions returned, not yet taken by the pool.
#[derive(Clone, Debug, Default)]
pub struct Commands(Rc<RefCell<VecDeque<Command>>>);

impl Commands {
    /// Queues `commands`, oldest first.
    fn push(&self, commands: Vec<Command>) {
        self.0.borrow_mut().extend(commands);
    }

    /// Takes the queued commands, oldest first, up to the first that `stop` holds at (which stays first).
    pub fn take_until(&self, stop: impl Fn(&Command) -> bool) -> Vec<Command> {
        let mut queue = self.0.borrow_mut();
        let end = queue.iter().position(stop).unwrap_or(queue.len());
        queue.drain(..end).collect()
    }

    /// True when no command waits.
    pub fn is_empty(&self) -> bool {
        self.0.borrow().is_empty()
    }
}

/// The page's state: the session, and the queues its commands wait in (the workers' and the network's).
#[derive(Debug)]
pub struct Page {
    session: Session,
    commands: Commands,
    net: Commands,
}

/// Puts each command in its queue: the network's for online play, the pool's for the rest.
fn queue(commands: Vec<Command>, pool: &Commands, net: &Commands) {
    let (network, engine): (Vec<Command>, Vec<Command>) = commands
        .into_iter()
        .partition(|c| matches!(c, Command::Net(_)));
    pool.push(engine);
    net.push(network);
}

impl Page {
    /// The page starting with `session`, and the commands its start returned.
    pub fn new(session: Session, commands: Vec<Command>) -> Page {
        let (pool, net) = (Commands::default(), Commands::default());
        queue(commands, &pool, &net);
        Page {
            session,
            commands: pool,
            net,
        }
    }

    /// The commands waiting for the pool.
    pub fn commands(&self) -> &Commands {
        &self.commands
    }

    /// The commands waiting for the network (see [`crate::view::hooks::use_network`]).
    pub fn net_commands(&self) -> &Commands {
        &self.net
    }
}

impl Deref for Page {
    type Target = Session;
    fn deref(&self) -> &Session {
        &self.session
    }
}

impl PartialEq for Page {
    fn eq(&self, other: &Page) -> bool {
        self.session == other.session
    }
}

impl Reducible for Page {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut next = self.session.clone();
        let commands = next.apply_at(js_sys::Date::now(), action);
        let sends = !commands.is_empty();
        queue(commands, &self.commands, &self.net);
        // An action that changed nothing and sends nothing (a reply no longer wanted) keeps the state, so
        // that the page does not render again for it; one that sends renders, and the pool takes its
        // commands after the render.
        if next == self.session && !sends {
            self
        } else {
            Rc::new(Page {
                session: next,
                commands: self.commands.clone(),
                net: self.net.clone(),
            })
        }
    }
}
