//! The lobby: a signed-in page's socket (`/api/lobby/live`) on which it seeks a game or opens a challenge,
//! hears the open challenges and accepts one, and hears that it was paired; one task holds the seeks
//! ([`crate::pairing`]) and the challenges, pairs the seeks when one comes and every [`PAIRING_TICK`], and
//! tells every socket the challenges whenever they change. A seek and a challenge go with their socket: a page
//! closed seeks no more and its challenge is withdrawn. One seek or challenge an account at a time.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use reversi_engine::Color;
use reversi_protocol::{
    Category, ChallengeView, ClockSpec, LobbyMessage, LobbyRequest, Side, PROVISIONAL_DEVIATION,
};
use tokio::sync::mpsc;

use crate::error::ApiError;
use crate::game::{now_ms, side, Clock};
use crate::hub::{coin, new_id, Hub};
use crate::limits::{Held, RateLimit};
use crate::pairing::{pairs, range, Seeker};
use crate::rating::Rating;
use crate::store::accounts::AccountRow;

/// How often the seeks are paired again (their ranges widen meanwhile).
pub const PAIRING_TICK: Duration = Duration::from_millis(250);

/// An open challenge, as the lobby's task holds it.
#[derive(Clone, Debug)]
struct Challenge {
    id: String,
    socket: u64,
    account: i64,
    name: String,
    rating: Rating,
    clock: Clock,
    rated: bool,
    /// The challenger's colour (`None`: drawn).
    color: Option<Color>,
    min_rating: Option<u32>,
    max_rating: Option<u32>,
}

impl Challenge {
    fn view(&self) -> ChallengeView {
        ChallengeView {
            id: self.id.clone(),
            name: self.name.clone(),
            rating: self.rating.rating.round() as i32,
            provisional: self.rating.deviation > PROVISIONAL_DEVIATION,
            clock: ClockSpec {
                initial_s: self.clock.initial_ms as f64 / 1000.0,
                increment_s: self.clock.increment_ms as f64 / 1000.0,
            },
            category: pairing_category(self.clock),
            rated: self.rated,
            color: self.color.map(side),
            min_rating: self.min_rating,
            max_rating: self.max_rating,
        }
    }

    /// Whether `rating` may accept it.
    fn admits(&self, rating: f64) -> bool {
        let rating = rating.round();
        self.min_rating.is_none_or(|min| rating >= f64::from(min))
            && self.max_rating.is_none_or(|max| rating <= f64::from(max))
    }
}

/// What the lobby's task is told.
enum LobbyCommand {
    Seek(Seeker),
    Challenge(Challenge),
    Accept {
        socket: u64,
        account: i64,
        name: String,
        /// The accepter's ratings by category (a category missing: the start's).
        ratings: Vec<(Category, f64)>,
        id: String,
    },
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

type Senders = HashMap<u64, mpsc::UnboundedSender<LobbyMessage>>;

/// The lobby's state, in its task.
#[derive(Default)]
struct Rooms {
    seekers: Vec<Seeker>,
    challenges: Vec<Challenge>,
    sockets: Senders,
}

impl Rooms {
    fn tell(&self, socket: u64, message: LobbyMessage) {
        if let Some(to) = self.sockets.get(&socket) {
            let _ = to.send(message);
        }
    }

    fn listed(&self) -> LobbyMessage {
        LobbyMessage::Challenges {
            challenges: self.challenges.iter().map(Challenge::view).collect(),
        }
    }

    /// Every socket hears the challenges as they are now.
    fn broadcast(&self) {
        let message = self.listed();
        for to in self.sockets.values() {
            let _ = to.send(message.clone());
        }
    }

    /// Withdraws the seek and the challenge of a socket (or of another page of `account`); true when a
    /// challenge went.
    fn withdraw(&mut self, socket: u64, account: Option<i64>) -> bool {
        let mine = |s: u64, a: i64| s == socket || Some(a) == account;
        for old in self.seekers.iter().filter(|s| mine(s.socket, s.account)) {
            if old.socket != socket {
                self.tell(old.socket, LobbyMessage::Cancelled);
            }
        }
        self.seekers.retain(|s| !mine(s.socket, s.account));
        let before = self.challenges.len();
        for old in self.challenges.iter().filter(|c| mine(c.socket, c.account)) {
            if old.socket != socket {
                self.tell(old.socket, LobbyMessage::Cancelled);
            }
        }
        self.challenges.retain(|c| !mine(c.socket, c.account));
        self.challenges.len() != before
    }
}

/// A game between two accounts of the lobby: made through the hub, each side told its seat and token.
fn start_game(
    hub: Arc<Hub>,
    black: (String, i64, Option<mpsc::UnboundedSender<LobbyMessage>>),
    white: (String, i64, Option<mpsc::UnboundedSender<LobbyMessage>>),
    clock: Clock,
    rated: bool,
) {
    tokio::spawn(async move {
        let made = hub
            .create_paired((&black.0, black.1), (&white.0, white.1), clock, rated)
            .await;
        let answers = [
            (black.2, Side::Black, &white.0, made.as_ref().map(|m| &m.1)),
            (white.2, Side::White, &black.0, made.as_ref().map(|m| &m.2)),
        ];
        for (to, seat, opponent, token) in answers {
            let Some(to) = to else { continue };
            let message = match (&made, token) {
                (Ok((game, ..)), Ok(token)) => LobbyMessage::Paired {
                    game: game.clone(),
                    seat,
                    token: token.clone(),
                    opponent: opponent.clone(),
                },
                (Err(error), _) | (_, Err(error)) => error.body().into(),
            };
            let _ = to.send(message);
        }
    });
}

async fn run(hub: Weak<Hub>, mut received: mpsc::UnboundedReceiver<LobbyCommand>) {
    let mut rooms = Rooms::default();
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
                let _ = to.send(rooms.listed());
                rooms.sockets.insert(socket, to);
                continue;
            }
            Some(LobbyCommand::Gone { socket }) => {
                rooms.sockets.remove(&socket);
                // A challenge goes with its page.
                if rooms.withdraw(socket, None) {
                    rooms.broadcast();
                }
                continue;
            }
            Some(LobbyCommand::Cancel { socket }) => {
                let challenge_went = rooms.withdraw(socket, None);
                rooms.tell(socket, LobbyMessage::Cancelled);
                if challenge_went {
                    rooms.broadcast();
                }
                continue;
            }
            Some(LobbyCommand::Seek(seeker)) => {
                // One seek or challenge an account: a new one replaces the one before (from any page of it).
                if rooms.withdraw(seeker.socket, Some(seeker.account)) {
                    rooms.broadcast();
                }
                rooms.tell(
                    seeker.socket,
                    LobbyMessage::Seeking {
                        category: pairing_category(seeker.clock),
                        rated: seeker.rated,
                        range: range(0),
                    },
                );
                rooms.seekers.push(seeker);
            }
            Some(LobbyCommand::Challenge(challenge)) => {
                rooms.withdraw(challenge.socket, Some(challenge.account));
                rooms.tell(
                    challenge.socket,
                    LobbyMessage::Challenging {
                        id: challenge.id.clone(),
                    },
                );
                rooms.challenges.push(challenge);
                rooms.broadcast();
                continue;
            }
            Some(LobbyCommand::Accept {
                socket,
                account,
                name,
                ratings,
                id,
            }) => {
                let Some(at) = rooms.challenges.iter().position(|c| c.id == id) else {
                    rooms.tell(socket, ApiError::ChallengeGone.body().into());
                    continue;
                };
                let challenge = &rooms.challenges[at];
                let category = pairing_category(challenge.clock);
                let rating = ratings
                    .iter()
                    .find(|(c, _)| *c == category)
                    .map_or(crate::rating::START_RATING, |&(_, r)| r);
                if challenge.account == account || !challenge.admits(rating) {
                    rooms.tell(socket, ApiError::OutOfRange.body().into());
                    continue;
                }
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let challenge = rooms.challenges.remove(at);
                // The accepter's own seek or challenge goes too: it is playing now.
                rooms.withdraw(socket, Some(account));
                rooms.broadcast();
                let challenger = (
                    challenge.name.clone(),
                    challenge.account,
                    rooms.sockets.get(&challenge.socket).cloned(),
                );
                let accepter = (name, account, rooms.sockets.get(&socket).cloned());
                let challenger_black = match challenge.color {
                    Some(Color::Black) => true,
                    Some(Color::White) => false,
                    None => coin(),
                };
                let (black, white) = if challenger_black {
                    (challenger, accepter)
                } else {
                    (accepter, challenger)
                };
                start_game(hub, black, white, challenge.clock, challenge.rated);
                continue;
            }
            None => {}
        }
        let made = pairs(&rooms.seekers, now_ms());
        if made.is_empty() {
            continue;
        }
        let Some(hub) = hub.upgrade() else {
            return;
        };
        let paired: Vec<(Seeker, Seeker)> = made
            .iter()
            .map(|&(a, b)| (rooms.seekers[a].clone(), rooms.seekers[b].clone()))
            .collect();
        let gone: Vec<u64> = made
            .iter()
            .flat_map(|&(a, b)| [rooms.seekers[a].socket, rooms.seekers[b].socket])
            .collect();
        rooms.seekers.retain(|s| !gone.contains(&s.socket));
        for (a, b) in paired {
            let (black, white) = if coin() { (a, b) } else { (b, a) };
            let black_to = rooms.sockets.get(&black.socket).cloned();
            let white_to = rooms.sockets.get(&white.socket).cloned();
            start_game(
                Arc::clone(&hub),
                (black.name, black.account, black_to),
                (white.name, white.account, white_to),
                black.clock,
                black.rated,
            );
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
        LobbyRequest::Challenge {
            clock,
            rated,
            color,
            min_rating,
            max_rating,
        } => {
            let clock = crate::routes::clock_of(Some(clock))?
                .ok_or_else(|| ApiError::BadRequest("a challenge has a clock".into()))?;
            if let (Some(min), Some(max)) = (min_rating, max_rating) {
                if min > max {
                    return Err(ApiError::BadRequest(
                        "the range's lowest rating is above its highest".into(),
                    ));
                }
            }
            let rating = hub
                .store
                .rating(account.id, pairing_category(clock))
                .await?;
            hub.lobby.send(LobbyCommand::Challenge(Challenge {
                id: new_id(),
                socket,
                account: account.id,
                name: account.name.clone(),
                rating,
                clock,
                rated,
                color: color.map(|side| match side {
                    Side::Black => Color::Black,
                    Side::White => Color::White,
                }),
                min_rating,
                max_rating,
            }));
        }
        LobbyRequest::Accept { id } => {
            let ratings = hub
                .store
                .ratings(account.id)
                .await?
                .into_iter()
                .map(|r| (r.category, r.rating))
                .collect();
            hub.lobby.send(LobbyCommand::Accept {
                socket,
                account: account.id,
                name: account.name.clone(),
                ratings,
                id,
            });
        }
        LobbyRequest::Cancel => hub.lobby.send(LobbyCommand::Cancel { socket }),
    }
    Ok(())
}
