//! What the WTHOR games measure: the evaluation against their perfect-play scores (`reversi eval-test`), how
//! its values drift with depth (`eval-drift`), and the mid-game probcut's error (`mpc-stats`).

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use super::{canonical, on_every_core, probes, read_file, read_weights, ScoredPosition, ToolError};
use reversi_engine::internals::mpc_shallow_depth;
use reversi_engine::{native_clock, Color, PatternWeights, SearchLimits, Searcher, DISC};

/// Deepest search `eval-test` accepts (a search per position; deeper ones take minutes per thousand games).
pub const MAX_EVAL_TEST_DEPTH: u32 = 20;

/// `reversi eval-test`: for each number of empties, the mean absolute error (discs) of a `depth`-ply search
/// against the games' perfect-play scores, over the positions of the files' games at that number of empties.
pub fn eval_test(
    paths: &[PathBuf],
    empties: &[u32],
    depth: u32,
    weights: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    if depth == 0 || depth > MAX_EVAL_TEST_DEPTH {
        return Err(ToolError::Argument(format!(
            "--depth {depth}: expected 1 to {MAX_EVAL_TEST_DEPTH}"
        )));
    }
    if let Some(&e) = empties.iter().find(|&&e| !(1..=60).contains(&e)) {
        return Err(ToolError::Argument(format!(
            "--empties {e}: expected 1 to 60"
        )));
    }
    let mut all = Vec::new();
    let mut games = 0;
    for path in paths {
        let (_, file_games) = read_file(path)?;
        games += file_games.len();
        all.extend(probes(&file_games, empties, 24));
    }
    let weights = weights.map(read_weights).transpose()?;
    let started = native_clock();
    let limits = SearchLimits::midgame(depth);
    let errors = on_every_core(&all, weights.as_ref(), |searcher, probe| {
        searcher.clear();
        let info = searcher.search(&probe.board, &limits, native_clock, None, &mut |_| {});
        (probe.empties, info.score, probe.score)
    });
    writeln!(
        out,
        "{games} games, depth {depth}, {:.1} s",
        (native_clock() - started) / 1000.0
    )?;
    writeln!(
        out,
        "empties positions mean-abs-error rmse mean-error (discs)"
    )?;
    for &e in empties {
        let (n, abs, sq, signed) = errors.iter().filter(|(pe, _, _)| *pe == e).fold(
            (0usize, 0f64, 0f64, 0f64),
            |(n, abs, sq, signed), &(_, value, score)| {
                let error = value as f64 / DISC as f64 - score as f64;
                (n + 1, abs + error.abs(), sq + error * error, signed + error)
            },
        );
        if n == 0 {
            writeln!(out, "{e:>7} {n:>9} - - -")?;
        } else {
            writeln!(
                out,
                "{e:>7} {n:>9} {:>15.2} {:>5.2} {:>+10.2}",
                abs / n as f64,
                (sq / n as f64).sqrt(),
                signed / n as f64
            )?;
        }
    }
    Ok(())
}

/// Deepest search `eval-drift` accepts.
pub const MAX_DRIFT_DEPTH: u32 = 16;

/// What `reversi eval-drift` measures.
#[derive(Clone, Copy, Debug)]
pub struct Drift<'a> {
    /// The numbers of empties to measure at.
    pub empties: &'a [u32],
    /// Positions per number of empties, spread evenly over the games.
    pub positions: usize,
    /// Each distinct position (under the 8 symmetries) once.
    pub distinct: bool,
    /// The deepest iteration.
    pub max_depth: u32,
    /// Also list each distinct position measured, with how many of the measured positions it stands for
    /// and its value at every depth.
    pub each: bool,
}

/// `reversi eval-drift`: how the value of a position moves from one depth to the next. For each number of
/// empties, `positions` positions of the files' games (spread evenly over them) are searched by iterative
/// deepening as the levels search (probcut on) up to `max_depth`; printed are the mean value from black's
/// side at each depth and, per depth `d`, the signed mean of value(d + 1) − value(d). An evaluation without a
/// bias for the side to move drifts little between consecutive depths; one that favours (or slights) the side
/// to move at the leaves swings with the parity of the depth.
pub fn eval_drift(
    paths: &[PathBuf],
    drift: &Drift,
    weights: Option<&Path>,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let Drift {
        empties,
        positions,
        distinct,
        max_depth,
        each,
    } = *drift;
    if !(2..=MAX_DRIFT_DEPTH).contains(&max_depth) {
        return Err(ToolError::Argument(format!(
            "--max-depth {max_depth}: expected 2 to {MAX_DRIFT_DEPTH}"
        )));
    }
    if let Some(&e) = empties.iter().find(|&&e| !(20..=60).contains(&e)) {
        return Err(ToolError::Argument(format!(
            "--empties {e}: expected 20 to 60 (a mid-game position)"
        )));
    }
    if positions == 0 {
        return Err(ToolError::Argument(
            "--positions 0: expected at least 1".into(),
        ));
    }
    let mut games = Vec::new();
    for path in paths {
        games.extend(read_file(path)?.1);
    }
    let mut chosen = Vec::new();
    for &e in empties {
        let mut all = probes(&games, &[e], 24);
        if distinct {
            let mut seen = HashSet::new();
            all.retain(|probe| seen.insert(canonical(probe)));
        }
        let step = (all.len() / positions).max(1);
        chosen.extend(all.into_iter().step_by(step).take(positions));
    }
    let weights = weights.map(read_weights).transpose()?;
    let started = native_clock();
    let limits = SearchLimits::midgame(max_depth);
    let values: Vec<(u32, Vec<f64>, f64)> =
        on_every_core(&chosen, weights.as_ref(), |searcher, probe| {
            searcher.clear();
            let black = if probe.to_move == Color::Black {
                1.0
            } else {
                -1.0
            };
            let eval = weights.as_ref().unwrap_or(PatternWeights::builtin());
            let (p, o) = (probe.board.player().0, probe.board.opponent().0);
            let mut by_depth = vec![black * eval.evaluate(p, o) as f64 / DISC as f64];
            searcher.search(&probe.board, &limits, native_clock, None, &mut |info| {
                if let reversi_engine::ScoreKind::Midgame { depth } = info.kind {
                    if depth as usize == by_depth.len() {
                        by_depth.push(black * info.score as f64 / DISC as f64);
                    }
                }
            });
            (probe.empties, by_depth, black * probe.score as f64)
        });
    writeln!(
        out,
        "{} games, {} positions, depths 1-{max_depth}, {:.1} s",
        games.len(),
        chosen.len(),
        (native_clock() - started) / 1000.0
    )?;
    // Depth 0 (the evaluation itself) to `max_depth`.
    let depths = max_depth as usize + 1;
    let tables = [
        ("mean value from black's side at depth d (games: their perfect-play score at 24 empties)", false),
        ("mean drift value(d+1) - value(d), black's side", true),
    ];
    for (title, drift) in tables {
        writeln!(out, "{title}")?;
        let (first, last) = if drift { (1, depths - 1) } else { (0, depths) };
        write!(out, "empties positions")?;
        if !drift {
            write!(out, "  games")?;
        }
        for d in first..last {
            write!(out, " {:>6}", format!("d{d}"))?;
        }
        writeln!(out)?;
        for &e in empties {
            let rows: Vec<(&Vec<f64>, f64)> = values
                .iter()
                .filter(|(pe, v, _)| *pe == e && v.len() == depths)
                .map(|(_, v, game)| (v, *game))
                .collect();
            write!(out, "{e:>7} {:>9}", rows.len())?;
            if !drift {
                let games = rows.iter().map(|r| r.1).sum::<f64>() / rows.len().max(1) as f64;
                write!(out, " {games:>+6.2}")?;
            }
            let rows: Vec<&Vec<f64>> = rows.iter().map(|r| r.0).collect();
            for d in first..last {
                let n = rows.len().max(1) as f64;
                let mean = rows
                    .iter()
                    .map(|v| if drift { v[d + 1] - v[d] } else { v[d] })
                    .sum::<f64>()
                    / n;
                write!(out, " {mean:>+6.2}")?;
            }
            writeln!(out)?;
        }
    }
    if each {
        write_each(&chosen, &values, out)?;
    }
    Ok(())
}

/// `eval-drift --each`: every distinct position of `chosen` (under the 8 symmetries, the first met shown),
/// the most frequent first within each number of empties, with its count and its values by depth.
fn write_each(
    chosen: &[ScoredPosition],
    values: &[(u32, Vec<f64>, f64)],
    out: &mut dyn Write,
) -> std::io::Result<()> {
    // (the first probe of the position, its count), and where each position's group is.
    let mut groups: Vec<(usize, usize)> = Vec::new();
    let mut group_of = HashMap::new();
    for (i, probe) in chosen.iter().enumerate() {
        let slot = *group_of.entry(canonical(probe)).or_insert_with(|| {
            groups.push((i, 0));
            groups.len() - 1
        });
        groups[slot].1 += 1;
    }
    groups.sort_by_key(|&(first, count)| (chosen[first].empties, std::cmp::Reverse(count), first));
    writeln!(
        out,
        "each position: empties, count, position (side to move), value from black's side at depth 0, 1, ..."
    )?;
    for (first, count) in groups {
        let probe = &chosen[first];
        let position = reversi_engine::Position {
            board: probe.board,
            to_move: probe.to_move,
        };
        write!(out, "{:>3} {count:>5} {position}", probe.empties)?;
        for v in &values[first].1 {
            write!(out, " {v:>+6.2}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

/// `reversi mpc-stats`: how far a shallow search lands from a deeper one on positions of the files' games
/// (every `step`-th position with 20 to 50 empties of the first `games` games): per depth `d`, the count,
/// mean and standard deviation of value(d) − value(shallow(d)) in discs. The mid-game probcut margins come
/// from these figures.
pub fn mpc_stats(
    paths: &[PathBuf],
    games: usize,
    step: usize,
    max_depth: u32,
    out: &mut dyn Write,
) -> Result<(), ToolError> {
    let mut boards = Vec::new();
    for path in paths {
        let (_, file_games) = read_file(path)?;
        for game in file_games
            .iter()
            .take(games.saturating_sub(boards.len() / 8))
        {
            for (i, p) in game.positions().iter().enumerate() {
                let e = p.board.empty_count();
                if i % step.max(1) == 0 && (20..=50).contains(&e) && p.board.has_moves() {
                    boards.push(p.board);
                }
            }
        }
    }
    let mut searcher = Searcher::new(32);
    let value = |searcher: &mut Searcher, board: &reversi_engine::Board, depth: u32| {
        searcher.clear();
        let limits = SearchLimits {
            probcut: false,
            ..SearchLimits::midgame(depth)
        };
        searcher
            .search(board, &limits, native_clock, None, &mut |_| {})
            .score as f64
            / DISC as f64
    };
    writeln!(out, "{} positions", boards.len())?;
    writeln!(out, "depth shallow count mean sd")?;
    for depth in 3..=max_depth {
        let shallow = mpc_shallow_depth(depth);
        let (mut n, mut sum, mut squares) = (0f64, 0f64, 0f64);
        for board in &boards {
            let error = value(&mut searcher, board, depth) - value(&mut searcher, board, shallow);
            n += 1.0;
            sum += error;
            squares += error * error;
        }
        let mean = sum / n;
        let sd = ((squares - sum * mean) / (n - 1.0)).max(0.0).sqrt();
        writeln!(out, "{depth} {shallow} {n} {mean:.3} {sd:.3}")?;
    }
    Ok(())
}
