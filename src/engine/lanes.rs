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

/// Legal moves with AVX2: the four directions (1, 8, 7, 9) in four lanes, each shifted both ways.
///
/// # Safety
/// The CPU must support AVX2 (check with `is_x86_feature_detected!("avx2")`).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(crate) unsafe fn moves_avx2(p: u64, o: u64) -> u64 {
    use std::arch::x86_64::*;
    const INNER: i64 = 0x7E7E_7E7E_7E7E_7E7E;
    let shift = _mm256_set_epi64x(7, 9, 8, 1);
    let shift2 = _mm256_add_epi64(shift, shift);
    let pp = _mm256_set1_epi64x(p as i64);
    let mask = _mm256_and_si256(
        _mm256_set1_epi64x(o as i64),
        _mm256_set_epi64x(INNER, INNER, -1, INNER),
    );
    let mut up = _mm256_and_si256(mask, _mm256_sllv_epi64(pp, shift));
    let mut down = _mm256_and_si256(mask, _mm256_srlv_epi64(pp, shift));
    up = _mm256_or_si256(up, _mm256_and_si256(mask, _mm256_sllv_epi64(up, shift)));
    down = _mm256_or_si256(down, _mm256_and_si256(mask, _mm256_srlv_epi64(down, shift)));
    let pairs_up = _mm256_and_si256(mask, _mm256_sllv_epi64(mask, shift));
    let pairs_down = _mm256_and_si256(mask, _mm256_srlv_epi64(mask, shift));
    up = _mm256_or_si256(
        up,
        _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, shift2)),
    );
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, shift2)),
    );
    up = _mm256_or_si256(
        up,
        _mm256_and_si256(pairs_up, _mm256_sllv_epi64(up, shift2)),
    );
    down = _mm256_or_si256(
        down,
        _mm256_and_si256(pairs_down, _mm256_srlv_epi64(down, shift2)),
    );
    let all = _mm256_or_si256(_mm256_sllv_epi64(up, shift), _mm256_srlv_epi64(down, shift));
    let half = _mm_or_si128(
        _mm256_castsi256_si128(all),
        _mm256_extracti128_si256::<1>(all),
    );
    let both = _mm_or_si128(half, _mm_unpackhi_epi64(half, half));
    _mm_cvtsi128_si64(both) as u64 & !(p | o)
}
