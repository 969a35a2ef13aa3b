//! Browsing the record: the analysis of the position shown, going on from it, and the engine's line.

use super::*;
use crate::protocol::{RequestId, ScoreKind};
use reversi_engine::Square;

fn analysed_position(s: &Program) -> Option<Position> {
    match s.channel.last_request() {
        Some((Request::Analyse { position, .. }, _)) => Some(position),
        _ => None,
    }
}

#[test]
fn browsing_with_the_analysis_on_analyses_the_position_shown() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    assert_eq!(analysed_position(&s), Some(s.play().game().position()));
    s.apply(Action::Game(GameAction::Browse(Some(1))));
    let shown = s.play().game().plies()[1].before;
    assert_eq!(analysed_position(&s), Some(shown));
    let Some((Request::Analyse { id, .. }, _)) = s.channel.last_request() else {
        panic!()
    };
    s.apply(analysed(id, 4, &[("c5", 150)]));
    assert_eq!(s.asks().analysis().answer().map(|(p, _)| *p), Some(shown));
    assert_eq!(values_shown(&s), vec![(sq("c5"), 150)]);
    // Back to the game: its own position is analysed again.
    s.apply(Action::Game(GameAction::Browse(None)));
    assert_eq!(analysed_position(&s), Some(s.play().game().position()));
    assert!(values_shown(&s).is_empty());
}

#[test]
fn play_from_here_takes_back_the_later_moves_and_keeps_them_a_redo_away() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3", "d3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    s.apply(Action::Game(GameAction::Browse(Some(2))));
    s.apply(Action::Game(GameAction::PlayFromHere));
    assert_eq!(s.play().browsing(), None);
    assert_eq!(s.play().game().transcript(), "f5d6");
    assert!(!s.clickable().is_empty());
    s.apply(Action::Game(GameAction::Redo));
    s.apply(Action::Game(GameAction::Redo));
    assert_eq!(
        s.play().game().transcript(),
        "f5d6c3d3",
        "the main line is still there"
    );
    // Without browsing, nothing happens.
    s.apply(Action::Game(GameAction::PlayFromHere));
    assert_eq!(s.play().game().transcript(), "f5d6c3d3");
}

#[test]
fn play_from_here_against_the_engine_lets_it_move_when_it_is_its_turn() {
    let mut s = Program::new(Settings::default()); // the person black
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply(best_move(id, "d6"));
    s.apply(Action::Game(GameAction::Square(sq("c3"))));
    let id = search_id(&s);
    s.apply(best_move(id, "d3"));
    s.apply(Action::Game(GameAction::Browse(Some(1)))); // after f5: white (the engine) to move
    s.apply(Action::Game(GameAction::PlayFromHere));
    assert_eq!(s.play().game().transcript(), "f5");
    assert!(s.ai_to_move());
    assert!(matches!(
        s.channel.last_request(),
        Some((Request::Search { .. }, _))
    ));
}

fn line(moves: &str) -> Vec<Square> {
    moves
        .as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
        .collect()
}

/// The engine's answer to request `id`: the first move of `moves`, with `moves` as its line.
fn best_with_line(id: RequestId, moves: &str) -> Step {
    let pv = line(moves);
    reply(Response::BestMove {
        id,
        report: SearchReport {
            best: Move::Place(pv[0]),
            score: 0,
            kind: ScoreKind::Midgame { depth: 5 },
            line: pv,
            nodes: 20,
            millis: 5,
        },
    })
}

#[test]
fn the_line_is_the_hint_s_the_thinking_engine_s_or_the_rest_of_its_last() {
    let mut s = Program::new(Settings::default());
    assert!(s.line().is_empty());
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let id = search_id(&s);
    s.apply(reply(Response::Thinking {
        id,
        report: SearchReport {
            best: Move::Place(sq("d6")),
            score: 0,
            kind: ScoreKind::Midgame { depth: 4 },
            line: line("d6c3d3"),
            nodes: 10,
            millis: 0,
        },
    }));
    assert_eq!(s.line(), line("d6c3d3"));
    s.apply(best_with_line(id, "d6c3d3c4"));
    assert_eq!(s.line(), line("c3d3c4"), "what it expects after its move");
    s.apply(Action::Hint);
    let Some((Request::Search { id, .. }, _)) = s.channel.last_request() else {
        panic!()
    };
    s.apply(best_with_line(id, "c5f4"));
    assert_eq!(s.line(), line("c5f4"));
    s.apply(Action::Game(GameAction::Browse(Some(0))));
    assert!(
        s.line().is_empty(),
        "browsing: the game's line is not the position's"
    );
    s.apply(Action::Game(GameAction::Browse(None)));
    s.apply(Action::Game(GameAction::Square(sq("c5"))));
    assert!(s.asks().hint().is_none(), "the hint went with its position");
}

#[test]
fn the_arrow_keys_step_through_the_record_and_stop_at_its_ends() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    s.apply(Action::Game(GameAction::Step(1)));
    assert_eq!(s.play().browsing(), None, "already at the game's position");
    s.apply(Action::Game(GameAction::Step(-1)));
    assert_eq!(s.play().browsing(), Some(2));
    s.apply(Action::Game(GameAction::Step(-5)));
    assert_eq!(s.play().browsing(), Some(0));
    s.apply(Action::Game(GameAction::Step(2)));
    assert_eq!(s.play().browsing(), Some(2));
    s.apply(Action::Game(GameAction::Step(1)));
    assert_eq!(s.play().browsing(), None);
}
