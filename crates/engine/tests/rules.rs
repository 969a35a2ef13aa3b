//! The bitboard engine against a simple array implementation over many random games, and the rules as
//! players know them (start position, passes, end of game, notation round trips).

mod common;

use common::{Cell, Reference, Rng};
use reversi_engine::{Board, Color, Game, Move, Position, Square, Symmetry};

fn reference_disc(reference: &Reference, square: Square) -> Cell {
    reference.cells[square.row()][square.column()]
}

fn assert_same_discs(game: &Game, reference: &Reference, context: &str) {
    let position = game.position();
    for square in Square::ALL {
        let expected = match reference_disc(reference, square) {
            Cell::Black => Some(Color::Black),
            Cell::White => Some(Color::White),
            Cell::Empty => None,
        };
        assert_eq!(
            position.disc(square),
            expected,
            "{context}: disc on {square}"
        );
    }
}

/// 10,000 random games: at every ply the legal moves, the flips of every legal move, the passes and the end of
/// the game must agree between the bitboard engine and the reference.
#[test]
fn differential_against_array_reference_over_random_games() {
    let mut rng = Rng::new(20261122);
    let mut plies = 0u64;
    let mut passes = 0u64;
    for game_number in 0..10_000 {
        let mut reference = Reference::start();
        let mut board = Board::START;
        let mut game = Game::new();
        loop {
            let context = format!("game {game_number}, transcript {}", game.transcript());
            let to_move = reference.to_move;
            let color = if to_move == Cell::Black {
                Color::Black
            } else {
                Color::White
            };
            assert_eq!(game.to_move(), color, "{context}: side to move");
            let expected: Vec<Square> = reference
                .legal_moves(to_move)
                .into_iter()
                .map(|(c, r)| Square::from_coords(c, r).unwrap())
                .collect();
            let mut got: Vec<Square> = board.moves().iter().collect();
            got.sort_by_key(|s| (s.row(), s.column()));
            assert_eq!(got, expected, "{context}: legal moves");
            assert_eq!(game.legal_moves(), board.moves(), "{context}");
            for &square in &expected {
                let want: Vec<(usize, usize)> =
                    reference.flips(square.column(), square.row(), to_move);
                let mut have: Vec<(usize, usize)> = board
                    .flips(square)
                    .iter()
                    .map(|s| (s.column(), s.row()))
                    .collect();
                have.sort();
                assert_eq!(have, want, "{context}: flips of {square}");
            }
            if expected.is_empty() {
                let other_can_move = !reference.legal_moves(to_move.other()).is_empty();
                assert_eq!(
                    board.is_game_over(),
                    !other_can_move,
                    "{context}: game over"
                );
                assert_eq!(game.is_over(), !other_can_move, "{context}: game over");
                if !other_can_move {
                    let outcome = game.outcome().expect("finished game has an outcome");
                    assert_eq!(outcome.black as usize, reference.count(Cell::Black));
                    assert_eq!(outcome.white as usize, reference.count(Cell::White));
                    break;
                }
                // The game record has already applied the forced pass.
                unreachable!("{context}: Game must never wait on a forced pass");
            }
            let square = expected[common::below(&mut rng, expected.len())];
            reference.play(square.column(), square.row());
            board = board.play(Move::Place(square));
            game.play(square).unwrap();
            plies += 1;
            if reference.legal_moves(reference.to_move).is_empty()
                && !reference.legal_moves(reference.to_move.other()).is_empty()
            {
                assert!(board.must_pass());
                assert_eq!(board.try_play(Move::Pass).unwrap(), board.pass());
                assert_eq!(
                    game.last_move(),
                    Some(Move::Pass),
                    "{context}: pass recorded"
                );
                reference.pass();
                board = board.pass();
                passes += 1;
            }
            assert_same_discs(&game, &reference, &context);
        }
    }
    assert!(plies > 500_000, "only {plies} plies");
    assert!(
        passes > 1_000,
        "only {passes} passes: the test should meet many"
    );
}

#[test]
fn start_position_and_first_moves() {
    let game = Game::new();
    let position = game.position();
    let name = |s: Square| s.to_string();
    assert_eq!(
        position.black().iter().map(name).collect::<Vec<_>>(),
        ["e4", "d5"]
    );
    assert_eq!(
        position.white().iter().map(name).collect::<Vec<_>>(),
        ["d4", "e5"]
    );
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(
        game.legal_moves().iter().map(name).collect::<Vec<_>>(),
        ["d3", "c4", "f5", "e6"]
    );
}

#[test]
fn shortest_wipe_out_ends_the_game() {
    // A 9-move game (the shortest possible) in which black takes every white disc.
    let mut game = Game::from_transcript("d3c3b3e3f3f4f5d6").unwrap();
    assert!(!game.is_over());
    assert_eq!(game.outcome(), None);
    game.play("d7".parse().unwrap()).unwrap();
    assert!(game.is_over());
    let outcome = game.outcome().unwrap();
    assert_eq!((outcome.black, outcome.white, outcome.empty), (13, 0, 51));
    assert_eq!(outcome.winner(), Some(Color::Black));
    assert_eq!(outcome.score_empties_to_winner(), (64, 0));
    // Nothing can be played after the end, and the error says so.
    let error = game.play_transcript("a1").unwrap_err();
    assert_eq!(error.to_string(), "move 1: the game is already over");
}

#[test]
fn transcripts_round_trip_through_random_games() {
    let mut rng = Rng::new(7);
    for _ in 0..500 {
        let mut game = Game::new();
        while !game.is_over() {
            let moves: Vec<Square> = game.legal_moves().iter().collect();
            game.play(moves[common::below(&mut rng, moves.len())])
                .unwrap();
        }
        let transcript = game.transcript();
        let replayed = Game::from_transcript(&transcript).unwrap();
        assert_eq!(replayed.position(), game.position());
        let spaced: String = transcript
            .as_bytes()
            .chunks(2)
            .map(|c| std::str::from_utf8(c).unwrap().to_uppercase())
            .collect::<Vec<_>>()
            .join(", ");
        assert_eq!(
            Game::from_transcript(&spaced).unwrap().position(),
            game.position()
        );
        let position_text = game.position().to_string();
        assert_eq!(position_text.parse::<Position>().unwrap(), game.position());
        // Undo everything, then redo everything: the same game.
        let mut walked = game.clone();
        while walked.undo() {}
        assert_eq!(walked.position(), Position::START);
        while walked.redo() {}
        assert_eq!(walked.position(), game.position());
        assert_eq!(walked.transcript(), transcript);
    }
}

#[test]
fn symmetric_games_stay_symmetric() {
    // Playing the mirrored moves from the mirrored start gives the mirrored position, for the four
    // symmetries that keep the start position.
    let mut rng = Rng::new(99);
    for symmetry in Symmetry::ALL {
        if Board::START.transform(symmetry) != Board::START {
            continue;
        }
        let mut board = Board::START;
        let mut image = Board::START;
        for _ in 0..40 {
            let moves: Vec<Square> = board.moves().iter().collect();
            if moves.is_empty() {
                break;
            }
            let square = moves[common::below(&mut rng, moves.len())];
            assert!(image.is_legal(symmetry.apply_square(square)));
            board = board.play_unchecked(square);
            image = image.play_unchecked(symmetry.apply_square(square));
            assert_eq!(board.transform(symmetry), image);
            if board.must_pass() {
                board = board.pass();
                image = image.pass();
            }
        }
    }
}

#[test]
fn errors_leave_the_game_unchanged() {
    let mut game = Game::from_transcript("f5d6c3").unwrap();
    let before = game.clone();
    assert!(game.play("a1".parse().unwrap()).is_err());
    assert!(game.play("f5".parse().unwrap()).is_err());
    assert!(game.play_transcript("d3 c4 q9").is_err());
    assert_eq!(game, before);
    assert!("i9".parse::<Square>().is_err());
    assert_eq!(
        "i9".parse::<Square>().unwrap_err().to_string(),
        "\"i9\" is not a square (expected a1..h8)"
    );
}
