//! The spread search driven by std threads (natively: `reversi best --threads`, `match --threads`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use super::{SplitSearch, Task};
use crate::control::{Clock, Control};
use crate::search::helpers::Helpers;
use crate::{Board, SearchInfo, SearchLimits, Searcher};

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
