//! The transposition table, shared by all search threads without locks. Each entry
//! is two atomic words: the data, and the key XORed with the data, so a torn write
//! (one word from one thread, the other from another) fails the key check instead
//! of being trusted. Its size is exactly the `Hash` option in MiB. Up to 256 MiB
//! it is mapped into memory when made; a larger one as search threads wait.

use crate::board::Move;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// How a stored score bounds the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The score is exact.
    Exact = 0,
    /// The score is a lower bound (a fail high).
    Lower = 1,
    /// The score is an upper bound (a fail low).
    Upper = 2,
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The best move found, if any.
    pub mv: Option<Move>,
    /// Score relative to the stored node (see `Score::to_tt`).
    pub score: i32,
    /// The depth searched.
    pub depth: i32,
    /// What kind of bound `score` is.
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Bytes per entry.
pub const ENTRY_BYTES: usize = 16;

/// The shared table.
pub struct TranspositionTable {
    slots: Box<[Slot]>,
    generation: AtomicU64,
    /// Slots before this one lie in pages `map_next_pages` has written.
    mapped: AtomicUsize,
}

/// Slots in one 4 KiB page of memory.
const SLOTS_PER_PAGE: usize = 4096 / ENTRY_BYTES;
/// Pages `map_next_pages` writes at a time (256 KiB).
const PAGES_PER_CALL: usize = 64;

/// `count` empty slots, allocated zeroed: for a large table the allocator takes
/// fresh pages from the OS, which reads them as zeros and maps each only when it
/// is first written, so a table of gigabytes is ready at once (writing the
/// zeros took seconds). A table up to `EAGER_MAP_BYTES` is mapped now, all
/// cores writing one word a page; a larger one by the threads that wait for
/// work in a search (`map_next_pages`). `None` when the memory cannot be had.
fn zeroed_slots(count: usize) -> Option<Box<[Slot]>> {
    if count == 0 {
        return Some(Box::new([]));
    }
    let layout = std::alloc::Layout::array::<Slot>(count).ok()?;
    // SAFETY: the layout's size is not zero (count > 0 and a slot is 16 bytes).
    let bytes = unsafe { std::alloc::alloc_zeroed(layout) };
    // The allocator aligns the block for `layout`, which is `Slot`'s alignment.
    #[allow(clippy::cast_ptr_alignment)]
    let ptr = bytes.cast::<Slot>();
    if ptr.is_null() {
        return None;
    }
    // SAFETY: `ptr` comes from the global allocator with the layout of `count`
    // slots, so it is non-null, aligned and large enough; all-zero bytes are a
    // valid slot (two `AtomicU64` holding 0), so every element is initialised;
    // and a `Box<[Slot]>` of `count` elements frees it with that same layout.
    let slots: Box<[Slot]> =
        unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, count)) };
    if mapped_when_made(count) == count {
        use rayon::prelude::*;
        slots
            .par_chunks(SLOTS_PER_PAGE * PAGES_PER_CALL)
            .for_each(map_pages);
    }
    Some(slots)
}

/// Tables up to this size are mapped when made: on two cores 256 MiB takes
/// about 50 ms, 64 MiB (the default) 13.
const EAGER_MAP_BYTES: usize = 256 << 20;

/// The slots `zeroed_slots` has mapped in a table of `count`: all or none.
fn mapped_when_made(count: usize) -> usize {
    if count * ENTRY_BYTES <= EAGER_MAP_BYTES {
        count
    } else {
        0
    }
}

/// Writes one word of every page of `slots`, which has the OS map the pages.
/// The write is a compare-and-swap of zero for zero, so that an entry a search
/// has stored there meanwhile stays as it is; it must be a real write (the
/// compiler turns an atomic add of zero into a plain load, which maps no page).
fn map_pages(slots: &[Slot]) {
    for slot in slots.iter().step_by(SLOTS_PER_PAGE) {
        let _ = slot
            .check
            .compare_exchange(0, 0, Ordering::Relaxed, Ordering::Relaxed);
    }
}

// data layout: bits 0-16 move (0 = none), 17-32 score (i16), 33-40 depth (u8),
// 41-42 bound, 43-48 generation.
fn pack(mv: Option<Move>, score: i32, depth: i32, bound: Bound, generation: u64) -> u64 {
    let m = mv.map_or(0, |m| m.to_bits() as u64) & 0x1_FFFF;
    let s = (score.clamp(i16::MIN as i32, i16::MAX as i32) as i16 as u16) as u64;
    let d = depth.clamp(0, 255) as u64;
    m | s << 17 | d << 33 | (bound as u64) << 41 | (generation & 63) << 43
}

fn unpack(data: u64) -> Entry {
    let bits = (data & 0x1_FFFF) as u32;
    let bound = match (data >> 41) & 3 {
        0 => Bound::Exact,
        1 => Bound::Lower,
        _ => Bound::Upper,
    };
    Entry {
        mv: if bits == 0 {
            None
        } else {
            Move::from_bits(bits)
        },
        score: ((data >> 17) & 0xFFFF) as u16 as i16 as i32,
        depth: ((data >> 33) & 0xFF) as i32,
        bound,
    }
}

impl TranspositionTable {
    /// A table of exactly `mib` MiB; if the memory cannot be had, the largest
    /// power-of-two fraction of it that can (a GUI may offer more than the machine
    /// has), with a warning.
    pub fn new(mib: usize) -> TranspositionTable {
        let mut mib = mib.max(1);
        loop {
            let count = (mib << 20) / ENTRY_BYTES;
            if let Some(slots) = zeroed_slots(count) {
                return TranspositionTable {
                    mapped: AtomicUsize::new(mapped_when_made(slots.len())),
                    slots,
                    generation: AtomicU64::new(0),
                };
            }
            log::warn!(
                "could not allocate a {mib} MiB hash table; trying {} MiB",
                mib / 2
            );
            if mib == 1 {
                return TranspositionTable {
                    slots: Box::new([]),
                    generation: AtomicU64::new(0),
                    mapped: AtomicUsize::new(0),
                };
            }
            mib /= 2;
        }
    }
    /// Size in MiB.
    pub fn mib(&self) -> usize {
        (self.slots.len() * ENTRY_BYTES) >> 20
    }
    /// Empties the table without writing to it: fresh zeroed memory takes the
    /// place of the old (see `zeroed_slots`), so a table of gigabytes empties at
    /// once. Falls back to `clear` when no new memory can be had.
    pub fn reset(&mut self) {
        match zeroed_slots(self.slots.len()) {
            Some(fresh) => {
                self.mapped
                    .store(mapped_when_made(fresh.len()), Ordering::Relaxed);
                self.slots = fresh;
                self.generation.store(0, Ordering::Relaxed);
            }
            None => self.clear(),
        }
    }
    /// Empties the table in place, entry by entry (it may be shared).
    pub fn clear(&self) {
        for slot in &self.slots {
            slot.check.store(0, Ordering::Relaxed);
            slot.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }
    /// Has the OS map the next pages of the table (`PAGES_PER_CALL` of them)
    /// by writing to each; false once every page is mapped (at once for a
    /// table mapped when made). Threads waiting for work call it, so that a
    /// large fresh table is mapped before the search reaches it. Left to the
    /// search, a page was first read (the OS lends a shared page of zeros)
    /// and then written, and that second fault makes the kernel flush the
    /// page from every core the process runs on: those flushes took 1.8% of
    /// a two-thread search's samples, and stopped the other core each time
    /// (`docs/performance.md`, "Threads").
    pub fn map_next_pages(&self) -> bool {
        let len = self.slots.len();
        if self.mapped.load(Ordering::Relaxed) >= len {
            return false;
        }
        let start = self
            .mapped
            .fetch_add(SLOTS_PER_PAGE * PAGES_PER_CALL, Ordering::Relaxed);
        let end = len.min(start.saturating_add(SLOTS_PER_PAGE * PAGES_PER_CALL));
        map_pages(self.slots.get(start..end).unwrap_or(&[]));
        start < len
    }
    /// Starts a new search: older entries become preferred for replacement.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }
    #[inline]
    fn slot(&self, hash: u64) -> Option<&Slot> {
        let i = ((hash as u128 * self.slots.len() as u128) >> 64) as usize;
        self.slots.get(i)
    }
    /// The entry for `hash`, if one is stored and intact.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Entry> {
        let slot = self.slot(hash)?;
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (check ^ data == hash && data != 0).then(|| unpack(data))
    }
    /// Stores an entry, keeping a deeper one of the same position from this search.
    #[inline]
    pub fn store(&self, hash: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let Some(slot) = self.slot(hash) else {
            return;
        };
        let generation = self.generation.load(Ordering::Relaxed);
        let old = slot.data.load(Ordering::Relaxed);
        let old_check = slot.check.load(Ordering::Relaxed);
        let same = old_check ^ old == hash;
        if same && old != 0 {
            let e = unpack(old);
            let fresh = (old >> 43) & 63 == generation & 63;
            if fresh && e.depth > depth + 2 && bound != Bound::Exact {
                return;
            }
        }
        let mv = mv.or_else(|| if same { unpack(old).mv } else { None });
        let data = pack(mv, score, depth, bound, generation);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(hash ^ data, Ordering::Relaxed);
    }
    /// Permille of the first 1000 entries written in this search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed) & 63;
        let sample = self.slots.len().min(1000);
        let used = self.slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && (d >> 43) & 63 == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{PieceKind, Square};

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.mib(), 1);
        let mv = Move::place(Square::new(2, 3), PieceKind::Wall);
        tt.store(0xDEAD_BEEF, Some(mv), -1234, 7, Bound::Lower);
        let e = tt.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound),
            (Some(mv), -1234, 7, Bound::Lower)
        );
        assert!(tt.probe(0xDEAD_BEEE).is_none());
        tt.clear();
        assert!(tt.probe(0xDEAD_BEEF).is_none());
    }

    #[test]
    fn a_reset_table_is_empty_and_keeps_its_size() {
        let mut tt = TranspositionTable::new(2);
        let keys: Vec<u64> = (0..1000u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            tt.store(k, None, 5, 3, Bound::Exact);
        }
        tt.new_search();
        assert!(keys.iter().any(|&k| tt.probe(k).is_some()));
        tt.reset();
        assert_eq!(tt.mib(), 2);
        assert!(keys.iter().all(|&k| tt.probe(k).is_none()));
        assert_eq!(tt.hashfull(), 0);
        tt.store(keys[0], None, 7, 4, Bound::Upper);
        assert_eq!(tt.probe(keys[0]).map(|e| e.depth), Some(4));
    }

    /// Mapping the pages ends once every page is written, and keeps what
    /// was stored before it; a small table is mapped when made.
    #[test]
    fn mapping_the_pages_keeps_the_entries() {
        let mut tt = TranspositionTable::new(1);
        assert!(!tt.map_next_pages(), "1 MiB is mapped when made");
        tt.mapped.store(0, Ordering::Relaxed); // as a table too large for that
        let keys: Vec<u64> = (1..=500u64)
            .map(|k| k.wrapping_mul(0x9E37_79B9_7F4A_7C15))
            .collect();
        for &k in &keys {
            tt.store(k, None, (k % 700) as i32, 5, Bound::Exact);
        }
        let calls = (1usize << 20) / (4096 * PAGES_PER_CALL);
        for _ in 0..calls {
            assert!(tt.map_next_pages());
        }
        assert!(!tt.map_next_pages(), "all {calls} calls' pages are mapped");
        for &k in &keys {
            if let Some(e) = tt.probe(k) {
                assert_eq!((e.score, e.depth), ((k % 700) as i32, 5));
            }
        }
        assert!(keys.iter().filter(|&&k| tt.probe(k).is_some()).count() > 400);
        tt.reset();
        assert!(!tt.map_next_pages(), "fresh memory is mapped when made");
        assert_eq!(mapped_when_made(1 << 30), 0, "1 GiB is left to the search");
    }

    #[test]
    fn threads_storing_at_once_never_read_a_torn_entry() {
        // Two threads write the same few slots with entries whose fields all
        // derive from the key; a reader must see a whole entry or none.
        let tt = TranspositionTable::new(1);
        let keys: Vec<u64> = (1..=16u64).map(|k| k << 40 | k).collect();
        let entry_of = |k: u64| (k as i32 % 1000, (k % 50) as i32);
        std::thread::scope(|s| {
            for id in 0..2u64 {
                let (tt, keys) = (&tt, &keys);
                s.spawn(move || {
                    for round in 0..40u64 {
                        for &k in keys {
                            let k = k ^ ((round + id) % 2) << 20;
                            let (score, depth) = entry_of(k);
                            tt.store(k, None, score, depth, Bound::Exact);
                            if let Some(e) = tt.probe(k) {
                                assert_eq!((e.score, e.depth), entry_of(k));
                            }
                        }
                    }
                });
            }
        });
    }
}
