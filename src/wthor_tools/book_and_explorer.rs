//! The opening tools over WTHOR files: the explorer's file (`reversi explorer-build`, every year), the AI's
//! opening book (`reversi book-build`, years before the test set only) and `reversi explore`.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{read_file, ToolError, FIRST_TEST_YEAR};
use crate::engine::{native_clock, SearchLimits, Searcher, DISC};

/// `reversi explorer-build`: the opening explorer's file from the games of `paths` (every year: the explorer
/// shows what people played, it is not the AI's book), then a summary on stderr.
pub fn explorer_build(
    paths: &[PathBuf],
    min_games: u32,
    max_plies: usize,
    out: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    let mut builder = crate::engine::explorer::ExplorerBuilder::new();
    for path in paths {
        for game in read_file(path)?.1 {
            builder.add(&game, max_plies);
        }
    }
    let bytes = builder.write(min_games);
    // Read back what was written: the file the page loads must be one the reader accepts.
    let explorer = crate::engine::explorer::Explorer::read(&bytes)?;
    std::fs::write(out, &bytes).map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    eprintln!(
        "{} games, {} positions, {} bytes written to {}",
        builder.games(),
        explorer.positions(),
        bytes.len(),
        out.display()
    );
    Ok(())
}

/// `reversi book-build`: the opening book from the games of `paths` (before 2015 only): every position that
/// at least `min_games` games reached in their first `max_plies` moves, with the moves played there in at least
/// a tenth of those games and the engine's best move, each valued by a `depth`-ply search (on every core).
pub fn book_build(
    paths: &[PathBuf],
    min_games: u32,
    max_plies: usize,
    depth: u32,
    out: &Path,
) -> Result<(), Box<dyn std::error::Error>> {
    use crate::engine::book::Book;
    use crate::engine::explorer::ExplorerBuilder;
    let mut builder = ExplorerBuilder::new();
    for path in paths {
        let (year, games) = read_file(path)?;
        if year >= FIRST_TEST_YEAR {
            return Err(Box::new(ToolError::TestSet(path.clone(), year)));
        }
        for game in &games {
            builder.add(game, max_plies);
        }
    }
    let positions = builder.frequent(min_games);
    let started = std::time::Instant::now();
    let valued: std::collections::HashMap<_, _> = crate::fan_out::on_every_core_with(
        &positions,
        || Searcher::new(64),
        |searcher, ((board, color), played)| {
            let total: u32 = played.iter().map(|(_, g)| g).sum();
            let moves = value_book_position(searcher, board, played, total, depth);
            ((*board, *color), moves)
        },
    )
    .into_iter()
    .collect();
    let book = Book::from_positions(valued);
    let bytes = book.write();
    let written = Book::read(&bytes)?;
    std::fs::write(out, &bytes).map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    eprintln!(
        "{} games, {} positions reached by {min_games}+ games, {} in the book (reachable through book moves), {} bytes written to {} in {:.1} s",
        builder.games(),
        positions.len(),
        written.len(),
        bytes.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The engine's best move and every move played in at least a tenth of the games, each valued at `depth`.
fn value_book_position(
    searcher: &mut Searcher,
    board: &crate::engine::Board,
    played: &[(crate::engine::Square, u32)],
    total: u32,
    depth: u32,
) -> Vec<(crate::engine::Square, i32)> {
    use crate::engine::Move;
    let limits = SearchLimits::midgame;
    let best = searcher.search(board, &limits(depth), native_clock, None, &mut |_| {});
    let mut moves = Vec::new();
    if let Move::Place(square) = best.best {
        moves.push((square, best.score));
    }
    for &(square, games) in played {
        if games * 10 < total || moves.iter().any(|&(s, _)| s == square) {
            continue;
        }
        let next = board.play(Move::Place(square));
        let reply = searcher.search(&next, &limits(depth - 1), native_clock, None, &mut |_| {});
        moves.push((square, -reply.score));
    }
    moves
}

/// `reversi explore`: the explorer's moves after `transcript`, most played first, and the opening's name.
pub fn explore(
    transcript: &str,
    file: &Path,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), Box<dyn std::error::Error>> {
    use crate::engine::{explorer::Explorer, openings, Game};
    let game = Game::from_transcript(transcript)?;
    let bytes = std::fs::read(file).map_err(|e| ToolError::Io(file.to_path_buf(), e))?;
    let explorer = Explorer::read(&bytes)?;
    let position = game.position();
    let moves = explorer.moves(&position);
    // The book's values, from black's side, in discs.
    let book_value = |square| {
        crate::engine::book::Book::builtin()
            .value_for_black(&position, square)
            .map(|v| v as f64 / DISC as f64)
    };
    let opening = openings::of_game(&game).map(|o| o.name);
    if json {
        let moves: Vec<serde_json::Value> = moves
            .iter()
            .map(|m| {
                serde_json::json!({
                    "move": m.square.to_string(),
                    "games": m.stats.games,
                    "black_wins": m.stats.black_wins,
                    "draws": m.stats.draws,
                    "white_wins": m.stats.white_wins(),
                    "average_score": (m.stats.average_score() * 10.0).round() / 10.0,
                    "book": book_value(m.square),
                })
            })
            .collect();
        let value = serde_json::json!({ "opening": opening, "moves": moves });
        writeln!(out, "{value}")?;
        return Ok(());
    }
    writeln!(out, "opening: {}", opening.unwrap_or("(none)"))?;
    if moves.is_empty() {
        writeln!(
            out,
            "no move here was played in {} games or more",
            explorer.min_games()
        )?;
    }
    for m in moves {
        let s = m.stats;
        let percent = |n: u32| 100.0 * n as f64 / s.games as f64;
        writeln!(
            out,
            "{}  {:>7} games  black {:>5.1}%  draw {:>4.1}%  white {:>5.1}%  average {:+.1}  book {}",
            m.square,
            s.games,
            percent(s.black_wins),
            percent(s.draws),
            percent(s.white_wins()),
            s.average_score(),
            book_value(m.square).map_or("-".to_string(), |v| format!("{v:+.1}"))
        )?;
    }
    Ok(())
}
