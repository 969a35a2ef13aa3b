use super::*;

pub(super) fn random_boards(count: usize) -> Vec<Board> {
    // Random legal games, every position kept.
    let mut seed = 99u64;
    let mut boards = Vec::new();
    while boards.len() < count {
        let mut board = Board::START;
        while !board.is_game_over() {
            if board.must_pass() {
                board = board.play(super::super::Move::Pass);
                continue;
            }
            boards.push(board);
            let legal: Vec<_> = board.moves().iter().collect();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let square = legal[(seed >> 33) as usize % legal.len()];
            board = board.play(super::super::Move::Place(square));
        }
    }
    boards
}

/// The search's shortcut (both sides' moves handed over) gives the evaluation's own value.
#[test]
fn evaluating_with_the_moves_given_is_evaluating() {
    for board in random_boards(500) {
        let (moves, replies) = (board.moves().0, board.opponent_moves().0);
        assert_eq!(
            PatternEval.evaluate_with_moves(&board, moves, replies),
            PatternEval.evaluate(&board)
        );
        let weights = PatternWeights::builtin();
        assert_eq!(
            Evaluate::evaluate_with_moves(weights, &board, moves, replies),
            Evaluate::evaluate(weights, &board)
        );
    }
}

#[test]
fn every_square_is_read_and_instances_are_distinct() {
    let tables = Tables::get();
    let mut covered = 0u64;
    let mut sets = Vec::new();
    for instance in &tables.instances {
        let set = instance.squares[..instance.len]
            .iter()
            .fold(0u64, |acc, &s| acc | 1 << s);
        assert_eq!(set.count_ones() as usize, instance.len);
        assert!(!sets.contains(&set));
        sets.push(set);
        covered |= set;
    }
    assert_eq!(covered, !0);
    assert_eq!(tables.expanded_len, 167_265 + SCALAR_WEIGHTS);
}

#[test]
fn gathering_lines_reads_what_the_squares_say() {
    let weights = PatternWeights::builtin();
    for board in random_boards(3000) {
        let (p, o) = (board.player().0, board.opponent().0);
        assert_eq!(weights.evaluate(p, o), weights.evaluate_slowly(p, o));
    }
    for (kind, squares) in KINDS.iter().enumerate() {
        for (i, &s) in squares.iter().enumerate() {
            assert_eq!(gather(kind, 1 << s), 1 << i, "kind {kind} square {s}");
        }
        let all = squares.iter().fold(0u64, |acc, &s| acc | 1 << s);
        assert_eq!(gather(kind, !all), 0, "kind {kind}");
    }
}

#[test]
fn the_evaluation_is_the_same_under_every_symmetry() {
    let weights = PatternWeights::builtin();
    for board in random_boards(3000) {
        let value = weights.evaluate(board.player().0, board.opponent().0);
        for symmetry in Symmetry::ALL {
            let image = board.transform(symmetry);
            assert_eq!(
                weights.evaluate(image.player().0, image.opponent().0),
                value,
                "{symmetry:?}"
            );
        }
    }
}

#[test]
fn the_built_in_weights_agree_with_exact_scores() {
    // The FFO positions #20-#39 (18 to 26 empties): the evaluation has the sign of the exact score where the
    // score is large, and it is near the score on average.
    let text = include_str!("../../tests/data/fforum-20-39.obf");
    let (mut total_error, mut count) = (0, 0);
    for line in text.lines() {
        let entry = crate::parse_obf_line(line).expect("valid line");
        let value = PatternEval.evaluate(&entry.position.board);
        let exact = entry.score().expect("scored") * DISC;
        if exact.abs() >= 10 * DISC {
            assert_eq!(value.signum(), exact.signum(), "{line}: {value}");
        }
        total_error += (value - exact).abs();
        count += 1;
    }
    assert!(total_error / count < 12 * DISC, "{}", total_error / count);
}
