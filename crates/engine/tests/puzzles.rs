//! The committed puzzle file (`assets/puzzles.bin`), checked by the exact solver on a sample of about 50
//! puzzles spread over the file (`reversi puzzles-check assets/puzzles.bin` checks all of them).

use reversi_engine::puzzles::{PuzzleSet, LEVELS};
use reversi_engine::{Control, TranspositionTable};

#[test]
fn a_sample_of_the_committed_puzzles_has_one_best_move_by_the_exact_solver() {
    let set = PuzzleSet::read(&std::fs::read("../../assets/puzzles.bin").unwrap()).unwrap();
    assert!(set.len() >= 3000, "{} puzzles", set.len());
    for level in 1..=LEVELS {
        let n = set.of_level(level).len();
        assert!(n * 6 >= set.len(), "level {level}: {n} puzzles");
    }
    let step = set.len() / 50;
    let mut tt = TranspositionTable::new(64);
    for (i, puzzle) in set.puzzles().iter().enumerate().step_by(step) {
        tt.clear();
        assert_eq!(
            puzzle.verify(&mut tt, &mut Control::unlimited()),
            Ok(()),
            "puzzle {} ({})",
            i + 1,
            puzzle.position
        );
    }
}

#[test]
fn a_corrupt_puzzle_file_is_refused_with_its_reason() {
    let bytes = std::fs::read("../../assets/puzzles.bin").unwrap();
    let mut bad = bytes.clone();
    // The first puzzle's best score, made a tie with the second.
    let first_score = 8 + 4 + 2 + 16 + 1 + 1;
    bad[first_score] = bad[first_score + 2];
    let error = PuzzleSet::read(&bad).unwrap_err().to_string();
    assert_eq!(
        error,
        "puzzle 1 of the file is corrupt: its first move is not the one best move"
    );
    assert_eq!(
        PuzzleSet::read(&bytes[..bytes.len() - 3])
            .unwrap_err()
            .to_string(),
        format!(
            "the puzzle file ends inside puzzle {}",
            PuzzleSet::read(&bytes).unwrap().len()
        )
    );
}
