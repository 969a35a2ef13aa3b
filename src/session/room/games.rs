//! The expert games list of the analysis room: open or not, the player searched for, the page wanted, and
//! its one ask of the workers (the page of games for the position on the board). Its own actions, reducer
//! and tests; the room routes to it.

use super::super::effects::ask::Ask;
use super::RoomAsk;
use crate::protocol::{Request, RequestId, WireGame, WorkerError};
use crate::session::effects::outbox::Outbox;
use reversi_engine::Position;

/// What the player does with the expert games list.
#[derive(Clone, Debug, PartialEq)]
pub enum GamesAction {
    /// Show or hide it.
    Open(bool),
    /// Search for a part of a player's name (empty: everyone).
    Player(String),
    /// Show the page that starts at this offset.
    Page(u32),
}

/// Games the expert games list shows at once.
pub const GAMES_PAGE: u32 = 10;

/// Which page of the expert games list is wanted: for a position, a player's name, from an offset.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesQuery {
    /// The position the games reached.
    pub position: Position,
    /// A part of a player's name (empty: everyone).
    pub player: String,
    /// Games skipped, newest first.
    pub offset: u32,
}

/// A page of the list as a worker answered it: the games in the whole list, and the page's.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesPage {
    /// Games in the whole list.
    pub total: u32,
    /// The page.
    pub games: Vec<WireGame>,
}

/// The expert games list: open or not, what it asks, what came.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GamesList {
    /// Whether it is shown (the games file loads the first time it is).
    open: bool,
    /// The name searched for.
    player: String,
    /// The page wanted (its position follows the board).
    offset: u32,
    /// The page asked of a worker, and the last that came (or why it failed).
    ask: Ask<GamesQuery, GamesPage>,
    /// The position the offset is for: another one starts at the first page.
    at: Option<Position>,
}

impl GamesList {
    /// Whether it is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The name searched for.
    pub fn player(&self) -> &str {
        &self.player
    }

    /// The page asked of a worker, and the last that came (or why it failed).
    pub fn ask(&self) -> &Ask<GamesQuery, GamesPage> {
        &self.ask
    }

    /// The reply to request `id`: a page, or why it failed (dropped unless it is the question in flight).
    pub fn took(&mut self, id: RequestId, outcome: Result<GamesPage, WorkerError>) {
        self.ask.settle(id, outcome);
    }

    /// The query for the position on the board.
    pub fn query(&self, shown: &Position) -> GamesQuery {
        GamesQuery {
            position: *shown,
            player: self.player.trim().to_string(),
            offset: if self.at == Some(*shown) {
                self.offset
            } else {
                0
            },
        }
    }

    /// The answer for the position on the board, once it came.
    pub fn shown(&self, shown: &Position) -> Option<(GamesQuery, &GamesPage)> {
        let want = self.query(shown);
        self.ask.answer_for(&want).map(|page| (want, page))
    }

    /// Why the list failed, if it did.
    pub fn error(&self) -> Option<&crate::protocol::WorkerError> {
        self.ask.error()
    }

    /// Carries out `action` for the board's position `shown`.
    pub fn apply(&mut self, action: GamesAction, shown: &Position) {
        match action {
            GamesAction::Open(open) => {
                self.open = open;
                self.ask.forget_error();
            }
            GamesAction::Player(name) => {
                self.player = name;
                self.offset = 0;
                self.ask.forget_error();
            }
            GamesAction::Page(offset) => {
                // A page's start, and never past the last page of the list as last answered for this
                // position and name (a pager button a page enabled past it shows the last page).
                let mut offset = offset / GAMES_PAGE * GAMES_PAGE;
                let here = self.query(shown);
                if let Some((asked, page)) = self.ask.answer() {
                    if asked.position == here.position && asked.player == here.player {
                        offset = offset.min(page.total.saturating_sub(1) / GAMES_PAGE * GAMES_PAGE);
                    }
                }
                self.offset = offset;
                self.at = Some(*shown);
            }
        }
    }

    /// True when [`GamesList::sync`] would ask for a page.
    pub fn would_ask(&self, shown: &Position) -> bool {
        self.open && self.ask.error().is_none() && !self.ask.has(&self.query(shown))
    }

    /// Asks for the page the board's position `shown` wants, unless it is here, asked, or the list failed
    /// (asked again only when the person opens the list or searches again).
    pub fn sync(&mut self, out: &mut Outbox, shown: &Position) {
        if !self.would_ask(shown) {
            return;
        }
        let want = self.query(shown);
        // A page asked before and no longer wanted is let run (withdrawing it could stop the worker while
        // it loads the file); its answer is not shown.
        self.ask.let_go();
        let request = |id| Request::Games {
            id,
            position: want.position,
            player: want.player.clone(),
            offset: want.offset,
            limit: GAMES_PAGE,
        };
        self.ask.ask(out, RoomAsk::Games, want.clone(), request);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_games(channel: &Outbox) -> Option<(crate::protocol::RequestId, u32)> {
        channel
            .pending_since(0)
            .into_iter()
            .rev()
            .find_map(|(r, _)| match r {
                Request::Games { id, offset, .. } => Some((id, offset)),
                _ => None,
            })
    }

    #[test]
    fn a_page_is_asked_once_and_shown_for_its_query_only() {
        let mut channel = Outbox::new(1);
        let mut list = GamesList::default();
        list.sync(&mut channel, &Position::START);
        assert_eq!(last_games(&channel), None, "closed: nothing asked");
        list.apply(GamesAction::Open(true), &Position::START);
        list.sync(&mut channel, &Position::START);
        let (id, offset) = last_games(&channel).unwrap();
        assert_eq!(offset, 0);
        list.sync(&mut channel, &Position::START);
        assert_eq!(last_games(&channel), Some((id, 0)), "asked once");
        let page = GamesPage {
            total: 12,
            games: Vec::new(),
        };
        assert!(list.ask.settle(id, Ok(page)));
        assert_eq!(list.shown(&Position::START).unwrap().1.total, 12);
        list.apply(GamesAction::Page(10), &Position::START);
        assert!(list.shown(&Position::START).is_none());
        list.sync(&mut channel, &Position::START);
        assert_eq!(last_games(&channel).unwrap().1, 10);
        // Another position starts from the first page.
        let f5 = Position::START.play("f5".parse().unwrap()).unwrap();
        assert_eq!(list.query(&f5).offset, 0);
    }

    /// Paging past the last page (a pager button a hostile page enabled) shows the last page, not "no
    /// games"; an offset between two pages is the page it falls in.
    #[test]
    fn paging_past_the_last_page_shows_the_last_page() {
        let mut channel = Outbox::new(1);
        let mut list = GamesList::default();
        list.apply(GamesAction::Open(true), &Position::START);
        list.sync(&mut channel, &Position::START);
        let (id, _) = last_games(&channel).unwrap();
        let page = GamesPage {
            total: 25,
            games: Vec::new(),
        };
        assert!(list.ask.settle(id, Ok(page)));
        list.apply(GamesAction::Page(90), &Position::START);
        assert_eq!(list.query(&Position::START).offset, 20);
        list.apply(GamesAction::Page(13), &Position::START);
        assert_eq!(list.query(&Position::START).offset, 10);
    }

    #[test]
    fn a_failure_waits_for_the_person() {
        let mut channel = Outbox::new(1);
        let mut list = GamesList::default();
        list.apply(GamesAction::Open(true), &Position::START);
        list.sync(&mut channel, &Position::START);
        let (id, _) = last_games(&channel).unwrap();
        assert!(list.ask.settle(
            id,
            Err(crate::protocol::WorkerError::DataMissing {
                file: crate::protocol::DataFile::Games,
                status: Some(404)
            })
        ));
        list.sync(&mut channel, &Position::START);
        assert_eq!(
            last_games(&channel).unwrap().0,
            id,
            "not asked again by itself"
        );
        list.apply(GamesAction::Player("Tastet".into()), &Position::START);
        list.sync(&mut channel, &Position::START);
        assert_ne!(last_games(&channel).unwrap().0, id);
    }
}
