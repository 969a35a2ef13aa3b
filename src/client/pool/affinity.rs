//! Which worker already holds a data file. A worker loads the expert games, the explorer or the puzzles
//! the first time a request needs them and keeps them; the next such request goes to that worker when it
//! is idle, rather than to the first idle one, which would load its own copy first.

use super::Slot;
use crate::protocol::{DataFile, Request};

/// For each data file (by [`DataFile::index`]), the slot and the worker's generation that last read it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Affinity {
    holders: [Option<(usize, u64)>; DataFile::ALL.len()],
}

impl Affinity {
    /// The idle slot whose worker holds the file `request` reads, if there is one (the same worker: not
    /// one started since in that slot).
    pub(super) fn idle_holder<O: PartialEq>(
        &self,
        request: &Request,
        slots: &[(Slot<O>, u64)],
    ) -> Option<usize> {
        let (slot, generation) = self.holders[request.data_file()?.index()]?;
        let (state, current) = slots.get(slot)?;
        (*state == Slot::Idle && *current == generation).then_some(slot)
    }

    /// `request` went to `slot`, whose worker is of `generation`.
    pub(super) fn note(&mut self, request: &Request, slot: usize, generation: u64) {
        if let Some(file) = request.data_file() {
            self.holders[file.index()] = Some((slot, generation));
        }
    }
}
