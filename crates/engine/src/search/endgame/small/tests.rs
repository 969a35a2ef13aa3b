use super::*;
use crate::rng::Rng;
use crate::tt::TranspositionTable;
use crate::{Board, Control};

/// The exact score by plain minimax.
fn minimax(board: &Board) -> i32 {
    if board.is_game_over() {
        return board.final_score();
    }
    if board.must_pass() {
        return -minimax(&board.pass());
    }
    board
        .moves()
        .iter()
        .map(|square| -minimax(&board.play_unchecked(square)))
        .max()
        .expect("a move")
}

/// Every copy of the leaf solver this CPU can run gives the same answer, and each is a correct
/// null-window answer (a bound on the right side of `alpha`, exact when inside the window).
#[test]
fn every_copy_of_the_leaf_solver_answers_alike_and_right() {
    let mut rng = Rng::new(2026);
    let tt = TranspositionTable::new(1);
    let mut control = Control::unlimited();
    let mut solver = Solver::new(&tt, &mut control);
    let mut checked = 0;
    while checked < 2000 {
        let mut board = Board::START;
        let stop_at = 2 + rng.below(5) as u32;
        while !board.is_game_over() && board.empty_count() > stop_at {
            board = if board.must_pass() {
                board.pass()
            } else {
                let legal: Vec<_> = board.moves().iter().collect();
                board.play_unchecked(legal[rng.below(legal.len() as u64) as usize])
            };
        }
        if board.empty_count() < 2 {
            continue;
        }
        let (p, o) = (board.player().0, board.opponent().0);
        let empty = !(p | o);
        let exact = minimax(&board);
        for alpha in [-65, -20, -2, -1, 0, 1, exact - 1, exact, exact + 1, 30, 64] {
            let mut answers = vec![solver.shallow_portable(p, o, alpha, empty)];
            #[cfg(target_arch = "x86_64")]
            {
                use crate::vector::{simd_level, SimdLevel};
                if simd_level() != SimdLevel::Portable {
                    // SAFETY: AVX2 was found (both vector levels have it).
                    answers.push(unsafe { solver.shallow_avx2(p, o, alpha, empty) });
                }
                if simd_level() == SimdLevel::Avx512 {
                    // SAFETY: every feature of this copy was found.
                    answers.push(unsafe { solver.shallow_avx512(p, o, alpha, empty) });
                }
            }
            let value = answers[0];
            assert!(
                answers.iter().all(|&a| a == value),
                "{answers:?} for {board:?}"
            );
            if value > alpha {
                assert!(
                    exact >= value,
                    "{value} > {alpha} but exact {exact}: {board:?}"
                );
            } else {
                assert!(
                    exact <= value,
                    "{value} <= {alpha} but exact {exact}: {board:?}"
                );
            }
        }
        checked += 1;
    }
}
