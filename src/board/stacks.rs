//! The colours of every stack, bottom = bit 0, set = Black, in two 64-bit halves
//! per square (levels 0–63 and 64–127). Stacks above 56 pieces are rare (only on
//! 7x7 and 8x8 can they pass 64), so every operation has a branch-predicted fast
//! path on the low half; keeping the halves in separate arrays also avoids the
//! store-forwarding stalls that a `u128` array costs.

/// Colour bits of the stacks of all 64 squares.
#[derive(Clone, PartialEq, Eq)]
pub(crate) struct Stacks {
    low: [u64; 64],
    high: [u64; 64],
}

impl Stacks {
    pub(crate) const fn new() -> Stacks {
        Stacks {
            low: [0; 64],
            high: [0; 64],
        }
    }
    /// The whole stack as one number.
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> u128 {
        self.low[i] as u128 | (self.high[i] as u128) << 64
    }
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, bits: u128) {
        self.low[i] = bits as u64;
        self.high[i] = (bits >> 64) as u64;
    }
    /// Bits from `level` upwards (the caller uses at most the low 8).
    #[inline(always)]
    pub(crate) fn bits_above(&self, i: usize, level: usize) -> u32 {
        if level < 56 {
            (self.low[i] >> level) as u32
        } else {
            (self.get(i) >> level) as u32
        }
    }
    /// The colour bit at `level`.
    #[inline(always)]
    pub(crate) fn bit(&self, i: usize, level: usize) -> bool {
        if level < 64 {
            self.low[i] >> level & 1 == 1
        } else {
            self.high[i] >> (level - 64) & 1 == 1
        }
    }
    /// Clears every level at or above `len`.
    #[inline(always)]
    pub(crate) fn truncate(&mut self, i: usize, len: usize) {
        if len < 64 {
            self.low[i] &= (1u64 << len) - 1;
            self.high[i] = 0;
        } else {
            self.high[i] &= (1u64 << (len - 64)) - 1;
        }
    }
    /// ORs at most 8 pieces' bits in at `level` (the levels there must be clear).
    #[inline(always)]
    pub(crate) fn put(&mut self, i: usize, level: usize, bits: u32) {
        if level < 56 {
            self.low[i] |= (bits as u64) << level;
        } else {
            let merged = self.get(i) | (bits as u128) << level;
            self.set(i, merged);
        }
    }
}
