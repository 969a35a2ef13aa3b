//! The exact solve inside a spread search. Where the level solves the position exactly, the first helper
//! runs the mid-game iterations that come before the solve (their move is played if the solve cannot end in
//! time), another asks for the solve's plan ([`Task::Plan`]: the root's moves and the first move's replies
//! in the solver's order), and from then on the solve is the parallel solver's coordinator
//! ([`RootSolve`]), its null-window probes handed out as [`Task::Probe`] to whichever helper is free. Where
//! the level solves only for a win, a draw or a loss, the same goes with the coordinator's win/loss/draw
//! probes ([`RootSolve::win_loss_draw`]).

use std::collections::HashMap;

use super::node::Shared;
use super::{Answer, Task};
use crate::search::parallel::RootSolve;
use crate::{Board, Square};

/// A spread solve needs at least this many empties: below it the serial solve takes a few milliseconds,
/// less than the messages would cost in the page.
pub const SPLIT_SOLVE_FROM_EMPTIES: u32 = 16;

/// The solve's part of a spread search.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct EndgameSplit {
    board: Board,
    /// An exact solve (else win/loss/draw).
    exact: bool,
    /// The serial of the plan's task while it runs.
    plan: Option<u64>,
    /// The coordinator, once the plan is known.
    solve: Option<RootSolve>,
    /// The probe each running task carries out, by task serial.
    probes: HashMap<u64, u64>,
}

impl EndgameSplit {
    pub(super) fn new(board: Board, exact: bool) -> EndgameSplit {
        EndgameSplit {
            board,
            exact,
            plan: None,
            solve: None,
            probes: HashMap::new(),
        }
    }

    /// The next task for `helper` (`None`: nothing to start now): the plan first, then the probes.
    pub(super) fn next_task(&mut self, helper: usize, shared: &mut Shared) -> Option<Task> {
        let Some(solve) = self.solve.as_mut() else {
            if self.plan.is_some() {
                return None;
            }
            let serial = shared.next_id();
            self.plan = Some(serial);
            return Some(Task::Plan {
                serial,
                board: self.board,
                deadline: shared.deadline,
                fresh: shared.fresh(helper),
            });
        };
        let probe = solve.next_task(helper)?;
        let serial = shared.next_id();
        self.probes.insert(serial, probe.serial);
        Some(Task::Probe {
            serial,
            probe,
            deadline: shared.deadline,
            fresh: shared.fresh(helper),
        })
    }

    /// True when task `serial` is one of the solve's, still wanted.
    pub(super) fn wants(&self, serial: u64) -> bool {
        self.plan == Some(serial) || self.probes.contains_key(&serial)
    }

    /// The solve's tasks running.
    pub(super) fn running(&self) -> impl Iterator<Item = u64> + '_ {
        self.plan.iter().chain(self.probes.keys()).copied()
    }

    /// True for an exact solve, false for a win/loss/draw one.
    pub(super) fn exact(&self) -> bool {
        self.exact
    }

    /// Task `serial` answered (`None`: it was lost or stopped, and is asked again). `Some` once the solve
    /// has ended: the score for the side to move (exact, or as [`RootSolve::win_loss_draw`] gives it) and a
    /// best move.
    pub(super) fn answer(&mut self, serial: u64, answer: Option<Answer>) -> Option<(i32, Square)> {
        if self.plan == Some(serial) {
            self.plan = None;
            // A plan for another position is not used (it is asked again).
            if let Some(Answer::Plan(plan)) =
                answer.filter(|a| matches!(a, Answer::Plan(p) if p.root == self.board))
            {
                self.solve = Some(if self.exact {
                    RootSolve::new(plan)
                } else {
                    RootSolve::win_loss_draw(plan)
                });
            }
            return None;
        }
        let probe = self.probes.remove(&serial)?;
        let solve = self.solve.as_mut()?;
        match answer {
            Some(Answer::Probe { value, learned }) => {
                let unwanted = solve.answer(probe, value, learned);
                self.probes.retain(|_, p| !unwanted.contains(p));
            }
            _ => solve.release(probe),
        }
        let finished = solve.finished();
        if finished.is_some() {
            self.probes.clear();
        }
        finished
    }
}
