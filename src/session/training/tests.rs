//! The training room's state, tested natively with a real engine answering its requests.

use super::*;
use crate::protocol::{DataFile, Request, WorkerError};
use crate::session::Asker;
use crate::worker::Engine;
use reversi_engine::openings::OPENINGS;

/// Answers what the room asked since `sent` with a native engine, as a worker would.
fn serve(training: &mut Training, channel: &Outbox, engine: &mut Engine, sent: &mut usize) {
    let requests = channel.pending_since(*sent);
    *sent = channel.seq();
    for (request, _) in requests {
        let Some(Asker::Training(ask)) = channel.asker_of(request.id()) else {
            panic!("not the room's request: {request:?}");
        };
        let mut replies = Vec::new();
        engine.handle(request, &mut |r| replies.push(r));
        for reply in replies {
            training.receive(ask, reply);
        }
    }
}

fn engine() -> Engine {
    let mut engine = Engine::new(reversi_engine::native_clock);
    engine
        .load(
            DataFile::Puzzles,
            &std::fs::read("assets/puzzles.bin").unwrap(),
        )
        .unwrap();
    engine
}

#[test]
fn a_puzzle_is_judged_at_once_and_its_perfect_line_shown() {
    let (mut engine, mut channel, mut sent) = (engine(), Outbox::new(1), 0);
    let mut training = Training::new(Progress::new());
    training.apply(TrainingAction::Open, &mut channel);
    training.apply(TrainingAction::StartPuzzles(2), &mut channel);
    serve(&mut training, &channel, &mut engine, &mut sent);
    let round = training.puzzle.clone().expect("a puzzle");
    assert_eq!((round.puzzle.level, round.puzzle.index), (2, 0));
    let (position, last, clickable) = training.board().unwrap();
    assert_eq!((position, last), (round.puzzle.position, None));
    assert_eq!(clickable, position.board.moves());
    // The best move: right, counted, the level goes on from the next one.
    let best = round.puzzle.moves[0].0;
    training.click(best, &mut channel);
    let round = training.puzzle.clone().unwrap();
    assert_eq!((round.correct(), round.loss()), (Some(true), Some(0)));
    let stats = &training.progress.puzzles;
    assert_eq!((stats.solved, stats.attempted, stats.streak), (1, 1, 1));
    assert_eq!(stats.next[1], 1);
    assert_eq!(training.board().unwrap().2, Bitboard::EMPTY);
    // The perfect line, move by move, to the end of the game.
    let line = round.line_positions();
    assert_eq!(line.len(), round.puzzle.line.len());
    training.apply(TrainingAction::StepLine(line.len()), &mut channel);
    let (end, last, _) = training.board().unwrap();
    assert!(end.board.is_game_over());
    assert_eq!(last.map(|l| l.1), round.puzzle.line.last().copied());
    training.apply(TrainingAction::NextPuzzle, &mut channel);
    serve(&mut training, &channel, &mut engine, &mut sent);
    assert_eq!(training.puzzle.as_ref().unwrap().puzzle.index, 1);
}

#[test]
fn a_wrong_answer_shows_its_loss_and_a_retry_is_not_counted_again() {
    let (mut engine, mut channel, mut sent) = (engine(), Outbox::new(1), 0);
    let mut training = Training::new(Progress::new());
    training.progress.puzzles.streak = 4;
    training.apply(TrainingAction::StartPuzzles(5), &mut channel);
    serve(&mut training, &channel, &mut engine, &mut sent);
    let round = training.puzzle.clone().unwrap();
    let (wrong, value) = round.puzzle.moves[1];
    // An illegal click is no answer.
    let illegal = Square::ALL
        .into_iter()
        .find(|&s| !round.puzzle.position.board.is_legal(s))
        .unwrap();
    training.click(illegal, &mut channel);
    assert_eq!(training.puzzle.as_ref().unwrap().answer, None);
    training.click(wrong, &mut channel);
    let answered = training.puzzle.clone().unwrap();
    assert_eq!(answered.correct(), Some(false));
    assert_eq!(answered.loss(), Some(round.puzzle.moves[0].1 - value));
    assert!(answered.loss().unwrap() > 0);
    // The board shows the move played.
    assert_eq!(training.board().unwrap().1.map(|l| l.1), Some(wrong));
    assert_eq!(training.progress.puzzles.streak, 0);
    training.apply(TrainingAction::RetryPuzzle, &mut channel);
    training.click(round.puzzle.moves[0].0, &mut channel);
    assert_eq!(training.puzzle.as_ref().unwrap().correct(), Some(true));
    let stats = &training.progress.puzzles;
    assert_eq!((stats.solved, stats.attempted, stats.streak), (0, 1, 0));
}

#[test]
fn the_daily_puzzle_is_the_same_all_day_and_marks_the_day_solved() {
    let (mut engine, mut channel, mut sent) = (engine(), Outbox::new(1), 0);
    let mut training = Training::new(Progress::new());
    training.apply(TrainingAction::DailyPuzzle(20_500), &mut channel);
    serve(&mut training, &channel, &mut engine, &mut sent);
    let first = training.puzzle.clone().unwrap();
    assert_eq!(first.daily, Some(20_500));
    training.apply(TrainingAction::DailyPuzzle(20_500), &mut channel);
    serve(&mut training, &channel, &mut engine, &mut sent);
    assert_eq!(training.puzzle.as_ref().unwrap().puzzle, first.puzzle);
    training.click(first.puzzle.moves[0].0, &mut channel);
    assert_eq!(training.progress.puzzles.daily_solved, Some(20_500));
    // The daily puzzle does not move a level on.
    assert_eq!(training.progress.puzzles.next, [0; 5]);
}

#[test]
fn a_missing_puzzle_file_is_told_and_ends_only_its_request() {
    let mut channel = Outbox::new(1);
    let mut training = Training::new(Progress::new());
    training.apply(TrainingAction::StartPuzzles(1), &mut channel);
    let (Request::Puzzle { id, .. }, _) = channel.last_request().unwrap() else {
        panic!("no puzzle asked");
    };
    assert!(training.waits_for(id));
    training.receive(
        TrainingAsk::Puzzle,
        Response::Error {
            id: id + 1,
            error: WorkerError::NoPuzzle,
        },
    );
    assert_eq!(training.asked.error(), None);
    training.receive(
        TrainingAsk::Puzzle,
        Response::Error {
            id,
            error: WorkerError::DataMissing {
                file: DataFile::Puzzles,
                status: Some(404),
            },
        },
    );
    assert!(training.asked.error().unwrap().to_string().contains("404"));
    assert!(!training.waits_for(id));
}

/// Plays a drill round to its end with `mistakes` wrong moves at the player's second turn (at the first,
/// every first move is one of the line's frames); the feedback after each wrong move.
fn drill_round(
    training: &mut Training,
    channel: &mut Outbox,
    engine: &mut Engine,
    sent: &mut usize,
    mistakes: usize,
) -> Vec<Feedback> {
    let mut wrong = Vec::new();
    let mut turns = 0;
    while let Some(expected) = training
        .drill
        .as_ref()
        .filter(|d| !d.done)
        .and_then(|d| d.expected())
    {
        turns += 1;
        if turns == 2 {
            for _ in 0..mistakes {
                let round = training.drill.as_ref().unwrap();
                let other = round
                    .position
                    .board
                    .moves()
                    .iter()
                    .find(|&s| s != expected)
                    .unwrap();
                training.click(other, channel);
                serve(training, channel, engine, sent);
                wrong.push(training.drill.as_ref().unwrap().feedback.clone().unwrap());
            }
        }
        training.click(expected, channel);
        assert!(
            training
                .drill
                .as_ref()
                .unwrap()
                .feedback
                .as_ref()
                .unwrap()
                .correct
        );
    }
    wrong
}

#[test]
fn the_first_move_as_black_may_be_any_of_the_four_and_sets_the_frame() {
    let mut channel = Outbox::new(1);
    let mut training = Training::new(Progress::new());
    let tiger = OPENINGS.iter().position(|o| o.name == "Tiger").unwrap();
    for first in ["f5", "d3", "c4", "e6"] {
        training.apply(
            TrainingAction::StartDrill {
                choice: DrillChoice::Opening(tiger),
                color: Color::Black,
                today: 1,
                seed: 0,
            },
            &mut channel,
        );
        let first: Square = first.parse().unwrap();
        training.click(first, &mut channel);
        let round = training.drill.clone().unwrap();
        assert!(round.feedback.unwrap().correct);
        assert_eq!(round.frame.apply_square("f5".parse().unwrap()), first);
        // White's reply d6, turned into that frame, is on the board.
        assert_eq!(
            round.last.map(|l| l.1),
            Some(round.frame.apply_square("d6".parse().unwrap()))
        );
    }
}

#[test]
fn a_drill_through_the_tiger_with_one_mistake_brings_it_back_today() {
    let (mut engine, mut channel, mut sent) = (engine(), Outbox::new(1), 0);
    let mut training = Training::new(Progress::new());
    let tiger = OPENINGS.iter().position(|o| o.name == "Tiger").unwrap();
    let today = 20_600;
    for seed in 0..4 {
        training.apply(
            TrainingAction::StartDrill {
                choice: DrillChoice::Opening(tiger),
                color: Color::Black,
                today,
                seed,
            },
            &mut channel,
        );
        let round = training.drill.clone().unwrap();
        // Black moves first: the first expected move is f5 in the round's frame.
        assert_eq!(round.ply, 0);
        assert_eq!(
            round.expected(),
            Some(round.frame.apply_square("f5".parse().unwrap()))
        );
    }
    let wrong = drill_round(&mut training, &mut channel, &mut engine, &mut sent, 1);
    assert!(!wrong[0].correct);
    // Valued by the book, or else by the quick search that was answered.
    assert!(wrong[0].values.is_some());
    let round = training.drill.clone().unwrap();
    assert!(round.done);
    assert_eq!(round.ply, 5);
    // The game's moves are the Tiger's, turned into the round's frame.
    let key = round.line.key(Color::Black);
    assert_eq!(key, "X:f5d6c3d3c4");
    let state = training.progress.drills.lines[&key].clone();
    assert_eq!((state.boxed, state.due, state.streak), (1, today, 0));
    // Three rounds right: learned.
    for day in [today, today + 1, today + 3] {
        training.apply(
            TrainingAction::NextLine {
                today: day,
                seed: 1,
            },
            &mut channel,
        );
        drill_round(&mut training, &mut channel, &mut engine, &mut sent, 0);
    }
    assert!(training.progress.drills.learned(&key));
}

#[test]
fn a_drill_as_white_waits_for_the_players_move_after_the_lines_first() {
    let mut channel = Outbox::new(1);
    let mut training = Training::new(Progress::new());
    training.apply(
        TrainingAction::StartDrill {
            choice: DrillChoice::BookLines,
            color: Color::White,
            today: 1,
            seed: 2,
        },
        &mut channel,
    );
    let round = training.drill.clone().unwrap();
    assert_eq!(round.ply, 1);
    assert_eq!(round.position.to_move, Color::White);
    assert_eq!(training.board().unwrap().2, round.position.board.moves());
}

#[test]
fn progress_is_kept_and_unreadable_progress_is_refused() {
    let mut progress = Progress::new();
    progress.puzzles.solved = 7;
    progress.drills.record("X:f5d6", 100, 0);
    let text = progress.save();
    assert_eq!(Progress::restore(&text), Ok(progress));
    assert!(matches!(
        Progress::restore("{\"version\":1,"),
        Err(ProgressError::Unreadable(_))
    ));
    let newer = text.replace("\"version\":1", "\"version\":2");
    assert_eq!(Progress::restore(&newer), Err(ProgressError::Version(2)));
}

/// Stored progress with every field out of range: each is clamped or dropped alone, the rest kept, and a
/// line stored in box 255 then played without a mistake goes to the last box.
#[test]
fn progress_out_of_range_is_clamped_field_by_field_and_never_panics() {
    let text = r#"{"version":1,
        "puzzles":{"solved":99999999999,"attempted":-4,"streak":"many","best_streak":12.5,
                   "next":[3,99999999999,-1],"daily_solved":99999999999999999999},
        "drills":{"lines":{
            "X:f5d6c3d3c4":{"boxed":255,"due":20000,"streak":4294967295},
            "X:f5d6c5":{"boxed":2,"due":-9223372036854775808,"streak":1},
            "X:f5f6":{"boxed":3,"due":20001,"streak":2},
            "X:f5d6c3":"junk"}}}"#;
    let progress = Progress::restore(text).expect("read field by field");
    let stats = &progress.puzzles;
    assert_eq!(
        (
            stats.solved,
            stats.attempted,
            stats.streak,
            stats.best_streak
        ),
        (u32::MAX, 0, 0, 12)
    );
    assert_eq!(stats.next[..3], [3, u32::MAX, 0]);
    assert_eq!(stats.daily_solved, None);
    let lines = &progress.drills.lines;
    assert_eq!(
        lines.len(),
        2,
        "the line due on no day and the junk one dropped"
    );
    let tiger = &lines["X:f5d6c3d3c4"];
    assert_eq!((tiger.boxed, tiger.due, tiger.streak), (5, 20000, u32::MAX));
    assert_eq!(lines["X:f5f6"].boxed, 3, "the rest kept");

    // A state that only storage could hold (any value its type allows) goes through a round.
    let mut schedule = progress.drills.clone();
    schedule.lines.get_mut("X:f5d6c3d3c4").unwrap().boxed = 255;
    schedule.lines.get_mut("X:f5d6c3d3c4").unwrap().due = i64::MAX;
    schedule.record("X:f5d6c3d3c4", i64::MAX, 0);
    let state = &schedule.lines["X:f5d6c3d3c4"];
    assert_eq!(
        (state.boxed, state.due, state.streak),
        (5, i64::MAX, u32::MAX)
    );

    // The whole room played with it: the Tiger from box 255, no mistake, no panic.
    let (mut engine, mut channel, mut sent) = (engine(), Outbox::new(1), 0);
    let mut progress = Progress::new();
    progress.drills.lines.insert(
        "X:f5d6c3d3c4".into(),
        drill::LineState {
            boxed: 255,
            due: 0,
            streak: 0,
        },
    );
    let mut training = Training::new(progress);
    let tiger = OPENINGS.iter().position(|o| o.name == "Tiger").unwrap();
    training.apply(
        TrainingAction::StartDrill {
            choice: DrillChoice::Opening(tiger),
            color: Color::Black,
            today: 20_600,
            seed: 0,
        },
        &mut channel,
    );
    drill_round(&mut training, &mut channel, &mut engine, &mut sent, 0);
    let state = &training.progress.drills.lines["X:f5d6c3d3c4"];
    assert_eq!((state.boxed, state.due), (5, 20_600 + 16));
}

/// Two tabs answering puzzles from the same stored progress: what each added adds up, neither overwrites
/// the other (3 attempts in one tab and 1 in the other are 4, not the last writer's 1).
#[test]
fn progress_from_two_tabs_adds_up() {
    let mut base = Progress::new();
    base.puzzles.attempted = 10;
    base.puzzles.solved = 6;
    base.drills.record("X:f5d6", 100, 0);
    let (mut a, mut b) = (base.clone(), base.clone());
    a.puzzles.attempted += 3;
    a.puzzles.solved += 2;
    a.puzzles.streak = 2;
    a.puzzles.next[0] = 5;
    b.puzzles.attempted += 1;
    b.puzzles.next[0] = 3;
    b.puzzles.best_streak = 9;
    b.drills.record("X:f5f6", 100, 0);
    a.drills.record("X:f5d6", 101, 1);
    // B wrote first; A, writing next, finds B's progress in storage.
    let merged = a.merge(&b, &base);
    assert_eq!(merged.puzzles.attempted, 14);
    assert_eq!(merged.puzzles.solved, 8);
    assert_eq!((merged.puzzles.streak, merged.puzzles.best_streak), (2, 9));
    assert_eq!(merged.puzzles.next[0], 5);
    assert_eq!(merged.drills.lines["X:f5d6"], a.drills.lines["X:f5d6"]);
    assert_eq!(merged.drills.lines["X:f5f6"], b.drills.lines["X:f5f6"]);
    // Merging again with nothing new changes nothing.
    assert_eq!(merged.merge(&merged, &merged), merged);
}
