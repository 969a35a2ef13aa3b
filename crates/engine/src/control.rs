//! Limits on a search that the search itself polls: a node budget, a deadline read from a clock the caller
//! provides (the browser and the native program tell time differently), and a stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Milliseconds from some fixed origin. Native code uses [`native_clock`]; the browser worker passes
/// `Date.now()`.
pub type Clock = fn() -> f64;

/// How often (in nodes) the deadline and the stop flag are looked at.
const POLL_INTERVAL: u64 = 4096;

/// Called at every poll of every search (see [`set_poll_hook`]).
static POLL_HOOK: std::sync::OnceLock<fn() -> bool> = std::sync::OnceLock::new();

/// Has every search call `hook` each time it looks at its limits (every few thousand nodes, well under a
/// millisecond apart); the search stops when it returns true. The page's worker uses it to tell the page
/// that it is alive while it searches, and to read the stop flag the page sets in the memory its workers
/// share. Set once (for the whole process); a second call is ignored.
pub fn set_poll_hook(hook: fn() -> bool) {
    let _ = POLL_HOOK.set(hook);
}

/// Calls the poll hook outside a search, from work that holds the thread as long (reading a large file),
/// so that the page still hears from the worker; the hook's "stop" is not for such work.
pub(crate) fn keep_alive() {
    if let Some(hook) = POLL_HOOK.get() {
        hook();
    }
}

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

    /// The same limits for another thread of the same search, from no nodes (the node limit is the
    /// first thread's alone), stopping on `flag` as well.
    pub(crate) fn for_helper(&self, flag: Arc<AtomicBool>) -> Control {
        Control {
            deadline: self.deadline,
            clock: self.clock,
            stop: self.stop.clone(),
            crew_stop: Some(flag),
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

    fn poll(&mut self) {
        let stopped = POLL_HOOK.get().is_some_and(|hook| hook());
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
