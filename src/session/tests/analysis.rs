//! The analysis on the board: it deepens report after report, the hint follows it while it is on, and a
//! hidden page stops it.

use super::*;
use crate::protocol::RequestId;

/// The analysis asked last: its id and limit.
fn analysis_asked(s: &Program) -> (RequestId, Option<u32>) {
    match s.channel.last_request() {
        Some((Request::Analyse { id, limit, .. }, _)) => (id, limit),
        other => panic!("{other:?}"),
    }
}

fn depth_shown(s: &Program) -> Option<u32> {
    s.asks().analysis_for(&s.shown()).map(|a| a.depth)
}

#[test]
fn the_analysis_deepens_report_after_report_until_it_ends() {
    let mut s = hvh();
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    let (id, limit) = analysis_asked(&s);
    assert_eq!(
        limit, None,
        "by default it deepens until the position changes"
    );
    s.apply(analysed(id, 2, &[("d3", 10)]));
    assert_eq!(depth_shown(&s), Some(2));
    s.apply(analysed(id, 4, &[("c4", 30), ("d3", 5)]));
    assert_eq!(depth_shown(&s), Some(4));
    assert_eq!(values_shown(&s)[0], (sq("c4"), 30));
    assert!(s.asks().analysis().is_asking(), "still deepening");
    s.apply(reply(Response::Analysed { id }));
    assert!(!s.asks().analysis().is_asking());
    assert_eq!(depth_shown(&s), Some(4), "the values stay");
    // A limit chosen: asked again with it.
    s.apply(Action::Prefs(PrefAction::AnalyseDepth(8)));
    assert_eq!(analysis_asked(&s).1, Some(8));
}

#[test]
fn a_hidden_page_stops_the_deepening_and_a_shown_one_takes_it_up() {
    let mut s = hvh();
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    let (id, _) = analysis_asked(&s);
    s.apply(analysed(id, 6, &[("f5", 0)]));
    let seq = s.channel.seq();
    s.apply(Action::PageVisible(false));
    assert_eq!(s.channel.cancelled_since(seq), [id]);
    assert_eq!(depth_shown(&s), Some(6), "the values stay while hidden");
    s.apply(Action::PageVisible(true));
    let (again, _) = analysis_asked(&s);
    assert_ne!(again, id);
    // Asked again, it starts shallow: the deeper values stay until it passes them.
    s.apply(analysed(again, 2, &[("d3", 40)]));
    assert_eq!(depth_shown(&s), Some(6));
    s.apply(analysed(again, 8, &[("d3", 20)]));
    assert_eq!(depth_shown(&s), Some(8));
    // Shown twice, or hidden with nothing running: nothing asked.
    s.apply(reply(Response::Analysed { id: again }));
    let seq = s.channel.seq();
    s.apply(Action::PageVisible(false));
    s.apply(Action::PageVisible(true));
    assert!(s.channel.pending_since(seq).is_empty());
}

#[test]
fn a_hidden_page_asks_for_no_analysis_even_after_the_ai_answers() {
    // Against the AI, the analysis on: the person moves, hides the page, and the AI answers meanwhile.
    let mut s = Program::new(Settings::default());
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let Some((Request::Search { id, .. }, _)) = s.channel.last_request() else {
        panic!("the AI is asked")
    };
    s.apply(Action::PageVisible(false));
    let seq = s.channel.seq();
    s.apply(best_move(id, "d6"));
    // The reply may be held for the pace: let it land.
    s.apply(Action::Tick(1.0e15));
    assert_eq!(s.play().game().transcript(), "f5d6");
    let asked: Vec<&Request> = s
        .channel
        .commands()
        .iter()
        .skip(seq)
        .filter_map(|m| match m {
            crate::session::effects::outbox::Command::Send { request, .. } => Some(request),
            _ => None,
        })
        .collect();
    assert!(
        !asked.iter().any(|r| matches!(r, Request::Analyse { .. })),
        "no analysis while hidden: {asked:?}"
    );
    assert!(!s.asks().analysis().is_asking());
    // Shown: the new position's analysis starts.
    s.apply(Action::PageVisible(true));
    let (_, _) = analysis_asked(&s);
    assert!(s.asks().analysis().is_asking());
    // Twenty flips in a row leave one analysis asked, the last one.
    for _ in 0..20 {
        s.apply(Action::PageVisible(false));
        assert!(!s.asks().analysis().is_asking());
        s.apply(Action::PageVisible(true));
    }
    assert!(s.asks().analysis().is_asking());
}

#[test]
fn with_the_analysis_on_the_hint_is_its_best_move() {
    let mut s = hvh();
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    let (id, _) = analysis_asked(&s);
    let seq = s.channel.seq();
    s.apply(Action::Hint);
    assert!(
        s.channel.pending_since(seq).is_empty(),
        "no search of its own: one answer for one position"
    );
    assert_eq!(s.asks().hint(), None);
    s.apply(analysed(id, 4, &[("e6", 120), ("d3", 100)]));
    let hint = s.asks().hint().unwrap();
    assert_eq!((hint.square().unwrap(), hint.score), (sq("e6"), 120));
    assert_eq!(hint.kind, ScoreKind::Midgame { depth: 4 });
    // It follows the analysis as it deepens.
    s.apply(analysed(id, 6, &[("d3", 90), ("e6", 80)]));
    assert_eq!(
        s.asks().hint().map(|h| (h.square().unwrap(), h.score)),
        Some((sq("d3"), 90))
    );
    // The board marks it on the game's own position, not on another browsed or tried.
    assert_eq!(s.board_marks().hint, Some(sq("d3")));
    s.apply(Action::Game(GameAction::Square(sq("d3"))));
    s.apply(Action::Game(GameAction::Browse(Some(0))));
    assert_eq!(s.board_marks().hint, None);
    // A click there tries a variation: its moves are still marked.
    assert_eq!(s.board_marks().legal, s.shown().board.moves());
    // A hint shown before the analysis was turned on becomes the analysis's.
    let mut s = hvh();
    s.apply(Action::Hint);
    let Some((Request::Search { id: hint_id, .. }, _)) = s.channel.last_request() else {
        panic!()
    };
    s.apply(best_move(hint_id, "f5"));
    s.apply(Action::Prefs(PrefAction::Analyse(true)));
    assert_eq!(s.asks().hint(), None);
    let (id, _) = analysis_asked(&s);
    s.apply(analysed(id, 2, &[("c4", 0)]));
    assert_eq!(s.asks().hint().and_then(|h| h.square()), Some(sq("c4")));
    // The next position: the hint goes with the old one and is not shown until asked.
    s.apply(Action::Game(GameAction::Square(sq("c4"))));
    let (id, _) = analysis_asked(&s);
    s.apply(analysed(id, 2, &[("c3", 0)]));
    assert_eq!(s.asks().hint(), None);
}

#[test]
fn a_click_made_on_another_position_than_the_one_shown_is_ignored() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    let before = s.shown();
    // f3 on the board, then the explorer's row d3 of the position before (d3 is legal after f3 too).
    s.apply(Action::Game(GameAction::Square(sq("f3"))));
    s.apply(Action::on(
        before,
        Action::Game(GameAction::Square(sq("d3"))),
    ));
    assert_eq!(s.play().game().transcript(), "f5d6c3f3");
    // An old position's best line, likewise.
    s.apply(Action::on(
        before,
        Action::PlayLine(vec![sq("f4"), sq("f3")]),
    ));
    assert_eq!(s.play().game().transcript(), "f5d6c3f3");
    // Made on the position shown, it acts.
    let now = s.shown();
    s.apply(Action::on(now, Action::Game(GameAction::Square(sq("d3")))));
    assert_eq!(s.play().game().transcript(), "f5d6c3f3d3");
    // On a position browsed, the position browsed is the one shown.
    s.apply(Action::Game(GameAction::Browse(Some(2))));
    let browsed = s.shown();
    s.apply(Action::on(now, Action::Game(GameAction::PlayFromHere)));
    assert_eq!(
        s.play().game().transcript(),
        "f5d6c3f3d3",
        "made on another position"
    );
    s.apply(Action::on(browsed, Action::Game(GameAction::PlayFromHere)));
    assert_eq!(s.play().game().transcript(), "f5d6");
}

#[test]
fn a_line_is_played_as_far_as_it_is_a_persons_to_play() {
    let mut s = hvh();
    s.apply(Action::PlayLine(vec![sq("f5"), sq("d6"), sq("c3")]));
    assert_eq!(s.play().game().transcript(), "f5d6c3");
    // Against the AI, into a variation beside the game: the game and the AI wait as they were.
    let mut s = Program::new(Settings::default());
    let asked = s.channel.seq();
    s.apply(Action::PlayLine(vec![sq("f5"), sq("d6"), sq("c3")]));
    assert_eq!(s.play().game().transcript(), "");
    assert!(s.play().in_variation());
    assert_eq!(
        s.play().variation().unwrap().all(),
        (vec![sq("f5"), sq("d6"), sq("c3")], 3)
    );
    assert!(
        !s.channel
            .pending_since(asked)
            .iter()
            .any(|(r, _)| matches!(r, Request::Search { .. })),
        "the AI is not asked to move"
    );
    // A click on the board goes on in the variation; back to the game, the person plays it.
    s.apply(Action::Game(GameAction::Square(sq("d3"))));
    assert_eq!(s.play().variation().unwrap().all().1, 4);
    assert_eq!(s.play().game().transcript(), "");
    s.apply(Action::Game(GameAction::Browse(None)));
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert_eq!(s.play().game().transcript(), "f5");
    assert_eq!(s.play().variations().len(), 1, "kept beside the game");
    // A move that is not legal ends it there.
    let mut s = hvh();
    s.apply(Action::PlayLine(vec![sq("f5"), sq("a1"), sq("d6")]));
    assert_eq!(s.play().game().transcript(), "f5");
}

/// The stable discs asked of the engine, each request's id with its position.
fn stable_asked(s: &Program) -> Vec<(RequestId, Position)> {
    s.channel
        .pending_since(0)
        .into_iter()
        .filter_map(|(r, _)| match r {
            Request::Stable { id, position } => Some((id, position)),
            _ => None,
        })
        .collect()
}

#[test]
fn the_stable_discs_are_asked_once_a_position_shown_while_the_board_marks_them() {
    let mut s = hvh();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    assert!(stable_asked(&s).is_empty(), "not asked while not marked");
    s.apply(Action::Prefs(PrefAction::Stable(true)));
    let asked = stable_asked(&s);
    assert_eq!(asked.len(), 1);
    let (id, position) = asked[0];
    assert_eq!(position, s.shown());
    // The answer comes home to the ask, by who asked it.
    s.apply(reply(Response::Stable {
        id,
        discs: vec![sq("a1"), sq("h8")],
    }));
    assert_eq!(
        s.asks().stable_discs(&position),
        Some([sq("a1"), sq("h8")].into_iter().collect())
    );
    // The board's marks carry them, with the moves a click plays, as one value.
    let marks = s.board_marks();
    assert_eq!(marks.stable, [sq("a1"), sq("h8")].into_iter().collect());
    assert_eq!(marks.legal, s.shown().board.moves());
    // A move and a position browsed are each asked once; the position answered last is not asked again.
    s.apply(Action::Game(GameAction::Square(sq("d6"))));
    s.apply(Action::Game(GameAction::Browse(Some(1))));
    assert_eq!(s.shown(), position);
    assert_eq!(stable_asked(&s).len(), 2);
    s.apply(Action::Game(GameAction::Browse(Some(0))));
    assert_eq!(stable_asked(&s).len(), 3);
    assert_eq!(stable_asked(&s)[2].1, s.shown());
    assert_eq!(s.asks().stable_discs(&s.shown()), None, "not answered yet");
    // Off: nothing more is asked, and nothing is marked.
    s.apply(Action::Prefs(PrefAction::Stable(false)));
    assert_eq!(s.board_marks().stable, Bitboard::EMPTY);
    s.apply(Action::Game(GameAction::Browse(None)));
    s.apply(Action::Game(GameAction::Square(sq("c3"))));
    assert_eq!(stable_asked(&s).len(), 3);
}
