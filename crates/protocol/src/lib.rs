//! The messages between the page, `reversi serve` and `reversi bot`, typed once. The server writes them and
//! reads them with these types, and so do the page and the bot: a field added or renamed here is seen by
//! every side at compile time, and a message that does not read as one of these is refused whole (never
//! applied in part).
//!
//! - [`game`]: a game as everyone may see it ([`GameView`]), in the live socket's states and the API's answers;
//! - [`live`]: the live socket (`/api/games/{id}/live`), both ways;
//! - [`api`]: the HTTP bodies: a game created or joined, a move, the lobby's lists, a tournament;
//! - [`error`]: every refusal's code ([`ErrorCode`]), in the HTTP body and the socket alike;
//! - [`accounts`]: accounts, sessions, ratings, players' pages and the lobby's socket (meeting strangers);
//! - [`bot`]: the match protocol between a match server and a bot (`reversi bot`).
//!
//! Only serde: the wire's own forms (colours as `"black"`, squares and transcripts as text) are kept here as
//! they travel; each side reads them into its own types and checks what the types cannot say (a transcript's
//! legality, a name's length).

pub mod accounts;
pub mod api;
pub mod bot;
pub mod error;
pub mod game;
pub mod live;

pub use accounts::{
    AccountView, BotLog, BotLogEntry, Category, ChallengeView, Credentials, DeleteAccount, Leader,
    Leaderboard, LobbyMessage, LobbyRequest, Outcome, PlayerGame, PlayerView, RatingPoint,
    RatingView, Record, RegisterBot, RegisteredBot, SessionView, PROVISIONAL_DEVIATION,
};
pub use api::{
    BotEntry, BotKind, BotsList, ClockSpec, CreateGame, CreateTournament, GameSummary, GamesList,
    Health, Join, Links, Play, Seated, Standing, TournamentGame, TournamentResult,
    TournamentStatus, TournamentSummary, TournamentView, TournamentsList,
};
pub use error::{ErrorBody, ErrorCode};
pub use game::{
    valid_id, ClockView, EndReason, GameResult, GameView, SeatKind, SeatRating, SeatView, Side,
    Status,
};
pub use live::{ClientMessage, ServerMessage, MAX_MESSAGE_BYTES};

#[cfg(test)]
mod tests;
