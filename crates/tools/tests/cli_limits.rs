//! The command line's limits and its behaviour on a closed pipe, through the real binary: every size and
//! depth has a stated maximum with a clear error, and nothing aborts.

use std::process::{Command, Output, Stdio};

fn reversi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_reversi"))
        .args(args)
        .output()
        .expect("run reversi")
}

fn refused(args: &[&str], says: &str) {
    let output = reversi(args);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(says), "{args:?}: {stderr}");
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
}

#[test]
fn sizes_and_depths_past_their_maximum_are_refused_with_a_reason() {
    refused(&["perft", "30"], "not in 0..=20");
    refused(&["perft", "4294967295"], "not in 0..=20");
    refused(&["perft", "-1"], "error");
    refused(
        &["match", "--level", "1", "--vs-level", "1", "--games", "0"],
        "not in 1..=100000",
    );
    refused(
        &[
            "match",
            "--level",
            "1",
            "--vs-level",
            "1",
            "--games",
            "18446744073709551615",
        ],
        "--games",
    );
    for size in ["0", "100000", "17592186044416", "99999999999999999999999"] {
        refused(
            &[
                "solve",
                "../engine/tests/data/fforum-20-39.obf",
                "--hash-mb",
                size,
            ],
            "--hash-mb",
        );
    }
    let dir = std::env::temp_dir().join(format!("reversi-cli-limits-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let start = dir.join("start.obf");
    std::fs::write(
        &start,
        "---------------------------OX------XO--------------------------- X;\n",
    )
    .unwrap();
    refused(&["solve", start.to_str().unwrap()], "60 empty squares");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_closed_output_pipe_ends_the_command_quietly() {
    let game = "f5f6e6f4g5d6e7g4f3h5e3d3h3h4h6d7c4g6c3g2g3f2e2c5d2d1b6b5h1h2e1c1c2f7a6a5a4b4g1b3a3b2c8d8c7c6a1b8e8g8a8f8h8f1b1a2g7a7b7h7";
    for args in [
        vec!["replay", game, "--json"],
        vec!["replay", game],
        vec!["perft", "8", "--divide"],
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_reversi"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start reversi");
        // The reader goes away before the command has written anything.
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("wait");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        #[cfg(unix)]
        {
            use std::os::unix::process::ExitStatusExt;
            assert_ne!(
                output.status.signal(),
                Some(6),
                "{args:?} aborted: {stderr}"
            );
        }
    }
}

#[test]
fn threads_are_bounded_and_a_parallel_solve_answers_like_the_serial_one() {
    refused(
        &[
            "solve",
            "../engine/tests/data/fforum-20-39.obf",
            "--threads",
            "0",
        ],
        "not in 1..=64",
    );
    refused(&["best", "--threads", "65"], "not in 1..=64");
    refused(&["best", "--hash-mb", "0"], "not in 1..=");
    // FFO #40 (20 empties): level 10 solves it exactly, on two threads as on one, in the page's table size.
    let ffo_40 = "O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X";
    for (threads, hash_mb) in [("1", "64"), ("2", "64"), ("1", "32")] {
        let output = reversi(&[
            "best",
            ffo_40,
            "--json",
            "--threads",
            threads,
            "--hash-mb",
            hash_mb,
        ]);
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(output.status.success(), "{stdout}");
        assert!(
            stdout.contains(r#""move":"a2","score":38.0,"kind":"exact""#),
            "{stdout}"
        );
    }
    // The parallel solve of a file: every score checked against the file.
    let output = reversi(&[
        "solve",
        "../engine/tests/data/fforum-20-39.obf",
        "--count",
        "4",
        "--threads",
        "2",
        "--hash-mb",
        "16",
    ]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    assert!(stdout.contains("4/4 correct"), "{stdout}");
}

/// `match --threads 64` under a 2 GiB address-space limit: the first engine's 64 threads share one table,
/// so the match fits.
#[test]
#[cfg(target_os = "linux")]
fn a_match_on_64_threads_runs_within_2_gib() {
    let command = format!(
        "ulimit -v 2097152 && exec '{}' match --level 10 --vs-level 1 --games 1 --threads 64 --move-time-ms 20",
        env!("CARGO_BIN_EXE_reversi")
    );
    let output = Command::new("sh")
        .args(["-c", &command])
        .output()
        .expect("run sh");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr),
    );
    assert!(output.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("level 10 vs level 1:"), "{stdout}");
}
