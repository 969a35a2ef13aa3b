use super::*;
use reversi_engine::wthor;
use reversi_engine::{Bitboard, Searcher};
use std::ops::RangeInclusive;

#[test]
fn bootstrapped_labels_mix_the_game_score_and_the_search() {
    let bytes = std::fs::read("../engine/tests/data/wthor-sample.wtb").expect("test data");
    let file = wthor::parse(&bytes).expect("valid");
    let probes = probes(&file.games, &[30], 24);
    assert!(!probes.is_empty());
    let game_scores: Vec<i8> = probes.iter().map(|p| p.score as i8).collect();
    let plain = Relabel {
        depth: 0,
        game_share: 0.5,
        weights: None,
    };
    assert_eq!(plain.labels(&probes), game_scores);
    let game_only = Relabel {
        depth: 2,
        game_share: 1.0,
        weights: None,
    };
    assert_eq!(game_only.labels(&probes), game_scores);
    // The search alone: a 2-ply value, rounded to discs; the half-and-half mix lies between the two.
    let search = Relabel {
        depth: 2,
        game_share: 0.0,
        weights: None,
    }
    .labels(&probes);
    let mixed = Relabel {
        depth: 2,
        game_share: 0.5,
        weights: None,
    }
    .labels(&probes);
    let mut searcher = Searcher::new(16);
    let limits = SearchLimits::midgame(2);
    for (i, probe) in probes.iter().enumerate() {
        let info = searcher.search(&probe.board, &limits, native_clock, None, &mut |_| {});
        assert_eq!(search[i] as f64, (info.score as f64 / DISC as f64).round());
        let (low, high) = (search[i].min(game_scores[i]), search[i].max(game_scores[i]));
        assert!((low..=high).contains(&mixed[i]), "{i}");
    }
}

#[test]
fn selected_children_carry_their_parents_label_from_their_side() {
    let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
    let weights = PatternWeights::builtin();
    let plain = Relabel {
        depth: 0,
        game_share: 1.0,
        weights: None,
    };
    let mut parents = Vec::new();
    let mut children = Vec::new();
    wthor_data(
        std::slice::from_ref(&path),
        30..=30,
        plain,
        false,
        false,
        None,
        &mut parents,
    )
    .unwrap();
    wthor_data(
        &[path],
        30..=30,
        plain,
        false,
        false,
        Some(weights),
        &mut children,
    )
    .unwrap();
    let read = |bytes: &[u8]| -> Vec<Sample> {
        String::from_utf8(bytes.to_vec())
            .unwrap()
            .lines()
            .map(|line| Sample::parse(line).unwrap())
            .collect()
    };
    let (parents, children) = (read(&parents), read(&children));
    assert!(!children.is_empty() && children.len() <= parents.len());
    let mut matched = 0;
    for parent in &parents {
        let board = Board::new(Bitboard(parent.player), Bitboard(parent.opponent));
        let Some(child) = selected_child(&board, weights) else {
            continue;
        };
        let sample = &children[matched];
        matched += 1;
        assert_eq!(
            (sample.player, sample.opponent),
            (child.player().0, child.opponent().0)
        );
        assert_eq!(sample.score, -parent.score);
        assert_eq!(child.empty_count(), 29);
        // No other child is better for the side that moved.
        for square in board.moves().iter() {
            let other = board.play_unchecked(square);
            if other.has_moves() {
                assert!(
                    -weights.evaluate(other.player().0, other.opponent().0)
                        <= -weights.evaluate(child.player().0, child.opponent().0)
                );
            }
        }
    }
    assert_eq!(matched, children.len());
}

#[test]
fn wthor_data_writes_each_position_once_or_every_child() {
    let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
    let plain = Relabel {
        depth: 0,
        game_share: 1.0,
        weights: None,
    };
    let lines = |empties, distinct, children| {
        let mut out = Vec::new();
        let n = wthor_data(
            std::slice::from_ref(&path),
            empties..=empties,
            plain,
            distinct,
            children,
            None,
            &mut out,
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), n);
        text.lines()
            .map(|l| Sample::parse(l).unwrap())
            .collect::<Vec<_>>()
    };
    // After the first move every game's position is a symmetric copy of the same one.
    assert!(lines(59, false, false).len() > 1);
    assert_eq!(lines(59, true, false).len(), 1);
    // Its three children (the perpendicular, parallel and diagonal openings), labelled from their side.
    let parent = lines(59, true, false)[0];
    let children = lines(59, true, true);
    assert_eq!(children.len(), 3, "{children:?}");
    for child in &children {
        assert_eq!(child.score, -parent.score);
        let empty = !(child.player | child.opponent);
        assert_eq!(empty.count_ones(), 58);
    }
}

#[test]
fn opening_data_writes_every_distinct_position_from_the_start() {
    let relabel = Relabel {
        depth: 2,
        game_share: 0.5,
        weights: None,
    };
    let lines = |empties| {
        let mut out = Vec::new();
        let n = opening_data(empties, relabel, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), n);
        text.lines()
            .map(|l| Sample::parse(l).unwrap())
            .collect::<Vec<_>>()
    };
    // The start, the one position after the first move (all four alike), then the perpendicular,
    // parallel and diagonal openings; perft counts 1, 4 and 12 move sequences.
    let samples = lines(58..=60);
    let empties: Vec<u32> = samples
        .iter()
        .map(|s| (!(s.player | s.opponent)).count_ones())
        .collect();
    assert_eq!(empties, [60, 59, 58, 58, 58]);
    // Each labelled by the search alone (the game share does not apply: there is no game), from empty
    // tables.
    let mut searcher = Searcher::new(16);
    for sample in &samples {
        searcher.clear();
        let board = Board::new(Bitboard(sample.player), Bitboard(sample.opponent));
        let info = searcher.search(
            &board,
            &SearchLimits::midgame(2),
            native_clock,
            None,
            &mut |_| {},
        );
        assert_eq!(
            sample.score as f64,
            (info.score as f64 / DISC as f64).round()
        );
    }
    assert_eq!(lines(58..=58), samples[2..]);
    for (range, depth) in [(49..=55, 2), (RangeInclusive::new(56, 55), 2), (55..=60, 0)] {
        let relabel = Relabel { depth, ..relabel };
        assert!(opening_data(range, relabel, &mut Vec::new()).is_err());
    }
}

#[test]
fn a_game_share_outside_0_to_1_is_refused() {
    let relabel = Relabel {
        depth: 2,
        game_share: 1.5,
        weights: None,
    };
    let result = wthor_data(&[], 20..=60, relabel, false, false, None, &mut Vec::new());
    assert!(result.unwrap_err().to_string().contains("--game-share"));
}
