//! Other starts (an XOT opening, a random position found by a worker), the AI's mistakes on the wire, an
//! expert game opened from the list, and a pasted board.

use super::*;
use crate::session::room::GamesAction;
use crate::session::room::RoomAction;

fn against_the_engine(start: Start) -> Program {
    Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        start,
        ..Settings::default()
    })
}

/// Answers the XOT start the session asked of a worker, as the worker does (its list, drawn by the seed).
fn answer_xot(s: &mut Program) {
    let Some((Request::XotStart { id, seed }, _)) = s.channel.last_request() else {
        panic!("no XOT start asked")
    };
    let opening = reversi_engine::xot::draw(seed).expect("an opening");
    s.apply(reply(Response::Start {
        id,
        moves: opening.moves,
        value: opening.value,
    }));
}

#[test]
fn an_xot_start_plays_its_eight_moves_then_the_person_is_to_move() {
    let mut s = against_the_engine(Start::Xot);
    // The list is the worker's: the game waits for its opening.
    assert!(s.asks().start().is_asking());
    assert_eq!(s.play().game().move_count(), 0);
    answer_xot(&mut s);
    assert_eq!(s.play().game().move_count(), 8);
    assert_eq!(s.play().game().to_move(), Color::Black);
    let (kind, value) = s.play().started().unwrap();
    assert_eq!(kind, Start::Xot);
    assert!(value.abs() <= 100);
    let openings = reversi_engine::xot::openings();
    assert!(openings.iter().any(|o| {
        o.moves.iter().map(|m| m.to_string()).collect::<String>() == s.play().game().transcript()
    }));
    // Each new game draws anew (the draws differ over a few games).
    let mut seen = std::collections::HashSet::new();
    for _ in 0..6 {
        s.apply(Action::NewGame(s.play().settings()));
        answer_xot(&mut s);
        seen.insert(s.play().game().transcript());
    }
    assert!(seen.len() > 1);
}

/// A reload while the random start is searched searches again, rather than showing the standard start and
/// saying nothing.
#[test]
fn a_random_start_being_searched_is_searched_again_after_a_reload() {
    let start = Start::Random {
        moves: 10,
        low: -2,
        high: 2,
    };
    let s = against_the_engine(start);
    assert!(s.asks().start().is_asking());
    let text = crate::session::kept::persist::save(&s.kept());
    let mut back = Program::resume(crate::session::kept::persist::restore(&text).unwrap());
    assert!(back.asks().start().is_asking(), "searched again");
    let Some((Request::RandomStart { id, moves, .. }, _)) = back.channel.last_request() else {
        panic!("asked for a start");
    };
    assert_eq!(moves, 10);
    let mut searcher = reversi_engine::Searcher::new(2);
    let (line, value) =
        reversi_engine::xot::random_start_native(&mut searcher, 10, (-2, 2), 5).unwrap();
    back.apply(reply(Response::Start {
        id,
        moves: line,
        value,
    }));
    assert_eq!(back.play().game().move_count(), 10);
    // A slot saved while it was searched: loaded, searched again too.
    let mut other = against_the_engine(Start::Standard);
    other.apply(Action::Restore(Box::new(
        crate::session::kept::persist::restore(&text).unwrap(),
    )));
    assert!(other.asks().start().is_asking());
    // Once the start came, a save of it is not searched again.
    let again = Program::resume(
        crate::session::kept::persist::restore(&crate::session::kept::persist::save(&back.kept()))
            .unwrap(),
    );
    assert!(!again.asks().start().is_asking());
    assert_eq!(again.play().game().move_count(), 10);
}

#[test]
fn a_random_start_waits_for_the_worker_then_the_game_begins() {
    let start = Start::Random {
        moves: 12,
        low: -2,
        high: 2,
    };
    let mut s = against_the_engine(start);
    let Some((
        Request::RandomStart {
            id,
            moves,
            low,
            high,
            ..
        },
        _,
    )) = s.channel.last_request()
    else {
        panic!("asked for a start");
    };
    assert_eq!((moves, low, high), (12, -2, 2));
    // Nothing moves while it looks.
    assert_eq!(s.clickable(), Bitboard::EMPTY);
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(s.play().game().move_count(), 0);
    let mut searcher = reversi_engine::Searcher::new(2);
    let (line, value) =
        reversi_engine::xot::random_start_native(&mut searcher, 12, (-2, 2), 5).unwrap();
    s.apply(reply(Response::Start {
        id,
        moves: line.clone(),
        value,
    }));
    assert_eq!(s.play().game().move_count(), 12);
    assert_eq!(s.play().started(), Some((start, value)));
    assert_eq!(s.asks().start().asked_id(), None);
    // Black to move is the person; white to move is the engine, which now thinks.
    if s.play().game().to_move() == Color::White {
        search_id(&s);
    } else {
        assert_ne!(s.clickable(), Bitboard::EMPTY);
    }
}

#[test]
fn a_random_start_not_found_leaves_the_standard_start() {
    let mut s = against_the_engine(Start::Random {
        moves: 10,
        low: 60,
        high: 64,
    });
    let id = s.asks().start().asked_id().unwrap();
    s.apply(reply(Response::Error {
        id,
        error: crate::protocol::WorkerError::NoRandomStart {
            moves: 20,
            low: -2,
            high: 2,
        },
    }));
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::EngineError { .. })
    ));
    assert_eq!(s.play().game().move_count(), 0);
    assert_ne!(s.clickable(), Bitboard::EMPTY);
}

#[test]
fn the_ai_mistakes_go_with_its_searches() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::White,
        },
        mistakes: Some(reversi_engine::mistakes::Mistakes {
            max_loss: 4,
            one_in: 5,
        }),
        ..Settings::default()
    });
    match s.channel.last_request() {
        Some((Request::Search { mistakes, .. }, _)) => {
            assert_eq!(mistakes.map(|m| (m.max_loss, m.one_in)), Some((4, 5)))
        }
        other => panic!("expected a search, found {other:?}"),
    }
    // The hint is the engine's best, never a mistake.
    s.apply(Action::NewGame(Settings {
        mode: Mode::HumanVsHuman,
        ..s.play().settings()
    }));
    s.apply(Action::Hint);
    match s.channel.last_request() {
        Some((Request::Search { mistakes, .. }, _)) => assert_eq!(mistakes, None),
        other => panic!("expected a search, found {other:?}"),
    }
}

#[test]
fn an_expert_game_opens_at_its_position_and_the_game_before_comes_back() {
    let mut s = hvh();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    s.apply(Action::Room(RoomAction::Games(GamesAction::Open(true))));
    assert!(matches!(
        s.room_channel.last_request(),
        Some((Request::Games { offset: 0, .. }, _))
    ));
    let at = s.play().game().position();
    // A game found for the position after f5, written in its frame.
    s.apply(Action::OpenExpertGame {
        transcript: "f5d6c3d3c4".into(),
        at,
        title: ExpertTitle {
            black: "A".into(),
            white: "B".into(),
            tournament: "Open".into(),
            year: 2001,
            black_discs: 40,
        },
    });
    assert_eq!(s.play().game().transcript(), "f5d6c3d3c4");
    assert_eq!(s.play().browsing(), Some(1));
    assert_eq!(s.shown(), at);
    assert_eq!(s.play().settings().mode, Mode::HumanVsHuman);
    assert!(s.play().expert().is_some());
    s.apply(Action::BringBack);
    assert_eq!(s.play().game().transcript(), "f5");
    assert_eq!(s.play().expert(), None);
}

#[test]
fn the_games_list_pages_searches_and_follows_the_board() {
    let mut s = hvh();
    s.apply(Action::Room(RoomAction::Games(GamesAction::Open(true))));
    // The room's last request for games (the graph's valuations go between).
    let last = |s: &Program| {
        s.room_channel
            .pending_since(0)
            .into_iter()
            .rev()
            .find_map(|(request, _)| match request {
                Request::Games {
                    id,
                    position,
                    player,
                    offset,
                    ..
                } => Some((id, position, player, offset)),
                _ => None,
            })
            .expect("a games request")
    };
    let (id, position, _, offset) = last(&s);
    assert_eq!((position, offset), (Position::START, 0));
    let answer = |id, total| {
        reply(Response::Games {
            id,
            total,
            games: Vec::new(),
        })
    };
    s.apply(answer(id, 124_106));
    assert_eq!(
        s.room()
            .games()
            .shown(&Position::START)
            .map(|(_, page)| page.total),
        Some(124_106)
    );
    s.apply(Action::Room(RoomAction::Games(GamesAction::Page(10))));
    let (_, _, _, offset) = last(&s);
    assert_eq!(offset, 10);
    // A search starts from the first page; an old answer arriving late is not shown.
    s.apply(Action::Room(RoomAction::Games(GamesAction::Player(
        "Tastet".into(),
    ))));
    let (search, _, player, offset) = last(&s);
    assert_eq!((player.as_str(), offset), ("Tastet", 0));
    s.apply(answer(id, 5));
    assert_eq!(
        s.room()
            .games()
            .shown(&Position::START)
            .map(|(_, page)| page.total),
        None
    );
    s.apply(answer(search, 2_000));
    assert_eq!(
        s.room()
            .games()
            .shown(&Position::START)
            .map(|(_, page)| page.total),
        Some(2_000)
    );
    // The board moves: the list follows, from its first page, with the same name.
    s.apply(Action::Room(RoomAction::Games(GamesAction::Page(20))));
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let (_, position, player, offset) = last(&s);
    assert_eq!(
        (position, player.as_str(), offset),
        (s.play().game().position(), "Tastet", 0)
    );
    // A failed load says why and asks again only when the list is opened again.
    let (failed, ..) = last(&s);
    s.apply(reply(Response::Error {
        id: failed,
        error: crate::protocol::WorkerError::DataMissing {
            file: crate::protocol::DataFile::Games,
            status: Some(404),
        },
    }));
    assert!(s.room().games().error().is_some());
    let games_asked = |s: &Program| {
        s.room_channel
            .pending_since(0)
            .iter()
            .filter(|(r, _)| matches!(r, Request::Games { .. }))
            .count()
    };
    let before = games_asked(&s);
    s.apply(Action::Game(GameAction::Square(sq("d6"))));
    assert_eq!(games_asked(&s), before, "not asked again by itself");
    s.apply(Action::Room(RoomAction::Games(GamesAction::Open(true))));
    assert_eq!(games_asked(&s), before + 1);
}

#[test]
fn a_pasted_board_starts_a_game_and_a_bad_one_changes_nothing() {
    let mut s = hvh();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let board = "...........................wb......bw...........................";
    s.apply(Action::Import(format!("{board} w")));
    assert_eq!(s.play().game().position().to_move, Color::White);
    assert_eq!(s.play().game().move_count(), 0);
    s.apply(Action::Import(board[..50].to_string()));
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::ImportedBoardBad {
            error: reversi_engine::PositionError::BadLength { actual: 50, .. }
        })
    ));
    assert_eq!(
        s.play().game().position().to_move,
        Color::White,
        "unchanged"
    );
}

#[test]
fn an_expert_game_opened_shows_nothing_of_the_engine_s_last_move_in_the_game_before() {
    let mut s = Program::new(Settings::default());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply(best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6");
    assert!(s.asks().last_search().is_some());
    let at = s.play().game().position();
    s.apply(Action::OpenExpertGame {
        transcript: "f5d6c3d3c4".into(),
        at,
        title: ExpertTitle {
            black: "A".into(),
            white: "B".into(),
            tournament: "Open".into(),
            year: 2001,
            black_discs: 40,
        },
    });
    assert_eq!(s.play().game().transcript(), "f5d6c3d3c4");
    assert!(
        s.asks().last_search().is_none(),
        "the old game's line is gone"
    );
    assert!(s.line().is_empty());
}
