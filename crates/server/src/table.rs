//! A game's task: the one owner of a [`LiveGame`]. Moves, resignations, rematches, seats claimed and sockets
//! opened arrive as [`Command`]s; each change is written to the store and committed before it is answered or
//! shown to anyone, then sent to every socket watching the game. The task also runs the clock (a flag falls
//! here) and asks the bots and house bots for their moves.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use reversi_protocol::{GameView, ServerMessage};
use tokio::sync::{broadcast, mpsc, oneshot, watch};

use crate::bots::{Bots, Forfeit};
use crate::error::ApiError;
use crate::game::{now_ms, GameRecord, LiveGame, Ms};
use crate::store::{Store, Write};
use reversi_engine::{Color, Square};

/// How long a finished game's task stays after its last command (for rematches and late watchers); after it,
/// the game is read from the store.
pub const LINGER: Duration = Duration::from_secs(600);

/// What a socket or a route asks of a game.
pub enum Command {
    /// A move by the seat holding `token`, made on ply `ply` when given.
    Move {
        token: String,
        square: Square,
        ply: Option<usize>,
        reply: oneshot::Sender<Result<GameView, ApiError>>,
    },
    /// The seat holding `token` resigns.
    Resign {
        token: String,
        reply: oneshot::Sender<Result<GameView, ApiError>>,
    },
    /// The seat holding `token` asks for (or agrees to) a rematch with colours swapped.
    Rematch {
        token: String,
        reply: oneshot::Sender<Result<GameView, ApiError>>,
    },
    /// Claims the open seat with its invitation; answers the seat's colour, its token and the game.
    Join {
        invite: String,
        name: String,
        reply: oneshot::Sender<Result<(Color, String, GameView), ApiError>>,
    },
    /// A socket opens, as the seat of `token` or as a watcher: answers its seat, the game now and the updates
    /// after it.
    Open {
        token: Option<String>,
        reply: oneshot::Sender<Result<Opened, ApiError>>,
    },
    /// A socket closes.
    Close { seat: Option<Color> },
    /// The game as shown.
    View { reply: oneshot::Sender<GameView> },
    /// A program's answer for ply `ply` (sent by the game's own ask).
    Program {
        ply: usize,
        result: Result<Square, Forfeit>,
    },
}

/// A socket's view of a game when it opens.
pub struct Opened {
    pub seat: Option<Color>,
    pub state: Arc<str>,
    pub updates: broadcast::Receiver<Arc<str>>,
}

/// How to reach a game's task.
#[derive(Clone)]
pub struct GameHandle {
    commands: mpsc::Sender<Command>,
    /// True once the game has a result.
    pub finished: watch::Receiver<bool>,
    /// The game as last shown (for the lists).
    pub latest: Arc<Mutex<GameView>>,
}

impl GameHandle {
    /// Sends a command and waits for its answer; `GameOver` if the task has ended meanwhile.
    pub async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<Result<T, ApiError>>) -> Command,
    ) -> Result<T, ApiError> {
        let (reply, answer) = oneshot::channel();
        self.commands
            .send(make(reply))
            .await
            .map_err(|_| ApiError::GameOver)?;
        answer.await.map_err(|_| ApiError::GameOver)?
    }

    /// The game as shown now.
    pub async fn view(&self) -> Option<GameView> {
        let (reply, answer) = oneshot::channel();
        self.commands.send(Command::View { reply }).await.ok()?;
        answer.await.ok()
    }

    /// Tells the game a socket closed (without waiting for the game to take it).
    pub fn close(&self, seat: Option<Color>) {
        let commands = self.commands.clone();
        tokio::spawn(async move {
            let _ = commands.send(Command::Close { seat }).await;
        });
    }
}

/// What a game's task tells the hub, its one way back to it (the table never calls the hub).
#[derive(Debug)]
pub enum TableEvent {
    /// The task has ended: the game is read from the store from now on.
    Ended {
        /// The game.
        id: String,
    },
    /// A rematch is agreed: the hub starts it and answers its id.
    Rematch {
        /// The finished game.
        game: Box<GameRecord>,
        /// The rematch's id, or why it could not be started.
        reply: oneshot::Sender<Result<String, ApiError>>,
    },
}

/// What a game's task is given: the store it writes to, the bots it asks, the shutdown it hears, and the
/// way to tell the hub.
#[derive(Clone)]
pub struct TableEnv {
    /// The store (a write is committed before it is answered).
    pub store: Store,
    /// The bots and house bots.
    pub bots: Arc<Bots>,
    /// True once the server shuts down.
    pub closing: watch::Receiver<bool>,
    /// To the hub.
    pub events: mpsc::UnboundedSender<TableEvent>,
}

/// Starts a game's task.
pub fn spawn(env: TableEnv, live: LiveGame) -> GameHandle {
    let (commands, receiver) = mpsc::channel(64);
    let (updates, _) = broadcast::channel(64);
    let finished = live.record.finish.is_some();
    let (finished_tx, finished_rx) = watch::channel(finished);
    let latest = Arc::new(Mutex::new(live.view(now_ms())));
    let table = Table {
        live,
        env,
        me: commands.clone(),
        updates,
        finished: finished_tx,
        latest: Arc::clone(&latest),
        asking: None,
    };
    tokio::spawn(table.run(receiver));
    GameHandle {
        commands,
        finished: finished_rx,
        latest,
    }
}

struct Table {
    live: LiveGame,
    env: TableEnv,
    me: mpsc::Sender<Command>,
    updates: broadcast::Sender<Arc<str>>,
    finished: watch::Sender<bool>,
    latest: Arc<Mutex<GameView>>,
    /// The ply a program is being asked about.
    asking: Option<usize>,
}

fn sleep_until_ms(at: Option<Ms>) -> tokio::time::Sleep {
    let wait = at.map_or(Duration::from_secs(86_400), |at| {
        Duration::from_millis((at - now_ms()).max(0) as u64)
    });
    tokio::time::sleep(wait)
}

impl Table {
    async fn run(mut self, mut commands: mpsc::Receiver<Command>) {
        let mut closing = self.env.closing.clone();
        loop {
            self.ask_program();
            let flag = self.live.flag_at();
            let over = self.live.record.finish.is_some();
            tokio::select! {
                command = commands.recv() => match command {
                    Some(command) => self.handle(command).await,
                    None => break,
                },
                () = sleep_until_ms(flag), if flag.is_some() => {
                    if let Some(color) = self.live.to_move() {
                        let finish = self.live.loss(color, "time", None, now_ms());
                        let _ = self.end(finish).await;
                    }
                }
                () = tokio::time::sleep(LINGER), if over => break,
                // The server shuts down: a command being handled was finished (its write committed) above.
                () = crate::closing::closed(&mut closing) => break,
            }
        }
        let _ = self.env.events.send(TableEvent::Ended {
            id: self.live.record.id.clone(),
        });
    }

    /// Asks the program to move, once a ply, from a task of its own (the game keeps answering meanwhile).
    fn ask_program(&mut self) {
        let Some(color) = self.live.to_move() else {
            return;
        };
        let seat = self.live.seat(color).clone();
        let ply = self.live.ply();
        if !seat.is_program() || self.asking == Some(ply) {
            return;
        }
        self.asking = Some(ply);
        let game = self.live.game().clone();
        let bots = Arc::clone(&self.env.bots);
        let me = self.me.clone();
        let id = self.live.record.id.clone();
        tokio::spawn(async move {
            let result = bots.ask(&seat, &id, ply, &game).await;
            let _ = me.send(Command::Program { ply, result }).await;
        });
    }

    /// Shows the game to every socket and to the lists.
    fn publish(&self) {
        let view = self.live.view(now_ms());
        *self.latest.lock().expect("latest") = view.clone();
        let message: Arc<str> = crate::live::written(&ServerMessage::State { game: view }).into();
        let _ = self.updates.send(message);
    }

    /// Writes the result, then shows it.
    async fn end(&mut self, finish: crate::game::Finish) -> Result<(), ApiError> {
        self.env
            .store
            .write(Write::Finish {
                game: self.live.record.id.clone(),
                finish: finish.clone(),
            })
            .await?;
        self.live.finish(finish);
        // A rated game's ratings changed with its result: the view shows by how much.
        if self
            .live
            .record
            .ranked
            .as_ref()
            .is_some_and(|r| r.rated.is_some())
        {
            if let Ok(Some(stored)) = self.env.store.game(self.live.record.id.clone()).await {
                self.live.record.ranked = stored.ranked;
            }
        }
        let _ = self.finished.send(true);
        self.publish();
        Ok(())
    }

    fn seat(&self, token: &str) -> Result<Color, ApiError> {
        self.live.seat_of(token).ok_or(ApiError::NotASeat)
    }

    /// Checks, writes and plays a move; ends the game on time if the mover's flag fell first.
    async fn play(
        &mut self,
        color: Color,
        square: Square,
        ply: Option<usize>,
    ) -> Result<GameView, ApiError> {
        let now = now_ms();
        let record = match self.live.check_move(color, square, ply, now) {
            Ok(record) => record,
            Err(ApiError::GameOver) if self.live.record.finish.is_none() => {
                let finish = self.live.loss(color, "time", None, now);
                self.end(finish).await?;
                return Err(ApiError::GameOver);
            }
            Err(error) => return Err(error),
        };
        let id = self.live.record.id.clone();
        self.env
            .store
            .write(Write::Move {
                game: id,
                ply: self.live.ply(),
                record,
            })
            .await?;
        match self.live.apply(record) {
            Some(finish) => self.end(finish).await?,
            None => self.publish(),
        }
        Ok(self.live.view(now_ms()))
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Move {
                token,
                square,
                ply,
                reply,
            } => {
                let result = match self.seat(&token) {
                    Ok(color) => self.play(color, square, ply).await,
                    Err(error) => Err(error),
                };
                let _ = reply.send(result);
            }
            Command::Program { ply, result } => {
                if self.live.ply() != ply || !self.live.is_running() {
                    return;
                }
                let color = self.live.game().to_move();
                let why = match result {
                    Ok(square) => match self.play(color, square, Some(ply)).await {
                        Ok(_) => return,
                        Err(ApiError::Storage(why)) => {
                            // Not the program's fault: asked again.
                            eprintln!("[server] game {}: {why}", self.live.record.id);
                            self.asking = None;
                            return;
                        }
                        Err(error) => error.to_string(),
                    },
                    Err(forfeit) => forfeit.to_string(),
                };
                if self.live.is_running() {
                    let name = self.live.seat(color).name();
                    let detail = Some(format!("{name}: {why}"));
                    let finish = self.live.loss(color, "forfeit", detail, now_ms());
                    let _ = self.end(finish).await;
                }
            }
            Command::Resign { token, reply } => {
                let result = async {
                    let color = self.seat(&token)?;
                    if self.live.record.finish.is_some() {
                        return Err(ApiError::GameOver);
                    }
                    if !self.live.is_running() {
                        return Err(ApiError::NotStarted);
                    }
                    let finish = self.live.loss(color, "resign", None, now_ms());
                    self.end(finish).await?;
                    Ok(self.live.view(now_ms()))
                }
                .await;
                let _ = reply.send(result);
            }
            Command::Rematch { token, reply } => {
                let result = self.rematch(&token).await;
                let _ = reply.send(result);
            }
            Command::Join {
                invite,
                name,
                reply,
            } => {
                let now = now_ms();
                let result = async {
                    let (color, record) = self.live.claim(&invite, &name, now)?;
                    self.env
                        .store
                        .write(Write::Claim {
                            game: record.id.clone(),
                            color,
                            name: name.clone(),
                            started_ms: now,
                        })
                        .await?;
                    self.live.claimed(record, now);
                    self.publish();
                    let token = self
                        .live
                        .seat(color)
                        .token()
                        .unwrap_or_default()
                        .to_string();
                    Ok((color, token, self.live.view(now)))
                }
                .await;
                let _ = reply.send(result);
            }
            Command::Open { token, reply } => {
                let seat = match token.as_deref().map(|t| self.seat(t)).transpose() {
                    Ok(seat) => seat,
                    Err(error) => {
                        let _ = reply.send(Err(error));
                        return;
                    }
                };
                match seat {
                    Some(Color::Black) => self.live.connected[0] += 1,
                    Some(Color::White) => self.live.connected[1] += 1,
                    None => self.live.watchers += 1,
                }
                // The others see the socket arrive; this one gets the same state once, then what follows.
                self.publish();
                let updates = self.updates.subscribe();
                let state: Arc<str> = crate::live::written(&ServerMessage::State {
                    game: self.live.view(now_ms()),
                })
                .into();
                let _ = reply.send(Ok(Opened {
                    seat,
                    state,
                    updates,
                }));
            }
            Command::Close { seat } => {
                let count = match seat {
                    Some(Color::Black) => &mut self.live.connected[0],
                    Some(Color::White) => &mut self.live.connected[1],
                    None => &mut self.live.watchers,
                };
                *count = count.saturating_sub(1);
                self.publish();
            }
            Command::View { reply } => {
                let _ = reply.send(self.live.view(now_ms()));
            }
        }
    }

    async fn rematch(&mut self, token: &str) -> Result<GameView, ApiError> {
        let color = self.seat(token)?;
        if self.live.record.finish.is_none() {
            return Err(ApiError::BadRequest("the game is not over".into()));
        }
        if self.live.record.rematch.is_none() {
            let other = color.opponent();
            if self.live.seat(other).is_program() || self.live.rematch_offer == Some(other) {
                let (reply, answer) = oneshot::channel();
                let asked = TableEvent::Rematch {
                    game: Box::new(self.live.record.clone()),
                    reply,
                };
                if self.env.events.send(asked).is_err() {
                    return Err(ApiError::Storage("the server is shutting down".into()));
                }
                let id = answer
                    .await
                    .map_err(|_| ApiError::Storage("the server is shutting down".into()))??;
                self.env
                    .store
                    .write(Write::Rematch {
                        game: self.live.record.id.clone(),
                        rematch: id.clone(),
                    })
                    .await?;
                self.live.record.rematch = Some(id);
                self.live.rematch_offer = None;
            } else {
                self.live.rematch_offer = Some(color);
            }
            self.publish();
        }
        Ok(self.live.view(now_ms()))
    }
}

#[cfg(test)]
mod tests;
