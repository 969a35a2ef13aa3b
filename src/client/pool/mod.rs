//! The page's pool of engine workers, as a state machine in plain Rust (tested natively): which worker runs
//! which request, what waits, and what to do when a request is withdrawn, a worker stops answering or dies.
//! The page's hook ([`crate::view::hooks`]) carries out the [`Effect`]s it returns: start a worker, post a request,
//! set a worker's stop flag, hand a reply to its owner.
//!
//! The workers run in one of two ways, chosen once when the page loads:
//! - **Sharing one memory** (a cross-origin isolated page, the threaded build): the workers are threads of one
//!   engine. A search asks for helpers ([`Response::Spawned`]) and the pool lends it idle workers
//!   ([`Request::Help`]); a withdrawn request is stopped by its worker's stop flag, which the search reads
//!   every few thousand nodes; a worker that dies takes the whole group with it (it may have died holding a
//!   lock in the shared memory), and every worker is started again on a new memory.
//! - **Apart** (the plain build, where the page is not isolated): one search thread per worker, and a
//!   withdrawn request's worker is terminated and a new one started in its slot.
//!
//! - **Priorities**: the AI's move first, then what a person asked (a hint), then the analysis room, then the
//!   analysis on the board, which deepens on whatever workers nothing else wants; a search's helpers have
//!   its priority. When every worker is busy and none is starting or stopping, a
//!   request stops a worker running a lower-priority one, whose request is queued again (a helper is not: its
//!   search goes on without it).
//! - **Watchdogs**: every kind of request has a time after which its worker is taken for dead; then, as when
//!   a worker reports an error (a crash), the worker is replaced and the request asked again, at most
//!   [`MAX_TRIES`] times in all, after which its owner gets an error reply. A worker that cannot load (its
//!   script missing, or blocked) is started again up to [`MAX_TRIES`] times; when none can, every request is
//!   answered with an error at once instead of waiting for ever.
//!
//! One concept, kept in one file: the pool's one state machine, whose transitions read each other's
//! invariants (a request's place, a worker's state).

use std::collections::VecDeque;

use crate::protocol::{Priority, Request, RequestId, Response, WorkerError};

/// How often a request is tried in all before its owner is told the engine failed.
pub const MAX_TRIES: u32 = 3;
/// A worker that has not started after this long is started again.
const START_MS: f64 = 30_000.0;
/// A worker whose stop flag is set and that has not ended its request after this long is taken for dead.
pub const STOP_MS: f64 = 2_000.0;
/// The ids of the helpers' requests, far above the page's own, which start at 1 (see
/// [`crate::session::effects::outbox::Outbox`]).
pub const FIRST_HELP_ID: RequestId = 1 << 50;
/// A busy worker silent this long (four of its heartbeats, [`crate::protocol::HEARTBEAT_MS`]) is taken for
/// dead: terminated, or killed by the browser without an `error` event.
pub const SILENCE_MS: f64 = 1_000.0;

mod affinity;
mod job;
mod size;

pub use self::size::{pool_size, search_depth, table_mb, MAX_WORKERS, POOL_MB, WORKER_OVERHEAD_MB};

/// What the page must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect<O> {
    /// Terminate every worker and make a new shared memory: the [`Effect::Start`]s that follow start the
    /// whole group on it (workers sharing one memory only).
    Reset,
    /// Start a worker in this slot, terminating the one there (if any) at once. Its messages carry the
    /// generation, so that anything a replaced worker still sends is told apart.
    Start {
        /// The slot.
        slot: usize,
        /// The new worker's generation.
        generation: u64,
    },
    /// Post a request to the worker in this slot.
    Post {
        /// The slot.
        slot: usize,
        /// The request.
        request: Request,
    },
    /// Set the stop flag of the worker in this slot (workers sharing one memory only): the request it runs
    /// ends within milliseconds, and its last reply is dropped.
    Stop {
        /// The slot.
        slot: usize,
    },
    /// Hand a reply to its owner.
    Deliver {
        /// Who asked the request it answers (the tag it was submitted with).
        owner: O,
        /// The reply.
        response: Response,
    },
    /// A worker stopped answering while it ran a request of `owner`, and was replaced; the request is asked
    /// again (the owner may tell the player).
    Restarted {
        /// Who asked the request it ran.
        owner: O,
    },
}

#[derive(Clone, Debug, PartialEq)]
struct Job<O> {
    owner: O,
    request: Request,
    /// The request's own, or for a helper the priority of the search it helps.
    priority: Priority,
    /// For a helper ([`Request::Help`]), the request whose search it helps.
    helps: Option<RequestId>,
    /// Not to start before this time (AI-vs-AI pacing).
    not_before: f64,
    tries: u32,
}

#[derive(Clone, Debug, PartialEq)]
enum Slot<O> {
    /// Loading; `failures` starts of this slot in a row have failed before.
    Starting {
        since: f64,
        failures: u32,
    },
    Idle,
    Busy {
        job: Job<O>,
        since: f64,
        /// The last message from the worker (a reply or a heartbeat).
        heard: f64,
        /// When its stop flag was set (its request withdrawn): its last reply is then dropped.
        stopped: Option<f64>,
    },
    /// Failed to start [`MAX_TRIES`] times in a row (the script could not load): not started again.
    Broken,
}

/// The pool's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool<O> {
    slots: Vec<(Slot<O>, u64)>,
    queue: VecDeque<Job<O>>,
    next_generation: u64,
    /// Whether the workers share one memory (see the module's documentation).
    shared: bool,
    next_help_id: RequestId,
    /// Which worker holds which data file.
    affinity: affinity::Affinity,
}

impl<O: Clone + std::fmt::Debug + PartialEq> Pool<O> {
    /// A pool of `size` workers (at least one), all starting; `shared` when they share one memory.
    pub fn new(size: usize, shared: bool, now: f64) -> (Pool<O>, Vec<Effect<O>>) {
        let mut pool = Pool {
            slots: Vec::new(),
            queue: VecDeque::new(),
            next_generation: 1,
            shared,
            next_help_id: FIRST_HELP_ID,
            affinity: affinity::Affinity::default(),
        };
        let mut effects = Vec::new();
        for slot in 0..size.max(1) {
            pool.slots.push((Slot::Broken, 0));
            pool.start(slot, 0, now, &mut effects);
        }
        (pool, effects)
    }

    /// How many workers the pool runs.
    pub fn size(&self) -> usize {
        self.slots.len()
    }

    /// The slots whose worker runs a request, with the request's id.
    pub fn running(&self) -> Vec<(usize, RequestId)> {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, (slot, _))| match slot {
                Slot::Busy { job, .. } => Some((i, job.request.id())),
                _ => None,
            })
            .collect()
    }

    fn start(&mut self, slot: usize, failures: u32, now: f64, effects: &mut Vec<Effect<O>>) {
        let generation = self.next_generation;
        self.next_generation += 1;
        self.slots[slot] = (
            Slot::Starting {
                since: now,
                failures,
            },
            generation,
        );
        effects.push(Effect::Start { slot, generation });
    }

    /// True when no worker can start: every request gets an error.
    fn broken(&self) -> bool {
        self.slots.iter().all(|(s, _)| *s == Slot::Broken)
    }

    /// Answers every waiting request with an error, when no worker can start.
    fn fail_waiting(&mut self, effects: &mut Vec<Effect<O>>) {
        if !self.broken() {
            return;
        }
        for job in std::mem::take(&mut self.queue) {
            if job.helps.is_none() {
                effects.push(Effect::Deliver {
                    owner: job.owner,
                    response: Response::Error {
                        id: job.request.id(),
                        error: WorkerError::NotStarted,
                    },
                });
            }
        }
    }

    /// The worker of `slot` (of `generation`) has loaded and waits for requests.
    pub fn ready(&mut self, slot: usize, generation: u64, now: f64) -> Vec<Effect<O>> {
        let mut effects = Vec::new();
        if let Some((state @ Slot::Starting { .. }, g)) = self.slots.get_mut(slot) {
            if *g == generation {
                *state = Slot::Idle;
            }
        }
        self.pump(now, &mut effects);
        effects
    }

    /// A request from `owner`, to start no sooner than `delay_ms` from `now`.
    pub fn submit(
        &mut self,
        owner: O,
        request: Request,
        delay_ms: u32,
        now: f64,
    ) -> Vec<Effect<O>> {
        self.queue.push_back(Job {
            owner,
            priority: request.priority(),
            request,
            helps: None,
            not_before: now + delay_ms as f64,
            tries: 0,
        });
        let mut effects = Vec::new();
        self.pump(now, &mut effects);
        effects
    }

    /// The request `id` is no longer wanted: dropped if it waits, stopped if it runs (and the helpers its
    /// search has not started yet dropped).
    pub fn cancel(&mut self, id: RequestId, now: f64) -> Vec<Effect<O>> {
        let mut effects = Vec::new();
        self.queue
            .retain(|job| job.request.id() != id && job.helps != Some(id));
        let running = self
            .slots
            .iter()
            .position(|(slot, _)| matches!(slot, Slot::Busy { job, .. } if job.request.id() == id));
        if let Some(slot) = running {
            self.stop(slot, now, &mut effects);
        }
        self.pump(now, &mut effects);
        effects
    }

    /// Stops the request running in `slot`: by its flag when the workers share memory (the slot stays busy
    /// until the request ends), else by terminating its worker.
    fn stop(&mut self, slot: usize, now: f64, effects: &mut Vec<Effect<O>>) {
        if !self.shared {
            self.start(slot, 0, now, effects);
            return;
        }
        if let Slot::Busy { stopped, .. } = &mut self.slots[slot].0 {
            if stopped.is_none() {
                *stopped = Some(now);
                effects.push(Effect::Stop { slot });
            }
        }
    }

    /// The worker of `slot` (of `generation`) answered.
    pub fn reply(
        &mut self,
        slot: usize,
        generation: u64,
        response: Response,
        now: f64,
    ) -> Vec<Effect<O>> {
        let mut effects = Vec::new();
        let Some((state, g)) = self.slots.get_mut(slot) else {
            return effects;
        };
        if *g != generation {
            return effects;
        }
        if let Slot::Busy { heard, .. } = state {
            *heard = now;
        }
        if response == Response::Alive {
            return effects;
        }
        match state {
            Slot::Busy { job, stopped, .. } if job.request.id() == response.id() => {
                let (owner, priority, stopping) =
                    (job.owner.clone(), job.priority, stopped.is_some());
                let helper = job.helps.is_some();
                let id = response.id();
                if response.is_final() {
                    *state = Slot::Idle;
                    // The search is over: helpers it asked for and no worker has taken are not needed.
                    self.queue.retain(|job| job.helps != Some(id));
                }
                match response {
                    Response::Spawned { ticket, .. } => {
                        if !stopping {
                            self.lend_helper(owner, priority, id, ticket, now);
                        }
                    }
                    Response::Helped { .. } => {}
                    _ if stopping || helper => {}
                    response => effects.push(Effect::Deliver { owner, response }),
                }
            }
            Slot::Starting { .. } if matches!(response, Response::Pong { id: 0, .. }) => {
                // The worker says it has loaded.
                *state = Slot::Idle;
            }
            _ => {}
        }
        self.pump(now, &mut effects);
        effects
    }

    /// Queues a helper for the search of request `helps`, to take the job of `ticket`.
    fn lend_helper(
        &mut self,
        owner: O,
        priority: Priority,
        helps: RequestId,
        ticket: u32,
        now: f64,
    ) {
        let id = self.next_help_id;
        self.next_help_id += 1;
        self.queue.push_back(Job {
            owner,
            request: Request::Help { id, ticket },
            priority,
            helps: Some(helps),
            not_before: now,
            tries: 0,
        });
    }

    /// The worker of `slot` (of `generation`) failed (a crash, or it could not load): it is replaced, and
    /// the request it ran is asked again.
    pub fn died(&mut self, slot: usize, generation: u64, now: f64) -> Vec<Effect<O>> {
        let mut effects = Vec::new();
        if self.slots.get(slot).is_some_and(|(_, g)| *g == generation) {
            self.replace_dead(slot, now, &mut effects);
        }
        self.pump(now, &mut effects);
        effects
    }

    fn replace_dead(&mut self, slot: usize, now: f64, effects: &mut Vec<Effect<O>>) {
        if let Slot::Starting { failures, .. } = self.slots[slot].0 {
            // It could not load: try again a few times, then give the slot up. (A worker that has not
            // loaded has not touched the shared memory.)
            if failures + 1 >= MAX_TRIES {
                self.slots[slot].0 = Slot::Broken;
                self.fail_waiting(effects);
            } else {
                self.start(slot, failures + 1, now, effects);
            }
            return;
        }
        let mut restarted = None;
        if let Slot::Busy { job, stopped, .. } = self.slots[slot].0.clone() {
            if job.helps.is_none() && stopped.is_none() {
                restarted = Some(job.owner.clone());
            }
            if stopped.is_none() {
                self.requeue(job, true, effects);
            }
        }
        if !self.shared {
            self.start(slot, 0, now, effects);
        } else {
            // It may have died holding a lock of the memory the others share: the whole group starts
            // again, and what the others ran is asked again (not a failure of theirs).
            effects.push(Effect::Reset);
            for other in 0..self.slots.len() {
                if let Slot::Busy { job, stopped, .. } = self.slots[other].0.clone() {
                    if other != slot && stopped.is_none() {
                        self.requeue(job, false, effects);
                    }
                }
                if self.slots[other].0 != Slot::Broken || other == slot {
                    self.start(other, 0, now, effects);
                }
            }
        }
        // Its owner is told last, once the new workers are on their way.
        if let Some(owner) = restarted {
            effects.push(Effect::Restarted { owner });
        }
    }

    /// Asks `job` again (first in the queue), counting a failure if `failed`; after [`MAX_TRIES`] failures
    /// its owner gets an error. A helper is dropped: the search it helped asks for helpers again.
    fn requeue(&mut self, mut job: Job<O>, failed: bool, effects: &mut Vec<Effect<O>>) {
        if job.helps.is_some() {
            return;
        }
        if failed {
            job.tries += 1;
        }
        if job.tries >= MAX_TRIES {
            effects.push(Effect::Deliver {
                owner: job.owner,
                response: Response::Error {
                    id: job.request.id(),
                    error: WorkerError::Unresponsive { tries: job.tries },
                },
            });
        } else {
            self.queue.push_front(job);
        }
    }

    /// Time passed: watchdogs and delayed requests. Call it at [`Pool::next_wake`].
    pub fn tick(&mut self, now: f64) -> Vec<Effect<O>> {
        let mut effects = Vec::new();
        for slot in 0..self.slots.len() {
            let overdue = match &self.slots[slot].0 {
                Slot::Busy {
                    job,
                    since,
                    heard,
                    stopped,
                } => now >= job.dead_at(*since, *heard, *stopped),
                Slot::Starting { since, .. } => now - since > START_MS,
                Slot::Idle | Slot::Broken => false,
            };
            if overdue {
                self.replace_dead(slot, now, &mut effects);
            }
        }
        self.pump(now, &mut effects);
        effects
    }

    /// When [`Pool::tick`] must be called next: the earliest watchdog or delayed request.
    pub fn next_wake(&self) -> Option<f64> {
        let watchdogs = self.slots.iter().filter_map(|(slot, _)| match slot {
            Slot::Busy {
                job,
                since,
                heard,
                stopped,
            } => Some(job.dead_at(*since, *heard, *stopped)),
            Slot::Starting { since, .. } => Some(since + START_MS),
            Slot::Idle | Slot::Broken => None,
        });
        let delayed = self.queue.iter().map(|job| job.not_before);
        watchdogs.chain(delayed).min_by(f64::total_cmp)
    }

    /// Starts what can start: the most urgent ready request on an idle worker, again and again; when
    /// no worker is idle, starting or stopping, an urgent request stops a worker running a less urgent one.
    fn pump(&mut self, now: f64, effects: &mut Vec<Effect<O>>) {
        self.fail_waiting(effects);
        loop {
            // The most urgent ready job (the oldest among equals).
            let Some(index) = self
                .queue
                .iter()
                .enumerate()
                .filter(|(_, job)| job.not_before <= now)
                .max_by(|(i, a), (j, b)| a.priority().cmp(&b.priority()).then(j.cmp(i)))
                .map(|(i, _)| i)
            else {
                return;
            };
            // One analysis at a time: the analysis on the board asked again (the page shown again, another
            // position) waits while a withdrawn one is still stopping, which takes milliseconds, so that
            // hide-and-show flips never leave several deepening at once; it takes up from the table.
            let stopping = self.slots.iter().any(|(s, _)| {
                matches!(
                    s,
                    Slot::Busy {
                        stopped: Some(_),
                        ..
                    }
                )
            });
            if self.queue[index].priority() == Priority::Background && stopping {
                return;
            }
            let holder = self
                .affinity
                .idle_holder(&self.queue[index].request, &self.slots);
            if let Some(slot) =
                holder.or_else(|| self.slots.iter().position(|(s, _)| *s == Slot::Idle))
            {
                let job = self.queue.remove(index).expect("found above");
                self.affinity.note(&job.request, slot, self.slots[slot].1);
                effects.push(Effect::Post {
                    slot,
                    request: job.request.clone(),
                });
                self.slots[slot].0 = Slot::Busy {
                    job,
                    since: now,
                    heard: now,
                    stopped: None,
                };
                continue;
            }
            let soon_free = self.slots.iter().any(|(s, _)| {
                matches!(
                    s,
                    Slot::Starting { .. }
                        | Slot::Busy {
                            stopped: Some(_),
                            ..
                        }
                )
            });
            if !soon_free {
                let urgency = self.queue[index].priority();
                self.preempt_below(urgency, now, effects);
            }
            return;
        }
    }

    /// Stops the least urgent running job below `urgency` (the newest among equals), if any, and asks its
    /// request again once a worker is free (not a failure: its tries stay; a helper is not asked again).
    fn preempt_below(&mut self, urgency: Priority, now: f64, effects: &mut Vec<Effect<O>>) {
        let victim = self
            .slots
            .iter()
            .enumerate()
            .filter_map(|(i, (s, _))| match s {
                Slot::Busy { job, since, .. } if job.priority() < urgency => {
                    Some((i, job.priority(), *since))
                }
                _ => None,
            })
            .min_by(|a, b| a.1.cmp(&b.1).then(b.2.total_cmp(&a.2)));
        if let Some((slot, _, _)) = victim {
            if let Slot::Busy { job, .. } = self.slots[slot].0.clone() {
                if job.helps.is_none() {
                    self.queue.push_back(job);
                }
            }
            self.stop(slot, now, effects);
        }
    }
}

#[cfg(test)]
mod tests;
