//! The board addressed and drawn outside its squares: the keys that move about it ([`keys`]) and its
//! picture for a shared image ([`picture`]). Its marks are the root's (`crate::session::BoardMarks`), as
//! they are worked out from every part.

pub mod keys;
pub mod picture;
