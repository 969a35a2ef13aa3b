//! The account on this page: who is signed in (asked once the server is found; the session is the browser's
//! HttpOnly cookie, never seen by the page's code), signing up, in and out, and meeting strangers over the
//! lobby's socket: quick pairing (a seek sent, its range shown as it widens, cancelled, or paired) and open
//! challenges (listed as the server tells them, one's own opened and withdrawn, another's accepted); a game
//! paired opens as a seat of one's own. The socket is open while one is signed in and the lobby is shown, or
//! a seek or challenge of one's own stands; it is opened again with backoff while it is wanted, and the seek
//! or challenge sent again on each new socket (the server forgets a closed socket's).

use super::wire::{self, AccountView, Category, ErrorCode, LobbyMessage};
use super::{retry_delay_ms, Event, OnlineNotice, Reply, SocketEvent};
use crate::session::effects::net::{AccountAsk, LobbyNet, Method, NetAsk, NetCommand};
use crate::session::effects::outbox::Outbox;
use reversi_engine::Color;

/// A quick-pairing clock: minutes a side and seconds added a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuickClock {
    /// Minutes a side.
    pub minutes: u32,
    /// Seconds added a move.
    pub increment_s: u32,
}

/// The quick-pairing buttons' clocks, as lichess offers them (the Othello servers' common ones).
pub const QUICK_CLOCKS: [QuickClock; 6] = [
    QuickClock {
        minutes: 1,
        increment_s: 0,
    },
    QuickClock {
        minutes: 3,
        increment_s: 2,
    },
    QuickClock {
        minutes: 5,
        increment_s: 3,
    },
    QuickClock {
        minutes: 10,
        increment_s: 5,
    },
    QuickClock {
        minutes: 15,
        increment_s: 10,
    },
    QuickClock {
        minutes: 30,
        increment_s: 0,
    },
];

impl QuickClock {
    /// Its rating category.
    pub fn category(self) -> Category {
        Category::of(f64::from(self.minutes * 60), f64::from(self.increment_s))
    }
}

/// What the person does with the account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountAction {
    /// Make an account (and sign in to it).
    SignUp {
        /// The name.
        name: String,
        /// The password.
        password: String,
    },
    /// Sign in.
    SignIn {
        /// The name.
        name: String,
        /// The password.
        password: String,
    },
    /// Sign out of this browser.
    SignOut,
    /// Sign out on every device.
    SignOutEverywhere,
    /// Delete the account (its games kept, its name shown as deleted), with its password.
    Delete {
        /// The password.
        password: String,
    },
    /// Seek a game of this clock, rated or casual.
    Seek {
        /// The clock.
        clock: QuickClock,
        /// Rated.
        rated: bool,
    },
    /// Open a challenge: a clock, rated or not, one's colour (`None`: drawn), and how far from one's own
    /// rating an accepter's may be (`None`: anyone).
    Challenge {
        /// The clock.
        clock: QuickClock,
        /// Rated.
        rated: bool,
        /// One's colour.
        color: Option<Color>,
        /// Rating points either side of one's own.
        range: Option<u32>,
    },
    /// Accept another's challenge.
    Accept(String),
    /// Stop seeking; withdraw one's challenge.
    Cancel,
}

/// One's own challenge, standing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnChallenge {
    /// The message that opens it (sent again on a new socket).
    message: String,
    /// Its id, once the server said it is open.
    pub id: Option<String>,
}

/// A seek standing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seek {
    /// The clock sought.
    pub clock: QuickClock,
    /// Rated.
    pub rated: bool,
    /// The rating range the server accepts now (`None` until it says).
    pub range: Option<u32>,
}

/// The lobby socket's state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum LobbyConn {
    /// None open nor asked.
    #[default]
    Closed,
    /// Opening (the `attempt`-th try).
    Connecting { attempt: u32 },
    /// Open.
    Open,
}

/// A paired game for the session to open as a seat of its own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paired {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: Color,
    /// Its token.
    pub token: String,
}

/// The account on this page.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Account {
    /// Who is signed in (`None`: nobody, or not asked yet).
    me: Option<AccountView>,
    /// The server was asked who is signed in and answered.
    known: bool,
    /// A sign-up, sign-in or sign-out awaiting its answer.
    busy: Option<AccountAsk>,
    seek: Option<Seek>,
    challenge: Option<OwnChallenge>,
    /// The open challenges, as the server last listed them.
    challenges: Vec<wire::ChallengeView>,
    /// The lobby is shown (its socket is wanted for the challenges while one is signed in).
    lobby_shown: bool,
    conn: LobbyConn,
    gen: u32,
}

impl Account {
    /// Who is signed in.
    pub fn me(&self) -> Option<&AccountView> {
        self.me.as_ref()
    }

    /// Whether the server has said who is signed in.
    pub fn known(&self) -> bool {
        self.known
    }

    /// A request awaiting its answer.
    pub fn busy(&self) -> Option<AccountAsk> {
        self.busy
    }

    /// The seek standing.
    pub fn seek(&self) -> Option<Seek> {
        self.seek
    }

    /// One's challenge standing.
    pub fn challenge(&self) -> Option<&OwnChallenge> {
        self.challenge.as_ref()
    }

    /// The open challenges (one's own among them).
    pub fn challenges(&self) -> &[wire::ChallengeView] {
        &self.challenges
    }

    /// Whether the signed-in account may accept `challenge`: not its own, its rating within the range.
    pub fn may_accept(&self, challenge: &wire::ChallengeView) -> bool {
        let Some(me) = &self.me else {
            return false;
        };
        let rating = self
            .rating(challenge.category)
            .map_or(1500.0, |r| r.rating)
            .round();
        challenge.name != me.name
            && challenge
                .min_rating
                .is_none_or(|min| rating >= f64::from(min))
            && challenge
                .max_rating
                .is_none_or(|max| rating <= f64::from(max))
    }

    /// The lobby was shown or left: its socket opens (for the challenges) or closes (unless a seek or a
    /// challenge of one's own stands).
    pub fn set_lobby_shown(&mut self, shown: bool, out: &mut Outbox) {
        self.lobby_shown = shown;
        self.sync_socket(out);
    }

    fn wants_socket(&self) -> bool {
        self.me.is_some() && (self.lobby_shown || self.seek.is_some() || self.challenge.is_some())
    }

    /// Opens the socket when it is wanted and closed; closes it when it is no longer wanted.
    fn sync_socket(&mut self, out: &mut Outbox) {
        match (self.wants_socket(), self.conn) {
            (true, LobbyConn::Closed) => self.connect(0, out),
            (false, LobbyConn::Open | LobbyConn::Connecting { .. }) => {
                self.conn = LobbyConn::Closed;
                self.gen += 1;
                self.challenges.clear();
                out.net(NetCommand::Lobby(LobbyNet::Close));
            }
            _ => {}
        }
    }

    fn send(&self, text: String, out: &mut Outbox) {
        if self.conn == LobbyConn::Open {
            out.net(NetCommand::Lobby(LobbyNet::Send(text)));
        }
    }

    /// The signed-in account's rating in a category (`None`: none yet, 1500 provisional).
    pub fn rating(&self, category: Category) -> Option<&wire::RatingView> {
        self.me
            .as_ref()?
            .ratings
            .iter()
            .find(|r| r.category == category)
    }

    /// Asks the server who is signed in (when the online screen opens).
    pub fn ask_me(&mut self, out: &mut Outbox) {
        out.net(NetCommand::Fetch {
            ask: NetAsk::Account(AccountAsk::Me),
            method: Method::Get,
            path: "/api/session".into(),
            body: None,
        });
    }

    /// Applies what the person did.
    pub fn apply(&mut self, action: AccountAction, out: &mut Outbox) -> Vec<Event> {
        match action {
            AccountAction::SignUp { name, password } => {
                self.sign(AccountAsk::SignUp, "/api/account", name, password, out)
            }
            AccountAction::SignIn { name, password } => {
                self.sign(AccountAsk::SignIn, "/api/session", name, password, out)
            }
            AccountAction::SignOut => self.end(AccountAsk::SignOut, "/api/session", None, out),
            AccountAction::SignOutEverywhere => {
                self.end(AccountAsk::SignOutEverywhere, "/api/sessions", None, out)
            }
            AccountAction::Delete { password } => {
                let body = reversi_protocol::DeleteAccount { password };
                let body = serde_json::to_string(&body).expect("a request is always written");
                self.end(AccountAsk::Delete, "/api/account", Some(body), out)
            }
            AccountAction::Seek { clock, rated } => {
                if self.me.is_none() {
                    return vec![Event::Tell(OnlineNotice::Refused {
                        code: ErrorCode::NotSignedIn,
                        message: "sign in first".into(),
                    })];
                }
                self.seek = Some(Seek {
                    clock,
                    rated,
                    range: None,
                });
                // A seek replaces one's challenge (the server withdraws it).
                self.challenge = None;
                self.send_seek(out);
                self.sync_socket(out);
                Vec::new()
            }
            AccountAction::Challenge {
                clock,
                rated,
                color,
                range,
            } => {
                if self.me.is_none() {
                    return vec![Event::Tell(OnlineNotice::Refused {
                        code: ErrorCode::NotSignedIn,
                        message: "sign in first".into(),
                    })];
                }
                let own = self
                    .rating(clock.category())
                    .map_or(1500.0, |r| r.rating)
                    .round() as i64;
                let range = range.map(|points| {
                    let points = i64::from(points);
                    (
                        (own - points).clamp(0, 10_000) as u32,
                        (own + points).clamp(0, 10_000) as u32,
                    )
                });
                let message = wire::challenge_message(
                    clock.minutes * 60,
                    clock.increment_s,
                    rated,
                    color,
                    range,
                );
                self.seek = None;
                self.send(message.clone(), out);
                self.challenge = Some(OwnChallenge { message, id: None });
                self.sync_socket(out);
                Vec::new()
            }
            AccountAction::Accept(id) => {
                if self.conn != LobbyConn::Open {
                    return vec![Event::Tell(OnlineNotice::Offline)];
                }
                self.send(wire::accept_message(&id), out);
                Vec::new()
            }
            AccountAction::Cancel => {
                let (seek, challenge) = (self.seek.take(), self.challenge.take());
                if seek.is_some() || challenge.is_some() {
                    self.send(wire::cancel_message(), out);
                }
                self.sync_socket(out);
                Vec::new()
            }
        }
    }

    /// A request that ends the session (sign out, here or everywhere; delete the account).
    fn end(
        &mut self,
        ask: AccountAsk,
        path: &str,
        body: Option<String>,
        out: &mut Outbox,
    ) -> Vec<Event> {
        if self.busy.is_some() {
            return Vec::new();
        }
        self.busy = Some(ask);
        out.net(NetCommand::Fetch {
            ask: NetAsk::Account(ask),
            method: Method::Delete,
            path: path.into(),
            body,
        });
        Vec::new()
    }

    fn sign(
        &mut self,
        ask: AccountAsk,
        path: &str,
        name: String,
        password: String,
        out: &mut Outbox,
    ) -> Vec<Event> {
        if self.busy.is_some() {
            return Vec::new();
        }
        self.busy = Some(ask);
        let body = reversi_protocol::Credentials {
            name: name.trim().to_string(),
            password,
        };
        out.net(NetCommand::Fetch {
            ask: NetAsk::Account(ask),
            method: Method::Post,
            path: path.into(),
            body: Some(serde_json::to_string(&body).expect("a request is always written")),
        });
        Vec::new()
    }

    fn connect(&mut self, attempt: u32, out: &mut Outbox) {
        self.gen += 1;
        self.conn = LobbyConn::Connecting { attempt };
        out.net(NetCommand::Lobby(LobbyNet::Connect {
            gen: self.gen,
            delay_ms: retry_delay_ms(attempt),
        }));
    }

    /// Sends the seek or the challenge standing (a new socket's server knows neither).
    fn send_seek(&self, out: &mut Outbox) {
        if let Some(seek) = self.seek {
            self.send(
                wire::seek_message(seek.clock.minutes * 60, seek.clock.increment_s, seek.rated),
                out,
            );
        }
        if let Some(challenge) = &self.challenge {
            self.send(challenge.message.clone(), out);
        }
    }

    /// Lets go of the lobby's socket (signed out).
    fn close(&mut self, out: &mut Outbox) {
        self.seek = None;
        self.challenge = None;
        self.sync_socket(out);
    }

    /// An account request's answer.
    pub fn fetched(&mut self, ask: AccountAsk, reply: Reply, out: &mut Outbox) -> Vec<Event> {
        if ask != AccountAsk::Me {
            self.busy = None;
        }
        match (ask, reply) {
            (AccountAsk::Me, Ok((200, text))) => match wire::parse_session(&text) {
                Ok(me) => {
                    self.known = true;
                    self.me = me;
                    self.sync_socket(out);
                    Vec::new()
                }
                Err(error) => vec![Event::Tell(OnlineNotice::Unreadable {
                    message: error.to_string(),
                })],
            },
            // The server did not say (down): asked again at the next sign-in or seek.
            (AccountAsk::Me, _) => Vec::new(),
            (AccountAsk::SignUp | AccountAsk::SignIn, Ok((200 | 201, text))) => {
                match wire::parse_account(&text) {
                    Ok(account) => {
                        self.known = true;
                        self.me = Some(account);
                        self.sync_socket(out);
                        Vec::new()
                    }
                    Err(error) => vec![Event::Tell(OnlineNotice::Unreadable {
                        message: error.to_string(),
                    })],
                }
            }
            (
                AccountAsk::SignOut | AccountAsk::SignOutEverywhere | AccountAsk::Delete,
                Ok((204 | 200, _)),
            ) => {
                self.me = None;
                self.close(out);
                Vec::new()
            }
            (_, Ok((status, text))) => {
                let (code, message) = wire::parse_refusal(status, &text);
                vec![Event::Tell(OnlineNotice::Refused { code, message })]
            }
            (_, Err(message)) => vec![Event::Tell(OnlineNotice::Failed { message })],
        }
    }

    /// An event of the lobby's socket numbered `gen`; a game paired is returned for the session to open.
    pub fn socket(
        &mut self,
        gen: u32,
        event: SocketEvent,
        out: &mut Outbox,
    ) -> (Vec<Event>, Option<Paired>) {
        if gen != self.gen {
            return (Vec::new(), None);
        }
        match event {
            SocketEvent::Opened => {
                self.conn = LobbyConn::Open;
                self.send_seek(out);
                (Vec::new(), None)
            }
            SocketEvent::Closed => {
                // Opened again while it is wanted (the seek or the challenge sent again once it is open).
                let attempt = match self.conn {
                    LobbyConn::Connecting { attempt } => attempt + 1,
                    _ => 1,
                };
                if let Some(seek) = self.seek.as_mut() {
                    seek.range = None;
                }
                if let Some(challenge) = self.challenge.as_mut() {
                    challenge.id = None;
                }
                self.challenges.clear();
                if self.wants_socket() {
                    self.connect(attempt, out);
                } else {
                    self.conn = LobbyConn::Closed;
                }
                (Vec::new(), None)
            }
            SocketEvent::Message(text) => match wire::parse_lobby(&text) {
                Err(error) => (
                    vec![Event::Tell(OnlineNotice::Unreadable {
                        message: error.to_string(),
                    })],
                    None,
                ),
                Ok(LobbyMessage::Welcome(account)) => {
                    self.me = Some(account);
                    (Vec::new(), None)
                }
                Ok(LobbyMessage::Seeking { range, .. }) => {
                    if let Some(seek) = self.seek.as_mut() {
                        seek.range = Some(range);
                    }
                    (Vec::new(), None)
                }
                Ok(LobbyMessage::Cancelled) => {
                    self.seek = None;
                    self.challenge = None;
                    self.sync_socket(out);
                    (Vec::new(), None)
                }
                Ok(LobbyMessage::Challenges(challenges)) => {
                    self.challenges = challenges;
                    (Vec::new(), None)
                }
                Ok(LobbyMessage::Challenging(id)) => {
                    if let Some(challenge) = self.challenge.as_mut() {
                        challenge.id = Some(id);
                    }
                    (Vec::new(), None)
                }
                Ok(LobbyMessage::Paired {
                    game, seat, token, ..
                }) => {
                    self.seek = None;
                    self.challenge = None;
                    self.sync_socket(out);
                    (Vec::new(), Some(Paired { game, seat, token }))
                }
                Ok(LobbyMessage::Error { code, message }) => {
                    // A seek or a challenge refused (signed out meanwhile, a clock refused) stands no more; an
                    // accept refused changes nothing of one's own.
                    if !matches!(code, ErrorCode::ChallengeGone | ErrorCode::OutOfRange) {
                        self.seek = None;
                        self.challenge = None;
                    }
                    (
                        vec![Event::Tell(OnlineNotice::Refused { code, message })],
                        None,
                    )
                }
            },
        }
    }
}
