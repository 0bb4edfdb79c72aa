//! How far a search's reported score leans toward the side to move when it
//! reads a game it does not play, by the search's depth: the tempo the outlook
//! takes off a reported score (`outlook::Situation::lean`).
//!
//! Of two consecutive positions, the second is the first seen from the other
//! side; a steady reader's two scores are one value read from two sides, and
//! add up to nothing. A search adds up to more: it scores the position after
//! the move it would choose, and the players of the game often choose another,
//! which it then reads as worse for the one who moved. The calibration games
//! (`calibrate gen`) are played by the very search that scores them, so they
//! show little of it (`OutlookModel::tempo`); a game analysed in a GUI is
//! played by others. The lean falls as the search deepens; the fit
//! (`menhir-tools calibrate lean`, which writes `lean_table.rs`) measures it
//! on racetrack games that are neither calibration games nor the held-out
//! games of `docs/calibration.md` §7, read at two node counts.

use super::lean_table::LEANS;

/// The lean of one board size: `scale · e^(−decay · depth)` internal units,
/// read at `shallowest` for a shallower search (the fit saw none).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Lean {
    /// Board size.
    pub size: usize,
    /// The lean extended to depth 0, in internal units.
    pub scale: f64,
    /// How fast it falls, per ply of depth.
    pub decay: f64,
    /// The shallowest depth the fit measured.
    pub shallowest: u32,
    /// The share of a read's move from the last position's read that an
    /// analysis keeps (`eval::carry`); 1 keeps every read as it is.
    pub gain: f64,
}

impl Lean {
    /// The lean of a search whose last completed iteration had `depth`.
    pub fn at(&self, depth: u32) -> f64 {
        self.scale * (-self.decay * f64::from(depth.max(self.shallowest))).exp()
    }
}

/// The lean of a search of `depth` on `size`, or None where the size has no
/// fitted lean.
pub fn lean_for(size: usize, depth: u32) -> Option<f64> {
    LEANS.iter().find(|l| l.size == size).map(|l| l.at(depth))
}

/// The gain of `size` (`Lean::gain`), 1 where the size has no fitted lean.
pub fn gain_for(size: usize) -> f64 {
    LEANS
        .iter()
        .find(|l| l.size == size)
        .map_or(1.0, |l| l.gain)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lean_falls_with_depth_and_stops_at_the_shallowest_measured() {
        let lean = Lean {
            size: 6,
            scale: 100.0,
            decay: 0.5,
            shallowest: 3,
            gain: 1.0,
        };
        assert!((lean.at(3) - 100.0 * (-1.5f64).exp()).abs() < 1e-9);
        assert_eq!(lean.at(1), lean.at(3));
        assert!(lean.at(4) < lean.at(3) && lean.at(12) < lean.at(4));
        assert!(lean.at(12) > 0.0);
    }

    #[test]
    fn every_fitted_lean_is_a_fall_from_a_finite_start() {
        for l in LEANS {
            assert!(l.scale.is_finite() && l.decay.is_finite(), "{l:?}");
            assert!(l.decay >= 0.0 && l.shallowest >= 1, "{l:?}");
            assert!(l.gain > 0.0 && l.gain <= 1.0, "{l:?}");
            assert_eq!(lean_for(l.size, 5), Some(l.at(5)));
        }
        assert_eq!(lean_for(3, 5), None, "3x3 has no lean");
    }
}
