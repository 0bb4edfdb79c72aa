//! How much of its clock target a move should take, from how the answer has
//! behaved over the iterations: a best move that has stood for several
//! iterations is unlikely to change with one more, so the search answers early
//! and saves the clock; a best move that has just changed, or a score that has
//! just fallen, is worth more time. The result is a percentage of the soft
//! target (`Deadline::soft_passed_at`); the hard deadline is never moved.

use super::params::{
    STEADY_CHANGE, STEADY_FROM_DEPTH, STEADY_MAX, STEADY_MIN, STEADY_SCORE_DROP,
    STEADY_SCORE_DROP_EXTRA, STEADY_STILL,
};
use crate::board::Move;

/// What the completed iterations have said so far.
#[derive(Clone, Debug, Default)]
pub struct Steadiness {
    /// The best move and score of the last completed iteration.
    last: Option<(Move, i32)>,
    /// Changes of the best move, recent ones counting most, in hundredths:
    /// each iteration halves it, and a change adds 100.
    unrest: u32,
}

impl Steadiness {
    /// Records a completed iteration of `depth` with its best move and score,
    /// and returns the share of the soft target (in percent) the search should
    /// take before it stops starting iterations.
    pub fn update(&mut self, depth: u32, best: Move, score: i32) -> u32 {
        let previous = self.last.replace((best, score));
        self.unrest /= 2;
        let Some((old_best, old_score)) = previous else {
            return 100;
        };
        if old_best != best {
            self.unrest += 100;
        }
        if depth < STEADY_FROM_DEPTH {
            return 100;
        }
        let mut scale = STEADY_STILL + self.unrest * STEADY_CHANGE / 100;
        if old_score - score >= STEADY_SCORE_DROP {
            scale += STEADY_SCORE_DROP_EXTRA;
        }
        scale.clamp(STEADY_MIN, STEADY_MAX)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{PieceKind, Square};

    fn place(i: u8) -> Move {
        Move::place(Square::new(i as usize, 0), PieceKind::Flat)
    }

    #[test]
    fn a_best_move_that_stands_takes_less_time_and_a_change_more() {
        let mut s = Steadiness::default();
        let mut scale = 0;
        for depth in 1..=8 {
            scale = s.update(depth, place(0), 50);
        }
        assert_eq!(scale, STEADY_STILL, "no change for many iterations");
        let changed = s.update(9, place(1), 50);
        assert!(changed > 100, "{changed}");
        let again = s.update(10, place(2), 50);
        assert!(again > changed, "{again} after {changed}");
        let settling = s.update(11, place(2), 50);
        assert!(settling < again, "{settling}");
    }

    #[test]
    fn a_falling_score_takes_more_time() {
        let mut steady = Steadiness::default();
        let mut falling = Steadiness::default();
        for depth in 1..=8 {
            steady.update(depth, place(0), 50);
            falling.update(depth, place(0), 50);
        }
        let kept = steady.update(9, place(0), 50);
        let fell = falling.update(9, place(0), 50 - STEADY_SCORE_DROP);
        assert_eq!(fell, kept + STEADY_SCORE_DROP_EXTRA);
    }

    #[test]
    fn early_iterations_keep_the_whole_target() {
        let mut s = Steadiness::default();
        for depth in 1..STEADY_FROM_DEPTH {
            assert_eq!(s.update(depth, place(depth as u8 % 3), 0), 100);
        }
    }

    #[test]
    fn the_share_stays_within_its_bounds() {
        let mut s = Steadiness::default();
        for depth in 1..40 {
            let scale = s.update(depth, place(depth as u8 % 4), 500 - 100 * depth as i32);
            assert!((STEADY_MIN..=STEADY_MAX).contains(&scale), "{scale}");
        }
    }
}
