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
//! games of `docs/calibration.md` §7: fast games read at two node counts, and
//! slower ones read at the lower. The same fit writes each size's `Gain` and
//! the share kept after a proof (`AFTER_PROOF`), for `eval::carry`.

pub use super::lean_table::AFTER_PROOF;
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
    /// How much of a read's move from the last position's read an analysis
    /// takes back (`eval::carry`), by depth.
    pub gain: Gain,
}

/// The gain of a read never falls below this: an analysis keeps at least this
/// share of every read.
pub const LOWEST_GAIN: f64 = 0.3;

/// The share of a read's move from the last position's read that an analysis
/// keeps (`eval::carry`), by the depth of the read: it takes `back` of the
/// move back at the lean's shallowest depth, and `e^(−fall)` times as much a
/// ply deeper. A shallow read errs more, against how far a game moves in a
/// ply, than a deep one; a deep enough one is kept whole.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gain {
    /// The share taken back at the shallowest depth.
    pub back: f64,
    /// How fast that share falls, per ply of depth.
    pub fall: f64,
}

impl Gain {
    /// Every read kept as it is.
    pub const WHOLE: Gain = Gain {
        back: 0.0,
        fall: 0.0,
    };

    /// The same gain at every depth.
    pub fn flat(gain: f64) -> Gain {
        Gain {
            back: 1.0 - gain,
            fall: 0.0,
        }
    }

    /// The gain of a read of `depth`, for a lean whose shallowest depth is
    /// `shallowest`: between `LOWEST_GAIN` and 1.
    pub fn at(self, depth: u32, shallowest: u32) -> f64 {
        let deeper = f64::from(depth.saturating_sub(shallowest));
        let back = self.back * (-self.fall * deeper).exp();
        (1.0 - back).clamp(LOWEST_GAIN, 1.0)
    }
}

impl Lean {
    /// The lean of a search whose last completed iteration had `depth`.
    pub fn at(&self, depth: u32) -> f64 {
        self.scale * (-self.decay * f64::from(depth.max(self.shallowest))).exp()
    }

    /// The gain of a read of `depth` (`Gain::at`).
    pub fn gain_at(&self, depth: u32) -> f64 {
        self.gain.at(depth, self.shallowest)
    }
}

/// The lean of a search of `depth` on `size`, or None where the size has no
/// fitted lean.
pub fn lean_for(size: usize, depth: u32) -> Option<f64> {
    LEANS.iter().find(|l| l.size == size).map(|l| l.at(depth))
}

/// The gain of a read of `depth` on `size` (`Lean::gain_at`), or of a read
/// under `gain` when given; 1 where the size has no fitted lean.
pub fn gain_for(size: usize, depth: u32, gain: Option<Gain>) -> f64 {
    LEANS.iter().find(|l| l.size == size).map_or(1.0, |l| {
        gain.map_or_else(|| l.gain_at(depth), |g| g.at(depth, l.shallowest))
    })
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
            gain: Gain::WHOLE,
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
            assert!(l.gain.back >= 0.0 && l.gain.fall >= 0.0, "{l:?}");
            assert!(l.gain_at(1) <= l.gain_at(30), "{l:?}");
            assert_eq!(lean_for(l.size, 5), Some(l.at(5)));
        }
        assert_eq!(lean_for(3, 5), None, "3x3 has no lean");
        assert_eq!(gain_for(3, 5, None), 1.0);
    }

    #[test]
    fn a_gain_rises_to_one_with_depth_and_stays_in_its_bounds() {
        let gain = Gain {
            back: 0.4,
            fall: 0.5,
        };
        assert!((gain.at(3, 3) - 0.6).abs() < 1e-12);
        assert!(
            (gain.at(1, 3) - 0.6).abs() < 1e-12,
            "shallower reads as the shallowest"
        );
        assert!((gain.at(5, 3) - (1.0 - 0.4 * (-1.0f64).exp())).abs() < 1e-12);
        assert!(gain.at(40, 3) > 0.999_999);
        assert_eq!(Gain::flat(0.8).at(12, 3), 0.8);
        assert_eq!(Gain::WHOLE.at(2, 3), 1.0);
        let steep = Gain {
            back: 2.0,
            fall: 0.1,
        };
        assert_eq!(steep.at(3, 3), LOWEST_GAIN);
    }
}
