//! Online play: a game on `reversi serve` with a friend, a bot or the server's engine, or watched. This part
//! owns the link to one game (its seat and token, the socket's state, the game as the server last showed it)
//! and the lobby; it is a third channel beside the engine's, on the same rule: an action returns the network
//! commands it wants carried out ([`NetCommand`], through the session's outbox), and every answer comes home
//! as an action ([`OnlineAction::Fetched`], [`OnlineAction::Socket`]). What the board must do (show the
//! server's moves, take a new game) it returns as [`Event`]s for the session's root.
//!
//! The server is the truth: the board follows its moves; a move the person makes is shown at once and sent
//! with the ply it was made on, and a refusal puts the board back to the server's game. A socket that closes
//! is opened again with backoff ([`retry_delay_ms`]); while it is closed a move is refused with a word, never
//! lost.

pub mod account;
mod action;
pub mod address;
pub mod lobby;
pub mod presence;
pub mod wire;

use self::account::Account;
pub use self::action::{Event, NewOnline, OnlineAction, OnlineNotice, Reply, Server, SocketEvent};
use self::lobby::Lobby;
use self::wire::{ErrorCode, ServerGame, ServerMessage, Status};
mod answers;
pub use super::effects::net::{AccountAsk, LobbyAsk, LobbyNet, Method, NetAsk, NetCommand};
use super::effects::outbox::Outbox;
use reversi_engine::{Color, Square};

/// The socket's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Conn {
    /// Opening (the `attempt`-th try since the socket was last open; 0: the first).
    Connecting {
        /// The try.
        attempt: u32,
    },
    /// Open: moves are sent.
    Open,
    /// The game is not on the server: nothing more is tried.
    Gone,
}

/// The one online game this page is linked to.
#[derive(Clone, Debug, PartialEq)]
pub struct Link {
    id: String,
    /// The seat played (`None`: watching, or not known until the socket's hello).
    seat: Option<Color>,
    token: Option<String>,
    /// The invitation's code, for the person who created the game (to copy the link).
    invite: Option<String>,
    conn: Conn,
    /// The number of the socket wanted now (older sockets' events are dropped).
    gen: u32,
    /// The game as the server last showed it, and when it came (the page's clock).
    game: Option<ServerGame>,
    received_at: f64,
    /// When each side's person was first seen away (see [`presence`]).
    away: [Option<f64>; 2],
}

impl Link {
    /// The game's id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The seat played (`None`: watching).
    pub fn seat(&self) -> Option<Color> {
        self.seat
    }

    /// True when this page watches (holds no seat).
    pub fn watching(&self) -> bool {
        self.token.is_none()
    }

    /// The invitation's code, while the other seat is open (for its link).
    pub fn invite(&self) -> Option<&str> {
        self.invite.as_deref().filter(|_| {
            self.game
                .as_ref()
                .is_none_or(|g| g.status == Status::Waiting)
        })
    }

    /// The socket's state.
    pub fn conn(&self) -> Conn {
        self.conn
    }

    /// The game as the server last showed it.
    pub fn game(&self) -> Option<&ServerGame> {
        self.game.as_ref()
    }

    /// Each side's time left at `now` (black, white), the side to move's clock running since the server's
    /// last word.
    pub fn time_left(&self, now: f64) -> Option<(f64, f64)> {
        let game = self.game.as_ref()?;
        let (black, white) = game.time_left?;
        let (mut black, mut white) = (black as f64, white as f64);
        if game.status == Status::Playing {
            let spent = (now - self.received_at).max(0.0);
            match game.to_move {
                Some(Color::Black) => black = (black - spent).max(0.0),
                Some(Color::White) => white = (white - spent).max(0.0),
                None => {}
            }
        }
        Some((black, white))
    }

    /// The socket's address: the game's alone (the seat's token goes in the first message, never in an
    /// address, where proxies and logs keep it).
    fn socket_path(&self) -> String {
        format!("/api/games/{}/live", self.id)
    }

    /// Asks for a new socket after the backoff of `attempt`.
    fn connect(&mut self, attempt: u32, out: &mut Outbox) {
        self.gen += 1;
        self.conn = Conn::Connecting { attempt };
        out.net(NetCommand::Connect {
            gen: self.gen,
            path: self.socket_path(),
            delay_ms: retry_delay_ms(attempt),
        });
    }
}

/// The wait before the `attempt`-th try to open the socket again: none for the first, then 0.5 s doubling
/// to at most 8 s (a server restarting is back within a few seconds; a long outage is not hammered).
pub fn retry_delay_ms(attempt: u32) -> u32 {
    match attempt {
        0 => 0,
        n => 500u32.saturating_mul(1 << (n - 1).min(4)).min(8000),
    }
}

/// Online play: the server, the game linked, the lobby.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Online {
    server: Server,
    link: Option<Link>,
    /// A game being created or joined (its answer awaited).
    pending: bool,
    lobby: Lobby,
    account: Account,
    /// The page's clock at the last action (for the clocks shown).
    now: f64,
}

impl Online {
    /// Whether the page is served by `reversi serve`.
    pub fn server(&self) -> Server {
        self.server
    }

    /// The game linked, if any.
    pub fn link(&self) -> Option<&Link> {
        self.link.as_ref()
    }

    /// True while a game is being created or joined.
    pub fn pending(&self) -> bool {
        self.pending
    }

    /// The lobby.
    pub fn lobby(&self) -> &Lobby {
        &self.lobby
    }

    /// The account signed in on this page, and its seek.
    pub fn account(&self) -> &Account {
        &self.account
    }

    /// The page's clock at the last action.
    pub fn now(&self) -> f64 {
        self.now
    }

    /// The time of the action about to be applied.
    pub fn set_now(&mut self, now: f64) {
        self.now = now;
    }

    /// When the page should wake the session: a side away turning "left".
    pub fn wake_at(&self) -> Option<f64> {
        self.link
            .as_ref()
            .and_then(Link::wake_at)
            .filter(|&at| at > self.now)
    }

    /// True while a game linked is being played with a clock (the page ticks to show it).
    pub fn clock_runs(&self) -> bool {
        self.link
            .as_ref()
            .and_then(|l| l.game.as_ref())
            .is_some_and(|g| g.status == Status::Playing && g.time_left.is_some())
    }

    /// True while a game linked (a seat of it, or watched) is not finished: its record is the server's.
    pub fn linked_in_play(&self) -> bool {
        self.link
            .as_ref()
            .is_some_and(|l| l.game.as_ref().is_none_or(|g| g.status != Status::Finished))
    }

    /// True while this page holds a seat of a game not finished: the game's own controls that would change
    /// its record (undo, redo, the hint) are not for it.
    pub fn seated_in_play(&self) -> bool {
        self.link.as_ref().is_some_and(|l| {
            !l.watching() && l.game.as_ref().is_none_or(|g| g.status != Status::Finished)
        })
    }

    /// Whether a person may place a disc on the game's own position with `to_move` to play: `Err` with what
    /// to tell when not (watching, the opponent's turn, not started, the connection down). No game linked:
    /// `Ok`.
    pub fn may_move(&self, to_move: Color) -> Result<(), OnlineNotice> {
        let Some(link) = &self.link else {
            return Ok(());
        };
        if link.watching() {
            return Err(OnlineNotice::Watching);
        }
        let game = link.game.as_ref();
        if game.is_some_and(|g| g.status == Status::Waiting) {
            return Err(OnlineNotice::NotStarted);
        }
        if game.is_some_and(|g| g.status == Status::Finished) {
            return Err(OnlineNotice::Refused {
                code: ErrorCode::GameOver,
                message: "the game is over".into(),
            });
        }
        if link.seat.is_some_and(|seat| seat != to_move) {
            return Err(OnlineNotice::OpponentsTurn);
        }
        if link.conn != Conn::Open {
            return Err(OnlineNotice::Offline);
        }
        Ok(())
    }

    /// Whether the legal moves are shown for `to_move` on the game's own position: not to a watcher nor
    /// on the opponent's turn; shown while the connection is down (a click then says why it waits).
    pub fn shows_moves(&self, to_move: Color) -> bool {
        matches!(self.may_move(to_move), Ok(()) | Err(OnlineNotice::Offline))
    }

    /// The person placed `square` after `ply` placements (already shown on the board): it is sent.
    pub fn send_move(&mut self, square: Square, ply: usize, out: &mut Outbox) {
        if self.link.as_ref().is_some_and(|l| l.conn == Conn::Open) {
            out.net(NetCommand::Send(wire::move_message(square, ply)));
        }
    }

    /// Lets go of the game linked (a new game, an import, a game brought back): the socket closes and the
    /// address no longer names it.
    pub fn leave(&mut self, out: &mut Outbox) {
        if self.link.take().is_some() {
            out.net(NetCommand::Close);
            out.net(NetCommand::Address(None));
        }
    }

    /// Applies `action`; network commands go to `out`; what the board must do is returned.
    pub fn apply(&mut self, action: OnlineAction, out: &mut Outbox) -> Vec<Event> {
        match action {
            OnlineAction::Probe => {
                out.net(fetch(NetAsk::Probe, Method::Head, "./", None));
                Vec::new()
            }
            OnlineAction::Create(new) => self.create(new, out),
            OnlineAction::Open {
                id,
                token,
                invite,
                name,
                watch,
            } => {
                let seatless = token.is_none() && invite.is_none() && !watch;
                let mut events = self.open(id, token, invite, name, out);
                // A player's link with no seat kept here (let go, or another device's): watched, and said.
                if seatless && self.link.is_some() {
                    events.push(Event::Tell(OnlineNotice::NotASeat));
                }
                events
            }
            OnlineAction::Resign | OnlineAction::Rematch => {
                let Some(link) = self.link.as_ref().filter(|l| !l.watching()) else {
                    return Vec::new();
                };
                if link.conn != Conn::Open {
                    return vec![Event::Tell(OnlineNotice::Offline)];
                }
                out.net(NetCommand::Send(if action == OnlineAction::Resign {
                    wire::resign_message()
                } else {
                    wire::rematch_message()
                }));
                Vec::new()
            }
            OnlineAction::Leave => {
                self.leave(out);
                Vec::new()
            }
            OnlineAction::Lobby(action) => {
                // The online screen opened: who is signed in on this browser (its session's cookie goes with
                // the request), with the ratings as they are now. Asked there, not at every start: a page
                // that never goes online (or is offline) asks nothing of the server.
                match action {
                    lobby::LobbyAction::Open => {
                        if self.server == Server::Here {
                            self.account.ask_me(out);
                        }
                        self.account.set_lobby_shown(true, out);
                    }
                    lobby::LobbyAction::Close => self.account.set_lobby_shown(false, out),
                    _ => {}
                }
                self.lobby.apply(action, out);
                Vec::new()
            }
            OnlineAction::Account(action) => self.account.apply(action, out),
            OnlineAction::LobbySocket { gen, event } => {
                let (mut events, paired) = self.account.socket(gen, event, out);
                if let Some(paired) = paired {
                    // The paired game is a seat of one's own: kept on this device, then opened.
                    out.net(NetCommand::RememberSeat {
                        id: paired.game.clone(),
                        token: paired.token.clone(),
                        invite: None,
                    });
                    let name = self
                        .account
                        .me()
                        .map(|me| me.name.clone())
                        .unwrap_or_default();
                    events.extend(self.open(paired.game, Some(paired.token), None, name, out));
                }
                events
            }
            OnlineAction::Fetched { ask, reply } => self.fetched(ask, reply, out),
            OnlineAction::Socket { gen, event } => self.socket(gen, event, out),
        }
    }

    fn create(&mut self, new: NewOnline, out: &mut Outbox) -> Vec<Event> {
        if self.server != Server::Here {
            return vec![Event::Tell(OnlineNotice::NoServer)];
        }
        if self.pending {
            return Vec::new();
        }
        self.pending = true;
        let body = reversi_protocol::CreateGame {
            name: Some(guest_or(&new.name)),
            color: Some(
                match new.color {
                    Some(Color::Black) => "black",
                    Some(Color::White) => "white",
                    None => "random",
                }
                .to_string(),
            ),
            clock: new.clock.map(|clock| reversi_protocol::ClockSpec {
                initial_s: f64::from(clock.minutes * 60),
                increment_s: f64::from(clock.increment_s),
            }),
            opponent: new.opponent,
        };
        let body = serde_json::to_string(&body).expect("a request is always written");
        out.net(fetch(
            NetAsk::Create,
            Method::Post,
            "/api/games",
            Some(body),
        ));
        Vec::new()
    }

    fn open(
        &mut self,
        id: String,
        token: Option<String>,
        invite: Option<String>,
        name: String,
        out: &mut Outbox,
    ) -> Vec<Event> {
        if !wire::valid_id(&id) {
            return vec![Event::Tell(OnlineNotice::NoSuchGame)];
        }
        self.leave(out);
        match (token, invite) {
            (None, Some(invite)) => {
                self.pending = true;
                let body = reversi_protocol::Join {
                    invite,
                    name: Some(guest_or(&name)),
                };
                let body = serde_json::to_string(&body).expect("a request is always written");
                let path = format!("/api/games/{id}/join");
                out.net(fetch(
                    NetAsk::Join { id },
                    Method::Post,
                    &path,
                    Some(body.to_string()),
                ));
            }
            // With the seat's token, an invitation's code is the creator's own, kept to show its link.
            (token, invite) => {
                let path = format!("/api/games/{id}");
                let invite = token.as_ref().and(invite);
                self.link = Some(Link {
                    id: id.clone(),
                    seat: None,
                    token,
                    invite,
                    conn: Conn::Connecting { attempt: 0 },
                    gen: 0,
                    game: None,
                    received_at: self.now,
                    away: [None; 2],
                });
                out.net(fetch(NetAsk::Look { id }, Method::Get, &path, None));
            }
        }
        Vec::new()
    }

    /// A seat taken (a game created, an invitation claimed): the link, the token kept, the socket asked.
    fn seated(&mut self, seated: wire::Seated, out: &mut Outbox) -> Vec<Event> {
        self.leave(out);
        let id = seated.game.id.clone();
        out.net(NetCommand::RememberSeat {
            id: id.clone(),
            token: seated.token.clone(),
            invite: seated.invite.clone(),
        });
        out.net(NetCommand::Address(Some((id.clone(), false))));
        let moves = seated.game.moves.clone();
        let mut link = Link {
            id,
            seat: Some(seated.seat),
            token: Some(seated.token),
            invite: seated.invite,
            conn: Conn::Connecting { attempt: 0 },
            gen: 0,
            game: Some(seated.game),
            received_at: self.now,
            away: [None; 2],
        };
        link.away = presence::away_since(link.away, link.game.as_ref().expect("seated"), self.now);
        link.connect(0, out);
        self.link = Some(link);
        vec![Event::Begin, Event::Moves(moves)]
    }
}

/// The name a person joins with: theirs, or "Guest".
fn guest_or(name: &str) -> String {
    let name = name.trim();
    if name.is_empty() {
        "Guest".to_string()
    } else {
        name.chars().take(32).collect()
    }
}

fn fetch(ask: NetAsk, method: Method, path: &str, body: Option<String>) -> NetCommand {
    NetCommand::Fetch {
        ask,
        method,
        path: path.to_string(),
        body,
    }
}

#[cfg(test)]
mod tests;
