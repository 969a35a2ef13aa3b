//! Nothing replaced without a way back: every game an expert game, an import, a pasted board or the editor
//! replaces is kept aside, and stays told apart from the others when the page writes them to storage and
//! reads them back.

use super::*;
use crate::session::kept::slots::{merge_aside, read_replaced, save_replaced};

/// What a reload offers as "Previous game": the games aside as the autosave writes them (merged with what
/// storage held, less the game on the board), read back.
fn after_reload(s: &Session, stored: Vec<Kept>) -> Vec<Kept> {
    let aside: Vec<Kept> = stored
        .into_iter()
        .chain(s.replaced().iter().cloned())
        .collect();
    let written = save_replaced(&merge_aside(aside, Some(&s.kept()), MAX_REPLACED));
    read_replaced(&written)
}

fn title() -> ExpertTitle {
    ExpertTitle {
        black: "A".into(),
        white: "B".into(),
        tournament: "Open".into(),
        year: 2001,
        black_discs: 40,
    }
}

fn open_expert(s: &mut Session, moves: &str) {
    s.apply(Action::OpenExpertGame {
        transcript: moves.into(),
        at: Position::START,
        title: title(),
    });
}

#[test]
fn an_expert_game_does_not_merge_away_a_game_it_begins_with() {
    // Against level 5 with a 5-minute clock, f5d6c3d3c4f4 played.
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsAi {
            human: Color::Black,
        },
        black_level: 5,
        white_level: 5,
        clock: Some(ClockSettings {
            minutes: 5,
            increment_s: 0,
        }),
        ..Settings::default()
    });
    let mut played = s.kept();
    played.game = Game::from_transcript("f5d6c3d3c4f4").unwrap();
    s.apply(Action::Restore(Box::new(played)));
    let mine = s.play().id();
    open_expert(&mut s, "f5d6c3d3c4f4c5b3c2e3");
    // The page wrote the games aside once with the expert game on the board.
    let stored = after_reload(&s, Vec::new());
    s.apply(Action::Import("e6f4".into()));
    let back = after_reload(&s, stored);
    let ids: Vec<u64> = back.iter().map(|k| k.id).collect();
    assert_eq!(
        back.len(),
        2,
        "{:?}",
        back.iter().map(|k| k.game.transcript()).collect::<Vec<_>>()
    );
    assert!(ids.contains(&mine), "my game is kept");
    let mine = back.iter().find(|k| k.id == mine).unwrap();
    assert_eq!(mine.game.transcript(), "f5d6c3d3c4f4");
    assert!(mine.settings.clock.is_some() && mine.settings.mode != Mode::HumanVsHuman);
}

#[test]
fn a_plain_game_between_two_people_is_not_merged_with_an_expert_game_either() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    for m in ["f5", "d6", "c3"] {
        s.apply(Action::Game(GameAction::Square(m.parse().unwrap())));
    }
    open_expert(&mut s, "f5d6c3d3c4");
    let stored = after_reload(&s, Vec::new());
    s.apply(Action::Import("e6f4".into()));
    let back = after_reload(&s, stored);
    let lines: Vec<String> = back.iter().map(|k| k.game.transcript()).collect();
    assert_eq!(lines, ["f5d6c3", "f5d6c3d3c4"]);
}

#[test]
fn a_game_further_on_is_still_one_game() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    s.apply(Action::Game(GameAction::Square("f5".parse().unwrap())));
    // Written aside once at f5 (as another tab would), then played on and replaced.
    let early = s.kept();
    s.apply(Action::Game(GameAction::Square("d6".parse().unwrap())));
    s.apply(Action::Import("e6f4".into()));
    let back = after_reload(&s, vec![early]);
    let lines: Vec<String> = back.iter().map(|k| k.game.transcript()).collect();
    assert_eq!(lines, ["f5d6"]);
}

/// 64 squares: the standard start with a black disc on c3 more, black to move.
fn pasted_board() -> String {
    [
        "........", "........", "..X.....", "...OX...", "...XO...", "........", "........",
        "........",
    ]
    .concat()
}

#[test]
fn a_pasted_board_is_kept_aside_when_an_import_replaces_it() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    s.apply(Action::Import(pasted_board()));
    let board = s.play().game().start();
    assert_ne!(board, Position::START);
    s.apply(Action::Import("f5d6".into()));
    assert_eq!(s.notice().cloned(), Some(Notice::Replaced));
    let back = after_reload(&s, Vec::new());
    assert_eq!(back.len(), 1);
    assert_eq!(
        (back[0].game.start(), back[0].game.move_count()),
        (board, 0)
    );
}

#[test]
fn a_position_set_up_is_kept_aside_and_the_editor_keeps_the_game_it_replaces() {
    let mut s = Program::new(Settings {
        mode: Mode::HumanVsHuman,
        ..Settings::default()
    });
    for m in ["f5", "d6"] {
        s.apply(Action::Game(GameAction::Square(m.parse().unwrap())));
    }
    let set_up = Position::from_pasted(&pasted_board()).unwrap();
    // "Play from here" in the editor: the game is kept aside, as "New game" keeps it.
    s.apply(Action::SetUp(set_up));
    assert_eq!(s.notice().cloned(), Some(Notice::Replaced));
    assert_eq!(s.replaced().last().unwrap().game.transcript(), "f5d6");
    // The set-up position, replaced by an import, is kept too.
    s.apply(Action::Import("c4".into()));
    let back = after_reload(&s, Vec::new());
    let starts: Vec<bool> = back.iter().map(|k| k.game.start() == set_up).collect();
    assert_eq!(starts, [false, true]);
}
