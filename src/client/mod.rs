//! How the page talks to its engine workers, as plain Rust tested natively: the pool that decides which
//! worker runs what ([`pool`]), each request carried with a tag of who asked that comes back with its
//! replies. The view's hook carries out what the pool decides with the browser's workers, fed by the
//! commands the session's actions return (see [`crate::session::effects::outbox`]).

pub mod pool;
