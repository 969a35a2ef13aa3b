//! A request in the pool: its priority, and when the worker running it is taken for dead (its watchdog,
//! and the worker's silence).

use super::{Job, GAMES_MS, GRACE_MS, REVIEW_MS, SILENCE_MS, STOP_MS};
use crate::client::channel::Priority;
use crate::protocol::{Request, MAX_ANALYSE_MILLIS};
use reversi_engine::Level;

impl Job {
    pub(super) fn priority(&self) -> Priority {
        self.priority
    }

    /// Whether the worker says it is alive while it runs the request (everything but a perft, which counts
    /// without polling: its watchdog alone watches it).
    pub(super) fn beats(&self) -> bool {
        !matches!(self.request, Request::Perft { .. })
    }

    /// When the worker running the job since `since`, last heard from at `heard` and told to stop at
    /// `stopped` (if it was), is taken for dead.
    pub(super) fn dead_at(&self, since: f64, heard: f64, stopped: Option<f64>) -> f64 {
        let watchdog =
            (since + self.watchdog_ms()).min(stopped.map_or(f64::INFINITY, |t| t + STOP_MS));
        if self.beats() {
            watchdog.min(heard + SILENCE_MS)
        } else {
            watchdog
        }
    }

    /// How long the request may run before its worker is taken for dead.
    pub(super) fn watchdog_ms(&self) -> f64 {
        match &self.request {
            Request::Search {
                level, max_millis, ..
            } => {
                let cap = Level::get(*level).map_or(10_000, |l| l.move_time_ms);
                max_millis.map_or(cap, |m| m.min(cap)) as f64 + GRACE_MS
            }
            // A helper ends with the search it helps, whose own watchdog is at most the same.
            Request::Help { .. } => {
                let longest = (1..=reversi_engine::MAX_LEVEL).filter_map(Level::get);
                longest.map(|l| l.move_time_ms).max().unwrap_or(10_000) as f64 + GRACE_MS
            }
            Request::Analyse { .. } => MAX_ANALYSE_MILLIS + GRACE_MS,
            Request::Review { .. } => REVIEW_MS,
            // The games file is the largest: on a slow line its first load takes a while. The worker says
            // it is alive meanwhile, so a dead one is still found within SILENCE_MS.
            Request::Games { .. } => GAMES_MS,
            Request::Explore { .. }
            | Request::RandomStart { .. }
            | Request::Puzzle { .. }
            | Request::Ping { .. }
            | Request::Perft { .. } => GRACE_MS,
        }
    }
}
