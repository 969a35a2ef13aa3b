//! `reversi nboard` as a GUI sees it: a scripted session through the real binary's stdin and stdout.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `reversi nboard` on `script` and returns what it wrote (it must exit successfully).
fn session(script: &[u8]) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
        .arg("nboard")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start reversi nboard");
    child.stdin.take().unwrap().write_all(script).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout).unwrap()
}

#[test]
fn scripted_nboard_session_through_the_binary() {
    let script = "nboard 2\nset depth 3\n\
        set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n\
        move d6\nmove zz\ngo\nping 1\n";
    let text = session(script.as_bytes());
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "set myname Reversi");
    assert!(lines[1].starts_with("status bad move"), "{text}");
    assert!(lines[2].starts_with("=== "), "{text}");
    // Black to move after f5 d6: the answer is one of black's legal moves.
    let mv = lines[2][4..].split('/').next().unwrap();
    assert!(["C3", "C4", "C5", "C6", "C7"].contains(&mv), "{text}");
    assert_eq!(lines[3], "pong 1");
}

#[test]
fn bytes_that_are_not_utf8_get_a_status_line_and_the_session_goes_on() {
    let mut script: Vec<u8> = b"nboard 2\nset depth 2\nping 1\n\xff\xfe\n".to_vec();
    // A GGF with Latin-1 player names (J\xe9r\xf4me), then a move and a search in that game.
    script.extend_from_slice(
        b"set game (;GM[Othello]PB[J\xe9r\xf4me]PW[Zo\xe9]BO[8 ---------------------------O*------*O--------------------------- *]B[F5];)\n",
    );
    script.extend_from_slice(b"move d6\ngo\nping 2\n");
    let text = session(&script);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "set myname Reversi", "{text}");
    assert_eq!(lines[1], "pong 1", "{text}");
    assert!(lines[2].starts_with("status "), "{text}");
    // The Latin-1 game was read (with a note that it was not UTF-8): after f5 d6 it is black's move.
    assert_eq!(
        lines[3], "status the line is not UTF-8: read as Latin-1",
        "{text}"
    );
    assert!(lines[4].starts_with("=== "), "{text}");
    let mv = lines[4][4..].split('/').next().unwrap();
    assert!(["C3", "C4", "C5", "C6", "C7"].contains(&mv), "{text}");
    assert_eq!(lines[5], "pong 2", "{text}");
}
