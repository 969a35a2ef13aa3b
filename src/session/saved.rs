//! The saved-data format's version and why saved data could not be restored: what both the session
//! (its notices) and the storage code ([`crate::session::persist`]) need, kept apart so that neither imports the
//! other.

use std::fmt;

/// The format version written. Older versions are brought up to it by [`crate::session::persist::migrate`]; newer ones are refused
/// (and kept, see [`crate::session::persist::BACKUP_KEY`]).
pub const VERSION: u32 = 1;

/// Why saved data could not be restored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RestoreError {
    /// Not JSON of the expected shape.
    Malformed(String),
    /// Written by another version of the game.
    Version(u32),
    /// A field holds an impossible value.
    Invalid(String),
}

impl fmt::Display for RestoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestoreError::Malformed(reason) => write!(f, "saved data is not readable ({reason})"),
            RestoreError::Version(v) if *v > VERSION => write!(
                f,
                "saved by a newer version of the game (version {v}; this page reads up to version {VERSION})"
            ),
            RestoreError::Version(v) => write!(f, "saved data has version {v}, expected {VERSION}"),
            RestoreError::Invalid(reason) => write!(f, "saved data is invalid: {reason}"),
        }
    }
}

impl std::error::Error for RestoreError {}
