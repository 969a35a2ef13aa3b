//! The benchmarks: `solve` (exact endgame scores of OBF positions) and `perft` (move-generator counts).

use std::process::ExitCode;
use std::time::Instant;

use serde::Serialize;

use super::common::{position_or_start, print_json};
use crate::ToolError;
use std::sync::Arc;

use reversi_engine::{
    parse_obf_line, perft, solve_shared, Control, StdThreads, TranspositionTable,
};

pub(super) fn run_solve(
    file: &std::path::Path,
    json: bool,
    from: usize,
    count: Option<usize>,
    (hash_mb, max_empties): (usize, u32),
    (wld, threads): (bool, usize),
) -> Result<ExitCode, ToolError> {
    let text = std::fs::read_to_string(file).map_err(|e| ToolError::Io(file.to_path_buf(), e))?;
    // One table for every thread, kept from one position to the next (cleared before each).
    let tt = Arc::new(TranspositionTable::new(hash_mb));
    let (mut positions, mut correct, mut total_nodes, mut total_seconds) = (0, 0, 0u64, 0.0);
    let lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .skip(from.saturating_sub(1))
        .take(count.unwrap_or(usize::MAX));
    for (index, line) in lines {
        let number = index + 1;
        let bad_line = |reason: String| ToolError::Line(file.to_path_buf(), number, reason);
        let entry = parse_obf_line(line).map_err(|e| bad_line(e.to_string()))?;
        let empties = entry.position.board.empty_count();
        if empties > max_empties {
            return Err(bad_line(format!(
                "{empties} empty squares, more than --max-empties {max_empties} (an exact solve takes hours from about 34)"
            )));
        }
        tt.clear();
        let mut control = Control::unlimited();
        let started = Instant::now();
        let (score, best) = solve_shared(
            &entry.position.board,
            &tt,
            wld,
            (threads, &StdThreads),
            &mut control,
        );
        let nodes = control.nodes;
        let seconds = started.elapsed().as_secs_f64();
        let nps = (nodes as f64 / seconds.max(1e-9)) as u64;
        let expected = entry.score().map(|e| if wld { e.signum() } else { e });
        let score = if wld { score.signum() } else { score };
        let ok = expected.is_none_or(|e| e == score);
        positions += 1;
        correct += ok as usize;
        total_nodes += nodes;
        total_seconds += seconds;
        let best = best.map_or("pass".to_string(), |s| s.to_string());
        if json {
            print_json(&SolvedLine {
                line: number,
                empties,
                best,
                score,
                expected,
                correct: ok,
                nodes,
                seconds,
                nps,
            });
        } else {
            let expected = expected.map_or("?".to_string(), |e| format!("{e:+}"));
            println!(
                "line {number:>3} ({empties} empties): best {best} score {score:+} (expected {expected}) {} {nodes:>13} nodes {seconds:>8.3} s {:>7.2} M nodes/s",
                if ok { "ok   " } else { "WRONG" },
                nps as f64 / 1e6
            );
        }
    }
    if json {
        #[derive(Serialize)]
        struct Summary {
            positions: usize,
            correct: usize,
            seconds: f64,
            nodes: u64,
        }
        print_json(&Summary {
            positions,
            correct,
            seconds: total_seconds,
            nodes: total_nodes,
        });
    } else {
        println!(
            "{correct}/{positions} correct, {total_nodes} nodes in {total_seconds:.3} s ({:.2} M nodes/s)",
            total_nodes as f64 / total_seconds.max(1e-9) / 1e6
        );
    }
    Ok(if correct == positions {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// One position of `reversi solve --json`.
#[derive(Serialize)]
struct SolvedLine {
    /// The line of the file.
    line: usize,
    empties: u32,
    /// The best move, or `pass`.
    best: String,
    score: i32,
    /// The file's score, if it gives one.
    expected: Option<i32>,
    correct: bool,
    nodes: u64,
    seconds: f64,
    nps: u64,
}

pub(super) fn run_perft(
    depth: u32,
    position: Option<&str>,
    json: bool,
    divide: bool,
) -> Result<ExitCode, ToolError> {
    let position = position_or_start(position, "--position")?;
    if divide && depth > 0 {
        let board = position.board;
        let moves = board.moves();
        if moves.is_empty() {
            println!("(no legal move: pass or game over)");
        }
        for square in moves {
            let nodes = perft(&board.play_unchecked(square), depth - 1);
            println!("{square}: {nodes}");
        }
    }
    let started = Instant::now();
    let nodes = perft(&position.board, depth);
    let seconds = started.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    };
    if json {
        #[derive(Serialize)]
        struct PerftLine {
            depth: u32,
            nodes: u64,
            seconds: f64,
            nps: u64,
        }
        print_json(&PerftLine {
            depth,
            nodes,
            seconds,
            nps,
        });
    } else {
        println!(
            "perft {depth}: {nodes} nodes in {seconds:.3} s ({:.1} M nodes/s)",
            nps as f64 / 1e6
        );
    }
    Ok(ExitCode::SUCCESS)
}
