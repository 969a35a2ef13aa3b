//! The same searches natively and in WebAssembly, to profile one against the other function by function:
//! `mid [DEPTH]` searches a fixed set of positions to a fixed depth with the solver off, `solve [COUNT]` solves
//! FFO #40 and the positions after it exactly (five by default: #40-#44); both print the nodes, so that the two
//! builds are seen to walk the same tree.
//!
//! Natively: `cargo build --release -p reversi-engine --example profile`, then
//! `perf record -g target/release/examples/profile mid 11` (or `solve`). In WebAssembly: `scripts/profile-wasm.mjs`
//! builds it for wasm32 (exporting `run`), runs it under Node beside the native build, and profiles both
//! (`--perf`) or the wasm run alone with V8's profiler (`--profile`).

use reversi_engine::{parse_obf_line, Board, Game, SearchLimits, Searcher};

const FFO: &str = include_str!("../tests/data/fforum-40-59.obf");

/// The middle-game positions: five games of 24 placements, each move picked from the legal ones by a fixed
/// rule (the same on every build), about 36 empties to go.
fn midgame_positions() -> Vec<Board> {
    (0..5u32)
        .map(|game| {
            let mut played = Game::new();
            for ply in 0..24u32 {
                let legal: Vec<_> = played.legal_moves().into_iter().collect();
                if legal.is_empty() {
                    break;
                }
                let pick = (game * 7 + ply * 3 + ply * ply) as usize % legal.len();
                played.play(legal[pick]).expect("a legal move");
            }
            played.position().board
        })
        .collect()
}

/// Zero: the searches are bounded by depth, never by time (WebAssembly has no clock here).
fn no_clock() -> f64 {
    0.0
}

fn search(board: &Board, limits: &SearchLimits) -> u64 {
    let mut searcher = Searcher::new(16);
    searcher
        .search(board, limits, no_clock, None, &mut |_| {})
        .nodes
}

/// The nodes of one run: `which` 0 the middle game to `depth`, 1 the solve of FFO #40 and the `depth - 1`
/// positions after it (FFO #40-#44 at the default of 5).
fn nodes(which: u32, depth: u32) -> u64 {
    match which {
        0 => midgame_positions()
            .iter()
            .map(|board| search(board, &SearchLimits::midgame(depth)))
            .sum(),
        _ => FFO
            .lines()
            .take(depth as usize)
            .map(|line| {
                let entry = parse_obf_line(line).expect("an FFO position");
                let limits = SearchLimits {
                    depth: 60,
                    exact_empties: 64,
                    wld_empties: 64,
                    ..SearchLimits::default()
                };
                search(&entry.position.board, &limits)
            })
            .sum(),
    }
}

/// WebAssembly's entry: the nodes of one run (as a float: JavaScript reads no 64-bit integer here).
#[no_mangle]
pub extern "C" fn run(which: u32, depth: u32) -> f64 {
    nodes(which, depth) as f64
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let which = match args.get(1).map(String::as_str) {
        Some("solve") => 1,
        _ => 0,
    };
    let depth = args
        .get(2)
        .and_then(|d| d.parse().ok())
        .unwrap_or(if which == 1 { 5 } else { 11 });
    let start = std::time::Instant::now();
    let nodes = nodes(which, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{} nodes in {seconds:.3} s: {:.0} nodes/s",
        nodes,
        nodes as f64 / seconds
    );
}
