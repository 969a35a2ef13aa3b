//! `reversi serve`: one port for the page, people's games, the bots' match-server socket and their
//! tournaments, every move kept in SQLite before it is acknowledged. The shape follows tokio's mini-redis: a
//! shared [`hub::Hub`] (the store, the bots, the games' handles), a task per connection and per game, and
//! commands sent to a game's task ([`table`]), which alone changes the game. The API is written down in
//! `docs/server.md`.

pub mod accounts;
pub mod bots;
pub mod closing;
pub mod error;
pub mod game;
pub mod hub;
pub mod ladder;
pub mod limits;
pub mod live;
pub mod lobby;
pub mod match_protocol;
pub mod pairing;
pub mod rating;
pub mod routes;
pub mod running;
pub mod store;
pub mod table;
pub mod tournament;

use std::net::SocketAddr;
use std::path::PathBuf;

use tokio::net::TcpListener;

/// How the server runs.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on (`127.0.0.1:8080`; port 0 for any free port).
    pub listen: String,
    /// The SQLite file (created with its folder on first start).
    pub db: PathBuf,
    /// The built page (Trunk's `dist/`), served at `/`.
    pub dist: Option<PathBuf>,
    /// Most open sockets one address may hold.
    pub per_address: usize,
}

/// Sockets one address may hold by default.
pub const DEFAULT_PER_ADDRESS: usize = 64;

/// The database file used when none is given: `$XDG_DATA_HOME/reversi/reversi.db`, or
/// `~/.local/share/reversi/reversi.db`, or `reversi-data/reversi.db` under the current folder.
pub fn default_db() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")));
    match base {
        Some(base) => base.join("reversi").join("reversi.db"),
        None => PathBuf::from("reversi-data").join("reversi.db"),
    }
}

/// Opens the store, resumes the unfinished games and serves until Ctrl-C (or SIGTERM). Prints
/// `listening on http://ADDRESS` once the port is open.
pub fn run(config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let listener = TcpListener::bind(&config.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.listen))?;
        let (store, loaded) = store::Store::open(&config.db)?;
        let hub = hub::Hub::start(store, loaded, config.per_address);
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        let app = routes::router(std::sync::Arc::clone(&hub), config.dist.clone());
        println!("listening on http://{address}");
        eprintln!(
            "[server] database {}; page {}; bots connect to ws://{address}/ws?name=NAME",
            config.db.display(),
            config
                .dist
                .as_ref()
                .map_or("not served (no --dist)".to_string(), |d| d
                    .display()
                    .to_string())
        );
        axum::serve(
            listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown({
            let hub = std::sync::Arc::clone(&hub);
            async move {
                shutdown().await;
                eprintln!("[server] shutting down");
                hub.close();
            }
        })
        .await
        .map_err(|e| e.to_string())?;
        // The sockets were told (each sends its close frame and ends); they are given a moment to.
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(3);
        while hub.connections.total() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
        // The writer commits what it holds: a write waited for commits every one queued before it.
        hub.store
            .write(store::Write::Alive(game::now_ms()))
            .await
            .map_err(|e| e.to_string())?;
        eprintln!("[server] stopped: every acknowledged move is stored");
        Ok(())
    })
}

async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(term) => term,
                Err(_) => return interrupt.await.unwrap_or(()),
            };
        tokio::select! {
            _ = interrupt => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = interrupt.await;
}
