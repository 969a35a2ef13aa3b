//! The engine's reply to the person's move waits until [`MIN_REPLY_MS`] after it, off the engine's clock.

use super::*;

fn against_the_engine(clock: Option<ClockSettings>) -> Program {
    Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        clock,
        ..Settings::default()
    })
}

#[test]
fn a_quick_reply_is_held_until_due_then_played() {
    let mut s = against_the_engine(None);
    s.apply_at(1_000.0, Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply_at(1_025.0, best_move(id, "d6"));
    assert_eq!(
        s.play().game().transcript(),
        "f5",
        "not yet: the person's move is still landing"
    );
    assert!(s.ai_to_move(), "the engine still shows as thinking");
    assert_eq!(s.wake_at(), Some(1_000.0 + MIN_REPLY_MS));
    // A tick before it is due changes nothing.
    s.apply_at(1_300.0, Action::Tick(1_300.0));
    assert_eq!(s.play().game().transcript(), "f5");
    s.apply_at(1_400.0, Action::Tick(1_400.0));
    assert_eq!(s.play().game().transcript(), "f5d6");
    assert_eq!(s.wake_at(), None);
    assert!(!s.ai_to_move());
}

#[test]
fn a_slow_reply_is_played_at_once() {
    let mut s = against_the_engine(None);
    s.apply_at(1_000.0, Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply_at(1_400.0, best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6");
    assert_eq!(s.wake_at(), None);
}

#[test]
fn undo_drops_a_held_reply() {
    let mut s = against_the_engine(None);
    s.apply_at(1_000.0, Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply_at(1_100.0, best_move(id, "d6"));
    s.apply_at(1_200.0, Action::Game(GameAction::Undo));
    assert_eq!(s.play().game().transcript(), "");
    assert_eq!(s.wake_at(), None);
    s.apply_at(2_000.0, Action::Tick(2_000.0));
    assert_eq!(
        s.play().game().transcript(),
        "",
        "the dropped reply never lands"
    );
}

#[test]
fn the_engine_against_itself_keeps_its_own_pace() {
    let mut s = Program::new(Settings {
        mode: Mode::AiVsAi,
        ai_move_delay_ms: 0,
        ..Settings::default()
    });
    let id = search_id(&s);
    s.apply_at(1_000.0, best_move(id, "f5"));
    let id = search_id(&s);
    s.apply_at(1_010.0, best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6");
}

#[test]
fn the_wait_is_not_on_the_engine_clock() {
    let mut s = against_the_engine(Some(ClockSettings {
        minutes: 1,
        increment_s: 0,
    }));
    s.apply_at(1_000.0, Action::Tick(1_000.0));
    s.apply_at(2_000.0, Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    // The engine answers in 100 ms; the clock ticks during the wait; the reply lands at 2,400.
    s.apply_at(2_100.0, best_move(id, "d6"));
    s.apply_at(2_200.0, Action::Tick(2_200.0));
    s.apply_at(2_400.0, Action::Tick(2_400.0));
    assert_eq!(s.play().game().transcript(), "f5d6");
    let clock = s.play().clock().unwrap();
    assert_eq!(clock.remaining(Color::White), 60_000.0 - 100.0);
    assert_eq!(clock.remaining(Color::Black), 60_000.0 - 1_000.0);
}

/// The quick pace (for the browser tests that play whole games): the reply is played as it comes, and each
/// search is capped at 150 ms, within what a clock allows.
#[test]
fn the_quick_pace_holds_nothing_and_caps_each_search() {
    let max_millis = |s: &Program| match s.channel.last_request() {
        Some((Request::Search { max_millis, .. }, _)) => max_millis,
        other => panic!("{other:?}"),
    };
    let mut s = against_the_engine(None);
    s.pace = Pace::QUICK;
    s.apply_at(1_000.0, Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(max_millis(&s), Some(150));
    let id = search_id(&s);
    s.apply_at(1_010.0, best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6", "played at once");
    // A new game keeps the pace.
    s.apply(Action::NewGame(Settings {
        mode: Mode::HumanVsAi {
            human: Color::White,
        },
        clock: Some(ClockSettings {
            minutes: 1,
            increment_s: 0,
        }),
        ..Settings::default()
    }));
    assert_eq!(s.pace, Pace::QUICK);
    assert_eq!(max_millis(&s), Some(150));
    // The page's own pace asks the clock's share alone (a minute's share is over 150 ms).
    let mut normal = against_the_engine(None);
    normal.apply(Action::NewGame(s.play().settings()));
    assert!(max_millis(&normal).is_some_and(|ms| ms > 150));
}

/// The engine against itself waits the chosen speed before each search at the page's own pace, and none at
/// the quick one.
#[test]
fn the_quick_pace_plays_the_engine_against_itself_without_its_speed() {
    let delay = |pace: Pace| {
        let mut s = Program::new(Settings::default());
        s.pace = pace;
        s.apply(Action::NewGame(Settings {
            mode: Mode::AiVsAi,
            ai_move_delay_ms: 100,
            ..Settings::default()
        }));
        match s.channel.last_request() {
            Some((Request::Search { .. }, delay)) => delay,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(delay(Pace::NORMAL), 100);
    assert_eq!(delay(Pace::QUICK), 0);
}

#[test]
fn after_the_engine_s_move_leaves_the_person_no_move_its_next_waits_for_the_pass_to_be_read() {
    let mut s = against_the_engine(None);
    // White (the engine) to move: a1 takes b1 and c1 and leaves Black only h7, with no move; White then
    // has h6.
    let empty = "-".repeat(8);
    let text = format!("-XXO----{empty}{empty}---OO------OO---{empty}-------X-------O O");
    let position = reversi_engine::Position::from_pasted(&text).unwrap();
    s.apply_at(1_000.0, Action::SetUp(position));
    assert!(s.ai_to_move());
    let id = search_id(&s);
    s.apply_at(1_100.0, best_move(id, "a1"));
    assert_eq!(
        s.play().game().last_move(),
        Some(Move::Pass),
        "Black passed"
    );
    assert!(s.ai_to_move());
    let id = search_id(&s);
    s.apply_at(1_150.0, best_move(id, "h6"));
    assert_eq!(
        s.play().game().last_move(),
        Some(Move::Pass),
        "the pass is still shown"
    );
    assert_eq!(s.wake_at(), Some(1_100.0 + PASS_PAUSE_MS));
    s.apply_at(2_300.0, Action::Tick(2_300.0));
    assert_eq!(s.play().game().last_move(), Some(Move::Place(sq("h6"))));
}
