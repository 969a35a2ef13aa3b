//! The server's load benchmark (`reversi bench-server`): starts `reversi serve` as a child process on a
//! temporary database, opens N games of two simulated people each over loopback WebSockets, plays one move a
//! game every interval, and measures the move's round trip (sent to the mover's own state coming back, which
//! the server sends only after the move is committed), the server's CPU and memory, and the moves written a
//! second. Then it kills the server with SIGKILL in mid-play and counts the acknowledged moves missing from the
//! database (there must be none). A benchmark, not a test: it prints figures.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use reversi_protocol::{ClientMessage, CreateGame, Join, Seated, ServerMessage};
use serde::de::DeserializeOwned;
use serde::Serialize;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

use reversi_engine::{Game, Rng, Square};

/// What to run.
#[derive(Clone, Debug)]
pub struct Options {
    /// Games at once.
    pub games: usize,
    /// Seconds measured once every game is under way.
    pub seconds: u64,
    /// Seconds between two moves of one game.
    pub interval_s: f64,
}

/// One HTTP request with a JSON body over a fresh connection; the status, the answer's head (its status line
/// and headers) and its body.
pub async fn http_exchange(
    address: &str,
    method: &str,
    path: &str,
    body: &str,
) -> Result<(u16, String, String), String> {
    let mut stream = TcpStream::connect(address)
        .await
        .map_err(|e| e.to_string())?;
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream
        .write_all(request.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    let mut response = Vec::new();
    stream
        .read_to_end(&mut response)
        .await
        .map_err(|e| e.to_string())?;
    let text = String::from_utf8_lossy(&response);
    let status = text
        .get(9..12)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("not an HTTP answer: {text:.80}"))?;
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    Ok((status, head.to_string(), body.to_string()))
}

/// One HTTP request with a JSON body over a fresh connection; the status and the answer's text.
pub async fn http_json(
    address: &str,
    method: &str,
    path: &str,
    body: &impl Serialize,
) -> Result<(u16, String), String> {
    let body = serde_json::to_string(body).map_err(|e| e.to_string())?;
    let (status, _, text) = http_exchange(address, method, path, &body).await?;
    Ok((status, text))
}

/// An answer read as the protocol's `T`.
fn read<T: DeserializeOwned>(what: &str, status: u16, text: &str) -> Result<T, String> {
    serde_json::from_str(text).map_err(|e| format!("{what}: {status} {e}: {text:.200}"))
}

/// The server under test.
pub(crate) struct Server {
    pub(crate) child: Child,
    pub(crate) address: String,
    pub(crate) db: PathBuf,
    folder: PathBuf,
}

impl Server {
    pub(crate) fn start() -> Result<Server, String> {
        let folder = std::env::temp_dir().join(format!("reversi-bench-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&folder);
        std::fs::create_dir_all(&folder).map_err(|e| e.to_string())?;
        let db = folder.join("bench.db");
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut child = Command::new(exe)
            .args([
                "serve",
                "--listen",
                "127.0.0.1:0",
                "--max-connections-per-address",
                "1000000",
                "--db",
            ])
            .arg(&db)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start the server: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .map_err(|e| e.to_string())?;
        let address = line
            .trim()
            .strip_prefix("listening on http://")
            .ok_or_else(|| format!("the server said {line:?}"))?
            .to_string();
        Ok(Server {
            child,
            address,
            db,
            folder,
        })
    }

    /// User and system CPU seconds so far, and the resident and peak memory in KiB.
    pub(crate) fn usage(&self) -> (f64, u64, u64) {
        let pid = self.child.id();
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
        let fields: Vec<&str> = stat
            .rsplit_once(')')
            .map_or(vec![], |(_, rest)| rest.split_whitespace().collect());
        let ticks = |i: usize| {
            fields
                .get(i)
                .and_then(|f| f.parse::<f64>().ok())
                .unwrap_or(0.0)
        };
        let cpu = (ticks(11) + ticks(12)) / 100.0;
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let kib = |key: &str| {
            status
                .lines()
                .find(|l| l.starts_with(key))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
                .unwrap_or(0)
        };
        (cpu, kib("VmRSS:"), kib("VmHWM:"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.folder);
    }
}

/// What the players saw.
#[derive(Default)]
struct Tally {
    /// Round trips of moves acknowledged in the window, in microseconds.
    round_trips: Vec<u64>,
    /// Every acknowledged move: (game, ply, square index).
    acknowledged: Vec<(String, usize, usize)>,
    refused: usize,
}

struct Shared {
    tally: Mutex<Tally>,
    measuring: AtomicBool,
    stop: AtomicBool,
    started: AtomicUsize,
}

/// Creates a game and joins its second seat: the id and both tokens.
async fn new_game(address: &str) -> Result<(String, String, String), String> {
    let create = CreateGame {
        name: Some("bench".into()),
        color: Some("black".into()),
        ..CreateGame::default()
    };
    let (status, text) = http_json(address, "POST", "/api/games", &create).await?;
    if status != 201 {
        return Err(format!("create: {status} {text}"));
    }
    let created: Seated = read("create", status, &text)?;
    let join = Join {
        invite: created.invite.clone().unwrap_or_default(),
        name: Some("bench".into()),
    };
    let path = format!("/api/games/{}/join", created.id);
    let (status, text) = http_json(address, "POST", &path, &join).await?;
    if status != 200 {
        return Err(format!("join: {status} {text}"));
    }
    let joined: Seated = read("join", status, &text)?;
    Ok((created.id, created.token, joined.token))
}

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

async fn open(address: &str, id: &str, token: &str) -> Result<Socket, String> {
    let url = format!("ws://{address}/api/games/{id}/live");
    let (mut socket, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| e.to_string())?;
    // The seat says itself in its first message (never in the address).
    let seat = ClientMessage::Seat {
        token: token.to_string(),
    };
    let text = serde_json::to_string(&seat).map_err(|e| e.to_string())?;
    socket
        .send(Message::text(text))
        .await
        .map_err(|e| e.to_string())?;
    Ok(socket)
}

/// One simulated pair of people: games one after another, a move every `interval` by the side to move.
async fn players(
    address: String,
    shared: Arc<Shared>,
    interval: Duration,
    offset: Duration,
    seed: u64,
) {
    let mut rng = Rng::new(seed);
    let mut counted = false;
    tokio::time::sleep(offset).await;
    'games: while !shared.stop.load(Ordering::Relaxed) {
        let Ok((id, black_token, white_token)) = new_game(&address).await else {
            return;
        };
        let (Ok(mut black), Ok(mut white)) = (
            open(&address, &id, &black_token).await,
            open(&address, &id, &white_token).await,
        ) else {
            return;
        };
        if !counted {
            counted = true;
            shared.started.fetch_add(1, Ordering::Relaxed);
        }
        let mut game = Game::new();
        let mut tick = tokio::time::interval(interval);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if shared.stop.load(Ordering::Relaxed) {
                return;
            }
            if game.is_over() {
                continue 'games;
            }
            let moves: Vec<Square> = game.legal_moves().iter().collect();
            let square = moves[rng.below(moves.len() as u64) as usize];
            let ply = game.move_count();
            let mover_is_black = game.to_move() == reversi_engine::Color::Black;
            let (mover, other) = if mover_is_black {
                (&mut black, &mut white)
            } else {
                (&mut white, &mut black)
            };
            let message = serde_json::to_string(&ClientMessage::Move {
                square: square.to_string(),
                ply: Some(ply),
            })
            .expect("a message is always written");
            let sent = Instant::now();
            if mover.send(Message::text(message)).await.is_err() {
                return;
            }
            // Wait for the mover's own state with the move in it; drain the other socket meanwhile.
            let acknowledged = loop {
                tokio::select! {
                    message = mover.next() => match message {
                        Some(Ok(Message::Text(text))) => {
                            match serde_json::from_str::<ServerMessage>(text.as_str()) {
                                Ok(ServerMessage::State { game }) if game.ply == ply + 1 => break true,
                                Ok(ServerMessage::Error { .. }) => break false,
                                _ => {}
                            }
                        }
                        Some(Ok(_)) => {}
                        _ => return,
                    },
                    message = other.next() => if !matches!(message, Some(Ok(_))) { return },
                }
            };
            let round_trip = sent.elapsed();
            let mut tally = shared.tally.lock().expect("tally");
            if acknowledged {
                tally.acknowledged.push((id.clone(), ply, square.index()));
                if shared.measuring.load(Ordering::Relaxed) {
                    tally.round_trips.push(round_trip.as_micros() as u64);
                }
                drop(tally);
                game.play(square).expect("legal");
            } else {
                tally.refused += 1;
                continue 'games;
            }
        }
    }
}

pub(crate) fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// Runs the benchmark; returns its report.
pub fn run(options: Options) -> Result<String, String> {
    let mut server = Server::start()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let shared = Arc::new(Shared {
        tally: Mutex::new(Tally::default()),
        measuring: AtomicBool::new(false),
        stop: AtomicBool::new(false),
        started: AtomicUsize::new(0),
    });
    let interval = Duration::from_secs_f64(options.interval_s);
    let report = runtime.block_on(async {
        let ramp = Instant::now();
        for i in 0..options.games {
            // Spread the games' first moves over one interval.
            let offset = interval.mul_f64(i as f64 / options.games as f64);
            tokio::spawn(players(
                server.address.clone(),
                Arc::clone(&shared),
                interval,
                offset,
                0x5eed ^ (i as u64) << 17,
            ));
            if i % 50 == 49 {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        while shared.started.load(Ordering::Relaxed) < options.games {
            if ramp.elapsed() > Duration::from_secs(120) {
                return Err(format!(
                    "only {} of {} games started in 120 s",
                    shared.started.load(Ordering::Relaxed),
                    options.games
                ));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let ramp_s = ramp.elapsed().as_secs_f64();
        tokio::time::sleep(interval * 2).await;
        let (cpu_before, _, _) = server.usage();
        let moves_before = shared.tally.lock().expect("tally").acknowledged.len();
        shared.measuring.store(true, Ordering::Relaxed);
        let window = Instant::now();
        tokio::time::sleep(Duration::from_secs(options.seconds)).await;
        shared.measuring.store(false, Ordering::Relaxed);
        let window_s = window.elapsed().as_secs_f64();
        let (cpu_after, rss, peak) = server.usage();
        let moves_after = shared.tally.lock().expect("tally").acknowledged.len();
        // Kill in mid-play: moves are still being sent.
        tokio::time::sleep(interval / 3).await;
        server.child.kill().map_err(|e| e.to_string())?;
        let _ = server.child.wait();
        shared.stop.store(true, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_millis(200)).await;
        Ok((
            ramp_s,
            window_s,
            cpu_after - cpu_before,
            rss,
            peak,
            moves_after - moves_before,
        ))
    });
    let (ramp_s, window_s, cpu_s, rss, peak, window_moves) = report?;
    runtime.shutdown_timeout(Duration::from_secs(1));
    let tally = std::mem::take(&mut *shared.tally.lock().expect("tally"));
    let missing = missing_moves(&server.db, &tally.acknowledged)?;
    let mut round_trips = tally.round_trips.clone();
    round_trips.sort_unstable();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "games at once: {} (two sockets each), one move every {:.2} s a game; all started in {ramp_s:.1} s",
        options.games, options.interval_s
    );
    let _ = writeln!(
        out,
        "window: {window_s:.1} s, {window_moves} moves acknowledged ({:.0} moves written a second), {} refused",
        window_moves as f64 / window_s,
        tally.refused
    );
    let _ = writeln!(
        out,
        "move round trip (ms): p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2} ({} moves)",
        percentile(&round_trips, 0.5),
        percentile(&round_trips, 0.9),
        percentile(&round_trips, 0.99),
        percentile(&round_trips, 1.0),
        round_trips.len()
    );
    let _ = writeln!(
        out,
        "server CPU: {:.0}% of one core (user + system over the window); memory: {:.1} MiB resident, {:.1} MiB peak",
        100.0 * cpu_s / window_s,
        rss as f64 / 1024.0,
        peak as f64 / 1024.0
    );
    let _ = write!(
        out,
        "kill -9 in mid-play: {} moves acknowledged in all, {missing} missing from the database",
        tally.acknowledged.len()
    );
    Ok(out)
}

/// The acknowledged moves that the database does not hold.
fn missing_moves(db: &Path, acknowledged: &[(String, usize, usize)]) -> Result<usize, String> {
    let stored: HashMap<(String, usize), usize> = reversi_server::store::stored_moves(db)?
        .into_iter()
        .map(|(game, ply, square)| ((game, ply), square))
        .collect();
    Ok(acknowledged
        .iter()
        .filter(|(game, ply, square)| stored.get(&(game.clone(), *ply)) != Some(square))
        .count())
}
