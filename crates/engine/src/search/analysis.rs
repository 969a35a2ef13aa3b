//! The analysis board's search: every legal move valued at depths that grow (2, 4, 6 … plies), then exactly
//! once the solver can reach the end, each finished step reported with every move's value and line, until
//! the steps run out or the search is stopped (the position changed).
//!
//! The steps are jobs (one move at one step) that the searcher's threads take in order from one shared list:
//! a thread with no job left in a step starts on the next one, whose values it leaves in the shared tables,
//! so that no thread waits while another finishes a long move. The thread that called reports the steps as
//! they complete, in order, at most one report every [`REPORT_GAP_MS`] but for the last (the shallow steps,
//! which end within milliseconds of each other, give one report, not one each). Each move is searched
//! within a window around its value at the step before, and searched again in full when it falls outside.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use super::endgame::Solver;
use super::node_type::Pv;
use super::smp::{Busy, Crew};
use super::{Searcher, DISC, INFINITY};
use crate::board::flips;
use crate::book::{color_for, Book};
use crate::{Bitboard, Board, Control, Position, Square};

/// A step is exact once the mid-game depth reached leaves at most this many more plies to the end: the
/// solver then values every move in about the time of the next mid-game steps.
pub const EXACT_REACH: u32 = 10;
/// The window around a move's value at the step before (hundredths of a disc).
const WINDOW: i32 = 2 * DISC;
/// The longest line given for a move.
const LINE_MOST: usize = 24;

/// One step of an analysis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Every move searched this many plies deep (the move itself counted).
    Depth(u32),
    /// Every move's exact score.
    Exact,
}

/// The steps of an analysis of a position with `empties` empty squares, up to `limit` plies (none: until
/// exact): even depths from 2, then the exact step once the end is within [`EXACT_REACH`] plies of the depth
/// reached (or the next depth would reach it), when the limit allows.
pub fn analysis_steps(empties: u32, limit: Option<u32>) -> Vec<Step> {
    let limit = limit.map(|l| l.max(1));
    let exact_allowed = limit.is_none_or(|l| l >= empties);
    let mut steps = Vec::new();
    let mut depth = 2.min(limit.unwrap_or(2));
    loop {
        if depth >= empties {
            if exact_allowed {
                steps.push(Step::Exact);
            } else {
                steps.push(Step::Depth(empties.max(1)));
            }
            break;
        }
        steps.push(Step::Depth(depth));
        if empties <= depth + EXACT_REACH && exact_allowed {
            steps.push(Step::Exact);
            break;
        }
        match limit {
            Some(l) if depth >= l => break,
            Some(l) => depth = (depth + 2).min(l),
            None => depth += 2,
        }
    }
    steps
}

/// One move of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The move.
    pub square: Square,
    /// Its value for the side to move, in hundredths of a disc (exact: the final disc difference).
    pub value: i32,
    /// The line expected after it, the move first: the book's main line as far as the book goes, then the
    /// search's.
    pub line: Vec<Square>,
    /// The opening book's value of the move for the side to move, when the book has it.
    pub book: Option<i32>,
}

/// One finished step of an analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The depth of every value (plies, the move counted); the number of empties when exact.
    pub depth: u32,
    /// True when every value is the exact final score.
    pub exact: bool,
    /// Every legal move, best first.
    pub moves: Vec<MoveValue>,
    /// Nodes searched so far by the thread that reports (the step returned at the end counts every thread).
    pub nodes: u64,
}

/// What one step has found so far.
struct Level {
    /// The moves (indices into the root's moves) in the order they are taken.
    order: Vec<usize>,
    /// The next place in `order` to hand out.
    next: usize,
    /// Moves handed out whose thread stopped before valuing them, handed out again first.
    returned: Vec<usize>,
    values: Vec<Option<i32>>,
    done: usize,
}

/// The jobs of one analysis, shared by its threads.
struct Work {
    steps: Vec<Step>,
    moves: Vec<Square>,
    levels: Vec<Level>,
    /// The first step with a job left to hand out.
    current: usize,
    /// The reporting thread was stopped: the analysis is over.
    stopped: bool,
}

impl Work {
    fn new(steps: Vec<Step>, moves: Vec<Square>) -> Work {
        let levels = steps
            .iter()
            .map(|_| Level {
                order: Vec::new(),
                next: 0,
                returned: Vec::new(),
                values: vec![None; moves.len()],
                done: 0,
            })
            .collect();
        Work {
            steps,
            moves,
            levels,
            current: 0,
            stopped: false,
        }
    }

    /// The latest value of move `m` before step `s`.
    fn previous(&self, s: usize, m: usize) -> Option<i32> {
        self.levels[..s].iter().rev().find_map(|l| l.values[m])
    }

    /// The next job: a step and a move, with the move's value at an earlier step.
    fn claim(&mut self) -> Option<(usize, usize, Option<i32>)> {
        while self.current < self.steps.len() {
            let s = self.current;
            if self.levels[s].order.is_empty() {
                // The best moves of the latest step first, so that the top lines come soonest.
                let mut order: Vec<usize> = (0..self.moves.len()).collect();
                order.sort_by_key(|&m| -self.previous(s, m).unwrap_or(-INFINITY));
                self.levels[s].order = order;
            }
            let level = &mut self.levels[s];
            if let Some(m) = level.returned.pop() {
                return Some((s, m, self.previous(s, m)));
            }
            if level.next < level.order.len() {
                let m = level.order[level.next];
                level.next += 1;
                return Some((s, m, self.previous(s, m)));
            }
            self.current += 1;
        }
        None
    }

    /// Hands out again a job whose thread stopped before it ended (a helper taken back by its host).
    fn give_back(&mut self, s: usize, m: usize) {
        self.levels[s].returned.push(m);
        self.current = self.current.min(s);
    }

    fn finish(&mut self, s: usize, m: usize, value: i32) {
        let level = &mut self.levels[s];
        level.values[m] = Some(value);
        level.done += 1;
    }

    fn complete(&self, s: usize) -> bool {
        self.levels[s].done == self.moves.len()
    }
}

/// The jobs, and the signal that one has finished.
type Shared = (Mutex<Work>, Condvar);

/// The least time between two reports (milliseconds): a step that completes sooner after the last report is
/// reported with the next one that is due, or passed over for a deeper one.
const REPORT_GAP_MS: f64 = 150.0;

/// How long the reporting thread waits for another's job before it polls its host again (milliseconds).
const WAIT_MS: u64 = 20;

fn lock(work: &Shared) -> std::sync::MutexGuard<'_, Work> {
    work.0.lock().unwrap_or_else(|p| p.into_inner())
}

impl Searcher {
    /// Values every legal move of `board` step after step (see [`analysis_steps`]) up to `limit` plies,
    /// on this searcher's threads, calling `report` with each finished step, until the steps run out or
    /// `control` stops it. Returns the last finished step (`None` when the side to move has no move, or
    /// when not even the first step finished).
    pub fn analyse_deepening(
        &mut self,
        board: &Board,
        limit: Option<u32>,
        control: &mut Control,
        report: &mut dyn FnMut(&Analysis),
    ) -> Option<Analysis> {
        let moves: Vec<Square> = board.moves().iter().collect();
        if moves.is_empty() {
            return None;
        }
        self.tt.new_search();
        self.end_tt.new_search();
        self.probcut = true;
        let steps = analysis_steps(board.empty_count(), limit);
        let work: Arc<Shared> = Arc::new((Mutex::new(Work::new(steps, moves)), Condvar::new()));
        let helpers = self.spawn.clone().filter(|_| self.threads > 1);
        let Some(spawn) = helpers else {
            return self.analysis_thread(board, &work, control, Some(report));
        };
        let busy = Arc::new(Busy::new());
        let crew = Crew::new(&*spawn);
        let nodes = Arc::new(AtomicU64::new(0));
        for _ in 1..self.threads {
            let mut helper = self.helper(&busy);
            let mut helper_control = control.for_helper(crew.done.clone());
            let (board, work, nodes) = (*board, work.clone(), nodes.clone());
            crew.start(move || {
                helper.analysis_thread(&board, &work, &mut helper_control, None);
                nodes.fetch_add(helper_control.nodes, Ordering::Relaxed);
            });
        }
        self.busy = Some(busy);
        let last = self.analysis_thread(board, &work, control, Some(report));
        self.busy = None;
        crew.finish();
        last.map(|mut a| {
            a.nodes += nodes.load(Ordering::Relaxed);
            a
        })
    }

    /// One thread's share of an analysis: jobs until none is left or the search is stopped; the thread
    /// that reports (`report`) then waits for the others' jobs and reports every step as it completes.
    fn analysis_thread(
        &mut self,
        board: &Board,
        work: &Shared,
        control: &mut Control,
        mut report: Option<&mut dyn FnMut(&Analysis)>,
    ) -> Option<Analysis> {
        // The steps reported (or passed over for a deeper one), and when the last report went.
        let mut reported = 0;
        let mut last_report = None::<f64>;
        let mut last = None;
        loop {
            let job = lock(work).claim();
            if let Some((s, m, previous)) = job {
                let (step, square) = {
                    let w = lock(work);
                    (w.steps[s], w.moves[m])
                };
                let value = self.value_move(board, square, step, previous, control);
                let mut w = lock(work);
                if control.aborted() && report.is_none() {
                    // A helper stopped alone (its worker wanted for something else): its job goes to
                    // another thread.
                    w.give_back(s, m);
                } else if control.aborted() {
                    w.stopped = true;
                } else {
                    w.finish(s, m, value);
                }
                work.1.notify_all();
            }
            if let Some(report) = report.as_deref_mut() {
                // The deepest step complete; reported at once if it is the last, or if the last report is
                // old enough (the shallow steps, which end within milliseconds of each other, make one).
                let (complete, steps) = {
                    let w = lock(work);
                    let mut complete = reported;
                    while complete < w.steps.len() && w.complete(complete) {
                        complete += 1;
                    }
                    (complete, w.steps.len())
                };
                let now = control.now();
                let due = last_report.is_none_or(|t| now - t >= REPORT_GAP_MS) || complete == steps;
                if complete > reported && due {
                    let analysis = self.report_step(board, work, complete - 1, control.nodes);
                    report(&analysis);
                    last = Some(analysis);
                    reported = complete;
                    last_report = Some(now);
                }
            }
            let (all_reported, stopped) = {
                let w = lock(work);
                (reported >= w.steps.len(), w.stopped)
            };
            if control.aborted() || stopped || report.is_none() && job.is_none() {
                return last;
            }
            if all_reported {
                return last;
            }
            if job.is_none() {
                // Nothing left to take: wait for the other threads' jobs, still polling the host.
                if control.check() {
                    return last;
                }
                let w = lock(work);
                if reported < w.steps.len() && !w.complete(reported) && !w.stopped {
                    drop(work.1.wait_timeout(w, Duration::from_millis(WAIT_MS)));
                }
            }
        }
    }

    /// The value of `square` for the side to move of `board` at `step`, searched within a window around
    /// its `previous` value.
    fn value_move(
        &mut self,
        board: &Board,
        square: Square,
        step: Step,
        previous: Option<i32>,
        control: &mut Control,
    ) -> i32 {
        let (p, o) = (board.player().0, board.opponent().0);
        let f = flips(p, o, square.index());
        let (cp, co) = (o ^ f, p ^ f ^ square.bit());
        match step {
            Step::Exact => {
                let child = Board::new(Bitboard(cp), Bitboard(co));
                let mut solver = Solver::new(&self.end_tt, control);
                if let Some(busy) = self.busy.as_deref() {
                    solver = solver.sharing(busy);
                }
                -solver.solve(&child).0 * DISC
            }
            Step::Depth(depth) => {
                let below = depth - 1;
                if let Some(v) = previous {
                    let (alpha, beta) = (v - WINDOW, v + WINDOW);
                    let value = -self.pvs::<Pv>(cp, co, below, -beta, -alpha, control);
                    if value > alpha && value < beta || control.aborted() {
                        return value;
                    }
                }
                -self.pvs::<Pv>(cp, co, below, -INFINITY, INFINITY, control)
            }
        }
    }

    /// Step `s` as reported: every move best first, with its line and the book's value.
    fn report_step(&self, board: &Board, work: &Shared, s: usize, nodes: u64) -> Analysis {
        let (step, mut values): (Step, Vec<(Square, i32)>) = {
            let w = lock(work);
            let level = &w.levels[s];
            let values = w
                .moves
                .iter()
                .zip(&level.values)
                .map(|(&square, v)| (square, v.unwrap_or(-INFINITY)))
                .collect();
            (w.steps[s], values)
        };
        values.sort_by_key(|&(square, v)| (-v, square.index()));
        let exact = step == Step::Exact;
        let position = Position {
            board: *board,
            to_move: color_for(board),
        };
        let book = self.book.as_deref().unwrap_or_else(|| Book::builtin());
        let book_moves = book.moves(&position);
        let moves = values
            .into_iter()
            .map(|(square, value)| {
                let in_book = book_moves.iter().find(|m| m.square == square);
                let mut line = match in_book {
                    Some(_) => book.main_line(&position, square, LINE_MOST),
                    None => vec![square],
                };
                // The book's line is legal from the position: where it ends, the tables go on.
                if let Some(end) = line.iter().try_fold(position, |p, &s| p.play(s)) {
                    let most = LINE_MOST.saturating_sub(line.len());
                    line.extend(self.table_line(&end.board, exact, most));
                }
                MoveValue {
                    square,
                    value,
                    line,
                    book: in_book.map(|m| m.value),
                }
            })
            .collect();
        Analysis {
            depth: match step {
                Step::Depth(d) => d,
                Step::Exact => board.empty_count(),
            },
            exact,
            moves,
            nodes,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native_clock;

    #[test]
    fn the_steps_deepen_by_two_and_end_exact() {
        use Step::*;
        assert_eq!(
            analysis_steps(20, None),
            [Depth(2), Depth(4), Depth(6), Depth(8), Depth(10), Exact]
        );
        assert_eq!(analysis_steps(6, None), [Depth(2), Exact]);
        assert_eq!(analysis_steps(1, None), [Exact]);
        assert_eq!(analysis_steps(40, Some(5)), [Depth(2), Depth(4), Depth(5)]);
        assert_eq!(analysis_steps(40, Some(1)), [Depth(1)]);
        // A limit short of the end keeps the analysis in the mid-game.
        assert_eq!(analysis_steps(12, Some(4)), [Depth(2), Depth(4)]);
        assert_eq!(analysis_steps(3, Some(8)), [Depth(2), Exact]);
        let deep = analysis_steps(60, None);
        assert_eq!(deep.last(), Some(&Exact));
        assert_eq!(deep[deep.len() - 2], Depth(50));
    }

    #[test]
    fn jobs_go_out_in_order_the_best_first_and_a_stopped_ones_again() {
        let moves: Vec<Square> = ["d3", "c4", "f5"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let mut work = Work::new(vec![Step::Depth(2), Step::Depth(4)], moves);
        let first: Vec<usize> = (0..3).map(|_| work.claim().unwrap().1).collect();
        assert_eq!(first, [0, 1, 2]);
        for (m, v) in [(0, -50), (1, 300), (2, 100)] {
            work.finish(0, m, v);
        }
        assert!(work.complete(0));
        // The next step takes the best moves of the last first, each with its value there.
        assert_eq!(work.claim(), Some((1, 1, Some(300))));
        assert_eq!(work.claim(), Some((1, 2, Some(100))));
        // A helper stopped on its job: the job goes out again before the rest.
        work.give_back(1, 2);
        assert_eq!(work.claim(), Some((1, 2, Some(100))));
        assert_eq!(work.claim(), Some((1, 0, Some(-50))));
        assert_eq!(work.claim(), None);
        assert!(!work.complete(1));
    }

    #[test]
    fn each_step_is_reported_and_the_last_is_exact() {
        // 12 empties: the first legal move each turn from the start.
        let mut board = Board::START;
        while board.empty_count() > 12 {
            board = match board.moves().iter().next() {
                Some(square) => board.play_unchecked(square),
                None => board.pass(),
            };
        }
        assert!(!board.must_pass());
        let mut searcher = Searcher::new(4);
        let mut control = Control::new(None, None, native_clock, None);
        let mut reports = Vec::new();
        let last = searcher
            .analyse_deepening(&board, None, &mut control, &mut |a| reports.push(a.clone()))
            .unwrap();
        assert_eq!(
            reports.len(),
            analysis_steps(board.empty_count(), None).len()
        );
        assert!(reports.windows(2).all(|w| w[0].depth < w[1].depth));
        assert!(last.exact && reports.last() == Some(&last));
        assert_eq!(last.moves.len(), board.moves().count() as usize);
        // Every exact value is the solver's value of that move.
        for m in &last.moves {
            let child = board.play_unchecked(m.square);
            let table = crate::TranspositionTable::new(4);
            let mut c = Control::unlimited();
            let value = -Solver::new(&table, &mut c).solve(&child).0 * DISC;
            assert_eq!(m.value, value, "{}", m.square);
            assert_eq!(m.line[0], m.square);
        }
        assert!(last.moves.windows(2).all(|w| w[0].value >= w[1].value));
    }
}
