//! The server's shared state, as tokio's mini-redis keeps its `Db`: the store, the bots, the games being played
//! (each a task, reached through its [`GameHandle`]) and the tournaments running. Games and tournaments are
//! created here, and resumed here after a restart.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reversi_protocol::{
    GameSummary, GameView, Status, TournamentGame, TournamentStatus, TournamentView,
};

use crate::bots::Bots;
use crate::error::{check_name, ApiError};
use crate::game::{finish_view, now_ms, Clock, GameRecord, LiveGame, Seat};
use crate::limits::Connections;
use crate::store::{Loaded, Store, Write};
use crate::table::{spawn, GameHandle};
use crate::tournament::{pairings, standings, TournamentRecord, MAX_ENTRANTS};

/// The shared state.
pub struct Hub {
    pub store: Store,
    pub bots: Arc<Bots>,
    pub connections: Arc<Connections>,
    games: Mutex<HashMap<String, GameHandle>>,
    /// True once the server shuts down: every socket and game task hears it (see [`Hub::close`]).
    closing: tokio::sync::watch::Sender<bool>,
}

/// Resolves once the server shuts down (at once if it is already).
pub async fn closed(closing: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = closing.wait_for(|&closing| closing).await;
}

/// `bytes` random bytes from the operating system, in hex.
pub fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).expect("the operating system's random generator");
    buffer.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fair coin.
pub fn coin() -> bool {
    let mut byte = [0u8];
    getrandom::fill(&mut byte).expect("the operating system's random generator");
    byte[0] & 1 == 0
}

/// A seat's token: 128 random bits.
pub fn new_token() -> String {
    random_hex(16)
}

/// A game's or a tournament's id: 64 random bits (ids are public: a watch link is one).
pub fn new_id() -> String {
    random_hex(8)
}

/// How often the server writes that it is alive (what a restart charges to a clock, at most).
pub const HEARTBEAT: Duration = Duration::from_secs(1);

impl Hub {
    /// The hub over an opened store: every unfinished game resumed, every unfinished tournament watched again.
    pub fn start(store: Store, loaded: Loaded, per_address: usize) -> Arc<Hub> {
        let hub = Arc::new(Hub {
            bots: Bots::new(store.clone(), loaded.bots),
            store,
            connections: Connections::new(per_address),
            games: Mutex::new(HashMap::new()),
            closing: tokio::sync::watch::channel(false).0,
        });
        let now = now_ms();
        let mut resumed = 0;
        for record in loaded.games {
            match LiveGame::resume(record, now, loaded.alive_ms) {
                Ok(live) => {
                    hub.adopt(live);
                    resumed += 1;
                }
                Err(why) => eprintln!("[server] not resumed: {why}"),
            }
        }
        if resumed > 0 {
            eprintln!("[server] resumed {resumed} unfinished games");
        }
        for tournament in loaded.tournaments {
            hub.watch_tournament(tournament);
        }
        let heartbeat = hub.store.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(HEARTBEAT);
            loop {
                tick.tick().await;
                heartbeat.write_later(Write::Alive(now_ms()));
            }
        });
        hub
    }

    fn adopt(self: &Arc<Hub>, live: LiveGame) -> GameHandle {
        let id = live.record.id.clone();
        let handle = spawn(Arc::clone(self), live);
        self.games.lock().expect("games").insert(id, handle.clone());
        handle
    }

    /// Drops a game's task from the table (it has ended; the game is read from the store from now on).
    pub fn forget(&self, id: &str) {
        self.games.lock().expect("games").remove(id);
    }

    /// The task of a game being played (or just finished).
    pub fn game(&self, id: &str) -> Option<GameHandle> {
        self.games.lock().expect("games").get(id).cloned()
    }

    /// Stores a new game, then starts its task.
    pub async fn create(self: &Arc<Hub>, record: GameRecord) -> Result<GameHandle, ApiError> {
        self.store
            .write(Write::Game(Box::new(record.clone())))
            .await?;
        Ok(self.adopt(LiveGame::new(record, now_ms())))
    }

    /// A new game between people, or a person and a bot: `me` the creator's seat, `color` the creator's.
    pub async fn create_game(
        self: &Arc<Hub>,
        name: &str,
        color: reversi_engine::Color,
        clock: Option<Clock>,
        opponent: Option<Seat>,
    ) -> Result<(String, String, Option<String>), ApiError> {
        check_name(name)?;
        let now = now_ms();
        let token = new_token();
        let me = Seat::Human {
            name: Some(name.to_string()),
            token: token.clone(),
        };
        let (other, invite) = match opponent {
            Some(seat) => (seat, None),
            None => {
                let seat = Seat::Human {
                    name: None,
                    token: new_token(),
                };
                (seat, Some(new_token()))
            }
        };
        let started_ms = invite.is_none().then_some(now);
        let (black, white) = match color {
            reversi_engine::Color::Black => (me, other),
            reversi_engine::Color::White => (other, me),
        };
        let record = GameRecord {
            id: new_id(),
            created_ms: now,
            black,
            white,
            invite: invite.clone(),
            clock,
            started_ms,
            moves: Vec::new(),
            finish: None,
            rematch_of: None,
            rematch: None,
            tournament: None,
        };
        let id = record.id.clone();
        self.create(record).await?;
        Ok((id, token, invite))
    }

    /// Starts the rematch of a finished game: colours swapped, the same clock and tokens; returns its id.
    pub async fn start_rematch(self: &Arc<Hub>, game: &GameRecord) -> Result<String, ApiError> {
        let now = now_ms();
        let record = GameRecord {
            id: new_id(),
            created_ms: now,
            black: game.white.clone(),
            white: game.black.clone(),
            invite: None,
            clock: game.clock,
            started_ms: Some(now),
            moves: Vec::new(),
            finish: None,
            rematch_of: Some(game.id.clone()),
            rematch: None,
            tournament: None,
        };
        let id = record.id.clone();
        self.create(record).await?;
        Ok(id)
    }

    /// What a socket or a game's task listens to for the server's shutdown (see [`closed`]).
    pub fn closing(&self) -> tokio::sync::watch::Receiver<bool> {
        self.closing.subscribe()
    }

    /// The server shuts down: every socket sends its close frame (1001, going away) and ends, every game's
    /// task stops (no flag falls, no program is asked); a command already taken is finished first, so a move
    /// answered is a move committed.
    pub fn close(&self) {
        self.closing.send_replace(true);
    }

    /// A game as shown, being played or stored.
    pub async fn view(&self, id: &str) -> Result<GameView, ApiError> {
        if let Some(view) = match self.game(id) {
            Some(handle) => handle.view().await,
            None => None,
        } {
            return Ok(view);
        }
        let record = self
            .store
            .game(id.to_string())
            .await?
            .ok_or(ApiError::NotFound("game"))?;
        let live = LiveGame::resume(record, now_ms(), None).map_err(ApiError::Storage)?;
        Ok(live.view(now_ms()))
    }

    /// The games being played now (not finished), newest first, at most `limit`.
    pub fn playing(&self, limit: usize) -> Vec<GameSummary> {
        let handles: Vec<GameHandle> = self
            .games
            .lock()
            .expect("games")
            .values()
            .cloned()
            .collect();
        let mut games: Vec<GameSummary> = handles
            .iter()
            .map(|h| h.latest.lock().expect("latest").clone())
            .filter(|v| v.status == Status::Playing)
            .map(|v| GameSummary {
                id: v.id,
                black: v.black.name,
                white: v.white.name,
                ply: v.ply,
                tournament: v.tournament,
                created_ms: v.created_ms,
            })
            .collect();
        games.sort_by_key(|v| std::cmp::Reverse(v.created_ms));
        games.truncate(limit);
        games
    }

    /// Starts a round robin among `bots` (connected bots or house bots, 2 to [`MAX_ENTRANTS`], no name twice).
    pub async fn start_tournament(
        self: &Arc<Hub>,
        name: &str,
        bots: Vec<String>,
    ) -> Result<TournamentRecord, ApiError> {
        if !(2..=MAX_ENTRANTS).contains(&bots.len()) {
            return Err(ApiError::BadRequest(format!(
                "a tournament has 2 to {MAX_ENTRANTS} bots"
            )));
        }
        for (i, bot) in bots.iter().enumerate() {
            if bots[..i].contains(bot) {
                return Err(ApiError::BadRequest(format!("{bot} is entered twice")));
            }
        }
        if !name.is_empty() {
            check_name(name)?;
        }
        let seats = bots
            .iter()
            .map(|b| self.bots.seat(b).map(|s| (b.clone(), s)))
            .collect::<Result<HashMap<String, Seat>, ApiError>>()?;
        let now = now_ms();
        let tournament = TournamentRecord {
            id: new_id(),
            name: if name.is_empty() {
                "Round robin".to_string()
            } else {
                name.to_string()
            },
            created_ms: now,
            bots: bots.clone(),
            finished_ms: None,
        };
        self.store
            .write(Write::Tournament(tournament.clone()))
            .await?;
        for (i, (black, white)) in pairings(&bots).into_iter().enumerate() {
            let record = GameRecord {
                id: format!("{}-{}", tournament.id, i + 1),
                created_ms: now + i as i64,
                black: seats[&black].clone(),
                white: seats[&white].clone(),
                invite: None,
                clock: None,
                started_ms: Some(now),
                moves: Vec::new(),
                finish: None,
                rematch_of: None,
                rematch: None,
                tournament: Some(tournament.id.clone()),
            };
            self.create(record).await?;
        }
        self.watch_tournament(tournament.clone());
        Ok(tournament)
    }

    /// Waits for a tournament's games to end, then marks it finished.
    fn watch_tournament(self: &Arc<Hub>, tournament: TournamentRecord) {
        let prefix = format!("{}-", tournament.id);
        let handles: Vec<GameHandle> = self
            .games
            .lock()
            .expect("games")
            .iter()
            .filter(|(id, _)| id.starts_with(&prefix))
            .map(|(_, h)| h.clone())
            .collect();
        let store = self.store.clone();
        tokio::spawn(async move {
            for mut handle in handles {
                let _ = handle.finished.wait_for(|&done| done).await;
            }
            let _ = store
                .write(Write::TournamentDone {
                    id: tournament.id,
                    finished_ms: now_ms(),
                })
                .await;
        });
    }

    /// A tournament: its entrants' standings and its games.
    pub async fn tournament(&self, id: &str) -> Result<TournamentView, ApiError> {
        let (tournament, games) = self
            .store
            .tournament(id.to_string())
            .await?
            .ok_or(ApiError::NotFound("tournament"))?;
        let table = standings(&tournament.bots, |n| self.bots.first_seen(n), &games);
        let games: Vec<TournamentGame> = games
            .iter()
            .map(|g| {
                let live = self
                    .game(&g.id)
                    .map(|h| h.latest.lock().expect("latest").clone());
                TournamentGame {
                    id: g.id.clone(),
                    black: g.black.name(),
                    white: g.white.name(),
                    moves: live.map_or_else(
                        || g.moves.iter().map(|m| m.square.to_string()).collect(),
                        |v| v.moves,
                    ),
                    status: if g.finish.is_some() {
                        Status::Finished
                    } else {
                        Status::Playing
                    },
                    result: g.finish.as_ref().map(finish_view),
                }
            })
            .collect();
        Ok(TournamentView {
            id: tournament.id,
            name: tournament.name,
            bots: tournament.bots,
            created_ms: tournament.created_ms,
            finished_ms: tournament.finished_ms,
            status: if tournament.finished_ms.is_some() {
                TournamentStatus::Finished
            } else {
                TournamentStatus::Playing
            },
            standings: table,
            games,
        })
    }
}
