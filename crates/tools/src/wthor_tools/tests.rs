use super::*;
use std::path::PathBuf;

#[test]
fn probes_take_the_score_for_the_side_to_move() {
    let bytes = std::fs::read("../engine/tests/data/wthor-sample.wtb").expect("test data");
    let file = wthor::parse(&bytes).expect("valid");
    let probes = probes(&file.games, &[60, 59], 24);
    let game = &file.games[0];
    // Black moves first (60 empties) and white second (59): the same game's score, negated.
    assert_eq!(probes[0].score, game.theoretical_difference());
    assert_eq!(probes[1].score, -game.theoretical_difference());
}

#[test]
fn eval_drift_prints_values_by_depth_and_refuses_bad_arguments() {
    let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
    let mut out = Vec::new();
    let drift = Drift {
        empties: &[40],
        positions: 3,
        distinct: false,
        max_depth: 3,
        each: false,
    };
    eval_drift(std::slice::from_ref(&path), &drift, None, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    let rows: Vec<&str> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("40 "))
        .collect();
    // The values at depths 0 to 3 beside the games' mean, then the drifts d1 and d2.
    assert_eq!(rows.len(), 2, "{text}");
    assert_eq!(rows[0].split_whitespace().count(), 2 + 1 + 4, "{text}");
    assert_eq!(rows[1].split_whitespace().count(), 2 + 2, "{text}");
    for (empties, depth, positions) in [(&[40][..], 1, 3), (&[10][..], 3, 3), (&[40][..], 3, 0)] {
        let drift = Drift {
            empties,
            positions,
            max_depth: depth,
            ..drift
        };
        let result = eval_drift(std::slice::from_ref(&path), &drift, None, &mut Vec::new());
        assert!(result.is_err());
    }
}

#[test]
fn eval_drift_can_take_each_position_once() {
    // After the first move every game's position is one of four symmetric copies of the same one.
    let path = PathBuf::from("../engine/tests/data/wthor-sample.wtb");
    let output = |distinct, each| {
        let mut out = Vec::new();
        let drift = Drift {
            empties: &[59],
            positions: 10,
            distinct,
            max_depth: 2,
            each,
        };
        eval_drift(std::slice::from_ref(&path), &drift, None, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    };
    let count = |distinct| {
        let text = output(distinct, false);
        let row = text
            .lines()
            .find(|l| l.trim_start().starts_with("59 "))
            .unwrap()
            .to_string();
        row.split_whitespace()
            .nth(1)
            .unwrap()
            .parse::<usize>()
            .unwrap()
    };
    let all = count(false);
    assert!(all > 1, "{all}");
    assert_eq!(count(true), 1);
    // `--each` lists that one position once, standing for all of them, with its values at depths 0-2.
    let text = output(false, true);
    let listed: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("each position"))
        .skip(1)
        .collect();
    assert_eq!(listed.len(), 1, "{text}");
    let fields: Vec<&str> = listed[0].split_whitespace().collect();
    assert_eq!(fields[..2], ["59", &all.to_string()[..]], "{text}");
    let position: reversi_engine::Position =
        format!("{} {}", fields[2], fields[3]).parse().unwrap();
    assert_eq!(position.board.empty_count(), 59);
    assert_eq!(fields.len(), 4 + 3, "{text}");
}
