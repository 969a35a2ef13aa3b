//! Self-play for the evaluation's data (`reversi gen-data`: varied games, every position labelled with its
//! game's perfect-play result) and the solver's probcut statistics (`reversi probcut-stats`).

use std::convert::Infallible;
use std::io::Write;

use super::Sample;
use reversi_engine::internals::probcut_value;
use reversi_engine::{
    native_clock, Board, Color, Control, Game, Move, Rng, SearchLimits, Searcher, Solver, Square,
    TranspositionTable, DISC,
};

fn random_move(board: &Board, rng: &mut Rng) -> Square {
    let legal: Vec<Square> = board.moves().iter().collect();
    legal[rng.below(legal.len() as u64) as usize]
}

/// The move a `depth`-ply search chooses (the side to move must have a legal move).
fn searched_move(searcher: &mut Searcher, board: &Board, depth: u32) -> Square {
    let limits = SearchLimits::midgame(depth);
    match searcher
        .search(board, &limits, native_clock, None, &mut |_| {})
        .best
    {
        Move::Place(square) => square,
        Move::Pass => unreachable!("the side to move has a legal move"),
    }
}

/// Plays one game from the start and returns its labelled positions (only positions with a legal move).
/// `random_plies` opening moves are random; afterwards each move is random with probability
/// `epsilon_permille`/1000 while more than `exact + 10` squares are empty, and otherwise chosen by a
/// `depth`-ply search.
pub fn play_labelled_game(
    rng: &mut Rng,
    searcher: &mut Searcher,
    end_tt: &mut TranspositionTable,
    depth: u32,
    exact: u32,
    random_plies: u32,
    epsilon_permille: u64,
) -> Vec<Sample> {
    let mut game = Game::new();
    // (player, opponent, black to move) for the positions before the exact part.
    let mut early: Vec<(u64, u64, bool)> = Vec::new();
    let mut samples = Vec::new();
    searcher.clear();
    end_tt.clear();
    // Black's perfect-play result from the first position with `exact` empties or fewer.
    let mut result_black: Option<i32> = None;
    let played = game.play_out(|game| {
        let board = game.position().board;
        let black_to_move = game.to_move() == Color::Black;
        let (p, o) = (board.player().0, board.opponent().0);
        let empties = board.empty_count();
        let square = if empties <= exact {
            let mut control = Control::unlimited();
            let (score, best) = Solver::new(end_tt, &mut control).solve(&board);
            samples.push(Sample {
                player: p,
                opponent: o,
                score: score as i8,
            });
            if result_black.is_none() {
                result_black = Some(if black_to_move { score } else { -score });
            }
            best.expect("a legal move exists")
        } else {
            early.push((p, o, black_to_move));
            let ply = game.move_count() as u32;
            if ply < random_plies || (empties > exact + 10 && rng.below(1000) < epsilon_permille) {
                random_move(&board, rng)
            } else {
                searched_move(searcher, &board, depth)
            }
        };
        Ok::<_, Infallible>(square)
    });
    if let Err((_, never)) = played {
        match never {}
    }
    // The game ended before the exact part: its final result (empties to the winner).
    let result_black = result_black.unwrap_or_else(|| {
        let (black, white) = game.counts().score_empties_to_winner();
        black as i32 - white as i32
    });
    for (p, o, black) in early {
        samples.push(Sample {
            player: p,
            opponent: o,
            score: if black { result_black } else { -result_black } as i8,
        });
    }
    samples
}

/// `reversi gen-data`: plays `games` games from `seed` and appends their samples to `out` (one line each).
pub fn generate(
    games: usize,
    seed: u64,
    depth: u32,
    exact: u32,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    let mut end_tt = TranspositionTable::new(64);
    let started = native_clock();
    let mut total = 0;
    for game in 0..games {
        let random_plies = 2 + rng.below(20) as u32;
        let samples = play_labelled_game(
            &mut rng,
            &mut searcher,
            &mut end_tt,
            depth,
            exact,
            random_plies,
            50,
        );
        total += samples.len();
        for sample in samples {
            writeln!(out, "{}", sample.to_line())?;
        }
        out.flush()?;
        if (game + 1) % 100 == 0 {
            eprintln!(
                "{} games, {} positions, {:.1} s",
                game + 1,
                total,
                (native_clock() - started) / 1000.0
            );
        }
    }
    Ok(())
}

/// `reversi probcut-stats`: how far the solver's shallow search with the evaluation lands from the exact score,
/// by empties and depth, on positions of varied games (random openings, then 4-ply play). These figures are
/// where the solver's probcut margins come from. Writes one line per (empties, depth): the count, the mean
/// and the standard deviation of exact − shallow, in discs.
pub fn probcut_stats(
    games: usize,
    seed: u64,
    empties: std::ops::RangeInclusive<u32>,
    max_depth: u32,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut rng = Rng::new(seed);
    let mut searcher = Searcher::new(16);
    let end_tt = TranspositionTable::new(64);
    // (count, sum, sum of squares) of the error by empties and depth.
    let mut sums = vec![vec![(0u64, 0f64, 0f64); max_depth as usize + 1]; 65];
    for _ in 0..games {
        let random_plies = 2 + rng.below(20) as u32;
        let mut game = Game::new();
        searcher.clear();
        end_tt.clear();
        // Played until fewer empties remain than the range measures.
        let _stopped = game.play_out(|game| {
            let board = game.position().board;
            let e = board.empty_count();
            if e < *empties.start() {
                return Err(());
            }
            if empties.contains(&e) {
                let mut control = Control::unlimited();
                let (score, _) = Solver::new(&end_tt, &mut control).solve(&board);
                for depth in 0..=max_depth.min(e) {
                    let value = probcut_value(&board, depth);
                    let error = score as f64 - value as f64 / DISC as f64;
                    let cell = &mut sums[e as usize][depth as usize];
                    *cell = (cell.0 + 1, cell.1 + error, cell.2 + error * error);
                }
            }
            Ok(if (game.move_count() as u32) < random_plies {
                random_move(&board, &mut rng)
            } else {
                searched_move(&mut searcher, &board, 4)
            })
        });
    }
    writeln!(out, "empties depth count mean sd")?;
    for e in empties {
        for (depth, &(n, sum, squares)) in sums[e as usize].iter().enumerate() {
            if n > 1 {
                let mean = sum / n as f64;
                let sd = ((squares - sum * mean) / (n - 1) as f64).max(0.0).sqrt();
                writeln!(out, "{e} {depth} {n} {mean:.3} {sd:.3}")?;
            }
        }
    }
    Ok(())
}
