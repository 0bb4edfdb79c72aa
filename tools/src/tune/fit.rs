//! Fitting the evaluation weights to game results (Texel tuning): the win
//! probability is a logistic function of the evaluation, first its scale `k` is
//! fitted to the starting weights, then Adam gradient descent moves the weights
//! to minimise the mean squared error against each position's result, optionally
//! blended with the search score. One game in ten is held out for validation.

use super::logistic::{fit_k as best_k, probability, Adam};
use super::progress::Progress;
use super::selfplay::Sample;
use menhir::eval::tuning::{features, DIVISOR, FEATURES as COUNT};
use menhir::notation::parse_tps;
use rayon::prelude::*;

/// How to fit.
#[derive(Clone, Debug)]
pub struct FitConfig {
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam step size, in weight units (1/SCALE centiflat).
    pub learning_rate: f64,
    /// Weight of the teacher's win probability in the target, or of the search
    /// score where no teacher gave one (0 = the result alone).
    pub lambda: f64,
    /// Features whose weights stay as they start.
    pub frozen: Vec<usize>,
}

/// One position made ready: its features, its target and whether it is held out.
struct Row {
    features: [f64; COUNT],
    result: f64,
    score: f64,
    teacher: Option<f64>,
    validation: bool,
}

/// What the fit found.
#[derive(Clone, Debug)]
pub struct FitReport {
    /// The fitted weight row.
    pub weights: [i32; COUNT],
    /// The logistic scale fitted to the old weights.
    pub k: f64,
    /// Positions fitted to (validation included).
    pub positions: usize,
    /// Training loss before the fit.
    pub train_before: f64,
    /// Training loss after the fit.
    pub train_after: f64,
    /// Validation loss before the fit.
    pub validation_before: f64,
    /// Validation loss after the fit.
    pub validation_after: f64,
    /// Validation loss against the game results alone, before the fit: the
    /// one figure comparable between fits with different `lambda`.
    pub result_before: f64,
    /// The same after the fit.
    pub result_after: f64,
}

fn eval(w: &[f64; COUNT], f: &[f64; COUNT]) -> f64 {
    w.iter().zip(f).map(|(w, f)| w * f).sum::<f64>() / DIVISOR as f64
}

fn prepare(samples: &[Sample], size: usize) -> Result<Vec<Row>, String> {
    samples
        .par_iter()
        .enumerate()
        .map(|(i, s)| {
            let mut pos = parse_tps(&s.tps).map_err(|e| format!("sample {}: {e}", i + 1))?;
            if pos.size() != size {
                return Err(format!(
                    "sample {} is {}x{}, not {size}x{size}",
                    i + 1,
                    pos.size(),
                    pos.size()
                ));
            }
            pos.set_half_komi(s.half_komi);
            Ok(Row {
                features: features(&pos).map(|v| v as f64),
                result: s.result,
                score: s.score as f64,
                teacher: s.teacher,
                validation: s.game % 10 == 0,
            })
        })
        .collect()
}

/// Mean squared error over the rows of one split, with targets from `target`.
fn loss(
    rows: &[Row],
    w: &[f64; COUNT],
    k: f64,
    validation: bool,
    target: &(dyn Fn(&Row) -> f64 + Sync),
) -> f64 {
    let (sum, n) = rows
        .par_chunks(4096)
        .map(|chunk| {
            chunk
                .iter()
                .filter(|r| r.validation == validation)
                .fold((0.0, 0usize), |(s, n), r| {
                    let e = probability(k, eval(w, &r.features)) - target(r);
                    (s + e * e, n + 1)
                })
        })
        .collect::<Vec<_>>()
        .into_iter()
        .fold((0.0, 0), |(s, n), (cs, cn)| (s + cs, n + cn));
    sum / n.max(1) as f64
}

/// The gradient of the training loss; chunk sums are added in order so the
/// result does not depend on the thread count.
fn gradient(
    rows: &[Row],
    w: &[f64; COUNT],
    k: f64,
    target: &(dyn Fn(&Row) -> f64 + Sync),
) -> [f64; COUNT] {
    let parts: Vec<([f64; COUNT], usize)> = rows
        .par_chunks(4096)
        .map(|chunk| {
            let mut g = [0.0; COUNT];
            let mut n = 0;
            for r in chunk.iter().filter(|r| !r.validation) {
                let p = probability(k, eval(w, &r.features));
                let d = 2.0 * (p - target(r)) * p * (1.0 - p) * k / 100.0 / DIVISOR as f64;
                for (gi, fi) in g.iter_mut().zip(&r.features) {
                    *gi += d * fi;
                }
                n += 1;
            }
            (g, n)
        })
        .collect();
    let mut total = [0.0; COUNT];
    let mut n = 0;
    for (g, cn) in parts {
        for (t, gi) in total.iter_mut().zip(g) {
            *t += gi;
        }
        n += cn;
    }
    total.map(|t| t / n.max(1) as f64)
}

/// The `k` that best fits the results with weights `w`.
fn fit_k(rows: &[Row], w: &[f64; COUNT]) -> f64 {
    best_k(|k| loss(rows, w, k, false, &|r: &Row| r.result))
}

/// Fits weights for `size` to `samples`, starting from `start`.
pub fn fit(
    samples: &[Sample],
    size: usize,
    start: &[i32; COUNT],
    config: &FitConfig,
) -> Result<FitReport, String> {
    let rows = prepare(samples, size)?;
    if rows.iter().all(|r| r.validation) || rows.iter().all(|r| !r.validation) {
        return Err("need positions from at least ten games to fit and validate".into());
    }
    let mut w = start.map(|v| v as f64);
    let k = fit_k(&rows, &w);
    let lambda = config.lambda.clamp(0.0, 1.0);
    let target = move |r: &Row| {
        let judged = r.teacher.unwrap_or_else(|| probability(k, r.score));
        (1.0 - lambda) * r.result + lambda * judged
    };
    let train_before = loss(&rows, &w, k, false, &target);
    let validation_before = loss(&rows, &w, k, true, &target);
    let result = |r: &Row| r.result;
    let result_before = loss(&rows, &w, k, true, &result);
    let mut adam = Adam::new(COUNT);
    let progress = Progress::new("fitting epochs", config.epochs);
    for _ in 0..config.epochs {
        let g = gradient(&rows, &w, k, &target);
        adam.begin();
        for i in (0..COUNT).filter(|i| !config.frozen.contains(i)) {
            w[i] -= adam.change(i, g[i], config.learning_rate);
        }
        progress.tick();
    }
    let weights = w.map(|x| x.round() as i32);
    let rounded = weights.map(|x| x as f64);
    Ok(FitReport {
        weights,
        k,
        positions: rows.len(),
        train_before,
        train_after: loss(&rows, &rounded, k, false, &target),
        validation_before,
        validation_after: loss(&rows, &rounded, k, true, &target),
        result_before,
        result_after: loss(&rows, &rounded, k, true, &result),
    })
}
