//! The page's network as the session asks for it (online play's commands out, plain data): HTTP requests to
//! the page's own origin, the live socket, the seat's token kept, the address. The view carries each out
//! and sends its answer home as an [`crate::session::online::OnlineAction`].

/// What an HTTP request was for: its answer comes home with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetAsk {
    /// `HEAD ./` (the page's own address): is this `reversi serve`? Its answer's body is the server's
    /// `x-reversi-server` header (a static host has none).
    Probe,
    /// `POST /api/games`.
    Create,
    /// `POST /api/games/ID/join`, with the invitation.
    Join {
        /// The game.
        id: String,
    },
    /// `GET /api/games/ID`: the game of a link (does it exist, where is it).
    Look {
        /// The game.
        id: String,
    },
    /// The lobby's lists.
    Lobby(LobbyAsk),
    /// The account: who is signed in, signing up, in and out.
    Account(AccountAsk),
}

/// What an account's request asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccountAsk {
    /// `GET /api/session`: who is signed in (by the session's cookie), if anyone.
    Me,
    /// `POST /api/account`.
    SignUp,
    /// `POST /api/session`.
    SignIn,
    /// `DELETE /api/session`.
    SignOut,
    /// `DELETE /api/sessions`: every session of the account.
    SignOutEverywhere,
    /// `DELETE /api/account`, with the password.
    Delete,
}

/// What a lobby request asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyAsk {
    /// `GET /api/bots`.
    Bots,
    /// `GET /api/games`.
    Games,
    /// `GET /api/tournaments`.
    Tournaments,
    /// `GET /api/tournaments/ID`.
    Tournament(String),
    /// `GET /api/players/NAME?page=N`.
    Player(String, u32),
    /// `GET /api/leaderboard/CATEGORY`.
    Leaders(reversi_protocol::Category),
}

/// An HTTP method the page uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// A read.
    Get,
    /// A read of the headers alone (the answer's body is the `x-reversi-server` header).
    Head,
    /// A change.
    Post,
    /// An end (a session).
    Delete,
}

/// What the lobby's socket (`/api/lobby/live`, a signed-in page's: seeking a game, paired) must do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyNet {
    /// Open it after `delay_ms` (closing any open one): its events come as
    /// [`crate::session::online::OnlineAction::LobbySocket`] with `gen`.
    Connect {
        /// This socket's number.
        gen: u32,
        /// The wait before it opens (the backoff).
        delay_ms: u32,
    },
    /// Send `text` on it.
    Send(String),
    /// Close it.
    Close,
}

/// What the page's network must do (the view carries it out and answers home).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetCommand {
    /// An HTTP request to the page's own origin; the answer comes as [`crate::session::online::OnlineAction::Fetched`] with `ask`.
    Fetch {
        /// What it is for.
        ask: NetAsk,
        /// The method.
        method: Method,
        /// The path (from the origin's root).
        path: String,
        /// A JSON body.
        body: Option<String>,
    },
    /// Open the live socket at `path` after `delay_ms` (closing any open one): its events come as
    /// [`crate::session::online::OnlineAction::Socket`] with `gen`; a later `Connect` or `Close` makes this one stale.
    Connect {
        /// This socket's number.
        gen: u32,
        /// The path (from the origin's root).
        path: String,
        /// The wait before it opens (the backoff).
        delay_ms: u32,
    },
    /// Send `text` on the open socket.
    Send(String),
    /// Close the socket (and drop one waiting to open).
    Close,
    /// Keep the seat's token on this device, so that a reload or the link opened again finds the seat.
    RememberSeat {
        /// The game.
        id: String,
        /// The seat's token.
        token: String,
        /// The invitation's code, for the game's creator (its link is shown again after a reload).
        invite: Option<String>,
    },
    /// The lobby's socket.
    Lobby(LobbyNet),
    /// The page's address names this game (`Some`: `?online=ID`, or `?watch=ID` for a watcher), or none.
    Address(Option<(String, bool)>),
}
