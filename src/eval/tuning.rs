//! What the tuner (`menhir-tools`) needs of the evaluation, and nothing the
//! search uses: the feature vector the weight rows multiply, the rows compiled
//! into this build, the hand-built sum the correction is fitted on top of, the
//! correction's active inputs and network, and the correction's file format.
//!
//! A position's features are its measures (`explain` names them) each counted
//! twice: measure `i` times the share of the game still to come is feature `i`,
//! times the share gone is feature `i + FEATURES / 2`, both on the
//! `PHASE_SCALE` scale. The hand-built evaluation for White is the dot product
//! of the features with a weight row divided by `DIVISOR` (then clamped).

use super::features::{self, COUNT, MEASURES};
use super::{hand_row, net, net_weights, DIVISOR as EVAL_DIVISOR};
use crate::board::{Position, MAX_SIZE, MIN_SIZE};

pub use super::features::PHASE_SCALE;
pub use super::net::{is_square_plane, DEFAULT_HIDDEN, INPUTS, MAX_ACTIVE, MAX_CORRECTION, WIDTHS};
pub use super::net_weights::{
    decode as decode_net_file, encode as encode_net_file, NetFile, NetWeights,
};
pub use super::weights::SCALE as WEIGHT_SCALE;

/// Features (weights per board size).
pub const FEATURES: usize = COUNT;
/// What a feature vector's dot product with a weight row is divided by to give
/// centiflats: `WEIGHT_SCALE · PHASE_SCALE`.
pub const DIVISOR: i64 = EVAL_DIVISOR;

/// Feature `i`'s name: its measure's, with `_end` for the end-of-game weight.
pub fn feature_name(i: usize) -> String {
    features::name(i)
}

/// Every feature of `pos`, from White's point of view.
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let (m, phase) = features::measures(pos);
    let mut out = [0; FEATURES];
    for (i, &v) in m.iter().enumerate() {
        out[i] = v * (PHASE_SCALE - phase);
        out[MEASURES + i] = v * phase;
    }
    out
}

/// The weight row compiled into this build for board size `size`.
pub fn hand_weights(size: usize) -> Option<&'static [i32; FEATURES]> {
    (MIN_SIZE..=MAX_SIZE)
        .contains(&size)
        .then(|| hand_row(size))
}

/// The hand-built evaluation of `pos` without the correction, in centiflats
/// from the side to move.
pub fn hand_evaluation(pos: &Position) -> i32 {
    super::hand_evaluation(pos)
}

/// The correction's network for board size `size`, if it has one.
pub fn correction_weights(size: usize) -> Option<&'static NetWeights> {
    net_weights::weights_for(size)
}

/// The correction's active inputs for `pos` (each `plane · 64 + slot`, seen
/// from the side to move) into `out`; returns how many there are.
pub fn correction_inputs(pos: &Position, out: &mut [u16; MAX_ACTIVE]) -> usize {
    let (_, _, roads) = features::measures_and_roads(pos, features::completing_squares(pos));
    net::active_inputs(pos, &roads, out)
}
