//! Precomputed drop patterns: for every carry c (1–8) and free distance d (0–7),
//! the drop masks a spread may use, and those that end with a lone capstone
//! flattening a wall just past the free squares. Built at compile time.

/// Drop masks, per carry (index = carry, 0 unused) and free distance.
pub struct SpreadTables {
    masks: [[[u8; 256]; 8]; 9],
    lens: [[u16; 8]; 9],
    flatten_masks: [[[u8; 128]; 8]; 9],
    flatten_lens: [[u16; 8]; 9],
}

const fn build() -> SpreadTables {
    let mut t = SpreadTables {
        masks: [[[0; 256]; 8]; 9],
        lens: [[0; 8]; 9],
        flatten_masks: [[[0; 128]; 8]; 9],
        flatten_lens: [[0; 8]; 9],
    };
    let mut carry = 1;
    while carry <= 8 {
        let mut dist = 0;
        while dist < 8 {
            let mut mask: usize = 1;
            while mask < (1 << carry) {
                let drops = (mask as u32).count_ones() as usize;
                if drops <= dist {
                    let n = t.lens[carry][dist] as usize;
                    t.masks[carry][dist][n] = mask as u8;
                    t.lens[carry][dist] += 1;
                }
                // A flattening spread visits the dist free squares and then the wall
                // with exactly one piece (the capstone) in its last drop.
                let count = 64 - (mask as u64).leading_zeros() as usize;
                let last_single = count == 1 || (mask >> (count - 2)) & 1 == 1;
                if drops == dist + 1 && last_single {
                    let n = t.flatten_lens[carry][dist] as usize;
                    t.flatten_masks[carry][dist][n] = mask as u8;
                    t.flatten_lens[carry][dist] += 1;
                }
                mask += 1;
            }
            dist += 1;
        }
        carry += 1;
    }
    t
}

/// The one table, computed at compile time.
pub static SPREADS: SpreadTables = build();

impl SpreadTables {
    /// Drop masks lifting at most `carry` pieces over at most `dist` free squares.
    #[inline(always)]
    pub fn masks(&self, carry: usize, dist: usize) -> &[u8] {
        &self.masks[carry][dist][..self.lens[carry][dist] as usize]
    }
    /// Drop masks whose lone capstone lands on a wall `dist + 1` squares away.
    #[inline(always)]
    pub fn flatten_masks(&self, carry: usize, dist: usize) -> &[u8] {
        &self.flatten_masks[carry][dist][..self.flatten_lens[carry][dist] as usize]
    }
    #[inline(always)]
    pub fn count(&self, carry: usize, dist: usize) -> u64 {
        self.lens[carry][dist] as u64
    }
    #[inline(always)]
    pub fn flatten_count(&self, carry: usize, dist: usize) -> u64 {
        self.flatten_lens[carry][dist] as u64
    }
}

#[cfg(test)]
mod tests {
    use super::SPREADS;

    #[test]
    fn counts_match_compositions() {
        // Carry 5 over 5+ free squares: all 2^5 - 1 masks; over 4, all but 1+1+1+1+1.
        assert_eq!(SPREADS.count(5, 5), 31);
        assert_eq!(SPREADS.count(5, 4), 30);
        assert_eq!(SPREADS.count(5, 7), 31);
        // One free square: only single drops, one per count.
        assert_eq!(SPREADS.count(5, 1), 5);
        assert_eq!(SPREADS.count(3, 0), 0);
        // A capstone next to a wall: only the capstone alone.
        assert_eq!(SPREADS.flatten_count(5, 0), 1);
        // One free square then a wall, carry 3: 2+1 and 1+1.
        assert_eq!(SPREADS.flatten_count(3, 1), 2);
    }
}
