//! The AI's search spread over the pool's workers: the engine's coordinator ([`SplitSearch`], the same
//! one `reversi best --threads` drives with threads) runs on the page's thread, where it only hands out
//! tasks and reads answers (no search), and each task goes to a worker as a [`Request::Task`]. The pool
//! ([`super`]) gives it its workers before anything less urgent; to its owner the search looks like
//! any other: [`Response::Thinking`] after each iteration, then one [`Response::BestMove`].

use std::collections::HashMap;

use super::{Effect, Job, Pool, Slot};
use crate::protocol::{level_limits, Request, RequestId, Response, WireAnswer, WireTask};
use crate::ui::channel::Priority;
use reversi_engine::{Level, SplitSearch};

/// The spread search ends this long before its deadline, so that its answer reaches the page in time.
const ANSWER_MARGIN_MS: f64 = 10.0;

/// The ids of task requests start here, apart from the game's and the room's (see [`super::channel`]).
pub const FIRST_TASK_ID: RequestId = 1 << 50;

/// True when `request` is a search worth spreading over `workers` workers: a level that deepens by time
/// (9 and 10; the fixed-depth levels answer in a few milliseconds, less than spreading costs).
pub fn spreads(request: &Request, workers: usize) -> bool {
    matches!(request, Request::Search { level, .. }
        if workers >= 2 && Level::get(*level).is_some_and(|l| l.target_ms.is_some() && l.randomness == 0))
}

/// One search spread over the pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolSearch {
    /// The search request's id.
    pub id: RequestId,
    /// The search request itself (asked again whole if its first task is lost).
    pub request: Request,
    search: SplitSearch,
    /// Each task request's serial in the coordinator.
    tasks: HashMap<RequestId, u64>,
    /// The first task's request id.
    first: Option<RequestId>,
}

impl PoolSearch {
    /// The search `request` asks for, starting `now` (`None` if it is not a search of a known level).
    pub fn new(request: &Request, now: f64) -> Option<PoolSearch> {
        let Request::Search {
            id,
            position,
            level,
            seed,
            max_millis,
        } = request
        else {
            return None;
        };
        let mut limits = level_limits(*level, now, *seed, *max_millis)?;
        limits.deadline = limits.deadline.map(|d| (d - ANSWER_MARGIN_MS).max(now));
        Some(PoolSearch {
            id: *id,
            request: request.clone(),
            search: SplitSearch::new(position.board, limits, now),
            tasks: HashMap::new(),
            first: None,
        })
    }

    /// True when task request `id` is one of this search's.
    pub fn owns(&self, id: RequestId) -> bool {
        self.tasks.contains_key(&id)
    }

    /// True when no task of this search runs.
    pub fn idle(&self) -> bool {
        self.tasks.is_empty()
    }

    /// The task for the worker in `slot`, with the next task id from `next_id`; `None`: nothing now.
    pub fn next_task(&mut self, slot: usize, now: f64, next_id: &mut RequestId) -> Option<Request> {
        let task = self.search.next_task(slot, now)?;
        let id = *next_id;
        *next_id += 1;
        if self.first.is_none() {
            self.first = Some(id);
        }
        self.tasks.insert(id, task.serial());
        Some(Request::Task {
            id,
            task: WireTask::from_task(&task, now),
        })
    }

    /// A worker answered task `id`: the replies for the search's owner (progress, and the move once the
    /// search is over).
    pub fn answer(&mut self, response: Response, now: f64) -> Vec<Response> {
        let Some(serial) = self.tasks.remove(&response.id()) else {
            return Vec::new();
        };
        match response {
            Response::TaskDone { answer, nodes, .. } => {
                self.search
                    .answer(serial, answer.and_then(WireAnswer::into_answer), nodes, now)
            }
            _ => self.search.answer(serial, None, 0, now),
        }
        self.replies(now)
    }

    /// Task `id`'s worker died. True when it was the first task: the search must then be asked again whole.
    pub fn lost(&mut self, id: RequestId, now: f64) -> bool {
        let Some(serial) = self.tasks.remove(&id) else {
            return false;
        };
        if self.first == Some(id) {
            return true;
        }
        self.search.answer(serial, None, 0, now);
        false
    }

    /// Time passed (the search ends at its deadline): the replies for its owner.
    pub fn wake(&mut self, now: f64) -> Vec<Response> {
        self.search.wake(now);
        self.replies(now)
    }

    /// When [`PoolSearch::wake`] must be called: the search's deadline.
    pub fn deadline(&self) -> Option<f64> {
        self.search.deadline()
    }

    /// True once the search has answered its owner.
    pub fn finished(&self) -> bool {
        self.search.finished()
    }

    fn replies(&mut self, now: f64) -> Vec<Response> {
        let id = self.id;
        let mut replies: Vec<Response> = self
            .search
            .take_reports()
            .iter()
            .filter_map(|info| Response::thinking(id, info))
            .collect();
        if self.search.finished() {
            replies.push(match self.search.result(now) {
                Some(info) => Response::best_move(id, &info),
                None => Response::Error {
                    id,
                    message: "the search stopped before its first answer".to_string(),
                },
            });
        }
        replies
    }
}

impl Pool {
    /// A task of the spread search answered: its owner's replies, and the search dropped once over.
    pub(super) fn answer_task(&mut self, response: Response, now: f64, effects: &mut Vec<Effect>) {
        let Some((job, search)) = self.spread.as_mut() else {
            return;
        };
        if !search.owns(response.id()) {
            return;
        }
        let owner = job.owner;
        for response in search.answer(response, now) {
            effects.push(Effect::Deliver { owner, response });
        }
        self.drop_finished_spread();
    }

    /// Forgets the spread search once it has answered (its tasks still running end on their deadline, and
    /// their workers keep what they learnt for the next move).
    pub(super) fn drop_finished_spread(&mut self) {
        if self.spread.as_ref().is_some_and(|(_, s)| s.finished()) {
            self.spread = None;
        }
    }

    /// Starts spreading the most urgent search that gains by it (when none is spread yet), and gives
    /// every idle worker a task of the spread search, if it has one now.
    pub(super) fn pump_spread(&mut self, now: f64, effects: &mut Vec<Effect>) {
        if self.spread.is_none() {
            let size = self
                .slots
                .iter()
                .filter(|(s, _)| *s != Slot::Broken)
                .count();
            let ready = self
                .queue
                .iter()
                .enumerate()
                .filter(|(_, job)| job.not_before <= now)
                .max_by(|(i, a), (j, b)| a.priority().cmp(&b.priority()).then(j.cmp(i)))
                .map(|(i, job)| (i, spreads(&job.request, size)));
            if let Some((index, true)) = ready {
                let job = self.queue.remove(index).expect("found above");
                match PoolSearch::new(&job.request, now) {
                    Some(search) => self.spread = Some((job, search)),
                    None => self.queue.insert(index, job),
                }
            }
        }
        let Some((job, search)) = self.spread.as_mut() else {
            return;
        };
        for slot in 0..self.slots.len() {
            if self.slots[slot].0 != Slot::Idle {
                continue;
            }
            let Some(request) = search.next_task(slot, now, &mut self.next_task_id) else {
                break;
            };
            effects.push(Effect::Post {
                slot,
                request: request.clone(),
            });
            self.slots[slot].0 = Slot::Busy {
                job: Job {
                    owner: job.owner,
                    request,
                    not_before: now,
                    tries: 0,
                },
                since: now,
                heard: now,
            };
        }
        if search.idle()
            && !self
                .slots
                .iter()
                .any(|(s, _)| matches!(s, Slot::Idle | Slot::Starting { .. }))
        {
            // No worker for its first task: stop the least urgent one below the AI's move.
            self.preempt_below(Priority::Move, now, effects);
        }
    }
}
