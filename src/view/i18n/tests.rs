use super::*;
use crate::protocol::ScoreKind;
use crate::session::Settings;
use reversi_engine::Color;

#[test]
fn every_string_has_both_translations() {
    assert!(PAIRS.len() > 30);
    assert_eq!(EN.new_game, "New game");
    assert_eq!(ZH.new_game, "新游戏");
    for (e, z) in PAIRS {
        assert!(!e.is_empty() && !z.is_empty());
        assert_ne!(e, z, "untranslated: {e}");
        assert!(z.chars().any(|c| c as u32 > 0x2E80), "not Chinese: {z}");
    }
}

#[test]
fn the_result_says_where_the_empty_squares_went() {
    assert_eq!(
        empties_counted(Lang::En, 1, Some(Color::Black)),
        "1 empty square counted for Black"
    );
    assert_eq!(empties_counted(Lang::En, 3, None), "3 empty squares shared");
    assert_eq!(
        empties_counted(Lang::Zh, 2, Some(Color::White)),
        "2 个空格计入白方"
    );
    // The headline and the score read as the status line's result.
    assert_eq!(
        format!("{} 63–1", result_head(Lang::En, Some(Color::Black))),
        result(Lang::En, Some(Color::Black), 63, 1)
    );
    assert_eq!(
        format!("{} 32–32", result_head(Lang::Zh, None)),
        result(Lang::Zh, None, 32, 32)
    );
}

#[test]
fn figures_read_in_sensible_units_and_positions_by_move() {
    let stats = |nodes, millis| crate::protocol::SearchReport {
        best: reversi_engine::Move::Pass,
        score: 0,
        kind: ScoreKind::Exact,
        line: Vec::new(),
        nodes,
        millis,
    };
    assert_eq!(
        search_figures(Lang::En, &stats(193, 0), 1),
        "193 nodes in 0 ms, on one core"
    );
    assert_eq!(
        search_figures(Lang::En, &stats(3_604_000, 1_820), 2),
        "3.60 M nodes in 1.82 s (1.98 M nodes/s), on 2 threads"
    );
    assert_eq!(
        search_figures(Lang::En, &stats(48_200, 25), 1),
        "48.2 k nodes in 25 ms (1.93 M nodes/s), on one core"
    );
    assert_eq!(viewing(Lang::En, 0, Color::Black), "Start · Black to move");
    assert_eq!(viewing(Lang::En, 5, Color::White), "Move 5 · White to move");
    assert_eq!(viewing(Lang::Zh, 5, Color::White), "第 5 手 · 轮到白方");
    let squares: Vec<reversi_engine::Square> = (0..12)
        .map(|i| reversi_engine::Square::from_coords(i % 8, i / 8).unwrap())
        .collect();
    assert_eq!(line(&squares[..3]), "a1 b1 c1");
    assert_eq!(line(&squares), "a1 b1 c1 d1 e1 f1 g1 h1 a2 b2 …");
}

#[test]
fn messages_differ_by_language() {
    let settings = Settings::default();
    for color in [Color::Black, Color::White] {
        assert_ne!(to_move(Lang::En, color), to_move(Lang::Zh, color));
        assert_ne!(passed(Lang::En, color), passed(Lang::Zh, color));
        assert_ne!(thinking(Lang::En, color, 3), thinking(Lang::Zh, color, 3));
    }
    assert_ne!(mode(Lang::En, &settings), mode(Lang::Zh, &settings));
    assert_eq!(
        result(Lang::Zh, Some(Color::Black), 40, 24),
        "对局结束：黑方胜 40–24"
    );
    // Every value is for Black, whoever is to move: White 2.5 ahead is −2.5.
    assert_eq!(
        progress(
            Lang::En,
            Color::White,
            250,
            ScoreKind::Midgame { depth: 12 },
            "d3"
        ),
        "Thinking… depth 12, −2.5 (best so far d3)"
    );
    assert_eq!(
        progress(Lang::Zh, Color::Black, 400, ScoreKind::Exact, "d3"),
        "思考中… +4（精确）（目前最佳 d3）"
    );
    assert_eq!(
        hint(
            Lang::En,
            Color::White,
            "c4".parse().unwrap(),
            -1780,
            ScoreKind::Midgame { depth: 9 }
        ),
        "Hint: c4 — depth 9, +17.8"
    );
    assert_eq!(
        line_value(Lang::En, for_black(Color::White, 400), 0, true, None),
        "−4 · exact"
    );
    assert_eq!(black_value(Lang::En, -4.0, true), "−4 (exact)");
    assert_eq!(black_value(Lang::En, 0.0, false), "0.0");
    assert_eq!(black_value(Lang::En, 2.54, false), "+2.5");
    assert_eq!(
        average_losses(Lang::En, 1.94, 1.1),
        "Average loss per move: Black 1.9, White 1.1 discs"
    );
}

#[test]
fn engine_errors_are_translated() {
    let error = reversi_engine::Game::from_transcript("f5 a1").unwrap_err();
    assert_eq!(transcript_error(Lang::En, &error), error.to_string());
    assert_eq!(
        transcript_error(Lang::Zh, &error),
        "第 2 步：a1 不是白方的合法着法"
    );
    let error = "x".parse::<reversi_engine::Position>().unwrap_err();
    assert!(position_error(Lang::Zh, &error).contains("局面需要 64 个格子"));
}

#[test]
fn every_worker_error_is_worded_in_both_languages_with_no_english_in_chinese() {
    use crate::protocol::{DataFile, WorkerError};
    let square = "d3".parse().unwrap();
    let detail = || "bad magic number in header".to_string();
    let errors = [
        WorkerError::DataMissing {
            file: DataFile::Explorer,
            status: Some(404),
        },
        WorkerError::DataMissing {
            file: DataFile::Games,
            status: None,
        },
        WorkerError::DataCorrupt {
            file: DataFile::Puzzles,
            detail: detail(),
        },
        WorkerError::BadRequest { detail: detail() },
        WorkerError::NoLevel { level: 11 },
        WorkerError::TooDeep { depth: 12, max: 10 },
        WorkerError::IllegalMove { square },
        WorkerError::NoRandomStart {
            moves: 20,
            low: -2,
            high: 2,
        },
        WorkerError::NoPuzzle,
        WorkerError::IllegalAnswer {
            best: reversi_engine::Move::Place(square),
        },
        WorkerError::BadAnswer { detail: detail() },
        WorkerError::NotStarted,
        WorkerError::Unresponsive { tries: 3 },
    ];
    for error in &errors {
        let (en, zh) = (worker_error(Lang::En, error), worker_error(Lang::Zh, error));
        assert!(!en.contains("bad magic"), "a detail is not shown: {en}");
        assert_ne!(en, zh);
        // The Chinese words hold no Latin letters but a square's name.
        let latin = zh.replace("d3", "");
        assert!(
            !latin.chars().any(|c| c.is_ascii_alphabetic()),
            "English in the Chinese wording: {zh}"
        );
        let notice = notice(
            Lang::Zh,
            &crate::session::Notice::EngineError {
                error: error.clone(),
            },
        );
        assert!(
            !notice
                .replace("d3", "")
                .chars()
                .any(|c| c.is_ascii_alphabetic()),
            "{notice}"
        );
    }
}

#[test]
fn language_from_browser_tags() {
    assert_eq!(Lang::from_tag("zh-CN"), Lang::Zh);
    assert_eq!(Lang::from_tag("zh-Hans"), Lang::Zh);
    assert_eq!(Lang::from_tag("en-US"), Lang::En);
    assert_eq!(Lang::from_tag("fr"), Lang::En);
}
