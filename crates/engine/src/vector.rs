//! Two 64-bit lanes handled as one value: SSE2 on x86-64 (always present), SIMD128 on wasm32 when enabled,
//! plain pairs elsewhere. Move generation runs a direction and its vertical mirror image side by side in them.

#[cfg(target_arch = "x86_64")]
mod imp {
    use std::arch::x86_64::*;

    #[derive(Clone, Copy)]
    pub(crate) struct U64x2(__m128i);

    impl U64x2 {
        #[inline(always)]
        pub(crate) fn new(lo: u64, hi: u64) -> U64x2 {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            U64x2(unsafe { _mm_set_epi64x(hi as i64, lo as i64) })
        }
        #[inline(always)]
        pub(crate) fn and(self, other: U64x2) -> U64x2 {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            U64x2(unsafe { _mm_and_si128(self.0, other.0) })
        }
        #[inline(always)]
        pub(crate) fn or(self, other: U64x2) -> U64x2 {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            U64x2(unsafe { _mm_or_si128(self.0, other.0) })
        }
        #[inline(always)]
        pub(crate) fn shl<const N: i32>(self) -> U64x2 {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            U64x2(unsafe { _mm_slli_epi64::<N>(self.0) })
        }
        #[inline(always)]
        pub(crate) fn lanes(self) -> (u64, u64) {
            // SAFETY: SSE2 is part of the x86-64 baseline.
            unsafe {
                (
                    _mm_cvtsi128_si64(self.0) as u64,
                    _mm_cvtsi128_si64(_mm_unpackhi_epi64(self.0, self.0)) as u64,
                )
            }
        }
    }
}

#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod imp {
    use std::arch::wasm32::*;

    #[derive(Clone, Copy)]
    pub(crate) struct U64x2(v128);

    impl U64x2 {
        #[inline(always)]
        pub(crate) fn new(lo: u64, hi: u64) -> U64x2 {
            U64x2(u64x2(lo, hi))
        }
        #[inline(always)]
        pub(crate) fn and(self, other: U64x2) -> U64x2 {
            U64x2(v128_and(self.0, other.0))
        }
        #[inline(always)]
        pub(crate) fn or(self, other: U64x2) -> U64x2 {
            U64x2(v128_or(self.0, other.0))
        }
        #[inline(always)]
        pub(crate) fn shl<const N: i32>(self) -> U64x2 {
            U64x2(u64x2_shl(self.0, N as u32))
        }
        #[inline(always)]
        pub(crate) fn lanes(self) -> (u64, u64) {
            (
                u64x2_extract_lane::<0>(self.0),
                u64x2_extract_lane::<1>(self.0),
            )
        }
    }
}

#[cfg(not(any(
    target_arch = "x86_64",
    all(target_arch = "wasm32", target_feature = "simd128")
)))]
mod imp {
    #[derive(Clone, Copy)]
    pub(crate) struct U64x2(u64, u64);

    impl U64x2 {
        #[inline(always)]
        pub(crate) fn new(lo: u64, hi: u64) -> U64x2 {
            U64x2(lo, hi)
        }
        #[inline(always)]
        pub(crate) fn and(self, other: U64x2) -> U64x2 {
            U64x2(self.0 & other.0, self.1 & other.1)
        }
        #[inline(always)]
        pub(crate) fn or(self, other: U64x2) -> U64x2 {
            U64x2(self.0 | other.0, self.1 | other.1)
        }
        #[inline(always)]
        pub(crate) fn shl<const N: i32>(self) -> U64x2 {
            U64x2(self.0 << N, self.1 << N)
        }
        #[inline(always)]
        pub(crate) fn lanes(self) -> (u64, u64) {
            (self.0, self.1)
        }
    }
}

pub(crate) use imp::U64x2;

/// The runs of `o`'s discs that start next to a disc of `seed` (in every lane), in the four directions (1, 8, 9,
/// 7: one per lane) both ways: towards higher bits (`up`) and lower (`down`), by parallel prefix (one step,
/// one step, two pairs of steps: runs of up to six), with the shift of each lane. The opponent's discs on the
/// side columns stop every run but the vertical one. The move generator seeds it with the player's discs, the
/// flips with the square played.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn runs_avx2(
    seed: std::arch::x86_64::__m256i,
    o: u64,
) -> (
    std::arch::x86_64::__m256i,
    std::arch::x86_64::__m256i,
    std::arch::x86_64::__m256i,
) {
    use std::arch::x86_64::*;
    const INNER: i64 = 0x7E7E_7E7E_7E7E_7E7E;
    let shift = _mm256_set_epi64x(7, 9, 8, 1);
    let shift2 = _mm256_add_epi64(shift, shift);
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(INNER, INNER, -1, INNER),
    );
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(seed, shift));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(seed, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, shift)));
    let pairs_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let pairs_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    for _ in 0..2 {
        up = _mm256_or_si256(
            up,
            _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, shift2)),
        );
        down = _mm256_or_si256(
            down,
            _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, shift2)),
        );
    }
    (up, down, shift)
}

/// Legal moves with AVX2: the four directions (1, 8, 7, 9) in four lanes, each shifted both ways.
///
/// Calling it outside code compiled with AVX2 is `unsafe`: the CPU must support AVX2 (see [`simd_level`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) fn moves_avx2(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    let (up, down, shift) = runs_avx2(_mm256_set1_epi64x(p as i64), o);
    let all = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    or_lanes(all) & !(p | o)
}

/// Discs flipped by `p` playing on the empty square `x`, with AVX2: the four directions in four lanes, each
/// filled from `x` through the opponent's discs both ways (one step, one step, two pairs of steps), kept where
/// the square after the run is ours.
///
/// Calling it outside code compiled with AVX2 is `unsafe`: the CPU must support AVX2 (see [`simd_level`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(crate) fn flips_avx2(p: u64, o: u64, x: usize) -> u64 {
    use std::arch::x86_64::*;
    let (up, down, shift) = runs_avx2(_mm256_set1_epi64x((1u64 << x) as i64), o);
    let pp = _mm256_set1_epi64x(p as i64);
    // A run counts when the square after it is ours.
    let zero = _mm256_setzero_si256();
    let closed_up = _mm256_and_si256(pp, _mm256_sllv_epi64(up, shift));
    let closed_down = _mm256_and_si256(pp, _mm256_srlv_epi64(down, shift));
    let up = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed_up, zero), up);
    let down = _mm256_andnot_si256(_mm256_cmpeq_epi64(closed_down, zero), down);
    or_lanes(_mm256_or_si256(up, down))
}

/// Discs flipped by `p` playing on the empty square `x`, with AVX-512 (VL, CD): the ray table's four rays
/// towards higher bits carry through the opponent's discs (as in [`flips`](super::board::flips)), and the four
/// towards lower bits find their nearest non-opponent square by counting leading zeros in each lane.
///
/// Calling it outside code compiled with these features is `unsafe`: the CPU must support AVX2, AVX-512F,
/// AVX-512VL and AVX-512CD (see [`simd_level`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,avx512f,avx512vl,avx512cd")]
pub(crate) fn flips_avx512(p: u64, o: u64, x: usize) -> u64 {
    use std::arch::x86_64::*;
    let rays = super::bitboard::RAYS[x];
    // SAFETY: `rays` is eight u64s: the four rays towards higher bits, then the four towards lower ones.
    let (up_ray, down_ray) = unsafe {
        let at = rays.as_ptr() as *const __m256i;
        (_mm256_loadu_si256(at), _mm256_loadu_si256(at.add(1)))
    };
    let ones = _mm256_set1_epi64x(-1);
    let zero = _mm256_setzero_si256();
    let pp = _mm256_set1_epi64x(p as i64);
    let oo = _mm256_set1_epi64x(o as i64);
    let square = _mm256_set1_epi64x((1u64 << x) as i64);
    // Towards higher bits: 1 added at `x` carries through the opponent's discs (every other bit pre-set) to
    // the first square that is not theirs, kept if it is ours; the run is that square minus one.
    let carried = _mm256_add_epi64(_mm256_or_si256(oo, _mm256_xor_si256(up_ray, ones)), square);
    let outflank = _mm256_and_si256(_mm256_and_si256(carried, pp), up_ray);
    let minus_one = _mm256_xor_si256(_mm256_cmpeq_epi64(outflank, zero), ones);
    let up = _mm256_and_si256(_mm256_add_epi64(outflank, minus_one), up_ray);
    // Towards lower bits: the highest ray square that is not the opponent's, kept if it is ours; the run is
    // every ray square above it.
    let stop = _mm256_or_si256(_mm256_andnot_si256(oo, down_ray), _mm256_set1_epi64x(1));
    let highest = _mm256_srlv_epi64(_mm256_set1_epi64x(i64::MIN), _mm256_lzcnt_epi64(stop));
    let outflank = _mm256_and_si256(_mm256_and_si256(highest, pp), down_ray);
    let above = _mm256_sub_epi64(zero, _mm256_add_epi64(outflank, outflank));
    let down = _mm256_and_si256(above, down_ray);
    or_lanes(_mm256_or_si256(up, down))
}

/// The OR of a vector's four 64-bit lanes.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn or_lanes(v: std::arch::x86_64::__m256i) -> u64 {
    use std::arch::x86_64::*;
    let half = _mm_or_si128(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    _mm_cvtsi128_si64(_mm_or_si128(half, _mm_unpackhi_epi64(half, half))) as u64
}

/// Which vector flip [`flips`](super::board::flips) uses on this CPU, found once.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SimdLevel {
    /// Neither: the portable code.
    Portable,
    /// [`flips_avx2`].
    Avx2,
    /// [`flips_avx512`].
    Avx512,
}

/// This CPU's [`SimdLevel`]. Every feature a version is compiled with is checked (a CPU or a virtual machine
/// may report AVX-512F without CD, say); the answer is kept after the first call.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
pub(crate) fn simd_level() -> SimdLevel {
    use std::sync::atomic::{AtomicU8, Ordering};
    static LEVEL: AtomicU8 = AtomicU8::new(0);
    match LEVEL.load(Ordering::Relaxed) {
        1 => SimdLevel::Portable,
        2 => SimdLevel::Avx2,
        3 => SimdLevel::Avx512,
        _ => {
            let level = detect_simd_level();
            LEVEL.store(level as u8 + 1, Ordering::Relaxed);
            level
        }
    }
}

/// The first call's work for [`simd_level`]: asking the CPU.
#[cfg(target_arch = "x86_64")]
#[cold]
fn detect_simd_level() -> SimdLevel {
    // Keep these lists and the `target_feature` attributes above (and on the leaf solver's copies in
    // `search/endgame/small.rs`) the same.
    if std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("avx512f")
        && std::is_x86_feature_detected!("avx512vl")
        && std::is_x86_feature_detected!("avx512cd")
    {
        SimdLevel::Avx512
    } else if std::is_x86_feature_detected!("avx2") {
        SimdLevel::Avx2
    } else {
        SimdLevel::Portable
    }
}
