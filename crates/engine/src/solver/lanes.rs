//! Four `u32` lanes worked on at once: lane `b` is band `b`, and the fourth
//! lane is always zero. One `Lanes` holds a digit's candidates in all three
//! bands, or a mask per band (open cells, singles found).
//!
//! On x86-64 every operation is one or two SSE2 instructions (SSE2 is part of
//! the x86-64 baseline, so no feature check is needed); elsewhere they are
//! plain loops over the array.

/// Three band masks and a zero lane, aligned for one 128-bit load.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(16))]
pub struct Lanes(pub [u32; 4]);

impl Lanes {
    /// No bits in any band.
    pub const ZERO: Lanes = Lanes([0; 4]);

    /// `mask` in each of the three bands.
    pub const fn splat(mask: u32) -> Lanes {
        Lanes([mask, mask, mask, 0])
    }

    /// The three bands' masks, built in a register: writing lanes one by
    /// one to memory and reading them back as a whole stalls the CPU's
    /// store forwarding.
    #[inline(always)]
    pub fn bands(first: u32, second: u32, third: u32) -> Lanes {
        imp::bands(first, second, third)
    }

    /// `mask` in all four lanes (for bit-planes, not bands).
    #[inline(always)]
    pub fn splat4(mask: u32) -> Lanes {
        imp::splat4(mask)
    }

    /// `mask` in band `band` only.
    #[inline(always)]
    pub fn one(band: usize, mask: u32) -> Lanes {
        const LANE: [Lanes; 4] = [
            Lanes([u32::MAX, 0, 0, 0]),
            Lanes([0, u32::MAX, 0, 0]),
            Lanes([0, 0, u32::MAX, 0]),
            Lanes([0, 0, 0, u32::MAX]),
        ];
        Lanes::splat4(mask).and(LANE[band & 3])
    }

    /// Band `band`'s mask.
    #[inline(always)]
    pub fn get(self, band: usize) -> u32 {
        self.0[band]
    }

    /// Bit `b` set for each band `b` whose mask is not zero.
    #[inline(always)]
    pub fn nonzero(self) -> u32 {
        imp::nonzero(self)
    }

    /// Whether every band's mask is zero.
    #[inline(always)]
    pub fn is_zero(self) -> bool {
        self.nonzero() == 0
    }

    /// Bits in both.
    #[inline(always)]
    pub fn and(self, other: Lanes) -> Lanes {
        imp::and(self, other)
    }

    /// Bits in either.
    #[inline(always)]
    pub fn or(self, other: Lanes) -> Lanes {
        imp::or(self, other)
    }

    /// Bits in `self` but not in `other`.
    #[inline(always)]
    pub fn and_not(self, other: Lanes) -> Lanes {
        imp::and_not(self, other)
    }

    /// Bits in exactly one.
    #[inline(always)]
    pub fn xor(self, other: Lanes) -> Lanes {
        imp::xor(self, other)
    }

    /// For each band, the bits of its rows (9 bits each) that hold exactly
    /// one bit. Every row of the three bands must hold at least one.
    #[inline(always)]
    pub fn single_rows(self) -> Lanes {
        imp::single_rows(self)
    }

    /// The number of bits set in all four lanes together.
    #[inline(always)]
    pub fn count_ones(self) -> u32 {
        imp::count_ones(self)
    }

    /// Bit `at` (0-26) of each of the four lanes, as a 4-bit number: lane
    /// `i` gives bit `i`. With the lanes as bit-planes of 4-bit numbers per
    /// bit position, this reads the number at position `at`.
    #[inline(always)]
    pub fn planes_at(self, at: usize) -> u32 {
        imp::planes_at(self, at)
    }
}

#[cfg(target_arch = "x86_64")]
mod imp {
    use super::Lanes;
    use std::arch::x86_64::{
        __m128i, _mm_and_si128, _mm_andnot_si128, _mm_castsi128_ps, _mm_cmpeq_epi32,
        _mm_cvtsi128_si64, _mm_cvtsi32_si128, _mm_movemask_ps, _mm_or_si128, _mm_set1_epi32,
        _mm_set_epi32, _mm_setzero_si128, _mm_sll_epi32, _mm_sub_epi32, _mm_unpackhi_epi64,
        _mm_xor_si128,
    };

    // SAFETY (every `unsafe` below but the transmutes): these intrinsics
    // need only SSE2, which every x86-64 CPU has and the target enables.

    #[inline(always)]
    pub fn bands(first: u32, second: u32, third: u32) -> Lanes {
        store(unsafe { _mm_set_epi32(0, third as i32, second as i32, first as i32) })
    }

    #[inline(always)]
    pub fn splat4(mask: u32) -> Lanes {
        store(unsafe { _mm_set1_epi32(mask as i32) })
    }

    #[inline(always)]
    fn load(lanes: Lanes) -> __m128i {
        // SAFETY: `Lanes` is 16 bytes of plain integers, aligned to 16, like
        // `__m128i`; every bit pattern is valid for both.
        unsafe { std::mem::transmute::<Lanes, __m128i>(lanes) }
    }

    #[inline(always)]
    fn store(vector: __m128i) -> Lanes {
        // SAFETY: as in `load`.
        unsafe { std::mem::transmute::<__m128i, Lanes>(vector) }
    }

    #[inline(always)]
    pub fn and(a: Lanes, b: Lanes) -> Lanes {
        store(unsafe { _mm_and_si128(load(a), load(b)) })
    }

    #[inline(always)]
    pub fn or(a: Lanes, b: Lanes) -> Lanes {
        store(unsafe { _mm_or_si128(load(a), load(b)) })
    }

    #[inline(always)]
    pub fn and_not(a: Lanes, b: Lanes) -> Lanes {
        // andnot(x, y) computes !x & y.
        store(unsafe { _mm_andnot_si128(load(b), load(a)) })
    }

    #[inline(always)]
    pub fn xor(a: Lanes, b: Lanes) -> Lanes {
        store(unsafe { _mm_xor_si128(load(a), load(b)) })
    }

    #[inline(always)]
    pub fn nonzero(a: Lanes) -> u32 {
        // Compare each lane with zero, then take the lanes' sign bits.
        let zero_lanes = unsafe {
            let zero = _mm_cmpeq_epi32(load(a), _mm_setzero_si128());
            _mm_movemask_ps(_mm_castsi128_ps(zero))
        };
        !(zero_lanes as u32) & 0xF
    }

    #[inline(always)]
    pub fn single_rows(a: Lanes) -> Lanes {
        const ROW_LOW: Lanes = Lanes([1 | 1 << 9 | 1 << 18; 4]);
        const ROWS: [Lanes; 3] = [
            Lanes([0x1FF; 4]),
            Lanes([0x1FF << 9; 4]),
            Lanes([0x1FF << 18; 4]),
        ];
        let cells = load(a);
        let rows = ROWS.map(load);
        let singles = unsafe {
            // Subtracting one per row clears each row's lowest bit (no row
            // is empty, so no borrow crosses rows): a row left empty had one.
            let rest = _mm_and_si128(cells, _mm_sub_epi32(cells, load(ROW_LOW)));
            let zero = _mm_setzero_si128();
            let mut keep = zero;
            for row in rows {
                let alone = _mm_cmpeq_epi32(_mm_and_si128(rest, row), zero);
                keep = _mm_or_si128(keep, _mm_and_si128(alone, row));
            }
            _mm_and_si128(cells, keep)
        };
        store(singles)
    }

    #[inline(always)]
    pub fn count_ones(a: Lanes) -> u32 {
        // Two 64-bit halves, two population counts.
        let (low, high) = unsafe {
            let vector = load(a);
            let high = _mm_unpackhi_epi64(vector, vector);
            (
                _mm_cvtsi128_si64(vector) as u64,
                _mm_cvtsi128_si64(high) as u64,
            )
        };
        low.count_ones() + high.count_ones()
    }

    #[inline(always)]
    pub fn planes_at(a: Lanes, at: usize) -> u32 {
        // Shift bit `at` of every lane into its sign bit, then gather signs.
        let signs = unsafe {
            let shifted = _mm_sll_epi32(load(a), _mm_cvtsi32_si128(31 - at as i32));
            _mm_movemask_ps(_mm_castsi128_ps(shifted))
        };
        signs as u32
    }
}

#[cfg(not(target_arch = "x86_64"))]
mod imp {
    use super::Lanes;

    #[inline(always)]
    fn zip(a: Lanes, b: Lanes, f: impl Fn(u32, u32) -> u32) -> Lanes {
        Lanes(std::array::from_fn(|i| f(a.0[i], b.0[i])))
    }

    #[inline(always)]
    pub fn bands(first: u32, second: u32, third: u32) -> Lanes {
        Lanes([first, second, third, 0])
    }

    #[inline(always)]
    pub fn splat4(mask: u32) -> Lanes {
        Lanes([mask; 4])
    }

    #[inline(always)]
    pub fn and(a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |x, y| x & y)
    }

    #[inline(always)]
    pub fn or(a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |x, y| x | y)
    }

    #[inline(always)]
    pub fn and_not(a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |x, y| x & !y)
    }

    #[inline(always)]
    pub fn xor(a: Lanes, b: Lanes) -> Lanes {
        zip(a, b, |x, y| x ^ y)
    }

    #[inline(always)]
    pub fn nonzero(a: Lanes) -> u32 {
        (0..4).fold(0, |mask, i| mask | u32::from(a.0[i] != 0) << i)
    }

    #[inline(always)]
    pub fn planes_at(a: Lanes, at: usize) -> u32 {
        (0..4).fold(0, |number, i| number | (a.0[i] >> at & 1) << i)
    }

    #[inline(always)]
    pub fn count_ones(a: Lanes) -> u32 {
        a.0.iter().map(|lane| lane.count_ones()).sum()
    }

    #[inline(always)]
    pub fn single_rows(a: Lanes) -> Lanes {
        Lanes(a.0.map(|cells| {
            let mut singles = 0;
            for shift in [0, 9, 18] {
                let row = cells >> shift & 0x1FF;
                // Clearing the lowest bit of a one-bit row leaves nothing.
                if row & row.wrapping_sub(1) == 0 {
                    singles |= row << shift;
                }
            }
            singles
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_work_lane_by_lane() {
        let a = Lanes([0b1100, 0b1010, 0, 0]);
        let b = Lanes([0b1010, 0b1010, 0b1, 0]);
        assert_eq!(a.and(b), Lanes([0b1000, 0b1010, 0, 0]));
        assert_eq!(a.or(b), Lanes([0b1110, 0b1010, 0b1, 0]));
        assert_eq!(a.and_not(b), Lanes([0b0100, 0, 0, 0]));
        assert_eq!(a.xor(b), Lanes([0b0110, 0, 0b1, 0]));
        assert_eq!(a.nonzero(), 0b011);
        assert_eq!(b.nonzero(), 0b111);
        assert!(Lanes::ZERO.is_zero());
        assert_eq!(Lanes::one(2, 5), Lanes([0, 0, 5, 0]));
        assert_eq!(Lanes::bands(1, 2, 3), Lanes([1, 2, 3, 0]));
        assert_eq!(Lanes::splat4(9), Lanes([9; 4]));
        assert_eq!(Lanes([0b1011, 1 << 31, 0, 0b11]).count_ones(), 6);
        assert_eq!(Lanes::splat(7).nonzero(), 0b111);
        assert_eq!(Lanes([0, 0, 0, 1 << 31]).nonzero(), 0b1000);
        let rows = Lanes([
            0b1 | 0b11 << 9 | 0b1000 << 18,
            0b100 | 0b100 << 9 | 0b1 << 18,
            0b11 | 0b11 << 9 | 0b11 << 18,
            0,
        ]);
        assert_eq!(
            rows.single_rows(),
            Lanes([0b1 | 0b1000 << 18, 0b100 | 0b100 << 9 | 0b1 << 18, 0, 0])
        );
        let planes = Lanes([1 << 26 | 1, 1 << 26, 0, 1 << 26 | 1 << 3]);
        assert_eq!(planes.planes_at(26), 0b1011);
        assert_eq!(planes.planes_at(0), 0b0001);
        assert_eq!(planes.planes_at(3), 0b1000);
        assert_eq!(planes.planes_at(5), 0);
    }
}
