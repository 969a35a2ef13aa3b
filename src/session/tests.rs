//! The session's rules, tested natively.
use super::*;
use crate::protocol::{Request, RequestId, Response, ScoreKind, SearchReport};
use crate::session::room::RoomAction;
use crate::session::training::TrainingAction;
use reversi_engine::{Game, Move, Position, Square};

use super::testing::{reply, Program, Step};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

fn hvh() -> Program {
    Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    })
}

pub(super) fn search_id(session: &Program) -> RequestId {
    match session.channel.last_request() {
        Some((Request::Search { id, .. }, _)) => id,
        other => panic!("expected a search request, found {other:?}"),
    }
}

pub(super) fn best_move(id: RequestId, best: &str) -> Step {
    reply(Response::BestMove {
        id,
        report: SearchReport {
            best: best.parse().unwrap(),
            score: 0,
            kind: ScoreKind::Midgame { depth: 1 },
            line: Vec::new(),
            nodes: 1,
            millis: 1,
        },
    })
}

#[test]
fn human_vs_human_plays_clicks_and_ignores_illegal_ones() {
    let mut s = hvh();
    assert_eq!(s.channel.seq(), 0);
    s.apply(Action::Game(GameAction::Square(sq("a1"))));
    assert_eq!(
        s.notice().cloned(),
        Some(Notice::NotLegal {
            square: sq("a1"),
            occupied: false
        })
    );
    assert_eq!(s.play().game().transcript(), "");
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    s.apply(Action::Game(GameAction::Square(sq("d6"))));
    assert_eq!(s.play().game().transcript(), "f5d6");
    assert_eq!(s.notice().cloned(), None);
    s.apply(Action::Game(GameAction::Undo));
    assert_eq!(s.play().game().transcript(), "f5");
    s.apply(Action::Game(GameAction::Redo));
    assert_eq!(s.play().game().transcript(), "f5d6");
}

#[test]
fn ai_replies_and_undo_returns_to_the_human_turn() {
    let mut s = Program::new(Settings::default()); // human black vs AI
    assert_eq!(s.channel.seq(), 0, "black moves first: the person");
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    assert!(s.ai_to_move());
    assert_eq!(s.clickable(), Bitboard::EMPTY);
    s.apply(Action::Game(GameAction::Square(sq("d6"))));
    assert_eq!(s.notice().cloned(), Some(Notice::NotYourTurn));
    s.apply(best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6");
    assert!(!s.ai_to_move());
    // Undo takes back both plies.
    s.apply(Action::Game(GameAction::Undo));
    assert_eq!(s.play().game().transcript(), "");
    // Redo replays the person's move and the engine's reply.
    s.apply(Action::Game(GameAction::Redo));
    assert_eq!(s.play().game().transcript(), "f5d6");
}

#[test]
fn ai_plays_black_first_and_ai_vs_ai_keeps_going() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::White,
        },
        ..Settings::default()
    });
    let id = search_id(&s);
    let seq = s.channel.seq();
    s.apply(best_move(id, "f5"));
    assert_eq!(s.play().game().transcript(), "f5");
    assert!(s.channel.pending_since(seq).is_empty());

    let mut s = Program::new(Settings {
        mode: Mode::AiVsAi,
        ..Settings::default()
    });
    for expected in ["f5", "d6", "c3"] {
        let (request, delay) = s.channel.last_request().unwrap();
        assert_eq!(delay, s.play().settings().ai_move_delay_ms);
        let Request::Search { id, .. } = request else {
            panic!()
        };
        s.apply(best_move(id, expected));
    }
    assert_eq!(s.play().game().transcript(), "f5d6c3");
}

#[test]
fn a_replaced_worker_is_announced_and_its_search_still_answers() {
    // The pool replaces a dead worker and asks again with the same request: the session only says so.
    let mut s = Program::new(Settings::default());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply(Action::WorkerRestarted(Asker::Game(GameAsk::Search)));
    assert_eq!(s.notice().cloned(), Some(Notice::WorkerRestarted));
    assert_eq!(s.asks().search().asked_id(), Some(id));
    s.apply(best_move(id, "d6"));
    assert_eq!(s.play().game().transcript(), "f5d6");
}

#[test]
fn play_again_keeps_the_settings() {
    let settings = Settings {
        mistakes: None,
        start: Default::default(),
        mode: Mode::HumanVsAi {
            human: Color::White,
        },
        black_level: 7,
        white_level: 7,
        ai_move_delay_ms: 0,
        clock: None,
    };
    let mut s = Program::new(settings);
    s.apply(Action::PlayAgain);
    assert_eq!(s.play().settings(), settings);
    assert!(matches!(
        s.channel.last_request(),
        Some((Request::Search { level: 7, .. }, _))
    ));
}

#[test]
fn restoring_a_slot_keeps_request_ids_increasing() {
    let mut s = Program::new(Settings::default());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let old = search_id(&s);
    let saved = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::White,
        },
        ..Settings::default()
    })
    .kept();
    s.apply(Action::Restore(Box::new(saved)));
    assert_eq!(s.play().game().transcript(), "");
    let new = search_id(&s);
    assert!(new > old, "the engine (black) thinks with a fresh id");
    s.apply(best_move(old, "d6"));
    assert_eq!(s.play().game().transcript(), "");
}

#[test]
fn a_set_up_position_starts_a_game_from_there() {
    let mut s = hvh();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let position = Game::from_transcript("f5d6c3").unwrap().position();
    s.apply(Action::SetUp(position));
    assert_eq!(s.play().game().start(), position);
    assert_eq!(s.play().game().transcript(), "");
    assert!(!s.play().game().can_undo());
    s.apply(Action::Game(GameAction::Square(sq("d3"))));
    assert_eq!(s.play().game().transcript(), "d3");
}

#[test]
fn illegal_engine_answers_are_reported_not_played() {
    let mut s = Program::new(Settings::default());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply(best_move(id, "a1"));
    assert_eq!(s.play().game().transcript(), "f5");
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::EngineError { .. })
    ));
}

/// The analysis's values of the position shown, if they came for it.
pub(super) fn values_shown(s: &Program) -> Vec<(Square, i32)> {
    s.asks
        .analysis_for(&s.shown())
        .map(|a| a.values())
        .unwrap_or_default()
}

/// A worker's report of an analysis at `depth`: the moves with their values, best first.
pub(super) fn analysed(id: RequestId, depth: u32, values: &[(&str, i32)]) -> Step {
    reply(Response::Analysis {
        id,
        analysis: crate::protocol::WireAnalysis {
            depth,
            exact: false,
            moves: values
                .iter()
                .map(|&(square, value)| crate::protocol::AnalysedMove {
                    square: sq(square),
                    value,
                    line: vec![sq(square)],
                    book: None,
                })
                .collect(),
            nodes: 1,
        },
    })
}

#[test]
fn hints_and_analysis_belong_to_their_position() {
    let mut s = hvh();
    s.apply(Action::Hint);
    let hint_id = match &s.channel.pending_since(0)[..] {
        [(Request::Search { id, level, .. }, 0)] => {
            assert_eq!(*level, HINT_LEVEL);
            *id
        }
        other => panic!("{other:?}"),
    };
    s.apply(best_move(hint_id, "d3"));
    assert_eq!(s.asks().hint().and_then(|h| h.square()), Some(sq("d3")));
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    let Some((Request::Analyse { id, .. }, _)) = s.channel.last_request() else {
        panic!()
    };
    // A move before the analysis arrives: the old analysis is dropped, a new one asked for.
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(s.asks().hint(), None);
    let Some((
        Request::Analyse {
            id: new_id,
            position,
            ..
        },
        _,
    )) = s.channel.last_request()
    else {
        panic!()
    };
    s.apply(analysed(id, 4, &[("d3", 0)]));
    assert!(values_shown(&s).is_empty());
    let id = new_id;
    assert_eq!(position, s.play().game().position());
    s.apply(analysed(id, 4, &[("d6", 50), ("f6", -20)]));
    assert_eq!(values_shown(&s), [(sq("d6"), 50), (sq("f6"), -20)]);
}

#[test]
fn a_forced_pass_is_applied_by_the_rules() {
    // A game where black must pass is replayed in human vs human: the record shows the pass and the
    // same side plays on.
    let position: Position = format!("XXXXXXXXXO------{} O", "X".repeat(48))
        .parse()
        .unwrap();
    let mut s = hvh();
    s.apply(Action::SetUp(position));
    assert_eq!(s.play().game().last_move(), Some(Move::Pass));
    assert_eq!(s.play().game().to_move(), Color::Black);
    assert!(!s.clickable().is_empty());
}

#[test]
fn browsing_shows_the_past_and_its_moves_go_into_a_variation() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    s.apply(Action::Game(GameAction::Browse(Some(1))));
    assert_eq!(s.play().browsing(), Some(1));
    assert_eq!(s.clickable(), s.shown().board.moves());
    s.apply(Action::Game(GameAction::Square(sq("f6"))));
    assert_eq!(s.notice().cloned(), None);
    assert_eq!(s.play().game().transcript(), "f5d6c3");
    assert!(s.play().in_variation());
    s.apply(Action::Game(GameAction::Browse(Some(1))));
    s.apply(Action::Game(GameAction::Browse(None)));
    assert!(!s.clickable().is_empty());
    s.apply(Action::Game(GameAction::Browse(Some(99))));
    assert_eq!(s.play().browsing(), None);
}

#[test]
fn a_new_or_imported_game_starts_without_the_old_review() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    s.apply(Action::Import("f5d6c3".into()));
    s.apply(Action::Room(RoomAction::StartReview));
    assert!(s.room().reviewing());
    let asked = s.room().waiting();
    assert!(!asked.is_empty());
    let seq = s.room_channel.seq();
    s.apply(Action::Import("e6f4".into()));
    assert_eq!(s.room().review(), None);
    assert_eq!(
        s.room_channel.cancelled_since(seq),
        asked,
        "the running review was stopped"
    );
    s.apply(Action::Room(RoomAction::StartReview));
    s.apply(Action::NewGame(s.play().settings()));
    assert_eq!(s.room().review(), None);
}

mod analysis;
mod aside;
mod clock;
mod history;
mod imports;
mod pacing;
mod requests;
mod saves;
mod screens;
mod starts;

#[test]
fn a_colour_by_lot_is_drawn_again_at_each_play_again() {
    let mut s = hvh();
    let settings = Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        ..Settings::default()
    };
    s.apply(Action::NewGameByLot(settings));
    assert!(s.by_lot());
    let mut colours = Vec::new();
    for _ in 0..16 {
        let Mode::HumanVsAi { human } = s.play().settings().mode else {
            panic!("still against the AI");
        };
        colours.push(human);
        s.apply(Action::PlayAgain);
        assert!(s.by_lot(), "kept by play again");
    }
    assert!(
        colours.contains(&Color::Black) && colours.contains(&Color::White),
        "{colours:?}"
    );
    // A colour chosen: kept as chosen.
    s.apply(Action::NewGame(settings));
    s.apply(Action::PlayAgain);
    assert!(!s.by_lot());
    assert_eq!(
        s.play().settings().mode,
        Mode::HumanVsAi {
            human: Color::Black
        }
    );
}
