//! The lobby: a signed-in page's socket (`/api/lobby/live`) on which it seeks a game and hears that it was
//! paired; one task holds the seeks ([`crate::pairing`]) and pairs them when a seek comes and every
//! [`PAIRING_TICK`]. A seek goes with its socket: a page closed seeks no more.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use reversi_protocol::{Category, LobbyMessage, LobbyRequest, Side};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::game::{now_ms, Clock};
use crate::hub::{coin, Hub};
use crate::limits::{Held, RateLimit};
use crate::pairing::{pairs, range, Seeker};
use crate::store::accounts::AccountRow;

/// How often the seeks are paired again (their ranges widen meanwhile).
pub const PAIRING_TICK: Duration = Duration::from_millis(250);

/// What the lobby's task is told.
enum LobbyCommand {
    Seek(Seeker),
    Cancel {
        socket: u64,
    },
    Open {
        socket: u64,
        to: mpsc::UnboundedSender<LobbyMessage>,
    },
    Gone {
        socket: u64,
    },
}

/// The lobby's handle, held by the hub.
pub struct Lobby {
    commands: mpsc::UnboundedSender<LobbyCommand>,
    next_socket: AtomicU64,
}

impl Lobby {
    /// Starts the lobby's task, which creates the paired games through the hub.
    pub fn start(hub: Weak<Hub>) -> Lobby {
        let (commands, received) = mpsc::unbounded_channel();
        tokio::spawn(run(hub, received));
        Lobby {
            commands,
            next_socket: AtomicU64::new(1),
        }
    }

    fn send(&self, command: LobbyCommand) {
        let _ = self.commands.send(command);
    }
}

fn pairing_category(clock: Clock) -> Category {
    Category::of(
        clock.initial_ms as f64 / 1000.0,
        clock.increment_ms as f64 / 1000.0,
    )
}

async fn run(hub: Weak<Hub>, mut received: mpsc::UnboundedReceiver<LobbyCommand>) {
    let mut seekers: Vec<Seeker> = Vec::new();
    let mut sockets: HashMap<u64, mpsc::UnboundedSender<LobbyMessage>> = HashMap::new();
    let mut tick = tokio::time::interval(PAIRING_TICK);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let command = tokio::select! {
            command = received.recv() => match command {
                Some(command) => Some(command),
                None => return,
            },
            _ = tick.tick() => None,
        };
        match command {
            Some(LobbyCommand::Open { socket, to }) => {
                sockets.insert(socket, to);
                continue;
            }
            Some(LobbyCommand::Gone { socket }) => {
                sockets.remove(&socket);
                seekers.retain(|s| s.socket != socket);
                continue;
            }
            Some(LobbyCommand::Cancel { socket }) => {
                seekers.retain(|s| s.socket != socket);
                if let Some(to) = sockets.get(&socket) {
                    let _ = to.send(LobbyMessage::Cancelled);
                }
                continue;
            }
            Some(LobbyCommand::Seek(seeker)) => {
                // One seek an account: a seek from another page of it replaces the one before.
                for old in seekers
                    .iter()
                    .filter(|s| s.account == seeker.account || s.socket == seeker.socket)
                {
                    if old.socket != seeker.socket {
                        if let Some(to) = sockets.get(&old.socket) {
                            let _ = to.send(LobbyMessage::Cancelled);
                        }
                    }
                }
                seekers.retain(|s| s.account != seeker.account && s.socket != seeker.socket);
                if let Some(to) = sockets.get(&seeker.socket) {
                    let _ = to.send(LobbyMessage::Seeking {
                        category: pairing_category(seeker.clock),
                        rated: seeker.rated,
                        range: range(0),
                    });
                }
                seekers.push(seeker);
            }
            None => {}
        }
        let made = pairs(&seekers, now_ms());
        if made.is_empty() {
            continue;
        }
        let Some(hub) = hub.upgrade() else {
            return;
        };
        let mut paired = Vec::new();
        for (a, b) in &made {
            paired.push((seekers[*a].clone(), seekers[*b].clone()));
        }
        let gone: Vec<u64> = made
            .iter()
            .flat_map(|&(a, b)| [seekers[a].socket, seekers[b].socket])
            .collect();
        seekers.retain(|s| !gone.contains(&s.socket));
        for (a, b) in paired {
            let (black, white) = if coin() { (a, b) } else { (b, a) };
            let black_to = sockets.get(&black.socket).cloned();
            let white_to = sockets.get(&white.socket).cloned();
            let hub = Arc::clone(&hub);
            tokio::spawn(async move {
                let made = hub
                    .create_paired(
                        (&black.name, black.account),
                        (&white.name, white.account),
                        black.clock,
                        black.rated,
                    )
                    .await;
                let answers = [
                    (black_to, Side::Black, &white.name, 0),
                    (white_to, Side::White, &black.name, 1),
                ];
                for (to, seat, opponent, which) in answers {
                    let Some(to) = to else { continue };
                    let message = match &made {
                        Ok((game, black_token, white_token)) => LobbyMessage::Paired {
                            game: game.clone(),
                            seat,
                            token: if which == 0 {
                                black_token.clone()
                            } else {
                                white_token.clone()
                            },
                            opponent: opponent.clone(),
                        },
                        Err(error) => error.body().into(),
                    };
                    let _ = to.send(message);
                }
            });
        }
    }
}

/// Serves a signed-in page's lobby socket.
pub async fn serve_lobby(
    socket: WebSocket,
    hub: Arc<Hub>,
    account: AccountRow,
    held: Held,
    mut closing: tokio::sync::watch::Receiver<bool>,
) {
    let lobby = &hub.lobby;
    let id = lobby.next_socket.fetch_add(1, Ordering::Relaxed);
    let (to, mut outgoing) = mpsc::unbounded_channel();
    lobby.send(LobbyCommand::Open { socket: id, to });
    let (mut sink, mut stream) = socket.split();
    let welcome = match hub.store.ratings(account.id).await {
        Ok(ratings) => LobbyMessage::Welcome {
            account: reversi_protocol::AccountView {
                name: account.name.clone(),
                ratings,
            },
        },
        Err(error) => error.body().into(),
    };
    let mut limit = RateLimit::new(std::time::Instant::now());
    let mut open = sink.send(text(&welcome)).await.is_ok();
    while open {
        tokio::select! {
            message = outgoing.recv() => match message {
                Some(message) => open = sink.send(text(&message)).await.is_ok(),
                None => break,
            },
            incoming = stream.next() => match incoming {
                Some(Ok(Message::Text(body))) => {
                    let answer = match limit.allow(std::time::Instant::now()) {
                        Ok(()) => asked(&hub, &account, id, body.as_str()).await.err(),
                        Err(error) => Some(error),
                    };
                    if let Some(error) = answer {
                        open = sink.send(text(&error.body().into())).await.is_ok();
                    }
                }
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                Some(Ok(_)) => {}
            },
            _ = crate::closing::closed(&mut closing) => {
                let _ = sink.send(crate::closing::going_away()).await;
                break;
            }
        }
    }
    lobby.send(LobbyCommand::Gone { socket: id });
    let _ = sink.close().await;
    drop(held);
}

fn text(message: &LobbyMessage) -> Message {
    Message::Text(
        serde_json::to_string(message)
            .expect("a message is always written")
            .into(),
    )
}

/// A page's lobby message, acted on.
async fn asked(hub: &Hub, account: &AccountRow, socket: u64, body: &str) -> Result<(), ApiError> {
    let request: LobbyRequest = serde_json::from_str(body)
        .map_err(|e| ApiError::BadRequest(format!("not a message of the lobby: {e}")))?;
    match request {
        LobbyRequest::Seek { clock, rated } => {
            let clock = crate::routes::clock_of(Some(clock))?
                .ok_or_else(|| ApiError::BadRequest("a seek has a clock".into()))?;
            let rating = hub
                .store
                .rating(account.id, pairing_category(clock))
                .await?;
            hub.lobby.send(LobbyCommand::Seek(Seeker {
                socket,
                account: account.id,
                name: account.name.clone(),
                rating: rating.rating,
                clock,
                rated,
                since: now_ms(),
            }));
        }
        LobbyRequest::Cancel => hub.lobby.send(LobbyCommand::Cancel { socket }),
    }
    Ok(())
}
