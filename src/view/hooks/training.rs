//! The training room's progress, kept in storage.

use crate::view::reducer::Page;
use std::cell::RefCell;

use yew::prelude::*;

use crate::session::kept::storage::{TRAINING, TRAINING_BEFORE};
use crate::session::training::{Progress, ProgressLost, Training, TrainingAction};
use crate::session::Action;
use crate::view::browser::storage;

thread_local! {
    /// The training progress this page last read or wrote: what another tab wrote since is merged in.
    static PROGRESS_BASE: RefCell<Option<Progress>> = const { RefCell::new(None) };
}

/// Keeps the training room's progress in storage, written whenever it changes. When another tab wrote
/// progress since this page last read or wrote it, the two are merged ([`Progress::merge`]: what each tab
/// added adds up) and this page takes the merged progress.
#[hook]
pub fn use_training_progress(training: &Training, dispatcher: UseReducerDispatcher<Page>) {
    let progress = training.progress().clone();
    // Unreadable progress that could not be copied aside is not written over.
    let keep_stored = training.progress_lost() == Some(&ProgressLost::NotKept);
    use_effect_with(progress, move |progress| {
        let Some(storage) = storage().filter(|_| !keep_stored) else {
            return;
        };
        // The first time, the progress this page read at its start.
        let base = PROGRESS_BASE.with(|b| b.borrow().clone());
        let base = Some(base.unwrap_or_else(|| progress.clone()));
        let stored = [TRAINING, TRAINING_BEFORE]
            .into_iter()
            .find_map(|key| storage.get_item(key).ok().flatten())
            .and_then(|text| Progress::restore(&text).ok());
        let merged = match (base, stored) {
            (Some(base), Some(stored)) if stored != base && stored != *progress => {
                progress.merge(&stored, &base)
            }
            _ => progress.clone(),
        };
        // Written under the one scheme's key; the older key, read once, goes once the new one holds it.
        if storage.set_item(TRAINING, &merged.save()).is_ok() {
            let _ = storage.remove_item(TRAINING_BEFORE);
        }
        PROGRESS_BASE.with(|b| *b.borrow_mut() = Some(merged.clone()));
        if merged != *progress {
            dispatcher.dispatch(Action::Training(TrainingAction::Adopt(merged)));
        }
    });
}
