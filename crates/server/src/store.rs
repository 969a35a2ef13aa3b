//! The server's storage: one SQLite file, written by one thread. A write is acknowledged (its future resolves)
//! only once the transaction holding it has committed, in WAL mode with `synchronous = FULL`: the commit is on
//! the disk before a move is answered, so `kill -9` loses no acknowledged move (the load benchmark checks it),
//! nor does a power cut where the disk honours its flushes. The writer takes every write waiting when it wakes
//! into one transaction (group commit): writes that arrive together share one commit instead of one each.
//!
//! The schema is versioned by `PRAGMA user_version` and migrated forward at start ([`MIGRATIONS`]); a file
//! from a newer server is refused rather than misread.

use std::path::Path;
use std::sync::{mpsc, Arc, Mutex};

use rusqlite::{params, Connection, OptionalExtension};
use tokio::sync::oneshot;

use crate::error::ApiError;
use crate::game::{Clock, Finish, GameRecord, MoveRecord, Ms, Seat};
use crate::tournament::TournamentRecord;

pub mod accounts;
mod read;
pub use self::read::stored_moves;
use self::read::{load, read_game, read_tournament, tournament_row};
use reversi_engine::{Color, Square};

/// The schema, one step a version: `MIGRATIONS[i]` takes a file from version `i` to `i + 1`.
pub const MIGRATIONS: &[&str] = &[
    // 1: games, their moves, tournaments, the bots seen, the heartbeat.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        created_ms INTEGER NOT NULL,
        black_kind TEXT NOT NULL, black_name TEXT, black_token TEXT,
        white_kind TEXT NOT NULL, white_name TEXT, white_token TEXT,
        invite TEXT,
        clock_initial_ms INTEGER, clock_increment_ms INTEGER,
        started_ms INTEGER,
        finished_ms INTEGER, winner INTEGER, reason TEXT, detail TEXT,
        black_discs INTEGER, white_discs INTEGER,
        rematch_of TEXT, rematch TEXT, tournament TEXT
    );
    CREATE INDEX games_unfinished ON games (finished_ms) WHERE finished_ms IS NULL;
    CREATE INDEX games_tournament ON games (tournament) WHERE tournament IS NOT NULL;
    CREATE TABLE moves (
        game TEXT NOT NULL REFERENCES games (id),
        ply INTEGER NOT NULL,
        square INTEGER NOT NULL,
        at_ms INTEGER NOT NULL,
        black_ms INTEGER NOT NULL,
        white_ms INTEGER NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    CREATE TABLE tournaments (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        bots TEXT NOT NULL,
        finished_ms INTEGER
    );
    CREATE TABLE bots (name TEXT PRIMARY KEY, first_seen_ms INTEGER NOT NULL);
    CREATE TABLE heartbeat (id INTEGER PRIMARY KEY CHECK (id = 1), alive_ms INTEGER NOT NULL);",
    // 2: accounts (people's, and registered bots' with their author and the hash of their token), their
    // sessions (each kept as a hash of its cookie's id, never the id), their ratings per category and each
    // rated game's change, the registered bots' logs; a game between accounts names them, rated or not, with
    // their ratings when it began.
    "CREATE TABLE accounts (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
        password TEXT,
        created_ms INTEGER NOT NULL,
        deleted_ms INTEGER,
        kind TEXT NOT NULL DEFAULT 'person',
        owner INTEGER REFERENCES accounts (id),
        token TEXT
    );
    CREATE TABLE bot_log (
        game TEXT NOT NULL REFERENCES games (id),
        ply INTEGER NOT NULL,
        bot INTEGER NOT NULL REFERENCES accounts (id),
        sent TEXT NOT NULL,
        answer TEXT NOT NULL,
        ms INTEGER NOT NULL,
        verdict TEXT NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;
    CREATE TABLE sessions (
        hash TEXT PRIMARY KEY,
        account INTEGER NOT NULL REFERENCES accounts (id),
        created_ms INTEGER NOT NULL,
        expires_ms INTEGER NOT NULL
    );
    CREATE INDEX sessions_account ON sessions (account);
    CREATE TABLE ratings (
        account INTEGER NOT NULL REFERENCES accounts (id),
        category TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL,
        PRIMARY KEY (account, category)
    ) WITHOUT ROWID;
    CREATE INDEX ratings_board ON ratings (category, rating);
    CREATE TABLE rating_changes (
        game TEXT NOT NULL REFERENCES games (id),
        account INTEGER NOT NULL REFERENCES accounts (id),
        category TEXT NOT NULL,
        at_ms INTEGER NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        change INTEGER NOT NULL,
        PRIMARY KEY (game, account)
    );
    CREATE INDEX rating_changes_account ON rating_changes (account, at_ms);
    ALTER TABLE games ADD COLUMN black_account INTEGER REFERENCES accounts (id);
    ALTER TABLE games ADD COLUMN white_account INTEGER REFERENCES accounts (id);
    ALTER TABLE games ADD COLUMN rated TEXT;
    ALTER TABLE games ADD COLUMN black_rating REAL;
    ALTER TABLE games ADD COLUMN black_deviation REAL;
    ALTER TABLE games ADD COLUMN black_volatility REAL;
    ALTER TABLE games ADD COLUMN white_rating REAL;
    ALTER TABLE games ADD COLUMN white_deviation REAL;
    ALTER TABLE games ADD COLUMN white_volatility REAL;
    CREATE INDEX games_black_account ON games (black_account, created_ms) WHERE black_account IS NOT NULL;
    CREATE INDEX games_white_account ON games (white_account, created_ms) WHERE white_account IS NOT NULL;",
];

/// One write.
#[derive(Clone, Debug)]
pub enum Write {
    /// A new game (its seats, clock and links; no moves).
    Game(Box<GameRecord>),
    /// The open seat claimed: its name, and the game's start.
    Claim {
        game: String,
        color: Color,
        name: String,
        started_ms: Ms,
    },
    /// A placement: the game's `ply`-th (from 0).
    Move {
        game: String,
        ply: usize,
        record: MoveRecord,
    },
    /// The result.
    Finish { game: String, finish: Finish },
    /// The rematch of `game` is `rematch`.
    Rematch { game: String, rematch: String },
    /// A new tournament.
    Tournament(TournamentRecord),
    /// A tournament's last game ended.
    TournamentDone { id: String, finished_ms: Ms },
    /// A bot's name seen for the first time (kept if already there).
    BotSeen { name: String, at_ms: Ms },
    /// The server is alive now.
    Alive(Ms),
    /// Accounts and their sessions (see [`accounts::AccountWrite`]).
    Account(accounts::AccountWrite),
}

struct Job {
    write: Write,
    done: Option<oneshot::Sender<Result<(), String>>>,
}

/// What the file holds at start: the unfinished games and tournaments, the bots seen, the last heartbeat.
#[derive(Debug, Default)]
pub struct Loaded {
    pub games: Vec<GameRecord>,
    pub tournaments: Vec<TournamentRecord>,
    pub bots: Vec<(String, Ms)>,
    pub alive_ms: Option<Ms>,
}

/// The handle every task holds: writes go to the writer thread; reads use their own connection.
#[derive(Clone)]
pub struct Store {
    writes: mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
}

/// Opens a connection with the server's settings.
fn connect(path: &Path) -> rusqlite::Result<Connection> {
    let connection = Connection::open(path)?;
    connection.busy_timeout(std::time::Duration::from_secs(5))?;
    connection.pragma_update(None, "journal_mode", "WAL")?;
    connection.pragma_update(None, "synchronous", "FULL")?;
    connection.pragma_update(None, "foreign_keys", "ON")?;
    Ok(connection)
}

/// Brings a file to the newest schema; refuses one newer than this server.
pub fn migrate(connection: &mut Connection) -> Result<u32, String> {
    let version: u32 = connection
        .pragma_query_value(None, "user_version", |row| row.get(0))
        .map_err(|e| e.to_string())?;
    let newest = MIGRATIONS.len() as u32;
    if version > newest {
        return Err(format!(
            "the database is at schema version {version}, newer than this server's {newest}"
        ));
    }
    for (step, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
        let tx = connection.transaction().map_err(|e| e.to_string())?;
        tx.execute_batch(sql).map_err(|e| e.to_string())?;
        tx.pragma_update(None, "user_version", step as u32 + 1)
            .map_err(|e| e.to_string())?;
        tx.commit().map_err(|e| e.to_string())?;
    }
    Ok(newest)
}

impl Store {
    /// Opens (creating it and its folder on first start) and migrates the file; starts the writer thread.
    pub fn open(path: &Path) -> Result<(Store, Loaded), String> {
        if let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder)
                .map_err(|e| format!("cannot create {}: {e}", folder.display()))?;
        }
        let open = |path: &Path| connect(path).map_err(|e| format!("{}: {e}", path.display()));
        let mut writer = open(path)?;
        migrate(&mut writer).map_err(|e| format!("{}: {e}", path.display()))?;
        let reader = open(path)?;
        let loaded = load(&reader).map_err(|e| format!("{}: {e}", path.display()))?;
        let (writes, jobs) = mpsc::channel();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || write_loop(writer, jobs))
            .map_err(|e| e.to_string())?;
        Ok((
            Store {
                writes,
                reader: Arc::new(Mutex::new(reader)),
            },
            loaded,
        ))
    }

    /// Writes and waits for the commit.
    pub async fn write(&self, write: Write) -> Result<(), ApiError> {
        let (done, committed) = oneshot::channel();
        self.writes
            .send(Job {
                write,
                done: Some(done),
            })
            .map_err(|_| ApiError::Storage("the writer has stopped".into()))?;
        match committed.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(why)) => Err(ApiError::Storage(why)),
            Err(_) => Err(ApiError::Storage("the writer has stopped".into())),
        }
    }

    /// Writes without waiting (the heartbeat, a bot's first sighting).
    pub fn write_later(&self, write: Write) {
        let _ = self.writes.send(Job { write, done: None });
    }

    /// Reads a game (finished or not) as stored.
    pub async fn game(&self, id: String) -> Result<Option<GameRecord>, ApiError> {
        let reader = Arc::clone(&self.reader);
        tokio::task::spawn_blocking(move || {
            let connection = reader.lock().expect("reader");
            read_game(&connection, &id)
        })
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))?
        .map_err(|e| ApiError::Storage(e.to_string()))
    }

    /// Reads the games of a tournament, and the tournament.
    pub async fn tournament(
        &self,
        id: String,
    ) -> Result<Option<(TournamentRecord, Vec<GameRecord>)>, ApiError> {
        let reader = Arc::clone(&self.reader);
        tokio::task::spawn_blocking(move || {
            let connection = reader.lock().expect("reader");
            read_tournament(&connection, &id)
        })
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))?
        .map_err(|e| ApiError::Storage(e.to_string()))
    }

    /// The tournaments, newest first.
    pub async fn tournaments(&self) -> Result<Vec<TournamentRecord>, ApiError> {
        let reader = Arc::clone(&self.reader);
        tokio::task::spawn_blocking(move || {
            let connection = reader.lock().expect("reader");
            let mut statement = connection.prepare(
                "SELECT id, name, created_ms, bots, finished_ms FROM tournaments ORDER BY created_ms DESC LIMIT 100",
            )?;
            let rows = statement.query_map([], tournament_row)?;
            rows.collect::<rusqlite::Result<Vec<_>>>()
        })
        .await
        .map_err(|e| ApiError::Storage(e.to_string()))?
        .map_err(|e| ApiError::Storage(e.to_string()))
    }
}

/// The writer: waits for a write, takes every other one waiting, commits them in one transaction, answers.
fn write_loop(mut connection: Connection, jobs: mpsc::Receiver<Job>) {
    while let Ok(first) = jobs.recv() {
        let mut batch = vec![first];
        while batch.len() < 1024 {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let outcome = connection.transaction().and_then(|tx| {
            // A failed statement is rolled back alone; the others in the batch still commit.
            let results: Vec<Result<(), String>> = batch
                .iter()
                .map(|job| apply(&tx, &job.write).map_err(|e| e.to_string()))
                .collect();
            tx.commit().map(|()| results)
        });
        match outcome {
            Ok(results) => {
                for (job, result) in batch.into_iter().zip(results) {
                    if let Some(done) = job.done {
                        let _ = done.send(result);
                    }
                }
            }
            Err(error) => {
                eprintln!("[store] commit failed: {error}");
                for job in batch {
                    if let Some(done) = job.done {
                        let _ = done.send(Err(error.to_string()));
                    }
                }
            }
        }
    }
}

fn seat_columns(seat: &Seat) -> (&'static str, Option<String>, Option<String>) {
    match seat {
        Seat::Human { name, token } => ("human", name.clone(), Some(token.clone())),
        Seat::Bot { name } => ("bot", Some(name.clone()), None),
        Seat::House { level } => ("house", Some(level.to_string()), None),
    }
}

fn color_code(color: Option<Color>) -> i64 {
    match color {
        Some(Color::Black) => 1,
        Some(Color::White) => -1,
        None => 0,
    }
}

fn apply(tx: &rusqlite::Transaction, write: &Write) -> rusqlite::Result<()> {
    match write {
        Write::Game(game) => {
            let (bk, bn, bt) = seat_columns(&game.black);
            let (wk, wn, wt) = seat_columns(&game.white);

            tx.execute(
                "INSERT INTO games (id, created_ms, black_kind, black_name, black_token, white_kind, white_name,
                   white_token, invite, clock_initial_ms, clock_increment_ms, started_ms, rematch_of, tournament)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    game.id,
                    game.created_ms,
                    bk,
                    bn,
                    bt,
                    wk,
                    wn,
                    wt,
                    game.invite,
                    game.clock.map(|c| c.initial_ms),
                    game.clock.map(|c| c.increment_ms),
                    game.started_ms,
                    game.rematch_of,
                    game.tournament
                ],
            )?;
            accounts::insert_ranked(tx, game)?;
        }
        Write::Claim {
            game,
            color,
            name,
            started_ms,
        } => {
            let column = match color {
                Color::Black => "black_name",
                Color::White => "white_name",
            };
            let changed = tx.execute(
                &format!("UPDATE games SET {column} = ?2, invite = NULL, started_ms = ?3 WHERE id = ?1 AND invite IS NOT NULL"),
                params![game, name, started_ms],
            )?;
            if changed != 1 {
                return Err(rusqlite::Error::QueryReturnedNoRows);
            }
        }
        Write::Move { game, ply, record } => {
            tx.execute(
                "INSERT INTO moves (game, ply, square, at_ms, black_ms, white_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![
                    game,
                    *ply as i64,
                    record.square.index() as i64,
                    record.at_ms,
                    record.black_ms,
                    record.white_ms
                ],
            )?;
        }
        Write::Finish { game, finish } => {
            let changed = tx.execute(
                "UPDATE games SET finished_ms = ?2, winner = ?3, reason = ?4, detail = ?5, black_discs = ?6,
                   white_discs = ?7 WHERE id = ?1 AND finished_ms IS NULL",
                params![
                    game,
                    finish.at_ms,
                    color_code(finish.winner),
                    finish.reason,
                    finish.detail,
                    finish.black_discs,
                    finish.white_discs
                ],
            )?;
            if changed == 1 {
                accounts::rate(tx, game, finish)?;
            }
        }
        Write::Rematch { game, rematch } => {
            tx.execute(
                "UPDATE games SET rematch = ?2 WHERE id = ?1",
                params![game, rematch],
            )?;
        }
        Write::Tournament(t) => {
            tx.execute(
                "INSERT INTO tournaments (id, name, created_ms, bots) VALUES (?1, ?2, ?3, ?4)",
                params![
                    t.id,
                    t.name,
                    t.created_ms,
                    serde_json::to_string(&t.bots).expect("names serialise")
                ],
            )?;
        }
        Write::TournamentDone { id, finished_ms } => {
            tx.execute(
                "UPDATE tournaments SET finished_ms = ?2 WHERE id = ?1",
                params![id, finished_ms],
            )?;
        }
        Write::BotSeen { name, at_ms } => {
            tx.execute(
                "INSERT OR IGNORE INTO bots (name, first_seen_ms) VALUES (?1, ?2)",
                params![name, at_ms],
            )?;
        }
        Write::Alive(at_ms) => {
            tx.execute(
                "INSERT INTO heartbeat (id, alive_ms) VALUES (1, ?1)
                 ON CONFLICT (id) DO UPDATE SET alive_ms = excluded.alive_ms",
                params![at_ms],
            )?;
        }
        Write::Account(write) => accounts::apply(tx, write)?,
    }
    Ok(())
}

#[cfg(test)]
mod tests;
