//! How the page talks to its engine workers, as plain Rust tested natively: the numbered log of requests
//! that the session and the rooms append to ([`channel`]), and the pool that decides which worker runs what
//! ([`pool`]). The view's hook carries out what the pool decides with the browser's workers.

pub mod channel;
pub mod pool;
