//! The AI: exact endgame scores (FFO positions, a brute-force cross-check, symmetries), and the mid-game
//! search's contracts (legal moves, determinism, limits, levels).

mod common;

use common::Rng;
use reversi_engine::{
    native_clock, parse_obf_line, Board, Control, Game, Level, Move, ObfEntry, ScoreKind,
    SearchLimits, Searcher, Solver, Symmetry, TranspositionTable, LEVELS,
};
use reversi_engine::{StdThreads, DISC};
use std::sync::Arc;

fn ffo_20_39() -> Vec<ObfEntry> {
    include_str!("data/fforum-20-39.obf")
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_obf_line(l).unwrap())
        .collect()
}

fn solve(board: &Board, tt: &mut TranspositionTable) -> (i32, Option<reversi_engine::Square>) {
    tt.clear();
    let mut control = Control::unlimited();
    Solver::new(tt, &mut control).solve(board)
}

/// FFO #20-#39: every position solved to its exact score, and the move found is one of the best moves.
/// (A few take seconds each; the whole set runs in about a minute with the test profile's optimisation.)
#[test]
fn ffo_20_to_39_exact_scores() {
    let mut tt = TranspositionTable::new(64);
    for (i, entry) in ffo_20_39().iter().enumerate() {
        let (score, best) = solve(&entry.position.board, &mut tt);
        assert_eq!(Some(score), entry.score(), "FFO #{}", 20 + i);
        let best = best.expect("FFO positions have a move");
        assert!(
            entry.is_best_move(best),
            "FFO #{}: {best} is not a best move",
            20 + i
        );
    }
}

/// The AI's search on several threads where its level solves exactly (level 10, its time limits off):
/// FFO #26-#35 (20 empties) on 2 and 3 threads sharing one table, each exact, the move found one of the
/// best.
#[test]
fn the_search_on_threads_solves_ffo_26_to_35_exactly_on_2_and_3_threads() {
    let mut limits = Level::get(10).unwrap().limits(0.0, 1);
    (limits.deadline, limits.target) = (None, None);
    for threads in [2, 3] {
        let mut searcher = Searcher::new(8).with_threads(threads, Arc::new(StdThreads));
        for (i, entry) in ffo_20_39().iter().enumerate().skip(6).take(10) {
            let board = &entry.position.board;
            let mut kinds = Vec::new();
            let info = searcher.search(board, &limits, native_clock, None, &mut |info| {
                kinds.push(info.kind)
            });
            let name = format!("FFO #{} on {threads} threads", 20 + i);
            assert_eq!(info.kind, ScoreKind::Exact, "{name}: {kinds:?}");
            assert_eq!(Some(info.score / DISC), entry.score(), "{name}");
            let Move::Place(best) = info.best else {
                panic!("{name}: a placement");
            };
            assert!(
                entry.is_best_move(best),
                "{name}: {best} is not a best move"
            );
            assert_eq!(kinds.last(), Some(&ScoreKind::Exact), "{name}: {kinds:?}");
        }
    }
}

/// The search on threads where the level solves for a win, a draw or a loss only (level 10's limits, exact
/// from 18 empties, win/loss/draw from 24): FFO #26-#35 (20 empties) on 2 and 3 threads, each result's sign
/// the exact score's, the move one that keeps it.
#[test]
fn the_search_on_threads_solves_ffo_26_to_35_for_win_loss_or_draw_on_2_and_3_threads() {
    let mut limits = Level::get(10).unwrap().limits(0.0, 1);
    (limits.deadline, limits.target) = (None, None);
    (limits.exact_empties, limits.wld_empties) = (18, 24);
    for threads in [2, 3] {
        let mut searcher = Searcher::new(8).with_threads(threads, Arc::new(StdThreads));
        for (i, entry) in ffo_20_39().iter().enumerate().skip(6).take(10) {
            let info = searcher.search(
                &entry.position.board,
                &limits,
                native_clock,
                None,
                &mut |_| {},
            );
            let name = format!("FFO #{} on {threads} threads", 20 + i);
            assert_eq!(info.kind, ScoreKind::WinLossDraw, "{name}");
            let exact = entry.score().expect("scored");
            assert_eq!((info.score / DISC).signum(), exact.signum(), "{name}");
            let Move::Place(best) = info.best else {
                panic!("{name}: a placement");
            };
            let kept = entry
                .moves
                .iter()
                .any(|&(square, score)| square == best && score.signum() == exact.signum());
            assert!(kept, "{name}: {best} does not keep the result");
        }
    }
}

#[test]
fn ffo_scores_are_the_same_under_all_symmetries() {
    let mut tt = TranspositionTable::new(16);
    // The positions with 15 to 19 empties: quick enough to solve 8 times each.
    for (i, entry) in ffo_20_39().iter().enumerate().take(6).skip(1) {
        for symmetry in Symmetry::ALL {
            let board = entry.position.board.transform(symmetry);
            let (score, _) = solve(&board, &mut tt);
            assert_eq!(
                Some(score),
                entry.score(),
                "FFO #{} under {symmetry:?}",
                20 + i
            );
        }
    }
}

/// Plain minimax over the whole remaining game, no pruning, no tricks.
fn minimax(board: &Board) -> i32 {
    let moves = board.moves();
    if moves.is_empty() {
        if board.opponent_moves().is_empty() {
            return board.final_score();
        }
        return -minimax(&board.pass());
    }
    moves
        .iter()
        .map(|s| -minimax(&board.play_unchecked(s)))
        .max()
        .unwrap()
}

#[test]
fn solver_matches_brute_force_minimax_on_random_endgames() {
    let mut rng = Rng::new(314);
    let mut tt = TranspositionTable::new(4);
    let mut checked = 0;
    while checked < 300 {
        // Random games stopped with 4 to 10 empties (passes and early ends included).
        let mut game = Game::new();
        let stop_at = 4 + common::below(&mut rng, 7) as u32;
        while !game.is_over() && game.position().board.empty_count() > stop_at {
            let moves: Vec<_> = game.legal_moves().iter().collect();
            game.play(moves[common::below(&mut rng, moves.len())])
                .unwrap();
        }
        let board = game.position().board;
        let expected = minimax(&board);
        let (score, best) = solve(&board, &mut tt);
        assert_eq!(score, expected, "{}", game.position());
        if let Some(best) = best {
            assert_eq!(
                -minimax(&board.play_unchecked(best)),
                expected,
                "{}",
                game.position()
            );
        }
        // Win/loss/draw: the sign (or a bound on the right side of zero).
        tt.clear();
        let mut control = Control::unlimited();
        let (wld, _) = Solver::new(&tt, &mut control).solve_window(&board, -1, 1);
        assert_eq!(wld.signum(), expected.signum(), "{}", game.position());
        checked += 1;
    }
}

#[test]
fn every_level_plays_legal_moves_through_whole_games() {
    let mut rng = Rng::new(11);
    for level in LEVELS.iter().filter(|l| l.number <= 6) {
        let mut searcher = Searcher::new(8);
        let mut game = Game::new();
        while !game.is_over() {
            let mut limits = level.limits(native_clock(), rng.next_u64());
            limits.deadline = None;
            let info = searcher.search(
                &game.position().board,
                &limits,
                native_clock,
                None,
                &mut |_| {},
            );
            match info.best {
                Move::Place(square) => game.play(square).unwrap_or_else(|e| {
                    panic!("level {}: {e} in {}", level.number, game.transcript())
                }),
                Move::Pass => panic!("level {}: pass with legal moves", level.number),
            }
        }
    }
}

#[test]
fn search_is_deterministic_and_respects_node_limits() {
    let board = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7")
        .unwrap()
        .position()
        .board;
    let limits = SearchLimits {
        depth: 6,
        ..SearchLimits::default()
    };
    let a = Searcher::new(8).search(&board, &limits, native_clock, None, &mut |_| {});
    let b = Searcher::new(8).search(&board, &limits, native_clock, None, &mut |_| {});
    assert_eq!(
        (a.best, a.score, a.nodes, a.pv.clone()),
        (b.best, b.score, b.nodes, b.pv)
    );
    assert!(board.is_legal(a.best.square().unwrap()));

    let limited = SearchLimits {
        depth: 30,
        nodes: Some(20_000),
        ..SearchLimits::default()
    };
    let mut reports = 0;
    let info = Searcher::new(8).search(&board, &limited, native_clock, None, &mut |_| reports += 1);
    assert!(info.nodes < 20_000 + 10_000, "{} nodes", info.nodes);
    assert!(reports >= 1);
    assert!(board.is_legal(info.best.square().unwrap()));
}

#[test]
fn a_stopped_noisy_search_chooses_from_the_values_it_finished() {
    // The noisy levels value every root move; when the search is stopped, the values of an unfinished
    // depth are not used (they were 0, and the move was then chosen by the noise alone).
    let board = Game::from_transcript("f5d6c3d3c4f4f6f3e6e7")
        .unwrap()
        .position()
        .board;
    for nodes in [1, 2_000, 30_000] {
        for seed in 0..8 {
            let limits = SearchLimits {
                depth: 12,
                exact_empties: 0,
                wld_empties: 0,
                nodes: Some(nodes),
                randomness: 200,
                seed,
                ..SearchLimits::default()
            };
            let info = Searcher::new(8).search(&board, &limits, native_clock, None, &mut |_| {});
            let ScoreKind::Midgame { depth } = info.kind else {
                panic!("a mid-game value: {:?}", info.kind)
            };
            assert!(depth < 12, "the full depth cannot finish in {nodes} nodes");
            let square = info.best.square().expect("a placement");
            assert!(board.is_legal(square));
            if depth >= 1 {
                // The chosen move is one the temperature (2 discs) makes likely: not 16 discs worse than the
                // best value of the finished depth (a weight under e^-8).
                let values = Searcher::new(8).analyse(&board, depth);
                let best = values[0].1;
                let chosen = values
                    .iter()
                    .find(|(s, _)| *s == square)
                    .expect("a legal move")
                    .1;
                assert!(
                    best - chosen <= 8 * 200,
                    "seed {seed}: {chosen} against {best}"
                );
            }
        }
    }
}

#[test]
fn exact_search_finds_the_ffo_best_move() {
    let entry = &ffo_20_39()[1]; // FFO #21, 15 empties
    let limits = SearchLimits {
        depth: 6,
        exact_empties: 16,
        wld_empties: 18,
        ..SearchLimits::default()
    };
    let info = Searcher::new(16).search(
        &entry.position.board,
        &limits,
        native_clock,
        None,
        &mut |_| {},
    );
    assert_eq!(info.kind, reversi_engine::ScoreKind::Exact);
    assert_eq!(Some(info.score / reversi_engine::DISC), entry.score());
    assert!(entry.is_best_move(info.best.square().unwrap()));
}

#[test]
fn levels_table_is_ordered() {
    assert_eq!(LEVELS.len(), 10);
    for pair in LEVELS.windows(2) {
        assert!(pair[1].depth >= pair[0].depth);
        assert!(pair[1].exact_empties >= pair[0].exact_empties);
        assert!(pair[1].randomness <= pair[0].randomness);
        assert_eq!(pair[1].number, pair[0].number + 1);
    }
    assert_eq!(Level::get(10).unwrap().randomness, 0);
}

/// The host's poll comes down with the searcher: a poll that says "stop" ends a search that has no other
/// limit, and the search still answers a legal move.
#[test]
fn a_searchers_poll_stops_its_search() {
    fn stop() -> bool {
        true
    }
    let mut searcher = Searcher::new(1).with_poll(stop);
    let board: Board = "----------X-O-----XOOOX--OOOOXO---XXOOO---XXXOO----XX--------X-- X"
        .parse::<reversi_engine::Position>()
        .unwrap()
        .board;
    let limits = SearchLimits {
        depth: 40,
        ..SearchLimits::default()
    };
    let info = searcher.search(&board, &limits, native_clock, None, &mut |_| {});
    assert!(
        info.nodes < 100_000,
        "stopped at once: {} nodes",
        info.nodes
    );
    assert!(matches!(info.best, Move::Place(s) if board.is_legal(s)));
}
