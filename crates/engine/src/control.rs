//! Limits on a search that the search itself polls: a node budget, a deadline read from a clock the caller
//! provides (the browser and the native program tell time differently), and a stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Milliseconds from some fixed origin. Native code uses [`native_clock`]; the browser worker passes
/// `Date.now()`.
pub type Clock = fn() -> f64;

/// How often (in nodes) the deadline and the stop flag are looked at.
const POLL_INTERVAL: u64 = 4096;

/// Node count, limits and the verdict "stop now" of one search.
pub struct Control {
    /// Nodes visited so far.
    pub nodes: u64,
    node_limit: u64,
    deadline: Option<f64>,
    clock: Clock,
    stop: Option<Arc<AtomicBool>>,
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

    fn poll(&mut self) {
        if self.nodes >= self.node_limit
            || self.deadline.is_some_and(|d| (self.clock)() >= d)
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
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
