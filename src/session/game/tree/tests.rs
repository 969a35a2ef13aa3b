//! The tree of variations: drawn nested, a move deleted with what follows, a line promoted or made the
//! record, ↑/↓ at forks.

use super::super::settings::Settings;
use super::super::variation::MAX_VARIATIONS;
use super::*;
use crate::session::GameAction;
use reversi_engine::{Color, Game};

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn play(mode: Mode) -> Play {
    Play::new(Settings {
        mode,
        ..Settings::default()
    })
}

/// A game of `record` between two people, then each of `lines` tried from the position before ply `at`.
fn with_lines(mode: Mode, record: &str, lines: &[(usize, &str)]) -> Play {
    let mut play = play(mode);
    for square in reversi_engine::openings::parse_moves(record).unwrap() {
        play.game.play(square).unwrap();
    }
    for &(at, line) in lines {
        play.apply(GameAction::Browse(Some(at)), false);
        for square in reversi_engine::openings::parse_moves(line).unwrap() {
            assert_eq!(
                play.apply(GameAction::Square(square), false),
                Outcome::Shown,
                "{line}"
            );
        }
    }
    play
}

fn two_people() -> Mode {
    Mode::HumanVsHuman
}

#[test]
fn lines_sharing_their_first_moves_hang_one_from_another_where_they_part() {
    // Two lines at ply 2 sharing c5 c6 (the "(7. c5 8. c6 9. e3 10. d2)" and "(… 9. e7)"), and a
    // third leaving the first at once.
    let play = with_lines(
        two_people(),
        "f5d6c3d3",
        &[(2, "c5f4e3"), (2, "c5f4f3"), (2, "c4")],
    );
    assert_eq!(
        lines(&play),
        vec![(2, "c5f4e3".into()), (2, "c5f4f3".into()), (2, "c4".into())]
    );
    assert_eq!(hangs(play.variations()), vec![None, Some((0, 2)), None]);
}

#[test]
fn a_line_that_is_the_beginning_of_another_goes() {
    let mut play = with_lines(two_people(), "f5d6c3d3", &[(2, "c5f4")]);
    // A step back in the line and another move: a new branch; the same moves again: found, not repeated.
    play.apply(GameAction::Step(-1), false);
    play.apply(GameAction::Square(sq("f6")), false);
    play.apply(GameAction::Step(-1), false);
    play.apply(GameAction::Square(sq("f4")), false);
    assert_eq!(lines(&play), vec![(2, "c5f4".into()), (2, "c5f6".into())]);
    assert_eq!(play.shown_variation(), Some(0));
    // A save holding a line and its beginning (as one written before the tree) keeps the longer.
    let saved = play.variations().to_vec();
    let mut again = with_lines(two_people(), "f5d6c3d3", &[]);
    let short = Variation::on_record(again.game(), 2, &[sq("c5")], 1).unwrap();
    again.keep_variations(vec![short, saved[0].clone()], Some(0));
    assert_eq!(lines(&again), vec![(2, "c5f4".into())]);
    assert_eq!(again.variation().unwrap().all().1, 1, "shown where it was");
}

#[test]
fn delete_from_here_takes_the_move_and_what_follows_in_every_line_that_has_it() {
    let mut play = with_lines(
        two_people(),
        "f5d6c3d3",
        &[(2, "c5f4e3"), (2, "c5f4f3"), (2, "c4")],
    );
    // Show c5 f4 of the first line and delete from f4: both lines sharing it are cut to c5, and one stays.
    play.apply(GameAction::Variation { index: 0, plies: 2 }, false);
    assert_eq!(play.apply(GameAction::DeleteFrom, false), Outcome::Shown);
    assert_eq!(lines(&play), vec![(2, "c5".into()), (2, "c4".into())]);
    assert_eq!(play.variation().unwrap().all(), (vec![sq("c5")], 1));
    // Deleting its first move: the line goes, the record's position before it shown.
    assert_eq!(play.apply(GameAction::DeleteFrom, false), Outcome::Shown);
    assert_eq!(lines(&play), vec![(2, "c4".into())]);
    assert_eq!((play.in_variation(), play.browsing()), (false, Some(2)));
    assert_eq!(play.apply(GameAction::DeleteFrom, false), Outcome::Nothing);
}

#[test]
fn promote_draws_a_line_on_over_the_one_it_left_and_lists_a_first_line_first() {
    let mut play = with_lines(
        two_people(),
        "f5d6c3d3",
        &[(2, "c5f4e3"), (2, "c5f4f3"), (2, "c4")],
    );
    play.apply(GameAction::Variation { index: 1, plies: 3 }, false);
    assert_eq!(play.apply(GameAction::Promote, false), Outcome::Shown);
    assert_eq!(
        lines(&play),
        vec![(2, "c5f4f3".into()), (2, "c5f4e3".into()), (2, "c4".into())]
    );
    assert_eq!(hangs(play.variations()), vec![None, Some((0, 2)), None]);
    assert_eq!(play.shown_variation(), Some(0));
    assert_eq!(
        play.apply(GameAction::Promote, false),
        Outcome::Nothing,
        "first already"
    );
    // A line from the record listed after another at its ply: listed first.
    play.apply(GameAction::Variation { index: 2, plies: 1 }, false);
    play.apply(GameAction::Promote, false);
    assert_eq!(lines(&play)[0], (2, "c4".into()));
    assert_eq!(play.shown_variation(), Some(0));
}

#[test]
fn make_main_line_swaps_the_record_and_the_variation_and_keeps_every_line() {
    let mut play = with_lines(
        two_people(),
        "f5d6c3d3c4",
        &[(2, "c5f4e3"), (4, "e3"), (2, "c5f4f3")],
    );
    play.apply(GameAction::Variation { index: 0, plies: 2 }, false);
    assert_eq!(
        play.apply(GameAction::MainLine, false),
        Outcome::Record { withdraw: true }
    );
    assert_eq!(
        reversi_engine::transcript_of(placements(play.game().plies())),
        "f5d6c5f4e3"
    );
    // The record's moves from c3 are a variation at ply 2; the line tried in c4's place hangs from it; the
    // sibling of e3 is one at ply 4 now.
    let mut got = lines(&play);
    got.sort();
    assert_eq!(
        got,
        vec![(2, "c3d3c4".into()), (2, "c3d3e3".into()), (4, "f3".into())]
    );
    assert_eq!((play.in_variation(), play.browsing()), (false, Some(4)));
    // Against the AI mid-game it is refused.
    let mut against = with_lines(
        Mode::HumanVsAi {
            human: Color::Black,
        },
        "f5d6c3d3",
        &[(2, "c5")],
    );
    against.apply(GameAction::Variation { index: 0, plies: 1 }, false);
    assert_eq!(
        against.apply(GameAction::MainLine, false),
        Outcome::Told(Notice::MainLineRefused)
    );
    assert_eq!(against.game().plies().len(), 4);
}

#[test]
fn up_and_down_go_to_the_other_branch_at_the_nearest_fork() {
    let mut play = with_lines(
        two_people(),
        "f5d6c3d3",
        &[(2, "c5f4e3"), (2, "c5f4f3"), (2, "c4")],
    );
    // In the second line after f3: ↑ goes to e3 (the line drawn on), ↓ back to f3, ↓ again nothing.
    play.apply(GameAction::Variation { index: 1, plies: 3 }, false);
    assert_eq!(play.apply(GameAction::Fork(-1), false), Outcome::Shown);
    assert_eq!(
        play.variation().unwrap().all(),
        (vec![sq("c5"), sq("f4"), sq("e3")], 3)
    );
    play.apply(GameAction::Fork(1), false);
    assert_eq!(play.shown_variation(), Some(1));
    assert_eq!(play.apply(GameAction::Fork(1), false), Outcome::Nothing);
    // On the record after c3 (ply 2): the alternatives to c3 are c5 and e6, in that order.
    play.apply(GameAction::Browse(Some(3)), false);
    play.apply(GameAction::Fork(1), false);
    assert_eq!(
        play.variation().unwrap().all(),
        (vec![sq("c5"), sq("f4"), sq("e3")], 1)
    );
    play.apply(GameAction::Fork(1), false);
    assert_eq!(play.variation().unwrap().all(), (vec![sq("c4")], 1));
    play.apply(GameAction::Fork(-1), false);
    play.apply(GameAction::Fork(-1), false);
    assert_eq!((play.in_variation(), play.browsing()), (false, Some(3)));
}

#[test]
fn a_link_or_save_with_too_many_variations_keeps_the_first_and_the_one_shown() {
    let mut play = with_lines(two_people(), "f5d6c3d3c4f4f6", &[]);
    // 30 lines of two moves, none the beginning of another: a move other than the record's, and a reply.
    let record = play.game().clone();
    let mut many = Vec::new();
    for at in 0..record.plies().len() {
        let start = record.plies()[at].before;
        for first in start.board.moves().iter() {
            if record.plies()[at].mv == Move::Place(first) {
                continue;
            }
            let mut after = Game::from_position(start);
            after.play(first).unwrap();
            for reply in after.position().board.moves().iter() {
                many.push(Variation::restore(at, start, &[first, reply], usize::MAX).unwrap());
            }
        }
    }
    many.truncate(30);
    assert_eq!(many.len(), 30);
    play.keep_variations(many.clone(), Some(29));
    assert_eq!(play.variations().len(), MAX_VARIATIONS);
    assert_eq!(
        play.variation().unwrap().all(),
        many[29].all(),
        "the one shown is kept"
    );
    assert_eq!(play.variations()[0], many[0], "the first ones kept");
    // The same line twice (a link's `v=` repeated): once.
    play.keep_variations(vec![many[0].clone(), many[0].clone()], None);
    assert_eq!(play.variations().len(), 1);
}
