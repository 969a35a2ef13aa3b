//! The lobby: the bots the server has now (its own engine at each level and the bots connected), the games
//! being played, the tournaments and one tournament's standings and games. Asked when the lobby opens and
//! again on each refresh while it is open; each list is one [`Listed`] value (asked, got or failed).

use serde::Deserialize;

use super::{fetch, Method, NetAsk, Reply};
use crate::session::effects::net::LobbyAsk;
use crate::session::effects::outbox::Outbox;

/// One list as far as it came.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Listed<T> {
    /// Not asked yet.
    #[default]
    NotAsked,
    /// Asked, no answer yet (the last one still shown, if any).
    Asked(Option<T>),
    /// The answer.
    Got(T),
    /// It could not be had (why); the last one still shown, if any.
    Failed(ListFailure, Option<T>),
}

impl<T> Listed<T> {
    /// What there is to show.
    pub fn value(&self) -> Option<&T> {
        match self {
            Listed::NotAsked => None,
            Listed::Asked(last) | Listed::Failed(_, last) => last.as_ref(),
            Listed::Got(value) => Some(value),
        }
    }

    /// Why it failed, if it did.
    pub fn error(&self) -> Option<&ListFailure> {
        match self {
            Listed::Failed(why, _) => Some(why),
            _ => None,
        }
    }

    fn ask(&mut self) {
        let last = match std::mem::take(self) {
            Listed::Got(value) => Some(value),
            Listed::Asked(last) | Listed::Failed(_, last) => last,
            Listed::NotAsked => None,
        };
        *self = Listed::Asked(last);
    }

    fn fail(&mut self, why: ListFailure) {
        let last = match std::mem::take(self) {
            Listed::Got(value) => Some(value),
            Listed::Asked(last) | Listed::Failed(_, last) => last,
            Listed::NotAsked => None,
        };
        *self = Listed::Failed(why, last);
    }
}

pub use reversi_protocol::{
    BotEntry, BotKind, GameSummary as GameEntry, Standing, TournamentGame, TournamentResult,
    TournamentStatus, TournamentSummary as TournamentEntry, TournamentView,
};
use reversi_protocol::{BotsList, ErrorCode, GamesList, TournamentsList};

/// Why a list could not be had, for the view to word.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ListFailure {
    /// The server refused (its code, and its English words).
    Refused(ErrorCode, String),
    /// No answer (the browser's reason).
    Unreachable(String),
    /// An answer that is not the list (why).
    Unreadable(String),
}

/// What the person does in the lobby (or its refresh timer).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyAction {
    /// The lobby opened: everything is asked.
    Open,
    /// It closed: nothing more is asked.
    Close,
    /// Ask everything again (the page does every few seconds while it is open).
    Refresh,
    /// Show a tournament's standings and games (`None`: back to the lists).
    Tournament(Option<String>),
}

/// The lobby's lists.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lobby {
    open: bool,
    bots: Listed<Vec<BotEntry>>,
    games: Listed<Vec<GameEntry>>,
    tournaments: Listed<Vec<TournamentEntry>>,
    /// The tournament shown, and its standings.
    shown: Option<(String, Listed<TournamentView>)>,
}

impl Lobby {
    /// True while it is open.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The bots.
    pub fn bots(&self) -> &Listed<Vec<BotEntry>> {
        &self.bots
    }

    /// The names of the bots connected (not the server's engine), as far as the list came.
    pub fn connected_bots(&self) -> Vec<String> {
        self.bots.value().map_or_else(Vec::new, |bots| {
            bots.iter()
                .filter(|b| b.kind == BotKind::Bot)
                .map(|b| b.name.clone())
                .collect()
        })
    }

    /// The games being played.
    pub fn games(&self) -> &Listed<Vec<GameEntry>> {
        &self.games
    }

    /// The tournaments.
    pub fn tournaments(&self) -> &Listed<Vec<TournamentEntry>> {
        &self.tournaments
    }

    /// The tournament shown, if any.
    pub fn shown(&self) -> Option<&(String, Listed<TournamentView>)> {
        self.shown.as_ref()
    }

    pub(super) fn apply(&mut self, action: LobbyAction, out: &mut Outbox) {
        match action {
            LobbyAction::Open => {
                self.open = true;
                self.refresh(out);
            }
            LobbyAction::Close => self.open = false,
            LobbyAction::Refresh if self.open => self.refresh(out),
            LobbyAction::Refresh => {}
            LobbyAction::Tournament(id) => {
                self.shown = id.map(|id| (id, Listed::NotAsked));
                self.refresh(out);
            }
        }
    }

    fn refresh(&mut self, out: &mut Outbox) {
        let mut ask = |ask: LobbyAsk, path: String| {
            out.net(fetch(NetAsk::Lobby(ask), Method::Get, &path, None));
        };
        match &mut self.shown {
            Some((id, listed)) => {
                listed.ask();
                ask(
                    LobbyAsk::Tournament(id.clone()),
                    format!("/api/tournaments/{id}"),
                );
            }
            None => {
                self.bots.ask();
                self.games.ask();
                self.tournaments.ask();
                ask(LobbyAsk::Bots, "/api/bots".into());
                ask(LobbyAsk::Games, "/api/games".into());
                ask(LobbyAsk::Tournaments, "/api/tournaments".into());
            }
        }
    }

    pub(super) fn fetched(&mut self, ask: LobbyAsk, reply: Reply) {
        fn read<T: for<'de> Deserialize<'de>>(reply: Reply) -> Result<T, ListFailure> {
            match reply {
                Ok((200, text)) => {
                    serde_json::from_str(&text).map_err(|e| ListFailure::Unreadable(e.to_string()))
                }
                Ok((status, text)) => {
                    let (code, message) = super::wire::parse_refusal(status, &text);
                    Err(ListFailure::Refused(code, message))
                }
                Err(why) => Err(ListFailure::Unreachable(why)),
            }
        }
        fn put<T>(listed: &mut Listed<T>, value: Result<T, ListFailure>) {
            match value {
                Ok(value) => *listed = Listed::Got(value),
                Err(why) => listed.fail(why),
            }
        }
        match ask {
            LobbyAsk::Bots => put(&mut self.bots, read::<BotsList>(reply).map(|b| b.bots)),
            LobbyAsk::Games => put(&mut self.games, read::<GamesList>(reply).map(|g| g.games)),
            LobbyAsk::Tournaments => put(
                &mut self.tournaments,
                read::<TournamentsList>(reply).map(|t| t.tournaments),
            ),
            LobbyAsk::Tournament(id) => {
                if let Some((shown, listed)) = &mut self.shown {
                    if *shown == id {
                        put(listed, read::<TournamentView>(reply));
                    }
                }
            }
        }
    }
}
