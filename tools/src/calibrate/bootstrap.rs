//! How far a lag-1 autocorrelation measured on a few games can be trusted: a
//! percentile bootstrap over games. The games of a size are drawn again with
//! replacement, as many as there are, and the lag-1 of each draw is computed;
//! the interval is the 5th to the 95th percentile of those lag-1s.
//!
//! Games are the unit drawn because the changes within a game are not
//! independent of each other: one game where a proof comes and goes, or one
//! opening played twice with the colours swapped, can move the pooled figure by
//! more than a tenth, and the interval should show that. The draws come from a
//! fixed seed, so a table printed twice from the same positions is the same.

use super::steadiness::lag1_autocorrelation;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Resamples drawn.
pub const DRAWS: usize = 2000;

/// The seed of the draws.
const SEED: u64 = 102;

/// The share of the draws left out on each side of the interval.
const TAIL: f64 = 0.05;

/// The 90% bootstrap interval of the lag-1 autocorrelation of `games`, each
/// game its list of change series (`lag1_autocorrelation`). `None` with fewer
/// than two games, or when too few draws give a lag-1 at all.
pub fn lag1_interval(games: &[Vec<Vec<f64>>]) -> Option<(f64, f64)> {
    if games.len() < 2 {
        return None;
    }
    let mut rng = StdRng::seed_from_u64(SEED);
    let mut values: Vec<f64> = Vec::with_capacity(DRAWS);
    let mut drawn: Vec<Vec<f64>> = Vec::new();
    for _ in 0..DRAWS {
        drawn.clear();
        for _ in 0..games.len() {
            let game = &games[rng.gen_range(0..games.len())];
            drawn.extend(game.iter().cloned());
        }
        if let Some(r) = lag1_autocorrelation(&drawn) {
            values.push(r);
        }
    }
    if values.len() < DRAWS / 2 {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let at = |q: f64| values[((values.len() - 1) as f64 * q).round() as usize];
    Some((at(TAIL), at(1.0 - TAIL)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `n` changes alternating ±`step`, with a little drift so that
    /// two such games do not correlate perfectly.
    fn zigzag(n: usize, step: f64, drift: f64) -> Vec<Vec<f64>> {
        let changes = (0..n)
            .map(|i| (if i % 2 == 0 { step } else { -step }) + drift * i as f64)
            .collect();
        vec![changes]
    }

    #[test]
    fn games_that_all_zigzag_give_an_interval_near_minus_one() {
        let games: Vec<_> = (0..10).map(|g| zigzag(30, 0.1, 1e-4 * g as f64)).collect();
        let (low, high) = lag1_interval(&games).expect("an interval");
        assert!(low <= high);
        assert!(high < -0.9, "{low} {high}");
    }

    #[test]
    fn one_zigzagging_game_among_steady_ones_widens_the_interval() {
        // Steady games: changes that follow each other (a slow trend).
        let steady = |g: usize| vec![(0..30).map(|i| 0.01 * ((i + g) % 7) as f64).collect()];
        let calm: Vec<Vec<Vec<f64>>> = (0..9).map(steady).collect();
        let mut mixed = calm.clone();
        mixed.push(zigzag(30, 0.2, 0.0));
        let (calm_low, calm_high) = lag1_interval(&calm).expect("an interval");
        let (low, high) = lag1_interval(&mixed).expect("an interval");
        assert!(low < calm_low, "{low} vs {calm_low}");
        assert!(high - low > calm_high - calm_low);
        let point = lag1_autocorrelation(&mixed.concat()).expect("a lag-1");
        assert!(low <= point && point <= high, "{low} {point} {high}");
    }

    #[test]
    fn one_game_or_none_has_no_interval() {
        assert_eq!(lag1_interval(&[]), None);
        assert_eq!(lag1_interval(&[zigzag(20, 0.1, 0.0)]), None);
    }

    #[test]
    fn the_interval_is_the_same_each_time() {
        let games: Vec<_> = (0..6).map(|g| zigzag(12 + g, 0.05, 1e-3)).collect();
        assert_eq!(lag1_interval(&games), lag1_interval(&games));
    }
}
