//! The parallel search over shared memory (`search/smp.rs`): exact scores on several threads, the serial value
//! at a fixed depth, and a stop that ends every thread.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use reversi_engine::{
    native_clock, parse_obf_line, solve_shared, wthor, Board, Control, Game, ObfEntry,
    SearchLimits, Searcher, Spawn, StdThreads, TranspositionTable,
};

fn ffo(text: &str) -> Vec<ObfEntry> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_obf_line(l).unwrap())
        .collect()
}

/// FFO #20-#39 solved on 1, 2 and 4 threads sharing one table: every score exact, every move found one of
/// the best.
#[test]
fn ffo_20_to_39_exact_on_1_2_and_4_threads_sharing_one_table() {
    let tt = Arc::new(TranspositionTable::new(16));
    for threads in [1, 2, 4] {
        for (i, entry) in ffo(include_str!("data/fforum-20-39.obf"))
            .iter()
            .enumerate()
        {
            tt.clear();
            let mut control = Control::unlimited();
            let (score, best) = solve_shared(
                &entry.position.board,
                &tt,
                false,
                (threads, &StdThreads),
                &mut control,
            );
            let name = format!("FFO #{} on {threads} threads", 20 + i);
            assert!(!control.aborted(), "{name}: not stopped");
            assert_eq!(Some(score), entry.score(), "{name}");
            let best = best.expect("FFO positions have a move");
            assert!(
                entry.is_best_move(best),
                "{name}: {best} is not a best move"
            );
        }
    }
}

/// The win/loss/draw solve on 2 threads: the sign of each of FFO #26-#35's scores.
#[test]
fn ffo_26_to_35_win_loss_draw_on_2_threads() {
    let tt = Arc::new(TranspositionTable::new(16));
    for (i, entry) in ffo(include_str!("data/fforum-20-39.obf"))
        .iter()
        .enumerate()
        .skip(6)
        .take(10)
    {
        tt.clear();
        let mut control = Control::unlimited();
        let board = &entry.position.board;
        let (score, _) = solve_shared(board, &tt, true, (2, &StdThreads), &mut control);
        let exact = entry.score().expect("scored");
        assert_eq!(score.signum(), exact.signum(), "FFO #{}", 20 + i);
    }
}

/// Positions of 36 to 40 empties from the sample of expert games.
fn midgame_positions() -> Vec<Board> {
    let games = wthor::parse(include_bytes!("data/wthor-sample.wtb"))
        .unwrap()
        .games;
    games
        .iter()
        .flat_map(|game| [20, 24].map(|plies| (game, plies)))
        .filter_map(|(game, plies)| {
            let transcript = game.transcript();
            let prefix = transcript.get(..plies * 2)?;
            Some(Game::from_transcript(prefix).ok()?.position().board)
        })
        .filter(|board| board.has_moves())
        .take(10)
        .collect()
}

/// A fixed depth without selectivity (no probcut, no solve) has one value, the minimax value at that depth:
/// the threads, whatever order they finish their parts in, find the serial search's value.
#[test]
fn a_fixed_depth_without_selectivity_gives_the_serial_value_on_2_and_4_threads() {
    let limits = SearchLimits {
        probcut: false,
        ..SearchLimits::midgame(9)
    };
    let positions = midgame_positions();
    assert!(positions.len() >= 8, "{} positions", positions.len());
    for board in positions {
        let serial = Searcher::new(16)
            .search(&board, &limits, native_clock, None, &mut |_| {})
            .score;
        for threads in [2, 4] {
            let mut searcher = Searcher::new(16).with_threads(threads, Arc::new(StdThreads));
            let info = searcher.search(&board, &limits, native_clock, None, &mut |_| {});
            assert_eq!(
                info.score, serial,
                "{threads} threads at depth 9 from {board:?}"
            );
            assert!(board.is_legal(info.best.square().expect("a placement")));
        }
    }
}

/// Std threads that count the helpers started and ended.
#[derive(Default)]
struct Counted {
    started: Arc<AtomicUsize>,
    ended: Arc<AtomicUsize>,
}

impl Spawn for Counted {
    fn spawn(&self, job: Box<dyn FnOnce() + Send + 'static>) -> bool {
        self.started.fetch_add(1, Ordering::SeqCst);
        let ended = self.ended.clone();
        StdThreads.spawn(Box::new(move || {
            job();
            ended.fetch_add(1, Ordering::SeqCst);
        }))
    }
}

impl Counted {
    /// True once every helper started has ended (given up to 10 s, far more than a stopped helper takes).
    fn all_ended(&self) -> bool {
        let until = Instant::now() + Duration::from_secs(10);
        while self.ended.load(Ordering::SeqCst) < self.started.load(Ordering::SeqCst) {
            if Instant::now() > until {
                return false;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        true
    }
}

/// A stop ends every thread: a deep search on 4 threads and a long solve on 4 threads, each stopped by
/// the caller's flag, return stopped, and none of their helpers runs on.
#[test]
fn a_stop_ends_every_thread() {
    let board = midgame_positions()[0];
    let stop = Arc::new(AtomicBool::new(false));
    let counted = Arc::new(Counted::default());
    let mut searcher = Searcher::new(16).with_threads(4, counted.clone());
    let stopper = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::SeqCst);
        })
    };
    let limits = SearchLimits::midgame(40);
    let info = searcher.search(
        &board,
        &limits,
        native_clock,
        Some(stop.clone()),
        &mut |_| {},
    );
    stopper.join().unwrap();
    assert!(board.is_legal(info.best.square().expect("a placement")));
    assert_eq!(counted.started.load(Ordering::SeqCst), 3, "three helpers");
    assert!(counted.all_ended(), "every helper of the search ended");

    // FFO #49 takes far longer than the 300 ms before the stop.
    let entry = &ffo(include_str!("data/fforum-40-59.obf"))[9];
    let tt = Arc::new(TranspositionTable::new(16));
    stop.store(false, Ordering::SeqCst);
    let mut control = Control::new(None, None, native_clock, Some(stop.clone()));
    let stopper = {
        let stop = stop.clone();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::SeqCst);
        })
    };
    let _ = solve_shared(
        &entry.position.board,
        &tt,
        false,
        (4, &*counted),
        &mut control,
    );
    stopper.join().unwrap();
    assert!(control.aborted(), "the solve was stopped");
    assert_eq!(
        counted.started.load(Ordering::SeqCst),
        6,
        "three more helpers"
    );
    assert!(counted.all_ended(), "every helper of the solve ended");
}
