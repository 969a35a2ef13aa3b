//! Threads for the engine's parallel search when the page's workers share one memory: the [`Spawn`] that the
//! worker running a search gives its [`reversi_engine::Searcher`].
//!
//! A worker cannot start a thread. So a helper job is left on a board in the shared memory under a ticket,
//! the page is told (through the `announce` function, which posts [`crate::protocol::Response::Spawned`]),
//! and the page sends an idle worker [`crate::protocol::Request::Help`] with the ticket: that worker takes
//! the job off the board and runs it ([`run`]). A search that ends takes back its jobs no worker has
//! taken ([`Spawn::recall`]), so that it never waits for a helper that is not coming.
//!
//! Plain Rust over `std`'s atomics and mutexes: in the threaded wasm build these work across workers, and
//! natively the same code is tested over std threads.

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};
use std::sync::Mutex;

use reversi_engine::Spawn;

/// A job waiting for a thread.
struct Waiting {
    ticket: u32,
    /// The thread that left it (see [`thread_id`]).
    thread: u32,
    job: Box<dyn FnOnce() + Send>,
}

/// The jobs no thread has taken yet, of every search of every worker.
static BOARD: Mutex<Vec<Waiting>> = Mutex::new(Vec::new());
static NEXT_TICKET: AtomicU32 = AtomicU32::new(1);
static NEXT_THREAD: AtomicU32 = AtomicU32::new(1);

thread_local! {
    static THREAD: u32 = NEXT_THREAD.fetch_add(1, Relaxed);
}

/// This thread's number among the threads sharing the memory (a worker is one thread).
fn thread_id() -> u32 {
    THREAD.with(|t| *t)
}

fn board() -> std::sync::MutexGuard<'static, Vec<Waiting>> {
    BOARD.lock().unwrap_or_else(|p| p.into_inner())
}

/// A [`Spawn`] whose jobs wait on the board until a thread runs them with [`run`].
#[derive(Clone, Copy, Debug)]
pub struct Lent {
    /// Tells whoever hands out threads that the job of this ticket waits.
    pub announce: fn(u32),
}

impl Spawn for Lent {
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 'static>) -> bool {
        let ticket = NEXT_TICKET.fetch_add(1, Relaxed);
        board().push(Waiting {
            ticket,
            thread: thread_id(),
            job,
        });
        (self.announce)(ticket);
        true
    }

    fn recall(&self) {
        let me = thread_id();
        let mine: Vec<Waiting> = {
            let mut board = board();
            let (mine, others) = std::mem::take(&mut *board)
                .into_iter()
                .partition(|w| w.thread == me);
            *board = others;
            mine
        };
        // Dropped outside the board's lock: a dropped job counts itself out of its search's crew.
        drop(mine);
    }
}

/// Runs the job of `ticket` on this thread, if it still waits; false when its search took it back (or no
/// such job was ever left).
pub fn run(ticket: u32) -> bool {
    let job = {
        let mut board = board();
        let place = board.iter().position(|w| w.ticket == ticket);
        place.map(|i| board.swap_remove(i).job)
    };
    job.map(|job| job()).is_some()
}

/// How many jobs `thread` left on the board that no thread has taken (for tests).
#[cfg(test)]
fn waiting_of(thread: u32) -> usize {
    board().iter().filter(|w| w.thread == thread).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::{native_clock, Board, Game, SearchLimits, Searcher};
    use std::sync::atomic::AtomicBool;
    use std::sync::{Arc, Mutex as StdMutex};

    /// The tickets announced, one list a test (the tests run at once, and share the board), for the test to
    /// hand to its threads.
    static ANNOUNCED_ONCE: StdMutex<Vec<u32>> = StdMutex::new(Vec::new());
    static ANNOUNCED_SEARCH: StdMutex<Vec<u32>> = StdMutex::new(Vec::new());

    fn note_once(ticket: u32) {
        ANNOUNCED_ONCE.lock().unwrap().push(ticket);
    }

    fn note_search(ticket: u32) {
        ANNOUNCED_SEARCH.lock().unwrap().push(ticket);
    }

    #[test]
    fn a_job_runs_once_on_the_thread_that_takes_it_and_a_recalled_one_never() {
        let ran = Arc::new(AtomicU32::new(0));
        let lent = Lent {
            announce: note_once,
        };
        let counter = ran.clone();
        assert!(lent.spawn(Box::new(move || {
            counter.fetch_add(1, Relaxed);
        })));
        let ticket = *ANNOUNCED_ONCE.lock().unwrap().last().unwrap();
        assert!(std::thread::spawn(move || run(ticket)).join().unwrap());
        assert!(!run(ticket), "taken once");
        assert_eq!(ran.load(Relaxed), 1);

        let counter = ran.clone();
        lent.spawn(Box::new(move || {
            counter.fetch_add(10, Relaxed);
        }));
        let ticket = *ANNOUNCED_ONCE.lock().unwrap().last().unwrap();
        assert_eq!(waiting_of(thread_id()), 1);
        lent.recall();
        assert_eq!(waiting_of(thread_id()), 0);
        assert!(!run(ticket));
        assert_eq!(ran.load(Relaxed), 1);
    }

    /// A search on four threads of which only some get a helper (the page had fewer idle workers) ends,
    /// with the value the search on one thread gives at the same fixed depth.
    #[test]
    fn a_search_ends_whether_its_helpers_come_or_not() {
        let board: Board = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7")
            .unwrap()
            .position()
            .board;
        let limits = SearchLimits {
            probcut: false,
            ..SearchLimits::midgame(8)
        };
        let serial = Searcher::new(4).search(&board, &limits, native_clock, None, &mut |_| {});
        for helpers_given in [0, 1, 3] {
            let stop = Arc::new(AtomicBool::new(false));
            let handed = std::thread::scope(|scope| {
                let watcher = scope.spawn(|| {
                    // Hands the first `helpers_given` jobs of this search to threads, as the page would.
                    let mut handed = Vec::new();
                    while handed.len() < helpers_given && !stop.load(Relaxed) {
                        let mut announced = ANNOUNCED_SEARCH.lock().unwrap();
                        if let Some(ticket) = announced.pop() {
                            handed.push(ticket);
                            scope.spawn(move || run(ticket));
                        }
                        drop(announced);
                        std::thread::yield_now();
                    }
                    handed.len()
                });
                let mut searcher = Searcher::new(4).with_threads(
                    4,
                    Arc::new(Lent {
                        announce: note_search,
                    }),
                );
                let info = searcher.search(&board, &limits, native_clock, None, &mut |_| {});
                stop.store(true, Relaxed);
                assert_eq!(info.score, serial.score, "{helpers_given} helpers");
                watcher.join().unwrap()
            });
            assert!(handed <= helpers_given);
            assert_eq!(waiting_of(thread_id()), 0, "every job taken back");
        }
    }
}
