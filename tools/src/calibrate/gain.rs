//! The fit of `Lean::gain`, the share of a read's move from the last ply's
//! read that an analysis keeps, by the read's depth (`eval::carry`).
//!
//! A forecast that keeps every read steps back on every other ply as far as
//! its reads misjudge positions, and its changes correlate negatively from
//! one ply to the next; one that keeps too little trails the game, and they
//! correlate positively. How much of a read is error depends on how far the
//! players stand from the analysis: games of players about as strong as it
//! ask for little or nothing taken back, games of players far above or far
//! below it for a good deal. One gain cannot serve them all, so the fit asks
//! that no kind of game step back: every TSV given (one kind of game read at one strength) must
//! have a lag-1 autocorrelation of the changes of White's expected score,
//! between unproven positions from a ply on, of at least `TARGET`; of the
//! gains that manage it, the fit keeps the one that keeps the most of the
//! reads (the highest mean gain over them). Where none manages it, the one
//! whose worst TSV comes nearest. The reads use the lean compiled in.
//!
//! The share of a read's distance from a result proven a ply before that an
//! analysis keeps (`Gains::after_proof`) is fitted after, one for every size:
//! of 1, 0.95 … 0, the one whose lag-1 of every change, proofs included, is
//! nearest zero on the mean over the TSVs and sizes, each size read with its
//! gain; of equals, the highest. A TSV without a proof lost reads the same
//! under every share.

use super::steadiness::{games_lag1, rescored, ScoredPly, Trial};
use menhir::eval::lean::{gain_for, Gain};

/// The lag-1 every TSV's reads should reach.
pub const TARGET: f64 = 0.0;

/// The shares taken back at the shallowest depth that are tried: 0 to
/// `BACK_STEP · BACKS`.
const BACK_STEP: f64 = 0.02;
const BACKS: usize = 75;
/// The falls tried: 0 to `FALL_STEP · FALLS` per ply.
const FALL_STEP: f64 = 0.1;
const FALLS: usize = 10;

/// A gain fitted to a size's TSVs.
#[derive(Clone, Debug, PartialEq)]
pub struct FittedGain {
    /// The gain.
    pub gain: Gain,
    /// Each TSV's lag-1 at the gain (None where it holds too few changes).
    pub lag1: Vec<Option<f64>>,
    /// The mean gain over the reads of the size.
    pub mean_gain: f64,
}

/// Each TSV's plies of `size`.
fn of_size(sources: &[Vec<ScoredPly>], size: usize) -> Vec<Vec<ScoredPly>> {
    sources
        .iter()
        .map(|rows| rows.iter().filter(|p| p.size == size).cloned().collect())
        .collect()
}

/// Each TSV's lag-1 of the changes from `from_ply` on (with `unproven`, of
/// those between unproven positions), its plies (all of one size) read again
/// with `trial`.
fn lags(
    sized: &[Vec<ScoredPly>],
    from_ply: usize,
    trial: Trial,
    unproven: bool,
) -> Result<Vec<Option<f64>>, String> {
    sized
        .iter()
        .map(|rows| {
            let read: Vec<ScoredPly> = rescored(rows, trial)?
                .into_iter()
                .filter(|p| p.ply >= from_ply)
                .collect();
            Ok(games_lag1(&read, unproven))
        })
        .collect()
}

/// The trial of a size's `gain`, the share after a proof compiled in.
fn with_gain(gain: Gain) -> Trial {
    Trial {
        gain: Some(gain),
        after_proof: None,
    }
}

/// Each TSV's lag-1 of the changes between unproven positions of `size` from
/// `from_ply` on, read again with `gain` (None where a TSV has no two changes
/// of the size in a row).
pub fn lag1_with(
    sources: &[Vec<ScoredPly>],
    size: usize,
    from_ply: usize,
    gain: Gain,
) -> Result<Vec<Option<f64>>, String> {
    lags(&of_size(sources, size), from_ply, with_gain(gain), true)
}

/// The mean of `gain` over the unproven reads (all of `size`) from `from_ply`
/// on.
fn mean_gain(sized: &[Vec<ScoredPly>], size: usize, from_ply: usize, gain: Gain) -> f64 {
    let gains: Vec<f64> = sized
        .iter()
        .flatten()
        .filter(|p| p.ply >= from_ply && !p.proven())
        .map(|p| gain_for(size, p.depth, Some(gain)))
        .collect();
    gains.iter().sum::<f64>() / gains.len().max(1) as f64
}

/// The fitted gain of `size` (None when no TSV holds two changes of the size
/// in a row).
pub fn fit_gain(
    sources: &[Vec<ScoredPly>],
    size: usize,
    from_ply: usize,
) -> Result<Option<FittedGain>, String> {
    let sized = of_size(sources, size);
    // (reaches the target, the worst lag-1 or the mean gain, the fit)
    let mut best: Option<(bool, f64, FittedGain)> = None;
    for b in 0..=BACKS {
        for f in 0..=FALLS {
            if b == 0 && f > 0 {
                continue;
            }
            let gain = Gain {
                back: BACK_STEP * b as f64,
                fall: FALL_STEP * f as f64,
            };
            let lag1 = lags(&sized, from_ply, with_gain(gain), true)?;
            let Some(worst) = lag1.iter().flatten().copied().reduce(f64::min) else {
                return Ok(None);
            };
            let reached = worst >= TARGET;
            let mean_gain = mean_gain(&sized, size, from_ply, gain);
            let merit = if reached { mean_gain } else { worst };
            if best
                .as_ref()
                .is_none_or(|(r, m, _)| (reached, merit) > (*r, *m))
            {
                let fit = FittedGain {
                    gain,
                    lag1,
                    mean_gain,
                };
                best = Some((reached, merit, fit));
            }
        }
    }
    Ok(best.map(|(_, _, fit)| fit))
}

/// The after-proof shares tried: 1 down to 0 in steps of `AFTER_PROOF_STEP`.
const AFTER_PROOF_STEP: f64 = 0.05;

/// The fitted after-proof share, one for every size of `gains` (each size's
/// gain), and the mean absolute lag-1 of every change at it over the TSVs
/// and sizes (None without two changes in a row anywhere).
pub fn fit_after_proof(
    sources: &[Vec<ScoredPly>],
    gains: &[(usize, Gain)],
    from_ply: usize,
) -> Result<Option<(f64, f64)>, String> {
    let steps = (1.0 / AFTER_PROOF_STEP).round() as usize;
    let sized: Vec<(Vec<Vec<ScoredPly>>, Gain)> = gains
        .iter()
        .map(|&(size, gain)| (of_size(sources, size), gain))
        .collect();
    let mut best: Option<(f64, f64)> = None;
    for k in 0..=steps {
        let after_proof = 1.0 - AFTER_PROOF_STEP * k as f64;
        let mut all = Vec::new();
        for (rows, gain) in &sized {
            let trial = Trial {
                gain: Some(*gain),
                after_proof: Some(after_proof),
            };
            all.extend(lags(rows, from_ply, trial, false)?.into_iter().flatten());
        }
        if all.is_empty() {
            return Ok(None);
        }
        let mean = all.iter().map(|l| l.abs()).sum::<f64>() / all.len() as f64;
        if best.is_none_or(|(_, m)| mean < m) {
            best = Some((after_proof, mean));
        }
    }
    Ok(best)
}
