//! The server's shared state, as tokio's mini-redis keeps its `Db`: the store, the bots, the games being played
//! (each a task, reached through its [`GameHandle`]). Games are created here, and resumed here after a
//! restart (the tournaments are run from [`crate::running`]); the games' tasks tell the hub what happened
//! through a channel ([`TableEvent`]), never by calling it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use reversi_protocol::{GameSummary, GameView, Status};

use crate::accounts::Attempts;
use crate::bots::Bots;
use crate::error::{check_name, ApiError};
use crate::game::{now_ms, Clock, GameRecord, LiveGame, Player, Ranked, Seat};
use crate::limits::Connections;
use crate::lobby::Lobby;
use crate::store::{Loaded, Store, Write};
use crate::table::{spawn, GameHandle, TableEnv, TableEvent};
use reversi_protocol::Category;

/// The shared state.
pub struct Hub {
    pub store: Store,
    pub bots: Arc<Bots>,
    pub connections: Arc<Connections>,
    games: Mutex<HashMap<String, GameHandle>>,
    /// True once the server shuts down: every socket and game task hears it (see [`Hub::close`]).
    closing: tokio::sync::watch::Sender<bool>,
    /// The games' tasks tell the hub what happened here (see [`TableEvent`]).
    events: tokio::sync::mpsc::UnboundedSender<TableEvent>,
    /// Sign-in attempts, limited per name and per address.
    pub attempts: Attempts,
    /// The seeks of the lobby and their pairing.
    pub lobby: Lobby,
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
        let (events, mut told) = tokio::sync::mpsc::unbounded_channel();
        let hub = Arc::new_cyclic(|hub| Hub {
            bots: Bots::new(store.clone(), loaded.bots),
            store,
            connections: Connections::new(per_address),
            games: Mutex::new(HashMap::new()),
            closing: tokio::sync::watch::channel(false).0,
            events,
            attempts: Attempts::default(),
            lobby: Lobby::start(hub.clone()),
        });
        // What the games' tasks tell: a task ended, a rematch agreed.
        let listener = Arc::downgrade(&hub);
        tokio::spawn(async move {
            while let Some(event) = told.recv().await {
                let Some(hub) = listener.upgrade() else {
                    break;
                };
                match event {
                    TableEvent::Ended { id } => hub.forget(&id),
                    TableEvent::Rematch { game, reply } => {
                        // Answered from a task of its own: the hub keeps hearing its games meanwhile.
                        tokio::spawn(async move {
                            let _ = reply.send(hub.start_rematch(&game).await);
                        });
                    }
                }
            }
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
        tokio::spawn(crate::ladder::run(Arc::downgrade(&hub)));
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
        let env = TableEnv {
            store: self.store.clone(),
            bots: Arc::clone(&self.bots),
            closing: self.closing.subscribe(),
            events: self.events.clone(),
        };
        let handle = spawn(env, live);
        self.games.lock().expect("games").insert(id, handle.clone());
        handle
    }

    /// Drops a game's task from the table (it has ended; the game is read from the store from now on).
    pub fn forget(&self, id: &str) {
        self.games.lock().expect("games").remove(id);
    }

    /// The tasks of the games whose ids satisfy `wanted`.
    pub fn games_where(&self, wanted: impl Fn(&str) -> bool) -> Vec<GameHandle> {
        self.games
            .lock()
            .expect("games")
            .iter()
            .filter(|(id, _)| wanted(id))
            .map(|(_, h)| h.clone())
            .collect()
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
        let (black, white) = match color {
            reversi_engine::Color::Black => (me, other),
            reversi_engine::Color::White => (other, me),
        };
        // Against a friend the game starts when the invitation is claimed.
        let record = GameRecord {
            invite: invite.clone(),
            started_ms: invite.is_none().then_some(now),
            ..GameRecord::started(new_id(), black, white, clock, now)
        };
        let id = record.id.clone();
        self.create(record).await?;
        Ok((id, token, invite))
    }

    /// Starts the rematch of a finished game: colours swapped, the same clock and tokens; returns its id.
    pub async fn start_rematch(self: &Arc<Hub>, game: &GameRecord) -> Result<String, ApiError> {
        // Between accounts: the same kind of game, with the ratings as they stand now.
        let ranked = match &game.ranked {
            Some(ranked) => Some(
                self.ranked(
                    ranked.white.account,
                    ranked.black.account,
                    game.clock,
                    ranked.rated.is_some(),
                )
                .await?,
            ),
            None => None,
        };
        let record = GameRecord {
            rematch_of: Some(game.id.clone()),
            ranked,
            ..GameRecord::started(
                new_id(),
                game.white.clone(),
                game.black.clone(),
                game.clock,
                now_ms(),
            )
        };
        let id = record.id.clone();
        self.create(record).await?;
        Ok(id)
    }

    /// A game between two accounts: their ratings now in the clock's category, rated or casual.
    pub async fn ranked(
        &self,
        black: i64,
        white: i64,
        clock: Option<Clock>,
        rated: bool,
    ) -> Result<Ranked, ApiError> {
        let category = clock
            .map(|c| Category::of(c.initial_ms as f64 / 1000.0, c.increment_ms as f64 / 1000.0))
            .unwrap_or(Category::Classical);
        Ok(Ranked {
            black: Player {
                account: black,
                rating: self.store.rating(black, category).await?,
            },
            white: Player {
                account: white,
                rating: self.store.rating(white, category).await?,
            },
            rated: (rated && clock.is_some()).then_some(category),
            changes: None,
        })
    }

    /// A game between two accounts paired in the lobby: both seats taken, the game started; returns its id
    /// and the seats' tokens (Black's, White's).
    pub async fn create_paired(
        self: &Arc<Hub>,
        black: (&str, i64),
        white: (&str, i64),
        clock: Clock,
        rated: bool,
    ) -> Result<(String, String, String), ApiError> {
        let ranked = self.ranked(black.1, white.1, Some(clock), rated).await?;
        let (black_token, white_token) = (new_token(), new_token());
        let seat = |name: &str, token: &String| Seat::Human {
            name: Some(name.to_string()),
            token: token.clone(),
        };
        let record = GameRecord {
            ranked: Some(ranked),
            ..GameRecord::started(
                new_id(),
                seat(black.0, &black_token),
                seat(white.0, &white_token),
                Some(clock),
                now_ms(),
            )
        };
        let id = record.id.clone();
        self.create(record).await?;
        Ok((id, black_token, white_token))
    }

    /// What a socket or a game's task listens to for the server's shutdown (see [`crate::closing::closed`]).
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
}

#[cfg(test)]
mod tests;
