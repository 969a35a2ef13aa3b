//! The least-squares fit of the pattern weights to the samples' labels, phase by phase (stochastic or batch
//! gradient descent), and what it measures (the error on the held-out samples).

use super::{Sample, TrainOptions};
use reversi_engine::internals::FEATURES;
use reversi_engine::{Rng, DISC};

/// A sample's features for training: the compact pattern ids, empties and score. In a batch fit a row stands
/// for every sample of one position: `score` is their mean label and `count` how many they are.
pub(super) struct Row {
    pub(super) ids: [u32; FEATURES],
    pub(super) empties: u8,
    pub(super) score: f32,
    pub(super) count: f32,
}

/// Which samples are kept aside to measure the fit: about one in twenty, by position, so that a position
/// met in several games is on one side only.
pub(super) fn held_out(sample: &Sample) -> bool {
    let mut rng = Rng::new(sample.player ^ sample.opponent.rotate_left(17));
    rng.next_u64().is_multiple_of(20)
}

/// A phase is fitted on the samples within this many empties of its range.
pub(super) const WINDOW: i32 = 2;

/// Fitted weights of one phase and the figures of the fit.
pub(super) struct PhaseFit {
    pub(super) bias: f32,
    pub(super) weights: Vec<f32>,
    pub(super) train_rmse: f64,
    pub(super) test_rmse: f64,
    pub(super) baseline_rmse: f64,
    pub(super) start_rmse: f64,
    pub(super) train_count: usize,
    pub(super) test_count: usize,
}

pub(super) fn predict(bias: f32, weights: &[f32], ids: &[u32; FEATURES]) -> f32 {
    bias + ids.iter().map(|&id| weights[id as usize]).sum::<f32>()
}

/// The root-mean-square error over the samples the rows stand for (a merged row's mean label only: the
/// spread of its samples' labels around their mean is not counted).
pub(super) fn rmse(bias: f32, weights: &[f32], rows: &[&Row]) -> f64 {
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
pub(super) fn phase_rows<'a>(
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
pub(super) fn fit_with(
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
pub(super) fn fit_phase(
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
pub(super) fn fit_phase_batch(
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
pub(super) const MOMENTUM: f64 = 0.9;

/// The samples of each position merged: the position (in its first sample), the mean label and the count,
/// in the order of each position's first sample.
pub(super) fn merge(samples: &[Sample]) -> Vec<(Sample, f32, f32)> {
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

pub(super) fn to_centi(w: f32) -> i16 {
    (w * DISC as f32)
        .round()
        .clamp(i16::MIN as f32, i16::MAX as f32) as i16
}
