//! Every evaluation weight, one row per board size in its own file (`s3.rs` to
//! `s8.rs`), one entry per feature of `features.rs` in its order: first each
//! measure's weight at the start of the game, then (`…_end`) at its end. Units:
//! 1/16 of a centiflat per unit of the measure, so a weight of 16 counts one
//! centiflat per unit at the start (or end) and the two blend linearly in between.
//!
//! `menhir-tools tune fit --write src/eval/weights` writes the fitted size's whole
//! file (generated: edit the fit, not the file).

use super::features::COUNT;
use crate::board::{MAX_SIZE, MIN_SIZE};

mod s3;
mod s4;
mod s5;
mod s6;
mod s7;
mod s8;

/// Weights are in 1/SCALE centiflats.
pub const SCALE: i32 = 16;

/// Per size from `MIN_SIZE` to `MAX_SIZE`, per feature.
pub const WEIGHTS: [[i32; COUNT]; MAX_SIZE - MIN_SIZE + 1] =
    [s3::ROW, s4::ROW, s5::ROW, s6::ROW, s7::ROW, s8::ROW];
