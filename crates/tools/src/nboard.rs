//! The NBoard protocol (version 2) over text lines, so the engine can be driven by the NBoard GUI and by
//! scripts that talk to other engines. [`NboardSession::handle`] turns one input line into output lines; the
//! `reversi nboard` command connects it to stdin and stdout. A malformed command gets a `status` line saying
//! why, and the current game is kept.

use reversi_engine::{ggf, native_clock, Game, Move, SearchLimits, Searcher, DISC};

/// The engine's state in an NBoard conversation.
pub struct NboardSession {
    game: Game,
    /// Plies of the game the GUI has given (its game and moves, `PA` included): a pass the rules applied
    /// after them is still the engine's to answer.
    given: usize,
    depth: u32,
    move_time_ms: u32,
    searcher: Searcher,
}

/// Longest a `go` or a `hint` searches, whatever the depth set: the engine reads nothing while it searches,
/// so `ping` and every other command wait at most this long.
pub const DEFAULT_MOVE_TIME_MS: u32 = 10_000;

impl Default for NboardSession {
    fn default() -> NboardSession {
        NboardSession::new()
    }
}

/// A move in NBoard notation: upper-case square, `PA` for a pass.
fn nboard_move(mv: Move) -> String {
    match mv {
        Move::Place(square) => square.to_string().to_uppercase(),
        Move::Pass => "PA".to_string(),
    }
}

impl NboardSession {
    /// A session at the standard start position, searching 8 plies deep.
    pub fn new() -> NboardSession {
        NboardSession::with_move_time(DEFAULT_MOVE_TIME_MS)
    }

    /// A session whose searches stop after `move_time_ms` milliseconds (at the deepest depth finished).
    pub fn with_move_time(move_time_ms: u32) -> NboardSession {
        NboardSession {
            game: Game::new(),
            given: 0,
            depth: 8,
            move_time_ms,
            searcher: Searcher::new(64),
        }
    }

    /// Handles one line as it arrived, in any encoding: a line that is not UTF-8 (a GGF with Latin-1 player
    /// names, or noise) is read as Latin-1, so its ASCII commands still work and anything else gets a
    /// `status` line; the game is never lost to it.
    pub fn handle_bytes(&mut self, line: &[u8]) -> Vec<String> {
        match std::str::from_utf8(line) {
            Ok(text) => self.handle(text),
            Err(_) => {
                let text: String = line.iter().map(|&b| b as char).collect();
                let mut out = self.handle(&text);
                if out.is_empty() || out.iter().all(|l| !l.starts_with("status")) {
                    out.insert(
                        0,
                        "status the line is not UTF-8: read as Latin-1".to_string(),
                    );
                }
                out
            }
        }
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    fn limits(&self) -> SearchLimits {
        SearchLimits {
            depth: self.depth,
            // Solving exactly near the end costs about as much as a deep mid-game search.
            exact_empties: (self.depth + 6).min(20),
            wld_empties: (self.depth + 8).min(22),
            deadline: Some(native_clock() + self.move_time_ms as f64),
            ..SearchLimits::default()
        }
    }

    /// Handles one line from the GUI and returns the lines to send back.
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        let line = line.trim();
        let (command, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        match command {
            "" => Vec::new(),
            "nboard" => match rest {
                "2" => vec!["set myname Reversi".to_string()],
                other => vec![format!(
                    "status unsupported nboard protocol version \"{other}\" (this engine speaks 2)"
                )],
            },
            "set" => self.set(rest),
            "move" => self.play(rest),
            "go" => self.go(),
            "hint" => self.hint(rest),
            "ping" => vec![format!("pong {rest}")],
            // Commands this engine accepts and has nothing to do for.
            "learn" | "analyze" => Vec::new(),
            other => vec![format!("status unknown command \"{other}\"")],
        }
    }

    fn set(&mut self, rest: &str) -> Vec<String> {
        let (what, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        match what {
            "depth" => match value.trim().parse::<u32>() {
                Ok(depth) if (1..=60).contains(&depth) => {
                    self.depth = depth;
                    Vec::new()
                }
                _ => vec![format!("status bad depth \"{}\" (1 to 60)", value.trim())],
            },
            "game" => match ggf::read_counted(value) {
                Ok((game, given)) => {
                    self.game = game;
                    self.given = given;
                    Vec::new()
                }
                Err(error) => vec![format!("status bad game, kept the current one: {error}")],
            },
            "contempt" | "myname" => Vec::new(),
            other => vec![format!("status unknown setting \"{other}\"")],
        }
    }

    fn play(&mut self, rest: &str) -> Vec<String> {
        let text = rest.split('/').next().unwrap_or("").trim();
        let mut next = self.game.clone();
        match ggf::play_move(&mut next, text) {
            Ok(()) => {
                self.game = next;
                self.given += 1;
                Vec::new()
            }
            Err(error) => vec![format!("status bad move, kept the game: {error}")],
        }
    }

    fn go(&mut self) -> Vec<String> {
        if self.game.is_over() {
            return vec!["status the game is over".to_string()];
        }
        // The side the GUI asks for has no move: the game already holds its pass, which is the answer.
        if self.game.plies().len() > self.given && self.game.last_move() == Some(Move::Pass) {
            return vec!["=== PA".to_string()];
        }
        let info = self.searcher.search(
            &self.game.position().board,
            &self.limits(),
            native_clock,
            None,
            &mut |_| {},
        );
        vec![format!(
            "=== {}/{:.2}/{:.3}",
            nboard_move(info.best),
            info.score as f64 / DISC as f64,
            info.millis / 1000.0
        )]
    }

    fn hint(&mut self, rest: &str) -> Vec<String> {
        let count: usize = match rest.parse() {
            Ok(n) if n >= 1 => n,
            _ => return vec![format!("status bad hint count \"{rest}\"")],
        };
        if self.game.is_over() {
            return vec!["status the game is over".to_string()];
        }
        let board = self.game.position().board;
        let mut out = vec![format!(
            "status searching {count} moves at depth {}",
            self.depth
        )];
        let deadline = native_clock() + self.move_time_ms as f64;
        let Some((depth, values)) =
            self.searcher
                .analyse_until(&board, self.depth, deadline, native_clock)
        else {
            out.push("status no move valued in time".to_string());
            return out;
        };
        for (square, value) in values.into_iter().take(count) {
            out.push(format!(
                "search {} {:.2} 0 {depth}",
                square.to_string().to_uppercase(),
                value as f64 / DISC as f64,
            ));
        }
        out.push("status".to_string());
        out
    }
}

/// Runs an NBoard session on stdin and stdout until the input ends (or the output closes).
pub fn run() -> std::process::ExitCode {
    use std::io::{BufRead, Write};
    let mut session = NboardSession::new();
    let stdin = std::io::stdin();
    let mut stdout = std::io::stdout().lock();
    // Lines as bytes: one that is not UTF-8 must not end the session.
    for line in stdin.lock().split(b'\n') {
        let Ok(mut line) = line else { break };
        if line.last() == Some(&b'\r') {
            line.pop();
        }
        for out in session.handle_bytes(&line) {
            if writeln!(stdout, "{out}")
                .and_then(|_| stdout.flush())
                .is_err()
            {
                return std::process::ExitCode::SUCCESS;
            }
        }
    }
    std::process::ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use super::*;

    const START_GGF: &str = "(;GM[Othello]PC[NBoard]DT[2026-11-22]PB[a]PW[b]RE[?]TI[5:00]TY[8]\
        BO[8 ---------------------------O*------*O--------------------------- *]B[F5//1.2]W[D6];)";

    #[test]
    fn a_scripted_session() {
        let mut s = NboardSession::new();
        assert_eq!(s.handle("nboard 2"), ["set myname Reversi"]);
        assert!(s.handle("set depth 4").is_empty());
        assert!(s.handle(&format!("set game {START_GGF}")).is_empty());
        assert_eq!(s.game().transcript(), "f5d6");
        assert!(s.handle("move C3/0.5/2.1").is_empty());
        assert_eq!(s.game().transcript(), "f5d6c3");
        let answer = s.handle("go");
        assert_eq!(answer.len(), 1);
        let reply = answer[0].strip_prefix("=== ").expect("=== reply");
        let mv = reply.split('/').next().unwrap().to_lowercase();
        assert!(
            s.game().position().board.is_legal(mv.parse().unwrap()),
            "{reply}"
        );
        assert_eq!(reply.split('/').count(), 3);
        let hint = s.handle("hint 3");
        assert!(hint[0].starts_with("status"));
        let searches: Vec<&String> = hint.iter().filter(|l| l.starts_with("search ")).collect();
        assert_eq!(searches.len(), 3);
        assert!(searches[0].ends_with(" 0 4"));
        assert_eq!(s.handle("ping 7"), ["pong 7"]);
    }

    #[test]
    fn bad_input_is_reported_and_the_game_kept() {
        let mut s = NboardSession::new();
        s.handle(&format!("set game {START_GGF}"));
        for bad in [
            "move A1",
            "move Z9",
            "move PA",
            "set game nonsense",
            "set game (;BO[8 ---- *];)",
            "set game (;BO[8 ---------------------------O*------*O--------------------------- *]B[A1];)",
            "set depth 0",
            "hint x",
            "fly away",
        ] {
            let out = s.handle(bad);
            assert_eq!(out.len(), 1, "{bad}");
            assert!(out[0].starts_with("status "), "{bad}: {out:?}");
            assert_eq!(s.game().transcript(), "f5d6", "{bad}");
        }
    }

    #[test]
    fn go_answers_pa_when_the_side_to_move_must_pass() {
        // Black to move with no legal move (its one disc on b2 is boxed in by white); white has c2.
        let board = format!("OOOOOOOO{}{}", "O*------", "O".repeat(48));
        let mut s = NboardSession::new();
        assert!(s
            .handle(&format!("set game (;GM[Othello]BO[8 {board} *];)"))
            .is_empty());
        assert_eq!(s.handle("go"), ["=== PA"]);
        // The GUI plays the pass: now white is to move and answers a placement.
        assert!(s.handle("move PA").is_empty());
        let answer = s.handle("go");
        assert!(answer[0].starts_with("=== C2/"), "{answer:?}");
        // A record that writes the pass itself leaves white to move.
        s.handle(&format!("set game (;GM[Othello]BO[8 {board} *]B[PA];)"));
        assert!(s.handle("go")[0].starts_with("=== C2/"));
    }

    #[test]
    fn the_deepest_depth_still_answers_within_the_move_time() {
        // Depth 60 would take ages; the move time ends the search at the deepest depth finished.
        let (sender, receiver) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut s = NboardSession::with_move_time(300);
            let mut out = s.handle("set depth 60");
            out.extend(s.handle("hint 3"));
            out.extend(s.handle("go"));
            out.extend(s.handle("ping 7"));
            sender.send(out).ok();
        });
        let out = receiver
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("answers within the move time");
        assert_eq!(out[0], "status searching 3 moves at depth 60");
        assert_eq!(out.iter().filter(|l| l.starts_with("search ")).count(), 3);
        assert!(out.iter().any(|l| l.starts_with("=== ")), "{out:?}");
        assert_eq!(out.last().map(String::as_str), Some("pong 7"));
    }
}
