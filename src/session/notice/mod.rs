//! The short messages the page shows the player: refused clicks, failed imports and links, restored or
//! unreadable saves, engine errors.

use crate::session::kept::RestoreError;
use reversi_engine::{PositionError, Square, TranscriptError};

/// A short message for the player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A click on a square that is not a legal move.
    NotLegal {
        /// The square clicked.
        square: Square,
        /// True when the square is occupied.
        occupied: bool,
    },
    /// A click while the engine is to move.
    NotYourTurn,
    /// A click while an earlier position of the game is shown.
    Browsing,
    /// "Make main line" while the game is played against the AI or online, or in an expert game studied:
    /// its record is what was played.
    MainLineRefused,
    /// The engine worker stopped answering and was restarted.
    WorkerRestarted,
    /// The autosaved game could not be restored; a new game was started. The unreadable data is kept
    /// under `backup` (a storage key), where the page could store it.
    RestoreFailed {
        /// Why.
        error: RestoreError,
        /// The storage key now holding the unreadable data.
        backup: Option<String>,
    },
    /// Only the first moves of the autosaved game could be restored; the whole saved data is kept under
    /// `backup`.
    RestorePartial {
        /// What could not be restored.
        error: RestoreError,
        /// The storage key now holding the saved data as it was.
        backup: Option<String>,
    },
    /// The autosaved game was restored, but some of its settings could not be read and are back to their
    /// defaults; the saved data as it was is kept under `backup`.
    SettingsReset {
        /// The settings put back to their defaults.
        settings: Vec<crate::session::kept::persist::Setting>,
        /// The storage key now holding the saved data as it was.
        backup: Option<String>,
    },
    /// The autosave's place holds data that cannot be read and could not be copied aside (the storage is full,
    /// or every key for copies is taken): the game is not autosaved, so as not to write over it, until the
    /// person copies it or says to write over it.
    SaveHeld,
    /// The browser's storage refused a write (it is full): what is not kept on this device.
    StorageFull(Unsaved),
    /// A pasted transcript could not be played; the game is unchanged.
    ImportFailed {
        /// What was wrong (which move, at which ply).
        error: TranscriptError,
    },
    /// A pasted GGF game could not be read; the game is unchanged.
    GgfFailed {
        /// What was wrong.
        error: reversi_engine::ggf::GgfError,
    },
    /// A shared link could not be opened.
    LinkFailed {
        /// What was wrong.
        error: LinkError,
    },
    /// A transcript or link was copied to the clipboard.
    Copied,
    /// Import was clicked with nothing to import.
    ImportEmpty,
    /// An import or a shared link replaced a game, which is kept one click away.
    Replaced,
    /// The game put aside is back (and the other one is now aside).
    BroughtBack,
    /// A position in the editor (or its text) is not usable.
    BadPosition {
        /// Why.
        error: PositionError,
    },
    /// A pasted board is not a usable position; the game is unchanged.
    ImportedBoardBad {
        /// Why.
        error: PositionError,
    },
    /// Online play: a refusal, the connection down, a game not found (see [`crate::session::online`]).
    Online(crate::session::online::OnlineNotice),
    /// The engine failed a request.
    EngineError {
        /// Why.
        error: crate::protocol::WorkerError,
    },
}

impl Notice {
    /// True for a report of something done as asked (copied, a game brought back), shown as a success
    /// rather than as a warning.
    pub fn is_success(&self) -> bool {
        matches!(self, Notice::Copied | Notice::BroughtBack)
    }

    /// True for why pasted text could not be imported: the page says it beside the Import button.
    pub fn is_import_error(&self) -> bool {
        matches!(
            self,
            Notice::ImportEmpty
                | Notice::ImportFailed { .. }
                | Notice::GgfFailed { .. }
                | Notice::ImportedBoardBad { .. }
        )
    }
}

/// Why a shared link could not be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    /// Its start position is unreadable or impossible.
    Position(PositionError),
    /// Its moves cannot be played.
    Transcript(TranscriptError),
}

/// What a full storage did not keep ([`Notice::StorageFull`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsaved {
    /// The game on the board (its autosave): a reload would lose what changed since the last write.
    Game,
    /// A game put aside (by an import, a link, an online game taking the board).
    Aside,
    /// An online game's seat (its token): a reload would only watch the game.
    Seat,
}
