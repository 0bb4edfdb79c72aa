//! Fitting the evaluation's learned correction (`eval::net`) to a teacher's win
//! probabilities. The hand-built evaluation stays as it is: the win probability
//! is modelled as σ(k · (evaluation + correction) / 100), with `k` fitted to the
//! evaluation alone first, and the correction's weights are fitted by Adam on
//! mini-batches with cross-entropy against the teacher's figure. Every position
//! is seen under a random one of the board's eight symmetries each epoch; the
//! step size can fall along a half cosine over the epochs (`decay_to`). One
//! game in ten is held out for validation.

use super::progress::Progress;
use super::selfplay::Sample;
use menhir::board::{Color, Square};
use menhir::eval::tuning::{
    correction_inputs, hand_evaluation, is_square_plane, NetWeights, DEFAULT_HIDDEN, INPUTS,
    MAX_ACTIVE, WIDTHS,
};
use menhir::notation::parse_tps;
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

/// How to fit.
#[derive(Clone, Debug)]
pub struct NetConfig {
    pub epochs: usize,
    pub learning_rate: f32,
    pub batch: usize,
    pub seed: u64,
    /// Decoupled weight decay on the input weights (AdamW): each step shrinks
    /// them by `learning_rate × weight_decay` of themselves. 0 turns it off.
    pub weight_decay: f32,
    /// The step size falls along a half cosine from `learning_rate` to this
    /// fraction of it over the epochs; 1 keeps it constant.
    pub decay_to: f32,
    /// Hidden units, one of `eval::net::WIDTHS`.
    pub hidden: usize,
}

impl Default for NetConfig {
    fn default() -> Self {
        NetConfig {
            epochs: 80,
            learning_rate: 0.002,
            batch: 512,
            seed: 1,
            weight_decay: 0.0,
            decay_to: 1.0,
            hidden: DEFAULT_HIDDEN,
        }
    }
}

/// What the fit found; losses are mean squared errors of the win probability.
#[derive(Clone, Debug)]
pub struct NetReport {
    /// The fitted weights, the output in centiflats, ready to write out.
    pub net: NetWeights,
    pub k: f32,
    pub train_positions: usize,
    pub validation_positions: usize,
    /// Validation loss of the evaluation alone, and with the correction.
    pub validation_before: f64,
    pub validation_after: f64,
    pub train_after: f64,
    /// Inputs that were on in some position under some symmetry.
    pub seen: Vec<bool>,
}

/// One position: its active inputs, the evaluation, the teacher's probability
/// for the side to move.
struct Row {
    active: Vec<u16>,
    base: f32,
    target: f32,
    validation: bool,
}

/// The eight symmetries of an `n × n` board as square maps.
pub fn symmetries(n: usize) -> [[u8; 64]; 8] {
    let mut maps = [[0u8; 64]; 8];
    for (s, map) in maps.iter_mut().enumerate() {
        for (i, slot) in map.iter_mut().enumerate() {
            let (f, r) = (i % 8, i / 8);
            if f >= n || r >= n {
                *slot = i as u8;
                continue;
            }
            let (mut f, mut r) = if s & 4 != 0 { (r, f) } else { (f, r) };
            if s & 1 != 0 {
                f = n - 1 - f;
            }
            if s & 2 != 0 {
                r = n - 1 - r;
            }
            *slot = Square::new(f, r).0;
        }
    }
    maps
}

/// Maps input `i` through a square map: square planes move, count planes stay.
fn map_input(i: u16, map: &[u8; 64]) -> u16 {
    let (plane, slot) = (i / 64, i % 64);
    if is_square_plane(plane as usize) {
        plane * 64 + map[slot as usize] as u16
    } else {
        i
    }
}

fn prepare(samples: &[Sample], size: usize) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    let mut buf = [0u16; MAX_ACTIVE];
    for (i, s) in samples.iter().enumerate() {
        let Some(teacher) = s.teacher else {
            continue;
        };
        let mut pos = parse_tps(&s.tps).map_err(|e| format!("sample {}: {e}", i + 1))?;
        if pos.size() != size {
            return Err(format!("sample {} is not {size}x{size}", i + 1));
        }
        pos.set_half_komi(s.half_komi);
        let len = correction_inputs(&pos, &mut buf);
        let target = match pos.to_move() {
            Color::White => teacher,
            Color::Black => 1.0 - teacher,
        };
        rows.push(Row {
            active: buf[..len].to_vec(),
            base: hand_evaluation(&pos) as f32,
            target: target as f32,
            validation: s.game % 10 == 0,
        });
    }
    Ok(rows)
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// The `k` that best fits σ(k · base / 100) to the training targets.
fn fit_k(rows: &[Row]) -> f32 {
    let loss = |k: f32| -> f64 {
        rows.iter()
            .filter(|r| !r.validation)
            .map(|r| {
                let e = sigmoid(k * r.base / 100.0) - r.target;
                (e * e) as f64
            })
            .sum()
    };
    let (mut lo, mut hi) = (0.01f32, 3.0f32);
    for _ in 0..60 {
        let a = lo + (hi - lo) / 3.0;
        let b = hi - (hi - lo) / 3.0;
        if loss(a) < loss(b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The widest hidden layer, for buffers on the stack.
const MAX_HIDDEN: usize = WIDTHS[WIDTHS.len() - 1];

/// The network in training: output in logit units.
struct Params {
    hidden: usize,
    input: Vec<f32>,
    bias: Vec<f32>,
    output: Vec<f32>,
    output_bias: f32,
}

impl Params {
    fn new(hidden: usize, rng: &mut StdRng) -> Params {
        let scale = 0.1;
        Params {
            hidden,
            input: (0..INPUTS * hidden)
                .map(|_| rng.gen_range(-scale..scale))
                .collect(),
            bias: vec![0.5; hidden],
            output: (0..hidden).map(|_| rng.gen_range(-0.01..0.01)).collect(),
            output_bias: 0.0,
        }
    }

    /// Every weight and bias: the length of the flat vector Adam works on.
    fn count(&self) -> usize {
        INPUTS * self.hidden + 2 * self.hidden + 1
    }

    /// The output (logit units) for some active inputs, with the hidden
    /// pre-activations left in the first `hidden` slots of `acc`.
    fn forward(&self, active: &[u16], acc: &mut [f32; MAX_HIDDEN]) -> f32 {
        let h = self.hidden;
        let acc = &mut acc[..h];
        acc.copy_from_slice(&self.bias);
        for &i in active {
            let row = &self.input[i as usize * h..(i as usize + 1) * h];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        acc.iter()
            .zip(&self.output)
            .map(|(a, o)| a.clamp(0.0, 1.0) * o)
            .sum::<f32>()
            + self.output_bias
    }

    /// Mean squared error of the probability over one split.
    fn loss(&self, rows: &[Row], k: f32, validation: bool, with_net: bool) -> f64 {
        let mut acc = [0.0; MAX_HIDDEN];
        let (sum, n) = rows.iter().filter(|r| r.validation == validation).fold(
            (0.0f64, 0usize),
            |(s, n), r| {
                let z = if with_net {
                    self.forward(&r.active, &mut acc)
                } else {
                    0.0
                };
                let e = sigmoid(k * r.base / 100.0 + z) - r.target;
                (s + (e * e) as f64, n + 1)
            },
        );
        sum / n.max(1) as f64
    }
}

/// Adam's state over the flat parameter vector: input weights, biases, output
/// weights, output bias.
struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, params: &mut Params, grad: &[f32], lr: f32, decay: f32) {
        let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
        self.t += 1;
        let c1 = 1.0 - b1.powi(self.t);
        let c2 = 1.0 - b2.powi(self.t);
        let mut update = |i: usize, p: &mut f32| {
            let g = grad[i];
            self.m[i] = b1 * self.m[i] + (1.0 - b1) * g;
            self.v[i] = b2 * self.v[i] + (1.0 - b2) * g * g;
            *p -= lr * (self.m[i] / c1) / ((self.v[i] / c2).sqrt() + eps);
        };
        let hidden = params.hidden;
        let n = INPUTS * hidden;
        let shrink = 1.0 - lr * decay;
        for (i, p) in params.input.iter_mut().enumerate() {
            *p *= shrink;
            update(i, p);
        }
        for (j, p) in params.bias.iter_mut().enumerate() {
            update(n + j, p);
        }
        for (j, p) in params.output.iter_mut().enumerate() {
            update(n + hidden + j, p);
        }
        update(n + 2 * hidden, &mut params.output_bias);
    }
}

/// Adds one position's cross-entropy gradient to `grad`.
fn accumulate(params: &Params, active: &[u16], base: f32, target: f32, k: f32, grad: &mut [f32]) {
    let mut pre = [0.0; MAX_HIDDEN];
    let z = params.forward(active, &mut pre);
    let d_out = sigmoid(k * base / 100.0 + z) - target;
    let hidden = params.hidden;
    let n = INPUTS * hidden;
    grad[n + 2 * hidden] += d_out;
    for j in 0..hidden {
        let h = pre[j].clamp(0.0, 1.0);
        grad[n + hidden + j] += d_out * h;
        if pre[j] > 0.0 && pre[j] < 1.0 {
            let d_pre = d_out * params.output[j];
            grad[n + j] += d_pre;
            for &i in active {
                grad[i as usize * hidden + j] += d_pre;
            }
        }
    }
}

/// The step size of epoch `epoch` (from 0): `learning_rate` times a factor
/// that falls along a half cosine from 1 at the first epoch to `decay_to` at
/// the last.
fn step_size(config: &NetConfig, epoch: usize) -> f32 {
    let last = config.epochs.saturating_sub(1).max(1) as f32;
    let t = (epoch as f32 / last).min(1.0);
    let cosine = 0.5 * (1.0 + (std::f32::consts::PI * t).cos());
    config.learning_rate * (config.decay_to + (1.0 - config.decay_to) * cosine)
}

/// `Ok` when a hidden layer of `units` is one of the widths the evaluation has
/// code for (`eval::net::WIDTHS`); the one check for both the fit and the
/// command line.
pub fn check_width(units: usize) -> Result<(), String> {
    if WIDTHS.contains(&units) {
        Ok(())
    } else {
        Err(format!("{units} is not one of the widths {WIDTHS:?}"))
    }
}

/// Fits the correction for board size `size` to the teacher's figures in
/// `samples` (positions without one are skipped).
pub fn fit_net(samples: &[Sample], size: usize, config: &NetConfig) -> Result<NetReport, String> {
    check_width(config.hidden)?;
    let rows = prepare(samples, size)?;
    let train: Vec<usize> = (0..rows.len()).filter(|&i| !rows[i].validation).collect();
    let validation_positions = rows.len() - train.len();
    if train.is_empty() || validation_positions == 0 {
        return Err("need teacher positions from at least ten games to fit and validate".into());
    }
    let k = fit_k(&rows);
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut params = Params::new(config.hidden, &mut rng);
    let validation_before = params.loss(&rows, k, true, false);
    let maps = symmetries(size);
    let mut adam = Adam {
        m: vec![0.0; params.count()],
        v: vec![0.0; params.count()],
        t: 0,
    };
    let mut grad = vec![0.0f32; params.count()];
    let mut order = train.clone();
    let mut mapped = Vec::with_capacity(MAX_ACTIVE);
    let progress = Progress::new("fitting epochs", config.epochs);
    for epoch in 0..config.epochs {
        let lr = step_size(config, epoch);
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            for &r in batch {
                let row = &rows[r];
                let map = &maps[rng.gen_range(0..8)];
                mapped.clear();
                mapped.extend(row.active.iter().map(|&i| map_input(i, map)));
                accumulate(&params, &mapped, row.base, row.target, k, &mut grad);
            }
            let scale = 1.0 / batch.len() as f32;
            grad.iter_mut().for_each(|g| *g *= scale);
            adam.step(&mut params, &grad, lr, config.weight_decay);
        }
        log::info!(
            "epoch {}: step size {lr:.6}, validation loss {:.6}",
            epoch + 1,
            params.loss(&rows, k, true, true)
        );
        progress.tick();
    }
    let mut seen = vec![false; INPUTS];
    for row in &rows {
        for map in &maps {
            for &i in &row.active {
                seen[map_input(i, map) as usize] = true;
            }
        }
    }
    let to_centiflats = 100.0 / k;
    Ok(NetReport {
        k,
        train_positions: train.len(),
        validation_positions,
        validation_before,
        validation_after: params.loss(&rows, k, true, true),
        train_after: params.loss(&rows, k, false, true),
        seen,
        net: NetWeights {
            input: params.input.clone(),
            bias: params.bias.clone(),
            output: params.output.iter().map(|o| o * to_centiflats).collect(),
            output_bias: params.output_bias * to_centiflats,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_size_falls_from_the_learning_rate_to_its_fraction() {
        let config = NetConfig {
            epochs: 9,
            learning_rate: 0.004,
            decay_to: 0.1,
            ..NetConfig::default()
        };
        let sizes: Vec<f32> = (0..9).map(|e| step_size(&config, e)).collect();
        assert!((sizes[0] - 0.004).abs() < 1e-9);
        assert!((sizes[8] - 0.0004).abs() < 1e-9);
        // Halfway down the cosine: halfway between the two.
        assert!((sizes[4] - 0.0022).abs() < 1e-7, "{}", sizes[4]);
        assert!(sizes.windows(2).all(|w| w[1] < w[0]), "{sizes:?}");
        let constant = NetConfig {
            epochs: 9,
            ..NetConfig::default()
        };
        assert!((0..9).all(|e| step_size(&constant, e) == constant.learning_rate));
        let one = NetConfig {
            epochs: 1,
            decay_to: 0.5,
            ..NetConfig::default()
        };
        assert_eq!(step_size(&one, 0), one.learning_rate);
    }

    #[test]
    fn a_symmetry_moves_square_inputs_and_keeps_counts() {
        // On 5x5, the mirror that swaps files a and e (s = 1).
        let map = symmetries(5)[1];
        let a1 = Square::new(0, 0).index() as u16;
        let e1 = Square::new(4, 0).index() as u16;
        // Tops (plane 0) and the piece under the top (planes 18, 19) move.
        for plane in [0u16, 18, 19] {
            assert_eq!(map_input(plane * 64 + a1, &map), plane * 64 + e1);
        }
        // Stones left (plane 12) and the flat margin (plane 16) are counts.
        for i in [12 * 64 + 7, 16 * 64 + 30] {
            assert_eq!(map_input(i, &map), i);
        }
    }
}
