//! The position as the search sees it: the discs of the side to move and of its opponent, with legal-move
//! generation and flipping done by shifts and masks on 64-bit sets.

use std::fmt;

use super::error::PlayError;
use super::vector::U64x2;
use super::{Bitboard, Move, Square, Symmetry};

/// Discs of the side to move (`player`) and of the other side (`opponent`). Colour is not stored here: it lives
/// in the [`Position`](super::Position) or [`Game`](super::Game), so making a move is a flip and a swap.
///
/// ```
/// use reversi_engine::{Board, Square};
/// // The start position, black to move:
/// //   a b c d e f g h
/// // 4 . . . O X . . .
/// // 5 . . . X O . . .
/// let board = Board::START;
/// let moves: Vec<String> = board.moves().iter().map(|s| s.to_string()).collect();
/// assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
/// let next = board.play("f5".parse::<Square>().unwrap().into());
/// assert_eq!((next.player().count(), next.opponent().count()), (1, 4));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    player: Bitboard,
    opponent: Bitboard,
}

/// Columns b–g: a horizontal or diagonal run of flips cannot pass through column a or h.
const INNER_COLUMNS: u64 = 0x7E7E_7E7E_7E7E_7E7E;

impl Board {
    /// The standard start position with black to move: black on d5 and e4, white on d4 and e5.
    pub const START: Board = Board {
        player: Bitboard((1 << 35) | (1 << 28)),
        opponent: Bitboard((1 << 27) | (1 << 36)),
    };

    /// A board from the two disc sets.
    ///
    /// # Panics
    /// If the sets overlap.
    #[inline]
    pub const fn new(player: Bitboard, opponent: Bitboard) -> Board {
        assert!(player.0 & opponent.0 == 0, "a square holds two discs");
        Board { player, opponent }
    }

    /// Discs of the side to move.
    #[inline]
    pub const fn player(&self) -> Bitboard {
        self.player
    }

    /// Discs of the side not to move.
    #[inline]
    pub const fn opponent(&self) -> Bitboard {
        self.opponent
    }

    /// Empty squares.
    #[inline]
    pub const fn empties(&self) -> Bitboard {
        Bitboard(!(self.player.0 | self.opponent.0))
    }

    /// Number of empty squares.
    #[inline]
    pub const fn empty_count(&self) -> u32 {
        64 - (self.player.0 | self.opponent.0).count_ones()
    }

    /// Legal moves of the side to move.
    #[inline]
    pub fn moves(&self) -> Bitboard {
        Bitboard(moves(self.player.0, self.opponent.0))
    }

    /// Legal moves of the side not to move (as if it were its turn).
    #[inline]
    pub fn opponent_moves(&self) -> Bitboard {
        Bitboard(moves(self.opponent.0, self.player.0))
    }

    /// True when the side to move has a legal placement.
    #[inline]
    pub fn has_moves(&self) -> bool {
        self.moves().0 != 0
    }

    /// True when the side to move has no legal placement but the opponent has: it must pass.
    #[inline]
    pub fn must_pass(&self) -> bool {
        !self.has_moves() && self.opponent_moves().0 != 0
    }

    /// True when neither side can place a disc (board full, one colour gone, or both blocked).
    #[inline]
    pub fn is_game_over(&self) -> bool {
        !self.has_moves() && self.opponent_moves().0 == 0
    }

    /// The discs that placing on `square` would flip; empty when the move is illegal.
    #[inline]
    pub fn flips(&self, square: Square) -> Bitboard {
        if self.empties().contains(square) {
            Bitboard(flips(self.player.0, self.opponent.0, square.index()))
        } else {
            Bitboard::EMPTY
        }
    }

    /// True when `square` is a legal placement for the side to move.
    #[inline]
    pub fn is_legal(&self, square: Square) -> bool {
        !self.flips(square).is_empty()
    }

    /// Plays a legal move and returns the position with the other side to move.
    ///
    /// # Panics
    /// If the move is illegal (see [`Board::try_play`] for the checked form).
    #[inline]
    pub fn play(&self, mv: Move) -> Board {
        match self.try_play(mv) {
            Ok(board) => board,
            Err(error) => panic!("{error}"),
        }
    }

    /// Plays `mv` if it is legal; otherwise says why and leaves `self` as it was (boards are values).
    ///
    /// ```
    /// use reversi_engine::{Board, Move, PlayError};
    /// let a1 = "a1".parse().unwrap();
    /// assert_eq!(Board::START.try_play(Move::Place(a1)), Err(PlayError::IllegalMove { square: a1 }));
    /// assert_eq!(Board::START.try_play(Move::Pass), Err(PlayError::CannotPass));
    /// ```
    pub fn try_play(&self, mv: Move) -> Result<Board, PlayError> {
        match mv {
            Move::Place(square) => {
                let flipped = self.flips(square);
                if flipped.is_empty() {
                    if self.is_game_over() {
                        Err(PlayError::GameOver)
                    } else {
                        Err(PlayError::IllegalMove { square })
                    }
                } else {
                    Ok(self.play_with_flips(square, flipped))
                }
            }
            Move::Pass => {
                if self.has_moves() {
                    Err(PlayError::CannotPass)
                } else if self.opponent_moves().is_empty() {
                    Err(PlayError::GameOver)
                } else {
                    Ok(self.pass())
                }
            }
        }
    }

    /// Plays a placement known to be legal (the search's path: no check in release builds).
    #[inline]
    pub fn play_unchecked(&self, square: Square) -> Board {
        let flipped = Bitboard(flips(self.player.0, self.opponent.0, square.index()));
        debug_assert!(
            self.empties().contains(square) && !flipped.is_empty(),
            "illegal move {square}"
        );
        self.play_with_flips(square, flipped)
    }

    /// Plays on `square` with `flipped` already computed by [`Board::flips`].
    #[inline]
    pub fn play_with_flips(&self, square: Square, flipped: Bitboard) -> Board {
        debug_assert!(!flipped.is_empty() && self.empties().contains(square));
        Board {
            player: Bitboard(self.opponent.0 ^ flipped.0),
            opponent: Bitboard(self.player.0 ^ flipped.0 ^ square.bit()),
        }
    }

    /// The same discs with the other side to move (no legality check; see [`Board::try_play`]).
    #[inline]
    pub const fn pass(&self) -> Board {
        Board {
            player: self.opponent,
            opponent: self.player,
        }
    }

    /// The board seen under one of the 8 symmetries.
    #[inline]
    pub const fn transform(&self, symmetry: Symmetry) -> Board {
        Board {
            player: self.player.transform(symmetry),
            opponent: self.opponent.transform(symmetry),
        }
    }

    /// Disc difference at the end of the game from the side to move's point of view, with the empty squares
    /// given to the winner (the tournament rule). Meaningful once [`Board::is_game_over`].
    ///
    /// ```
    /// use reversi_engine::{Bitboard, Board};
    /// // 40 discs to 20, 4 empties: the winner gets them, so +24.
    /// let board = Board::new(Bitboard((1 << 40) - 1), Bitboard(((1 << 20) - 1) << 44));
    /// assert_eq!(board.final_score(), 24);
    /// assert_eq!(board.pass().final_score(), -24);
    /// ```
    #[inline]
    pub const fn final_score(&self) -> i32 {
        let p = self.player.count() as i32;
        let o = self.opponent.count() as i32;
        let empties = 64 - p - o;
        let diff = p - o;
        if diff > 0 {
            diff + empties
        } else if diff < 0 {
            diff - empties
        } else {
            0
        }
    }

    /// A 64-bit hash of the discs and of who is to move, for transposition tables. Two boards that differ only
    /// by who is to move hash differently, since `player` and `opponent` are mixed with different constants.
    #[inline]
    pub const fn hash(&self) -> u64 {
        let mut h = self.player.0.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ self
                .opponent
                .0
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
                .rotate_left(31);
        h ^= h >> 29;
        h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 32)
    }
}

impl Default for Board {
    fn default() -> Board {
        Board::START
    }
}

impl fmt::Debug for Board {
    /// A picture with row 1 on top: `X` for the side to move, `O` for the opponent, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "  a b c d e f g h   (X to move)")?;
        for row in 0..8 {
            write!(f, "{}", row + 1)?;
            for column in 0..8 {
                let bit = 1u64 << (row * 8 + column);
                let c = if self.player.0 & bit != 0 {
                    'X'
                } else if self.opponent.0 & bit != 0 {
                    'O'
                } else {
                    '.'
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

/// Legal moves of `p` against `o`: for each direction, the runs of `o` discs that start next to a `p` disc,
/// extended by parallel prefix (two steps of one, two of two) to their full length of at most six.
///
/// The six vertical and diagonal directions run as three pairs in two lanes: the board and its vertical mirror
/// image (`swap_bytes`), where shifting "down" the mirror is shifting "up" the board. Horizontal runs go
/// both ways in plain integers.
///
/// On x86-64 with AVX2 the four directions run in four lanes instead ([`moves_avx2`](super::vector::moves_avx2)).
#[inline(always)]
pub(crate) fn moves(p: u64, o: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if super::vector::simd_level() != super::vector::SimdLevel::Portable {
        // SAFETY: both vector levels have AVX2, all that `moves_avx2` is compiled with.
        return unsafe { super::vector::moves_avx2(p, o) };
    }
    moves_portable(p, o)
}

/// [`moves`] with two-lane vectors (SSE2 on x86-64, SIMD128 on wasm) and plain integers.
#[inline(always)]
pub(crate) fn moves_portable(p: u64, o: u64) -> u64 {
    let mask = o & INNER_COLUMNS;
    let pp = U64x2::new(p, p.swap_bytes());
    let oo = U64x2::new(o, o.swap_bytes());
    // INNER_COLUMNS is its own vertical mirror image.
    let mm = oo.and(U64x2::new(INNER_COLUMNS, INNER_COLUMNS));
    let down = lane_moves::<8, 16>(pp, oo)
        .or(lane_moves::<7, 14>(pp, mm))
        .or(lane_moves::<9, 18>(pp, mm));
    let (below, above_mirrored) = down.lanes();
    (below | above_mirrored.swap_bytes() | horizontal_moves(p, mask)) & !(p | o)
}

/// Squares reached by shifting runs of `mask` that start next to `p` towards higher bits by `D` (`D2` = 2·`D`).
#[inline(always)]
fn lane_moves<const D: i32, const D2: i32>(p: U64x2, mask: U64x2) -> U64x2 {
    let mut run = mask.and(p.shl::<D>());
    run = run.or(mask.and(run.shl::<D>()));
    let pairs = mask.and(mask.shl::<D>());
    run = run.or(pairs.and(run.shl::<D2>()));
    run = run.or(pairs.and(run.shl::<D2>()));
    run.shl::<D>()
}

#[inline(always)]
fn horizontal_moves(p: u64, mask: u64) -> u64 {
    let mut east = mask & (p << 1);
    let mut west = mask & (p >> 1);
    east |= mask & (east << 1);
    west |= mask & (west >> 1);
    let mask_east = mask & (mask << 1);
    let mask_west = mask & (mask >> 1);
    east |= mask_east & (east << 2);
    west |= mask_west & (west >> 2);
    east |= mask_east & (east << 2);
    west |= mask_west & (west >> 2);
    (east << 1) | (west >> 1)
}

/// Discs flipped when `p` plays on the empty square `x` against `o` (zero when the move is illegal).
///
/// Towards higher bits, adding 1 at `x` carries through the opponent's discs of the ray (every other bit
/// is pre-set to 1) and stops at the first ray square that is not the opponent's: that is the outflanking
/// disc if it is ours. Towards lower bits, the nearest non-opponent square of the ray is its highest bit.
///
/// On x86-64 a vector version is used where the CPU has it ([`simd_level`](super::vector::simd_level)).
#[inline(always)]
pub(crate) fn flips(p: u64, o: u64, x: usize) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use super::vector::{flips_avx2, flips_avx512, simd_level, SimdLevel};
        match simd_level() {
            // SAFETY: `simd_level` found every feature each version is compiled with.
            SimdLevel::Avx512 => return unsafe { flips_avx512(p, o, x) },
            SimdLevel::Avx2 => return unsafe { flips_avx2(p, o, x) },
            SimdLevel::Portable => {}
        }
    }
    flips_portable(p, o, x)
}

/// [`flips`] in plain integers: the ray table, carries towards higher bits, leading zeros towards lower ones.
#[inline(always)]
pub(crate) fn flips_portable(p: u64, o: u64, x: usize) -> u64 {
    let rays = &super::bitboard::RAYS[x];
    let mut flipped = 0;
    let mut i = 0;
    while i < 4 {
        let ray = rays[i];
        let outflank = (o | !ray).wrapping_add(1 << x) & p & ray;
        flipped |= outflank.wrapping_sub((outflank != 0) as u64) & ray;
        i += 1;
    }
    while i < 8 {
        let ray = rays[i];
        let stop = (ray & !o) | 1;
        let outflank = (0x8000_0000_0000_0000u64 >> stop.leading_zeros()) & p & ray;
        flipped |= !(outflank << 1).wrapping_sub(1) & ray;
        i += 1;
    }
    flipped
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flips by walking each direction square by square.
    fn slow_flips(p: u64, o: u64, x: usize) -> u64 {
        if (p | o) >> x & 1 != 0 {
            return 0;
        }
        let mut all = 0;
        for (dc, dr) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (1, -1),
            (-1, 1),
            (-1, -1),
        ] {
            let (mut c, mut r) = ((x % 8) as i32 + dc, (x / 8) as i32 + dr);
            let mut run = 0;
            while (0..8).contains(&c) && (0..8).contains(&r) && o >> (r * 8 + c) & 1 != 0 {
                run |= 1u64 << (r * 8 + c);
                c += dc;
                r += dr;
            }
            if (0..8).contains(&c) && (0..8).contains(&r) && p >> (r * 8 + c) & 1 != 0 {
                all |= run;
            }
        }
        all
    }

    #[test]
    fn flips_and_moves_match_a_square_by_square_walk() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occupied = seed | seed.rotate_left(17);
            let p = occupied & seed.rotate_left(29);
            let o = occupied & !p;
            let mut expected_moves = 0;
            for x in 0..64 {
                let slow = slow_flips(p, o, x);
                if slow != 0 {
                    expected_moves |= 1 << x;
                }
                if (p | o) >> x & 1 == 0 {
                    assert_eq!(flips(p, o, x), slow, "p={p:#x} o={o:#x} x={x}");
                    assert_eq!(flips_portable(p, o, x), slow, "p={p:#x} o={o:#x} x={x}");
                    #[cfg(target_arch = "x86_64")]
                    {
                        use super::super::vector::{
                            flips_avx2, flips_avx512, simd_level, SimdLevel,
                        };
                        let level = simd_level();
                        if level != SimdLevel::Portable {
                            // SAFETY: AVX2 is present (either vector level has it).
                            let fast = unsafe { flips_avx2(p, o, x) };
                            assert_eq!(fast, slow, "avx2: p={p:#x} o={o:#x} x={x}");
                        }
                        if level == SimdLevel::Avx512 {
                            // SAFETY: every feature of the AVX-512 version is present.
                            let fast = unsafe { flips_avx512(p, o, x) };
                            assert_eq!(fast, slow, "avx512: p={p:#x} o={o:#x} x={x}");
                        }
                    }
                }
            }
            assert_eq!(moves(p, o), expected_moves, "p={p:#x} o={o:#x}");
            assert_eq!(moves_portable(p, o), expected_moves, "p={p:#x} o={o:#x}");
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("avx2") {
                // SAFETY: AVX2 is present, checked just above.
                let fast = unsafe { super::super::vector::moves_avx2(p, o) };
                assert_eq!(fast, expected_moves, "avx2: p={p:#x} o={o:#x}");
            }
        }
    }

    #[test]
    fn hash_depends_on_side_to_move() {
        assert_ne!(Board::START.hash(), Board::START.pass().hash());
    }
}
