//! The AI's search on several helpers that share no memory (threads natively, the page's workers in the
//! browser): each owns a [`Searcher`] with its own tables, and they only pass messages.
//!
//! One helper first runs the serial search to a shallow depth ([`Task::Search`]): it plays from the book,
//! passes, or gives the root's moves in order. Every deeper iteration is then shared out move by move
//! ([`Task::Child`]), as a principal variation search at the root: the first move is searched with the
//! iteration's (aspiration) window, every other one with a null window at the best value so far, searched
//! again with the full window when it beats it. While the first move is still running, the other helpers
//! test the other moves against the last iteration's score; a test that turns out to be made against the
//! wrong value is made again. What each helper learns of a move stays in its tables, so a move goes back to
//! the helper that searched it in the last iteration. Time is kept as in the serial search: an iteration
//! that cannot end before the target or the deadline is not started; one the deadline stops is not used.
//! Near the end (within the level's win/loss/draw solve) the whole search runs on one helper.
//!
//! [`SplitSearch`] is the coordination alone, a state machine over tasks and answers, so that any
//! transport drives it; [`search_parallel`] drives it with std threads.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};

use super::{SearchInfo, SearchLimits, Searcher, INFINITY};
use crate::engine::control::{Clock, Control};
use crate::engine::{Board, Move, ScoreKind, Square};

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
    },
}

impl Task {
    /// The task's serial.
    pub fn serial(&self) -> u64 {
        match self {
            Task::Search { serial, .. } | Task::Child { serial, .. } => *serial,
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
                ..
            } => {
                let mut control = Control::new(None, *deadline, clock, stop);
                let (value, pv) = searcher.search_window(
                    board,
                    *depth,
                    (*alpha, *beta),
                    *probcut,
                    *fresh,
                    &mut control,
                );
                let answer = (!control.aborted()).then_some(Answer::Child { value, pv });
                (answer, control.nodes)
            }
        }
    }
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
    },
}

/// A root move during an iteration: what is known of its value (from the root's side).
#[derive(Clone, Debug, PartialEq)]
struct Child {
    square: Square,
    board: Board,
    /// Proven lower and upper bounds of its value at this iteration's depth.
    lo: i32,
    hi: i32,
    /// Serial of the task running on it.
    running: Option<u64>,
    /// The helper that searched it last.
    owner: Option<usize>,
    /// The line after it, from the last search that gave its exact value.
    pv: Vec<Square>,
}

/// What a running task asks of its child.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Running {
    child: usize,
    /// The window from the root's side.
    alpha: i32,
    beta: i32,
}

/// The coordinator of a parallel search: see the module's documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct SplitSearch {
    root: Board,
    limits: SearchLimits,
    started: f64,
    next_serial: u64,
    /// Nodes of every answered task.
    nodes: u64,
    /// The first task (the serial search) is out.
    began: bool,
    children: Vec<Child>,
    /// The iteration running (0 before the first split one).
    depth: u32,
    last_depth: u32,
    /// The iteration's window.
    a0: i32,
    b0: i32,
    /// The move searched with the full window first.
    lead: usize,
    /// The lead move's value is known: `alpha` is no longer a guess.
    lead_done: bool,
    /// The best move's exact value so far (`alpha`), once above `a0`.
    best: Option<usize>,
    alpha: i32,
    running: HashMap<u64, Running>,
    /// Helpers given a task in this search.
    helpers_seen: Vec<usize>,
    iteration_started: f64,
    last_iteration: Option<f64>,
    previous_iteration: Option<f64>,
    unstable: bool,
    /// The last finished iteration's (or the serial search's) result.
    result: Option<SearchInfo>,
    /// Results not yet reported.
    reports: Vec<SearchInfo>,
    finished: bool,
}

impl SplitSearch {
    /// A search of `board` within `limits` (their times on the clock read as `now`).
    pub fn new(board: Board, limits: SearchLimits, now: f64) -> SplitSearch {
        SplitSearch {
            root: board,
            limits,
            started: now,
            next_serial: 1,
            nodes: 0,
            began: false,
            children: Vec::new(),
            depth: 0,
            last_depth: 0,
            a0: -INFINITY,
            b0: INFINITY,
            lead: 0,
            lead_done: false,
            best: None,
            alpha: -INFINITY,
            running: HashMap::new(),
            helpers_seen: Vec::new(),
            iteration_started: now,
            last_iteration: None,
            previous_iteration: None,
            unstable: false,
            result: None,
            reports: Vec::new(),
            finished: false,
        }
    }

    /// The deepest mid-game iteration.
    fn max_depth(&self) -> u32 {
        let empties = self.root.empty_count();
        self.limits.depth.max(1).min(empties)
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

    /// Serials of the tasks running (to stop when the search is over).
    pub fn running(&self) -> Vec<u64> {
        self.running.keys().copied().collect()
    }

    fn serial(&mut self) -> u64 {
        let serial = self.next_serial;
        self.next_serial += 1;
        serial
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

    /// The next task for `helper`, which is free (`None`: nothing to start now).
    pub fn next_task(&mut self, helper: usize, now: f64) -> Option<Task> {
        self.wake(now);
        if self.finished {
            return None;
        }
        let fresh = !self.helpers_seen.contains(&helper);
        if !self.began {
            self.began = true;
            self.helpers_seen.push(helper);
            let mut limits = self.limits.clone();
            let empties = self.root.empty_count();
            if empties > limits.wld_empties && self.max_depth() > SPLIT_FROM_DEPTH {
                // The first iterations only; the rest is shared out.
                limits.depth = SPLIT_FROM_DEPTH;
                limits.target = None;
            }
            let serial = self.serial();
            self.running.insert(
                serial,
                Running {
                    child: usize::MAX,
                    alpha: 0,
                    beta: 0,
                },
            );
            return Some(Task::Search {
                serial,
                board: self.root,
                limits,
            });
        }
        if self.depth == 0 {
            return None;
        }
        let i = self.pick(helper)?;
        if fresh {
            self.helpers_seen.push(helper);
        }
        let (alpha, beta) = self.window_for(i);
        let serial = self.serial();
        let child = &mut self.children[i];
        child.running = Some(serial);
        child.owner = Some(helper);
        self.running.insert(
            serial,
            Running {
                child: i,
                alpha,
                beta,
            },
        );
        Some(Task::Child {
            serial,
            board: child.board,
            depth: self.depth - 1,
            alpha: -beta,
            beta: -alpha,
            probcut: self.limits.probcut,
            deadline: self.limits.deadline,
            fresh,
        })
    }

    /// True when child `i` needs a search: not running, and its value not settled against `alpha`.
    fn needs_search(&self, i: usize) -> bool {
        let child = &self.children[i];
        if child.running.is_some() {
            return false;
        }
        if i == self.lead && !self.lead_done {
            return true;
        }
        if Some(i) == self.best {
            return false;
        }
        if !self.lead_done {
            // A test against the last score, while the lead move runs: once.
            return child.lo == -INFINITY && child.hi == INFINITY;
        }
        child.hi > self.alpha
    }

    /// The child `helper` searches next: the lead move first, then in order, preferring the moves it
    /// searched before or nobody did.
    fn pick(&self, helper: usize) -> Option<usize> {
        let wanted: Vec<usize> = (0..self.children.len())
            .filter(|&i| self.needs_search(i))
            .collect();
        if wanted.contains(&self.lead) && !self.lead_done {
            return Some(self.lead);
        }
        wanted
            .iter()
            .copied()
            .find(|&i| self.children[i].owner.is_none_or(|o| o == helper))
            .or(wanted.first().copied())
    }

    /// The window (from the root's side) child `i` is searched with.
    fn window_for(&self, i: usize) -> (i32, i32) {
        if i == self.lead && !self.lead_done {
            return (self.a0, self.b0);
        }
        let alpha = if self.lead_done {
            self.alpha
        } else {
            // The lead move is still running: test against the last iteration's score.
            self.result
                .as_ref()
                .map_or(self.a0, |r| r.score)
                .clamp(self.a0, self.b0 - 1)
        };
        let child = &self.children[i];
        if self.lead_done && child.lo > self.alpha {
            // It beats the best so far: its exact value.
            (self.alpha, self.b0)
        } else {
            (alpha, alpha + 1)
        }
    }

    /// A helper answered task `serial` (`None`: it was stopped), having searched `nodes` nodes.
    pub fn answer(&mut self, serial: u64, answer: Option<Answer>, nodes: u64, now: f64) {
        self.nodes += nodes;
        let Some(running) = self.running.remove(&serial) else {
            return;
        };
        if self.finished {
            return;
        }
        match answer {
            Some(Answer::Searched { info, order }) => self.began_with(info, order, now),
            Some(Answer::Child { value, pv }) => {
                self.children[running.child].running = None;
                self.record(running, -value, pv, now);
            }
            None => {
                if running.child == usize::MAX {
                    // The first task was stopped: nothing to play but its fallback.
                    self.finish();
                } else {
                    self.children[running.child].running = None;
                    self.wake(now);
                }
            }
        }
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
            && self.root.empty_count() > self.limits.wld_empties
            && !(order.len() == 1 && self.limits.target.is_some());
        self.reports.push(info.clone());
        self.result = Some(info);
        if !split {
            return self.finish();
        }
        self.children = order
            .into_iter()
            .map(|square| Child {
                square,
                board: self.root.play_unchecked(square),
                lo: -INFINITY,
                hi: INFINITY,
                running: None,
                owner: None,
                pv: Vec::new(),
            })
            .collect();
        self.last_depth = depth_done;
        self.iteration_started = self.started;
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
        (self.a0, self.b0) = if depth <= 2 {
            (-INFINITY, INFINITY)
        } else {
            (score - super::ASPIRATION, score + super::ASPIRATION)
        };
        self.depth = depth;
        self.iteration_started = now;
        self.restart(0);
    }

    /// (Re)starts the iteration's root search with `lead` first, forgetting every bound.
    fn restart(&mut self, lead: usize) {
        for child in &mut self.children {
            child.lo = -INFINITY;
            child.hi = INFINITY;
        }
        self.lead = lead;
        self.lead_done = false;
        self.best = None;
        self.alpha = self.a0;
    }

    /// Child `running.child`'s search gave `value` (from the root's side).
    fn record(&mut self, running: Running, value: i32, pv: Vec<Square>, now: f64) {
        let i = running.child;
        // A search of another iteration or window (before a restart) is still a true bound only at the
        // same depth; restarts keep the depth, so it is used as one.
        {
            let child = &mut self.children[i];
            if value <= running.alpha {
                child.hi = child.hi.min(value);
            } else if value >= running.beta {
                child.lo = child.lo.max(value);
            } else {
                child.lo = value;
                child.hi = value;
                child.pv = pv;
            }
        }
        if i == self.lead && !self.lead_done {
            self.lead_done = true;
        }
        let child = &self.children[i];
        if child.lo >= self.b0 {
            // The root fails high: search this move again with the window open upwards.
            self.b0 = INFINITY;
            self.restart(i);
            return self.settle(now);
        }
        if child.lo == child.hi && child.lo > self.alpha {
            self.alpha = child.lo;
            self.best = Some(i);
        }
        self.settle(now);
    }

    /// Ends the iteration when every move is settled.
    fn settle(&mut self, now: f64) {
        let settled = self.lead_done
            && self.running.is_empty()
            && (0..self.children.len()).all(|i| !self.needs_search(i));
        if !settled {
            return;
        }
        let Some(best) = self.best else {
            // Every move at most a0: the root fails low; search again with the window open downwards.
            let lead = (0..self.children.len())
                .max_by_key(|&i| (self.children[i].hi, std::cmp::Reverse(i)))
                .unwrap_or(0);
            self.a0 = -INFINITY;
            self.restart(lead);
            return;
        };
        self.previous_iteration = self.last_iteration;
        self.last_iteration = Some(now - self.iteration_started);
        let square = self.children[best].square;
        let score = self.alpha;
        self.unstable = self.result.as_ref().is_some_and(|r| {
            r.best != Move::Place(square) || score < r.score - 2 * crate::engine::DISC
        });
        let mut pv = vec![square];
        pv.extend(self.children[best].pv.iter().copied());
        let info = SearchInfo {
            best: Move::Place(square),
            score,
            kind: ScoreKind::Midgame { depth: self.depth },
            pv,
            nodes: self.nodes,
            millis: now - self.started,
        };
        self.reports.push(info.clone());
        self.result = Some(info);
        // The next iteration: the best move first, then by what this one learnt of each.
        let best_child = self.children.remove(best);
        self.children
            .sort_by_key(|c| std::cmp::Reverse(if c.hi < INFINITY { c.hi } else { c.lo }));
        self.children.insert(0, best_child);
        self.last_depth = self.depth;
        self.start_iteration(self.depth + 1, now);
    }
}

/// Searches `board` within `limits` on as many threads as `searchers` (one each, their tables kept for
/// the next search), calling `progress` after each finished iteration. With one searcher this is
/// [`Searcher::search`] itself. `limits`' times are on `clock`.
pub fn search_parallel(
    board: &Board,
    limits: &SearchLimits,
    searchers: &mut [Searcher],
    clock: Clock,
    stop: Option<Arc<AtomicBool>>,
    progress: &mut dyn FnMut(&SearchInfo),
) -> SearchInfo {
    if searchers.len() <= 1 || limits.randomness > 0 {
        return searchers[0].search(board, limits, clock, stop, progress);
    }
    let threads = searchers.len();
    let mut coordinator = SplitSearch::new(*board, limits.clone(), clock());
    // (helper, serial, answer, nodes)
    type Reply = (usize, u64, Option<Answer>, u64);
    let (answers_tx, answers) = mpsc::channel::<Reply>();
    std::thread::scope(|scope| {
        let mut helpers = Vec::new();
        for (helper, searcher) in searchers.iter_mut().enumerate() {
            let (task_tx, tasks) = mpsc::channel::<(Task, Arc<AtomicBool>)>();
            let answers_tx = answers_tx.clone();
            scope.spawn(move || {
                for (task, stop_task) in tasks {
                    let (answer, nodes) = task.run(searcher, clock, Some(stop_task));
                    if answers_tx
                        .send((helper, task.serial(), answer, nodes))
                        .is_err()
                    {
                        break;
                    }
                }
            });
            helpers.push(task_tx);
        }
        drop(answers_tx);
        let mut flags: HashMap<u64, Arc<AtomicBool>> = HashMap::new();
        let mut busy = vec![false; threads];
        let stopped = || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
        loop {
            if stopped() {
                coordinator.finish();
            }
            for info in coordinator.take_reports() {
                progress(&info);
            }
            if coordinator.finished() {
                for flag in flags.values() {
                    flag.store(true, Ordering::Relaxed);
                }
            } else {
                for helper in 0..threads {
                    if !busy[helper] {
                        if let Some(task) = coordinator.next_task(helper, clock()) {
                            let flag = Arc::new(AtomicBool::new(false));
                            flags.insert(task.serial(), Arc::clone(&flag));
                            busy[helper] = helpers[helper].send((task, flag)).is_ok();
                        }
                    }
                }
            }
            if !busy.iter().any(|&b| b) {
                break;
            }
            // Wake at the deadline even when no answer comes (the tasks stop on it themselves too).
            let Ok((helper, serial, answer, nodes)) = answers.recv() else {
                break;
            };
            busy[helper] = false;
            flags.remove(&serial);
            if std::env::var_os("SPLIT_TRACE").is_some() {
                let r = coordinator.running.get(&serial).copied();
                eprintln!(
                    "{:8.1} h{helper} d{} {:?} lead={} done={} alpha={} nodes={nodes} {:?}",
                    clock(),
                    coordinator.depth,
                    r,
                    coordinator.lead,
                    coordinator.lead_done,
                    coordinator.alpha,
                    answer.as_ref().map(|a| match a {
                        Answer::Child { value, .. } => -value,
                        _ => 0,
                    })
                );
            }
            if stopped() {
                coordinator.finish();
            }
            coordinator.answer(serial, answer, nodes, clock());
        }
        drop(helpers);
    });
    let now = clock();
    coordinator.result(now).unwrap_or_else(|| {
        // Stopped before anything finished: the best-looking move.
        let control = Control::new(None, None, clock, None);
        let (p, o) = (board.player().0, board.opponent().0);
        searchers[0].fallback(p, o, &control, now)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board {
        text.parse::<crate::engine::Position>().unwrap().board
    }

    #[test]
    fn a_fixed_depth_without_probcut_gives_the_serial_value_on_two_and_three_threads() {
        // Without probcut and from fresh tables, a fixed-depth value is the minimax value whatever the
        // order of the search (a position's remaining depth is fixed by its disc count).
        let positions = [
            "---------------------------OX------XO--------------------------- X",
            "--XXXX----XOOX--OOXOXOO-OOOXOX--OOXXXXO-O-OXXO----OOX----------- X",
            "----O------OOO--XXXXOOX--XXXOOX--XOXXXO-XXOXXXX----OX------X---- O",
        ];
        for text in positions {
            let root = board(text);
            let limits = SearchLimits {
                depth: 9,
                exact_empties: 0,
                wld_empties: 0,
                probcut: false,
                ..SearchLimits::default()
            };
            let serial = Searcher::new(4).search(
                &root,
                &limits,
                crate::engine::native_clock,
                None,
                &mut |_| {},
            );
            for threads in [2, 3] {
                let mut searchers: Vec<Searcher> = (0..threads).map(|_| Searcher::new(4)).collect();
                let mut depths = Vec::new();
                let info = search_parallel(
                    &root,
                    &limits,
                    &mut searchers,
                    crate::engine::native_clock,
                    None,
                    &mut |i| depths.push(i.kind),
                );
                assert_eq!(info.score, serial.score, "{text} on {threads} threads");
                assert_eq!(info.kind, ScoreKind::Midgame { depth: 9 });
                assert!(depths.len() >= 3, "one report an iteration: {depths:?}");
                // Its move is worth that value.
                let Move::Place(square) = info.best else {
                    panic!("a placement")
                };
                let child = root.play_unchecked(square);
                let mut control = Control::unlimited();
                let (value, _) = Searcher::new(4).search_window(
                    &child,
                    8,
                    (-INFINITY, INFINITY),
                    false,
                    true,
                    &mut control,
                );
                assert_eq!(-value, serial.score, "{text}: {square}");
            }
        }
    }
}
