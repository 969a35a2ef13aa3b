use super::file::check;
use super::*;
use crate::{Control, TranspositionTable};

/// A puzzle from the first game of the sample file with at most 12 empties.
fn sample() -> Puzzle {
    let games = crate::wthor::parse(include_bytes!("../../tests/data/wthor-sample.wtb"))
        .unwrap()
        .games;
    let mut tt = TranspositionTable::new(1);
    let mut control = Control::unlimited();
    games
        .iter()
        .flat_map(|g| g.positions())
        .filter(|p| p.board.empty_count() <= 12)
        .find_map(|p| Puzzle::examine(&p.position(), 2001, false, &mut tt, &mut control))
        .expect("a puzzle in the sample games")
}

#[test]
fn a_puzzle_is_written_and_read_back() {
    let puzzle = sample();
    assert_eq!(check(&puzzle), Ok(()));
    let mut other = puzzle.clone();
    other.level = 5;
    let set = PuzzleSet::new(vec![puzzle.clone(), other]);
    let back = PuzzleSet::read(&set.write()).unwrap();
    assert_eq!(back, set);
    assert_eq!(back.of_level(5), vec![1]);
    assert_eq!(puzzle.loss(puzzle.best()), Some(0));
    let worst = puzzle.moves.last().unwrap();
    assert_eq!(puzzle.loss(worst.0), Some(puzzle.score() - worst.1));
    assert!(puzzle.loss(puzzle.moves[1].0).unwrap() > 0);
    let end = puzzle.line_positions().last().copied().unwrap();
    assert!(end.board.is_game_over());
}

#[test]
fn every_malformation_is_named() {
    let puzzle = sample();
    let bytes = PuzzleSet::new(vec![puzzle.clone()]).write();
    assert_eq!(
        PuzzleSet::read(b"RVEXP001"),
        Err(PuzzleError::NotAPuzzleFile)
    );
    assert_eq!(
        PuzzleSet::read(&bytes[..10]),
        Err(PuzzleError::Truncated { puzzle: None })
    );
    assert_eq!(
        PuzzleSet::read(&bytes[..bytes.len() - 1]),
        Err(PuzzleError::Truncated { puzzle: Some(0) })
    );
    let mut empty = MAGIC.to_vec();
    empty.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(PuzzleSet::read(&empty), Err(PuzzleError::Empty));
    let mut trailing = bytes.clone();
    trailing.push(0);
    assert_eq!(
        PuzzleSet::read(&trailing),
        Err(PuzzleError::TrailingBytes(1))
    );

    let refused = |change: &dyn Fn(&mut Puzzle)| {
        let mut bad = puzzle.clone();
        change(&mut bad);
        match PuzzleSet::read(&PuzzleSet::new(vec![bad]).write()) {
            Err(PuzzleError::Corrupt { puzzle: 0, why }) => why,
            other => panic!("accepted or misnamed: {other:?}"),
        }
    };
    assert_eq!(refused(&|p| p.level = 6), Flaw::Level);
    assert_eq!(refused(&|p| p.moves[1].1 = p.moves[0].1), Flaw::NotOneBest);
    assert_eq!(
        refused(&|p| {
            p.moves.pop();
        }),
        Flaw::NotTheLegalMoves
    );
    assert_eq!(refused(&|p| p.moves[0].1 += 2), Flaw::LineMissesScore);
    assert_eq!(
        refused(&|p| {
            p.line.pop();
        }),
        Flaw::LineDoesNotEnd
    );
    assert_eq!(
        refused(&|p| p.line[0] = p.moves[1].0),
        Flaw::LineStartsElsewhere
    );
    // A square byte past the board.
    let mut past = bytes.clone();
    let first_move = MAGIC.len() + 4 + 2 + 16 + 1;
    past[first_move] = 64;
    assert!(matches!(
        PuzzleSet::read(&past),
        Err(PuzzleError::Corrupt {
            why: Flaw::SquareOffBoard,
            ..
        })
    ));
    // Overlapping discs.
    let mut overlap = bytes;
    let white_at = MAGIC.len() + 4 + 2 + 8;
    overlap[white_at..white_at + 8].copy_from_slice(&[0xff; 8]);
    assert!(matches!(
        PuzzleSet::read(&overlap),
        Err(PuzzleError::Corrupt {
            why: Flaw::TwoDiscs,
            ..
        })
    ));
}

#[test]
fn the_daily_puzzle_is_one_a_day() {
    let puzzle = sample();
    let set = PuzzleSet::new(vec![puzzle; 50]);
    assert_eq!(set.daily(20_000), set.daily(20_000));
    let days: std::collections::HashSet<_> = (0..30).filter_map(|d| set.daily(d)).collect();
    assert!(days.len() > 10, "{days:?}");
    assert_eq!(PuzzleSet::default().daily(1), None);
}
