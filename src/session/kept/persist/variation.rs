//! The moves tried beside a saved game ([`crate::session::variation::Variation`]), as the save writes them.

use serde::{Deserialize, Serialize};

use crate::session::variation::{squares_of, Variation};
use reversi_engine::Game;

/// The moves tried beside the game ([`crate::session::variation::Variation`]).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub(super) struct SavedVariation {
    /// The ply of the record it branches before.
    at: usize,
    /// Its moves as a transcript (passes implicit), those stepped back from too.
    moves: String,
    /// How many of them the position shown is after.
    shown: usize,
    /// The board showed it.
    showing: bool,
}

impl SavedVariation {
    /// A variation as saved, with whether the board showed it.
    pub(super) fn of((variation, showing): &(Variation, bool)) -> SavedVariation {
        let (moves, shown) = variation.all();
        SavedVariation {
            at: variation.at(),
            moves: moves.iter().map(|s| s.to_string()).collect(),
            shown,
            showing: *showing,
        }
    }

    /// The variation read back on `game`: `None` when it no longer fits the record or its moves cannot be
    /// played there.
    pub(super) fn restore(&self, game: &Game) -> Option<(Variation, bool)> {
        let moves = squares_of(&self.moves)?;
        let variation = Variation::on_record(game, self.at, &moves, self.shown)?;
        Some((variation, self.showing))
    }
}
