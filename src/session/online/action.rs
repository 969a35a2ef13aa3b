//! What online play takes in (the person's actions and the network's answers), what it tells, and what it
//! asks of the board.

use super::lobby;
use crate::session::effects::net::NetAsk;
use crate::session::ClockSettings;
use reversi_engine::{Color, Square};

/// Whether the page is served by `reversi serve` (asked once at the start).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Server {
    /// Not known yet.
    #[default]
    Unknown,
    /// Yes: online play is offered.
    Here,
    /// No (a static host): the page says how to run the server.
    Absent,
}

/// A game to create on the server.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewOnline {
    /// The person's name (letters, digits, `_-.`; empty: "Guest").
    pub name: String,
    /// The person's colour (`None`: drawn by the server).
    pub color: Option<Color>,
    /// The clock, if any.
    pub clock: Option<ClockSettings>,
    /// A bot (connected, or `house-N`) to play; `None`: a friend, invited by link.
    pub opponent: Option<String>,
}

/// What happened on the live socket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SocketEvent {
    /// It opened.
    Opened,
    /// A message came.
    Message(String),
    /// It closed (or failed to open).
    Closed,
}

/// An HTTP answer: the status and the body; `Err`: no answer (the network failed).
pub type Reply = Result<(u16, String), String>;

/// What the person or the network did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineAction {
    /// Ask the page's own origin whether it is `reversi serve`.
    Probe,
    /// Create a game and take its seat.
    Create(NewOnline),
    /// Open a game from its link: with the seat's token kept on this device, with an invitation to claim the
    /// open seat, or (with neither) to watch.
    Open {
        /// The game.
        id: String,
        /// The token kept for it here.
        token: Option<String>,
        /// The invitation's code.
        invite: Option<String>,
        /// The name to join with.
        name: String,
        /// A watch link (or the lobby's Watch): watching is what was asked. From a player's link with no seat
        /// kept here, the page says it holds none.
        watch: bool,
    },
    /// Resign the game.
    Resign,
    /// Ask for a rematch (or agree to the one asked).
    Rematch,
    /// Leave the game: the socket closes; the game stays on the board as a game of one's own.
    Leave,
    /// Something in the lobby.
    Lobby(lobby::LobbyAction),
    /// An HTTP request's answer.
    Fetched {
        /// What it was for.
        ask: NetAsk,
        /// The answer.
        reply: Reply,
    },
    /// Something of the account: signing up, in or out, seeking a game.
    Account(super::account::AccountAction),
    /// An event of the lobby's socket numbered `gen` (see [`super::account`]).
    LobbySocket {
        /// Which socket.
        gen: u32,
        /// What happened.
        event: SocketEvent,
    },
    /// An event of the socket numbered `gen`.
    Socket {
        /// Which socket.
        gen: u32,
        /// What happened.
        event: SocketEvent,
    },
}

/// What the person is told of online play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OnlineNotice {
    /// The server refused what was sent (its code and words); the board shows the server's game.
    Refused {
        /// The server's code (the page words it in its language).
        code: super::wire::ErrorCode,
        /// Its words.
        message: String,
    },
    /// A move while the connection is down: it was not sent.
    Offline,
    /// A click on a game watched.
    Watching,
    /// A click while the opponent is to move.
    OpponentsTurn,
    /// A click while the friend has not joined.
    NotStarted,
    /// The undo, the redo, the hint, the analysis and going on from the past are not for a game being played
    /// online.
    NotOnline,
    /// A game could not be created, joined or found (the network, or the server's words).
    Failed {
        /// Why.
        message: String,
    },
    /// The link's game is not on this server.
    NoSuchGame,
    /// The invitation was used by someone else: the game is watched instead.
    InviteTaken,
    /// The token kept here holds no seat of the game: it is watched instead.
    NotASeat,
    /// This device keeps the seats of its [`super::address::MAX_SEATS`] latest games: the oldest were let go.
    SeatsLetGo {
        /// How many.
        count: usize,
    },
    /// The page is not served by `reversi serve`.
    NoServer,
    /// A message from the server could not be read (it was left unread; the game is unchanged).
    Unreadable {
        /// What was wrong.
        message: String,
    },
}

/// What the board must do after an online action (the session's root does it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// An online game takes the board (the game there before is kept aside unless it is this one already).
    Begin,
    /// The server's game has these moves: the board follows (new moves played as the engine's are; a board
    /// that went another way is put back to them).
    Moves(Vec<Square>),
    /// Something to tell.
    Tell(OnlineNotice),
}
