//! What both fits share: the win probability as a logistic function of an
//! evaluation, the scale `k` fitted to it, and the Adam optimiser.

use menhir::eval::score::sigmoid;

/// The win probability at an evaluation of `eval` centiflats, with scale `k`:
/// σ(k · eval / 100).
pub fn probability(k: f64, eval: f64) -> f64 {
    sigmoid(k * eval / 100.0)
}

/// The scale `k` in 0.01..5 that minimises `loss(k)`, by golden-section search
/// (the losses of both fits are unimodal in `k`).
pub fn fit_k(loss: impl Fn(f64) -> f64) -> f64 {
    let (mut lo, mut hi) = (0.01f64, 5.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    f64::midpoint(lo, hi)
}

/// Adam's state over a flat vector of parameters, indexed as the caller
/// chooses. Each step: `begin`, then `change` once per parameter to move.
pub struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
    t: i32,
    /// The bias corrections of the current step: 1 − β₁ᵗ and 1 − β₂ᵗ.
    correction: (f64, f64),
}

const BETA1: f64 = 0.9;
const BETA2: f64 = 0.999;
const EPSILON: f64 = 1e-8;

impl Adam {
    /// For `n` parameters.
    pub fn new(n: usize) -> Adam {
        Adam {
            m: vec![0.0; n],
            v: vec![0.0; n],
            t: 0,
            correction: (1.0, 1.0),
        }
    }

    /// Starts a step.
    pub fn begin(&mut self) {
        self.t += 1;
        self.correction = (1.0 - BETA1.powi(self.t), 1.0 - BETA2.powi(self.t));
    }

    /// What to subtract from parameter `i`, whose gradient is `g`, at step size
    /// `lr`.
    pub fn change(&mut self, i: usize, g: f64, lr: f64) -> f64 {
        self.m[i] = BETA1 * self.m[i] + (1.0 - BETA1) * g;
        self.v[i] = BETA2 * self.v[i] + (1.0 - BETA2) * g * g;
        let (c1, c2) = self.correction;
        lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + EPSILON)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn k_is_found_and_adam_walks_downhill() {
        let k = fit_k(|k| (k - 0.7) * (k - 0.7));
        assert!((k - 0.7).abs() < 1e-6, "{k}");
        assert!((probability(1.0, 0.0) - 0.5).abs() < 1e-12);
        // Minimise (x − 3)² from 0.
        let mut adam = Adam::new(1);
        let mut x = 0.0;
        for _ in 0..2000 {
            adam.begin();
            x -= adam.change(0, 2.0 * (x - 3.0), 0.05);
        }
        assert!((x - 3.0f64).abs() < 1e-2, "{x}");
    }
}
