//! Fitting the evaluation's learned correction (`eval::net`) to a teacher's win
//! probabilities, or to Menhir's own games. The hand-built evaluation stays as
//! it is: the win probability is modelled as σ(k · (evaluation + correction) /
//! 100), with `k` fitted to the evaluation alone first, and the correction's
//! weights are fitted by Adam on mini-batches with cross-entropy against the
//! target. A position a teacher played has the teacher's figure as its
//! target; one from self-play has λ · σ(k · search score / 100) + (1 − λ) ·
//! the game's result (`lambda`), both for the side to move. Every position
//! is seen under a random one of the board's eight symmetries each epoch; the
//! step size can fall along a half cosine over the epochs (`decay_to`). One
//! game in ten is held out for validation.

use super::float_net::FloatNet;
use super::logistic::{fit_k as best_k, probability, Adam};
use super::net_start::{keep_learned_inputs, start_from};
use super::progress::Progress;
use super::selfplay::Sample;
use super::symmetry::symmetries;
use super::targets::{blend_scores, set_plies_to_end, td_scores, Row};
use menhir::board::Color;
use menhir::eval::score::{sigmoid, Score};
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
    /// Passes over the training positions.
    pub epochs: usize,
    /// Adam step size at the first epoch.
    pub learning_rate: f32,
    /// Positions per gradient step.
    pub batch: usize,
    /// Seed of the initial weights, the shuffles and the symmetries.
    pub seed: u64,
    /// Decoupled weight decay on the input weights (AdamW): each step shrinks
    /// them by `learning_rate × weight_decay` of themselves. 0 turns it off.
    pub weight_decay: f32,
    /// The step size falls along a half cosine from `learning_rate` to this
    /// fraction of it over the epochs; 1 keeps it constant.
    pub decay_to: f32,
    /// Hidden units, one of `eval::net::WIDTHS`.
    pub hidden: usize,
    /// The search score's share of a self-play position's target (the game
    /// result has the rest); teacher positions ignore it.
    pub lambda: f64,
    /// When set, the result enters only the targets of positions at most this
    /// many plies before their game's last recorded position; earlier ones
    /// keep the search score alone (λ = 1), where the result says little.
    pub result_plies: Option<usize>,
    /// When set, self-play targets are temporal-difference returns with this
    /// decay a ply (`targets::td_targets`) instead of the `lambda` blend.
    pub td_decay: Option<f64>,
    /// A network to start from instead of random weights (output in
    /// centiflats, as files hold it): its units become the first of the
    /// `hidden` ones and any further units start small and random, so the fit
    /// begins where that network plays and refines it.
    pub init: Option<NetWeights>,
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
            lambda: 0.5,
            result_plies: None,
            td_decay: None,
            init: None,
        }
    }
}

/// What the fit found; losses are mean squared errors of the win probability.
#[derive(Clone, Debug)]
pub struct NetReport {
    /// The fitted weights, the output in centiflats, ready to write out.
    pub net: NetWeights,
    /// The logistic scale of the hand-built evaluation.
    pub k: f32,
    /// Positions trained on.
    pub train_positions: usize,
    /// Positions held out (every tenth game).
    pub validation_positions: usize,
    /// Validation loss of the evaluation alone.
    pub validation_before: f64,
    /// Validation loss with the correction.
    pub validation_after: f64,
    /// Training loss with the correction after the fit.
    pub train_after: f64,
    /// Inputs that were on in some position under some symmetry.
    pub seen: Vec<bool>,
    /// The epoch whose network is kept: the one with the lowest validation
    /// loss (from 1; 0 when there were no epochs, or when the starting
    /// network of `NetConfig::init` did better than every epoch).
    pub best_epoch: usize,
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

pub(super) fn prepare(samples: &[Sample], size: usize) -> Result<Vec<Row>, String> {
    let mut rows = Vec::new();
    let mut buf = [0u16; MAX_ACTIVE];
    for (i, s) in samples.iter().enumerate() {
        let mut pos = parse_tps(&s.tps).map_err(|e| format!("sample {}: {e}", i + 1))?;
        if pos.size() != size {
            return Err(format!("sample {} is not {size}x{size}", i + 1));
        }
        pos.set_half_komi(s.half_komi);
        let len = correction_inputs(&pos, &mut buf);
        let white = pos.to_move() == Color::White;
        let for_mover = |p: f64| if white { p } else { 1.0 - p };
        // Until `k` is fitted, a self-play position's target is its result.
        let (target, score) = match s.teacher {
            Some(p) => (for_mover(p), None),
            None => {
                let score = if white { s.score } else { -s.score };
                (for_mover(s.result), Some(score as f32))
            }
        };
        rows.push(Row {
            active: buf[..len].to_vec(),
            base: hand_evaluation(&pos) as f32,
            target: target as f32,
            score,
            validation: s.game % 10 == 0,
            to_end: 0,
            game: s.game,
            ply: pos.ply() as usize,
            white,
        });
    }
    set_plies_to_end(&mut rows);
    Ok(rows)
}

/// The `k` that best fits σ(k · base / 100) to the training targets of the
/// positions whose search proved nothing: proven ones (`tune gen
/// --keep-proven`) have results the evaluation was never meant to foresee, and
/// would steepen the scale every other target is read on.
fn fit_k(rows: &[Row]) -> f64 {
    best_k(|k| {
        rows.iter()
            .filter(|r| !r.validation && !r.score.is_some_and(|s| Score(s as i32).is_proven()))
            .map(|r| (probability(k, r.base as f64) - r.target as f64).powi(2))
            .sum()
    })
}

/// A network to train, output in logit units: small random input and output
/// weights, hidden biases of 0.5.
pub(super) fn new_net(hidden: usize, rng: &mut StdRng) -> NetWeights {
    let scale = 0.1;
    NetWeights {
        input: (0..INPUTS * hidden)
            .map(|_| rng.gen_range(-scale..scale))
            .collect(),
        bias: vec![0.5; hidden],
        output: (0..hidden).map(|_| rng.gen_range(-0.01..0.01)).collect(),
        output_bias: 0.0,
    }
}

/// Every weight and bias: the length of the flat vector Adam works on (input
/// weights, biases, output weights, output bias).
fn parameters(net: &NetWeights) -> usize {
    net.input.len() + 2 * net.hidden() + 1
}

/// The win probability for the side to move: the evaluation `base` (scaled by
/// `k`) plus the network's output `z` (in logit units).
fn win(k: f64, base: f32, z: f32) -> f32 {
    sigmoid(k * base as f64 / 100.0 + z as f64) as f32
}

/// Mean squared error of the probability over one split, with the network's
/// output or without it.
fn loss(net: &NetWeights, rows: &[Row], k: f64, validation: bool, with_net: bool) -> f64 {
    let (sum, n) =
        rows.iter()
            .filter(|r| r.validation == validation)
            .fold((0.0f64, 0usize), |(s, n), r| {
                let z = if with_net { net.output(&r.active) } else { 0.0 };
                let e = win(k, r.base, z) - r.target;
                (s + (e * e) as f64, n + 1)
            });
    sum / n.max(1) as f64
}

/// One Adam step over the network; the input weights also shrink by
/// `lr × decay` of themselves first (decoupled weight decay).
fn adam_step(adam: &mut Adam, net: &mut NetWeights, grad: &[f32], lr: f32, decay: f32) {
    adam.begin();
    let shrink = 1.0 - lr * decay;
    let n = net.input.len();
    for (i, p) in net.input.iter_mut().enumerate() {
        *p *= shrink;
        *p -= adam.change(i, grad[i] as f64, lr as f64) as f32;
    }
    let rest = net.bias.iter_mut().chain(net.output.iter_mut());
    for (j, p) in rest.chain([&mut net.output_bias]).enumerate() {
        *p -= adam.change(n + j, grad[n + j] as f64, lr as f64) as f32;
    }
}

/// Adds one position's cross-entropy gradient to `grad`; `pre` is scratch for
/// the hidden layer.
fn accumulate(
    net: &NetWeights,
    row: (&[u16], f32, f32),
    k: f64,
    grad: &mut [f32],
    pre: &mut Vec<f32>,
) {
    let (active, base, target) = row;
    let z = net.output_and_hidden(active, pre);
    let d_out = win(k, base, z) - target;
    let hidden = net.hidden();
    let n = INPUTS * hidden;
    grad[n + 2 * hidden] += d_out;
    for (j, &p) in pre.iter().enumerate() {
        grad[n + hidden + j] += d_out * p.clamp(0.0, 1.0);
        if p > 0.0 && p < 1.0 {
            let d_pre = d_out * net.output[j];
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
    if !(0.0..=1.0).contains(&config.lambda) {
        return Err(format!("lambda {} is not between 0 and 1", config.lambda));
    }
    if let Some(d) = config.td_decay.filter(|d| !(0.0..=1.0).contains(d)) {
        return Err(format!("the TD decay {d} is not between 0 and 1"));
    }
    let mut rows = prepare(samples, size)?;
    let train: Vec<usize> = (0..rows.len()).filter(|&i| !rows[i].validation).collect();
    let validation_positions = rows.len() - train.len();
    if train.is_empty() || validation_positions == 0 {
        return Err("need positions from at least ten games to fit and validate".into());
    }
    let k = fit_k(&rows);
    match config.td_decay {
        Some(decay) => td_scores(&mut rows, k, decay),
        None => blend_scores(&mut rows, k, config.lambda, config.result_plies),
    }
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut net = match &config.init {
        Some(start) => start_from(start, config.hidden, k, &mut rng)?,
        None => new_net(config.hidden, &mut rng),
    };
    let validation_before = loss(&net, &rows, k, true, false);
    let maps = symmetries(size);
    let mut adam = Adam::new(parameters(&net));
    let mut grad = vec![0.0f32; parameters(&net)];
    let mut order = train.clone();
    let (mut mapped, mut pre) = (Vec::with_capacity(MAX_ACTIVE), Vec::new());
    let progress = Progress::new("fitting epochs", config.epochs);
    // A starting network is kept unless some epoch beats it.
    let mut best: Option<(f64, NetWeights, usize)> = config
        .init
        .as_ref()
        .map(|_| (loss(&net, &rows, k, true, true), net.clone(), 0));
    if let Some((start_loss, _, _)) = &best {
        log::info!("starting network: validation loss {start_loss:.6}");
    }
    for epoch in 0..config.epochs {
        let lr = step_size(config, epoch);
        order.shuffle(&mut rng);
        for batch in order.chunks(config.batch.max(1)) {
            grad.fill(0.0);
            for &r in batch {
                let row = &rows[r];
                let map = &maps[rng.gen_range(0..8)];
                mapped.clear();
                mapped.extend(row.active.iter().map(|&i| map_input(i, map)));
                let example = (mapped.as_slice(), row.base, row.target);
                accumulate(&net, example, k, &mut grad, &mut pre);
            }
            let scale = 1.0 / batch.len() as f32;
            for g in &mut grad {
                *g *= scale;
            }
            adam_step(&mut adam, &mut net, &grad, lr, config.weight_decay);
        }
        let validation = loss(&net, &rows, k, true, true);
        log::info!(
            "epoch {}: step size {lr:.6}, validation loss {validation:.6}",
            epoch + 1
        );
        if best.as_ref().is_none_or(|(v, _, _)| validation < *v) {
            best = Some((validation, net.clone(), epoch + 1));
        }
        progress.tick();
    }
    // The epoch with the lowest validation loss: self-play positions of one
    // game share its result, so a long fit learns the games by heart.
    let best_epoch = match best {
        Some((_, kept, epoch)) => {
            net = kept;
            epoch
        }
        None => 0,
    };
    let mut seen = vec![false; INPUTS];
    for row in &rows {
        for map in &maps {
            for &i in &row.active {
                seen[map_input(i, map) as usize] = true;
            }
        }
    }
    if let Some(start) = &config.init {
        keep_learned_inputs(&mut net, start, &mut seen);
    }
    let validation_after = loss(&net, &rows, k, true, true);
    let train_after = loss(&net, &rows, k, false, true);
    let to_centiflats = (100.0 / k) as f32;
    net.output.iter_mut().for_each(|o| *o *= to_centiflats);
    net.output_bias *= to_centiflats;
    Ok(NetReport {
        k: k as f32,
        train_positions: train.len(),
        validation_positions,
        validation_before,
        validation_after,
        train_after,
        seen,
        net,
        best_epoch,
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

    use menhir::board::Square;

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

    /// Twenty short 5x5 games, alternately won by White and Black.
    fn small_games() -> Vec<Sample> {
        let tps = [
            "x5/x5/x5/x5/x5 1 1",
            "x5/x5/x5/x5/2,x4 2 1",
            "x5/x5/x5/x5/2,1,x3 1 2",
            "x5/x5/x5/x2,1,x2/2,1,x3 2 2",
        ];
        (0..20)
            .flat_map(|game| {
                tps.iter().map(move |t| Sample {
                    game,
                    result: (game % 2) as f64,
                    score: 40 - 20 * (game % 3) as i32,
                    half_komi: 4,
                    tps: t.to_string(),
                    teacher: None,
                })
            })
            .collect()
    }

    #[test]
    fn proven_positions_leave_the_scale_alone() {
        // White four flats up (five flats against three walls and one flat):
        // won in three games of four, so k settles where σ(k · eval) = ¾.
        let ahead = "1,1,1,1,1/2S,2S,2S,x2/x5/x5/2,x4 2 5";
        let sample = |game: usize, result: f64, score: i32| Sample {
            game,
            result,
            score,
            half_komi: 4,
            tps: ahead.to_string(),
            teacher: None,
        };
        let quiet: Vec<Sample> = (1..41)
            .map(|g| sample(g, if g % 4 == 0 { 0.0 } else { 1.0 }, 150))
            .collect();
        let k = fit_k(&prepare(&quiet, 5).unwrap());
        assert!(k > 0.02 && k < 4.9, "k = {k} is at a bound");
        // Proven losses of the same position (results that agree with their
        // proofs but not with the evaluation) would pull k down; they must
        // leave it where it was.
        let mut with_proven = quiet.clone();
        with_proven.extend((101..141).map(|g| sample(g, 0.0, -9_990)));
        let rows = prepare(&with_proven, 5).unwrap();
        assert_eq!(rows.len(), 80);
        assert_eq!(fit_k(&rows), k);
    }

    #[test]
    fn a_fit_from_a_starting_network_never_ends_worse_than_it_began() {
        let samples = small_games();
        let mut rng = StdRng::seed_from_u64(3);
        let start = new_net(64, &mut rng);
        let config = NetConfig {
            epochs: 0,
            hidden: 64,
            init: Some(start.clone()),
            ..NetConfig::default()
        };
        // No epochs: the starting network comes back as it was.
        let report = fit_net(&samples, 5, &config).unwrap();
        assert_eq!(report.best_epoch, 0);
        let active = [1u16, 64, 640];
        assert!((report.net.output(&active) - start.output(&active)).abs() < 1e-3);
        // Some epochs: the kept network is the starting one or a better one.
        let begun = report.validation_after;
        let trained = fit_net(
            &samples,
            5,
            &NetConfig {
                epochs: 3,
                ..config
            },
        )
        .unwrap();
        assert!(trained.validation_after <= begun + 1e-12);
    }
}
