//! Every evaluation weight, one row per board size in its own file (`s3.rs` to
//! `s8.rs`), one entry per feature of `features.rs` in its order: first each
//! measure's weight at the start of the game, then (`…_end`) at its end. Units:
//! 1/16 of a centiflat per unit of the measure, so a weight of 16 counts one
//! centiflat per unit at the start (or end) and the two blend linearly in between.
//!
//! `menhir-tools tune fit --write src/eval/weights` rewrites the fitted size's file.

use super::features::COUNT;

mod s3;
mod s4;
mod s5;
mod s6;
mod s7;
mod s8;

/// Weights are in 1/SCALE centiflats.
pub const SCALE: i32 = 16;

/// Per size 3..=8, per feature.
pub const WEIGHTS: [[i32; COUNT]; 6] = [s3::ROW, s4::ROW, s5::ROW, s6::ROW, s7::ROW, s8::ROW];
