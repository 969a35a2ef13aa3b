//! The lines tried beside a saved game ([`crate::session::record::variation::Variation`]), as the save writes them.

use serde::{Deserialize, Serialize};

use crate::session::record::variation::Variation;
use reversi_engine::openings::parse_moves;
use reversi_engine::Game;

/// A line tried beside the game ([`crate::session::record::variation::Variation`]).
#[derive(Serialize, Deserialize, Debug, PartialEq)]
pub(super) struct SavedVariation {
    /// The ply of the record it branches before.
    at: usize,
    /// Its moves as a transcript (passes implicit), those stepped back from too.
    moves: String,
    /// How many of them the position shown is after.
    shown: usize,
    /// The board showed it.
    #[serde(default)]
    showing: bool,
}

impl SavedVariation {
    /// The game's variations as saved, the one the board showed marked.
    pub(super) fn all_of(
        (variations, shown): &(Vec<Variation>, Option<usize>),
    ) -> Vec<SavedVariation> {
        variations
            .iter()
            .enumerate()
            .map(|(i, variation)| {
                let (moves, placements) = variation.all();
                SavedVariation {
                    at: variation.at(),
                    moves: reversi_engine::transcript_of(moves),
                    shown: placements,
                    showing: *shown == Some(i),
                }
            })
            .collect()
    }

    /// The variations read back on `game`, and the one shown: those that no longer fit the record, or whose
    /// moves cannot be played there, are left out.
    pub(super) fn restore_all(
        saved: &[SavedVariation],
        game: &Game,
    ) -> (Vec<Variation>, Option<usize>) {
        let mut shown = None;
        let mut variations = Vec::new();
        for v in saved {
            let Ok(moves) = parse_moves(&v.moves) else {
                continue;
            };
            if let Some(variation) = Variation::on_record(game, v.at, &moves, v.shown) {
                if v.showing {
                    shown = Some(variations.len());
                }
                variations.push(variation);
            }
        }
        (variations, shown)
    }
}
