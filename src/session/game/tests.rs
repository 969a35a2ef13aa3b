//! The game's own reducer, tested alone.

use super::*;

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn two_people() -> Play {
    Play::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    })
}

fn against_ai() -> Play {
    Play::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        ..Settings::default()
    })
}

#[test]
fn a_click_plays_a_legal_move_and_refuses_the_rest() {
    let mut play = two_people();
    assert_eq!(
        play.apply(GameAction::Square(sq("a1")), false),
        Outcome::Told(Notice::NotLegal {
            square: sq("a1"),
            occupied: false
        })
    );
    assert_eq!(
        play.apply(GameAction::Square(sq("d4")), false),
        Outcome::Told(Notice::NotLegal {
            square: sq("d4"),
            occupied: true
        })
    );
    assert_eq!(
        play.apply(GameAction::Square(sq("f5")), false),
        Outcome::Record { withdraw: false }
    );
    assert_eq!(play.game.plies().len(), 1);
    // Waiting for its start, the game takes no move.
    assert_eq!(
        play.apply(GameAction::Square(sq("f4")), true),
        Outcome::Nothing
    );
}

#[test]
fn against_the_engine_its_turn_is_refused_and_undo_goes_back_to_the_persons() {
    let mut play = against_ai();
    play.apply(GameAction::Square(sq("f5")), false);
    assert!(play.ai_to_move(false) && !play.ai_to_move(true));
    assert_eq!(play.clickable(false), Bitboard::EMPTY);
    assert_eq!(
        play.apply(GameAction::Square(sq("f4")), false),
        Outcome::Told(Notice::NotYourTurn)
    );
    play.game.play(sq("f6")).expect("legal");
    play.game.play(sq("e6")).expect("legal");
    play.game.play(sq("f4")).expect("legal");
    // Back to the person's turn before e6: the engine's f4 and the person's e6 taken back.
    assert_eq!(
        play.apply(GameAction::Undo, false),
        Outcome::Record { withdraw: true }
    );
    assert_eq!(play.game.plies().len(), 2);
    // Redo replays the person's move and the engine's reply.
    assert_eq!(
        play.apply(GameAction::Redo, false),
        Outcome::Record { withdraw: false }
    );
    assert_eq!(play.game.plies().len(), 4);
    assert_eq!(play.apply(GameAction::Redo, false), Outcome::Nothing);
}

#[test]
fn browsing_steps_within_the_record_and_plays_on_from_a_past_position() {
    let mut play = two_people();
    for s in ["f5", "d6", "c3"] {
        play.apply(GameAction::Square(sq(s)), false);
    }
    assert_eq!(play.apply(GameAction::Step(-1), false), Outcome::Shown);
    assert_eq!(play.browsing, Some(2));
    assert_eq!(play.shown(), play.game.plies()[2].before);
    // A past position's moves may be tried: they go into a variation, the record unchanged.
    assert_eq!(play.clickable(false), play.shown().board.moves());
    assert_eq!(
        play.apply(GameAction::Square(sq("a1")), false),
        Outcome::Told(Notice::NotLegal {
            square: sq("a1"),
            occupied: false
        })
    );
    assert_eq!(
        play.apply(GameAction::Square(sq("c5")), false),
        Outcome::Shown
    );
    assert!(play.in_variation());
    assert_eq!(play.game.transcript(), "f5d6c3");
    assert_eq!(
        play.apply(GameAction::Browse(Some(2)), false),
        Outcome::Shown
    );
    assert!(
        !play.in_variation() && play.variations().len() == 1,
        "left, and kept"
    );
    // Past the start it stops at the start; a browse past the record is the game's own position.
    play.apply(GameAction::Step(-10), false);
    assert_eq!(play.browsing, Some(0));
    assert_eq!(play.apply(GameAction::Step(0), false), Outcome::Nothing);
    assert_eq!(
        play.apply(GameAction::Browse(Some(9)), false),
        Outcome::Shown
    );
    assert_eq!(play.browsing, None);
    play.apply(GameAction::Browse(Some(1)), false);
    assert_eq!(
        play.apply(GameAction::PlayFromHere, false),
        Outcome::Record { withdraw: true }
    );
    assert_eq!((play.game.plies().len(), play.browsing), (1, None));
    assert!(play.game.can_redo());
    assert_eq!(
        play.apply(GameAction::PlayFromHere, false),
        Outcome::Nothing
    );
}

#[test]
fn the_clock_stops_while_the_game_waits_and_flags_once() {
    let mut play = Play::new(Settings {
        mode: Mode::HumanVsHuman,
        clock: Some(super::super::ClockSettings {
            minutes: 1,
            increment_s: 0,
        }),
        ..Settings::default()
    });
    assert!(!play.charge(0.0, false));
    assert!(!play.charge(30_000.0, true));
    // The wait was not charged: black has its minute less nothing.
    assert!(!play.charge(40_000.0, false));
    assert!(play.charge(110_000.0, false));
    assert_eq!(play.flagged(), Some(Color::Black));
    assert!(play.is_finished() && !play.ai_to_move(false));
    assert!(!play.charge(120_000.0, false));
}

#[test]
fn a_variation_begins_on_a_past_position_steps_back_to_it_and_follows_the_record_s_own_move() {
    let mut play = two_people();
    for s in ["f5", "d6", "c3", "d3"] {
        play.apply(GameAction::Square(sq(s)), false);
    }
    play.apply(GameAction::Browse(Some(2)), false);
    // The record's own move there is followed in the record, not made a variation.
    assert_eq!(
        play.apply(GameAction::Square(sq("c3")), false),
        Outcome::Shown
    );
    assert_eq!(
        (play.browsing, play.variation().is_some()),
        (Some(3), false)
    );
    play.apply(GameAction::Step(-1), false);
    for s in ["c5", "f6"] {
        assert_eq!(play.apply(GameAction::Square(sq(s)), false), Outcome::Shown);
    }
    let variation = play.variation().unwrap();
    assert_eq!(
        (variation.at(), variation.all().0),
        (2, vec![sq("c5"), sq("f6")])
    );
    assert_eq!(play.shown(), variation.position());
    // ← steps back through it, then to the record's position it branched from.
    play.apply(GameAction::Step(-1), false);
    assert_eq!(play.variation().unwrap().all().1, 1);
    assert!(play.in_variation());
    play.apply(GameAction::Step(-1), false);
    assert!(!play.in_variation());
    assert_eq!(play.browsing, Some(2));
    // Back into it at its end.
    play.apply(GameAction::Variation { index: 0, plies: 2 }, false);
    assert_eq!(play.shown(), play.variation().unwrap().position());
    assert_eq!(play.game.transcript(), "f5d6c3d3");
    // Undo takes the record back before where it branched: it goes.
    play.apply(GameAction::Undo, false);
    assert_eq!(play.variations().len(), 1);
    play.apply(GameAction::Undo, false);
    play.apply(GameAction::Undo, false);
    assert!(play.variations().is_empty() && !play.in_variation());
}

#[test]
fn lines_tried_beside_the_game_make_a_tree_each_kept_and_found_again() {
    let mut play = two_people();
    for s in ["f5", "d6", "c3", "d3"] {
        play.apply(GameAction::Square(sq(s)), false);
    }
    play.apply(GameAction::Browse(Some(2)), false);
    for s in ["c5", "f6", "e6"] {
        play.apply(GameAction::Square(sq(s)), false);
    }
    // Back two moves, another: a second line that shares c5 with the first.
    play.apply(GameAction::Step(-2), false);
    assert_eq!(
        play.apply(GameAction::Square(sq("b4")), false),
        Outcome::Shown
    );
    assert_eq!(play.variations().len(), 2);
    assert_eq!(play.shown_variation(), Some(1));
    assert_eq!(play.variations()[1].all(), (vec![sq("c5"), sq("b4")], 2));
    assert_eq!(
        play.variations()[0].all().0.len(),
        3,
        "the first kept whole"
    );
    // From the record's position again, the first line's move: it is found, not tried anew.
    play.apply(GameAction::Browse(Some(2)), false);
    play.apply(GameAction::Square(sq("c5")), false);
    assert_eq!(play.variations().len(), 2);
    assert_eq!(play.shown_variation(), Some(0));
    assert_eq!(play.variation().unwrap().all().1, 1);
    // Its next move, played, follows it; another line from another ply is a third.
    play.apply(GameAction::Square(sq("f6")), false);
    assert_eq!(
        (play.variations().len(), play.variation().unwrap().all().1),
        (2, 2)
    );
    play.apply(GameAction::Browse(Some(1)), false);
    play.apply(GameAction::Square(sq("f6")), false);
    assert_eq!(play.variations().len(), 3);
    assert_eq!(play.variations()[2].at(), 1);
    // Each is shown by its place.
    play.apply(GameAction::Variation { index: 1, plies: 1 }, false);
    assert_eq!(play.shown_variation(), Some(1));
    assert_eq!(
        play.variation().unwrap().all(),
        (vec![sq("c5"), sq("b4")], 1)
    );
}
