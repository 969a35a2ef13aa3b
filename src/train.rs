//! Making the pattern evaluation's weights (native only, for developers): `reversi gen-data` plays varied
//! games and labels their positions, `reversi train` fits the weights to the labels by least squares.
//!
//! Labels: every position with at most `exact` empties gets its exact score from the solver; an
//! earlier position gets the exact score of its game's first position with `exact` empties (the game was
//! played on by a shallow search with a few random moves, so the label is that game's perfect-play result).

use std::convert::Infallible;
use std::io::{BufRead, Write};

use crate::engine::{
    native_clock, probcut_value, Board, Color, Control, Game, Move, Rng, SearchLimits, Searcher,
    Solver, Square, TranspositionTable, DISC,
};
use crate::engine::{PatternWeights, Tables, FEATURES, PHASES};

/// One labelled position: the side to move's discs, the other side's, and the exact or game result for the
/// side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// Discs of the side to move.
    pub player: u64,
    /// Discs of the other side.
    pub opponent: u64,
    /// Final disc difference for the side to move.
    pub score: i8,
}

impl Sample {
    /// The text form: two 16-digit hexadecimal bitboards and the score.
    pub fn to_line(&self) -> String {
        format!("{:016x} {:016x} {}", self.player, self.opponent, self.score)
    }

    /// Reads [`Sample::to_line`]'s form.
    pub fn parse(line: &str) -> Option<Sample> {
        let mut parts = line.split_whitespace();
        let player = u64::from_str_radix(parts.next()?, 16).ok()?;
        let opponent = u64::from_str_radix(parts.next()?, 16).ok()?;
        let score: i8 = parts.next()?.parse().ok()?;
        if player & opponent != 0 || !(-64..=64).contains(&score) || parts.next().is_some() {
            return None;
        }
        Some(Sample {
            player,
            opponent,
            score,
        })
    }
}

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
    let mut end_tt = TranspositionTable::new(64);
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
                let (score, _) = Solver::new(&mut end_tt, &mut control).solve(&board);
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

/// Reads samples from text files, skipping (and counting) malformed lines.
pub fn read_samples(paths: &[std::path::PathBuf]) -> std::io::Result<(Vec<Sample>, usize)> {
    let mut samples = Vec::new();
    let mut bad = 0;
    for path in paths {
        let file = std::io::BufReader::new(std::fs::File::open(path)?);
        for line in file.lines() {
            match Sample::parse(&line?) {
                Some(sample) => samples.push(sample),
                None => bad += 1,
            }
        }
    }
    Ok((samples, bad))
}

/// A sample's features for training: the compact pattern ids, empties and score.
struct Row {
    ids: [u32; FEATURES],
    empties: u8,
    score: f32,
}

/// Which samples are kept aside to measure the fit: about one in twenty, by position, so that a position
/// met in several games is on one side only.
fn held_out(sample: &Sample) -> bool {
    let mut rng = Rng::new(sample.player ^ sample.opponent.rotate_left(17));
    rng.next_u64().is_multiple_of(20)
}

/// A phase is fitted on the samples within this many empties of its range.
const WINDOW: i32 = 2;

/// Fitted weights of one phase and the figures of the fit.
struct PhaseFit {
    bias: f32,
    weights: Vec<f32>,
    train_rmse: f64,
    test_rmse: f64,
    baseline_rmse: f64,
    start_rmse: f64,
    train_count: usize,
    test_count: usize,
}

fn predict(bias: f32, weights: &[f32], ids: &[u32; FEATURES]) -> f32 {
    bias + ids.iter().map(|&id| weights[id as usize]).sum::<f32>()
}

fn rmse(bias: f32, weights: &[f32], rows: &[&Row]) -> f64 {
    if rows.is_empty() {
        return 0.0;
    }
    let sum: f64 = rows
        .iter()
        .map(|r| {
            let e = (r.score - predict(bias, weights, &r.ids)) as f64;
            e * e
        })
        .sum();
    (sum / rows.len() as f64).sqrt()
}

/// Stochastic gradient descent on the squared error for the phase `phase`, on the samples whose empties are
/// within two of the phase's range, from `start` (bias and compact weights in discs) or from zero.
fn fit_phase(
    phase: usize,
    rows: &[Row],
    tests: &[Row],
    compact_len: usize,
    options: &TrainOptions,
    start: Option<(f32, Vec<f32>)>,
) -> PhaseFit {
    let (epochs, rate, huber) = (options.epochs, options.rate, options.huber);
    let low = (phase * 5 + 1) as i32;
    let high = (phase * 5 + 5) as i32;
    let train: Vec<&Row> = rows
        .iter()
        .filter(|r| (low - WINDOW..=high + WINDOW).contains(&(r.empties as i32)))
        .collect();
    let test: Vec<&Row> = tests
        .iter()
        .filter(|r| (low..=high).contains(&(r.empties as i32)))
        .collect();
    let mean = if train.is_empty() {
        0.0
    } else {
        train.iter().map(|r| r.score as f64).sum::<f64>() / train.len() as f64
    };
    let baseline_rmse = rmse(mean as f32, &vec![0f32; compact_len], &test);
    let (mut bias, mut weights) = start.unwrap_or((mean as f32, vec![0f32; compact_len]));
    let start_rmse = rmse(bias, &weights, &test);
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = Rng::new(phase as u64 + 1);
    for epoch in 0..epochs {
        // Shuffle, then one pass with a step that shrinks over the epochs.
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let rate = rate / (1.0 + epoch as f32 * 0.25);
        for &i in &order {
            let row = train[i];
            // Huber loss: errors past `huber` discs pull no harder than `huber` (labels of human games carry
            // the blunders made after the position; the square error lets them dominate).
            let error = (row.score - predict(bias, &weights, &row.ids)).clamp(-huber, huber);
            bias += rate * 0.1 * error;
            for &id in &row.ids {
                let w = &mut weights[id as usize];
                *w += rate * (error - options.l2 * *w);
            }
        }
    }
    PhaseFit {
        bias,
        start_rmse,
        train_rmse: rmse(bias, &weights, &train),
        test_rmse: rmse(bias, &weights, &test),
        baseline_rmse,
        weights,
        train_count: train.len(),
        test_count: test.len(),
    }
}

/// How `reversi train` fits.
#[derive(Clone, Debug, Default)]
pub struct TrainOptions {
    /// Passes over the samples.
    pub epochs: usize,
    /// Weights to start from; phases not trained keep these.
    pub base: Option<std::path::PathBuf>,
    /// The phases to train, as `a-b` or `a` (default: all).
    pub phases: Option<String>,
    /// The first epoch's step (it shrinks over the epochs).
    pub rate: f32,
    /// Errors are clamped to this many discs in the gradient (Huber loss; 64 or more: squared error).
    pub huber: f32,
    /// L2 regularisation: a touched weight `w` also moves by `-rate * l2 * w` (rare readings stay near 0).
    pub l2: f32,
    /// Fit from zero even when `base` is given (its other phases are still kept).
    pub fresh: bool,
}

fn parse_phases(text: Option<&str>) -> std::io::Result<std::ops::RangeInclusive<usize>> {
    let bad = || {
        std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!(
                "--phases {text:?}: expected a phase or a range such as 4-11 (0 to {})",
                PHASES - 1
            ),
        )
    };
    let Some(text) = text else {
        return Ok(0..=PHASES - 1);
    };
    let (low, high) = text.split_once('-').unwrap_or((text, text));
    let low: usize = low.trim().parse().map_err(|_| bad())?;
    let high: usize = high.trim().parse().map_err(|_| bad())?;
    if low > high || high >= PHASES {
        return Err(bad());
    }
    Ok(low..=high)
}

/// `reversi train`: fits the pattern weights to the samples of `paths` and writes the weights file to
/// `out`, printing the fit of every phase (root-mean-square error in discs on held-out samples).
pub fn train(
    paths: &[std::path::PathBuf],
    out: &std::path::Path,
    options: &TrainOptions,
) -> std::io::Result<()> {
    let phases = parse_phases(options.phases.as_deref())?;
    let base = match &options.base {
        None => None,
        Some(path) => {
            let bytes = std::fs::read(path)?;
            Some(PatternWeights::compact_from_bytes(&bytes).map_err(|e| {
                std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("{}: {e}", path.display()),
                )
            })?)
        }
    };
    let (samples, bad) = read_samples(paths)?;
    eprintln!(
        "{} samples read, {bad} malformed lines skipped",
        samples.len()
    );
    let tables = Tables::get();
    let mut rows = Vec::new();
    let mut tests = Vec::new();
    for sample in &samples {
        let row = Row {
            ids: tables.compact_features(sample.player, sample.opponent),
            empties: (!(sample.player | sample.opponent)).count_ones() as u8,
            score: sample.score as f32,
        };
        if held_out(sample) {
            tests.push(row);
        } else {
            rows.push(row);
        }
    }
    drop(samples);
    let start = |phase: usize| {
        base.as_ref()
            .filter(|_| !options.fresh)
            .map(|(bias, compact)| {
                (
                    bias[phase] as f32 / DISC as f32,
                    compact[phase]
                        .iter()
                        .map(|&w| w as f32 / DISC as f32)
                        .collect::<Vec<f32>>(),
                )
            })
    };
    // One thread per core, each fitting whole phases.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let to_fit: Vec<usize> = phases.clone().collect();
    let mut fits: Vec<(usize, PhaseFit)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (rows, tests, to_fit, start) = (&rows, &tests, &to_fit, &start);
                scope.spawn(move || {
                    to_fit
                        .iter()
                        .skip(t)
                        .step_by(threads)
                        .map(|&phase| {
                            let fit = fit_phase(
                                phase,
                                rows,
                                tests,
                                tables.compact_len,
                                options,
                                start(phase),
                            );
                            (phase, fit)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("training thread"))
            .collect()
    });
    fits.sort_by_key(|(phase, _)| *phase);
    let mut bias = [0i16; PHASES];
    let mut compact: Vec<Vec<i16>> = match &base {
        Some((b, c)) => {
            bias = *b;
            c.clone()
        }
        None => vec![vec![0; tables.compact_len]; PHASES],
    };
    for (phase, fit) in &fits {
        println!(
            "phase {phase:>2} (empties {:>2}-{:>2}): {:>8} train, {:>7} held out; rmse train {:.2}, held out {:.2} discs (from {:.2}; predicting the mean: {:.2})",
            phase * 5 + 1,
            phase * 5 + 5,
            fit.train_count,
            fit.test_count,
            fit.train_rmse,
            fit.test_rmse,
            fit.start_rmse,
            fit.baseline_rmse
        );
        bias[*phase] = to_centi(fit.bias);
        compact[*phase] = fit.weights.iter().map(|&w| to_centi(w)).collect();
    }
    std::fs::write(out, PatternWeights::to_bytes(&bias, &compact))
}

fn to_centi(w: f32) -> i16 {
    (w * DISC as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sample_lines_round_trip_and_bad_lines_are_refused() {
        let sample = Sample {
            player: 0x0000_0008_1000_0000,
            opponent: 0x0000_0010_0800_0000,
            score: -12,
        };
        assert_eq!(Sample::parse(&sample.to_line()), Some(sample));
        for bad in [
            "",
            "0000000810000000 0000001008000000",
            "0000000810000000 0000000810000000 0",
            "0000000810000000 0000001008000000 65",
            "0000000810000000 0000001008000000 1 2",
            "zz00000810000000 0000001008000000 1",
        ] {
            assert_eq!(Sample::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn late_positions_are_labelled_with_their_exact_scores() {
        let mut rng = Rng::new(5);
        let mut searcher = Searcher::new(4);
        let mut tt = TranspositionTable::new(4);
        for _ in 0..3 {
            let samples = play_labelled_game(&mut rng, &mut searcher, &mut tt, 2, 10, 6, 100);
            assert!(samples.len() > 40);
            let mut exact = 0;
            for sample in &samples {
                let board = Board::new(
                    crate::engine::Bitboard(sample.player),
                    crate::engine::Bitboard(sample.opponent),
                );
                assert!(board.has_moves());
                if board.empty_count() <= 10 {
                    let mut fresh = TranspositionTable::new(1);
                    let mut control = Control::unlimited();
                    let (score, _) = Solver::new(&mut fresh, &mut control).solve(&board);
                    assert_eq!(score, sample.score as i32);
                    exact += 1;
                }
            }
            assert!(exact > 0);
        }
    }
}
