//! Score conventions: centiflats from the side to move; heuristic scores within
//! ±9000; proven results at ±(10000 − plies to the end), so shorter wins score
//! higher (tei.md §4.3).

/// A proven win at the root on the next ply scores `WIN - 1`.
pub const WIN: i32 = 10_000;
/// Bound larger than any score.
pub const INFINITY: i32 = 30_000;
/// Heuristic scores are clamped inside this.
pub const MAX_HEURISTIC: i32 = 9_000;
/// Scores beyond this are proven results.
pub const PROVEN: i32 = 9_500;

/// A score in centiflats from the side to move.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Default)]
pub struct Score(pub i32);

impl Score {
    /// The side to move at `ply` plies from the root wins with the game ending
    /// after `end_ply` plies from the root.
    pub const fn win_at(end_ply: usize) -> Score {
        Score(WIN - end_ply as i32)
    }
    /// The side to move loses with the game ending after `end_ply` plies.
    pub const fn loss_at(end_ply: usize) -> Score {
        Score(-(WIN - end_ply as i32))
    }
    /// True for a proven win or loss.
    pub const fn is_proven(self) -> bool {
        self.0.abs() > PROVEN
    }
    /// Plies from the root to the end of the game, for proven scores.
    pub const fn plies_to_end(self) -> Option<i32> {
        if self.is_proven() {
            Some(WIN - self.0.abs())
        } else {
            None
        }
    }
    /// A root-relative score as stored in the TT (relative to the node at `ply`).
    pub const fn to_tt(self, ply: usize) -> i32 {
        if self.0 > PROVEN {
            self.0 + ply as i32
        } else if self.0 < -PROVEN {
            self.0 - ply as i32
        } else {
            self.0
        }
    }
    /// The inverse of `to_tt`.
    pub const fn from_tt(stored: i32, ply: usize) -> Score {
        if stored > PROVEN {
            Score(stored - ply as i32)
        } else if stored < -PROVEN {
            Score(stored + ply as i32)
        } else {
            Score(stored)
        }
    }
}

/// The logistic function 1 / (1 + e^−x): a score's win probability once the
/// score is scaled (`eval::outlook` and the tuner fit their own scales).
pub fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tt_round_trip_keeps_distance_from_root() {
        let s = Score::win_at(7);
        assert_eq!(Score::from_tt(s.to_tt(3), 3), s);
        assert_eq!(Score::from_tt(s.to_tt(3), 5), Score::win_at(9));
        assert_eq!(s.plies_to_end(), Some(7));
        assert!(Score::loss_at(2).is_proven());
        assert!(!Score(9000).is_proven());
    }
}
