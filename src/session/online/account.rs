//! The account on this page: who is signed in (asked once the server is found; the session is the browser's
//! HttpOnly cookie, never seen by the page's code), signing up, in and out, and quick pairing over the lobby's
//! socket: a seek sent, its range shown as it widens, cancelled, or paired (the paired game then opens as a
//! seat of one's own). The socket opens when a seek is first asked and is opened again with backoff while a
//! seek stands; the seek is sent again on each new socket (the server forgets a closed socket's).

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
    /// Seek a game of this clock, rated or casual.
    Seek {
        /// The clock.
        clock: QuickClock,
        /// Rated.
        rated: bool,
    },
    /// Stop seeking.
    Cancel,
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

    /// The signed-in account's rating in a category (`None`: none yet, 1500 provisional).
    pub fn rating(&self, category: Category) -> Option<&wire::RatingView> {
        self.me
            .as_ref()?
            .ratings
            .iter()
            .find(|r| r.category == category)
    }

    /// Asks the server who is signed in (once it is found).
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
            AccountAction::SignOut => {
                if self.busy.is_some() {
                    return Vec::new();
                }
                self.busy = Some(AccountAsk::SignOut);
                out.net(NetCommand::Fetch {
                    ask: NetAsk::Account(AccountAsk::SignOut),
                    method: Method::Delete,
                    path: "/api/session".into(),
                    body: None,
                });
                Vec::new()
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
                match self.conn {
                    LobbyConn::Open => self.send_seek(out),
                    LobbyConn::Connecting { .. } => {}
                    LobbyConn::Closed => self.connect(0, out),
                }
                Vec::new()
            }
            AccountAction::Cancel => {
                if self.seek.take().is_some() && self.conn == LobbyConn::Open {
                    out.net(NetCommand::Lobby(LobbyNet::Send(wire::cancel_message())));
                }
                Vec::new()
            }
        }
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

    fn send_seek(&self, out: &mut Outbox) {
        if let Some(seek) = self.seek {
            out.net(NetCommand::Lobby(LobbyNet::Send(wire::seek_message(
                seek.clock.minutes * 60,
                seek.clock.increment_s,
                seek.rated,
            ))));
        }
    }

    /// Lets go of the lobby's socket (signed out).
    fn close(&mut self, out: &mut Outbox) {
        self.seek = None;
        if self.conn != LobbyConn::Closed {
            self.conn = LobbyConn::Closed;
            self.gen += 1;
            out.net(NetCommand::Lobby(LobbyNet::Close));
        }
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
                        Vec::new()
                    }
                    Err(error) => vec![Event::Tell(OnlineNotice::Unreadable {
                        message: error.to_string(),
                    })],
                }
            }
            (AccountAsk::SignOut, Ok((204 | 200, _))) => {
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
                // Only a standing seek needs the socket: it is opened again (and the seek sent again).
                let attempt = match self.conn {
                    LobbyConn::Connecting { attempt } => attempt + 1,
                    _ => 1,
                };
                if self.seek.is_some() && self.me.is_some() {
                    if let Some(seek) = self.seek.as_mut() {
                        seek.range = None;
                    }
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
                    (Vec::new(), None)
                }
                Ok(LobbyMessage::Paired {
                    game, seat, token, ..
                }) => {
                    self.seek = None;
                    (Vec::new(), Some(Paired { game, seat, token }))
                }
                Ok(LobbyMessage::Error { code, message }) => {
                    // The seek was refused (signed out meanwhile, a clock refused): it stands no more.
                    self.seek = None;
                    (
                        vec![Event::Tell(OnlineNotice::Refused { code, message })],
                        None,
                    )
                }
            },
        }
    }
}
