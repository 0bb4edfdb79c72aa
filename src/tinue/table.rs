//! The solver's transposition table: proof and disproof numbers per (position,
//! plies left), in buckets of four slots. A full bucket gives up its slot with
//! the least work behind it; proofs and disproofs count as a great deal of work,
//! so they stay longest. Its size is fixed when it is made: memory is bounded.

/// Proof or disproof number standing for "infinite": the node is decided.
pub const INF: u32 = 1 << 30;

const BUCKET: usize = 4;
const EMPTY: u8 = u8::MAX;

#[derive(Clone, Copy)]
struct Slot {
    hash: u64,
    pn: u32,
    dn: u32,
    work: u32,
    plies: u8,
}

const FREE: Slot = Slot {
    hash: 0,
    pn: 0,
    dn: 0,
    work: 0,
    plies: EMPTY,
};

/// Proof and disproof numbers keyed by Zobrist hash and plies left.
pub struct Table {
    slots: Vec<Slot>,
    mask: usize,
    stored: usize,
}

impl Table {
    /// A table of about `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) << 20;
        let buckets = (bytes / (BUCKET * std::mem::size_of::<Slot>())).next_power_of_two() / 2;
        let buckets = buckets.max(1);
        Table {
            slots: vec![FREE; buckets * BUCKET],
            mask: buckets - 1,
            stored: 0,
        }
    }

    fn bucket(&self, hash: u64, plies: u32) -> usize {
        let key = hash ^ u64::from(plies).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mixed = key ^ (key >> 29);
        (mixed as usize & self.mask) * BUCKET
    }

    /// The (pn, dn) stored for this key, if any.
    pub fn get(&self, hash: u64, plies: u32) -> Option<(u32, u32)> {
        let at = self.bucket(hash, plies);
        self.slots[at..at + BUCKET]
            .iter()
            .find(|s| s.plies as u32 == plies && s.hash == hash)
            .map(|s| (s.pn, s.dn))
    }

    /// Stores (pn, dn) with the work (nodes) spent on it.
    pub fn put(&mut self, hash: u64, plies: u32, pn: u32, dn: u32, work: u64) {
        let at = self.bucket(hash, plies);
        let priority = |s: &Slot| {
            if s.plies == EMPTY {
                0
            } else if s.pn == 0 || s.dn == 0 {
                u64::from(s.work) + (1 << 32)
            } else {
                u64::from(s.work) + 1
            }
        };
        let bucket = &mut self.slots[at..at + BUCKET];
        let index = bucket
            .iter()
            .position(|s| s.plies as u32 == plies && s.hash == hash)
            .unwrap_or_else(|| {
                (0..BUCKET)
                    .min_by_key(|&i| priority(&bucket[i]))
                    .expect("a bucket has slots")
            });
        if bucket[index].plies == EMPTY {
            self.stored += 1;
        }
        bucket[index] = Slot {
            hash,
            pn,
            dn,
            work: work.min(u64::from(u32::MAX)) as u32,
            plies: plies as u8,
        };
    }

    /// Slots in use, per mille of the table.
    pub fn permille_full(&self) -> u32 {
        (self.stored * 1000 / self.slots.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_keeps_decided_entries() {
        let mut t = Table::new(1);
        t.put(42, 3, 0, INF, 1);
        assert_eq!(t.get(42, 3), Some((0, INF)));
        assert_eq!(t.get(42, 5), None);
        // Flood the same bucket: the proof stays.
        let at = t.bucket(42, 3);
        let mut stored = 0;
        let mut h = 43u64;
        while stored < 20 {
            if t.bucket(h, 3) == at {
                t.put(h, 3, 5, 5, 1000);
                stored += 1;
            }
            h += 1;
        }
        assert_eq!(t.get(42, 3), Some((0, INF)));
    }
}
