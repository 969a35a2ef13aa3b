//! The one way the page's state talks to the engine workers: a log of what to send, numbered, that the
//! state appends to and the page's worker hook reads. Plain Rust, tested natively.
//!
//! An action appends; nothing ever clears the log, so two actions reduced before the hook runs both get
//! their requests sent: the hook sends every entry newer than the last one it sent ([`Channel::since`]).
//! A request no longer wanted is withdrawn with [`Channel::cancel`]: the pool drops it if it has not
//! started, and stops the worker running it at once if it has. Replies are matched to requests by id
//! alone, so a reply is never taken for another request's.

use std::collections::VecDeque;

use crate::protocol::{Request, RequestId};

/// How many entries the log keeps: far more than one render's worth (an action appends a few), so the hook
/// never misses one.
const KEPT: usize = 256;

/// One entry of the log.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// Send a request, after a delay in milliseconds (the pacing of AI-vs-AI games; 0: at once).
    Send {
        /// The request.
        request: Request,
        /// Milliseconds to wait before it may start.
        delay_ms: u32,
    },
    /// The request with this id is no longer wanted: drop it, or stop the worker running it.
    Cancel(RequestId),
}

/// The log of what to send to the workers.
#[derive(Clone, Debug, PartialEq)]
pub struct Channel {
    log: VecDeque<(u64, Message)>,
    seq: u64,
    next_id: RequestId,
}

impl Channel {
    /// An empty log whose requests are numbered from `first_id` (the page's channels use distinct ranges,
    /// so that one pool can tell whose a reply is).
    pub fn new(first_id: RequestId) -> Channel {
        Channel {
            log: VecDeque::new(),
            seq: 0,
            next_id: first_id,
        }
    }

    /// A new request id.
    pub fn new_id(&mut self) -> RequestId {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Appends a request (sent after `delay_ms`).
    pub fn send(&mut self, request: Request, delay_ms: u32) {
        self.push(Message::Send { request, delay_ms });
    }

    /// Withdraws the request `id`.
    pub fn cancel(&mut self, id: RequestId) {
        self.push(Message::Cancel(id));
    }

    fn push(&mut self, message: Message) {
        self.seq += 1;
        self.log.push_back((self.seq, message));
        if self.log.len() > KEPT {
            self.log.pop_front();
        }
    }

    /// The number of the newest entry (0 when none).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    /// The entries newer than `seq`, oldest first.
    pub fn since(&self, seq: u64) -> impl Iterator<Item = &(u64, Message)> {
        self.log.iter().filter(move |(s, _)| *s > seq)
    }

    /// The requests appended after `seq` and not cancelled since (what a worker would be asked, for tests
    /// and for reading the state).
    pub fn pending_since(&self, seq: u64) -> Vec<(Request, u32)> {
        let mut out: Vec<(Request, u32)> = Vec::new();
        for (_, message) in self.since(seq) {
            match message {
                Message::Send { request, delay_ms } => out.push((request.clone(), *delay_ms)),
                Message::Cancel(id) => out.retain(|(r, _)| r.id() != *id),
            }
        }
        out
    }

    /// The ids cancelled after `seq`.
    pub fn cancelled_since(&self, seq: u64) -> Vec<RequestId> {
        self.since(seq)
            .filter_map(|(_, m)| match m {
                Message::Cancel(id) => Some(*id),
                Message::Send { .. } => None,
            })
            .collect()
    }

    /// The newest request still wanted, if any (for tests and reading the state).
    pub fn last_request(&self) -> Option<(Request, u32)> {
        self.pending_since(0).pop()
    }
}

impl Default for Channel {
    fn default() -> Channel {
        Channel::new(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::Position;

    fn ping(channel: &mut Channel) -> Request {
        Request::Ping {
            id: channel.new_id(),
        }
    }

    #[test]
    fn every_entry_newer_than_the_last_sent_is_read_once_in_order() {
        let mut channel = Channel::new(10);
        let sent = channel.seq();
        let (a, b) = (ping(&mut channel), ping(&mut channel));
        channel.send(a.clone(), 0);
        // A second action before the hook ran: both requests are still there.
        channel.send(b.clone(), 5);
        let read: Vec<_> = channel.since(sent).map(|(_, m)| m.clone()).collect();
        assert_eq!(
            read,
            [
                Message::Send {
                    request: a,
                    delay_ms: 0
                },
                Message::Send {
                    request: b,
                    delay_ms: 5
                }
            ]
        );
        assert_eq!(channel.since(channel.seq()).count(), 0);
        assert_eq!(channel.new_id(), 12, "ids go on from the first");
    }

    #[test]
    fn a_cancelled_request_is_no_longer_pending() {
        let mut channel = Channel::default();
        let a = ping(&mut channel);
        let id = a.id();
        channel.send(a, 0);
        let search = Request::Search {
            id: channel.new_id(),
            position: Position::START,
            level: 3,
            seed: 0,
            max_millis: None,
            mistakes: None,
        };
        channel.send(search.clone(), 0);
        channel.cancel(id);
        assert_eq!(channel.pending_since(0), [(search.clone(), 0)]);
        assert_eq!(channel.cancelled_since(0), [id]);
    }

    #[test]
    fn the_log_keeps_its_newest_entries() {
        let mut channel = Channel::default();
        for _ in 0..(KEPT + 10) {
            let p = ping(&mut channel);
            channel.send(p, 0);
        }
        assert_eq!(channel.since(0).count(), KEPT);
        assert_eq!(channel.since(channel.seq() - 3).count(), 3);
    }
}
