//! The games kept aside, a part of its own: each game an import, a shared link, a set-up, a loaded slot or
//! an expert game replaced on the board, the latest last, a click or a few away and never lost without
//! asking ([`MAX_REPLACED`] of them, the oldest dropped first).

use super::slots;
use super::Kept;
use crate::session::GameClock;
use reversi_engine::Game;

/// How many replaced games are kept.
pub const MAX_REPLACED: usize = 5;

/// The games kept aside, the latest last.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Aside {
    games: Vec<Kept>,
}

impl Aside {
    /// The games as the browser kept them (the page's start).
    pub fn new(games: Vec<Kept>) -> Aside {
        Aside { games }
    }

    /// The games, the latest last.
    pub fn games(&self) -> &[Kept] {
        &self.games
    }

    /// Keeps `current` aside before `next` replaces it, when it is worth keeping (it has a move or a start of
    /// its own: see [`slots::worth_keeping`]) and is not `next` itself; its clock stopped. True when kept.
    pub fn keep(&mut self, mut current: Kept, next: &Game) -> bool {
        let game = &current.game;
        if !slots::worth_keeping(game)
            || game.transcript() == next.transcript() && game.start() == next.start()
        {
            return false;
        }
        current.clock = stopped(current.clock.take());
        self.games.push(current);
        let over = self.games.len().saturating_sub(MAX_REPLACED);
        self.games.drain(..over);
        true
    }

    /// The last game kept, brought back in exchange for `current`, which goes to the far end ("Previous
    /// game" again goes one further back, and after every kept game comes back to this one; nothing is
    /// dropped); each game's clock stopped, with the time it had left.
    pub fn bring_back(&mut self, mut current: Kept) -> Option<Kept> {
        let mut previous = self.games.pop()?;
        current.clock = stopped(current.clock.take());
        self.games.insert(0, current);
        previous.clock = stopped(previous.clock.take());
        Some(previous)
    }
}

/// `clock`, stopped (a game put aside or brought back starts its clock again when next charged).
fn stopped(clock: Option<GameClock>) -> Option<GameClock> {
    clock.map(|mut clock| {
        clock.stop();
        clock
    })
}
