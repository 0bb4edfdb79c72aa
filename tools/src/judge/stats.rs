//! The statistics of a match played in pairs (each opening once with each
//! colour): the score, its Elo with a 95% interval, and the log-likelihood
//! ratio of a sequential probability ratio test.
//!
//! A pair scores 0, ½, 1, 1½ or 2 for the engine under test (the pentanomial
//! count). Pairs, not games, are the independent trials: the two games of one
//! opening share its bias. The test is the generalised SPRT on the pentanomial
//! in normalised Elo, as racetrack and fishtest take it, and as
//! `tools/sprt_llr.py` (through `tools/menhirpy/sprt.py`) computes it from a
//! racetrack PTN: one model, so that `--sprt 0,15` means the same to
//! `menhir-tools judge` and `tools/match.sh` (`tools/tests/sprt.rs` holds the
//! two together). With the pair frequencies
//! `f` (an empty class counted as 2 / (empty classes) pairs, the frequencies
//! normalised), their mean `s` per game and variance `v`, `t = (s − ½) / √(2v)`
//! and `tᵢ = eloᵢ · ln 10 / 800`: `LLR = N ln((1 + (t − t0)²) / (1 + (t − t1)²))`.

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

    /// The LLR of H1 (normalised Elo `elo1`) against H0 (`elo0`), as the
    /// module says; 0 before any pair.
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        let empty = self.pairs.iter().filter(|&&c| c == 0).count();
        let extra = if empty > 0 { 2.0 / empty as f64 } else { 0.0 };
        let counts = self.pairs.map(|c| c as f64 + extra);
        let total: f64 = counts.iter().sum();
        let value = |k: usize| k as f64 / 4.0;
        let mean: f64 = (0..5).map(|k| counts[k] / total * value(k)).sum();
        let var: f64 = (0..5)
            .map(|k| counts[k] / total * (value(k) - mean).powi(2))
            .sum();
        let scale = 800.0 / std::f64::consts::LN_10;
        let t = (mean - 0.5) / (2.0 * var).sqrt();
        let (t0, t1) = (elo0 / scale, elo1 / scale);
        self.count() as f64 * ((1.0 + (t - t0).powi(2)) / (1.0 + (t - t1).powi(2))).ln()
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
    fn the_llr_is_the_normalised_elo_gsprt() {
        // Values of tools/sprt_llr.py's llr() for the same pentanomials.
        for (counts, want) in [
            ([0, 0, 10, 30, 0], 1.678_137_072_082_813_5),
            ([10, 20, 40, 20, 10], -0.186_221_355_798_657_34),
            ([0, 0, 25, 0, 0], -0.046_555_338_949_664_335),
            ([1, 5, 85, 97, 12], 7.509_468_149_655_983),
            ([0, 38, 127, 32, 3], -0.372_442_711_597_314_7),
        ] {
            let got = pairs(counts).llr(0.0, 15.0);
            assert!(
                (got - want).abs() < 1e-9,
                "{counts:?}: {got} against {want}"
            );
        }
        assert!(pairs([1, 5, 85, 97, 12]).llr(0.0, 15.0) > llr_bounds(0.05, 0.05).1);
        assert_eq!(Pairs::default().llr(0.0, 15.0), 0.0, "no pair, no evidence");
        let (lower, upper) = llr_bounds(0.05, 0.05);
        assert!((upper - 2.944).abs() < 1e-3 && (lower + 2.944).abs() < 1e-3);
    }
}
