//! The AI's search on several helpers that share no memory (threads natively, the page's workers in the
//! browser): each owns a [`Searcher`] with its own tables, and they only pass messages.
//!
//! One helper first runs the serial search to a shallow depth ([`Task::Search`]): it plays from the book,
//! passes, or gives the root's moves in order; meanwhile another runs the same search only to fill its
//! tables. Every deeper iteration is then shared out move by move ([`Task::Child`]) as a principal variation
//! search at the root (young brothers wait): the first move is searched with the iteration's (aspiration)
//! window, then every other one with a null window at the best value so far, shared out over the helpers
//! and searched again with the full window when it beats it. A full-window search deep enough is itself
//! shared out the same way one level down (the first move's replies), so that the other helpers are not
//! idle while it runs. What each helper learns of a move stays in its tables, so a move goes back to the
//! helper that searched it in the last iteration. Time is kept as in the serial search: an iteration that
//! cannot end before the target or the deadline is not started; one the deadline stops is not used. Near
//! the end (within the level's win/loss/draw solve) the whole search runs on one helper.
//!
//! Why it is built so, with the figures, is in the README ("The AI's search spread over the pool"): the
//! other moves wait for the first one's value rather than being tested against a guess, and the split goes
//! one level down, not two, because the alternatives searched more nodes for no time gained.
//!
//! [`SplitSearch`] is the coordination alone, a state machine over tasks and answers, so that any
//! transport drives it; [`search_parallel`] drives it with std threads.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::helpers::Helpers;
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

/// A move of a node during an iteration: what is known of its value (from the node's side).
#[derive(Clone, Debug, PartialEq)]
struct Child {
    square: Square,
    board: Board,
    /// Proven lower and upper bounds of its value at this iteration's depth.
    lo: i32,
    hi: i32,
    /// Serial of the task running on it ([`NESTED`]: searched as a node of its own).
    running: Option<u64>,
    /// The helper that searched it last.
    owner: Option<usize>,
    /// The line after it, from the last search that gave its exact value.
    pv: Vec<Square>,
}

impl Child {
    fn new(square: Square, board: Board) -> Child {
        Child {
            square,
            board,
            lo: -INFINITY,
            hi: INFINITY,
            running: None,
            owner: None,
            pv: Vec::new(),
        }
    }
}

/// The mark of a child searched as a nested node.
const NESTED: u64 = u64::MAX;

/// A child searched with a full window whose remaining depth is at least this is shared out itself, move by
/// move (a principal variation split one level down), rather than given whole to one helper.
const NEST_FROM_DEPTH: u32 = 6;
/// How many levels below the root are shared out so.
const NEST_LEVELS: u32 = 1;

/// A node shared out move by move: the root, or a child searched with a full window (see
/// [`NEST_FROM_DEPTH`]). Principal variation search over its moves: the lead move with the window, the
/// others, once the lead's value is known, against the best so far.
#[derive(Clone, Debug, PartialEq)]
struct Node {
    id: u64,
    /// Plies below this node.
    depth: u32,
    /// Levels below the root.
    level: u32,
    /// The window, from the node's side.
    a0: i32,
    b0: i32,
    children: Vec<Child>,
    lead: usize,
    /// The lead move's value is known: `alpha` is no longer a guess.
    lead_done: bool,
    /// The move with the best exact value so far (`alpha`), once above `a0`.
    best: Option<usize>,
    alpha: i32,
    /// A child searched as a node of its own, with the window it was given (from this node's side).
    nested: Option<Box<(usize, Node, i32, i32)>>,
}

/// Where a task's answer goes: its node, its child and the window it was given (node's side).
#[derive(Clone, Copy, Debug, PartialEq)]
struct Running {
    node: u64,
    child: usize,
    alpha: i32,
    beta: i32,
}

/// What became of an answer delivered into the tree.
enum Delivery {
    /// Its node is gone (cut off or restarted): not used.
    Gone,
    /// Taken; the node is still open.
    Open,
    /// Its node settled with this value (fail-soft, node's side) and line.
    Settled(i32, Vec<Square>),
}

impl Node {
    fn new(id: u64, depth: u32, level: u32, window: (i32, i32), children: Vec<Child>) -> Node {
        Node {
            id,
            depth,
            level,
            a0: window.0,
            b0: window.1,
            children,
            lead: 0,
            lead_done: false,
            best: None,
            alpha: window.0,
            nested: None,
        }
    }

    /// The node for `board` at `depth`, its moves ordered: the first of `line` (the line expected from it,
    /// which its first child keeps for its own replies) if legal, then the fewest replies.
    fn of_board(
        id: u64,
        board: &Board,
        depth: u32,
        level: u32,
        window: (i32, i32),
        line: &[Square],
    ) -> Node {
        let first = line.first().copied();
        let mut children: Vec<(u32, Child)> = board
            .moves()
            .iter()
            .map(|square| {
                let after = board.play_unchecked(square);
                let mut child = Child::new(square, after);
                let key = if Some(square) == first {
                    child.pv = line[1..].to_vec();
                    0
                } else {
                    1 + after.moves().iter().count() as u32
                };
                (key, child)
            })
            .collect();
        children.sort_by_key(|(key, _)| *key);
        Node::new(
            id,
            depth,
            level,
            window,
            children.into_iter().map(|(_, c)| c).collect(),
        )
    }

    /// Forgets every bound and starts over with `lead` first (after a failed aspiration at the root).
    fn restart(&mut self, lead: usize) {
        for child in &mut self.children {
            child.lo = -INFINITY;
            child.hi = INFINITY;
            child.running = None;
        }
        self.lead = lead;
        self.lead_done = false;
        self.best = None;
        self.alpha = self.a0;
        self.nested = None;
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
            // The others wait for the lead's value (young brothers wait): tested against a guess, too
            // many tests are made against the wrong value (see the module's documentation).
            return false;
        }
        child.hi > self.alpha
    }

    /// The child `helper` searches next: the lead move first, then in order, preferring the moves it
    /// searched before or nobody did.
    fn pick(&self, helper: usize) -> Option<usize> {
        if !self.lead_done && self.needs_search(self.lead) {
            return Some(self.lead);
        }
        let wanted: Vec<usize> = (0..self.children.len())
            .filter(|&i| self.needs_search(i))
            .collect();
        wanted
            .iter()
            .copied()
            .find(|&i| self.children[i].owner.is_none_or(|o| o == helper))
            .or(wanted.first().copied())
    }

    /// The window (from the node's side) child `i` is searched with.
    fn window_for(&self, i: usize) -> (i32, i32) {
        if i == self.lead && !self.lead_done {
            return (self.a0, self.b0);
        }
        if self.children[i].lo > self.alpha {
            // It beats the best so far: its exact value.
            (self.alpha, self.b0)
        } else {
            (self.alpha, self.alpha + 1)
        }
    }

    /// The next task for `helper` in this node or below it (the nested node first).
    fn next_task(&mut self, helper: usize, search: &mut Shared) -> Option<Task> {
        if let Some(nested) = self.nested.as_mut() {
            if let Some(task) = nested.1.next_task(helper, search) {
                return Some(task);
            }
        }
        let i = self.pick(helper)?;
        let (alpha, beta) = self.window_for(i);
        let child = &self.children[i];
        if beta - alpha > 1
            && self.depth > NEST_FROM_DEPTH
            && self.level < NEST_LEVELS
            && self.nested.is_none()
            && child.board.has_moves()
        {
            // A full window deep enough: shared out one level down.
            let node = Node::of_board(
                search.next_id(),
                &child.board,
                self.depth - 1,
                self.level + 1,
                (-beta, -alpha),
                &child.pv,
            );
            self.children[i].running = Some(NESTED);
            self.nested = Some(Box::new((i, node, alpha, beta)));
            return self.nested.as_mut()?.1.next_task(helper, search);
        }
        let serial = search.next_id();
        let child = &mut self.children[i];
        child.running = Some(serial);
        child.owner = Some(helper);
        search.running.insert(
            serial,
            Running {
                node: self.id,
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
            probcut: search.probcut,
            deadline: search.deadline,
            fresh: search.fresh(helper),
        })
    }

    /// Child `i` searched within (`alpha`, `beta`) gave `value` (this node's side) and the line after it.
    /// `Some`: the node is settled, with its value (fail-soft) and line.
    fn record(
        &mut self,
        i: usize,
        (alpha, beta): (i32, i32),
        value: i32,
        pv: Vec<Square>,
    ) -> Option<(i32, Vec<Square>)> {
        let child = &mut self.children[i];
        child.running = None;
        if value <= alpha {
            child.hi = child.hi.min(value);
        } else if value >= beta {
            child.lo = child.lo.max(value);
        } else {
            child.lo = value;
            child.hi = value;
            child.pv = pv;
        }
        if i == self.lead {
            self.lead_done = true;
        }
        let child = &self.children[i];
        if child.lo >= self.b0 {
            // A cut-off (at the root: a failed aspiration, which the search handles).
            let mut line = vec![child.square];
            line.extend(child.pv.iter().copied());
            return Some((child.lo, line));
        }
        if child.lo == child.hi && child.lo > self.alpha {
            self.alpha = child.lo;
            self.best = Some(i);
        }
        self.settled()
    }

    /// The node's value and line once every move is settled (at most `a0` when none beat it).
    fn settled(&self) -> Option<(i32, Vec<Square>)> {
        let done = self.lead_done
            && self.nested.is_none()
            && (0..self.children.len())
                .all(|i| self.children[i].running.is_none() && !self.needs_search(i));
        if !done {
            return None;
        }
        Some(match self.best {
            Some(best) => {
                let child = &self.children[best];
                let mut line = vec![child.square];
                line.extend(child.pv.iter().copied());
                (self.alpha, line)
            }
            None => (
                self.children.iter().map(|c| c.hi).max().unwrap_or(self.a0),
                Vec::new(),
            ),
        })
    }

    /// Delivers the answer of a task on child `child` of node `target` (in this node or below).
    fn deliver(&mut self, running: Running, value: i32, pv: Vec<Square>) -> Delivery {
        let settled = if running.node == self.id {
            self.record(running.child, (running.alpha, running.beta), value, pv)
        } else {
            let Some(nested) = self.nested.as_mut() else {
                return Delivery::Gone;
            };
            match nested.1.deliver(running, value, pv) {
                Delivery::Settled(value, line) => {
                    let (i, _, alpha, beta) = *self.nested.take().expect("delivered above");
                    self.children[i].running = None;
                    self.record(i, (alpha, beta), -value, line)
                }
                other => return other,
            }
        };
        match settled {
            Some((value, line)) => Delivery::Settled(value, line),
            None => Delivery::Open,
        }
    }

    /// A task on child `child` of node `target` was lost: the child is searched again.
    fn release(&mut self, running: Running) {
        if running.node == self.id {
            self.children[running.child].running = None;
        } else if let Some(nested) = self.nested.as_mut() {
            nested.1.release(running);
        }
    }

    /// True when node `id` is this one or below it.
    fn holds(&self, id: u64) -> bool {
        self.id == id || self.nested.as_ref().is_some_and(|n| n.1.holds(id))
    }
}

/// What the nodes of a search share: ids, running tasks, the tasks' limits.
#[derive(Clone, Debug, PartialEq)]
struct Shared {
    next_id: u64,
    running: HashMap<u64, Running>,
    /// Helpers given a task in this search.
    helpers_seen: Vec<usize>,
    probcut: bool,
    deadline: Option<f64>,
}

impl Shared {
    fn next_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// True for `helper`'s first task of this search (and notes it).
    fn fresh(&mut self, helper: usize) -> bool {
        let fresh = !self.helpers_seen.contains(&helper);
        if fresh {
            self.helpers_seen.push(helper);
        }
        fresh
    }
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
        }
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

    /// The serial search's task, to `depth` when the rest is shared out.
    fn first_iterations(&self, serial: u64, warm_up: bool) -> Task {
        let mut limits = self.limits.clone();
        if self.shares_out() {
            limits.depth = SPLIT_FROM_DEPTH;
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
        if let Some(root) = self.root.as_mut() {
            return root.next_task(helper, &mut self.shared);
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
        let Some(running) = self.shared.running.remove(&serial) else {
            return;
        };
        let Some(root) = self.root.as_mut() else {
            return;
        };
        match answer {
            Some(Answer::Child { value, pv }) => {
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
            .collect()
    }

    /// True when task `serial` is still wanted.
    pub fn wants(&self, serial: u64) -> bool {
        !self.finished
            && (serial == FIRST
                || self.shared.running.contains_key(&serial)
                || self.warming.contains(&serial))
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
        self.unstable = self.result.as_ref().is_some_and(|r| {
            r.best != Move::Place(square) || value < r.score - 2 * crate::engine::DISC
        });
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
    let mut coordinator = SplitSearch::new(*board, limits.clone(), clock());
    let stopped = || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    std::thread::scope(|scope| {
        let mut helpers = Helpers::spawn(scope, searchers, |task: &Task, searcher, stop_task| {
            task.run(searcher, clock, Some(stop_task))
        });
        loop {
            if stopped() {
                coordinator.finish();
            }
            for info in coordinator.take_reports() {
                progress(&info);
            }
            if coordinator.finished() {
                helpers.stop_where(|_| true);
            } else {
                for helper in 0..helpers.count() {
                    if helpers.is_free(helper) {
                        if let Some(task) = coordinator.next_task(helper, clock()) {
                            helpers.give(helper, task.serial(), task);
                        }
                    }
                }
            }
            if !helpers.any_busy() {
                break;
            }
            // Every task stops at the search's deadline by itself, so an answer always comes.
            let Some((_, serial, answer, nodes)) = helpers.next_answer() else {
                break;
            };
            if stopped() {
                coordinator.finish();
            }
            coordinator.answer(serial, answer, nodes, clock());
            helpers.stop_where(|serial| !coordinator.wants(serial));
        }
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
