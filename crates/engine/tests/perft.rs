//! perft: the start-position table, and equal counts under all 8 symmetries of mid-game positions.

mod common;

use reversi_engine::{perft, Board, Game, Position, Symmetry};

/// Leaves below the start position, a pass counting as a ply and a finished game as one leaf.
const START_TABLE: [(u32, u64); 12] = [
    (1, 4),
    (2, 12),
    (3, 56),
    (4, 244),
    (5, 1_396),
    (6, 8_200),
    (7, 55_092),
    (8, 390_216),
    (9, 3_005_288),
    (10, 24_571_284),
    (11, 212_258_800),
    (12, 1_939_886_636),
];

#[test]
fn start_position_table_to_depth_10() {
    for &(depth, nodes) in START_TABLE.iter().filter(|(d, _)| *d <= 10) {
        assert_eq!(perft(&Board::START, depth), nodes, "perft({depth})");
    }
}

/// Depths 11 and 12 take seconds: without debug assertions they run by default, with them when asked.
#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "seconds: scripts/test.sh runs it (cargo test --test perft -- --include-ignored)"
)]
fn start_position_table_deep() {
    for &(depth, nodes) in START_TABLE.iter().filter(|(d, _)| *d > 10) {
        assert_eq!(perft(&Board::START, depth), nodes, "perft({depth})");
    }
}

#[test]
fn depth_zero_is_one_leaf() {
    assert_eq!(perft(&Board::START, 0), 1);
}

#[test]
fn counts_are_equal_under_all_symmetries() {
    // An opening, two random mid-game positions and an FFO endgame position.
    let mut positions = vec![Game::from_transcript("f5d6c3d3c4f4f6f3e6e7")
        .unwrap()
        .position()];
    let mut rng = common::Rng::new(5);
    for plies in [20, 30] {
        let mut game = Game::new();
        while game.move_count() < plies {
            let moves: Vec<_> = game.legal_moves().iter().collect();
            game.play(moves[common::below(&mut rng, moves.len())])
                .unwrap();
        }
        positions.push(game.position());
    }
    positions.push(
        "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
            .parse::<Position>()
            .unwrap(),
    );
    for position in positions {
        let expected: Vec<u64> = (1..=6).map(|d| perft(&position.board, d)).collect();
        assert!(expected[5] > 1000, "{position}: too small a tree to test");
        for symmetry in Symmetry::ALL {
            let image = position.board.transform(symmetry);
            let counts: Vec<u64> = (1..=6).map(|d| perft(&image, d)).collect();
            assert_eq!(counts, expected, "{position} under {symmetry:?}");
        }
    }
}

#[test]
fn a_finished_game_is_one_leaf_at_every_depth() {
    let full = Position::from_colors(
        reversi_engine::Bitboard(u64::MAX >> 20),
        reversi_engine::Bitboard(!(u64::MAX >> 20)),
        reversi_engine::Color::Black,
    );
    for depth in 1..5 {
        assert_eq!(perft(&full.board, depth), 1);
    }
}
