//! perft: the number of move sequences of a given length, the standard check of a move generator.
//!
//! Othello's convention: a forced pass counts as a ply, and a game that ends before the depth is one leaf.

use super::Board;

/// Counts the leaves of the game tree `depth` plies below `board`.
///
/// ```
/// use reversi_engine::{perft, Board};
/// let counts: Vec<u64> = (1..=6).map(|d| perft(&Board::START, d)).collect();
/// assert_eq!(counts, [4, 12, 56, 244, 1396, 8200]);
/// ```
pub fn perft(board: &Board, depth: u32) -> u64 {
    let (p, o) = (board.player().0, board.opponent().0);
    #[cfg(target_arch = "x86_64")]
    if avx2_path_available() {
        // SAFETY: the CPU has every feature `avx2::perft_at` is compiled with (avx2, popcnt, lzcnt, bmi1,
        // bmi2), checked just above.
        return unsafe { avx2::perft_at(p, o, depth) };
    }
    portable::perft_at(p, o, depth)
}

/// Whether this CPU has every feature the AVX2 version is compiled with: all of them, since a CPU (or a
/// virtual machine) may report AVX2 without, say, LZCNT, which would then run as BSR and count wrongly.
#[cfg(target_arch = "x86_64")]
fn avx2_path_available() -> bool {
    std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
}

/// The counting code, written once and compiled twice: for the baseline CPU, and (on x86-64) for AVX2 with
/// its own move generator, chosen at run time.
macro_rules! perft_code {
    ($(#[$attr:meta])* $($unsafe:ident)?, $moves:path) => {
        $(#[$attr])*
        pub(super) $($unsafe)? fn perft_at(p: u64, o: u64, depth: u32) -> u64 {
            match depth {
                0 => 1,
                // With no move the node still has one child: the pass, or itself as a finished game.
                1 => $moves(p, o).count_ones().max(1) as u64,
                _ => perft_inner(p, o, depth),
            }
        }

        /// `depth >= 2`. At depth 2 the children are counted in bulk: a child's leaf count is its number
        /// of moves.
        $(#[$attr])*
        $($unsafe)? fn perft_inner(p: u64, o: u64, depth: u32) -> u64 {
            let mut remaining = $moves(p, o);
            if remaining == 0 {
                return if $moves(o, p) == 0 {
                    1
                } else {
                    perft_at(o, p, depth - 1)
                };
            }
            let mut nodes = 0;
            while remaining != 0 {
                let x = remaining.trailing_zeros() as usize;
                remaining &= remaining - 1;
                let flipped = flips(p, o, x);
                let child_p = o ^ flipped;
                let child_o = p ^ flipped ^ (1 << x);
                nodes += if depth == 2 {
                    $moves(child_p, child_o).count_ones().max(1) as u64
                } else {
                    perft_inner(child_p, child_o, depth - 1)
                };
            }
            nodes
        }
    };
}

mod portable {
    use super::super::board::{flips, moves};
    perft_code!(, moves);
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::super::board::flips;
    use super::super::vector::moves_avx2;
    // Keep this list and `avx2_path_available` the same.
    perft_code!(#[target_feature(enable = "avx2,popcnt,lzcnt,bmi1,bmi2")] unsafe, moves_avx2);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both compiled versions are checked, whichever one `perft` picks on this CPU.
    #[test]
    fn portable_and_avx2_versions_agree_with_the_table() {
        let (p, o) = (Board::START.player().0, Board::START.opponent().0);
        assert_eq!(portable::perft_at(p, o, 9), 3_005_288);
        #[cfg(target_arch = "x86_64")]
        if avx2_path_available() {
            // SAFETY: every feature the AVX2 version uses is present, checked just above.
            assert_eq!(unsafe { avx2::perft_at(p, o, 9) }, 3_005_288);
        }
    }

    /// The fast path needs every feature it is compiled with, not only AVX2 (the attribute in `mod avx2`).
    #[cfg(target_arch = "x86_64")]
    #[test]
    fn the_fast_path_checks_every_feature_it_is_compiled_with() {
        let source = include_str!("perft.rs");
        let attribute = source
            .split("target_feature(enable = \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .expect("the AVX2 version's feature list");
        let check = source
            .split("fn avx2_path_available() -> bool {")
            .nth(1)
            .and_then(|rest| rest.split('}').next())
            .expect("the run-time check");
        for feature in attribute.split(',') {
            assert!(
                check.contains(&format!("is_x86_feature_detected!(\"{feature}\")")),
                "{feature} is enabled at compile time but not checked at run time"
            );
        }
    }
}
