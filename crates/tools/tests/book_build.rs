//! `reversi book-build` through the real binary, on the six games of the WTHOR sample: the file it writes
//! is the same on every run, and every value in it is the negamax of the book's tree.

use std::collections::HashSet;
use std::path::PathBuf;
use std::process::Command;

use reversi_engine::book::Book;
use reversi_engine::explorer::{self, Key};
use reversi_engine::Position;

const SAMPLE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../engine/tests/data/wthor-sample.wtb"
);

/// Builds the sample's book (positions reached by 2 games in their first 8 moves, 5-ply searches) into
/// `name` in a fresh directory, and returns the file's bytes.
fn build(name: &str) -> Vec<u8> {
    let dir = std::env::temp_dir().join(format!("reversi-book-build-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out: PathBuf = dir.join(name);
    let output = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(["book-build", SAMPLE, "--min-games", "2", "--max-plies", "8"])
        .args(["--depth", "5", "--out"])
        .arg(&out)
        .output()
        .expect("run reversi");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{stderr}");
    assert!(stderr.contains("in the book"), "{stderr}");
    let bytes = std::fs::read(&out).unwrap();
    std::fs::remove_file(&out).unwrap();
    bytes
}

#[test]
fn the_book_is_the_same_on_every_build_and_its_values_are_the_trees_negamax() {
    let bytes = build("first.bin");
    assert_eq!(build("second.bin"), bytes, "two builds differ");
    let book = Book::read(&bytes).unwrap();
    assert!(book.len() >= 3, "{} positions", book.len());

    // Walk the tree from the start, each position in its canonical frame (the book's keys): a move that
    // leads to another book position is worth that position's best move, from the mover's side.
    let position = |(board, to_move): Key| Position { board, to_move };
    let mut seen = HashSet::new();
    let mut queue = vec![explorer::root()];
    let mut inner_moves = 0;
    while let Some(key) = queue.pop() {
        if !seen.insert(key) {
            continue;
        }
        let moves = book.moves(&position(key));
        assert!(
            !moves.is_empty(),
            "{}: reached, so in the book",
            position(key)
        );
        for book_move in moves {
            let next = explorer::child(&key, book_move.square).expect("book moves are legal");
            let replies = book.moves(&position(next));
            let Some(best) = replies.first() else {
                continue;
            };
            inner_moves += 1;
            let expected = if next.1 == key.1 {
                best.value
            } else {
                -best.value
            };
            assert_eq!(
                book_move.value,
                expected,
                "{} {}",
                position(key),
                book_move.square
            );
            queue.push(next);
        }
    }
    assert_eq!(
        seen.len(),
        book.len(),
        "every position is reached from the start"
    );
    assert!(inner_moves >= 2, "{inner_moves} moves inside the book");
}
