//! The fitted weights of the evaluation's learned correction (`eval::net`), one
//! file per board size (`s3.rs` to `s8.rs`), `None` where no fit was written.
//! `menhir-tools tune net --write src/eval/net_weights` rewrites the fitted size's file.

// Fitted numbers can fall on a value clippy takes for a mathematical constant
// (0.30102 for log10(2), say); they are data, not constants.
#![allow(clippy::approx_constant)]

use super::net::NetWeights;

mod s3;
mod s4;
mod s5;
mod s6;
mod s7;
mod s8;

/// Per size 3..=8.
pub static WEIGHTS: [&Option<NetWeights>; 6] =
    [&s3::NET, &s4::NET, &s5::NET, &s6::NET, &s7::NET, &s8::NET];
