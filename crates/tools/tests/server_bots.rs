//! `reversi serve` for bots, over loopback: the match server's socket and messages, `reversi bot` and a bot
//! written from the message format in the test, house bots, tournaments scored by hand, and clients that break
//! the rules (late, illegal, wrong key, malformed, string coordinates, gone) losing their games while the
//! server goes on. The bounded soak is in `server_soak.rs`.

#[path = "common/server.rs"]
mod common;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use common::{replay, seed_bot, wait_for_bot, Server, TempDir};
use reversi_tools::bot::{run, BotConfig};
use serde_json::{json, Value};

fn start_engine_bot(addr: &str, name: &str) {
    let config = BotConfig {
        url: format!("ws://{addr}/ws"),
        name: name.to_string(),
        level: 2,
        move_time_ms: 300,
        swap_xy: false,
        token: None,
    };
    std::thread::spawn(move || run(config, Arc::new(AtomicBool::new(false))));
}

/// Starts a tournament and waits for its end.
fn tournament(server: &Server, bots: &[&str], seconds: u64) -> Value {
    let (status, created) = server.post("/api/tournaments", None, json!({"bots": bots}));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    server.wait_for(&format!("/api/tournaments/{id}"), seconds, |t| {
        t["status"] == "finished"
    })
}

/// Connects seed bots, `(name, behaviour)`, one after the other (each is seen before the next connects).
fn connect_bots(server: &Server, bots: &[(&str, &'static str)]) {
    for &(name, behaviour) in bots {
        seed_bot(&server.addr, name, behaviour);
        wait_for_bot(server, name);
    }
}

fn line<'a>(result: &'a Value, name: &str) -> &'a Value {
    result["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {result}"))
}

#[test]
fn a_seed_bot_against_a_house_bot_and_reversi_bot_scored_by_hand() {
    let dir = TempDir::new("bots");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    seed_bot(&server.addr, "seedling", "good");
    start_engine_bot(&server.addr, "engine");
    wait_for_bot(&server, "seedling");
    wait_for_bot(&server, "engine");
    let result = tournament(&server, &["seedling", "house-2", "engine"], 120);
    let games = result["games"].as_array().unwrap();
    assert_eq!(games.len(), 6);
    // The standings recomputed by hand from the games: 1 a win, ½ a draw, the discs' margin.
    let mut points = std::collections::HashMap::<String, (f64, i64)>::new();
    for game in games {
        let moves = game["moves"].as_str().unwrap();
        let board = replay(moves);
        assert!(board.is_over(), "every game played out: {game}");
        assert_eq!(game["result"]["reason"], "score");
        let (b, w) = (
            game["result"]["black"].as_i64().unwrap(),
            game["result"]["white"].as_i64().unwrap(),
        );
        assert_eq!(
            (b, w),
            (board.counts().black as i64, board.counts().white as i64)
        );
        let (black, white) = (
            game["black"].as_str().unwrap(),
            game["white"].as_str().unwrap(),
        );
        let (pb, pw) = match b.cmp(&w) {
            std::cmp::Ordering::Greater => (1.0, 0.0),
            std::cmp::Ordering::Less => (0.0, 1.0),
            std::cmp::Ordering::Equal => (0.5, 0.5),
        };
        let e = points.entry(black.to_string()).or_default();
        e.0 += pb;
        e.1 += b - w;
        let e = points.entry(white.to_string()).or_default();
        e.0 += pw;
        e.1 += w - b;
    }
    for (name, (p, margin)) in &points {
        let line = line(&result, name);
        assert_eq!(line["points"].as_f64().unwrap(), *p, "{name}: {result}");
        assert_eq!(line["margin"].as_i64().unwrap(), *margin, "{name}");
        assert_eq!(line["played"], 4);
    }
    // Ranked by points, then margin.
    let standings = result["standings"].as_array().unwrap();
    for pair in standings.windows(2) {
        let key = |s: &Value| (s["points"].as_f64().unwrap(), s["margin"].as_i64().unwrap());
        assert!(key(&pair[0]) >= key(&pair[1]), "{result}");
    }
    // Each pair played twice, each side first once.
    for (a, b) in [
        ("seedling", "house-2"),
        ("seedling", "engine"),
        ("house-2", "engine"),
    ] {
        for (black, white) in [(a, b), (b, a)] {
            assert!(
                games
                    .iter()
                    .any(|g| g["black"] == black && g["white"] == white),
                "{black}-{white}"
            );
        }
    }
    // The list of tournaments has it; a finished game is watchable at its URL.
    let list = server.get("/api/tournaments");
    assert_eq!(list["tournaments"][0]["id"], result["id"]);
    let game = server.get(&format!("/api/games/{}", games[0]["id"].as_str().unwrap()));
    assert_eq!(game["status"], "finished");
}

#[test]
fn rule_breakers_lose_their_games_and_the_server_goes_on() {
    let dir = TempDir::new("rogues");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    connect_bots(
        &server,
        &[
            ("good", "good"),
            ("bad-illegal", "illegal"),
            ("bad-wrong-key", "wrong-key"),
            ("bad-malformed", "malformed"),
            ("bad-strings", "strings"),
            ("bad-disconnect", "disconnect"),
        ],
    );
    let names = [
        "good",
        "bad-illegal",
        "bad-wrong-key",
        "bad-malformed",
        "bad-strings",
        "bad-disconnect",
    ];
    let result = tournament(&server, &names, 120);
    let good = line(&result, "good");
    assert_eq!(
        (good["points"].as_f64(), good["wins"].as_u64()),
        (Some(10.0), Some(10)),
        "{result}"
    );
    // Every win by forfeit counts 64-0.
    assert_eq!(good["margin"], 640);
    assert_eq!(good["rank"], 1);
    for game in result["games"].as_array().unwrap() {
        assert_eq!(game["result"]["reason"], "forfeit", "{game}");
        let loser = if game["result"]["winner"] == "black" {
            &game["white"]
        } else {
            &game["black"]
        };
        let detail = game["result"]["detail"].as_str().unwrap();
        assert!(detail.starts_with(loser.as_str().unwrap()), "{game}");
    }

    // The server still serves.
    assert_eq!(server.get("/api/health")["ok"], true);
}

#[test]
fn late_answers_lose_and_ties_go_to_who_came_first() {
    let dir = TempDir::new("late");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    connect_bots(&server, &[("good", "good"), ("bad-illegal", "illegal")]);
    // Late answers: a bot over 3 s loses; its late answer, arriving during its next request, is dropped.
    // Points tie between `late` and `illegal` (each beats the other when the other moves first): the bot
    // seen first ranks first. By hand: good 4 (margin 256); late 1 (64 - 64 - 128 = -128); illegal 1 (-128).
    connect_bots(&server, &[("late", "late")]);
    let result = tournament(&server, &["good", "late", "bad-illegal"], 120);
    let summary: Vec<(String, f64, i64)> = result["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_string(),
                s["points"].as_f64().unwrap(),
                s["margin"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        vec![
            ("good".to_string(), 4.0, 256),
            ("bad-illegal".to_string(), 1.0, -128),
            ("late".to_string(), 1.0, -128),
        ],
        "bad-illegal connected before late: {result}"
    );
    let too_late = result["games"].as_array().unwrap().iter().filter(|g| {
        g["result"]["detail"]
            .as_str()
            .is_some_and(|d| d.starts_with("late: too late"))
    });
    assert_eq!(too_late.count(), 3, "{result}");
    // The server still serves.
    assert_eq!(server.get("/api/health")["ok"], true);
}

#[test]
fn one_late_answer_loses_one_game_only() {
    let dir = TempDir::new("late-once");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    connect_bots(&server, &[("steady", "good"), ("slow-once", "late-once")]);
    let result = tournament(&server, &["steady", "slow-once"], 60);
    let games = result["games"].as_array().unwrap();
    let reasons: Vec<&str> = games
        .iter()
        .map(|g| g["result"]["reason"].as_str().unwrap())
        .collect();
    assert_eq!(
        reasons.iter().filter(|r| **r == "forfeit").count(),
        1,
        "{result}"
    );
    assert_eq!(
        reasons.iter().filter(|r| **r == "score").count(),
        1,
        "{result}"
    );
}

#[test]
fn a_connected_name_cannot_be_taken_and_house_names_are_reserved() {
    let dir = TempDir::new("names");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let (first, _) = tungstenite::connect(format!("ws://{}/ws?name=owner", server.addr)).unwrap();
    for (name, status) in [
        ("owner", 409),
        ("house-3", 409),
        ("bad%20name", 400),
        ("", 400),
    ] {
        match tungstenite::connect(format!("ws://{}/ws?name={name}", server.addr)) {
            Err(tungstenite::Error::Http(response)) => {
                assert_eq!(response.status(), status, "{name}")
            }
            other => panic!("{name:?} was accepted: {:?}", other.map(|_| ())),
        }
    }
    // A request without the upgrade is refused.
    assert_eq!(server.http("GET", "/ws?name=sneaky", None, None).0, 400);
    // A tournament needs bots that are there.
    let (status, answer) = server.post(
        "/api/tournaments",
        None,
        json!({"bots": ["owner", "nobody"]}),
    );
    assert_eq!((status, answer["error"].as_str()), (404, Some("not_found")));
    let (status, _) = server.post(
        "/api/tournaments",
        None,
        json!({"bots": ["owner", "owner"]}),
    );
    assert_eq!(status, 400);
    // Once the owner has gone, its name is free again.
    drop(first);
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(tungstenite::connect(format!("ws://{}/ws?name=owner", server.addr)).is_ok());
}
