//! The opening tools over WTHOR files: the explorer's file (`reversi explorer-build`, every year), the AI's
//! opening book (`reversi book-build`, years before the test set only) and `reversi explore`.

use crate::DataError;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{read_file, ToolError, FIRST_TEST_YEAR};
use std::collections::{HashMap, HashSet};

use reversi_engine::explorer::{child, Key};
use reversi_engine::{native_clock, Move, SearchLimits, Searcher, Square, DISC};

/// `reversi explorer-build`: the opening explorer's file from the games of `paths` (every year: the explorer
/// shows what people played, it is not the AI's book), then a summary on stderr.
pub fn explorer_build(
    paths: &[PathBuf],
    min_games: u32,
    max_plies: usize,
    out: &Path,
) -> Result<(), ToolError> {
    let mut builder = reversi_engine::explorer::ExplorerBuilder::new();
    for path in paths {
        for game in read_file(path)?.1 {
            builder.add(&game, max_plies);
        }
    }
    let bytes = builder.write(min_games);
    // Read back what was written: the file the page loads must be one the reader accepts.
    let explorer = reversi_engine::explorer::Explorer::read(&bytes)
        .map_err(|e| ToolError::Data(out.to_path_buf(), DataError::Opening(e)))?;
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
/// a tenth of those games and the engine's best move (then a summary on stderr).
///
/// The values are the negamax of the book's tree: a move that leads to another book position is worth what
/// that position's best move is worth (negated), and a move that leaves the book (a leaf) is valued by a
/// search of `depth - 1` plies from the position it leads to. Only the positions reachable from the start
/// through book moves are searched, a ply at a time, since which they are depends on the engine's best
/// moves. The searches of one position
/// start from empty tables and share them (a leaf's search finds the position's own search in them), so
/// the file does not depend on how the positions were shared out over the cores: a rebuild gives it back
/// byte for byte.
pub fn book_build(
    paths: &[PathBuf],
    min_games: u32,
    max_plies: usize,
    depth: u32,
    out: &Path,
) -> Result<(), ToolError> {
    use reversi_engine::book::Book;
    use reversi_engine::explorer::ExplorerBuilder;
    let mut builder = ExplorerBuilder::new();
    for path in paths {
        let (year, games) = read_file(path)?;
        if year >= FIRST_TEST_YEAR {
            return Err(ToolError::TestSet(path.clone(), year));
        }
        for game in &games {
            builder.add(game, max_plies);
        }
    }
    let played: HashMap<Key, Vec<(Square, u32)>> =
        builder.frequent(min_games).into_iter().collect();
    let in_book: HashSet<Key> = played.keys().copied().collect();
    let started = std::time::Instant::now();
    // A ply at a time: the positions that the book moves of the ply before lead to.
    let mut edges: HashMap<Key, Vec<(Square, Edge)>> = HashMap::new();
    let root = reversi_engine::explorer::root();
    let mut queued: HashSet<Key> = HashSet::from([root]);
    let mut layer: Vec<Key> = if in_book.contains(&root) {
        vec![root]
    } else {
        Vec::new()
    };
    while !layer.is_empty() {
        layer.sort_by_key(|(board, color)| (board.player().0, board.opponent().0, *color as u8));
        let searched = crate::fan_out::on_every_core_with(
            &layer,
            || Searcher::new(64),
            |searcher, key| {
                let played = &played[key];
                let total: u32 = played.iter().map(|(_, g)| g).sum();
                (
                    *key,
                    book_edges(searcher, key, played, total, depth, &in_book),
                )
            },
        );
        layer = Vec::new();
        for (key, moves) in searched {
            for (_, edge) in &moves {
                if let Edge::Inner(child) = edge {
                    if queued.insert(*child) {
                        layer.push(*child);
                    }
                }
            }
            edges.insert(key, moves);
        }
    }
    let mut memo = HashMap::new();
    let valued: HashMap<Key, Vec<(Square, i32)>> = edges
        .keys()
        .map(|key| (*key, negamax_moves(key, &edges, &mut memo)))
        .collect();
    let book = Book::from_positions(valued);
    let bytes = book.write();
    let written = Book::read(&bytes)
        .map_err(|e| ToolError::Data(out.to_path_buf(), DataError::Opening(e)))?;
    std::fs::write(out, &bytes).map_err(|e| ToolError::Io(out.to_path_buf(), e))?;
    eprintln!(
        "{} games, {} positions reached by {min_games}+ games, {} in the book (reachable through book moves), {} bytes written to {} in {:.1} s",
        builder.games(),
        in_book.len(),
        written.len(),
        bytes.len(),
        out.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// A book move as the build first finds it: it leads to another book position, or out of the book with the
/// value (for the side that plays it) of a search of the position it leads to.
#[derive(Clone, Copy, Debug)]
enum Edge {
    Inner(Key),
    Leaf(i32),
}

/// The engine's best move and every move played in at least a tenth of the games: for each, the book
/// position it leads to or, out of the book, a `depth - 1`-ply search's value (the position's searches
/// start from empty tables and share them).
fn book_edges(
    searcher: &mut Searcher,
    key: &Key,
    played: &[(Square, u32)],
    total: u32,
    depth: u32,
    in_book: &HashSet<Key>,
) -> Vec<(Square, Edge)> {
    let limits = SearchLimits::midgame;
    let (board, _) = key;
    searcher.clear();
    let best = searcher.search(board, &limits(depth), native_clock, None, &mut |_| {});
    let mut squares = Vec::new();
    if let Move::Place(square) = best.best {
        squares.push(square);
    }
    for &(square, games) in played {
        if games * 10 >= total && !squares.contains(&square) {
            squares.push(square);
        }
    }
    squares
        .into_iter()
        .filter_map(|square| {
            let next = child(key, square)?;
            if in_book.contains(&next) {
                return Some((square, Edge::Inner(next)));
            }
            let after = board.play(Move::Place(square));
            // A forced pass hands the move back: the search is then the mover's own.
            let (after, sign) = if after.must_pass() {
                (after.pass(), 1)
            } else {
                (after, -1)
            };
            let reply =
                searcher.search(&after, &limits(depth - 1), native_clock, None, &mut |_| {});
            Some((square, Edge::Leaf(sign * reply.score)))
        })
        .collect()
}

/// The moves of `key` with their negamax values: a leaf's own, an inner move's the negated best value of
/// the position it leads to (`memo` keeps each position's best).
fn negamax_moves(
    key: &Key,
    edges: &HashMap<Key, Vec<(Square, Edge)>>,
    memo: &mut HashMap<Key, i32>,
) -> Vec<(Square, i32)> {
    edges[key]
        .iter()
        .map(|&(square, edge)| {
            let value = match edge {
                Edge::Leaf(value) => value,
                Edge::Inner(next) => {
                    let best = best_value(&next, edges, memo);
                    // The side to move of `next` is the opponent unless a pass gave the move back.
                    if next.1 == key.1 {
                        best
                    } else {
                        -best
                    }
                }
            };
            (square, value)
        })
        .collect()
}

/// The best value of a book position for its side to move.
fn best_value(
    key: &Key,
    edges: &HashMap<Key, Vec<(Square, Edge)>>,
    memo: &mut HashMap<Key, i32>,
) -> i32 {
    if let Some(&value) = memo.get(key) {
        return value;
    }
    let value = negamax_moves(key, edges, memo)
        .into_iter()
        .map(|(_, v)| v)
        .max()
        .unwrap_or(0);
    memo.insert(*key, value);
    value
}

/// `reversi explore`: the explorer's moves after `transcript`, most played first, and the opening's name.
pub fn explore(
    transcript: &str,
    file: &Path,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    use reversi_engine::{explorer::Explorer, openings, Game};
    let game = Game::from_transcript(transcript)?;
    let bytes = std::fs::read(file).map_err(|e| ToolError::Io(file.to_path_buf(), e))?;
    let explorer = Explorer::read(&bytes)
        .map_err(|e| ToolError::Data(file.to_path_buf(), DataError::Opening(e)))?;
    let position = game.position();
    let moves = explorer.moves(&position);
    // The book's values, from black's side, in discs.
    let book_value = |square| {
        reversi_engine::book::Book::builtin()
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

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::{Board, Color};

    #[test]
    fn book_values_are_the_negamax_of_the_tree() {
        let square = |name: &str| name.parse::<Square>().expect("a square");
        let root: Key = (Board::START, Color::Black);
        let inner = child(&root, square("f5")).expect("legal");
        let mut edges = HashMap::new();
        // The root: f5 leads to a book position, d3 leaves the book worth +1 disc.
        edges.insert(
            root,
            vec![
                (square("f5"), Edge::Inner(inner)),
                (square("d3"), Edge::Leaf(100)),
            ],
        );
        // There, white's best leaf is worth +3 discs for white, so f5 is worth -3 for black.
        edges.insert(
            inner,
            vec![
                (square("d6"), Edge::Leaf(300)),
                (square("f6"), Edge::Leaf(-50)),
            ],
        );
        let mut memo = HashMap::new();
        assert_eq!(
            negamax_moves(&root, &edges, &mut memo),
            vec![(square("f5"), -300), (square("d3"), 100)]
        );
        assert_eq!(best_value(&root, &edges, &mut memo), 100);
        assert_eq!(memo[&inner], 300);
    }
}
