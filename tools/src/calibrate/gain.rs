//! The fit of `Lean::gain`, the share of a read's move from the last ply's
//! read that an analysis keeps (`eval::carry`).
//!
//! A forecast that keeps every read steps back on every other ply as far as
//! its reads misjudge positions, and its changes correlate negatively from
//! one ply to the next; one that keeps too little trails the game, and they
//! correlate positively. The gain fitted is the one whose changes are least
//! correlated: of the gains tried, the lag-1 autocorrelation of the changes of
//! White's expected score nearest zero, over the games of `calibrate
//! steadiness` TSVs read again with that gain (changes between unproven
//! positions, from a ply on). Where every read kept already correlates
//! positively the gain is 1. The reads use the lean compiled in.

use super::steadiness::{rescored, summarize, ScoredPly};

/// The gains tried: 1 down to `LOWEST_GAIN` in steps of `GAIN_STEP`.
const GAIN_STEP: f64 = 0.01;
const LOWEST_GAIN: f64 = 0.5;

/// The lag-1 autocorrelation of the changes of White's expected score between
/// unproven positions of `size` from `from_ply` on, each TSV of `sources`
/// read again with `gain`; None without two changes in a row.
pub fn lag1_with(
    sources: &[Vec<ScoredPly>],
    size: usize,
    from_ply: usize,
    gain: f64,
) -> Result<Option<f64>, String> {
    let mut plies = Vec::new();
    for (source, rows) in sources.iter().enumerate() {
        let of_size: Vec<ScoredPly> = rows.iter().filter(|p| p.size == size).cloned().collect();
        for p in rescored(&of_size, Some(gain))? {
            if p.ply >= from_ply {
                // Games of different TSVs are told apart by their numbers;
                // the komis of a size are pooled (one gain a size).
                plies.push(ScoredPly {
                    game: source * 1_000_000 + p.game,
                    half_komi: 0,
                    ..p
                });
            }
        }
    }
    Ok(summarize(&plies)
        .first()
        .and_then(|r| r.autocorrelation_heuristic))
}

/// The fitted gain of `size` and its lag-1 (None when the TSVs hold too few
/// changes of the size).
pub fn fit_gain(
    sources: &[Vec<ScoredPly>],
    size: usize,
    from_ply: usize,
) -> Result<Option<(f64, f64)>, String> {
    let steps = ((1.0 - LOWEST_GAIN) / GAIN_STEP).round() as usize;
    let mut best: Option<(f64, f64)> = None;
    for k in 0..=steps {
        let gain = 1.0 - GAIN_STEP * k as f64;
        let Some(lag1) = lag1_with(sources, size, from_ply, gain)? else {
            return Ok(None);
        };
        if k == 0 && lag1 >= 0.0 {
            return Ok(Some((1.0, lag1)));
        }
        if best.is_none_or(|(_, b)| lag1.abs() < b.abs()) {
            best = Some((gain, lag1));
        }
        if lag1 > 0.0 {
            break;
        }
    }
    Ok(best)
}
