//! The lobby: the bots the server has now (its own engine at each level and the bots connected), the games
//! being played, the tournaments, and in its place one of: a tournament's standings and games, a player's page
//! (ratings and their history, wins, draws and losses, games by pages), a category's leaderboard. Asked when
//! the lobby opens and again on each refresh while it is open; each list is one [`Listed`] value (asked, got
//! or failed).

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
pub use reversi_protocol::{Category, Leaderboard, PlayerView};

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
    /// Show a player's page: its name and the page of its games (from 0).
    Player(String, u32),
    /// Show a category's leaderboard.
    Leaders(Category),
}

/// What the lobby shows in the place of its lists.
#[derive(Clone, Debug, PartialEq)]
pub enum Shown {
    /// A tournament's standings and games.
    Tournament(String, Listed<TournamentView>),
    /// A player's page.
    Player {
        /// Whose.
        name: String,
        /// The page of games (from 0).
        page: u32,
        /// The page as far as it came.
        listed: Listed<PlayerView>,
    },
    /// A category's leaderboard.
    Leaders(Category, Listed<Leaderboard>),
}

/// The lobby's lists.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Lobby {
    open: bool,
    bots: Listed<Vec<BotEntry>>,
    games: Listed<Vec<GameEntry>>,
    tournaments: Listed<Vec<TournamentEntry>>,
    /// What is shown in the place of the lists.
    shown: Option<Shown>,
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

    /// What is shown in the place of the lists, if anything.
    pub fn shown(&self) -> Option<&Shown> {
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
                self.shown = id.map(|id| Shown::Tournament(id, Listed::NotAsked));
                self.refresh(out);
            }
            LobbyAction::Player(name, page) => {
                self.shown = Some(Shown::Player {
                    name,
                    page,
                    listed: Listed::NotAsked,
                });
                self.refresh(out);
            }
            LobbyAction::Leaders(category) => {
                self.shown = Some(Shown::Leaders(category, Listed::NotAsked));
                self.refresh(out);
            }
        }
    }

    fn refresh(&mut self, out: &mut Outbox) {
        let mut ask = |ask: LobbyAsk, path: String| {
            out.net(fetch(NetAsk::Lobby(ask), Method::Get, &path, None));
        };
        match &mut self.shown {
            Some(Shown::Tournament(id, listed)) => {
                listed.ask();
                ask(
                    LobbyAsk::Tournament(id.clone()),
                    format!("/api/tournaments/{id}"),
                );
            }
            Some(Shown::Player { name, page, listed }) => {
                listed.ask();
                // A name is letters, digits and `_-.` (any script): encoded for the path all the same.
                let path = format!("/api/players/{}?page={page}", encode(name));
                ask(LobbyAsk::Player(name.clone(), *page), path);
            }
            Some(Shown::Leaders(category, listed)) => {
                listed.ask();
                ask(
                    LobbyAsk::Leaders(*category),
                    format!("/api/leaderboard/{}", category.as_str()),
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
                if let Some(Shown::Tournament(shown, listed)) = &mut self.shown {
                    if *shown == id {
                        put(listed, read::<TournamentView>(reply));
                    }
                }
            }
            LobbyAsk::Player(name, page) => {
                if let Some(Shown::Player {
                    name: shown,
                    page: shown_page,
                    listed,
                }) = &mut self.shown
                {
                    if *shown == name && *shown_page == page {
                        put(listed, read::<PlayerView>(reply).and_then(checked_player));
                    }
                }
            }
            LobbyAsk::Leaders(category) => {
                if let Some(Shown::Leaders(shown, listed)) = &mut self.shown {
                    if *shown == category {
                        put(listed, read::<Leaderboard>(reply));
                    }
                }
            }
        }
    }
}

/// A player's page checked for what its types cannot say: its games' ids fit for a link, their moves a
/// transcript.
fn checked_player(player: PlayerView) -> Result<PlayerView, ListFailure> {
    for game in &player.games {
        let moves = &game.moves;
        let transcript = moves.is_ascii()
            && moves.len() <= 120
            && moves.len() % 2 == 0
            && (0..moves.len())
                .step_by(2)
                .all(|i| moves[i..i + 2].parse::<reversi_engine::Square>().is_ok());
        if !super::wire::valid_id(&game.id) || !transcript {
            return Err(ListFailure::Unreadable(format!(
                "the game {:?} is not one of the server's",
                game.id
            )));
        }
    }
    Ok(player)
}

/// Percent-encodes a name for a path.
fn encode(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
