use super::*;

fn board(text: &str) -> Board {
    text.parse::<crate::Position>().unwrap().board
}

#[test]
fn a_fixed_depth_without_probcut_gives_the_serial_value_on_two_and_three_threads() {
    // Without probcut and from fresh tables, a fixed-depth value is the minimax value whatever the
    // order of the search (a position's remaining depth is fixed by its disc count).
    let positions = [
        "---------------------------OX------XO--------------------------- X",
        "--XXXX----XOOX--OOXOXOO-OOOXOX--OOXXXXO-O-OXXO----OOX----------- X",
        "----O------OOO--XXXXOOX--XXXOOX--XOXXXO-XXOXXXX----OX------X---- O",
    ];
    for text in positions {
        let root = board(text);
        let limits = SearchLimits {
            depth: 9,
            exact_empties: 0,
            wld_empties: 0,
            probcut: false,
            ..SearchLimits::default()
        };
        let serial =
            Searcher::new(4).search(&root, &limits, crate::native_clock, None, &mut |_| {});
        for threads in [2, 3] {
            let mut searchers: Vec<Searcher> = (0..threads).map(|_| Searcher::new(4)).collect();
            let mut depths = Vec::new();
            let info = search_parallel(
                &root,
                &limits,
                &mut searchers,
                crate::native_clock,
                None,
                &mut |i| depths.push(i.kind),
            );
            assert_eq!(info.score, serial.score, "{text} on {threads} threads");
            assert_eq!(info.kind, ScoreKind::Midgame { depth: 9 });
            assert!(depths.len() >= 3, "one report an iteration: {depths:?}");
            // Its move is worth that value.
            let Move::Place(square) = info.best else {
                panic!("a placement")
            };
            let child = root.play_unchecked(square);
            let mut control = Control::unlimited();
            let (value, _) = Searcher::new(4).search_window(
                &child,
                8,
                (-INFINITY, INFINITY),
                false,
                true,
                &mut control,
            );
            assert_eq!(-value, serial.score, "{text}: {square}");
        }
    }
}

/// A position of 20 empties (FFO #26), black to move.
const TWENTY_EMPTIES: &str = "-OOOOO----OXXO---OOOOXXO-OOOXOXX-OOXOOXX-XOXXOXX--O-XXXX--O----O X";

#[test]
fn where_the_level_solves_the_mid_game_move_comes_first_then_the_plan_and_the_probes() {
    let root = board(TWENTY_EMPTIES);
    let limits = crate::Level::get(10).unwrap().limits(0.0, 1);
    let deadline = limits.deadline.unwrap();
    let mut search = SplitSearch::new(root, limits, 0.0);
    // The first helper: the mid-game iterations alone, to the depth the serial search makes before its
    // solve; the second: the solve's plan.
    let Some(Task::Search { limits: first, .. }) = search.next_task(0, 0.0) else {
        panic!("the mid-game iterations first");
    };
    assert_eq!((first.exact_empties, first.wld_empties), (0, 0));
    assert_eq!((first.depth, first.target), (14, None));
    let Some(Task::Plan { serial: plan, .. }) = search.next_task(1, 0.0) else {
        panic!("the plan next");
    };
    assert_eq!(
        search.next_task(2, 0.0),
        None,
        "nothing more before the plan"
    );
    // A lost plan is asked again; a plan of another position is not used.
    search.answer(plan, None, 0, 1.0);
    let Some(Task::Plan { serial: plan, .. }) = search.next_task(1, 1.0) else {
        panic!("the plan again");
    };
    let other = board(&TWENTY_EMPTIES.replace(" X", " O"));
    let tt = crate::TranspositionTable::new(1);
    let mut control = Control::unlimited();
    let wrong = Solver::new(&tt, &mut control).root_plan(&other);
    search.answer(plan, wrong.map(Answer::Plan), 0, 1.0);
    let Some(Task::Plan { serial: plan, .. }) = search.next_task(1, 1.0) else {
        panic!("the plan once more");
    };
    let plan_of_root = Solver::new(&tt, &mut control).root_plan(&root).unwrap();
    search.answer(plan, Some(Answer::Plan(plan_of_root.clone())), 0, 2.0);
    // Probes now, the first child's replies first; a lost probe goes out again.
    let Some(Task::Probe { serial, probe, .. }) = search.next_task(1, 2.0) else {
        panic!("a probe");
    };
    assert_eq!(probe.board, plan_of_root.replies[0]);
    assert!(search.wants(serial));
    search.answer(serial, None, 0, 3.0);
    let Some(Task::Probe { probe: again, .. }) = search.next_task(1, 3.0) else {
        panic!("the probe again");
    };
    assert_eq!(again.board, probe.board);
    // The mid-game move arrives: it is reported, and the search goes on with the solve.
    let info = SearchInfo {
        best: Move::Place("g2".parse().unwrap()),
        score: 6 * crate::DISC,
        kind: ScoreKind::Midgame { depth: 14 },
        pv: vec!["g2".parse().unwrap()],
        nodes: 10,
        millis: 4.0,
    };
    search.answer(
        FIRST,
        Some(Answer::Searched {
            info,
            order: vec![],
        }),
        10,
        4.0,
    );
    assert!(!search.finished());
    assert_eq!(search.take_reports().len(), 1);
    assert!(matches!(search.next_task(0, 4.0), Some(Task::Probe { .. })));
    // The solve cannot end in time: at the deadline the mid-game move is the answer.
    search.wake(deadline);
    assert!(search.finished());
    let result = search.result(deadline).unwrap();
    assert_eq!(result.kind, ScoreKind::Midgame { depth: 14 });
    assert!(search.running().iter().all(|&s| !search.wants(s)));
}

#[test]
fn what_one_helper_learns_in_a_child_reaches_the_other_with_its_next_child() {
    let root = board("--XXXX----XOOX--OOXOXOO-OOOXOX--OOXXXXO-O-OXXO----OOX----------- X");
    let limits = SearchLimits {
        depth: 10,
        exact_empties: 0,
        wld_empties: 0,
        ..SearchLimits::default()
    };
    let mut search = SplitSearch::new(root, limits, 0.0);
    let mut searchers = [Searcher::new(4), Searcher::new(4)];
    // Driven by hand, one task at a time: each helper's entries as it sent them, and the entries each
    // child's task carried.
    let mut sent: [Vec<SharedEntry>; 2] = [Vec::new(), Vec::new()];
    let mut carried = 0;
    let mut helper = 0;
    while !search.finished() {
        let task = search.next_task(helper, 0.0).or_else(|| {
            search
                .next_task(1 - helper, 0.0)
                .inspect(|_| helper = 1 - helper)
        });
        let Some(task) = task else { break };
        if let Task::Child { shared, .. } = &task {
            // Everything a task carries was learned by the other helper.
            for entry in shared {
                assert!(sent[1 - helper].contains(entry), "{entry:?}");
            }
            carried += shared.len();
        }
        let (answer, nodes) = task.run(&mut searchers[helper], crate::native_clock, None);
        if let Some(Answer::Child { learned, .. }) = &answer {
            sent[helper].extend_from_slice(learned);
        }
        search.answer(task.serial(), answer, nodes, 0.0);
        helper = 1 - helper;
    }
    assert!(search.finished());
    assert!(!sent[0].is_empty() && !sent[1].is_empty());
    assert!(carried > 0, "some entries reached the other helper");
}
