//! The fuzz harness shared by the fuzz tests of every crate (`tests/fuzz.rs` in each): random and mutated
//! inputs (random bytes, text with multi-byte characters, valid inputs mutated, huge numbers, very long lines)
//! fed to a parser or handler that must never panic, must say what is wrong when it refuses an input, and must
//! leave its state as it was after a refusal.
//!
//! Quick run (part of `cargo test`): 2,000 cases per target. Long run: set `FUZZ_CASES`, e.g.
//! `FUZZ_CASES=1000000 cargo test --release --workspace --test fuzz -- --nocapture` (figures printed per target).

#![allow(dead_code)]

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use reversi_engine::Rng;

pub fn cases() -> usize {
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
        self.rng.below(n.max(1) as u64) as usize
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
pub fn fuzz(name: &str, seed: u64, seeds: &[&[u8]], mut check: impl FnMut(&[u8]) -> bool) {
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

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn says_what(error: &impl std::fmt::Display) -> bool {
    let message = error.to_string();
    assert!(!message.trim().is_empty(), "an error without a message");
    false
}

pub const START: &str = "---------------------------OX------XO--------------------------- X";
