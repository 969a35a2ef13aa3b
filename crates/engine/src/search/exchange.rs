//! What the helpers of a parallel search tell each other of their tables. They share no memory, so each
//! answer carries the entries its helper stored near the top of its task ([`SharedEntry`]), and the next
//! task of every other helper carries them into that helper's table. The coordinators of the solve
//! ([`super::parallel::RootSolve`]) and of the mid-game search ([`super::split::SplitSearch`]) both keep one.

use std::collections::HashMap;

use crate::tt::SharedEntry;

/// The entries still to be passed on, helper by helper.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Exchange {
    /// The helper each task went to, until it ends.
    given: HashMap<u64, usize>,
    /// What each helper that has had a task is still to be told of what the others learned.
    inbox: HashMap<usize, Vec<SharedEntry>>,
}

impl Exchange {
    /// Task `serial` goes to `helper`: the entries it is to carry.
    pub(super) fn give(&mut self, serial: u64, helper: usize) -> Vec<SharedEntry> {
        self.given.insert(serial, helper);
        std::mem::take(self.inbox.entry(helper).or_default())
    }

    /// Task `serial` ended, its helper having learned `learned` (nothing when it was lost): every other
    /// helper is to be told.
    pub(super) fn ended(&mut self, serial: u64, learned: &[SharedEntry]) {
        if let Some(from) = self.given.remove(&serial) {
            for (_, inbox) in self.inbox.iter_mut().filter(|(&h, _)| h != from) {
                inbox.extend_from_slice(learned);
            }
        }
    }
}
