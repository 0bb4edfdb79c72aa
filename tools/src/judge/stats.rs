//! The statistics of a match played in pairs (each opening once with each
//! colour): the score, its Elo with a 95% interval, and the log-likelihood
//! ratio of a sequential probability ratio test.
//!
//! A pair scores 0, ½, 1, 1½ or 2 for the engine under test (the pentanomial
//! count). Pairs, not games, are the independent trials: the two games of one
//! opening share its bias. The test is the generalised SPRT in its normal
//! approximation: with pair-mean score `s` (per game), its variance `v` per pair
//! and `N` pairs, `LLR = N (s1 − s0)(2s − s0 − s1) / (2 v)`, where `s0` and `s1`
//! are the expected scores of the two hypotheses in logistic Elo.

/// The five pair outcomes, counted: `pairs[k]` holds the pairs that scored
/// `k / 2` (0, ½, 1, 1½, 2 points over the two games).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Counts of pairs scoring 0, ½, 1, 1½ and 2.
    pub pairs: [u64; 5],
    /// Games won, drawn and lost by the engine under test.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

/// The expected score of an Elo difference (logistic).
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference of an expected score, clamped away from 0 and 1.
pub fn elo_of(score: f64) -> f64 {
    let s = score.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// The SPRT's bounds on the LLR for error rates `alpha` and `beta`: below the
/// first, accept H0; above the second, accept H1.
pub fn llr_bounds(alpha: f64, beta: f64) -> (f64, f64) {
    ((beta / (1.0 - alpha)).ln(), ((1.0 - beta) / alpha).ln())
}

impl Pairs {
    /// Adds one pair: the engine's scores in its two games (each 0, 0.5 or 1).
    pub fn add(&mut self, first: f64, second: f64) {
        for s in [first, second] {
            if s > 0.75 {
                self.wins += 1;
            } else if s > 0.25 {
                self.draws += 1;
            } else {
                self.losses += 1;
            }
        }
        let halves = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.pairs[halves] += 1;
    }

    /// Pairs played.
    pub fn count(&self) -> u64 {
        self.pairs.iter().sum()
    }

    /// The mean score per game and the variance of a pair's mean score.
    fn mean_and_variance(&self) -> (f64, f64) {
        let n = self.count().max(1) as f64;
        let value = |k: usize| k as f64 / 4.0;
        let mean = (0..5).map(|k| self.pairs[k] as f64 * value(k)).sum::<f64>() / n;
        let var = (0..5)
            .map(|k| self.pairs[k] as f64 * (value(k) - mean).powi(2))
            .sum::<f64>()
            / n;
        (mean, var)
    }

    /// The mean score per game (0.5 when nothing is played).
    pub fn score(&self) -> f64 {
        if self.count() == 0 {
            0.5
        } else {
            self.mean_and_variance().0
        }
    }

    /// The Elo of the score and its 95% interval (lower, upper).
    pub fn elo(&self) -> (f64, f64, f64) {
        let (mean, var) = self.mean_and_variance();
        let margin = 1.96 * (var / self.count().max(1) as f64).sqrt();
        (elo_of(mean), elo_of(mean - margin), elo_of(mean + margin))
    }

    /// The LLR of H1 (Elo `elo1`) against H0 (Elo `elo0`); 0 until the pairs
    /// differ from each other (no variance yet).
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let (mean, var) = self.mean_and_variance();
        if var <= 0.0 {
            return 0.0;
        }
        let (s0, s1) = (expected_score(elo0), expected_score(elo1));
        self.count() as f64 * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(counts: [u64; 5]) -> Pairs {
        let mut p = Pairs::default();
        let games = [(0.0, 0.0), (0.5, 0.0), (1.0, 0.0), (1.0, 0.5), (1.0, 1.0)];
        for (k, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                p.add(games[k].0, games[k].1);
            }
        }
        p
    }

    #[test]
    fn elo_and_score_are_inverse() {
        for elo in [-400.0, -35.0, 0.0, 15.0, 200.0] {
            assert!((elo_of(expected_score(elo)) - elo).abs() < 1e-9);
        }
        assert!((expected_score(400.0) - 10.0 / 11.0).abs() < 1e-12);
    }

    #[test]
    fn an_even_match_is_zero_elo_with_a_symmetric_interval() {
        let p = pairs([10, 20, 40, 20, 10]);
        let (elo, low, high) = p.elo();
        assert!(elo.abs() < 1e-9);
        assert!((low + high).abs() < 1e-9 && high > 0.0);
        assert_eq!((p.wins, p.draws, p.losses), (80, 40, 80));
        assert!(p.llr(0.0, 15.0) < 0.0, "an even result leans to H0");
    }

    #[test]
    fn the_llr_follows_the_closed_form() {
        // 30 pairs of 1½ and 10 of 1: mean 0.6875, pair variance 0.01171875.
        let p = pairs([0, 0, 10, 30, 0]);
        assert!((p.score() - 0.6875).abs() < 1e-12);
        let (s0, s1) = (0.5, expected_score(15.0));
        let want = 40.0 * (s1 - s0) * (1.375 - s0 - s1) / (2.0 * 0.011_718_75);
        assert!((p.llr(0.0, 15.0) - want).abs() < 1e-9);
        assert!(p.llr(0.0, 15.0) > llr_bounds(0.05, 0.05).1);
    }

    #[test]
    fn no_variance_means_no_evidence() {
        let p = pairs([0, 0, 25, 0, 0]);
        assert_eq!(p.llr(0.0, 15.0), 0.0);
        let (lower, upper) = llr_bounds(0.05, 0.05);
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
    }
}
