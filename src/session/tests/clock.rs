//! The session's clock: charges, pacing, flags, the engine's budget, restores and imports.

use super::*;

#[test]
fn the_clock_runs_for_the_side_to_move_and_flags_at_zero() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        clock: Some(ClockSettings {
            minutes: 1,
            increment_s: 2,
        }),
        ..Settings::default()
    });
    s.apply(Action::Tick(1_000.0));
    s.apply(Action::Tick(11_000.0));
    let clock = s.play().clock().unwrap();
    assert_eq!(clock.remaining(Color::Black), 50_000.0);
    assert_eq!(clock.remaining(Color::White), 60_000.0);
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(s.play().clock().unwrap().remaining(Color::Black), 52_000.0);
    // The engine gets a share of its time.
    let Some((Request::Search { max_millis, id, .. }, _)) = s.channel.last_request() else {
        panic!()
    };
    let budget = max_millis.unwrap();
    assert!(budget > 1_000 && budget < 30_000, "{budget}");
    // White thinks for 61 s: it loses on time, and its late move is not played.
    s.apply(Action::Tick(72_000.0));
    assert_eq!(s.flagged(), Some(Color::White));
    assert!(s.is_finished());
    s.apply(best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5");
    s.apply(Action::Game(GameAction::Square(sq("d6"))));
    assert_eq!(s.play().game().transcript(), "f5");
}

fn one_minute(mode: Mode, delay_ms: u32) -> Program {
    Program::new(Settings {
        mode,
        ai_move_delay_ms: delay_ms,
        clock: Some(ClockSettings {
            minutes: 1,
            increment_s: 0,
        }),
        ..Settings::default()
    })
}

#[test]
fn each_move_is_charged_to_its_mover_however_the_ticks_fall() {
    // Black plays at once; white thinks 3.5 s, the last 3 s with the page's timers held (no tick); black
    // thinks 0.6 s.
    let mut s = one_minute(Mode::HumanVsHuman, 0);
    s.apply_at(1_000.0, Action::Tick(1_000.0));
    s.apply_at(1_000.0, Action::Game(GameAction::Square(sq("f5"))));
    s.apply_at(1_200.0, Action::Tick(1_200.0));
    s.apply_at(1_500.0, Action::Tick(1_500.0));
    s.apply_at(4_500.0, Action::Game(GameAction::Square(sq("d6"))));
    s.apply_at(5_100.0, Action::Game(GameAction::Square(sq("c3"))));
    let clock = s.play().clock().unwrap();
    assert_eq!(clock.remaining(Color::Black), 60_000.0 - 600.0);
    assert_eq!(clock.remaining(Color::White), 60_000.0 - 3_500.0);
}

#[test]
fn the_display_delay_of_an_ai_game_is_not_on_the_engines_clock() {
    let mut s = one_minute(Mode::AiVsAi, 1_500);
    s.apply_at(0.0, Action::Tick(0.0));
    let id = search_id(&s);
    assert!(matches!(s.channel.last_request(), Some((_, 1_500))));
    // The move comes 1.6 s later: 1.5 s of display, 0.1 s of thinking.
    for now in [200.0, 400.0, 1_400.0] {
        s.apply_at(now, Action::Tick(now));
    }
    s.apply_at(1_600.0, best_move(id, "f5"));
    assert_eq!(s.play().game().transcript(), "f5");
    let clock = s.play().clock().unwrap();
    assert_eq!(clock.remaining(Color::Black), 60_000.0 - 100.0);
    assert_eq!(clock.remaining(Color::White), 60_000.0);
}

#[test]
fn a_restored_game_gives_the_engine_a_share_of_its_saved_time() {
    let mut s = one_minute(
        Mode::HumanVsAi {
            human: Color::Black,
        },
        0,
    );
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let mut kept = s.kept();
    kept.clock = Some(crate::session::GameClock::resumed(
        s.play().settings().clock.unwrap(),
        [30_000.0, 2_000.0],
        None,
    ));
    let restored = Program::resume(
        crate::session::kept::persist::restore(&crate::session::kept::persist::save(&kept))
            .unwrap(),
    );
    assert_eq!(
        restored.play().clock().unwrap().remaining_ms(),
        [30_000.0, 2_000.0]
    );
    let Some((Request::Search { max_millis, .. }, _)) = restored.channel.last_request() else {
        panic!("the engine thinks again")
    };
    assert!(max_millis.unwrap() <= 1_000, "{max_millis:?}");
}

#[test]
fn a_game_imported_or_brought_back_after_a_loss_on_time_is_playable() {
    let mut s = one_minute(Mode::HumanVsHuman, 0);
    s.apply_at(0.0, Action::Game(GameAction::Square(sq("f5"))));
    s.apply_at(61_000.0, Action::Tick(61_000.0));
    assert_eq!(s.flagged(), Some(Color::White));
    s.apply_at(62_000.0, Action::Import("f5d6c3".to_string()));
    assert_eq!(s.flagged(), None);
    assert!(s.play().clock().is_none(), "an import carries no clock");
    s.apply_at(63_000.0, Action::Game(GameAction::Square(sq("d3"))));
    assert_eq!(s.play().game().transcript(), "f5d6c3d3");
    // The game put aside comes back with its own clock: still lost on time.
    s.apply_at(64_000.0, Action::BringBack);
    assert_eq!(s.play().game().transcript(), "f5");
    assert_eq!(s.flagged(), Some(Color::White));
    s.apply_at(65_000.0, Action::BringBack);
    assert_eq!(s.flagged(), None);
}

#[test]
fn a_shared_link_opened_after_a_loss_on_time_is_playable() {
    let mut s = one_minute(Mode::HumanVsHuman, 0);
    s.apply_at(0.0, Action::Game(GameAction::Square(sq("f5"))));
    s.apply_at(61_000.0, Action::Tick(61_000.0));
    assert_eq!(s.flagged(), Some(Color::White));
    s.apply_at(
        62_000.0,
        Action::OpenShared {
            start: None,
            transcript: "f5d6c3d3".to_string(),
            players: None,
            variations: Vec::new(),
        },
    );
    assert_eq!(s.flagged(), None);
    s.apply_at(63_000.0, Action::Game(GameAction::Square(sq("c4"))));
    assert_eq!(s.play().game().transcript(), "f5d6c3d3c4");
}

#[test]
fn the_training_room_keeps_the_game_waiting_without_clock_or_ai_move() {
    use crate::session::training::TrainingAction;
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        clock: Some(ClockSettings {
            minutes: 1,
            increment_s: 0,
        }),
        ..Settings::default()
    });
    s.apply_at(1_000.0, Action::Game(GameAction::Square(sq("f5"))));
    let search = search_id(&s);
    // Opening the room withdraws the AI's search and stops the clock.
    s.apply_at(2_000.0, Action::Training(TrainingAction::Open));
    assert!(s.channel.cancelled_since(0).contains(&search));
    assert!(!s.clock_running() && !s.ai_to_move());
    s.apply_at(50_000.0, Action::Tick(50_000.0));
    assert_eq!(s.play().clock().unwrap().remaining(Color::White), 59_000.0);
    // The game's controls wait; a late answer of the old search is not played.
    s.apply(Action::Game(GameAction::Undo));
    s.apply(best_move(search, "d6"));
    assert_eq!(s.play().game().transcript(), "f5");
    // Leaving the room: the AI thinks again, and the clock runs from then.
    s.apply_at(90_000.0, Action::Training(TrainingAction::Close));
    assert!(search_id(&s) > search);
    s.apply_at(91_000.0, Action::Tick(91_000.0));
    assert_eq!(s.play().clock().unwrap().remaining(Color::White), 58_000.0);
    assert_eq!(s.play().game().transcript(), "f5");
}
