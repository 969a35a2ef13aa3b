//! Making the pattern evaluation's weights (native only, for developers): `reversi gen-data` plays varied
//! games and labels their positions (`selfplay.rs`), `reversi train` fits the weights to the labels by least
//! squares (here).
//!
//! Labels: every position with at most `exact` empties gets its exact score from the solver; an
//! earlier position gets the exact score of its game's first position with `exact` empties (the game was
//! played on by a shallow search with a few random moves, so the label is that game's perfect-play result).

use std::io::{BufRead, Write};

use reversi_engine::{PatternWeights, Rng, Tables, DISC, FEATURES, PHASES};

mod selfplay;

pub use self::selfplay::{generate, play_labelled_game, probcut_stats};

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

/// `reversi child-data`: for each sample of `paths` with a number of empties in `empties`, the child a 1-ply
/// search with `weights` plays there ([`crate::wthor_tools::selected_child`]), labelled with the sample's label
/// from the child's side, appended to `out`; samples whose every child leaves the opponent without a move are
/// skipped. Fitted beside the samples, these counter the search's optimism about the moves it picks, as the
/// expert positions' selected children do in the mid-game phases. Returns how many were written.
pub fn child_data(
    paths: &[std::path::PathBuf],
    empties: std::ops::RangeInclusive<u32>,
    weights: &PatternWeights,
    out: &mut dyn Write,
) -> Result<usize, Box<dyn std::error::Error>> {
    let (samples, bad) = read_samples(paths)?;
    if bad > 0 {
        eprintln!("{bad} malformed lines skipped");
    }
    let mut written = 0;
    for sample in samples {
        let board = reversi_engine::Board::new(
            reversi_engine::Bitboard(sample.player),
            reversi_engine::Bitboard(sample.opponent),
        );
        if !empties.contains(&board.empty_count()) {
            continue;
        }
        if let Some(child) = crate::wthor_tools::selected_child(&board, weights) {
            let sample = Sample {
                player: child.player().0,
                opponent: child.opponent().0,
                score: -sample.score,
            };
            writeln!(out, "{}", sample.to_line())?;
            written += 1;
        }
    }
    Ok(written)
}

/// A sample's features for training: the compact pattern ids, empties and score. In a batch fit a row stands
/// for every sample of one position: `score` is their mean label and `count` how many they are.
struct Row {
    ids: [u32; FEATURES],
    empties: u8,
    score: f32,
    count: f32,
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

/// The root-mean-square error over the samples the rows stand for (a merged row's mean label only: the
/// spread of its samples' labels around their mean is not counted).
fn rmse(bias: f32, weights: &[f32], rows: &[&Row]) -> f64 {
    let count: f64 = rows.iter().map(|r| r.count as f64).sum();
    if count == 0.0 {
        return 0.0;
    }
    let sum: f64 = rows
        .iter()
        .map(|r| {
            let e = (r.score - predict(bias, weights, &r.ids)) as f64;
            e * e * r.count as f64
        })
        .sum();
    (sum / count).sqrt()
}

/// A phase's rows: those it is fitted on (empties within [`WINDOW`] of its range), the held-out ones within its
/// range, and the mean label of the first (each row counted as many times as the samples it stands for).
fn phase_rows<'a>(
    phase: usize,
    rows: &'a [Row],
    tests: &'a [Row],
) -> (Vec<&'a Row>, Vec<&'a Row>, f64) {
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
    let total: f64 = train.iter().map(|r| r.count as f64).sum();
    let mean = if total == 0.0 {
        0.0
    } else {
        train
            .iter()
            .map(|r| r.score as f64 * r.count as f64)
            .sum::<f64>()
            / total
    };
    (train, test, mean)
}

/// The fit of phase `phase` on its rows (see [`phase_rows`]): from `start` (bias and compact weights in
/// discs) or from the phase's mean, `descend` moves the bias and weights over the training rows; then the
/// fit's figures.
fn fit_with(
    phase: usize,
    rows: &[Row],
    tests: &[Row],
    compact_len: usize,
    start: Option<(f32, Vec<f32>)>,
    descend: impl FnOnce(&[&Row], f32, Vec<f32>) -> (f32, Vec<f32>),
) -> PhaseFit {
    let (train, test, mean) = phase_rows(phase, rows, tests);
    let baseline_rmse = rmse(mean as f32, &vec![0f32; compact_len], &test);
    let (bias, weights) = start.unwrap_or((mean as f32, vec![0f32; compact_len]));
    let start_rmse = rmse(bias, &weights, &test);
    let (bias, weights) = descend(&train, bias, weights);
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
    fit_with(
        phase,
        rows,
        tests,
        compact_len,
        start,
        |train, mut bias, mut weights| {
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
                    let error =
                        (row.score - predict(bias, &weights, &row.ids)).clamp(-huber, huber);
                    bias += rate * 0.1 * error;
                    for &id in &row.ids {
                        let w = &mut weights[id as usize];
                        *w += rate * (error - options.l2 * *w);
                    }
                }
            }
            (bias, weights)
        },
    )
}

/// Full-batch gradient descent on the (count-weighted) squared error for the phase `phase`, on the samples
/// whose empties are within two of the phase's range: every step moves each weight by the mean error of the
/// samples that read it (less an L2 pull), scaled down by the number of features a sample reads, with
/// momentum. Unlike stochastic descent, it never chases the last samples it saw: an opening position met in
/// thousands of games is fitted to their mean result, not to the last few games' results (stochastic
/// descent left whole opening phases several discs off their mean), and the result does not depend on an
/// order.
fn fit_phase_batch(
    phase: usize,
    rows: &[Row],
    tests: &[Row],
    compact_len: usize,
    options: &TrainOptions,
    start: Option<(f32, Vec<f32>)>,
) -> PhaseFit {
    fit_with(
        phase,
        rows,
        tests,
        compact_len,
        start,
        |train, mut bias, mut weights| {
            let total: f64 = train.iter().map(|r| r.count as f64).sum();
            // How many samples read each weight (a weight read twice by one sample counts twice).
            let mut reads = vec![0f64; compact_len];
            for row in train {
                for &id in &row.ids {
                    reads[id as usize] += row.count as f64;
                }
            }
            let step = options.rate_batch / FEATURES as f64;
            let l2 = options.l2 as f64;
            let mut velocity = vec![0f64; compact_len];
            let mut bias_velocity = 0f64;
            let mut gradient = vec![0f64; compact_len];
            for _ in 0..options.iterations {
                gradient.iter_mut().for_each(|g| *g = 0.0);
                let mut bias_gradient = 0f64;
                for row in train {
                    let error =
                        ((row.score - predict(bias, &weights, &row.ids)) * row.count) as f64;
                    bias_gradient += error;
                    for &id in &row.ids {
                        gradient[id as usize] += error;
                    }
                }
                for i in 0..compact_len {
                    if reads[i] == 0.0 {
                        continue;
                    }
                    let g = (gradient[i] - l2 * weights[i] as f64) / (reads[i] + l2);
                    velocity[i] = MOMENTUM * velocity[i] + step * g;
                    weights[i] += velocity[i] as f32;
                }
                if total > 0.0 {
                    bias_velocity = MOMENTUM * bias_velocity + step * bias_gradient / total;
                    bias += bias_velocity as f32;
                }
            }
            (bias, weights)
        },
    )
}

/// The batch fit's momentum.
const MOMENTUM: f64 = 0.9;

/// How `reversi train` fits (its command-line options).
#[derive(Clone, Debug, clap::Args)]
pub struct TrainOptions {
    /// Passes over the samples.
    #[arg(long, default_value_t = 12)]
    pub epochs: usize,
    /// Start from these weights (fine-tuning) and keep their phases that are not trained.
    #[arg(long)]
    pub base: Option<std::path::PathBuf>,
    /// The phases to train, e.g. 4-11 (phase k covers 5k+1 to 5k+5 empties; default: all).
    #[arg(long)]
    pub phases: Option<String>,
    /// The first epoch's step size (it shrinks over the epochs).
    #[arg(long, default_value_t = 0.01)]
    pub rate: f32,
    /// Huber loss: errors count at most this many discs in the gradient (64 or more: squared error).
    #[arg(long, default_value_t = 64.0)]
    pub huber: f32,
    /// L2 regularisation: each update also shrinks the weights it touches by this fraction of the step
    /// (a touched weight `w` also moves by `-rate * l2 * w`, so rare readings stay near 0).
    #[arg(long, default_value_t = 0.0)]
    pub l2: f32,
    /// Fit the trained phases from zero instead of from `--base`'s weights (its other phases are still kept).
    #[arg(long)]
    pub fresh: bool,
    /// Fit by full-batch gradient descent (identical positions merged, each weighted by its count) instead
    /// of stochastic descent: `--epochs`, `--rate` and `--huber` are then not used.
    #[arg(long)]
    pub batch: bool,
    /// Steps of the batch fit.
    #[arg(long, default_value_t = 300)]
    pub iterations: usize,
    /// The batch fit's step, in units of one feature's mean error shared over a sample's features.
    #[arg(long, default_value_t = 1.0)]
    pub rate_batch: f64,
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
    let positions: Vec<(Sample, f32, f32)> = if options.batch {
        merge(&samples)
    } else {
        samples.iter().map(|s| (*s, s.score as f32, 1.0)).collect()
    };
    drop(samples);
    for (sample, score, count) in &positions {
        let row = Row {
            ids: tables.compact_features(sample.player, sample.opponent),
            empties: (!(sample.player | sample.opponent)).count_ones() as u8,
            score: *score,
            count: *count,
        };
        if held_out(sample) {
            tests.push(row);
        } else {
            rows.push(row);
        }
    }
    drop(positions);
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
    // Whole phases, one at a time on every core.
    let to_fit: Vec<usize> = phases.clone().collect();
    let fits: Vec<(usize, PhaseFit)> = crate::fan_out::on_every_core_with(
        &to_fit,
        || (),
        |(), &phase| {
            let fit = if options.batch {
                fit_phase_batch
            } else {
                fit_phase
            };
            let fit = fit(
                phase,
                &rows,
                &tests,
                tables.compact_len,
                options,
                start(phase),
            );
            (phase, fit)
        },
    );
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

/// The samples of each position merged: the position (in its first sample), the mean label and the count,
/// in the order of each position's first sample.
fn merge(samples: &[Sample]) -> Vec<(Sample, f32, f32)> {
    let mut index = std::collections::HashMap::new();
    let mut out: Vec<(Sample, f64, f64)> = Vec::new();
    for sample in samples {
        let i = *index
            .entry((sample.player, sample.opponent))
            .or_insert_with(|| {
                out.push((*sample, 0.0, 0.0));
                out.len() - 1
            });
        out[i].1 += sample.score as f64;
        out[i].2 += 1.0;
    }
    out.into_iter()
        .map(|(s, sum, n)| (s, (sum / n) as f32, n as f32))
        .collect()
}

fn to_centi(w: f32) -> i16 {
    (w * DISC as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}

#[cfg(test)]
mod tests {
    use super::*;
    use reversi_engine::{Board, Control, Searcher, Solver, TranspositionTable};

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

    fn options(batch: bool) -> TrainOptions {
        TrainOptions {
            epochs: 12,
            base: None,
            phases: None,
            rate: 0.01,
            huber: 64.0,
            l2: 0.0,
            fresh: false,
            batch,
            iterations: 300,
            rate_batch: 1.0,
        }
    }

    #[test]
    fn the_batch_fit_gives_a_repeated_position_its_mean_label() {
        // The start position met in 400 games: 300 won by 10, 100 lost by 30 (mean 0). Stochastic descent
        // ends where the last labels it saw (in its shuffled order) pulled it; the batch fit at their mean.
        let tables = Tables::get();
        let board = reversi_engine::Board::START;
        let (p, o) = (board.player().0, board.opponent().0);
        let samples: Vec<Sample> = (0..400)
            .map(|i| Sample {
                player: p,
                opponent: o,
                score: if i < 300 { 10 } else { -30 },
            })
            .collect();
        let row = |score: f32, count: f32| Row {
            ids: tables.compact_features(p, o),
            empties: 60,
            score,
            count,
        };
        let merged = merge(&samples);
        assert_eq!(merged.len(), 1);
        assert_eq!((merged[0].1, merged[0].2), (0.0, 400.0));
        let value = |fit: &PhaseFit| predict(fit.bias, &fit.weights, &row(0.0, 1.0).ids);
        let batch = fit_phase_batch(
            11,
            &[row(merged[0].1, merged[0].2)],
            &[],
            tables.compact_len,
            &options(true),
            None,
        );
        assert!(value(&batch).abs() < 0.5, "batch: {}", value(&batch));
        let one_by_one: Vec<Row> = samples.iter().map(|s| row(s.score as f32, 1.0)).collect();
        let sgd = fit_phase(
            11,
            &one_by_one,
            &[],
            tables.compact_len,
            &options(false),
            None,
        );
        assert!(value(&sgd).abs() > 3.0, "stochastic: {}", value(&sgd));
    }

    #[test]
    fn child_data_writes_each_picked_child_with_its_parents_label_from_its_side() {
        let mut rng = Rng::new(9);
        let mut searcher = Searcher::new(4);
        let mut tt = TranspositionTable::new(4);
        let samples = play_labelled_game(&mut rng, &mut searcher, &mut tt, 2, 8, 6, 100);
        let path = std::env::temp_dir().join(format!("child-data-{}.txt", std::process::id()));
        let text: String = samples.iter().map(|s| s.to_line() + "\n").collect();
        std::fs::write(&path, text + "not a sample\n").expect("temporary file");
        let weights = PatternWeights::builtin();
        let mut out = Vec::new();
        let written = child_data(std::slice::from_ref(&path), 10..=20, weights, &mut out);
        std::fs::remove_file(&path).expect("temporary file");
        let lines: Vec<Sample> = String::from_utf8(out)
            .expect("text")
            .lines()
            .map(|line| Sample::parse(line).expect("a sample line"))
            .collect();
        assert_eq!(written.expect("written"), lines.len());
        // The parents in range, in order, each with the child whose value the evaluation likes least for
        // the opponent.
        let mut expected = Vec::new();
        for sample in &samples {
            let board = Board::new(
                reversi_engine::Bitboard(sample.player),
                reversi_engine::Bitboard(sample.opponent),
            );
            if !(10..=20).contains(&board.empty_count()) {
                continue;
            }
            let Some(child) = crate::wthor_tools::selected_child(&board, weights) else {
                continue;
            };
            assert_eq!(child.empty_count(), board.empty_count() - 1);
            assert!(board
                .moves()
                .iter()
                .any(|square| board.play_unchecked(square) == child));
            expected.push(Sample {
                player: child.player().0,
                opponent: child.opponent().0,
                score: -sample.score,
            });
        }
        assert!(expected.len() >= 8, "{} children", expected.len());
        assert!(expected.len() < samples.len());
        assert_eq!(lines, expected);
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
                    reversi_engine::Bitboard(sample.player),
                    reversi_engine::Bitboard(sample.opponent),
                );
                assert!(board.has_moves());
                if board.empty_count() <= 10 {
                    let fresh = TranspositionTable::new(1);
                    let mut control = Control::unlimited();
                    let (score, _) = Solver::new(&fresh, &mut control).solve(&board);
                    assert_eq!(score, sample.score as i32);
                    exact += 1;
                }
            }
            assert!(exact > 0);
        }
    }
}
