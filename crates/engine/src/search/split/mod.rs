//! The AI's search on several helpers that share no memory (threads natively, the page's workers in the
//! browser): each owns a [`Searcher`] with its own tables, and they only pass messages.
//!
//! One helper first runs the serial search to a shallow depth ([`Task::Search`]): it plays from the book,
//! passes, or gives the root's moves in order; meanwhile another runs the same search only to fill its
//! tables. Every deeper iteration is then shared out move by move ([`Task::Child`]) as a principal variation
//! search at the root (young brothers wait): the first move is searched with the iteration's (aspiration)
//! window, then every other one with a null window at the best value so far, shared out over the helpers
//! and searched again with the full window when it beats it. A full-window search deep enough is itself
//! shared out the same way one level down (the first move's replies), and so on down to three levels, so
//! that the other helpers are not idle while it runs. What each helper learns of a move stays in its
//! tables, so a move goes back to the helper that searched it in the last iteration; and the top of what
//! it learns (the entries within a few plies of the child) travels with the answer to the other helpers.
//! Time is kept as in the serial search: an iteration that cannot end before the target or the deadline
//! is not started; one the deadline stops is not used. Where the level solves the position exactly, the
//! solve is shared out too (see [`endgame`]); where it only solves for win, loss or draw, the whole search
//! runs on one helper.
//!
//! Why it is built so, with the figures, is in the README ("The AI's search spread over the pool"): the
//! other moves wait for the first one's value rather than being tested against a guess, and the split goes
//! three levels down, which pays because the helpers pass each other table entries (without them, deeper
//! splits searched more nodes for no time gained).
//!
//! [`SplitSearch`] is the coordination alone, a state machine over tasks and answers, so that any
//! transport drives it; [`search_parallel`] (`threads.rs`) drives it with std threads.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

mod endgame;
mod node;
mod threads;

use endgame::EndgameSplit;
pub use endgame::SPLIT_SOLVE_FROM_EMPTIES;
use node::{Child, Delivery, Node, Shared};
pub use threads::search_parallel;

use super::endgame::{RootPlan, Solver};
use super::exchange::Exchange;
use super::parallel::ProbeTask;
use super::{SearchInfo, SearchLimits, Searcher, INFINITY};
use crate::control::{Clock, Control};
use crate::{Board, Move, ScoreKind, SharedEntry, Square};

/// The depth the first helper searches alone: below it an iteration takes milliseconds, less than sharing
/// it out would cost in the page.
pub const SPLIT_FROM_DEPTH: u32 = 7;

/// The widest window a task may ask for: values lie within ±this.
pub const WINDOW_LIMIT: i32 = INFINITY;

/// One task for a helper.
#[derive(Clone, Debug, PartialEq)]
pub enum Task {
    /// The serial search of `board` with these limits.
    Search {
        /// Tells this task's answer from any other's.
        serial: u64,
        /// The root.
        board: Board,
        /// Its limits (times on the coordinator's clock).
        limits: SearchLimits,
    },
    /// A mid-game search of one of the root's children.
    Child {
        /// Tells this task's answer from any other's.
        serial: u64,
        /// The position after the root move.
        board: Board,
        /// Plies.
        depth: u32,
        /// The window, from the side to move of `board` (a null window when `beta == alpha + 1`).
        alpha: i32,
        /// See `alpha`.
        beta: i32,
        /// Prune by probcut.
        probcut: bool,
        /// Stop at this time on the coordinator's clock.
        deadline: Option<f64>,
        /// The helper's first task of this search: its tables' older entries are replaced first.
        fresh: bool,
        /// What the other helpers learned since this helper's last task, for its table.
        shared: Vec<SharedEntry>,
    },
    /// The plan of an exact solve of `board` (see [`Solver::root_plan`]).
    Plan {
        /// Tells this task's answer from any other's.
        serial: u64,
        /// The root.
        board: Board,
        /// Stop at this time on the coordinator's clock.
        deadline: Option<f64>,
        /// As for [`Task::Child`].
        fresh: bool,
    },
    /// One null-window probe of an exact solve.
    Probe {
        /// Tells this task's answer from any other's.
        serial: u64,
        /// The probe.
        probe: ProbeTask,
        /// Stop at this time on the coordinator's clock.
        deadline: Option<f64>,
        /// As for [`Task::Child`].
        fresh: bool,
    },
}

impl Task {
    /// The task's serial.
    pub fn serial(&self) -> u64 {
        match self {
            Task::Search { serial, .. }
            | Task::Child { serial, .. }
            | Task::Plan { serial, .. }
            | Task::Probe { serial, .. } => *serial,
        }
    }

    /// Carries the task out with a helper's searcher; `None` when it was stopped (by `stop` or its
    /// deadline) before it finished.
    pub fn run(
        &self,
        searcher: &mut Searcher,
        clock: Clock,
        stop: Option<Arc<AtomicBool>>,
    ) -> (Option<Answer>, u64) {
        match self {
            Task::Search { board, limits, .. } => {
                let info = searcher.search(board, limits, clock, stop, &mut |_| {});
                let order = match info.best {
                    Move::Place(best) => searcher.root_order(board, best),
                    Move::Pass => Vec::new(),
                };
                let nodes = info.nodes;
                (Some(Answer::Searched { info, order }), nodes)
            }
            Task::Child {
                board,
                depth,
                alpha,
                beta,
                probcut,
                deadline,
                fresh,
                shared,
                ..
            } => {
                let mut control = Control::new(None, *deadline, clock, stop);
                searcher.share_in(shared, *depth);
                let (value, pv) = searcher.search_window(
                    board,
                    *depth,
                    (*alpha, *beta),
                    *probcut,
                    *fresh,
                    &mut control,
                );
                let learned = searcher.learned();
                let answer = (!control.aborted()).then_some(Answer::Child { value, pv, learned });
                (answer, control.nodes)
            }
            Task::Plan {
                board,
                deadline,
                fresh,
                ..
            } => with_solver(searcher, *deadline, *fresh, clock, stop, |solver| {
                solver.root_plan(board).map(Answer::Plan)
            }),
            Task::Probe {
                probe,
                deadline,
                fresh,
                ..
            } => with_solver(searcher, *deadline, *fresh, clock, stop, |solver| {
                let (value, learned) = probe.run(solver);
                Some(Answer::Probe { value, learned })
            }),
        }
    }
}

/// Runs `work` with a solver over the helper's endgame table until `deadline` (`fresh`: its older entries
/// go first): its answer, unless it was stopped, and its nodes.
fn with_solver(
    searcher: &mut Searcher,
    deadline: Option<f64>,
    fresh: bool,
    clock: Clock,
    stop: Option<Arc<AtomicBool>>,
    work: impl FnOnce(&mut Solver) -> Option<Answer>,
) -> (Option<Answer>, u64) {
    if fresh {
        searcher.end_tt.new_search();
    }
    let mut control = Control::new(None, deadline, clock, stop);
    let answer = work(&mut Solver::new(&searcher.end_tt, &mut control));
    (answer.filter(|_| !control.aborted()), control.nodes)
}

/// A helper's answer to a [`Task`].
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// The serial search's result, and the root's moves in the order to search them next (its best first).
    Searched {
        /// The result.
        info: SearchInfo,
        /// The root's moves, its best first.
        order: Vec<Square>,
    },
    /// A child's value (fail-soft: at most `alpha` or at least `beta` when outside the window) and the
    /// line its helper expects from it.
    Child {
        /// The value, from the child's side to move.
        value: i32,
        /// The expected line from the child.
        pv: Vec<Square>,
        /// Table entries for the other helpers.
        learned: Vec<SharedEntry>,
    },
    /// An exact solve's plan.
    Plan(RootPlan),
    /// A probe's value (fail-soft, from the side to move of the probed position), and what the helper
    /// learned for the others (see [`ProbeTask::run`]).
    Probe {
        /// The value.
        value: i32,
        /// Table entries for the other helpers.
        learned: Vec<SharedEntry>,
    },
}

/// The first task's serial (the serial search of the first iterations).
const FIRST: u64 = 0;

/// The coordinator of a parallel search: see the module's documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitSearch {
    board: Board,
    limits: SearchLimits,
    started: f64,
    shared: Shared,
    /// Nodes of every answered task.
    nodes: u64,
    /// The first task (the serial search) is out.
    began: bool,
    /// The root of the iteration running (`None` before the first one shared out).
    root: Option<Node>,
    /// The iteration running.
    depth: u32,
    /// Warm-up searches running (their answers are not used).
    warming: Vec<u64>,
    iteration_started: f64,
    last_iteration: Option<f64>,
    previous_iteration: Option<f64>,
    unstable: bool,
    /// The last finished iteration's (or the serial search's) result.
    result: Option<SearchInfo>,
    /// Results not yet reported.
    reports: Vec<SearchInfo>,
    finished: bool,
    /// The exact solve, where the level solves the position and it is shared out.
    endgame: Option<EndgameSplit>,
    /// The table entries the helpers pass each other with the children's tasks.
    exchange: Exchange,
}

impl SplitSearch {
    /// A search of `board` within `limits` (their times on the clock read as `now`).
    pub fn new(board: Board, limits: SearchLimits, now: f64) -> SplitSearch {
        SplitSearch {
            board,
            shared: Shared {
                next_id: FIRST + 1,
                running: HashMap::new(),
                helpers_seen: Vec::new(),
                probcut: limits.probcut,
                deadline: limits.deadline,
            },
            limits,
            started: now,
            nodes: 0,
            began: false,
            root: None,
            depth: 0,
            warming: Vec::new(),
            iteration_started: now,
            last_iteration: None,
            previous_iteration: None,
            unstable: false,
            result: None,
            reports: Vec::new(),
            finished: false,
            endgame: None,
            exchange: Exchange::default(),
        }
        .with_endgame()
    }

    /// Shares the endgame solve (exact, or win/loss/draw) out where the level solves this position and it
    /// is worth it: at least [`SPLIT_SOLVE_FROM_EMPTIES`] empties and two moves.
    fn with_endgame(mut self) -> SplitSearch {
        let empties = self.board.empty_count();
        if empties <= self.limits.wld_empties
            && empties >= SPLIT_SOLVE_FROM_EMPTIES
            && self.board.moves().count() >= 2
            && self.limits.randomness == 0
        {
            let exact = empties <= self.limits.exact_empties;
            self.endgame = Some(EndgameSplit::new(self.board, exact));
        }
        self
    }

    /// The deepest mid-game iteration.
    fn max_depth(&self) -> u32 {
        self.limits.depth.max(1).min(self.board.empty_count())
    }

    /// The search's deadline (on its clock).
    pub fn deadline(&self) -> Option<f64> {
        self.limits.deadline
    }

    /// True once the search is over (see [`SplitSearch::result`]).
    pub fn finished(&self) -> bool {
        self.finished
    }

    /// The search's answer once it has finished (or the best so far): the move, its value and line, the
    /// nodes of every helper and the time since the start.
    pub fn result(&self, now: f64) -> Option<SearchInfo> {
        self.result.clone().map(|mut info| {
            info.nodes = self.nodes;
            info.millis = now - self.started;
            info
        })
    }

    /// The iterations finished since the last call (for progress reports).
    pub fn take_reports(&mut self) -> Vec<SearchInfo> {
        std::mem::take(&mut self.reports)
    }

    fn finish(&mut self) {
        self.finished = true;
    }

    /// Time passed: the search ends at its deadline with the last finished iteration.
    pub fn wake(&mut self, now: f64) {
        if !self.finished && self.result.is_some() && self.limits.deadline.is_some_and(|d| now >= d)
        {
            self.finish();
        }
    }

    /// True when the first task searches only the first iterations (the rest is shared out).
    fn shares_out(&self) -> bool {
        self.board.empty_count() > self.limits.wld_empties && self.max_depth() > SPLIT_FROM_DEPTH
    }

    /// The serial search's task, to `depth` when the rest is shared out; before a shared-out solve, the
    /// mid-game iterations the serial search makes before its solve.
    fn first_iterations(&self, serial: u64, warm_up: bool) -> Task {
        let mut limits = self.limits.clone();
        if self.shares_out() {
            limits.depth = SPLIT_FROM_DEPTH;
            limits.target = None;
        }
        if self.endgame.is_some() {
            limits.depth = super::solve_mid_depth(&limits, self.board.empty_count());
            limits.solve_depth = None;
            limits.exact_empties = 0;
            limits.wld_empties = 0;
            limits.target = None;
        }
        if warm_up {
            limits.book_loss = None;
        }
        Task::Search {
            serial,
            board: self.board,
            limits,
        }
    }

    /// The next task for `helper`, which is free (`None`: nothing to start now).
    pub fn next_task(&mut self, helper: usize, now: f64) -> Option<Task> {
        self.wake(now);
        if self.finished {
            return None;
        }
        if !self.began {
            self.began = true;
            self.shared.fresh(helper);
            return Some(self.first_iterations(FIRST, false));
        }
        if let Some(endgame) = self.endgame.as_mut() {
            return endgame.next_task(helper, &mut self.shared);
        }
        if let Some(root) = self.root.as_mut() {
            let mut task = root.next_task(helper, &mut self.shared);
            if let Some(Task::Child { serial, shared, .. }) = task.as_mut() {
                *shared = self.exchange.give(*serial, helper);
            }
            return task;
        }
        if self.shares_out() && self.shared.fresh(helper) {
            // While the first helper searches the first iterations, another searches them too, only to
            // fill its tables (its moves come first in every search it takes part in).
            let serial = self.shared.next_id();
            self.warming.push(serial);
            return Some(self.first_iterations(serial, true));
        }
        None
    }

    /// A helper answered task `serial` (`None`: it was stopped), having searched `nodes` nodes.
    pub fn answer(&mut self, serial: u64, answer: Option<Answer>, nodes: u64, now: f64) {
        self.nodes += nodes;
        let learned = match &answer {
            Some(Answer::Child { learned, .. }) => learned.as_slice(),
            _ => &[],
        };
        self.exchange.ended(serial, learned);
        if let Some(i) = self.warming.iter().position(|&s| s == serial) {
            self.warming.swap_remove(i);
            return;
        }
        if self.finished {
            return;
        }
        if serial == FIRST {
            match answer {
                Some(Answer::Searched { info, order }) => self.began_with(info, order, now),
                // The first task was stopped: nothing to play but its fallback.
                _ => self.finish(),
            }
            return;
        }
        if let Some(endgame) = self.endgame.as_mut() {
            if let Some((score, square)) = endgame.answer(serial, answer) {
                let info = SearchInfo {
                    best: Move::Place(square),
                    score: score * crate::DISC,
                    kind: if endgame.exact() {
                        ScoreKind::Exact
                    } else {
                        ScoreKind::WinLossDraw
                    },
                    pv: vec![square],
                    nodes: self.nodes,
                    millis: now - self.started,
                };
                self.reports.push(info.clone());
                self.result = Some(info);
                self.finish();
            }
            return;
        }
        let Some(running) = self.shared.running.remove(&serial) else {
            return;
        };
        let Some(root) = self.root.as_mut() else {
            return;
        };
        match answer {
            Some(Answer::Child { value, pv, .. }) => {
                if let Delivery::Settled(value, line) = root.deliver(running, -value, pv) {
                    self.root_settled(value, line, now);
                }
            }
            _ => {
                root.release(running);
                self.wake(now);
            }
        }
        // Tasks of nodes cut off or restarted are no longer wanted.
        if let Some(root) = self.root.as_ref() {
            self.shared.running.retain(|_, r| root.holds(r.node));
        }
    }

    /// Serials of the tasks running (to stop when the search is over).
    pub fn running(&self) -> Vec<u64> {
        self.shared
            .running
            .keys()
            .chain(&self.warming)
            .copied()
            .chain(self.endgame.iter().flat_map(|e| e.running()))
            .collect()
    }

    /// True when task `serial` is still wanted.
    pub fn wants(&self, serial: u64) -> bool {
        !self.finished
            && (serial == FIRST
                || self.shared.running.contains_key(&serial)
                || self.warming.contains(&serial)
                || self.endgame.as_ref().is_some_and(|e| e.wants(serial)))
    }

    /// The first helper's serial search answered.
    fn began_with(&mut self, info: SearchInfo, order: Vec<Square>, now: f64) {
        let depth_done = match info.kind {
            ScoreKind::Midgame { depth } => depth,
            _ => 0,
        };
        let split = depth_done >= 1
            && depth_done < self.max_depth()
            && !order.is_empty()
            && self.shares_out()
            && !(order.len() == 1 && self.limits.target.is_some());
        self.reports.push(info.clone());
        self.result = Some(info);
        if self.endgame.is_some() {
            // The solve goes on; this move is played if it cannot end in time.
            return;
        }
        if !split {
            return self.finish();
        }
        let children = order
            .into_iter()
            .map(|square| Child::new(square, self.board.play_unchecked(square)))
            .collect();
        self.root = Some(Node::new(0, 0, 0, (-INFINITY, INFINITY), children));
        self.last_iteration = Some(now - self.started);
        self.start_iteration(depth_done + 1, now);
    }

    /// Starts the iteration of `depth` plies, if it can end in time; else the search ends.
    fn start_iteration(&mut self, depth: u32, now: f64) {
        if depth > self.max_depth() {
            return self.finish();
        }
        if let Some(last) = self.last_iteration {
            let growth = self
                .previous_iteration
                .filter(|&p| p > 0.5)
                .map_or(4.0, |p| (last / p).clamp(2.0, 6.0));
            let end = now + last * growth;
            let target = self.limits.target.map(|t| {
                if self.unstable {
                    t + (t - self.started).max(0.0)
                } else {
                    t
                }
            });
            if self.limits.deadline.is_some_and(|d| end > d) || target.is_some_and(|t| end > t) {
                return self.finish();
            }
        }
        let score = self.result.as_ref().map_or(0, |r| r.score);
        let window = if depth <= 2 {
            (-INFINITY, INFINITY)
        } else {
            (score - super::ASPIRATION, score + super::ASPIRATION)
        };
        let children = self.root.take().map(|r| r.children).unwrap_or_default();
        let mut root = Node::new(self.shared.next_id(), depth, 0, window, children);
        root.restart(0);
        self.root = Some(root);
        self.depth = depth;
        self.iteration_started = now;
    }

    /// The root settled at `value` (fail-soft) with `line`: a failed aspiration is searched again, else
    /// the iteration is over.
    fn root_settled(&mut self, value: i32, line: Vec<Square>, now: f64) {
        let root = self.root.as_mut().expect("settled");
        if value >= root.b0 {
            // Fails high: the move that did, first, with the window open upwards.
            let lead = root
                .children
                .iter()
                .position(|c| Some(&c.square) == line.first())
                .unwrap_or(0);
            root.b0 = INFINITY;
            // A new id: answers to the tasks of the search that failed are not mixed in.
            root.id = self.shared.next_id();
            root.restart(lead);
            return;
        }
        let Some(best) = root.best else {
            // Fails low: the most promising move first, with the window open downwards.
            let lead = (0..root.children.len())
                .max_by_key(|&i| (root.children[i].hi, std::cmp::Reverse(i)))
                .unwrap_or(0);
            root.a0 = -INFINITY;
            root.id = self.shared.next_id();
            root.restart(lead);
            return;
        };
        self.previous_iteration = self.last_iteration;
        self.last_iteration = Some(now - self.iteration_started);
        let square = root.children[best].square;
        self.unstable = self
            .result
            .as_ref()
            .is_some_and(|r| r.best != Move::Place(square) || value < r.score - 2 * crate::DISC);
        let info = SearchInfo {
            best: Move::Place(square),
            score: value,
            kind: ScoreKind::Midgame { depth: self.depth },
            pv: line,
            nodes: self.nodes,
            millis: now - self.started,
        };
        self.reports.push(info.clone());
        self.result = Some(info);
        // The next iteration: the best move first, then by what this one learnt of each.
        let best_child = root.children.remove(best);
        root.children
            .sort_by_key(|c| std::cmp::Reverse(if c.hi < INFINITY { c.hi } else { c.lo }));
        root.children.insert(0, best_child);
        self.start_iteration(self.depth + 1, now);
    }
}

#[cfg(test)]
mod tests;
