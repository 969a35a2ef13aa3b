//! Limits on a search that the search itself polls: a node budget, a deadline read from a clock the caller
//! provides (the browser and the native program tell time differently), and a stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Milliseconds from some fixed origin. Native code uses [`native_clock`]; the browser worker passes
/// `Date.now()`.
pub type Clock = fn() -> f64;

/// How often (in nodes) the deadline and the stop flag are looked at.
const POLL_INTERVAL: u64 = 4096;

/// What a search's host asks at every poll (every few thousand nodes, well under a millisecond apart): the
/// search stops when it returns true. The page's worker says there that it is alive, and reads the stop flag
/// the page sets in the memory its workers share. It comes down with the search ([`Control::with_poll`],
/// [`crate::Searcher::with_poll`]): the engine keeps no hook of its own.
pub type Poll = fn() -> bool;

/// Node count, limits and the verdict "stop now" of one search.
pub struct Control {
    /// Nodes visited so far.
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<f64>,
    clock: Clock,
    stop: Option<Arc<AtomicBool>>,
    /// A second flag: the one that ends every thread of a parallel search.
    crew_stop: Option<Arc<AtomicBool>>,
    /// The host's poll, if it has one.
    poll: Option<Poll>,
    next_poll: u64,
    aborted: bool,
}

impl Control {
    /// No limit at all.
    pub fn unlimited() -> Control {
        Control {
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            clock: native_clock,
            stop: None,
            crew_stop: None,
            poll: None,
            next_poll: POLL_INTERVAL,
            aborted: false,
        }
    }

    /// Limits: at most `node_limit` nodes, until `deadline` (in `clock` milliseconds), until `stop` is set.
    pub fn new(
        node_limit: Option<u64>,
        deadline: Option<f64>,
        clock: Clock,
        stop: Option<Arc<AtomicBool>>,
    ) -> Control {
        Control {
            node_limit: node_limit.unwrap_or(u64::MAX),
            deadline,
            clock,
            stop,
            ..Control::unlimited()
        }
    }

    /// These limits, with the host's `poll` called at every poll as well (see [`Poll`]).
    pub fn with_poll(mut self, poll: Option<Poll>) -> Control {
        self.poll = poll;
        self
    }

    /// The same limits for another thread of the same search, from no nodes (the node limit is the
    /// first thread's alone), stopping on `flag` as well.
    pub(crate) fn for_helper(&self, flag: Arc<AtomicBool>) -> Control {
        Control {
            deadline: self.deadline,
            clock: self.clock,
            stop: self.stop.clone(),
            crew_stop: Some(flag),
            poll: self.poll,
            ..Control::unlimited()
        }
    }

    /// Watches `flag` from now on (the flag of a parallel search's threads).
    pub(crate) fn join_crew(&mut self, flag: Arc<AtomicBool>) {
        self.crew_stop = Some(flag);
    }

    /// Stops watching the crew's flag once its search is over: the search went to its end (on this thread
    /// or another, `finished`), or was stopped by these limits.
    pub(crate) fn leave_crew(&mut self, finished: bool) {
        self.crew_stop = None;
        self.aborted = !finished;
    }

    /// Counts a node; true when the search must unwind now (its results are then not to be used).
    #[inline]
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            self.poll();
        }
        self.aborted
    }

    /// Polls the limits now, between nodes (a thread waiting for others); true when the search must stop.
    pub(crate) fn check(&mut self) -> bool {
        self.poll();
        self.aborted
    }

    fn poll(&mut self) {
        let stopped = self.poll.is_some_and(|poll| poll());
        if stopped
            || self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| (self.clock)() >= d)
            || [&self.stop, &self.crew_stop]
                .iter()
                .any(|flag| flag.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.aborted = true;
        }
    }

    /// True once a limit has been reached.
    #[inline]
    pub fn aborted(&self) -> bool {
        self.aborted
    }

    /// The time now on this search's clock.
    pub fn now(&self) -> f64 {
        (self.clock)()
    }
}

/// Milliseconds since the first call, from `std::time::Instant` (not for wasm, where it is unavailable).
pub fn native_clock() -> f64 {
    use std::sync::OnceLock;
    use std::time::Instant;
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU32;

    static POLLS: AtomicU32 = AtomicU32::new(0);

    /// Stops the search at its third poll.
    fn third_poll_stops() -> bool {
        POLLS.fetch_add(1, Ordering::SeqCst) >= 2
    }

    /// The host's poll comes with the control (and to a helper's), is called every few thousand nodes,
    /// and its "stop" ends the search; a control without one never calls it.
    #[test]
    fn the_hosts_poll_comes_with_the_control() {
        let mut control = Control::unlimited();
        for _ in 0..(10 * POLL_INTERVAL) {
            control.tick();
        }
        assert!(!control.aborted());
        assert_eq!(POLLS.load(Ordering::SeqCst), 0);
        let mut control = Control::unlimited().with_poll(Some(third_poll_stops));
        let mut helper = control.for_helper(Arc::new(AtomicBool::new(false)));
        let mut ticks = 0;
        while !control.tick() {
            ticks += 1;
        }
        assert_eq!(ticks + 1, 3 * POLL_INTERVAL);
        assert!(helper.tick() || (0..POLL_INTERVAL).any(|_| helper.tick()));
    }
}
