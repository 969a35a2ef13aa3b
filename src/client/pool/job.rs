//! A request in the pool: when the worker running it is taken for dead (its request's watchdog, and the
//! worker's silence).

use super::{Job, SILENCE_MS, STOP_MS};
use crate::protocol::Priority;

impl<O> Job<O> {
    pub(super) fn priority(&self) -> Priority {
        self.priority
    }

    /// When the worker running the job since `since`, last heard from at `heard` and told to stop at
    /// `stopped` (if it was), is taken for dead.
    pub(super) fn dead_at(&self, since: f64, heard: f64, stopped: Option<f64>) -> f64 {
        let watchdog = (since + self.request.watchdog_ms())
            .min(stopped.map_or(f64::INFINITY, |t| t + STOP_MS));
        if self.request.beats() {
            watchdog.min(heard + SILENCE_MS)
        } else {
            watchdog
        }
    }
}
