//! The tree of a spread iteration: a node shared out move by move (principal variation search, young
//! brothers wait), its children's bounds, and what every node of a search shares (ids, running tasks).

use std::collections::HashMap;

use super::{Task, INFINITY};
use crate::{Board, Square};

/// A move of a node during an iteration: what is known of its value (from the node's side).
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Child {
    pub(super) square: Square,
    pub(super) board: Board,
    /// Proven lower and upper bounds of its value at this iteration's depth.
    pub(super) lo: i32,
    pub(super) hi: i32,
    /// Serial of the task running on it ([`NESTED`]: searched as a node of its own).
    pub(super) running: Option<u64>,
    /// The helper that searched it last.
    pub(super) owner: Option<usize>,
    /// The line after it, from the last search that gave its exact value.
    pub(super) pv: Vec<Square>,
}

impl Child {
    pub(super) fn new(square: Square, board: Board) -> Child {
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
/// How many levels below the root are shared out so. With table entries passed between helpers, on 10
/// positions of 38 empties at depth 18 on two threads (`best --level 10 --depth 18 --threads 2`): one level
/// 10.60-11.63 s, two 10.89-10.91 s, three 9.88-10.61 s, four 10.64-11.65 s, six 11.11-12.00 s (one
/// thread: 11.76 and 11.79 s).
const NEST_LEVELS: u32 = 3;

/// A node shared out move by move: the root, or a child searched with a full window (see
/// [`NEST_FROM_DEPTH`]). Principal variation search over its moves: the lead move with the window, the
/// others, once the lead's value is known, against the best so far.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Node {
    pub(super) id: u64,
    /// Plies below this node.
    pub(super) depth: u32,
    /// Levels below the root.
    pub(super) level: u32,
    /// The window, from the node's side.
    pub(super) a0: i32,
    pub(super) b0: i32,
    pub(super) children: Vec<Child>,
    pub(super) lead: usize,
    /// The lead move's value is known: `alpha` is no longer a guess.
    pub(super) lead_done: bool,
    /// The move with the best exact value so far (`alpha`), once above `a0`.
    pub(super) best: Option<usize>,
    pub(super) alpha: i32,
    /// A child searched as a node of its own, with the window it was given (from this node's side).
    pub(super) nested: Option<Box<(usize, Node, i32, i32)>>,
}

/// Where a task's answer goes: its node, its child and the window it was given (node's side).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Running {
    pub(super) node: u64,
    pub(super) child: usize,
    pub(super) alpha: i32,
    pub(super) beta: i32,
}

/// What became of an answer delivered into the tree.
pub(super) enum Delivery {
    /// Its node is gone (cut off or restarted): not used.
    Gone,
    /// Taken; the node is still open.
    Open,
    /// Its node settled with this value (fail-soft, node's side) and line.
    Settled(i32, Vec<Square>),
}

impl Node {
    pub(super) fn new(
        id: u64,
        depth: u32,
        level: u32,
        window: (i32, i32),
        children: Vec<Child>,
    ) -> Node {
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
    pub(super) fn of_board(
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
    pub(super) fn restart(&mut self, lead: usize) {
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
    pub(super) fn needs_search(&self, i: usize) -> bool {
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
    pub(super) fn pick(&self, helper: usize) -> Option<usize> {
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
    pub(super) fn window_for(&self, i: usize) -> (i32, i32) {
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
    pub(super) fn next_task(&mut self, helper: usize, search: &mut Shared) -> Option<Task> {
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
            shared: Vec::new(),
        })
    }

    /// Child `i` searched within (`alpha`, `beta`) gave `value` (this node's side) and the line after it.
    /// `Some`: the node is settled, with its value (fail-soft) and line.
    pub(super) fn record(
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
    pub(super) fn settled(&self) -> Option<(i32, Vec<Square>)> {
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
    pub(super) fn deliver(&mut self, running: Running, value: i32, pv: Vec<Square>) -> Delivery {
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
    pub(super) fn release(&mut self, running: Running) {
        if running.node == self.id {
            self.children[running.child].running = None;
        } else if let Some(nested) = self.nested.as_mut() {
            nested.1.release(running);
        }
    }

    /// True when node `id` is this one or below it.
    pub(super) fn holds(&self, id: u64) -> bool {
        self.id == id || self.nested.as_ref().is_some_and(|n| n.1.holds(id))
    }
}

/// What the nodes of a search share: ids, running tasks, the tasks' limits.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Shared {
    pub(super) next_id: u64,
    pub(super) running: HashMap<u64, Running>,
    /// Helpers given a task in this search.
    pub(super) helpers_seen: Vec<usize>,
    pub(super) probcut: bool,
    pub(super) deadline: Option<f64>,
}

impl Shared {
    pub(super) fn next_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// True for `helper`'s first task of this search (and notes it).
    pub(super) fn fresh(&mut self, helper: usize) -> bool {
        let fresh = !self.helpers_seen.contains(&helper);
        if fresh {
            self.helpers_seen.push(helper);
        }
        fresh
    }
}
