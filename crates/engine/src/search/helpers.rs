//! The helper threads of the native parallel searches ([`super::parallel`], [`super::split`]): each owns
//! one state (a table, a searcher), takes its tasks from a channel of its own, each with a stop flag, and
//! answers on a channel shared by all. The coordinator that decides what to give whom is the caller's.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::Scope;

/// A helper's answer: which helper, the task's result (`None`: stopped before it finished), its nodes.
type Reply<A> = (usize, Option<A>, u64);

/// Helper threads running tasks of type `T` that answer with an `A`.
pub(super) struct Helpers<T, A> {
    tasks: Vec<mpsc::Sender<(T, Arc<AtomicBool>)>>,
    answers: mpsc::Receiver<Reply<A>>,
    /// The serial of the task each helper runs.
    running: Vec<Option<u64>>,
    /// The stop flag of each running task, by serial.
    flags: HashMap<u64, Arc<AtomicBool>>,
}

impl<T: Send, A: Send> Helpers<T, A> {
    /// One helper thread in `scope` for each of `states`, carrying out every task it is given with
    /// `run(task, its state, the task's stop flag)`. The threads end when `self` is dropped.
    pub(super) fn spawn<'scope, 'env, S: Send>(
        scope: &'scope Scope<'scope, 'env>,
        states: &'scope mut [S],
        run: impl Fn(&T, &mut S, Arc<AtomicBool>) -> (Option<A>, u64) + Copy + Send + 'scope,
    ) -> Helpers<T, A>
    where
        T: 'scope,
        A: 'scope,
    {
        let (answers_tx, answers) = mpsc::channel::<Reply<A>>();
        let mut tasks = Vec::new();
        for (helper, state) in states.iter_mut().enumerate() {
            let (task_tx, received) = mpsc::channel::<(T, Arc<AtomicBool>)>();
            let answers_tx = answers_tx.clone();
            scope.spawn(move || {
                for (task, stop) in received {
                    let (answer, nodes) = run(&task, state, stop);
                    if answers_tx.send((helper, answer, nodes)).is_err() {
                        break;
                    }
                }
            });
            tasks.push(task_tx);
        }
        Helpers {
            running: vec![None; tasks.len()],
            tasks,
            answers,
            flags: HashMap::new(),
        }
    }

    /// How many helpers there are.
    pub(super) fn count(&self) -> usize {
        self.tasks.len()
    }

    /// True when `helper` runs no task.
    pub(super) fn is_free(&self, helper: usize) -> bool {
        self.running[helper].is_none()
    }

    /// True when some helper runs a task.
    pub(super) fn any_busy(&self) -> bool {
        self.running.iter().any(Option::is_some)
    }

    /// Gives `task` (numbered `serial`) to `helper`, which is free.
    pub(super) fn give(&mut self, helper: usize, serial: u64, task: T) {
        let flag = Arc::new(AtomicBool::new(false));
        if self.tasks[helper].send((task, Arc::clone(&flag))).is_ok() {
            self.flags.insert(serial, flag);
            self.running[helper] = Some(serial);
        }
    }

    /// Stops the running tasks for which `unwanted(serial)` holds.
    pub(super) fn stop_where(&self, unwanted: impl Fn(u64) -> bool) {
        for (&serial, flag) in &self.flags {
            if unwanted(serial) {
                flag.store(true, Ordering::Relaxed);
            }
        }
    }

    /// Waits for the next answer: the helper (now free), the task's serial, its result and nodes. `None`
    /// when no helper is left.
    pub(super) fn next_answer(&mut self) -> Option<(usize, u64, Option<A>, u64)> {
        let (helper, answer, nodes) = self.answers.recv().ok()?;
        let serial = self.running[helper].take()?;
        self.flags.remove(&serial);
        Some((helper, serial, answer, nodes))
    }
}
