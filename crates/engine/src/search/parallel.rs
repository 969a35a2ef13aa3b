//! The exact solve on several helpers that share no memory (threads natively; the browser's workers are
//! the same kind of helper: each owns its tables, and they only pass messages).
//!
//! The serial solver finds the score by MTD(f): a few null-window probes of the root ("at least `b`?"),
//! each trying the root's moves one after another until one reaches `b`. Here each probe shares the root's
//! moves out: every helper takes the next child not yet tried (preferring children it has searched before,
//! whose positions its table holds), and a probe ends as soon as one child reaches `b` (the helpers still
//! on that probe are stopped) or when every child has answered. A probe that fails low, the costly kind,
//! runs fully in parallel; one that fails high usually ends with its first child, as in the serial search.
//!
//! [`RootSolve`] is that coordination alone, a state machine over tasks and answers, so that any transport
//! can drive it; [`solve_parallel`] drives it with std threads.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::endgame::{MtdBounds, RootPlan, Solver, BELOW_ANY_SCORE};
use super::exchange::Exchange;
use super::helpers::Helpers;
use crate::control::Control;
use crate::tt::{SharedEntry, TranspositionTable, FULL_WIDTH};
use crate::{Board, Square};

/// One task for a helper: a null-window probe of one of the root's children, of one reply to the first
/// child, or of one move after the lead reply.
#[derive(Clone, Debug, PartialEq)]
pub struct ProbeTask {
    /// Tells this task's answer from any other's.
    pub serial: u64,
    /// The position to probe: after a root move, or after the first move and a reply.
    pub board: Board,
    /// The pass's confidence ([`FULL_WIDTH`] for the exact pass).
    pub confidence: u8,
    /// The null window from the side to move of `board`: is its score above `alpha`?
    pub alpha: i32,
    /// What the other helpers learned since this helper's last task, for its table.
    pub shared: Vec<SharedEntry>,
}

impl ProbeTask {
    /// Carries the task out with a helper's solver (see [`Solver::probe_shared`]): the value, and what the
    /// helper learned for the others.
    pub fn run(&self, solver: &mut Solver) -> (i32, Vec<SharedEntry>) {
        solver.probe_shared(&self.board, self.confidence, self.alpha, &self.shared)
    }
}

/// What a running task probes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Part {
    /// A root move (its index).
    Child(usize),
    /// A reply to the first root move (its index).
    Reply(usize),
    /// A move after the lead reply, while it is shared out (its index in [`Deep::boards`]).
    Grand(usize),
}

/// The split's lead reply shared out by its own moves: it reaches the probe's target if one of them does,
/// and falls short only when none does (when it refutes the first child, the node where every move must be
/// searched).
#[derive(Clone, Debug, PartialEq)]
struct Deep {
    /// The reply (its index).
    reply: usize,
    /// The positions after each of its moves, fewest replies first.
    boards: Vec<Board>,
    waiting: Vec<usize>,
    running: usize,
    /// The highest value seen (from the root's side, as the reply's).
    highest: i32,
}

/// The first child shared out by its replies: it reaches the probe's target only if every reply does (in a
/// probe that succeeds, it is the node where every move must be searched).
#[derive(Clone, Debug, PartialEq)]
struct Split {
    waiting: Vec<usize>,
    running: usize,
    /// The lowest reply value seen (from the root's side), and its reply.
    lowest: (i32, usize),
    /// The lead reply, shared out by its moves (then it counts as running).
    deep: Option<Deep>,
}

/// The probe in progress: is the root's score at least `b`?
#[derive(Clone, Debug, PartialEq)]
struct Probe {
    b: i32,
    /// Root moves not started yet, in order.
    waiting: Vec<usize>,
    /// Tasks running.
    running: HashMap<u64, Part>,
    /// The first child's replies, while that child is undecided.
    split: Option<Split>,
    /// The best root score seen (a bound) and its child.
    best: (i32, usize),
    /// A child has reached `b`.
    reached: bool,
}

/// The coordinator of a parallel solve: see the module's documentation.
#[derive(Clone, Debug, PartialEq)]
pub struct RootSolve {
    plan: RootPlan,
    pass: usize,
    bounds: MtdBounds,
    best: Option<usize>,
    probe: Probe,
    next_serial: u64,
    /// Which helper last searched each part.
    owner: HashMap<Part, usize>,
    /// The first child's replies in the order a probe gives them out: the plan's, with the best reply of
    /// the last probe moved to the front (the move the serial solver's table would hold for that child).
    reply_order: Vec<usize>,
    /// Each reply's last value (a bound from the root's side) and the pass it came from, once it has one.
    reply_last: Vec<Option<(i32, usize)>>,
    /// The table entries the helpers pass each other.
    exchange: Exchange,
    finished: Option<(i32, Square)>,
}

impl RootSolve {
    /// A solve following `plan` (from [`Solver::root_plan`]).
    pub fn new(plan: RootPlan) -> RootSolve {
        let bounds = MtdBounds::new(plan.guess);
        RootSolve::within(plan, bounds)
    }

    /// A win/loss/draw solve following `plan`: only its exact pass, and at most two probes ("at least 0?",
    /// "at least 2?"). Its score is 0 for a draw, and otherwise a bound on the side the score fell (2 or more
    /// for a win, -2 or less for a loss), as [`Solver::solve_window`] gives with the window (-1, 1).
    pub fn win_loss_draw(mut plan: RootPlan) -> RootSolve {
        plan.confidences = vec![FULL_WIDTH];
        let bounds = MtdBounds::within(plan.guess, -2, 2);
        RootSolve::within(plan, bounds)
    }

    /// A solve following `plan` within `bounds`, its first probe started.
    fn within(plan: RootPlan, bounds: MtdBounds) -> RootSolve {
        let reply_order = (0..plan.replies.len()).collect();
        let reply_last = vec![None; plan.replies.len()];
        let mut solve = RootSolve {
            plan,
            pass: 0,
            bounds,
            best: None,
            probe: Probe {
                b: 0,
                waiting: Vec::new(),
                running: HashMap::new(),
                split: None,
                best: (BELOW_ANY_SCORE, 0),
                reached: false,
            },
            next_serial: 1,
            owner: HashMap::new(),
            reply_order,
            reply_last,
            exchange: Exchange::default(),
            finished: None,
        };
        solve.start_probe();
        solve
    }

    fn start_probe(&mut self) {
        let b = self.bounds.target();
        let split = !self.plan.replies.is_empty();
        self.probe = Probe {
            b,
            waiting: (usize::from(split)..self.plan.children.len()).collect(),
            running: HashMap::new(),
            split: split.then(|| self.new_split(b)),
            best: (BELOW_ANY_SCORE, 0),
            reached: false,
        };
    }

    /// The first child's split for a probe at `b`. Its lead reply is shared out by its moves when its last
    /// value fell below `b`: it is then likely to refute the first child, and all its moves are needed.
    fn new_split(&self, b: i32) -> Split {
        let mut split = Split {
            waiting: self.reply_order.clone(),
            running: 0,
            lowest: (i32::MAX, 0),
            deep: None,
        };
        let lead = self.reply_order[0];
        let reply = self.plan.replies[lead];
        let pass = self.pass;
        if self.reply_last[lead].is_some_and(|(v, p)| v < b && p == pass) && reply.has_moves() {
            let mut boards: Vec<Board> = reply
                .moves()
                .into_iter()
                .map(|square| reply.play_unchecked(square))
                .collect();
            boards.sort_by_key(|board| board.moves().count());
            split.deep = Some(Deep {
                reply: lead,
                waiting: (0..boards.len()).collect(),
                boards,
                running: 0,
                highest: BELOW_ANY_SCORE,
            });
            split.waiting.remove(0);
            split.running = 1;
        }
        split
    }

    /// The score and a best move, once the solve has finished.
    pub fn finished(&self) -> Option<(i32, Square)> {
        self.finished
    }

    /// The next task for `helper`, which is free: the first child's replies first, then the root's other
    /// moves; among them the first one it searched before or nobody did, else the first one. `None` when
    /// nothing is left to start.
    pub fn next_task(&mut self, helper: usize) -> Option<ProbeTask> {
        if self.finished.is_some() {
            return None;
        }
        let owner = &self.owner;
        let pick = |waiting: &[usize], part: fn(usize) -> Part| {
            waiting
                .iter()
                .position(|&i| owner.get(&part(i)).is_none_or(|&o| o == helper))
                .or((!waiting.is_empty()).then_some(0))
        };
        let deep = self.probe.split.as_ref().and_then(|s| s.deep.as_ref());
        let part = if let Some(i) = deep.and_then(|deep| pick(&deep.waiting, Part::Grand)) {
            let deep = self.probe.split.as_mut().and_then(|s| s.deep.as_mut());
            let deep = deep.expect("checked above");
            deep.running += 1;
            Part::Grand(deep.waiting.remove(i))
        } else if let Some(i) = self
            .probe
            .split
            .as_ref()
            .and_then(|split| pick(&split.waiting, Part::Reply))
        {
            let split = self.probe.split.as_mut().expect("checked above");
            split.running += 1;
            Part::Reply(split.waiting.remove(i))
        } else {
            let i = pick(&self.probe.waiting, Part::Child)?;
            Part::Child(self.probe.waiting.remove(i))
        };
        self.owner.insert(part, helper);
        let serial = self.next_serial;
        self.next_serial += 1;
        self.probe.running.insert(serial, part);
        let (board, alpha) = match part {
            Part::Child(c) => (self.plan.children[c].1, -self.probe.b),
            Part::Reply(r) => (self.plan.replies[r], self.probe.b - 1),
            Part::Grand(g) => {
                let split = self.probe.split.as_ref();
                let deep = split
                    .and_then(|s| s.deep.as_ref())
                    .expect("given out above");
                (deep.boards[g], -self.probe.b)
            }
        };
        Some(ProbeTask {
            serial,
            board,
            confidence: self.plan.confidences[self.pass],
            alpha,
            shared: self.exchange.give(serial, helper),
        })
    }

    /// Stops the replies still running (the first child is decided); their serials.
    fn end_split(&mut self) -> Vec<u64> {
        self.probe.split = None;
        let replies: Vec<u64> = self
            .probe
            .running
            .iter()
            .filter(|(_, part)| matches!(part, Part::Reply(_) | Part::Grand(_)))
            .map(|(&serial, _)| serial)
            .collect();
        for serial in &replies {
            self.probe.running.remove(serial);
        }
        replies
    }

    /// Task `serial` was lost (its helper died or was stopped by a deadline) before it answered: its part is
    /// given out again first. A task no longer wanted is ignored.
    pub fn release(&mut self, serial: u64) {
        self.exchange.ended(serial, &[]);
        match self.probe.running.remove(&serial) {
            Some(Part::Child(child)) => self.probe.waiting.insert(0, child),
            Some(Part::Reply(reply)) => {
                if let Some(split) = self.probe.split.as_mut() {
                    split.running -= 1;
                    split.waiting.insert(0, reply);
                }
            }
            Some(Part::Grand(grand)) => {
                if let Some(deep) = self.probe.split.as_mut().and_then(|s| s.deep.as_mut()) {
                    deep.running -= 1;
                    deep.waiting.insert(0, grand);
                }
            }
            None => {}
        }
    }

    /// Reply `reply` has the value `value` (from the root's side): the first child is held below `b` by it,
    /// or reaches `b` once every reply has. Returns the tasks no longer wanted.
    fn reply_answered(&mut self, reply: usize, value: i32) -> Vec<u64> {
        let b = self.probe.b;
        self.reply_last[reply] = Some((value, self.pass));
        let split = self
            .probe
            .split
            .as_mut()
            .expect("a reply runs only while split");
        let order = &self.reply_order;
        let place = |r: usize| order.iter().position(|&o| o == r);
        if (value, place(reply)) < (split.lowest.0, place(split.lowest.1)) {
            split.lowest = (value, reply);
        }
        if value < b {
            // The refutation: the first reply the next probes give out.
            self.reply_order.retain(|&r| r != reply);
            self.reply_order.insert(0, reply);
            // A reply holds the first child below b: its bound is this reply's value.
            if value > self.probe.best.0 {
                self.probe.best = (value, 0);
            }
            return self.end_split();
        }
        if split.waiting.is_empty() && split.running == 0 {
            // Every reply reached b: so does the first child, by the lowest of them.
            let (lowest, reply) = split.lowest;
            self.probe.best = (lowest, 0);
            self.probe.reached = true;
            self.probe.split = None;
            self.reply_order.retain(|&r| r != reply);
            self.reply_order.insert(0, reply);
        }
        Vec::new()
    }

    /// A helper answered task `serial` with `value` (from the side to move of the task's position), and
    /// `learned` for the other helpers (their next tasks carry it). Returns the serials of the tasks still
    /// running that are no longer wanted (to stop). The value of a task no longer wanted is ignored.
    pub fn answer(&mut self, serial: u64, value: i32, learned: Vec<SharedEntry>) -> Vec<u64> {
        self.exchange.ended(serial, &learned);
        let Some(part) = self.probe.running.remove(&serial) else {
            return Vec::new();
        };
        let b = self.probe.b;
        let mut stopped = Vec::new();
        match part {
            Part::Child(child) => {
                let score = -value;
                if score > self.probe.best.0 || (score >= b && !self.probe.reached) {
                    self.probe.best = (score, child);
                }
                self.probe.reached |= score >= b;
            }
            Part::Reply(reply) => {
                let split = self
                    .probe
                    .split
                    .as_mut()
                    .expect("a reply runs only while split");
                split.running -= 1;
                stopped.extend(self.reply_answered(reply, value));
            }
            Part::Grand(_) => {
                let split = self.probe.split.as_mut().expect("runs only while split");
                let deep = split.deep.as_mut().expect("runs only while deep");
                deep.running -= 1;
                deep.highest = deep.highest.max(-value);
                let done = deep.highest >= b || (deep.waiting.is_empty() && deep.running == 0);
                if done {
                    // The lead reply is decided: it reached b by this move, or none of its moves did.
                    let (reply, highest) = (deep.reply, deep.highest);
                    split.deep = None;
                    split.running -= 1;
                    let grand: Vec<u64> = self
                        .probe
                        .running
                        .iter()
                        .filter(|(_, part)| matches!(part, Part::Grand(_)))
                        .map(|(&serial, _)| serial)
                        .collect();
                    for serial in &grand {
                        self.probe.running.remove(serial);
                    }
                    stopped.extend(grand);
                    stopped.extend(self.reply_answered(reply, highest));
                }
            }
        }
        let undecided = self.probe.split.is_some()
            || !self.probe.waiting.is_empty()
            || !self.probe.running.is_empty();
        if !self.probe.reached && undecided {
            return stopped;
        }
        // The probe is decided: a child reached b (the other tasks are not needed), or every child fell short.
        stopped.extend(self.probe.running.keys().copied());
        self.probe.running.clear();
        let (value, child) = self.probe.best;
        let exact = self.plan.confidences[self.pass] == FULL_WIDTH;
        if self.bounds.record(b, value, exact) {
            self.best = Some(child);
        }
        if !self.bounds.open() {
            // The pass is over: its score is the next pass's guess, or the answer after the last pass.
            let score = self.bounds.score();
            if self.pass + 1 == self.plan.confidences.len() {
                let child = self.best.unwrap_or(0);
                self.finished = Some((score, self.plan.children[child].0));
                self.probe.waiting.clear();
                self.probe.split = None;
                return stopped;
            }
            self.pass += 1;
            self.bounds = MtdBounds::new(score);
            self.best = None;
        }
        self.start_probe();
        stopped
    }
}

/// A parallel exact solve's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ParallelResult {
    /// The exact score for the side to move.
    pub score: i32,
    /// A best move (`None` when the side to move must pass or the game is over).
    pub best: Option<Square>,
    /// Nodes searched by all helpers (the tasks stopped included).
    pub nodes: u64,
}

/// Solves `board` exactly on as many threads as `tables` (one table each, cleared first, kept by the caller
/// for the next solve). With one table this is the serial solver itself (same moves, same nodes). `stop`
/// aborts the solve (the result is then not to be used).
pub fn solve_parallel(
    board: &Board,
    tables: &mut [TranspositionTable],
    stop: Option<Arc<AtomicBool>>,
) -> ParallelResult {
    let threads = tables.len().max(1);
    for table in tables.iter_mut() {
        table.clear();
    }
    let mut control = Control::new(None, None, crate::native_clock, stop.clone());
    let plan = if threads > 1 {
        Solver::new(&tables[0], &mut control).root_plan(board)
    } else {
        None
    };
    let Some(plan) = plan else {
        let (score, best) = Solver::new(&tables[0], &mut control).solve(board);
        return ParallelResult {
            score,
            best,
            nodes: control.nodes,
        };
    };
    let planning_nodes = control.nodes;
    let mut solve = RootSolve::new(plan);
    let stopped = || stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed));
    std::thread::scope(|scope| {
        let mut helpers = Helpers::spawn(scope, tables, |task: &ProbeTask, tt, stop_task| {
            let mut control = Control::new(None, None, crate::native_clock, Some(stop_task));
            let answer = task.run(&mut Solver::new(tt, &mut control));
            let answer = (!control.aborted() && !stopped()).then_some(answer);
            (answer, control.nodes)
        });
        let mut nodes = planning_nodes;
        loop {
            for helper in 0..helpers.count() {
                if helpers.is_free(helper) && !stopped() {
                    if let Some(task) = solve.next_task(helper) {
                        helpers.give(helper, task.serial, task);
                    }
                }
            }
            if !helpers.any_busy() {
                break;
            }
            let Some((_, serial, answer, task_nodes)) = helpers.next_answer() else {
                break;
            };
            nodes += task_nodes;
            if stopped() {
                // Aborted: let the running tasks end (their flags see the same stop) and give no more.
                helpers.stop_where(|_| true);
                continue;
            }
            match answer {
                Some((value, learned)) => {
                    let unwanted = solve.answer(serial, value, learned);
                    helpers.stop_where(|s| unwanted.contains(&s));
                }
                None => solve.release(serial),
            }
        }
        let (score, best) = solve.finished().map_or((0, None), |(s, b)| (s, Some(b)));
        ParallelResult { score, best, nodes }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A board parsed from its 64 squares and side to move.
    fn board(text: &str) -> Board {
        text.parse::<crate::Position>().unwrap().board
    }

    /// The serial solver's plan for a position of 17 empties.
    fn example_plan() -> RootPlan {
        let root = board("--OOOO--X-OOOOO-XXOOXOXXXOXOXXXXXXXOXXXX-XXOXOXX--OXXX-X----X--- O");
        let tt = TranspositionTable::new(1);
        let mut control = Control::unlimited();
        Solver::new(&tt, &mut control).root_plan(&root).unwrap()
    }

    #[test]
    fn the_coordinator_shares_out_the_first_child_by_its_replies_and_ends_a_probe_when_decided() {
        let plan = example_plan();
        let (children, replies) = (plan.children.len(), plan.replies.len());
        assert!(children >= 3 && replies >= 2, "{children} {replies}");
        let mut solve = RootSolve::new(plan.clone());
        let tasks: Vec<ProbeTask> = (0..replies + 1)
            .map(|h| solve.next_task(h).unwrap())
            .collect();
        // The first child's replies first, then the second child.
        for (task, reply) in tasks.iter().zip(&plan.replies) {
            assert_eq!(task.board, *reply);
        }
        assert_eq!(tasks[replies].board, plan.children[1].1);
        // A reply below the target: the first child falls short, its other replies are no longer wanted.
        let b = tasks[0].alpha + 1;
        let stopped = solve.answer(tasks[0].serial, b - 2, Vec::new());
        let mut expected: Vec<u64> = tasks[1..replies].iter().map(|t| t.serial).collect();
        let mut stopped_sorted = stopped.clone();
        stopped_sorted.sort();
        expected.sort();
        assert_eq!(stopped_sorted, expected);
        assert!(
            solve.answer(tasks[1].serial, b, Vec::new()).is_empty(),
            "a late answer is ignored"
        );
        // The second child reaches the target: the probe is decided and the next one starts.
        let stopped = solve.answer(tasks[replies].serial, -b - 4, Vec::new());
        assert!(stopped.is_empty());
        // The next probe aims higher. The reply that held the first child below b is likely to hold it
        // again: it is shared out by its own moves first, then come the other replies.
        let refuter = plan.replies[0];
        let moves: Vec<Board> = refuter
            .moves()
            .into_iter()
            .map(|square| refuter.play_unchecked(square))
            .collect();
        let deep: Vec<ProbeTask> = (0..moves.len())
            .map(|h| solve.next_task(h).unwrap())
            .collect();
        let b2 = -deep[0].alpha;
        assert!(b2 > b, "{b2} {b}");
        for task in &deep {
            assert!(moves.contains(&task.board));
            assert_eq!(task.alpha, -b2);
        }
        let next = solve.next_task(0).unwrap();
        assert_eq!((next.board, next.alpha), (plan.replies[1], b2 - 1));
        // One of its moves reaching b2 means the reply does not hold the first child: the other moves are
        // no longer wanted, and the other replies go on.
        let stopped = solve.answer(deep[0].serial, -b2, Vec::new());
        let mut expected: Vec<u64> = deep[1..].iter().map(|t| t.serial).collect();
        let mut stopped_sorted = stopped.clone();
        stopped_sorted.sort();
        expected.sort();
        assert_eq!(stopped_sorted, expected);
    }

    #[test]
    fn what_one_helper_learns_reaches_the_others_with_their_next_task() {
        let plan = example_plan();
        let mut solve = RootSolve::new(plan);
        let first = solve.next_task(0).unwrap();
        let second = solve.next_task(1).unwrap();
        assert!(first.shared.is_empty() && second.shared.is_empty());
        let learned = vec![SharedEntry {
            key: 7,
            lower: 2,
            upper: 2,
            depth: 12,
            best: 5,
            confidence: FULL_WIDTH,
        }];
        solve.answer(first.serial, -64, learned.clone());
        assert!(
            solve.next_task(0).unwrap().shared.is_empty(),
            "not back to its own helper"
        );
        solve.answer(second.serial, -64, Vec::new());
        assert_eq!(solve.next_task(1).unwrap().shared, learned);
    }

    /// A win/loss/draw solve driven by one helper: every probe asks "at least 0?" or "at least 2?" (as -1..0
    /// or 1..2 on even scores), at most two of them, and the result has the exact score's sign, on FFO
    /// #20-#29.
    #[test]
    fn a_win_loss_draw_solve_asks_two_questions_at_most_and_gets_the_sign_right() {
        let text = include_str!("../../tests/data/fforum-20-39.obf");
        for line in text.lines().filter(|l| !l.trim().is_empty()).take(10) {
            let entry = crate::parse_obf_line(line).unwrap();
            let root = entry.position.board;
            let tt = TranspositionTable::new(4);
            let mut control = Control::unlimited();
            let exact = Solver::new(&tt, &mut control).solve(&root).0;
            let plan = Solver::new(&tt, &mut control).root_plan(&root).unwrap();
            let mut solve = RootSolve::win_loss_draw(plan);
            let mut targets = Vec::new();
            while let Some(task) = solve.next_task(0) {
                // A reply's window is from the first child's side, a child's from the root's opponent's.
                let b = if solve.plan.replies.contains(&task.board) {
                    task.alpha + 1
                } else {
                    -task.alpha
                };
                if targets.last() != Some(&b) {
                    targets.push(b);
                }
                let (value, learned) = task.run(&mut Solver::new(&tt, &mut control));
                solve.answer(task.serial, value, learned);
            }
            let (score, _) = solve.finished().expect("finished");
            assert_eq!(score.signum(), exact.signum(), "{line}");
            assert!(targets.len() <= 2, "{targets:?}: {line}");
            assert!(targets.iter().all(|b| (-1..=2).contains(b)), "{targets:?}");
        }
    }
}
