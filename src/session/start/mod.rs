//! The page's start, as plain Rust tested natively: the autosave restored (or recovered in part, or kept
//! aside when it cannot be read, said in the notice), the preferences the browser keeps, the games kept
//! aside, a shared link in the address, the training room's progress. The view reads the browser
//! ([`Startup`], and a [`Store`] for the storage) and hands the result to its reducer; everything the start
//! decides is here, and it changes the session only through its actions and methods.

use super::effects::outbox::Command;
use super::kept::persist::{self, Recovered};
use super::kept::storage;
use super::preferences::BoardView;
use super::training::{Progress, ProgressLost, TrainingAction};
use super::{slots, Action, Lang, Notice, Pace, PrefAction, Session};

/// The browser's storage as the start reads it.
pub trait Store {
    /// The text kept under `key`, if any.
    fn get(&self, key: &str) -> Option<String>;
    /// Keeps `text`, which could not be read, under `base` or the first free numbered key beside it (a
    /// copy kept earlier is never written over); the key, or `None` when the storage refused it.
    fn keep_aside(&mut self, base: &str, text: &str) -> Option<String>;
}

/// What the page's start reads of the browser besides its storage.
#[derive(Clone, Debug, Default)]
pub struct Startup {
    /// The browser's own language (`navigator.language`), for a page whose language was never chosen.
    pub browser_lang: Option<String>,
    /// The system asks for reduced motion: no sounds unless they were chosen.
    pub reduced_motion: bool,
    /// The shared link in the page's address, read (see [`super::record::share`]).
    pub shared: Option<Action>,
    /// The page's address asks for the quick pace ([`Pace::QUICK`]).
    pub quick: bool,
    /// This page's own random number (see [`Session::set_salt`]).
    pub salt: u64,
    /// The copy of unreadable data this tab told of on its last load, if any: told again once.
    pub told_before: Option<String>,
    /// The screen the page's address names (`#/analyse`: a reload keeps the screen).
    pub screen: Option<super::screen::Screen>,
}

/// The session the page starts with.
#[derive(Debug)]
pub struct Started {
    /// The session.
    pub session: Session,
    /// What it asks of the workers at once.
    pub commands: Vec<Command>,
    /// The copy of unreadable data told of now, for the tab to tell again after its next load.
    pub told: Option<String>,
}

impl Startup {
    /// Starts the session from what the browser keeps.
    pub fn start(self, store: &mut dyn Store) -> Started {
        let (mut session, mut commands, named, told) = restored(store);
        if told.is_none() && session.notice().is_none() {
            if let Some(notice) = self.told_before.and_then(|key| told_again(store, key)) {
                commands.extend(session.apply(Action::Tell(notice)));
            }
        }
        if self.quick {
            session.set_pace(Pace::QUICK);
        }
        // New games take ids no other page's games share (two tabs' games are told apart when kept aside).
        session.set_salt(self.salt, !named);
        let lang = store
            .get(storage::LANG)
            .or(self.browser_lang)
            .unwrap_or_default();
        let sound = match store.get(storage::SOUND).as_deref() {
            Some("on") => true,
            Some("off") => false,
            _ => !self.reduced_motion,
        };
        let view = BoardView::read(
            store.get(storage::BOARD_VIEW).as_deref(),
            store.get(storage::ORIENTATION_BEFORE).as_deref(),
        );
        let stored = PrefAction::Stored {
            lang: Lang::from_tag(&lang),
            sound,
            view,
        };
        commands.extend(session.apply(Action::Prefs(stored)));
        if let Some(text) = store.get(storage::REPLACED) {
            session.set_replaced(slots::read_replaced(&text));
        }
        if let Some(action) = self.shared {
            commands.extend(session.apply(action));
        }
        let training = progress(store);
        commands.extend(session.apply(Action::Training(training)));
        if let Some(screen) = self.screen {
            commands.extend(session.apply(Action::Screen(screen)));
        }
        Started {
            session,
            commands,
            told,
        }
    }
}

/// The autosaved session, or a new one with a notice when the save could not be read (a copy kept aside
/// first); whether the game on the board is one a save named (it keeps its id); the copy told of.
fn restored(store: &mut dyn Store) -> (Session, Vec<Command>, bool, Option<String>) {
    let Some(text) = store.get(storage::AUTOSAVE) else {
        return (Session::default(), Vec::new(), false, None);
    };
    let values = store.get(storage::VALUES);
    let mut keep = || store.keep_aside(&storage::unreadable(storage::AUTOSAVE), &text);
    let (mut session, mut commands, named, notice) = match persist::recover(&text) {
        Ok(Recovered { kept, lost, reset }) => {
            let named = kept.id != 0;
            // The graph's values kept with the game: whole at once, before the room asks for any.
            let values = values.map_or_else(Vec::new, |text| {
                persist::values::read(&text, kept.id, &kept.game)
            });
            let (mut session, commands) = Session::resume(kept);
            session.seed_values(values);
            let notice = match lost {
                Some(error) => Some(Notice::RestorePartial {
                    error,
                    backup: keep(),
                }),
                None if !reset.is_empty() => Some(Notice::SettingsReset {
                    settings: reset,
                    backup: keep(),
                }),
                None => None,
            };
            (session, commands, named, notice)
        }
        Err(error) => {
            let notice = Notice::RestoreFailed {
                error,
                backup: keep(),
            };
            (Session::default(), Vec::new(), false, Some(notice))
        }
    };
    let told = match &notice {
        Some(
            Notice::RestoreFailed { backup, .. }
            | Notice::RestorePartial { backup, .. }
            | Notice::SettingsReset { backup, .. },
        ) => backup.clone(),
        _ => None,
    };
    if let Some(notice) = notice {
        commands.extend(session.apply(Action::Tell(notice)));
    }
    (session, commands, named, told)
}

/// The notice of the unreadable save kept at `key`, told on this tab's last load, told again (read anew
/// from the copy); `None` when the copy is gone or reads well.
fn told_again(store: &dyn Store, key: String) -> Option<Notice> {
    let text = store.get(&key)?;
    let backup = Some(key);
    match persist::recover(&text) {
        Err(error) => Some(Notice::RestoreFailed { error, backup }),
        Ok(Recovered {
            lost: Some(error), ..
        }) => Some(Notice::RestorePartial { error, backup }),
        Ok(Recovered { reset, .. }) if !reset.is_empty() => Some(Notice::SettingsReset {
            settings: reset,
            backup,
        }),
        Ok(_) => None,
    }
}

/// The training room's progress as kept (under the one scheme's key, else the older one's), or why it
/// could not be had: unreadable progress is copied aside before anything writes over it.
fn progress(store: &mut dyn Store) -> TrainingAction {
    let kept = store
        .get(storage::TRAINING)
        .or_else(|| store.get(storage::TRAINING_BEFORE));
    let Some(text) = kept else {
        return TrainingAction::Adopt(Progress::new());
    };
    match Progress::restore(&text) {
        Ok(progress) => TrainingAction::Adopt(progress),
        Err(_) => {
            let key = store.keep_aside(&storage::unreadable(storage::TRAINING), &text);
            TrainingAction::Lost(key.map_or(ProgressLost::NotKept, ProgressLost::KeptAt))
        }
    }
}

#[cfg(test)]
mod tests;
