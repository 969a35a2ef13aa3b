//! What keeps one client from taking the server: a cap on the open sockets of one address, and a rate limit on
//! the messages of one connection.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::error::ApiError;

/// Messages a connection may send a second, on average, and in a burst.
pub const MESSAGES_PER_SECOND: f64 = 20.0;
pub const MESSAGE_BURST: f64 = 40.0;

/// Refused messages after which a connection is closed.
pub const REFUSALS_BEFORE_CLOSE: u32 = 100;

/// A token bucket: [`MESSAGE_BURST`] tokens, refilled at [`MESSAGES_PER_SECOND`].
#[derive(Debug)]
pub struct RateLimit {
    tokens: f64,
    last: Instant,
    /// Messages refused so far.
    pub refused: u32,
}

impl Default for RateLimit {
    fn default() -> RateLimit {
        RateLimit::new(Instant::now())
    }
}

impl RateLimit {
    /// A full bucket at `now`.
    pub fn new(now: Instant) -> RateLimit {
        RateLimit {
            tokens: MESSAGE_BURST,
            last: now,
            refused: 0,
        }
    }

    /// Whether a message arriving at `now` may be handled.
    pub fn allow(&mut self, now: Instant) -> Result<(), ApiError> {
        let elapsed = now.saturating_duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * MESSAGES_PER_SECOND).min(MESSAGE_BURST);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            self.refused += 1;
            Err(ApiError::RateLimited)
        }
    }

    /// Whether the connection has been refused so often that it should be closed.
    pub fn exhausted(&self) -> bool {
        self.refused >= REFUSALS_BEFORE_CLOSE
    }
}

/// Open sockets by address, at most `per_address` each.
#[derive(Debug)]
pub struct Connections {
    per_address: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One open socket, counted until dropped.
#[derive(Debug)]
pub struct Held {
    connections: Arc<Connections>,
    address: IpAddr,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut open = self.connections.open.lock().expect("connections");
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

impl Connections {
    /// At most `per_address` sockets an address.
    pub fn new(per_address: usize) -> Arc<Connections> {
        Arc::new(Connections {
            per_address,
            open: Mutex::new(HashMap::new()),
        })
    }

    /// The sockets open now, from every address.
    pub fn total(&self) -> usize {
        self.open.lock().expect("connections").values().sum()
    }

    /// Counts one more socket of `address`, or refuses it.
    pub fn hold(self: &Arc<Connections>, address: IpAddr) -> Result<Held, ApiError> {
        let mut open = self.open.lock().expect("connections");
        let count = open.entry(address).or_insert(0);
        if *count >= self.per_address {
            return Err(ApiError::TooManyConnections);
        }
        *count += 1;
        Ok(Held {
            connections: Arc::clone(self),
            address,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_burst_then_the_rate() {
        let start = Instant::now();
        let mut limit = RateLimit::new(start);
        for _ in 0..40 {
            assert_eq!(limit.allow(start), Ok(()));
        }
        assert_eq!(limit.allow(start), Err(ApiError::RateLimited));
        // 100 ms later, two more.
        let later = start + Duration::from_millis(100);
        assert_eq!(limit.allow(later), Ok(()));
        assert_eq!(limit.allow(later), Ok(()));
        assert_eq!(limit.allow(later), Err(ApiError::RateLimited));
        assert_eq!(limit.refused, 2);
    }

    #[test]
    fn an_address_holds_at_most_its_share() {
        let connections = Connections::new(2);
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let first = connections.hold(a).unwrap();
        let _second = connections.hold(a).unwrap();
        assert_eq!(
            connections.hold(a).err(),
            Some(ApiError::TooManyConnections)
        );
        let _other = connections.hold(b).unwrap();
        drop(first);
        assert!(connections.hold(a).is_ok());
    }
}
