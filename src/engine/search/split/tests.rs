use super::*;

fn board(text: &str) -> Board {
    text.parse::<crate::engine::Position>().unwrap().board
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
        let serial = Searcher::new(4).search(
            &root,
            &limits,
            crate::engine::native_clock,
            None,
            &mut |_| {},
        );
        for threads in [2, 3] {
            let mut searchers: Vec<Searcher> = (0..threads).map(|_| Searcher::new(4)).collect();
            let mut depths = Vec::new();
            let info = search_parallel(
                &root,
                &limits,
                &mut searchers,
                crate::engine::native_clock,
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
