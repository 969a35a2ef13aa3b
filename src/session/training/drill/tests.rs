use super::*;

#[test]
fn the_four_frames_keep_the_start_and_turn_f5_into_each_first_move() {
    let frames = frames();
    assert_eq!(frames.len(), 4);
    let f5: Square = "f5".parse().unwrap();
    let mut firsts: Vec<String> = frames
        .iter()
        .map(|s| s.apply_square(f5).to_string())
        .collect();
    firsts.sort();
    assert_eq!(firsts, ["c4", "d3", "e6", "f5"]);
}

#[test]
fn lines_are_legal_and_the_book_extends_them() {
    let all = lines(DrillChoice::AllOpenings, Color::Black);
    assert_eq!(all.len(), OPENINGS.len());
    let book = lines(DrillChoice::BookLines, Color::White);
    assert!(book.len() > 20, "{}", book.len());
    for line in all.iter().chain(&book) {
        assert!(replay(&line.moves).is_some(), "{line:?}");
    }
    assert!(book.iter().any(|l| l.moves.len() == BOOK_LINE_PLIES));
    let tiger = OPENINGS.iter().position(|o| o.name == "Tiger").unwrap();
    let one = lines(DrillChoice::Opening(tiger), Color::Black);
    assert_eq!(one[0].key(Color::Black), "X:f5d6c3d3c4");
    let two = lines(DrillChoice::Several(1 << tiger | 1 << 0), Color::Black);
    assert_eq!(two.len(), 2);
    assert_eq!(two[1].opening, tiger);
    assert!(lines(DrillChoice::Several(0), Color::Black).is_empty());
}

#[test]
fn the_schedule_brings_missed_lines_back_first_and_learns_after_three() {
    let lines = lines(DrillChoice::AllOpenings, Color::Black);
    let mut schedule = Schedule::default();
    let day = 20_000;
    // Nothing played: the first line.
    assert_eq!(schedule.next(&lines, Color::Black, day, None), Some(0));
    let key = |i: usize| lines[i].key(Color::Black);
    schedule.record(&key(0), day, 0);
    // Played right: due tomorrow, so a fresh line comes next.
    assert_eq!(schedule.lines[&key(0)].due, day + 1);
    assert_eq!(
        schedule.next(&lines, Color::Black, day, Some(&key(0))),
        Some(1)
    );
    // A miss: due again today, and before fresh lines.
    schedule.record(&key(1), day, 2);
    assert_eq!(
        schedule.next(&lines, Color::Black, day, Some(&key(0))),
        Some(1)
    );
    assert_eq!(schedule.summary(&lines, Color::Black, day), (0, 1));
    // Tomorrow line 0 is due too; the longest overdue first (line 1, due today).
    assert_eq!(schedule.next(&lines, Color::Black, day + 1, None), Some(1));
    // Learned after three rounds right in a row; the intervals grow.
    schedule.record(&key(0), day + 1, 0);
    assert!(!schedule.learned(&key(0)));
    schedule.record(&key(0), day + 3, 0);
    assert!(schedule.learned(&key(0)));
    assert_eq!(schedule.lines[&key(0)].due, day + 3 + 4);
    // A miss unlearns it.
    schedule.record(&key(0), day + 7, 1);
    assert!(!schedule.learned(&key(0)));
    assert_eq!(schedule.lines[&key(0)].boxed, 1);
}
