//! Quick pairing, pure: who seeks which clock, and who is paired with whom. Seekers of the same clock and the
//! same kind (rated or casual) are paired by nearest rating, within a range that widens with the wait (the
//! longer of the two waits counts); never an account with itself.

use crate::game::{Clock, Ms};

/// Rating points a new seek accepts, and what each second of wait adds, up to [`MAX_RANGE`].
pub const START_RANGE: u32 = 100;
pub const RANGE_PER_SECOND: u32 = 50;
pub const MAX_RANGE: u32 = 1000;

/// One seek.
#[derive(Clone, Debug, PartialEq)]
pub struct Seeker {
    /// The lobby socket that seeks (each socket seeks once at a time).
    pub socket: u64,
    pub account: i64,
    pub name: String,
    /// The account's rating in the clock's category.
    pub rating: f64,
    pub clock: Clock,
    pub rated: bool,
    pub since: Ms,
}

/// The range a seek accepts after waiting `wait_ms`.
pub fn range(wait_ms: Ms) -> u32 {
    let seconds = (wait_ms.max(0) / 1000) as u32;
    START_RANGE
        .saturating_add(seconds.saturating_mul(RANGE_PER_SECOND))
        .min(MAX_RANGE)
}

/// The pairs to make now: indices into `seekers`, the closest ratings first. Each seeker is in one pair at
/// most.
pub fn pairs(seekers: &[Seeker], now: Ms) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..seekers.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&seekers[a], &seekers[b]);
        (x.clock.initial_ms, x.clock.increment_ms, x.rated)
            .cmp(&(y.clock.initial_ms, y.clock.increment_ms, y.rated))
            .then(x.rating.total_cmp(&y.rating))
    });
    // Candidates: each seeker with those after it in its group within the widest range.
    let mut candidates: Vec<(f64, usize, usize)> = Vec::new();
    for (k, &a) in order.iter().enumerate() {
        let x = &seekers[a];
        for &b in &order[k + 1..] {
            let y = &seekers[b];
            if (x.clock, x.rated) != (y.clock, y.rated) || y.rating - x.rating > MAX_RANGE as f64 {
                break;
            }
            let gap = y.rating - x.rating;
            let accepted = range(now - x.since).max(range(now - y.since)) as f64;
            if x.account != y.account && gap <= accepted {
                candidates.push((gap, a, b));
            }
        }
    }
    candidates.sort_by(|p, q| p.0.total_cmp(&q.0).then((p.1, p.2).cmp(&(q.1, q.2))));
    let mut taken = vec![false; seekers.len()];
    let mut made = Vec::new();
    for (_, a, b) in candidates {
        if !taken[a] && !taken[b] {
            taken[a] = true;
            taken[b] = true;
            made.push((a, b));
        }
    }
    made
}

#[cfg(test)]
mod tests {
    use super::*;

    const BLITZ: Clock = Clock {
        initial_ms: 300_000,
        increment_ms: 3_000,
    };

    fn seeker(socket: u64, account: i64, rating: f64, since: Ms) -> Seeker {
        Seeker {
            socket,
            account,
            name: format!("p{account}"),
            rating,
            clock: BLITZ,
            rated: true,
            since,
        }
    }

    #[test]
    fn the_nearest_ratings_are_paired_first() {
        let seekers = [
            seeker(1, 1, 1500.0, 0),
            seeker(2, 2, 1580.0, 0),
            seeker(3, 3, 1520.0, 0),
            seeker(4, 4, 1610.0, 0),
        ];
        let made = pairs(&seekers, 0);
        assert_eq!(made, [(0, 2), (1, 3)]);
    }

    #[test]
    fn the_range_widens_with_the_wait() {
        let seekers = [seeker(1, 1, 1500.0, 0), seeker(2, 2, 1800.0, 0)];
        assert!(pairs(&seekers, 0).is_empty(), "300 apart, range 100");
        assert!(pairs(&seekers, 3_999).is_empty(), "range 250 after 3 s");
        assert_eq!(pairs(&seekers, 4_000), [(0, 1)], "range 300 after 4 s");
        assert_eq!(range(3_600_000), MAX_RANGE);
    }

    #[test]
    fn other_clocks_kinds_and_ones_own_account_are_never_paired() {
        let mut casual = seeker(2, 2, 1500.0, 0);
        casual.rated = false;
        let mut bullet = seeker(3, 3, 1500.0, 0);
        bullet.clock = Clock {
            initial_ms: 60_000,
            increment_ms: 0,
        };
        let same_account = seeker(4, 1, 1500.0, 0);
        let seekers = [seeker(1, 1, 1500.0, 0), casual, bullet, same_account];
        assert!(pairs(&seekers, 60_000).is_empty());
    }
}
