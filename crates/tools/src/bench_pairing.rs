//! Quick pairing under load (`reversi bench-server --pairing N`): starts `reversi serve` as a child on a
//! temporary database, signs up N accounts, gives them ratings spread as a club's are (written in the file, as
//! if each had played 20 rated games), opens N lobby sockets, then every player seeks the same rated clock at
//! once; it measures each player's time from its seek to its `paired` message, and the rating gaps of the pairs
//! made. A benchmark, not a test: it prints figures.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reversi_protocol::{Category, ClockSpec, Credentials, LobbyMessage, LobbyRequest};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;

use crate::bench_server::{percentile, Server};
use reversi_engine::Rng;

/// Signs up `name`; the session's cookie (`reversi_session=…`).
async fn sign_up(address: &str, name: &str) -> Result<String, String> {
    let body = serde_json::to_string(&Credentials {
        name: name.to_string(),
        password: format!("{name} password"),
    })
    .map_err(|e| e.to_string())?;
    let (_, text, _) =
        crate::bench_server::http_exchange(address, "POST", "/api/account", &body).await?;
    text.lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("set-cookie")
                .then(|| value.trim().split(';').next().unwrap_or("").to_string())
        })
        .ok_or_else(|| format!("sign-up of {name}: {text:.200}"))
}

/// A normal draw (Box–Muller) from the engine's generator.
fn normal(rng: &mut Rng) -> f64 {
    let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * (u.max(1e-12)).ln()).sqrt() * (2.0 * std::f64::consts::PI * v).cos()
}

/// One player: its socket opened, told to seek at `go`; its time from the seek to `paired`, and its game.
async fn player(
    address: String,
    cookie: String,
    ready: Arc<Semaphore>,
    go: Arc<tokio::sync::Notify>,
) -> Result<(Duration, String), String> {
    let mut request = format!("ws://{address}/api/lobby/live")
        .into_client_request()
        .map_err(|e| e.to_string())?;
    request.headers_mut().insert(
        "Cookie",
        cookie.parse().map_err(|_| "a cookie".to_string())?,
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(request)
        .await
        .map_err(|e| e.to_string())?;
    // The welcome, then wait for the start.
    socket.next().await;
    let notified = go.notified();
    ready.add_permits(1);
    notified.await;
    let seek = serde_json::to_string(&LobbyRequest::Seek {
        clock: ClockSpec {
            initial_s: 300.0,
            increment_s: 3.0,
        },
        rated: true,
    })
    .map_err(|e| e.to_string())?;
    let sent = Instant::now();
    socket
        .send(Message::text(seek))
        .await
        .map_err(|e| e.to_string())?;
    while let Some(message) = socket.next().await {
        let Ok(Message::Text(text)) = message else {
            continue;
        };
        match serde_json::from_str::<LobbyMessage>(text.as_str()) {
            Ok(LobbyMessage::Paired { game, .. }) => return Ok((sent.elapsed(), game)),
            Ok(LobbyMessage::Error { message, .. }) => return Err(message),
            _ => {}
        }
    }
    Err("the socket closed before pairing".into())
}

/// Runs the benchmark with `players` players; returns its report.
pub fn run(players: usize) -> Result<String, String> {
    let server = Server::start()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let address = server.address.clone();
    let started = Instant::now();
    let cookies = runtime.block_on(async {
        // Sign-ups hash their passwords (argon2id, 19 MiB each): a few at a time.
        let gate = Arc::new(Semaphore::new(4));
        let mut tasks = Vec::new();
        for i in 0..players {
            let (address, gate) = (address.clone(), Arc::clone(&gate));
            tasks.push(tokio::spawn(async move {
                let _permit = gate.acquire().await;
                sign_up(&address, &format!("p{i}")).await
            }));
        }
        let mut cookies = Vec::new();
        for task in tasks {
            cookies.push(task.await.map_err(|e| e.to_string())??);
        }
        Ok::<_, String>(cookies)
    })?;
    let signed_up_s = started.elapsed().as_secs_f64();
    // Ratings as a club's: mean 1500, spread 300, established (deviation 60).
    let mut rng = Rng::new(0x9a1e);
    let ratings: Vec<(String, f64, f64)> = (0..players)
        .map(|i| {
            (
                format!("p{i}"),
                (1500.0 + 300.0 * normal(&mut rng)).clamp(100.0, 3000.0),
                60.0,
            )
        })
        .collect();
    reversi_server::store::accounts::seed_ratings(&server.db, Category::Blitz, &ratings)?;
    let rating_of: std::collections::HashMap<String, f64> = ratings
        .iter()
        .map(|(name, rating, _)| (name.clone(), *rating))
        .collect();
    let (times, games, window_s, cpu_s) = runtime.block_on(async {
        let ready = Arc::new(Semaphore::new(0));
        let go = Arc::new(tokio::sync::Notify::new());
        let mut tasks = Vec::new();
        for cookie in cookies {
            tasks.push(tokio::spawn(player(
                address.clone(),
                cookie,
                Arc::clone(&ready),
                Arc::clone(&go),
            )));
        }
        let all = ready
            .acquire_many(players as u32)
            .await
            .map_err(|e| e.to_string())?;
        all.forget();
        let (cpu_before, _, _) = server.usage();
        let window = Instant::now();
        go.notify_waiters();
        let mut times = Vec::new();
        let mut games = Vec::new();
        let mut failed = 0;
        for task in tasks {
            match tokio::time::timeout(Duration::from_secs(60), task).await {
                Ok(Ok(Ok((time, game)))) => {
                    times.push(time.as_micros() as u64);
                    games.push(game);
                }
                _ => failed += 1,
            }
        }
        let window_s = window.elapsed().as_secs_f64();
        let (cpu_after, _, _) = server.usage();
        if failed > 0 {
            return Err(format!(
                "{failed} of {players} players were not paired within 60 s"
            ));
        }
        Ok((times, games, window_s, cpu_after - cpu_before))
    })?;
    // The pairs' rating gaps, read back from the games.
    let mut gaps = Vec::new();
    runtime.block_on(async {
        let mut seen = std::collections::HashSet::new();
        for game in &games {
            if !seen.insert(game.clone()) {
                continue;
            }
            let path = format!("/api/games/{game}");
            let (_, text) = crate::bench_server::http_json(&address, "GET", &path, &())
                .await
                .unwrap_or_default();
            if let Ok(view) = serde_json::from_str::<reversi_protocol::GameView>(&text) {
                if let (Some(b), Some(w)) = (
                    rating_of.get(&view.black.name),
                    rating_of.get(&view.white.name),
                ) {
                    gaps.push(((b - w).abs() * 1000.0) as u64);
                }
            }
        }
    });
    runtime.shutdown_timeout(Duration::from_secs(1));
    let mut times = times;
    times.sort_unstable();
    gaps.sort_unstable();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "players: {players} (ratings mean 1500, spread 300), signed up in {signed_up_s:.1} s; every one seeks rated 5+3 at once"
    );
    let _ = writeln!(
        out,
        "paired: {} players in {} games in {window_s:.2} s; server CPU {:.2} s",
        times.len(),
        gaps.len(),
        cpu_s
    );
    let _ = writeln!(
        out,
        "time from seek to paired (ms): p50 {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}",
        percentile(&times, 0.5),
        percentile(&times, 0.9),
        percentile(&times, 0.99),
        percentile(&times, 1.0)
    );
    let _ = write!(
        out,
        "rating gap of the pairs: median {:.1}, p90 {:.1}, max {:.1}",
        percentile(&gaps, 0.5),
        percentile(&gaps, 0.9),
        percentile(&gaps, 1.0)
    );
    Ok(out)
}
