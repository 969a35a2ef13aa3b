//! Making the pattern evaluation's weights (native only, for developers): `reversi gen-data` plays varied
//! games and labels their positions (`selfplay.rs`), `reversi wthor-data` and `opening-data` take them from the
//! expert games and the first plies (`wthor.rs`), all as [`Sample`] lines (`samples.rs`); `reversi train`
//! (here) fits the weights to the labels by least squares (`fit.rs`).
//!
//! Labels: every position with at most `exact` empties gets its exact score from the solver; an
//! earlier position gets the exact score of its game's first position with `exact` empties (the game was
//! played on by a shallow search with a few random moves, so the label is that game's perfect-play result).

use reversi_engine::internals::{Tables, PHASES};
use reversi_engine::{PatternWeights, DISC};

mod fit;
mod samples;
mod selfplay;
mod wthor;

use self::fit::{fit_phase, fit_phase_batch, held_out, merge, to_centi, PhaseFit, Row};
pub use self::samples::{read_samples, Sample};
pub use self::selfplay::{generate, play_labelled_game, probcut_stats};
pub use self::wthor::{
    child_data, opening_data, selected_child, wthor_data, Relabel, MIN_OPENING_DATA_EMPTIES,
};

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
            let bytes = std::fs::read(path)
                .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
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

#[cfg(test)]
mod tests {
    use self::fit::predict;
    use super::*;
    use reversi_engine::{Board, Control, Rng, Searcher, Solver, TranspositionTable};

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
            let Some(child) = selected_child(&board, weights) else {
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
