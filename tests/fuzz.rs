//! Fuzz tests on stable Rust: every parser and message handler gets random and mutated inputs (random bytes,
//! text with multi-byte characters, valid inputs mutated, huge numbers, very long lines) and must never
//! panic, must say what is wrong when it refuses an input, and must leave its state as it was after a
//! refusal.
//!
//! Quick run (part of `cargo test`): 2,000 cases per parser. Long run: set `FUZZ_CASES`, e.g.
//! `FUZZ_CASES=1000000 cargo test --release --test fuzz -- --nocapture` (figures printed per parser).

mod common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use common::Rng;
use reversi::arena::{reply_square, RequestHead};
use reversi::bot::{Bot, BotConfig};
use reversi::engine::ggf;
use reversi::engine::{parse_obf_line, wthor, Game, Position};
use reversi::nboard::NboardSession;
use reversi::protocol::{Request, Response};
use reversi::ui::{persist, share};
use reversi::worker::DataFile;
use reversi::worker::Engine;

fn cases() -> usize {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000)
}

/// Pieces that make inputs interesting: separators, escapes, multi-byte characters, numbers at the edges.
const PIECES: &[&str] = &[
    " ",
    "\n",
    "\r\n",
    "\t",
    "\0",
    "%",
    "%2",
    "%20",
    "%C3%A9",
    "%zz",
    "é",
    "中",
    "😀",
    "\u{FFFD}",
    "\"",
    "'",
    "{",
    "}",
    "[",
    "]",
    ":",
    ",",
    ";",
    "/",
    "?",
    "&",
    "=",
    "#",
    "-",
    "+",
    "X",
    "O",
    "*",
    "a1",
    "h8",
    "f5",
    "z9",
    "PA",
    "0",
    "1",
    "-1",
    "64",
    "65",
    "255",
    "256",
    "65536",
    "4294967296",
    "18446744073709551616",
    "-9223372036854775809",
    "1e308",
    "NaN",
    "null",
    "true",
];

struct Fuzzer {
    rng: Rng,
}

impl Fuzzer {
    fn new(seed: u64) -> Fuzzer {
        Fuzzer {
            rng: Rng::new(seed),
        }
    }

    fn below(&mut self, n: usize) -> usize {
        common::below(&mut self.rng, n)
    }

    /// One input: random bytes, random text, a mutated seed, or a very long line.
    fn input(&mut self, seeds: &[&[u8]]) -> Vec<u8> {
        match self.below(10) {
            0 => {
                let len = if self.below(20) == 0 {
                    self.below(5_000)
                } else {
                    self.below(80)
                };
                (0..len).map(|_| self.rng.next_u64() as u8).collect()
            }
            1 | 2 => {
                let mut out = String::new();
                for _ in 0..self.below(30) {
                    out.push_str(PIECES[self.below(PIECES.len())]);
                }
                out.into_bytes()
            }
            3 => {
                let seed = seeds[self.below(seeds.len())];
                let times = 1 + self.below(2_000);
                seed.repeat(times.min(100_000 / seed.len().max(1)))
            }
            _ => {
                let mut out = seeds[self.below(seeds.len())].to_vec();
                for _ in 0..1 + self.below(4) {
                    self.mutate(&mut out);
                }
                out
            }
        }
    }

    fn mutate(&mut self, out: &mut Vec<u8>) {
        let at = self.below(out.len() + 1);
        match self.below(7) {
            0 if !out.is_empty() => {
                let i = self.below(out.len());
                out[i] ^= 1 << self.below(8);
            }
            1 => out.insert(at, self.rng.next_u64() as u8),
            2 if !out.is_empty() => {
                let end = (at + 1 + self.below(8)).min(out.len());
                out.drain(at.min(end)..end);
            }
            3 if !out.is_empty() => {
                let start = self.below(out.len());
                let end = (start + 1 + self.below(16)).min(out.len());
                let chunk = out[start..end].to_vec();
                out.splice(at..at, chunk);
            }
            4 => {
                let piece = PIECES[self.below(PIECES.len())].as_bytes().to_vec();
                out.splice(at..at, piece);
            }
            5 => out.truncate(at),
            _ => {
                // Replace a run of digits (or anything) with a piece.
                let end = (at + self.below(4)).min(out.len());
                let piece = PIECES[self.below(PIECES.len())].as_bytes().to_vec();
                out.splice(at..end, piece);
            }
        }
    }
}

/// Runs `check` on `cases()` inputs; a panic fails the test and shows the input. Returns (accepted,
/// refused) counts and prints the figures.
fn fuzz(name: &str, seed: u64, seeds: &[&[u8]], mut check: impl FnMut(&[u8]) -> bool) {
    let mut fuzzer = Fuzzer::new(seed);
    let started = Instant::now();
    let (mut accepted, mut refused) = (0usize, 0usize);
    let n = cases();
    for case in 0..n {
        let input = fuzzer.input(seeds);
        match catch_unwind(AssertUnwindSafe(|| check(&input))) {
            Ok(true) => accepted += 1,
            Ok(false) => refused += 1,
            Err(_) => panic!(
                "{name}: case {case} panicked on {:?}",
                String::from_utf8_lossy(&input)
            ),
        }
    }
    eprintln!(
        "fuzz {name}: {n} cases ({accepted} accepted, {refused} refused) in {:.2} s",
        started.elapsed().as_secs_f64()
    );
    // A target that accepts nothing (or refuses nothing) is not being exercised: its seeds are wrong.
    assert!(accepted > 0, "{name}: no input accepted");
    assert!(refused > 0, "{name}: no input refused");
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn says_what(error: &impl std::fmt::Display) -> bool {
    let message = error.to_string();
    assert!(!message.trim().is_empty(), "an error without a message");
    false
}

const START: &str = "---------------------------OX------XO--------------------------- X";

#[test]
fn transcripts() {
    let base = Game::from_transcript("f5d6c3").unwrap();
    fuzz(
        "transcript",
        1,
        &[b"f5d6c3d3c4", b"F5 D6 C3", b"f5-d6-c3", b"e6f4"],
        |input| {
            let s = text(input);
            let mut game = base.clone();
            match game.play_transcript(&s) {
                Ok(()) => {
                    // What was read is what is written back.
                    let again = Game::from_transcript(&game.transcript()).unwrap();
                    assert_eq!(again.position(), game.position());
                    true
                }
                Err(error) => {
                    assert_eq!(game, base, "a refused transcript changed the game");
                    says_what(&error)
                }
            }
        },
    );
}

#[test]
fn positions() {
    fuzz(
        "position",
        2,
        &[
            START.as_bytes(),
            b"XXXXXXXXOOOOOOOO------------------------------------------------ O",
        ],
        |input| match text(input).parse::<Position>() {
            Ok(position) => {
                assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
                true
            }
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn obf_lines() {
    let line = include_str!("data/fforum-20-39.obf")
        .lines()
        .next()
        .unwrap();
    fuzz("obf", 3, &[line.as_bytes()], |input| {
        match parse_obf_line(&text(input)) {
            Ok(_) => true,
            Err(error) => says_what(&error),
        }
    });
}

#[test]
fn ggf_games() {
    let ggf = "(;GM[Othello]PC[x]PB[a]PW[b]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[D6]B[C3];)";
    fuzz("ggf", 4, &[ggf.as_bytes()], |input| {
        match ggf::read(&text(input)) {
            Ok(_) => true,
            Err(error) => says_what(&error),
        }
    });
}

#[test]
fn nboard_lines() {
    let mut session = NboardSession::with_move_time(2);
    session.handle("set depth 1");
    session.handle("move f5");
    fuzz(
        "nboard",
        5,
        &[
            b"move d6",
            b"set depth 3",
            b"set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)",
            b"hint 3",
            b"go",
            b"ping 7",
            b"nboard 2",
        ],
        |input| {
            let before = session.game().clone();
            let out = session.handle_bytes(input);
            let refused = out
                .iter()
                .any(|l| l.starts_with("status bad") || l.starts_with("status unknown"));
            if refused {
                assert_eq!(session.game(), &before, "a refused line changed the game");
            }
            !refused
        },
    );
}

#[test]
fn bot_messages() {
    let mut bot = Bot::new(BotConfig {
        url: String::new(),
        name: "fuzz".to_string(),
        level: 1,
        move_time_ms: 5,
        swap_xy: false,
    });
    let board = serde_json::json!([
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, -1, 1, 0, 0, 0],
        [0, 0, 0, 1, -1, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0],
        [0, 0, 0, 0, 0, 0, 0, 0]
    ]);
    let action = serde_json::json!({"type": "ACTION", "key": "k1", "board": board, "color": 1, "point": {"x": 0, "y": 0}})
        .to_string();
    fuzz(
        "bot",
        6,
        &[action.as_bytes(), b"{\"type\":\"READY\"}"],
        |input| match bot.answer(&text(input)) {
            Ok(Some(reply)) => {
                let value: serde_json::Value = serde_json::from_str(&reply).unwrap();
                assert!(value["key"].is_string() && value["point"]["x"].is_u64());
                true
            }
            Ok(None) => true,
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn arena_request_heads_and_replies() {
    fuzz(
        "arena-head",
        7,
        &[
            b"GET /ws?name=bot HTTP/1.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: x\r\nSec-WebSocket-Version: 13\r\n\r\n",
            b"POST /play/a%20b/c HTTP/1.1\r\nHost: x\r\n\r\n",
            b"GET /page/show?first=a&back=b HTTP/1.1\r\n\r\n",
        ],
        |input| {
            let head = RequestHead::parse(&text(input));
            assert!(head.segments.iter().all(|s| !s.is_empty()));
            assert!(head.headers.keys().all(|k| *k == k.to_ascii_lowercase()));
            // Any text gives a head; one without a method or a path is what the routing refuses.
            !head.method.is_empty() && !head.segments.is_empty()
        },
    );
    let game = Game::from_transcript("f5").unwrap();
    fuzz(
        "arena-reply",
        8,
        &[
            br#"{"key":"k","point":{"x":5,"y":3}}"#,
            br#"{"point":{"x":"2","y":3.5}}"#,
        ],
        |input| {
            let Ok(value) = serde_json::from_str::<serde_json::Value>(&text(input)) else {
                return false;
            };
            match reply_square(&value, &game) {
                Ok(square) => {
                    assert!(game.legal_moves().contains(square));
                    true
                }
                Err(error) => says_what(&error),
            }
        },
    );
}

#[test]
fn share_links() {
    fuzz(
        "share",
        9,
        &[
            b"#t=f5d6c3",
            b"#t=f5%20d6&p=---------------------------OX------XO---------------------------X",
            "#p=é".as_bytes(),
        ],
        |input| match share::parse(&text(input)) {
            None => true,
            Some(Ok(_)) => true,
            Some(Err(error)) => says_what(&error),
        },
    );
}

#[test]
fn saved_games_and_slots() {
    let mut session = reversi::ui::state::Session::default();
    session.apply(reversi::ui::state::Action::Square("f5".parse().unwrap()));
    let save = persist::save(&session);
    let slot = persist::save_slot(&session, 1.0e12);
    fuzz("saved-game", 10, &[save.as_bytes()], |input| {
        let text = text(input);
        let restored = persist::restore(&text);
        match persist::recover(&text) {
            Ok(recovered) => {
                // Whatever is recovered saves and reads back as itself.
                let again = persist::restore(&persist::save(&recovered.session)).unwrap();
                assert_eq!(again.game, recovered.session.game);
                assert_eq!(restored.is_ok(), recovered.lost.is_none());
                true
            }
            Err(error) => {
                assert!(restored.is_err());
                says_what(&error)
            }
        }
    });
    fuzz(
        "slot",
        11,
        &[slot.as_bytes()],
        |input| match persist::read_slot(&text(input)) {
            Ok(_) => true,
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn worker_requests() {
    let mut engine = Engine::new(reversi::engine::native_clock);
    let search = serde_json::to_string(&Request::Search {
        id: 1,
        position: Position::START,
        level: 1,
        seed: 0,
        max_millis: Some(5),
    })
    .unwrap();
    let analyse = serde_json::to_string(&Request::Analyse {
        id: 2,
        position: Position::START,
        depth: 1,
    })
    .unwrap();
    let perft = r#"{"Perft":{"id":3,"position":"---------------------------OX------XO--------------------------- X","depth":3}}"#;
    let review = serde_json::to_string(&Request::Review {
        id: 5,
        position: Position::START,
        played: Some("f5".parse().unwrap()),
        depth: 2,
    })
    .unwrap();
    let explore = serde_json::to_string(&Request::Explore {
        id: 6,
        position: Position::START,
    })
    .unwrap();
    let task = r#"{"Task":{"id":7,"task":{"Child":{"position":"---------------------------OX------XO--------------------------- X","depth":3,"alpha":-100,"beta":-99,"probcut":true,"deadline_ms":50,"fresh":true}}}}"#;
    let first_task = serde_json::to_string(&Request::Task {
        id: 8,
        task: reversi::protocol::WireTask::from_task(
            &reversi::engine::Task::Search {
                serial: 1,
                board: Position::START.board,
                limits: reversi::engine::SearchLimits::default(),
            },
            0.0,
        ),
    })
    .unwrap();
    let plan = r#"{"Task":{"id":11,"task":{"Plan":{"position":"-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X","deadline_ms":50,"fresh":true}}}}"#;
    let probe = r#"{"Task":{"id":12,"task":{"Probe":{"position":"-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X","confidence":255,"alpha":-1,"deadline_ms":50,"fresh":false}}}}"#;
    let puzzle = r#"{"Puzzle":{"id":9,"pick":{"Level":{"level":2,"index":7}}}}"#;
    let daily = r#"{"Puzzle":{"id":10,"pick":{"Daily":{"day":20000}}}}"#;
    engine
        .load(
            DataFile::Explorer,
            &std::fs::read("assets/explorer.bin").unwrap(),
        )
        .unwrap();
    engine
        .load(
            DataFile::Puzzles,
            &std::fs::read("assets/puzzles.bin").unwrap(),
        )
        .unwrap();
    fuzz(
        "worker",
        12,
        &[
            search.as_bytes(),
            analyse.as_bytes(),
            perft.as_bytes(),
            br#"{"Ping":{"id":4}}"#,
            review.as_bytes(),
            explore.as_bytes(),
            task.as_bytes(),
            first_task.as_bytes(),
            puzzle.as_bytes(),
            daily.as_bytes(),
            plan.as_bytes(),
            probe.as_bytes(),
        ],
        |input| {
            let Ok(mut request) = serde_json::from_str::<Request>(&text(input)) else {
                return false;
            };
            // Keep the searches short: the fuzz is about what the worker reads, not how long it thinks.
            match &mut request {
                Request::Search {
                    level, max_millis, ..
                } => {
                    *level = (*level).min(3);
                    *max_millis = Some(5);
                }
                Request::Analyse { depth, .. } => *depth = (*depth).min(2),
                // Over the limit is refused (and checked here); up to it, keep the count small.
                Request::Perft { depth, .. } if *depth <= reversi::worker::MAX_PERFT_DEPTH => {
                    *depth = (*depth).min(4)
                }
                Request::Review { depth, .. } => *depth = (*depth).min(3),
                Request::Task { task, .. } => match task {
                    reversi::protocol::WireTask::Search { limits, .. } => {
                        limits.depth = limits.depth.min(3);
                        limits.deadline_ms = Some(5);
                        limits.exact_empties = limits.exact_empties.min(8);
                        limits.wld_empties = limits.wld_empties.min(8);
                    }
                    reversi::protocol::WireTask::Child {
                        depth, deadline_ms, ..
                    } => {
                        *depth = (*depth).min(3);
                        *deadline_ms = Some(5);
                    }
                    reversi::protocol::WireTask::Plan { deadline_ms, .. }
                    | reversi::protocol::WireTask::Probe { deadline_ms, .. } => {
                        *deadline_ms = Some(5)
                    }
                },
                Request::Perft { .. }
                | Request::Ping { .. }
                | Request::Explore { .. }
                | Request::Puzzle { .. } => {}
            }
            let mut replies = Vec::new();
            engine.handle(request, &mut |r| replies.push(r));
            assert!(!replies.is_empty(), "every request is answered");
            let refused = replies.iter().any(|r| matches!(r, Response::Error { .. }));
            if let Some(Response::Error { message, .. }) =
                replies.iter().find(|r| matches!(r, Response::Error { .. }))
            {
                assert!(!message.is_empty());
            }
            !refused
        },
    );
}

#[test]
fn explorer_files() {
    use reversi::engine::explorer::{Explorer, ExplorerBuilder};
    let games = wthor::parse(include_bytes!("data/wthor-sample.wtb"))
        .unwrap()
        .games;
    let mut builder = ExplorerBuilder::new();
    for game in &games {
        builder.add(game, 20);
    }
    let file = builder.write(1);
    fuzz("explorer", 14, &[file.as_slice()], |input| {
        match Explorer::read(input) {
            Ok(explorer) => {
                // Whatever was read answers a lookup without a panic.
                let _ = explorer.moves(&reversi::engine::Position::START);
                true
            }
            Err(error) => says_what(&error),
        }
    });
}

#[test]
fn wthor_files() {
    let file = include_bytes!("data/wthor-sample.wtb");
    fuzz(
        "wthor",
        13,
        &[file.as_slice(), &file[..16 + 68]],
        |input| match wthor::parse(input) {
            Ok(parsed) => {
                for game in &parsed.games {
                    let positions = game.positions();
                    assert_eq!(positions.len(), game.moves.len() + 1);
                }
                true
            }
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn puzzle_files() {
    use reversi::engine::puzzles::PuzzleSet;
    // The first puzzles of the page's file, written again: every record is checked against the rules
    // when read, so a mutated byte must be refused with a message or read as rules-abiding puzzles.
    let set = PuzzleSet::read(&std::fs::read("assets/puzzles.bin").unwrap()).unwrap();
    let few = PuzzleSet::new(set.puzzles()[..3].to_vec()).write();
    fuzz(
        "puzzles",
        15,
        &[few.as_slice()],
        |input| match PuzzleSet::read(input) {
            Ok(read) => {
                for puzzle in read.puzzles() {
                    assert!(puzzle.moves[0].1 > puzzle.moves[1].1);
                    assert!(puzzle.position.board.is_legal(puzzle.best()));
                }
                true
            }
            Err(error) => says_what(&error),
        },
    );
}

#[test]
fn training_progress() {
    use reversi::ui::training::Progress;
    let mut progress = Progress::new();
    progress.puzzles.solved = 3;
    progress.drills.record("X:f5d6c3d3c4", 20_000, 1);
    let saved = progress.save();
    fuzz("training progress", 16, &[saved.as_bytes()], |input| {
        match Progress::restore(&text(input)) {
            // What is read writes and reads back the same.
            Ok(read) => {
                assert_eq!(Progress::restore(&read.save()), Ok(read));
                true
            }
            Err(error) => says_what(&format!("{error:?}")),
        }
    });
}
