//! A bounded soak of `reversi serve`'s bot side (alone in its test binary, so that no other test shares the
//! cores with it): 14 engine bots and 2 misbehaving clients, 50 two-bot tournaments (100 games) started at
//! once. Every tournament ends with points that add up to 2, each misbehaving client loses its games against
//! engine bots, and the server still answers afterwards.

#[path = "common/server.rs"]
mod common;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{seed_bot, wait_for_bot, Server, TempDir};
use reversi_tools::bot::{run, BotConfig};
use serde_json::json;

#[test]
fn soak_fifty_matches_with_sixteen_clients() {
    let started = Instant::now();
    let dir = TempDir::new("soak");
    let server = Server::start(&dir.0.join("s.db"), &[]);
    let mut names: Vec<String> = (0..14).map(|i| format!("engine{i}")).collect();
    for name in &names {
        let config = BotConfig {
            url: format!("ws://{}/ws", server.addr),
            name: name.clone(),
            level: 2,
            move_time_ms: 300,
            swap_xy: false,
            token: None,
        };
        std::thread::spawn(move || run(config, Arc::new(AtomicBool::new(false))));
    }
    for (name, behaviour) in [
        ("rogue-illegal", "illegal"),
        ("rogue-malformed", "malformed"),
    ] {
        seed_bot(&server.addr, name, behaviour);
        names.push(name.to_string());
    }
    for name in &names {
        wait_for_bot(&server, name);
    }
    // 50 distinct pairs: each client against the next ones round the table.
    let n = names.len();
    let pairs: Vec<(usize, usize)> = (1..n)
        .flat_map(|gap| (0..n).map(move |a| (a, (a + gap) % n)))
        .take(50)
        .collect();
    let ids: Vec<String> = pairs
        .iter()
        .map(|&(a, b)| {
            let (status, created) = server.post(
                "/api/tournaments",
                None,
                json!({"bots": [names[a], names[b]]}),
            );
            assert_eq!(status, 201, "{created}");
            created["id"].as_str().unwrap().to_string()
        })
        .collect();
    assert!(
        server.get("/api/games")["games"].as_array().unwrap().len() > 10,
        "games being played are listed"
    );
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut games = 0;
    for (id, &(a, b)) in ids.iter().zip(&pairs) {
        let result = loop {
            let value = server.get(&format!("/api/tournaments/{id}"));
            if value["status"] == "finished" {
                break value;
            }
            assert!(
                Instant::now() < deadline,
                "{} vs {} never finished",
                names[a],
                names[b]
            );
            std::thread::sleep(Duration::from_millis(100));
        };
        let standings = result["standings"].as_array().unwrap();
        let points: f64 = standings
            .iter()
            .map(|s| s["points"].as_f64().unwrap())
            .sum();
        assert_eq!(points, 2.0, "{result}");
        let rogue_vs_engine = names[a].starts_with("rogue") != names[b].starts_with("rogue");
        for line in standings {
            if rogue_vs_engine && line["name"].as_str().unwrap().starts_with("rogue") {
                assert_eq!(line["points"], 0.0, "a rogue lost both: {result}");
            }
        }
        games += result["games"].as_array().unwrap().len();
    }
    assert_eq!(games, 100);
    assert_eq!(
        server.get("/api/health")["ok"],
        true,
        "the server still serves"
    );
    eprintln!(
        "soak: 50 tournaments, {games} games, 16 clients in {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
