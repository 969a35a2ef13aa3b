//! The program's one random generator: SplitMix64 (Steele, Lea and Flood), small, fast and seedable, for the
//! levels' choices, the book's variety, training data and the puzzles' choice. Nothing here needs to be
//! cryptographic.
//!
//! ```
//! use reversi_engine::Rng;
//! let mut a = Rng::new(7);
//! let mut b = Rng::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(10) < 10);
//! ```

/// The generator's increment: 2^64 divided by the golden ratio, odd.
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// SplitMix64's output function: mixes a 64-bit state into 64 well-spread bits.
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The first output of a generator seeded with `seed`: one random draw from a seed.
pub const fn splitmix(seed: u64) -> u64 {
    mix(seed.wrapping_add(GOLDEN_GAMMA))
}

/// The seed a host hands to a search's or a draw's `seed` for its `n`-th request: the `n`-th state of the
/// generator's own sequence, so that consecutive numbers give generators ([`Rng::new`]) whose streams are
/// unrelated, and a draw made from the seed at once (`seed_from(n) % len`) is spread over `len`.
///
/// ```
/// use reversi_engine::{seed_from, Rng};
/// assert_ne!(seed_from(1) % 10, seed_from(2) % 10);
/// assert_ne!(Rng::new(seed_from(1)).next_u64(), Rng::new(seed_from(2)).next_u64());
/// ```
pub const fn seed_from(n: u64) -> u64 {
    n.wrapping_mul(GOLDEN_GAMMA)
}

/// A SplitMix64 generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator seeded with `seed`.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(GOLDEN_GAMMA);
        mix(self.state)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_the_reference_sequence() {
        // SplitMix64 from seed 1234567: the reference implementation's first outputs.
        let mut rng = Rng::new(1234567);
        assert_eq!(rng.next_u64(), 6457827717110365317);
        assert_eq!(rng.next_u64(), 3203168211198807973);
        assert_eq!(splitmix(1234567), 6457827717110365317);
    }
}
