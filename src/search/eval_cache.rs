//! A small per-thread cache of static evaluations, keyed by the position's
//! Zobrist hash. Tak reaches the same position by many move orders (two
//! placements commute), and the evaluation with its learned correction is the
//! costliest part of a leaf, so a leaf seen before is not evaluated again. The
//! evaluation is a function of the position alone, so the cache changes no
//! score and no tree; it only saves time. Each worker owns its cache for one
//! search, so komi and size never change under it.

/// Entries in the cache (a power of two).
const ENTRIES: usize = 1 << 16;
/// Marks an empty slot: no evaluation lies outside ±9000.
const EMPTY: i32 = i32::MIN;

/// Direct-mapped: a new evaluation replaces whatever shared its slot.
pub struct EvalCache {
    slots: Vec<(u64, i32)>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![(0, EMPTY); ENTRIES],
        }
    }
}

impl EvalCache {
    /// The evaluation of the position with hash `key`, from the cache or from
    /// `evaluate`, which is then stored.
    #[inline]
    pub fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[key as usize & (ENTRIES - 1)];
        if slot.0 == key && slot.1 != EMPTY {
            return slot.1;
        }
        let score = evaluate();
        *slot = (key, score);
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_score_is_returned_without_evaluating_again() {
        let mut cache = EvalCache::default();
        assert_eq!(cache.get_or(42, || 17), 17);
        assert_eq!(cache.get_or(42, || panic!("evaluated twice")), 17);
    }

    #[test]
    fn a_key_sharing_the_slot_is_evaluated_and_replaces_it() {
        let mut cache = EvalCache::default();
        let other = 42 + ENTRIES as u64;
        assert_eq!(cache.get_or(42, || 17), 17);
        assert_eq!(cache.get_or(other, || -5), -5);
        assert_eq!(cache.get_or(42, || 9), 9);
    }

    #[test]
    fn an_empty_slot_never_matches_key_zero() {
        let mut cache = EvalCache::default();
        assert_eq!(cache.get_or(0, || 3), 3);
        assert_eq!(cache.get_or(0, || panic!("evaluated twice")), 3);
    }
}
