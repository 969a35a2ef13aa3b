//! The opening explorer of the analysis room: open or not, and its one ask of the workers (the moves strong
//! players chose in the position on the board). The room routes to it.

use super::super::effects::ask::Ask;
use super::RoomAsk;
use crate::protocol::{ExplorerRow, Request, RequestId, WorkerError};
use crate::session::effects::outbox::Outbox;
use reversi_engine::Position;

/// The opening explorer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Explorer {
    /// Whether it is shown.
    open: bool,
    /// The position asked of a worker, and the last answer (or why it failed).
    ask: Ask<Position, Vec<ExplorerRow>>,
}

impl Explorer {
    /// Whether it is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// The position asked of a worker, and the last answer (or why it failed).
    pub fn ask(&self) -> &Ask<Position, Vec<ExplorerRow>> {
        &self.ask
    }

    /// The reply to request `id`: its moves, or why it failed (dropped unless it is the question in flight).
    pub fn took(&mut self, id: RequestId, outcome: Result<Vec<ExplorerRow>, WorkerError>) {
        self.ask.settle(id, outcome);
    }

    /// Shows or hides it; a failure is forgotten (opening it again asks again).
    pub fn set_open(&mut self, open: bool) {
        self.open = open;
        self.ask.forget_error();
    }

    /// The moves for the position `shown`, once they came.
    pub fn rows(&self, shown: &Position) -> Option<&[ExplorerRow]> {
        self.ask.answer_for(shown).map(Vec::as_slice)
    }

    /// Why the explorer has nothing to show, if it failed.
    pub fn error(&self) -> Option<&crate::protocol::WorkerError> {
        self.ask.error()
    }

    /// True when [`Explorer::sync`] would ask for `shown`.
    pub fn would_ask(&self, shown: &Position) -> bool {
        self.open && self.ask.error().is_none() && !self.ask.has(shown)
    }

    /// Asks for the position `shown` while the explorer is open, unless its moves are here or asked, or the
    /// explorer failed.
    pub fn sync(&mut self, out: &mut Outbox, shown: &Position) {
        if !self.would_ask(shown) {
            return;
        }
        let position = *shown;
        let asker = RoomAsk::Explorer;
        self.ask
            .ask(out, asker, position, |id| Request::Explore { id, position });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_explorer_asks_for_the_shown_position_once_while_open() {
        let mut channel = Outbox::new(1);
        let mut explorer = Explorer::default();
        explorer.sync(&mut channel, &Position::START);
        assert!(channel.last_request().is_none());
        explorer.set_open(true);
        explorer.sync(&mut channel, &Position::START);
        explorer.sync(&mut channel, &Position::START);
        assert_eq!(channel.pending_since(0).len(), 1);
        let id = channel.last_request().unwrap().0.id();
        assert!(explorer.ask.waits_for(id));
        assert!(explorer.ask.settle(id, Ok(Vec::new())));
        assert_eq!(explorer.rows(&Position::START), Some(&[][..]));
        let f5 = Position::START.play("f5".parse().unwrap()).unwrap();
        assert_eq!(explorer.rows(&f5), None);
        explorer.sync(&mut channel, &f5);
        let id = channel.last_request().unwrap().0.id();
        assert!(explorer
            .ask
            .settle(id, Err(crate::protocol::WorkerError::NoPuzzle)));
        explorer.sync(&mut channel, &f5);
        assert_eq!(
            channel.pending_since(0).len(),
            2,
            "a failure is not asked again"
        );
        explorer.set_open(true);
        explorer.sync(&mut channel, &f5);
        assert_eq!(channel.pending_since(0).len(), 3);
    }
}
