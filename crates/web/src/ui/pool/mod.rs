//! The page's pool of engine workers, as a state machine in plain Rust (tested natively): which worker runs
//! which request, what waits, and what to do when a request is withdrawn, a worker stops answering or dies.
//! The page's hook ([`super::hooks`]) carries out the [`Effect`]s it returns: start a worker (replacing the
//! one in that slot, which is terminated at once), post a request, hand a reply to its owner.
//!
//! - **Priorities**: the AI's move first, then what a person asked (hint, analysis), then the analysis room.
//!   When every worker is busy and none is starting, a request stops a worker running a lower-priority one,
//!   whose request is queued again.
//! - **Cancellation**: a withdrawn request that waits is dropped; one that runs stops at once: its worker is
//!   terminated and a new one started in its slot (workers share no memory, and a stop flag would need
//!   cross-origin isolation that static hosts do not give).
//! - **Watchdogs**: every kind of request has a time after which its worker is taken for dead; then, as when
//!   a worker reports an error (a crash), the worker is replaced and the request asked again, at most
//!   [`MAX_TRIES`] times in all, after which its owner gets an error reply. A worker that cannot load (its
//!   script missing, or blocked) is started again up to [`MAX_TRIES`] times; when none can, every request is
//!   answered with an error at once instead of waiting for ever.

use std::collections::VecDeque;

use super::channel::Priority;
pub mod spread;

use self::spread::{PoolSearch, FIRST_TASK_ID};
use crate::protocol::{Request, RequestId, Response, WireTask, MAX_ANALYSE_MILLIS};
use reversi_engine::Level;

/// How often a request is tried in all before its owner is told the engine failed.
pub const MAX_TRIES: u32 = 3;
/// Time a request may run past its own limit before its worker is taken for dead (milliseconds).
const GRACE_MS: f64 = 15_000.0;
/// A review position at the deepest depth takes a few seconds; past this the worker is taken for dead.
const REVIEW_MS: f64 = 60_000.0;
/// A worker that has not started after this long is started again.
const START_MS: f64 = 30_000.0;
/// A busy worker silent this long (four of its heartbeats, [`crate::protocol::HEARTBEAT_MS`]) is taken for
/// dead: terminated, or killed by the browser without an `error` event.
pub const SILENCE_MS: f64 = 1_000.0;

/// The most workers a page runs (each holds its own tables: see [`crate::worker::HASH_MB`]).
pub const MAX_WORKERS: usize = 16;

/// How many workers the page runs: `workers=N` in the page's query (1 to [`MAX_WORKERS`]) if it is
/// there and readable, else the machine's cores within the same range.
///
/// ```
/// use reversi_web::ui::pool::pool_size;
/// assert_eq!(pool_size("?workers=3", Some(8.0)), 3);
/// assert_eq!(pool_size("?lang=zh&workers=64", Some(8.0)), 16);
/// assert_eq!(pool_size("", Some(8.0)), 8);
/// assert_eq!(pool_size("?workers=zero", None), 1);
/// ```
pub fn pool_size(query: &str, hardware_concurrency: Option<f64>) -> usize {
    let asked = query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.strip_prefix("workers="))
        .find_map(|n| n.parse::<usize>().ok());
    let cores = hardware_concurrency
        .filter(|c| c.is_finite() && *c >= 1.0)
        .map_or(1, |c| c as usize);
    asked.unwrap_or(cores).clamp(1, MAX_WORKERS)
}

/// The whole pool's memory budget in MB (a phone's share for one page).
pub const POOL_MB: usize = 256;
/// What a worker holds besides its tables, in MB (the engine's code, stacks, the explorer's tree when it
/// is loaded), rounded up.
pub const WORKER_OVERHEAD_MB: usize = 8;

/// Each worker's transposition tables in MB, so that `workers` workers stay within [`POOL_MB`]: at most
/// [`crate::worker::HASH_MB`] (32), at least 4.
///
/// ```
/// use reversi_web::ui::pool::table_mb;
/// assert_eq!(table_mb(2), 32);
/// assert_eq!(table_mb(8), 24);
/// assert_eq!(table_mb(16), 8);
/// ```
pub fn table_mb(workers: usize) -> usize {
    (POOL_MB / workers.max(1))
        .saturating_sub(WORKER_OVERHEAD_MB)
        .clamp(4, crate::protocol::MAX_WORKER_HASH_MB)
}

/// Whose request it is: the game's (AI, hint, analysis) or the analysis room's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// [`super::state::Session`].
    Game,
    /// [`super::room::Room`].
    Room,
}

/// What the page must do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
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
    /// Hand a reply to its owner.
    Deliver {
        /// Whose request it answers.
        owner: Owner,
        /// The reply.
        response: Response,
    },
    /// A worker running the game's request stopped answering and was replaced (tell the player).
    Restarted,
}

#[derive(Clone, Debug, PartialEq)]
struct Job {
    owner: Owner,
    request: Request,
    /// Not to start before this time (AI-vs-AI pacing).
    not_before: f64,
    tries: u32,
}

impl Job {
    fn priority(&self) -> Priority {
        Priority::of(&self.request)
    }

    /// Whether the worker says it is alive while it runs the request (everything but a perft, which counts
    /// without polling: its watchdog alone watches it).
    fn beats(&self) -> bool {
        !matches!(self.request, Request::Perft { .. })
    }

    /// When the worker running the job since `since`, last heard from at `heard`, is taken for dead.
    fn dead_at(&self, since: f64, heard: f64) -> f64 {
        let watchdog = since + self.watchdog_ms();
        if self.beats() {
            watchdog.min(heard + SILENCE_MS)
        } else {
            watchdog
        }
    }

    /// How long the request may run before its worker is taken for dead.
    fn watchdog_ms(&self) -> f64 {
        match &self.request {
            Request::Search {
                level, max_millis, ..
            } => {
                let cap = Level::get(*level).map_or(10_000, |l| l.move_time_ms);
                max_millis.map_or(cap, |m| m.min(cap)) as f64 + GRACE_MS
            }
            Request::Task { task, .. } => {
                let deadline = match task {
                    WireTask::Search { limits, .. } => limits.deadline_ms,
                    WireTask::Child { deadline_ms, .. }
                    | WireTask::Plan { deadline_ms, .. }
                    | WireTask::Probe { deadline_ms, .. } => *deadline_ms,
                };
                deadline.unwrap_or(10_000) as f64 + GRACE_MS
            }
            Request::Analyse { .. } => MAX_ANALYSE_MILLIS + GRACE_MS,
            Request::Review { .. } => REVIEW_MS,
            Request::Explore { .. }
            | Request::Puzzle { .. }
            | Request::Ping { .. }
            | Request::Perft { .. } => GRACE_MS,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Slot {
    /// Loading; `failures` starts of this slot in a row have failed before.
    Starting {
        since: f64,
        failures: u32,
    },
    Idle,
    Busy {
        job: Job,
        since: f64,
        /// The last message from the worker (a reply or a heartbeat).
        heard: f64,
    },
    /// Failed to start [`MAX_TRIES`] times in a row (the script could not load): not started again.
    Broken,
}

/// The pool's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Pool {
    slots: Vec<(Slot, u64)>,
    queue: VecDeque<Job>,
    next_generation: u64,
    /// The AI's search spread over the workers (one at a time), with the job that asked for it.
    spread: Option<(Job, PoolSearch)>,
    next_task_id: RequestId,
}

/// True for the last reply to a request (progress reports come before it).
fn is_final(response: &Response) -> bool {
    !matches!(response, Response::Thinking { .. })
}

impl Pool {
    /// A pool of `size` workers (at least one), all starting.
    pub fn new(size: usize, now: f64) -> (Pool, Vec<Effect>) {
        let mut pool = Pool {
            slots: Vec::new(),
            queue: VecDeque::new(),
            next_generation: 1,
            spread: None,
            next_task_id: FIRST_TASK_ID,
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

    fn start(&mut self, slot: usize, failures: u32, now: f64, effects: &mut Vec<Effect>) {
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
    fn fail_waiting(&mut self, effects: &mut Vec<Effect>) {
        if !self.broken() {
            return;
        }
        for job in std::mem::take(&mut self.queue) {
            effects.push(Effect::Deliver {
                owner: job.owner,
                response: Response::Error {
                    id: job.request.id(),
                    message: "the engine could not be started".to_string(),
                },
            });
        }
    }

    /// The worker of `slot` (of `generation`) has loaded and waits for requests.
    pub fn ready(&mut self, slot: usize, generation: u64, now: f64) -> Vec<Effect> {
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
        owner: Owner,
        request: Request,
        delay_ms: u32,
        now: f64,
    ) -> Vec<Effect> {
        self.queue.push_back(Job {
            owner,
            request,
            not_before: now + delay_ms as f64,
            tries: 0,
        });
        let mut effects = Vec::new();
        self.pump(now, &mut effects);
        effects
    }

    /// The request `id` is no longer wanted: dropped if it waits, its worker replaced if it runs.
    pub fn cancel(&mut self, id: RequestId, now: f64) -> Vec<Effect> {
        let mut effects = Vec::new();
        self.queue.retain(|job| job.request.id() != id);
        if self.spread.as_ref().is_some_and(|(_, s)| s.id == id) {
            // Every worker on one of its tasks stops.
            let (_, search) = self.spread.take().expect("checked");
            for slot in 0..self.slots.len() {
                if matches!(&self.slots[slot].0, Slot::Busy { job, .. } if search.owns(job.request.id()))
                {
                    self.start(slot, 0, now, &mut effects);
                }
            }
        }
        let running = self
            .slots
            .iter()
            .position(|(slot, _)| matches!(slot, Slot::Busy { job, .. } if job.request.id() == id));
        if let Some(slot) = running {
            self.start(slot, 0, now, &mut effects);
        }
        self.pump(now, &mut effects);
        effects
    }

    /// The worker of `slot` (of `generation`) answered.
    pub fn reply(
        &mut self,
        slot: usize,
        generation: u64,
        response: Response,
        now: f64,
    ) -> Vec<Effect> {
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
            Slot::Busy { job, .. } if job.request.id() == response.id() => {
                let owner = job.owner;
                let task = matches!(job.request, Request::Task { .. });
                if is_final(&response) {
                    *state = Slot::Idle;
                }
                if task {
                    // A share of the spread search (or of one that is over: dropped).
                    self.answer_task(response, now, &mut effects);
                } else {
                    effects.push(Effect::Deliver { owner, response });
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

    /// The worker of `slot` (of `generation`) failed (a crash, or it could not load): it is replaced, and
    /// the request it ran is asked again.
    pub fn died(&mut self, slot: usize, generation: u64, now: f64) -> Vec<Effect> {
        let mut effects = Vec::new();
        if self.slots.get(slot).is_some_and(|(_, g)| *g == generation) {
            self.replace_dead(slot, now, &mut effects);
        }
        self.pump(now, &mut effects);
        effects
    }

    fn replace_dead(&mut self, slot: usize, now: f64, effects: &mut Vec<Effect>) {
        if let Slot::Starting { failures, .. } = self.slots[slot].0 {
            // It could not load: try again a few times, then give the slot up.
            if failures + 1 >= MAX_TRIES {
                self.slots[slot].0 = Slot::Broken;
                self.fail_waiting(effects);
            } else {
                self.start(slot, failures + 1, now, effects);
            }
            return;
        }
        if let (Slot::Busy { job, .. }, _) = self.slots[slot].clone() {
            if matches!(job.request, Request::Task { .. }) {
                // A share of the spread search: given out again, or the whole search asked again when
                // its first task was lost.
                if let Some((search_job, search)) = self.spread.as_mut() {
                    if search.lost(job.request.id(), now) {
                        let search_job = search_job.clone();
                        self.spread = None;
                        effects.push(Effect::Restarted);
                        self.retry_or_fail(search_job, effects);
                    }
                }
                self.start(slot, 0, now, effects);
                return;
            }
            if job.owner == Owner::Game {
                effects.push(Effect::Restarted);
            }
            self.retry_or_fail(job, effects);
        }
        self.start(slot, 0, now, effects);
    }

    /// Time passed: watchdogs and delayed requests. Call it at [`Pool::next_wake`].
    pub fn tick(&mut self, now: f64) -> Vec<Effect> {
        let mut effects = Vec::new();
        for slot in 0..self.slots.len() {
            let overdue = match &self.slots[slot].0 {
                Slot::Busy { job, since, heard } => now >= job.dead_at(*since, *heard),
                Slot::Starting { since, .. } => now - since > START_MS,
                Slot::Idle | Slot::Broken => false,
            };
            if overdue {
                self.replace_dead(slot, now, &mut effects);
            }
        }
        if let Some((job, search)) = self.spread.as_mut() {
            let owner = job.owner;
            for response in search.wake(now) {
                effects.push(Effect::Deliver { owner, response });
            }
            self.drop_finished_spread();
        }
        self.pump(now, &mut effects);
        effects
    }

    /// When [`Pool::tick`] must be called next: the earliest watchdog or delayed request.
    pub fn next_wake(&self) -> Option<f64> {
        let watchdogs = self.slots.iter().filter_map(|(slot, _)| match slot {
            Slot::Busy { job, since, heard } => Some(job.dead_at(*since, *heard)),
            Slot::Starting { since, .. } => Some(since + START_MS),
            Slot::Idle | Slot::Broken => None,
        });
        let delayed = self.queue.iter().map(|job| job.not_before);
        let spread = self.spread.as_ref().and_then(|(_, s)| s.deadline());
        watchdogs
            .chain(delayed)
            .chain(spread)
            .min_by(f64::total_cmp)
    }

    /// Starts what can start: the most urgent ready request on an idle worker, again and again; when
    /// no worker is idle or starting, an urgent request stops a worker running a less urgent one.
    fn pump(&mut self, now: f64, effects: &mut Vec<Effect>) {
        self.fail_waiting(effects);
        self.pump_spread(now, effects);
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
            if self.spread.is_some()
                && self.queue[index].priority() < Priority::Asked
                && !matches!(self.queue[index].request, Request::Explore { .. })
            {
                // The room's searches wait while the AI's search has the workers (a look-up in the
                // opening explorer takes a millisecond: it goes).
                return;
            }
            if let Some(slot) = self.slots.iter().position(|(s, _)| *s == Slot::Idle) {
                let job = self.queue.remove(index).expect("found above");
                effects.push(Effect::Post {
                    slot,
                    request: job.request.clone(),
                });
                self.slots[slot].0 = Slot::Busy {
                    job,
                    since: now,
                    heard: now,
                };
                continue;
            }
            if self
                .slots
                .iter()
                .any(|(s, _)| matches!(s, Slot::Starting { .. }))
            {
                return;
            }
            let urgency = self.queue[index].priority();
            self.preempt_below(urgency, now, effects);
            return;
        }
    }

    /// Stops the least urgent running job below `urgency` (the newest among equals), if any: its worker is
    /// replaced and its request asked again once a worker is free (not a failure: its tries stay).
    fn preempt_below(&mut self, urgency: Priority, now: f64, effects: &mut Vec<Effect>) {
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
                self.queue.push_back(job);
            }
            self.start(slot, 0, now, effects);
        }
    }

    /// `job`'s worker failed: it is asked again first, or, after [`MAX_TRIES`], its owner gets an error.
    fn retry_or_fail(&mut self, mut job: Job, effects: &mut Vec<Effect>) {
        job.tries += 1;
        if job.tries >= MAX_TRIES {
            effects.push(Effect::Deliver {
                owner: job.owner,
                response: Response::Error {
                    id: job.request.id(),
                    message: format!(
                        "the engine stopped answering ({} workers in a row)",
                        job.tries
                    ),
                },
            });
        } else {
            self.queue.push_front(job);
        }
    }
}

#[cfg(test)]
mod tests;
