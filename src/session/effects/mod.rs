//! What the session sends out and how replies find their way home: the commands an action returns
//! ([`outbox`]), the page's network among them ([`net`]), and each part's asks with the requests in flight
//! ([`ask`]). Nothing here knows a part: a part's ask type is mapped to the root's [`crate::session::Asker`].

pub mod ask;
pub mod net;
pub mod outbox;
