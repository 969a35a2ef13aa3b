//! The bots: those connected to `/ws?name=NAME` (the match server's socket and messages, exactly, so that a bot
//! written for it connects unchanged), and the engine's own levels entered as house bots (`house-1` …
//! `house-10`). A game asks a bot for a move with [`Bots::ask`]; nothing a bot sends is trusted: a late answer
//! (over 3 s from the ACTION), a wrong key, a malformed message, coordinates that are not integers on the
//! board, an illegal move or a dropped connection loses the game.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use reversi_protocol::{BotEntry, BotKind};
use tokio::sync::{mpsc, oneshot};
use tokio::time::{timeout_at, Instant};

use crate::error::{check_name, ApiError};
use crate::game::{now_ms, Ms, Seat};
use crate::limits::RateLimit;
use crate::match_protocol::{action, ProtocolError, Reply};
use crate::store::{Store, Write};
use reversi_engine::{native_clock, Game, Level, Move, Searcher, Square, MAX_LEVEL};

/// Time a bot has to answer, from the ACTION sent.
pub const MOVE_LIMIT: Duration = Duration::from_secs(3);

/// How long a game waits for a bot that is not connected (it may be reconnecting) before it forfeits.
pub const RECONNECT_GRACE: Duration = Duration::from_secs(10);

/// How many keys of requests answered too late a connection remembers, to drop those answers when they come.
const STALE_KEYS: usize = 16;

/// The longest a house bot thinks.
const HOUSE_MOVE_MS: f64 = 1_500.0;

/// Why a bot lost a game without finishing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// No bot of that name connected within [`RECONNECT_GRACE`].
    NotConnected,
    /// No answer within [`MOVE_LIMIT`].
    TooLate,
    /// The connection closed or failed.
    Disconnected,
    /// The answer carried another request's key, or none.
    WrongKey,
    /// The answer was malformed or its move illegal.
    Reply(ProtocolError),
    /// The engine found no move (never expected: a house bot).
    NoMove,
}

impl std::fmt::Display for Forfeit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Forfeit::NotConnected => write!(f, "not connected"),
            Forfeit::TooLate => write!(f, "too late"),
            Forfeit::Disconnected => write!(f, "disconnected"),
            Forfeit::WrongKey => write!(f, "wrong or missing key"),
            Forfeit::Reply(error) => write!(f, "{error}"),
            Forfeit::NoMove => write!(f, "no move found"),
        }
    }
}

/// One request to a connected bot.
struct Ask {
    /// The game's id and its placements so far (for a registered bot's log).
    game_id: String,
    ply: usize,
    game: Game,
    reply: oneshot::Sender<Result<Square, Forfeit>>,
}

struct Connected {
    id: u64,
    asks: mpsc::UnboundedSender<Ask>,
    since_ms: Ms,
    /// A registered bot's account.
    account: Option<i64>,
}

/// The most of a bot's answer a log keeps.
const LOGGED_ANSWER_BYTES: usize = 1024;

/// The connected bots and the names seen.
pub struct Bots {
    connected: Mutex<HashMap<String, Connected>>,
    first_seen: Mutex<HashMap<String, Ms>>,
    next_id: AtomicU64,
    store: Store,
}

/// A connection's place in the registry, taken before the upgrade and given back when it closes.
pub struct Registration {
    id: u64,
    name: String,
    /// A registered bot's account (its games are logged for its author).
    account: Option<i64>,
    asks: mpsc::UnboundedReceiver<Ask>,
    bots: Arc<Bots>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        let mut connected = self.bots.connected.lock().expect("bots");
        if connected.get(&self.name).is_some_and(|c| c.id == self.id) {
            connected.remove(&self.name);
        }
    }
}

impl Bots {
    /// The registry, knowing when each stored name was first seen.
    pub fn new(store: Store, seen: Vec<(String, Ms)>) -> Arc<Bots> {
        Arc::new(Bots {
            connected: Mutex::new(HashMap::new()),
            first_seen: Mutex::new(seen.into_iter().collect()),
            next_id: AtomicU64::new(1),
            store,
        })
    }

    /// When a name was first seen (now, for one never seen).
    pub fn first_seen(&self, name: &str) -> Ms {
        self.first_seen
            .lock()
            .expect("seen")
            .get(name)
            .copied()
            .unwrap_or(Ms::MAX)
    }

    fn seen(&self, name: &str) {
        let mut seen = self.first_seen.lock().expect("seen");
        if !seen.contains_key(name) {
            let at_ms = now_ms();
            seen.insert(name.to_string(), at_ms);
            self.store.write_later(Write::BotSeen {
                name: name.to_string(),
                at_ms,
            });
        }
    }

    /// Takes `name` for a new connection, or refuses it: a bad name, a house bot's, or one connected already.
    /// `account`: the registered bot's, its token checked by the caller.
    pub fn register(
        self: &Arc<Bots>,
        name: &str,
        account: Option<i64>,
    ) -> Result<Registration, ApiError> {
        check_name(name)?;
        if house_level(name).is_some() {
            return Err(ApiError::NameTaken);
        }
        let mut connected = self.connected.lock().expect("bots");
        if connected.get(name).is_some_and(|c| !c.asks.is_closed()) {
            return Err(ApiError::NameTaken);
        }
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let (asks, receiver) = mpsc::unbounded_channel();
        connected.insert(
            name.to_string(),
            Connected {
                id,
                asks,
                since_ms: now_ms(),
                account,
            },
        );
        drop(connected);
        self.seen(name);
        Ok(Registration {
            id,
            name: name.to_string(),
            account,
            asks: receiver,
            bots: Arc::clone(self),
        })
    }

    /// The seat of a bot's name: a house bot, or a bot that is connected now.
    pub fn seat(&self, name: &str) -> Result<Seat, ApiError> {
        if let Some(level) = house_level(name) {
            self.seen(name);
            return Ok(Seat::House { level });
        }
        if self.connected.lock().expect("bots").contains_key(name) {
            Ok(Seat::Bot {
                name: name.to_string(),
            })
        } else {
            Err(ApiError::NotFound("bot"))
        }
    }

    /// The bots one can play or enter: the house bots, then the connected ones.
    pub fn list(&self) -> Vec<BotEntry> {
        let mut list: Vec<BotEntry> = (1..=MAX_LEVEL)
            .map(|level| BotEntry {
                name: format!("house-{level}"),
                kind: BotKind::House,
                level: Some(level),
                connected_since_ms: None,
            })
            .collect();
        let connected = self.connected.lock().expect("bots");
        let mut names: Vec<(&String, &Connected)> = connected.iter().collect();
        names.sort_by_key(|(name, c)| (c.since_ms, name.to_string()));
        list.extend(names.into_iter().map(|(name, c)| BotEntry {
            name: name.clone(),
            kind: BotKind::Bot,
            level: None,
            connected_since_ms: Some(c.since_ms),
        }));
        list
    }

    /// Asks the program on `seat` for its move in `game`, the game `game_id` at `ply` placements (the ACTION's
    /// `name` is the bot's).
    pub async fn ask(
        self: &Arc<Bots>,
        seat: &Seat,
        game_id: &str,
        ply: usize,
        game: &Game,
    ) -> Result<Square, Forfeit> {
        match seat {
            Seat::House { level } => house_move(*level, game.clone()).await,
            Seat::Bot { name } => self.ask_connected(name, game_id, ply, game).await,
            Seat::Human { .. } => Err(Forfeit::NotConnected),
        }
    }

    /// The registered bots connected now: name and account.
    pub fn registered(&self) -> Vec<(String, i64)> {
        let connected = self.connected.lock().expect("bots");
        let mut bots: Vec<(String, i64)> = connected
            .iter()
            .filter(|(_, c)| !c.asks.is_closed())
            .filter_map(|(name, c)| c.account.map(|a| (name.clone(), a)))
            .collect();
        bots.sort();
        bots
    }

    async fn ask_connected(
        &self,
        name: &str,
        game_id: &str,
        ply: usize,
        game: &Game,
    ) -> Result<Square, Forfeit> {
        let deadline = Instant::now() + RECONNECT_GRACE;
        let mut ask = Ask {
            game_id: game_id.to_string(),
            ply,
            game: game.clone(),
            reply: oneshot::channel().0,
        };
        loop {
            let sender = self
                .connected
                .lock()
                .expect("bots")
                .get(name)
                .map(|c| c.asks.clone());
            if let Some(sender) = sender {
                let (reply, answer) = oneshot::channel();
                ask.reply = reply;
                match sender.send(ask) {
                    Ok(()) => return answer.await.unwrap_or(Err(Forfeit::Disconnected)),
                    Err(mpsc::error::SendError(back)) => ask = back,
                }
            }
            if Instant::now() >= deadline {
                return Err(Forfeit::NotConnected);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

/// The level of a house bot's name (`house-1` … `house-10`).
pub fn house_level(name: &str) -> Option<u8> {
    let level: u8 = name.strip_prefix("house-")?.parse().ok()?;
    (1..=MAX_LEVEL)
        .contains(&level)
        .then_some(level)
        .filter(|l| name == format!("house-{l}"))
}

/// A house bot's move: the engine at `level`, at most [`HOUSE_MOVE_MS`], on a blocking thread.
async fn house_move(level: u8, game: Game) -> Result<Square, Forfeit> {
    tokio::task::spawn_blocking(move || {
        let level = Level::get(level).ok_or(Forfeit::NoMove)?;
        let position = game.position();
        let seed = position.black().0 ^ position.white().0.rotate_left(7) ^ now_ms() as u64;
        let mut limits = level.limits(native_clock(), seed);
        let cap = native_clock() + HOUSE_MOVE_MS;
        limits.deadline = Some(limits.deadline.map_or(cap, |d| d.min(cap)));
        let mut searcher = Searcher::new(4);
        let info = searcher.search(&position.board, &limits, native_clock, None, &mut |_| {});
        match info.best {
            Move::Place(square) if game.legal_moves().contains(square) => Ok(square),
            _ => Err(Forfeit::NoMove),
        }
    })
    .await
    .unwrap_or(Err(Forfeit::NoMove))
}

/// Serves one bot's socket until it closes: sends each ACTION, waits for its answer, and drops what the bot
/// sends between requests (a late answer, noise) under the rate limit. A registered bot's requests are logged
/// for its author: the ACTION, the answer, the time taken, the verdict.
pub async fn serve_bot(
    socket: WebSocket,
    mut registration: Registration,
    store: Store,
    mut closing: tokio::sync::watch::Receiver<bool>,
) {
    let name = registration.name.clone();
    eprintln!("[server] bot \"{name}\" connected");
    let (mut sink, mut stream) = socket.split();
    let mut stale: VecDeque<String> = VecDeque::new();
    let mut limit = RateLimit::default();
    let mut counter = 0u64;
    loop {
        tokio::select! {
            () = crate::closing::closed(&mut closing) => break,
            ask = registration.asks.recv() => {
                let Some(ask) = ask else { break };
                counter += 1;
                let key = format!("{:x}{:08x}", registration.id, counter ^ (now_ms() as u64 & 0xffff_ffff));
                let text = action(&name, &key, &ask.game);
                let text_sent = text.clone();
                if sink.send(Message::Text(text.into())).await.is_err() {
                    let _ = ask.reply.send(Err(Forfeit::Disconnected));
                    break;
                }
                let sent_at = Instant::now();
                let deadline = sent_at + MOVE_LIMIT;
                let mut answer = String::new();
                let result = loop {
                    match timeout_at(deadline, stream.next()).await {
                        Err(_) => {
                            if stale.len() == STALE_KEYS {
                                stale.pop_front();
                            }
                            stale.push_back(key.clone());
                            break Err(Forfeit::TooLate);
                        }
                        Ok(None | Some(Err(_)) | Some(Ok(Message::Close(_)))) => break Err(Forfeit::Disconnected),
                        Ok(Some(Ok(Message::Text(text)))) => {
                            answer = text.as_str().chars().take(LOGGED_ANSWER_BYTES).collect();
                            let reply = match Reply::parse(text.as_str()) {
                                Ok(reply) => reply,
                                Err(error) => break Err(Forfeit::Reply(error)),
                            };
                            let reply_key = reply.key.as_deref();
                            if let Some(i) = stale.iter().position(|k| Some(k.as_str()) == reply_key) {
                                // The late answer to an earlier request (that game is already lost): dropped.
                                stale.remove(i);
                                continue;
                            }
                            if reply_key != Some(key.as_str()) {
                                break Err(Forfeit::WrongKey);
                            }
                            break reply.square(&ask.game).map_err(Forfeit::Reply);
                        }
                        Ok(Some(Ok(_))) => continue,
                    }
                };
                let closed = result == Err(Forfeit::Disconnected);
                if let Some(bot) = registration.account {
                    store.write_later(Write::Account(crate::store::accounts::AccountWrite::BotLog {
                        game: ask.game_id.clone(),
                        ply: ask.ply as u32,
                        bot,
                        entry: reversi_protocol::BotLogEntry {
                            ply: ask.ply as u32,
                            sent: text_sent.clone(),
                            answer: answer.clone(),
                            ms: sent_at.elapsed().as_millis().min(u32::MAX as u128) as u32,
                            verdict: match &result {
                                Ok(_) => "ok".to_string(),
                                Err(forfeit) => forfeit.to_string(),
                            },
                        },
                    }));
                }
                let _ = ask.reply.send(result);
                if closed {
                    break;
                }
            }
            message = stream.next() => match message {
                None | Some(Err(_)) | Some(Ok(Message::Close(_))) => break,
                Some(Ok(_)) => {
                    if limit.allow(std::time::Instant::now()).is_err() && limit.exhausted() {
                        break;
                    }
                }
            },
        }
    }
    // However the loop ended, a socket the shutdown ends says so.
    if *closing.borrow() {
        let _ = sink.send(crate::closing::going_away()).await;
    }
    eprintln!("[server] bot \"{name}\" disconnected");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn house_names_are_exactly_house_1_to_10() {
        assert_eq!(house_level("house-1"), Some(1));
        assert_eq!(house_level("house-10"), Some(10));
        for name in [
            "house-0", "house-11", "house-01", "house-", "House-3", "house-3x",
        ] {
            assert_eq!(house_level(name), None, "{name}");
        }
    }
}
