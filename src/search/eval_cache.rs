//! A small per-thread cache of static evaluations, keyed by the position's
//! Zobrist hash. Tak reaches the same position by many move orders (two
//! placements commute), and the evaluation with its learned correction is the
//! costliest part of a leaf, so a leaf seen before is not evaluated again. The
//! evaluation is a function of the position alone, so the cache changes no
//! score and no tree; it only saves time. Each worker owns its cache for one
//! search, so komi and size never change under it.
//!
//! An entry may also note that its position is **quiet**: the side to move has
//! no immediate win and the opponent no threat (no road by placement, no flat
//! ending). Those facts depend on the position alone too, and working them out
//! (the win test, with its spreads) costs more than the evaluation, so a quiet
//! position seen again skips them as well (`Worker::negamax`).

/// Entries in the cache (a power of two).
const ENTRIES: usize = 1 << 16;
/// Marks an empty slot: no evaluation lies outside ±9000.
const EMPTY: i32 = i32::MIN;

/// One slot: the key, the evaluation and whether the position is quiet.
#[derive(Clone, Copy)]
struct Slot {
    key: u64,
    score: i32,
    quiet: bool,
}

/// Direct-mapped: a new evaluation replaces whatever shared its slot.
pub struct EvalCache {
    slots: Vec<Slot>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            slots: vec![
                Slot {
                    key: 0,
                    score: EMPTY,
                    quiet: false,
                };
                ENTRIES
            ],
        }
    }
}

impl EvalCache {
    #[inline]
    fn slot(&mut self, key: u64) -> &mut Slot {
        &mut self.slots[key as usize & (ENTRIES - 1)]
    }

    /// The evaluation of the position with hash `key`, from the cache or from
    /// `evaluate`, which is then stored. `quiet` says what the caller knows of
    /// the position (see the module's notes); a quiet position stays marked.
    #[inline]
    pub fn get_or(&mut self, key: u64, quiet: bool, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = self.slot(key);
        if slot.key == key && slot.score != EMPTY {
            slot.quiet |= quiet;
            return slot.score;
        }
        let score = evaluate();
        *slot = Slot { key, score, quiet };
        score
    }

    /// The evaluation of the position with hash `key` if it is stored and was
    /// found quiet.
    #[inline]
    pub fn quiet(&mut self, key: u64) -> Option<i32> {
        let slot = self.slot(key);
        (slot.key == key && slot.quiet && slot.score != EMPTY).then_some(slot.score)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cached_score_is_returned_without_evaluating_again() {
        let mut cache = EvalCache::default();
        assert_eq!(cache.get_or(42, false, || 17), 17);
        assert_eq!(cache.get_or(42, false, || panic!("evaluated twice")), 17);
    }

    #[test]
    fn a_key_sharing_the_slot_is_evaluated_and_replaces_it() {
        let mut cache = EvalCache::default();
        let other = 42 + ENTRIES as u64;
        assert_eq!(cache.get_or(42, true, || 17), 17);
        assert_eq!(cache.get_or(other, false, || -5), -5);
        assert_eq!(cache.quiet(42), None, "replaced");
        assert_eq!(cache.get_or(42, false, || 9), 9);
    }

    #[test]
    fn an_empty_slot_never_matches_key_zero() {
        let mut cache = EvalCache::default();
        assert_eq!(cache.quiet(0), None);
        assert_eq!(cache.get_or(0, false, || 3), 3);
        assert_eq!(cache.get_or(0, false, || panic!("evaluated twice")), 3);
    }

    /// Only a position stored as quiet answers `quiet`, and a later visit
    /// that finds it quiet marks a stored evaluation so.
    #[test]
    fn only_positions_found_quiet_answer_as_quiet() {
        let mut cache = EvalCache::default();
        cache.get_or(7, false, || 11);
        assert_eq!(cache.quiet(7), None);
        assert_eq!(cache.get_or(7, true, || panic!("evaluated twice")), 11);
        assert_eq!(cache.quiet(7), Some(11));
        assert_eq!(cache.get_or(7, false, || panic!("evaluated twice")), 11);
        assert_eq!(cache.quiet(7), Some(11), "stays quiet");
        assert_eq!(cache.quiet(8), None, "never stored");
    }
}
