//! Imports (transcripts, GGF, share links) and the games they replace, kept one click away.

use super::*;

#[test]
fn a_bad_import_names_the_move_and_changes_nothing() {
    let mut s = hvh();
    for m in ["f5", "d6"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    let before = s.play().game().clone();
    s.apply(Action::Import("f5 d6 c3 a1".into()));
    assert_eq!(*s.play().game(), before);
    match &s.notice() {
        Some(Notice::ImportFailed { error }) => {
            assert_eq!(
                error.to_string(),
                "move 4: a1 is not a legal move for White"
            )
        }
        other => panic!("{other:?}"),
    }
    s.apply(Action::Import("F5 D6 C3".into()));
    assert_eq!(s.play().game().transcript(), "f5d6c3");
    // The game it replaced is kept, one click away.
    assert_eq!(s.notice().cloned(), Some(Notice::Replaced));
    assert_eq!(s.replaced().last().unwrap().game, before);
}

#[test]
fn a_replaced_game_is_one_click_away_and_an_empty_import_changes_nothing() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    let mine = s.play().game().clone();
    for blank in ["", "   ", "\n\t"] {
        s.apply(Action::Import(blank.into()));
        assert_eq!(*s.play().game(), mine);
        assert_eq!(s.notice().cloned(), Some(Notice::ImportEmpty));
        assert!(s.replaced().is_empty());
    }
    // A shared link replaces the game; the game is kept and comes back with one action, and the two
    // can be swapped again.
    s.apply(Action::OpenShared {
        start: None,
        transcript: "e6f4".into(),
        players: None,
        variations: Vec::new(),
    });
    assert_eq!(s.play().game().transcript(), "e6f4");
    assert_eq!(s.notice().cloned(), Some(Notice::Replaced));
    s.apply(Action::BringBack);
    assert_eq!(*s.play().game(), mine);
    assert_eq!(s.notice().cloned(), Some(Notice::BroughtBack));
    assert_eq!(s.replaced().last().unwrap().game.transcript(), "e6f4");
    s.apply(Action::BringBack);
    assert_eq!(s.play().game().transcript(), "e6f4");
    // Opening a link on a new, empty game keeps nothing (there is nothing to lose).
    let mut fresh = hvh();
    fresh.apply(Action::OpenShared {
        start: None,
        transcript: "f5".into(),
        players: None,
        variations: Vec::new(),
    });
    assert!(fresh.replaced().is_empty());
    assert_eq!(fresh.notice().cloned(), None);
}

#[test]
fn a_shared_game_opens_for_two_people_at_its_end() {
    let mut s = Program::new(Settings::default());
    s.apply(Action::OpenShared {
        start: None,
        transcript: "f5d6c3d3c4".into(),
        players: None,
        variations: Vec::new(),
    });
    assert_eq!(s.play().settings().mode, Mode::HumanVsHuman);
    assert_eq!(s.play().game().transcript(), "f5d6c3d3c4");
    assert!(s.channel.last_request().is_none(), "two people: no search");
    s.apply(Action::OpenShared {
        start: None,
        transcript: "f5f5".into(),
        players: None,
        variations: Vec::new(),
    });
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::LinkFailed { .. })
    ));
    assert_eq!(s.play().game().transcript(), "f5d6c3d3c4");
}

#[test]
fn ggf_and_transcript_variants_import_with_named_errors() {
    let mut s = hvh();
    // Capitals and a marked pass where the rules force one (the board after these moves is arbitrary: the
    // pass is checked by the rules).
    s.apply(Action::Import("F5 D6 C3".into()));
    assert_eq!(s.play().game().transcript(), "f5d6c3");
    s.apply(Action::Import("f5 PA".into()));
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::ImportFailed {
            error: reversi_engine::TranscriptError::CannotPass { ply: 2, .. }
        })
    ));
    s.apply(Action::Import("f5 -- d6".into()));
    assert!(matches!(
        s.notice().cloned(),
        Some(Notice::ImportFailed { .. })
    ));
    assert_eq!(s.play().game().transcript(), "f5d6c3");
    // A GGF game from a set-up start, with a pass written PA.
    let board = format!("********{}{}", "*O------", "*".repeat(48));
    s.apply(Action::Import(format!(
        "(;GM[Othello]BO[8 {board} O]W[PA]B[C2];)"
    )));
    assert_eq!(s.play().game().transcript(), "c2");
    assert_eq!(s.play().game().start().to_move, Color::White);
    assert_eq!(s.notice().cloned(), Some(Notice::Replaced));
    // A bad GGF names its move and changes nothing.
    s.apply(Action::Import(
        "(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[A1];)"
            .into(),
    ));
    match &s.notice() {
        Some(Notice::GgfFailed { error }) => assert!(error.to_string().starts_with("move 2 (A1)")),
        other => panic!("{other:?}"),
    }
    assert_eq!(s.play().game().transcript(), "c2");
    // What the page exports reads back the same.
    let text = reversi_engine::ggf::write(
        s.play().game(),
        &reversi_engine::ggf::Players {
            black: "a",
            white: "b",
        },
    );
    s.apply(Action::BringBack);
    s.apply(Action::Import(text));
    assert_eq!(s.play().game().transcript(), "c2");
}

/// Several games replaced in a row are all kept (the last five), "Previous game" walks back through them and
/// comes round to the game it started from; loading a slot keeps the game in progress too.
#[test]
fn replaced_games_are_kept_five_deep_and_a_loaded_slot_keeps_the_game_in_progress() {
    let mut s = hvh();
    for m in ["f5", "f4", "e3", "f6", "d3", "c2"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    let first = s.play().game().transcript();
    s.apply(Action::Import("d3c3".into()));
    s.apply(Action::Import("c4c3".into()));
    assert_eq!(s.play().game().transcript(), "c4c3");
    let mut seen = vec![s.play().game().transcript()];
    for _ in 0..2 {
        s.apply(Action::BringBack);
        seen.push(s.play().game().transcript());
    }
    assert_eq!(seen, ["c4c3", "d3c3", first.as_str()]);
    s.apply(Action::BringBack);
    assert_eq!(
        s.play().game().transcript(),
        "c4c3",
        "round to the start: nothing dropped"
    );
    assert_eq!(s.replaced().len(), 2);

    // Past five, the oldest goes first.
    for t in ["e6", "f5f6", "c4e3", "d3e3", "e6f6", "f5f4"] {
        s.apply(Action::Import(t.into()));
    }
    let kept: Vec<String> = s.replaced().iter().map(|r| r.game.transcript()).collect();
    assert_eq!(kept, ["e6", "f5f6", "c4e3", "d3e3", "e6f6"]);

    // A slot loaded over a game in progress: that game is kept and can be brought back.
    let mut slot = hvh();
    slot.apply(Action::Game(GameAction::Square(sq("d3"))));
    let in_progress = s.play().game().clone();
    s.apply(Action::Restore(Box::new(slot.kept())));
    assert_eq!(s.play().game().transcript(), "d3");
    assert_eq!(s.notice().cloned(), Some(Notice::Replaced));
    assert_eq!(s.replaced().last().unwrap().game, in_progress);
    s.apply(Action::BringBack);
    assert_eq!(*s.play().game(), in_progress);
}

/// A refused paste is quoted in a line, never echoed whole: a board followed by a
/// megabyte of `Q`, and a megabyte of `Q` alone.
#[test]
fn a_refused_paste_is_quoted_in_a_line() {
    let mut s = hvh();
    s.apply(Action::Game(GameAction::Square(sq("f5"))));
    let before = s.play().game().clone();
    let board = "...........................OX......XO...........................";
    for text in [
        format!("{board}{}", "Q".repeat(1_000_000)),
        "Q".repeat(1_000_000),
    ] {
        s.apply(Action::Import(text));
        assert_eq!(*s.play().game(), before);
        let said = match &s.notice() {
            Some(Notice::ImportedBoardBad { error }) => error.to_string(),
            Some(Notice::ImportFailed { error }) => error.to_string(),
            other => panic!("{other:?}"),
        };
        assert!(said.len() < 100 && said.contains("QQQQ…"), "{said}");
    }
}

/// An imported game carries no clock, and a reload does not give it one: nor does a
/// shared link or an expert game.
#[test]
fn an_imported_game_has_no_clock_before_or_after_a_reload() {
    let with_clock = || {
        Program::new(Settings {
            mode: Mode::HumanVsHuman,
            clock: Some(ClockSettings {
                minutes: 5,
                increment_s: 0,
            }),
            ..Settings::default()
        })
    };
    let mut imported = with_clock();
    imported.apply(Action::Import("f5d6".into()));
    let mut shared = with_clock();
    shared.apply(Action::OpenShared {
        start: None,
        transcript: "f5d6".into(),
        players: None,
        variations: Vec::new(),
    });
    for s in [imported, shared] {
        assert!(s.play().clock().is_none());
        let reloaded = Program::resume(
            crate::session::kept::persist::restore(&crate::session::kept::persist::save(&s.kept()))
                .unwrap(),
        );
        assert!(reloaded.play().clock().is_none() && reloaded.play().settings().clock.is_none());
        assert_eq!(reloaded.play().game().transcript(), "f5d6");
    }
}

#[test]
fn a_shared_link_brings_its_variations_and_the_link_of_a_game_names_them() {
    let mut s = hvh();
    for m in ["f5", "d6", "c3", "d3"] {
        s.apply(Action::Game(GameAction::Square(sq(m))));
    }
    // Two lines tried from move 3's position: c5 f6, then c5 b4 (leaving the first after c5).
    s.apply(Action::Game(GameAction::Browse(Some(2))));
    s.apply(Action::Game(GameAction::Square(sq("c5"))));
    s.apply(Action::Game(GameAction::Square(sq("f6"))));
    s.apply(Action::Game(GameAction::Step(-1)));
    s.apply(Action::Game(GameAction::Square(sq("b4"))));
    assert_eq!(s.play().variations().len(), 2);
    assert_eq!(s.play().shown_variation(), Some(1));
    let fragment = crate::session::record::share::fragment_with_variations(
        s.play().game(),
        &s.play().settings(),
        s.play().variations(),
        s.play().shown_variation(),
    );
    assert_eq!(
        fragment, "#t=f5d6c3d3&v=2.c5b4&v=2.c5f6",
        "the one shown first"
    );
    let mut opened = hvh();
    let (start, transcript) = crate::session::record::share::parse(&fragment)
        .unwrap()
        .unwrap();
    opened.apply(Action::OpenShared {
        start,
        transcript,
        players: None,
        variations: crate::session::record::share::variations(&fragment),
    });
    assert_eq!(opened.play().game().transcript(), "f5d6c3d3");
    assert_eq!(opened.play().variations().len(), 2);
    assert_eq!(opened.shown(), s.shown());
    // A variation that does not fit the game is left out; the game opens.
    let mut other = hvh();
    other.apply(Action::OpenShared {
        start: None,
        transcript: "f5d6".into(),
        players: None,
        variations: crate::session::record::share::variations("#t=f5d6&v=9.c5&v=1.f6"),
    });
    assert_eq!(other.play().game().transcript(), "f5d6");
    assert_eq!(other.play().variations().len(), 1);
    assert_eq!(other.play().variations()[0].at(), 1);
    assert!(crate::session::record::share::variations("#t=f5&v=x.c5&v=1.zz").is_empty());
}
