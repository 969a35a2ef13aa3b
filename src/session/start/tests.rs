//! The page's start, tested with a map for the browser's storage.

use std::collections::BTreeMap;

use super::*;
use crate::protocol::Request;
use crate::session::effects::outbox::Command;
use crate::session::training::ProgressLost;
use crate::session::{Mode, Settings};
use reversi_engine::Symmetry;

/// The browser's storage as a map; `full` refuses every copy.
#[derive(Default)]
struct Map {
    keys: BTreeMap<String, String>,
    full: bool,
}

impl Map {
    fn with(pairs: &[(&str, &str)]) -> Map {
        Map {
            keys: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            full: false,
        }
    }
}

impl Store for Map {
    fn get(&self, key: &str) -> Option<String> {
        self.keys.get(key).cloned()
    }

    fn keep_aside(&mut self, base: &str, text: &str) -> Option<String> {
        if self.full {
            return None;
        }
        for n in 1..=99 {
            let key = if n == 1 {
                base.to_string()
            } else {
                format!("{base}-{n}")
            };
            match self.keys.get(&key) {
                Some(existing) if existing == text => return Some(key),
                Some(_) => continue,
                None => {
                    self.keys.insert(key.clone(), text.to_string());
                    return Some(key);
                }
            }
        }
        None
    }
}

/// A saved game against the engine, the engine to move (it asks at once).
fn saved_against_the_engine() -> String {
    let (mut session, _) = Session::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    session.apply(Action::Game(crate::session::GameAction::Square(
        "f5".parse().unwrap(),
    )));
    let mut kept = session.kept();
    kept.settings.mode = Mode::HumanVsAi {
        human: reversi_engine::Color::Black,
    };
    kept.id = 77;
    persist::save(&kept)
}

#[test]
fn a_first_visit_starts_a_new_game_with_the_browsers_language_and_quiet_for_reduced_motion() {
    let mut store = Map::default();
    let started = Startup {
        browser_lang: Some("zh-CN".into()),
        reduced_motion: true,
        salt: 5,
        ..Startup::default()
    }
    .start(&mut store);
    let session = &started.session;
    assert_eq!(session.prefs().lang(), Lang::Zh);
    assert!(!session.prefs().sound());
    assert_eq!(session.notice(), None);
    assert!(
        session.play().id() != 0,
        "a new game takes an id of its own"
    );
    // Nothing asked for the game (the analysis room values the positions of the record, here none).
    assert!(!started.commands.iter().any(|c| matches!(
        c,
        Command::Send {
            asker: crate::session::Asker::Game(_),
            ..
        }
    )));
    assert!(started.told.is_none());
    assert!(session.training().progress_lost().is_none());
}

#[test]
fn the_autosave_is_resumed_with_its_id_and_what_the_browser_keeps() {
    let progress = {
        let mut progress = Progress::new();
        progress.puzzles.solved = 4;
        progress.save()
    };
    let aside = slots::save_replaced(&[Session::default().kept()]);
    let mut store = Map::with(&[
        (storage::AUTOSAVE, &saved_against_the_engine()),
        (storage::LANG, "en"),
        (storage::SOUND, "on"),
        (
            storage::ORIENTATION_BEFORE,
            crate::session::preferences::orientation::code(Symmetry::Rotate90),
        ),
        (storage::REPLACED, &aside),
        (storage::TRAINING_BEFORE, &progress),
    ]);
    let started = Startup {
        browser_lang: Some("zh-CN".into()),
        reduced_motion: true,
        quick: true,
        ..Startup::default()
    }
    .start(&mut store);
    let session = &started.session;
    assert_eq!(session.play().id(), 77, "the saved game keeps its id");
    assert_eq!(session.play().game().transcript(), "f5");
    // The engine is to move: its search is asked at once, and only once.
    let searches = started.commands.iter().filter(|c| {
        matches!(
            c,
            Command::Send {
                request: Request::Search { .. },
                ..
            }
        )
    });
    assert_eq!(searches.count(), 1);
    assert_eq!(
        session.prefs().lang(),
        Lang::En,
        "the choice kept wins over the browser's"
    );
    assert!(session.prefs().sound());
    assert_eq!(session.prefs().orientation(), Symmetry::Rotate90);
    assert_eq!(session.replaced().len(), 1);
    assert_eq!(session.pace(), Pace::QUICK);
    assert_eq!(
        session.training().progress().puzzles.solved,
        4,
        "the progress kept under the older key is read"
    );
}

#[test]
fn an_unreadable_autosave_is_kept_aside_and_told_and_told_again_once_after_a_reload() {
    let mut store = Map::with(&[(storage::AUTOSAVE, "{\"version\":1,")]);
    let started = Startup::default().start(&mut store);
    let copy = storage::unreadable(storage::AUTOSAVE);
    assert!(matches!(
        started.session.notice(),
        Some(Notice::RestoreFailed { backup: Some(key), .. }) if *key == copy
    ));
    assert_eq!(started.told.as_deref(), Some(copy.as_str()));
    assert_eq!(store.get(&copy).as_deref(), Some("{\"version\":1,"));
    // The page wrote a good autosave since; the reload tells of the copy again.
    store.keys.insert(
        storage::AUTOSAVE.into(),
        persist::save(&Session::default().kept()),
    );
    let again = Startup {
        told_before: Some(copy.clone()),
        ..Startup::default()
    }
    .start(&mut store);
    assert!(matches!(
        again.session.notice(),
        Some(Notice::RestoreFailed { .. })
    ));
    assert_eq!(
        again.told, None,
        "told again once, not remembered for the next load"
    );
    // A full storage keeps no copy, and says so.
    let mut full = Map::with(&[(storage::AUTOSAVE, "not json")]);
    full.full = true;
    let started = Startup::default().start(&mut full);
    assert!(matches!(
        started.session.notice(),
        Some(Notice::RestoreFailed { backup: None, .. })
    ));
    assert_eq!(started.told, None);
}

#[test]
fn a_shared_link_opens_its_game_and_unreadable_progress_is_kept_aside() {
    let mut store = Map::with(&[(storage::TRAINING, "not json")]);
    let started = Startup {
        shared: Some(Action::OpenShared {
            start: None,
            transcript: "f5d6c3".into(),
            players: None,
            variations: Vec::new(),
        }),
        ..Startup::default()
    }
    .start(&mut store);
    assert_eq!(started.session.play().game().transcript(), "f5d6c3");
    let copy = storage::unreadable(storage::TRAINING);
    assert_eq!(
        started.session.training().progress_lost(),
        Some(&ProgressLost::KeptAt(copy.clone()))
    );
    assert_eq!(store.get(&copy).as_deref(), Some("not json"));
}

#[test]
fn the_graph_s_values_kept_with_the_game_are_back_at_once_and_another_game_s_are_not() {
    use crate::protocol::ScoreKind;
    use crate::session::room::Valued;
    let save = saved_against_the_engine();
    let game = persist::restore(&save).unwrap().game;
    let valued = |score| Valued {
        score,
        kind: ScoreKind::Midgame { depth: 14 },
        depth: 14,
        best: reversi_engine::Move::Place("d6".parse().unwrap()),
        line: vec!["d6".parse().unwrap()],
    };
    let values = vec![
        (game.plies()[0].before, valued(0)),
        (game.position(), valued(-120)),
    ];
    let mut store = Map::with(&[
        (storage::AUTOSAVE, &save),
        (storage::VALUES, &persist::values::write(77, &values)),
    ]);
    let started = Startup::default().start(&mut store);
    let graph = started
        .session
        .room()
        .valuation()
        .graph(started.session.play().game());
    assert_eq!(graph.len(), 1, "the value after f5, at once");
    assert_eq!(
        graph[0].value, 1.2,
        "-120 for white to move: 1.2 discs for black"
    );
    // Kept for another game: not taken.
    let mut store = Map::with(&[
        (storage::AUTOSAVE, &save),
        (storage::VALUES, &persist::values::write(78, &values)),
    ]);
    let started = Startup::default().start(&mut store);
    assert!(started
        .session
        .room()
        .valuation()
        .graph(started.session.play().game())
        .is_empty());
}
