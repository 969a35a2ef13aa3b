//! The parallel search over shared memory: every thread runs the same search of the same position over one
//! transposition table ([`TranspositionTable`] is lock-free), and one stop flag ends them all.
//!
//! The threads do not search the same tree twice thanks to simplified ABDADA (Weill's "alpha-bêta
//! distribué avec droit d'aînesse", in the simplified form Tom Kerrigan described for chess): the eldest
//! brother (the first move of a node) is searched by whoever reaches it, but a younger
//! brother that another thread is searching right now is put off to the end of the node's list. By the time
//! it is searched its result is usually in the table. The table of what is being searched ([`Busy`]) is a
//! few hundred kilobytes of atomic words; a thread marks a child at nodes with enough depth left, and
//! clears the mark when the child returns.
//!
//! The engine starts no thread itself: a [`Spawn`] given by whoever drives it does (std threads natively,
//! [`StdThreads`]; workers sharing one memory in the page). The search waits for its helpers to end before
//! it returns, so nothing outlives a search but the table's contents.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Condvar, Mutex};

/// Starts the helpers of a parallel search.
pub trait Spawn: Send + Sync {
    /// Runs `job` on another thread, one that may block (in the page: a worker, never the main thread).
    /// False when no thread could be had (the job is dropped unrun; the search goes on with fewer helpers).
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 'static>) -> bool;

    /// Drops the jobs this thread gave [`Spawn::spawn`] that no thread has started yet. A search calls it
    /// once its helpers are told to stop, before it waits for them: a job still waiting for a thread (in
    /// the page, for a worker to be free) would otherwise be waited for. Threads that start every job at
    /// once have nothing to drop.
    fn recall(&self) {}
}

/// [`Spawn`] on native threads: a new `std::thread` per helper (a helper lives as long as one search).
#[derive(Clone, Copy, Debug, Default)]
pub struct StdThreads;

impl Spawn for StdThreads {
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 'static>) -> bool {
        std::thread::Builder::new()
            .name("reversi-search".into())
            .spawn(job)
            .is_ok()
    }
}

/// The number of threads to search on when none is asked for: every core the system offers.
pub fn available_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// What the threads of one parallel search are searching now (see the module's documentation): slots of
/// position hashes, a position's slot chosen by its hash. Two positions on one slot only cost a deferral.
pub(crate) struct Busy {
    slots: Box<[AtomicU64]>,
}

/// The slot count of [`Busy`]: 32,768 words (256 kB), many more than the nodes deep enough to be marked
/// that sixteen threads can be inside at once.
const BUSY_SLOTS: usize = 1 << 15;

impl Busy {
    pub(crate) fn new() -> Busy {
        Busy {
            slots: (0..BUSY_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, hash: u64) -> &AtomicU64 {
        &self.slots[(hash >> 17) as usize & (BUSY_SLOTS - 1)]
    }

    /// True when another thread is searching the position of `hash`.
    #[inline]
    pub(crate) fn is_busy(&self, hash: u64) -> bool {
        self.slot(hash).load(Relaxed) == hash
    }

    /// Marks the position of `hash` as being searched.
    #[inline]
    pub(crate) fn enter(&self, hash: u64) {
        self.slot(hash).store(hash, Relaxed);
    }

    /// Clears the mark of `hash` (unless another position has taken the slot since).
    #[inline]
    pub(crate) fn leave(&self, hash: u64) {
        let _ = self.slot(hash).compare_exchange(hash, 0, Relaxed, Relaxed);
    }
}

/// The helpers of one parallel search, as seen by the thread that started them: how many are still
/// running, and the flag that stops them.
pub(crate) struct Crew<'s> {
    spawn: &'s dyn Spawn,
    running: Arc<(Mutex<usize>, Condvar)>,
    /// Set when the search is over (its result found, or the search stopped): every helper then unwinds.
    pub(crate) done: Arc<AtomicBool>,
}

/// Held by a helper while it runs: counts it out when dropped, even if the helper panicked.
pub(crate) struct Shift(Arc<(Mutex<usize>, Condvar)>);

impl Drop for Shift {
    fn drop(&mut self) {
        let (count, ended) = &*self.0;
        let mut running = count.lock().unwrap_or_else(|p| p.into_inner());
        *running -= 1;
        ended.notify_all();
    }
}

impl<'s> Crew<'s> {
    /// A crew whose helpers `spawn` starts.
    pub(crate) fn new(spawn: &'s dyn Spawn) -> Crew<'s> {
        Crew {
            spawn,
            running: Arc::new((Mutex::new(0), Condvar::new())),
            done: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Starts `job` on a helper; false when the crew's [`Spawn`] had no thread for it.
    pub(crate) fn start(&self, job: impl FnOnce() + Send + 'static) -> bool {
        *self.running.0.lock().unwrap_or_else(|p| p.into_inner()) += 1;
        let shift = Shift(self.running.clone());
        // If the job is dropped unrun, its shift is dropped with it and counts it out.
        self.spawn.spawn(Box::new(move || {
            let _shift = shift;
            job();
        }))
    }

    /// Stops every helper and waits until all have ended (those not started yet are dropped).
    pub(crate) fn finish(&self) {
        self.done.store(true, Relaxed);
        self.spawn.recall();
        let (count, ended) = &*self.running;
        let mut running = count.lock().unwrap_or_else(|p| p.into_inner());
        while *running > 0 {
            running = ended.wait(running).unwrap_or_else(|p| p.into_inner());
        }
    }
}

impl Drop for Crew<'_> {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A node's moves in the order one thread of a parallel search takes them: in their order, except that a
/// younger brother (any move but the first searched) that another thread is searching is put off until the
/// node's other moves are done. Small: the recursive searches keep one in every frame.
pub(crate) struct Younger<'m, T: Copy> {
    moves: &'m [T],
    next: usize,
    /// The indices of the moves put off (a node has at most 64 moves, one per empty square).
    deferred: u64,
    /// Moves of the node searched so far, counting those searched before this order was made.
    searched: usize,
}

impl<'m, T: Copy> Younger<'m, T> {
    /// The order of `moves`, none of them searched yet.
    #[inline]
    pub(crate) fn new(moves: &'m [T]) -> Younger<'m, T> {
        Younger::after(moves, 0)
    }

    /// The order of the rest of a node's moves, `searched` of them already searched.
    #[inline]
    pub(crate) fn after(moves: &'m [T], searched: usize) -> Younger<'m, T> {
        debug_assert!(moves.len() <= 64);
        Younger {
            moves,
            next: 0,
            deferred: 0,
            searched,
        }
    }

    /// The next move to search; `busy` tells whether another thread is searching a move now.
    #[inline]
    pub(crate) fn next(&mut self, mut busy: impl FnMut(&T) -> bool) -> Option<T> {
        while let Some(&m) = self.moves.get(self.next) {
            self.next += 1;
            if self.searched > 0 && busy(&m) {
                self.deferred |= 1 << (self.next - 1);
                continue;
            }
            self.searched += 1;
            return Some(m);
        }
        if self.deferred == 0 {
            return None;
        }
        let index = self.deferred.trailing_zeros() as usize;
        self.deferred &= self.deferred - 1;
        self.searched += 1;
        Some(self.moves[index])
    }
}
