//! `reversi review`: a whole game reviewed from the command line, with the same code and figures as the page's
//! review and evaluation graph.

use crate::ToolError;
use std::io::Write;
use std::sync::Arc;

use reversi_engine::review::{mark, review_position, ReviewDepth};
use reversi_engine::{
    native_clock, Color, Game, Move, Position, ScoreKind, Searcher, StdThreads, DISC,
};

/// Reviews the game `transcript` (from `start`) at `depth` plies on `threads` threads and writes one line per position, then each
/// side's average loss; with `json`, one JSON object.
pub(super) fn review(
    transcript: &str,
    start: Position,
    (depth, threads): (u32, usize),
    json: bool,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let game = Game::from_position_and_transcript(start, transcript)?;
    let depth = ReviewDepth::plies(depth);
    let mut searcher = Searcher::new(16).with_threads(threads, Arc::new(StdThreads));
    let mut positions = Vec::new();
    let mut losses = [Vec::new(), Vec::new()];
    // Every position before a ply, then the last one.
    let plies = game.plies();
    let last = game.position();
    for k in 0..=plies.len() {
        let (position, played) = match plies.get(k) {
            Some(ply) => (ply.before, Some(ply.mv)),
            None => (last, None),
        };
        let square = match played {
            Some(Move::Place(square)) => Some(square),
            _ => None,
        };
        let ply = review_position(&mut searcher, &position.board, square, &depth, native_clock);
        let black = if position.to_move == Color::Black {
            1
        } else {
            -1
        };
        let loss = ply.loss();
        if let Some(loss) = loss {
            losses[(position.to_move == Color::White) as usize].push(loss);
        }
        positions.push(serde_json::json!({
            "ply": k,
            "to_move": if position.to_move == Color::Black { "black" } else { "white" },
            "value": (black * ply.score) as f64 / DISC as f64,
            "exact": ply.kind == ScoreKind::Exact,
            "best": ply.best.to_string(),
            "line": reversi_engine::transcript_of(ply.line.iter().copied()),
            "played": played.map(|m| m.to_string()),
            "loss": loss,
            "mark": loss.and_then(mark).map(|m| m.symbol()),
        }));
    }
    let average = |l: &Vec<i32>| {
        if l.is_empty() {
            0.0
        } else {
            l.iter().sum::<i32>() as f64 / l.len() as f64
        }
    };
    if json {
        let value = serde_json::json!({
            "depth": depth.depth,
            "exact_empties": depth.exact_empties,
            "positions": positions,
            "black_average_loss": average(&losses[0]),
            "white_average_loss": average(&losses[1]),
        });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    for p in &positions {
        let played = p["played"].as_str().unwrap_or("-");
        writeln!(
            out,
            "{:>3} {:<5} {:<4} best {:<4} value {:>+6.2}{} loss {} {}",
            p["ply"],
            p["to_move"].as_str().unwrap_or(""),
            played,
            p["best"].as_str().unwrap_or(""),
            p["value"].as_f64().unwrap_or(0.0),
            if p["exact"].as_bool() == Some(true) {
                " exact"
            } else {
                ""
            },
            p["loss"]
                .as_i64()
                .map_or("-".to_string(), |l| l.to_string()),
            p["mark"].as_str().unwrap_or(""),
        )?;
    }
    writeln!(
        out,
        "average loss per move: black {:.2}, white {:.2} (depth {}, exact from {} empties)",
        average(&losses[0]),
        average(&losses[1]),
        depth.depth,
        depth.exact_empties
    )?;
    Ok(())
}
