//! `reversi xot-build`: the page's XOT openings. Every position after 8 moves from the start, one of each
//! set of 8 symmetric images, is valued by a shallow search; those within `--shallow-within` discs are
//! searched again `--depth` plies deep, and those within `--within` discs of even are kept, the most even
//! first. Each is written as its transcript and its value for black (who is to move after 8 moves), in
//! hundredths of a disc: the list the engine ships (`crates/engine/src/xot.txt`).

use std::collections::HashSet;
use std::io::Write;
use std::path::Path;

use crate::fan_out::on_every_core_with;
use crate::ToolError;
use reversi_engine::xot::class_key;
use reversi_engine::{native_clock, Position, SearchLimits, Searcher, Square, DISC};

/// The moves of an XOT opening.
pub const XOT_PLIES: usize = 8;

/// Every position `plies` moves from the start, one transcript for each class of symmetric positions.
fn openings(plies: usize) -> Vec<Vec<Square>> {
    fn walk(
        position: Position,
        line: &mut Vec<Square>,
        plies: usize,
        seen: &mut HashSet<(u64, u64)>,
        out: &mut Vec<Vec<Square>>,
    ) {
        if line.len() == plies {
            if seen.insert(class_key(&position)) {
                out.push(line.clone());
            }
            return;
        }
        for square in position.board.moves() {
            let next = position.play(square).expect("legal");
            line.push(square);
            walk(next, line, plies, seen, out);
            line.pop();
        }
    }
    let mut out = Vec::new();
    walk(
        Position::START,
        &mut Vec::new(),
        plies,
        &mut HashSet::new(),
        &mut out,
    );
    out
}

fn value(searcher: &mut Searcher, moves: &[Square], depth: u32) -> i32 {
    let mut position = Position::START;
    for &square in moves {
        position = position.play(square).expect("legal");
    }
    searcher.clear();
    let info = searcher.search(
        &position.board,
        &SearchLimits::midgame(depth),
        native_clock,
        None,
        &mut |_| {},
    );
    // For black: the side to move after an even number of moves, passes aside.
    if position.to_move == reversi_engine::Color::Black {
        info.score
    } else {
        -info.score
    }
}

/// Builds the list (a summary on stderr).
pub fn xot_build(
    depth: u32,
    shallow: u32,
    shallow_within: f64,
    within: f64,
    out: &Path,
) -> Result<(), ToolError> {
    let all = openings(XOT_PLIES);
    let quick = on_every_core_with(
        &all,
        || Searcher::new(1),
        |s, moves| value(s, moves, shallow),
    );
    let near: Vec<Vec<Square>> = all
        .iter()
        .zip(&quick)
        .filter(|(_, &v)| (v.abs() as f64) <= shallow_within * DISC as f64)
        .map(|(m, _)| m.clone())
        .collect();
    let deep = on_every_core_with(
        &near,
        || Searcher::new(8),
        |s, moves| value(s, moves, depth),
    );
    let mut kept: Vec<(i32, String)> = near
        .iter()
        .zip(deep)
        .filter(|(_, v)| (v.abs() as f64) <= within * DISC as f64)
        .map(|(m, v)| (v, reversi_engine::transcript_of(m.iter().copied())))
        .collect();
    kept.sort_by_key(|(v, t)| (v.abs(), t.clone()));
    let mut file = std::fs::File::create(out).map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    for (v, transcript) in &kept {
        writeln!(file, "{transcript} {v}").map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    }
    eprintln!(
        "{} positions after {XOT_PLIES} moves (one of each 8 images), {} within {shallow_within} discs at depth {shallow}, {} within {within} at depth {depth}, written to {}",
        all.len(),
        near.len(),
        kept.len(),
        out.display()
    );
    Ok(())
}
