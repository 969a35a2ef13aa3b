//! The save format: round trips, refusals with a reason, recovery of a damaged save, migration, and
//! saves written by an earlier build.

use super::*;
use crate::protocol::Request;
use crate::session::testing::Program;
use crate::session::GameAction;
use crate::session::{Action, PrefAction};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn the_ai_mistakes_and_the_start_choice_come_back() {
    for start in [
        Start::Standard,
        Start::Xot,
        Start::Random {
            moves: 20,
            low: -4,
            high: 8,
        },
    ] {
        let settings = Settings {
            mistakes: Some(reversi_engine::mistakes::Mistakes {
                max_loss: 4,
                one_in: 5,
            }),
            start,
            ..Settings::default()
        };
        let session = Program::new(Settings::default());
        let mut kept = session.kept();
        kept.settings = settings;
        let back = restore(&save(&kept)).unwrap();
        assert_eq!(back.settings.mistakes, settings.mistakes);
        assert_eq!(back.settings.start, start);
    }
    // An unreadable start choice sets up a standard game; no mistakes when none were saved.
    assert_eq!(start_from_code("random:x:1:2"), Start::Standard);
    assert_eq!(start_from_code("random:10:5:-5"), Start::Standard);
    let text = save(&Program::default().kept());
    for (stored, start) in [
        (r#"{"kind":"xot"}"#, Start::Xot),
        (
            r#"{"kind":"random","moves":99,"low":1,"high":2}"#,
            Start::Standard,
        ),
        (r#"{"kind":"chess"}"#, Start::Standard),
        (r#""xot""#, Start::Standard),
    ] {
        let changed = text.replace(r#"{"kind":"standard"}"#, stored);
        assert_ne!(changed, text);
        assert_eq!(restore(&changed).unwrap().settings.start, start, "{stored}");
    }
    let plain = restore(&save(&Program::new(Settings::default()).kept())).unwrap();
    assert_eq!(plain.settings.mistakes, None);
}

#[test]
fn a_saved_game_comes_back_exactly() {
    let mut session = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    for m in ["f5", "d6", "c3", "d3", "c4"] {
        session.apply(Action::Game(GameAction::Square(sq(m))));
    }
    session.apply(Action::Game(GameAction::Undo));
    session.apply(Action::Game(GameAction::Undo));
    session.apply(Action::Prefs(PrefAction::AnalyseDepth(8)));
    session.apply(Action::Prefs(PrefAction::Scoring(
        crate::session::Scoring::Split,
    )));
    let text = save(&session.kept());
    let mut timed = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        clock: Some(ClockSettings {
            minutes: 5,
            increment_s: 2,
        }),
        ..Settings::default()
    });
    timed.apply(Action::Tick(0.0));
    timed.apply(Action::Tick(4_000.0));
    let back = restore(&save(&timed.kept())).unwrap();
    assert_eq!(back.clock.unwrap().remaining_ms(), [296_000.0, 300_000.0]);
    assert_eq!(back.settings.clock, timed.play().settings().clock);
    let restored = restore(&text).unwrap();
    assert_eq!(restored.game, *session.play().game());
    assert_eq!(restored.settings, session.play().settings());
    assert_eq!(restored.game.redo_transcript(), "d3c4");
    assert_eq!(restored.analyse_depth, 8);
    assert_eq!(restored.scoring, crate::session::Scoring::Split);
    assert_eq!(save(&restored), text);
}

#[test]
fn an_engine_to_move_thinks_again_after_restore() {
    let mut session = Program::new(Settings::default());
    session.apply(Action::Game(GameAction::Square(sq("f5"))));
    let restored = Program::resume(restore(&save(&session.kept())).unwrap());
    assert!(restored.ai_to_move());
    assert!(matches!(
        restored.channel.last_request(),
        Some((Request::Search { .. }, _))
    ));
}

#[test]
fn corrupt_or_foreign_data_is_refused_with_a_reason() {
    let good = save(&Program::default().kept());
    let cases = [
        ("", "not readable"),
        ("{\"version\":1}", "not readable"),
        ("[1,2,3]", "not readable"),
        (
            &good.replace(&format!("\"version\":{VERSION}"), "\"version\":99"),
            "version 99",
        ),
        (&good.replace("\"hva-black\"", "\"chess\""), "unknown mode"),
        (
            &good.replace("\"black_level\":4", "\"black_level\":0"),
            "level 0",
        ),
        (
            &good.replace("\"moves\":\"\"", "\"moves\":\"f5a1\""),
            "moves: move 2",
        ),
        (
            &good.replace("\"redo\":\"\"", "\"redo\":\"zz\""),
            "redo moves",
        ),
    ];
    for (text, reason) in cases {
        let error = restore(text).unwrap_err().to_string();
        assert!(error.contains(reason), "{text:?}: {error}");
    }
}

#[test]
fn the_valid_part_of_a_damaged_save_is_recovered() {
    let mut session = Program::default();
    session.apply(Action::NewGame(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    }));
    for square in ["f5", "d6", "c3", "d3", "c4"] {
        session.apply(Action::Game(GameAction::Square(square.parse().unwrap())));
    }
    session.apply(Action::Game(GameAction::Undo));
    let good = save(&session.kept());
    // Intact: everything, nothing lost.
    let all = recover(&good).unwrap();
    assert!(all.lost.is_none());
    assert_eq!(all.kept.game.transcript(), "f5d6c3d3");
    assert!(all.kept.game.can_redo());
    // One bad move: the moves before it, and the reason.
    let bad_move = good.replace("\"moves\":\"f5d6c3d3\"", "\"moves\":\"f5d6a1d3\"");
    let part = recover(&bad_move).unwrap();
    assert_eq!(part.kept.game.transcript(), "f5d6");
    assert!(part.lost.unwrap().to_string().contains("move 3"));
    // A bad redo move: the game, without the redo moves.
    let bad_redo = good.replace("\"redo\":\"c4\"", "\"redo\":\"zz\"");
    let part = recover(&bad_redo).unwrap();
    assert_eq!(part.kept.game.transcript(), "f5d6c3d3");
    assert!(!part.kept.game.can_redo());
    assert!(part.lost.unwrap().to_string().contains("redo"));
    // Not a save, a newer version, or a bad start: nothing to recover.
    for text in [
        "{\"version\":1,\"mode\":".to_string(),
        good.replace(&format!("\"version\":{VERSION}"), "\"version\":99"),
        good.replace("\"start\":\"", "\"start\":\"X"),
    ] {
        assert!(recover(&text).is_err(), "{text}");
    }
    assert!(
        recover(&good.replace(&format!("\"version\":{VERSION}"), "\"version\":99"))
            .unwrap_err()
            .to_string()
            .contains("newer version")
    );
}

#[test]
fn migration_keeps_the_current_version_and_refuses_others() {
    let value: serde_json::Value = serde_json::from_str(&save(&Program::default().kept())).unwrap();
    assert_eq!(migrate(value.clone()).unwrap(), value);
    // Version 1 wrote the start choice as text.
    let mut first = value.clone();
    first["version"] = 1.into();
    first["start_choice"] = "random:10:-2:2".into();
    let migrated = migrate(first).unwrap();
    assert_eq!(migrated["version"], VERSION);
    assert_eq!(
        migrated["start_choice"],
        serde_json::json!({"kind": "random", "moves": 10, "low": -2, "high": 2})
    );
    for version in [0u64, VERSION as u64 + 1, u64::MAX] {
        let mut other = value.clone();
        other["version"] = version.into();
        assert!(matches!(migrate(other), Err(RestoreError::Version(_))));
    }
    assert!(migrate(serde_json::json!({"mode": "hvh"})).is_err());
}

/// A stored setting out of what the form offers is read as the nearest it offers, so that the form shows
/// what is played: mistakes of a million discs one move in one, random starts of
/// 50 moves in −64..+64 and of 4 moves in −1..+1, a three-hour clock.
#[test]
fn stored_settings_out_of_range_are_read_into_the_forms_choices() {
    let session = Program::new(Settings::default());
    let text = save(&session.kept());
    let edit = |pairs: &[(&str, serde_json::Value)]| {
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        for (key, v) in pairs {
            value[*key] = v.clone();
        }
        restore(&value.to_string()).unwrap().settings
    };
    let random = |moves: i64, low: i64, high: i64| serde_json::json!({ "kind": "random", "moves": moves, "low": low, "high": high });
    let s = edit(&[
        ("mistakes_loss", 1_000_000.into()),
        ("mistakes_one_in", 1.into()),
        ("start_choice", random(50, -64, 64)),
        ("clock_minutes", 180.into()),
        ("clock_increment_s", 60.into()),
    ]);
    assert_eq!(
        s.mistakes,
        Some(reversi_engine::mistakes::Mistakes {
            max_loss: 16,
            one_in: 2
        })
    );
    // Random starts of more than 50 moves are refused as before (a standard start); 50 is read as 36.
    assert_eq!(
        s.start,
        Start::Random {
            moves: 36,
            low: -32,
            high: 32
        }
    );
    assert_eq!(
        s.clock,
        Some(ClockSettings {
            minutes: 30,
            increment_s: 10
        })
    );
    let s = edit(&[("start_choice", random(4, -1, 1))]);
    // A bound between two choices widens the range: −1..+1 is read as −2..+2.
    assert_eq!(
        s.start,
        Start::Random {
            moves: 10,
            low: -2,
            high: 2
        }
    );
    assert_eq!(s, s.offered(), "read once, nothing left to change");
}

#[test]
fn a_setting_that_cannot_be_read_falls_back_and_the_game_stays() {
    let mut session = Program::default();
    session.apply(Action::NewGame(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    }));
    for square in ["f5", "d6", "c3"] {
        session.apply(Action::Game(GameAction::Square(square.parse().unwrap())));
    }
    let good = save(&session.kept());
    assert!(good.contains("\"analyse_depth\":0"), "{good}");
    let without_depth = good.replace(",\"analyse_depth\":0", "");
    assert_ne!(without_depth, good);
    let cases = [
        (
            good.replace("\"analyse_depth\":0", "\"analyse_depth\":-1"),
            vec![Setting::AnalyseDepth],
        ),
        (
            good.replace("\"analyse_depth\":0", "\"analyse_depth\":\"8\""),
            vec![Setting::AnalyseDepth],
        ),
        (without_depth, vec![Setting::AnalyseDepth]),
        (
            good.replace("\"black_level\":4", "\"black_level\":0"),
            vec![Setting::Levels],
        ),
        (
            good.replace("\"mode\":\"hvh\"", "\"mode\":7"),
            vec![Setting::Mode],
        ),
        (
            good.replace("\"analyse\":false", "\"analyse\":\"yes\"")
                .replace("\"clock_minutes\":0", "\"clock_minutes\":-5"),
            vec![Setting::Analyse, Setting::Clock],
        ),
    ];
    for (text, settings) in cases {
        assert!(restore(&text).is_err(), "{text}");
        let recovered = recover(&text).unwrap();
        assert_eq!(recovered.kept.game.transcript(), "f5d6c3", "{text}");
        assert!(recovered.lost.is_none(), "{text}");
        assert_eq!(recovered.reset, settings, "{text}");
    }
    // Each falls back to its default.
    let bad_depth = good.replace("\"analyse_depth\":0", "\"analyse_depth\":-1");
    assert_eq!(
        recover(&bad_depth).unwrap().kept.analyse_depth,
        crate::session::preferences::DEFAULT_ANALYSE_DEPTH
    );
    let bad_level = good.replace("\"black_level\":4", "\"black_level\":0");
    assert_eq!(
        recover(&bad_level).unwrap().kept.settings.black_level,
        Settings::default().black_level
    );
    // A bad setting and a bad move: the settings back to their defaults, and the moves before the bad one.
    let both = bad_depth.replace("\"moves\":\"f5d6c3\"", "\"moves\":\"f5a1c3\"");
    let recovered = recover(&both).unwrap();
    assert_eq!(recovered.kept.game.transcript(), "f5");
    assert_eq!(recovered.reset, vec![Setting::AnalyseDepth]);
    assert!(recovered.lost.unwrap().to_string().contains("move 2"));
}

#[test]
fn variations_are_kept_with_their_game_and_one_that_no_longer_fits_is_left_out() {
    let mut session = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    for m in ["f5", "d6", "c3", "d3"] {
        session.apply(Action::Game(GameAction::Square(sq(m))));
    }
    session.apply(Action::Game(GameAction::Browse(Some(2))));
    for m in ["c5", "f6", "e6"] {
        session.apply(Action::Game(GameAction::Square(sq(m))));
    }
    session.apply(Action::Game(GameAction::Step(-1)));
    // A second line from the same position, leaving the first after c5: both kept, the second shown.
    session.apply(Action::Game(GameAction::Square(sq("d7"))));
    let text = save(&session.kept());
    let kept = restore(&text).unwrap();
    let (variations, shown) = kept.variations.clone();
    assert_eq!(shown, Some(1));
    assert_eq!(variations.len(), 2);
    assert_eq!(variations[0].at(), 2);
    assert_eq!(variations[0].all(), (vec![sq("c5"), sq("f6"), sq("e6")], 2));
    assert_eq!(variations[1].all().0, vec![sq("c5"), sq("f6"), sq("d7")]);
    let restored = Program::resume(kept);
    assert!(restored.play().in_variation());
    assert_eq!(restored.shown(), session.shown());
    assert_eq!(restored.play().game().transcript(), "f5d6c3d3");
    // A save from before variations reads as none; one whose variation cannot be played is the game alone.
    let mut saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    saved.as_object_mut().unwrap().remove("variations");
    assert!(restore(&saved.to_string()).unwrap().variations.0.is_empty());
    saved["variations"] = serde_json::json!([
        { "at": 2, "moves": "a1", "shown": 1, "showing": true },
        { "at": 9, "moves": "c5", "shown": 1 },
        { "at": 2, "moves": "c5", "shown": 1 }
    ]);
    let kept = restore(&saved.to_string()).unwrap();
    assert_eq!(kept.game.transcript(), "f5d6c3d3");
    assert_eq!(kept.variations.0.len(), 1, "the one that fits");
    assert_eq!(kept.variations.1, None);
}

#[test]
fn the_mistakes_learned_are_kept_with_their_game() {
    let mut kept = Program::new(Settings::default()).kept();
    kept.game = reversi_engine::Game::from_transcript("f5f6e6f4g7").unwrap();
    kept.learned = vec![4];
    let text = save(&kept);
    assert_eq!(restore(&text).unwrap().learned, vec![4]);
    assert_eq!(
        Program::resume(restore(&text).unwrap()).play().learned(),
        &[4]
    );
    // One past the record (a save edited, or from a longer game) is left out; a save without any has none.
    let mut saved: serde_json::Value = serde_json::from_str(&text).unwrap();
    saved["learned"] = serde_json::json!([4, 9]);
    assert_eq!(restore(&saved.to_string()).unwrap().learned, vec![4]);
    saved.as_object_mut().unwrap().remove("learned");
    assert!(restore(&saved.to_string()).unwrap().learned.is_empty());
}
