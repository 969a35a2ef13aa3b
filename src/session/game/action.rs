//! What the game is told and what it answers: its own controls ([`GameAction`]) and what each changed
//! ([`Outcome`], for the root to act on); and the names it carries, an expert game's title and this page's
//! game ids.

use super::*;

/// Who played an expert game, where and when, and how it ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExpertTitle {
    /// Black's player.
    pub black: String,
    /// White's player.
    pub white: String,
    /// The tournament.
    pub tournament: String,
    /// The year.
    pub year: u16,
    /// Black's discs at the end.
    pub black_discs: u8,
}

/// The ids of this page's new games: its own number (random, once a page) and its count of games, mixed,
/// so that no other page's games share one (two tabs' games are told apart when kept aside).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct GameIds {
    salt: u64,
    count: u64,
}

impl GameIds {
    /// The page's number is `salt` from now on (the count of its games goes on).
    pub fn set_salt(&mut self, salt: u64) {
        self.salt = salt;
    }

    /// An id for a new game (never 0).
    pub fn new_id(&mut self) -> u64 {
        self.count += 1;
        reversi_engine::seed_from(self.salt ^ self.count) | 1
    }
}

/// The game's own controls.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GameAction {
    /// A click (or Enter) on a square.
    Square(Square),
    /// Take back: in human vs AI, back to the person's previous turn.
    Undo,
    /// Replay what was taken back (in human vs AI, the engine's reply too).
    Redo,
    /// Show the position before ply `n` of the record (`None`: the current position).
    Browse(Option<usize>),
    /// Step through the record by this many plies from the position shown (the ← and → keys).
    Step(i32),
    /// Go on from the position shown: the moves after it are taken back (and stay a redo away).
    PlayFromHere,
    /// Show a variation (by its place among the game's) after this many of its plies.
    Variation {
        /// Which.
        index: usize,
        /// After how many of its plies.
        plies: usize,
    },
    /// Delete the variation's move shown and all that follows it.
    DeleteFrom,
    /// Promote the variation shown over the one it leaves.
    Promote,
    /// Make the variation shown the record.
    MainLine,
    /// ↑ (`-1`) or ↓ (`1`): the other branch at the nearest fork.
    Fork(i32),
}

/// What a [`GameAction`] changed, for the root to act on.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Nothing.
    Nothing,
    /// The record changed: what was asked for the old position is withdrawn (`withdraw`: a search of the
    /// engine's too), the notice cleared, and the engine asked what the new position needs.
    Record {
        /// Whether the engine's own search is withdrawn too (moves taken back).
        withdraw: bool,
    },
    /// Another position of the record is shown.
    Shown,
    /// Nothing changed; the person is told why.
    Told(Notice),
}
