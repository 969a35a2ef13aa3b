//! The engine's requests as the session sends and takes them: a move stops what was asked for the position
//! before, two actions reduced before the page sends both, an error ends only its own request, the explorer
//! asked again, stale replies ignored.

use super::*;

#[test]
fn a_move_during_an_analysis_or_a_hint_stops_it_before_the_engine_thinks() {
    // Human vs AI (the person plays black) with the analysis on: an analysis is in flight at the
    // person's turn; their move makes it stale, so it is withdrawn (its worker stops) before the AI's search.
    let mut s = Program::new(Settings::default());
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    let analysis = s.asks().analysis().asked_id().unwrap();
    let seq = s.channel.seq();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(
        s.channel.cancelled_since(seq),
        [analysis],
        "the stale analysis is stopped"
    );
    assert!(s.asks().search().asked_id().is_some());
    assert!(matches!(
        s.channel.pending_since(seq)[..],
        [(Request::Search { .. }, 0)]
    ));
    // The same for a hint, in a game between two people.
    let mut s = hvh();
    s.apply(Action::Hint);
    let hint = s.asks().hint_ask().asked_id().unwrap();
    let seq = s.channel.seq();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(
        s.channel.cancelled_since(seq),
        [hint],
        "the stale hint is stopped"
    );
    assert_eq!(s.asks().hint_ask().asked_id(), None);
    // Nothing in flight: nothing withdrawn.
    let seq = s.channel.seq();
    s.apply(Action::Game(GameAction::Square(sq("d6"))));
    assert!(s.channel.cancelled_since(seq).is_empty());
}

#[test]
fn two_actions_reduced_before_the_page_sends_both_get_their_requests_sent() {
    // A hint, then a puzzle, then a clock tick, all before the page's effect runs: every request is
    // still in the channel after the last mark the page sent.
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        clock: Some(ClockSettings {
            minutes: 1,
            increment_s: 0,
        }),
        ..Settings::default()
    });
    let sent = s.channel.seq();
    s.apply(Action::Hint);
    s.apply(Action::Training(TrainingAction::StartPuzzles(1)));
    s.apply(Action::Tick(1_000.0));
    s.apply(reply(Response::Pong {
        id: 12345,
        version: String::new(),
        stop_flag: None,
    }));
    let pending = s.channel.pending_since(sent);
    assert!(
        matches!(
            pending[..],
            [
                (
                    Request::Search {
                        level: HINT_LEVEL,
                        ..
                    },
                    0
                ),
                (Request::Puzzle { .. }, 0)
            ]
        ),
        "{pending:?}"
    );
}

#[test]
fn an_error_ends_only_its_own_request() {
    let mut s = hvh();
    s.apply(Action::Hint);
    let hint = s.asks().hint_ask().asked_id().unwrap();
    s.apply(Action::Training(TrainingAction::StartPuzzles(1)));
    let Some((Request::Puzzle { id: puzzle, .. }, _)) = s.channel.last_request() else {
        panic!()
    };
    s.apply(reply(Response::Error {
        id: hint,
        error: crate::protocol::WorkerError::NoPuzzle,
    }));
    assert_eq!(s.asks().hint_ask().asked_id(), None);
    assert!(s.training().waits_for(puzzle), "the puzzle goes on");
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::EngineError { .. })
    ));
    // An error for somebody else's request (the room's) leaves the AI's search alone.
    let mut s = Program::new(Settings::default());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply(reply(Response::Error {
        id: id + 1000,
        error: crate::protocol::WorkerError::NoPuzzle,
    }));
    assert_eq!(s.asks().search().asked_id(), Some(id));
    assert_eq!(s.notice().cloned(), None);
    s.apply(best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6");
}

#[test]
fn play_again_with_the_explorer_open_asks_the_explorer() {
    let mut s = hvh();
    s.apply(Action::Room(RoomAction::SetExplorer(true)));
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let sent = s.room_channel.seq();
    s.apply(Action::PlayAgain);
    let pending = s.room_channel.pending_since(sent);
    assert!(
        pending.iter().any(
            |(r, _)| matches!(r, Request::Explore { position, .. } if *position == Position::START)
        ),
        "{pending:?}"
    );
}

#[test]
fn stale_replies_are_ignored() {
    let mut s = Program::new(Settings::default());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let old = search_id(&s);
    let seq = s.channel.seq();
    // Undo while the engine thinks: back to the start, the search is withdrawn (its worker stops).
    s.apply(Action::Game(GameAction::Undo));
    assert_eq!(s.play().game().transcript(), "");
    assert_eq!(s.asks().search().asked_id(), None);
    assert_eq!(s.channel.cancelled_since(seq), [old]);
    s.apply(best_move(old, "d6"));
    assert_eq!(
        s.play().game().transcript(),
        "",
        "a stale move never appears"
    );
    // New game: a reply to the old game's request is dropped too.
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let old = search_id(&s);
    s.apply(Action::NewGame(Settings::default()));
    s.apply(best_move(old, "d6"));
    assert_eq!(s.play().game().transcript(), "");
    // Request ids never repeat across games.
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert!(search_id(&s) > old);
}
