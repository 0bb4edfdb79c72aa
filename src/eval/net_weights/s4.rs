//! The 4x4 correction weights: none fitted yet. `menhir-tools tune net --size 4
//! --write src/eval/net_weights` rewrites this file.

use crate::eval::net::NetWeights;

pub static NET: Option<NetWeights> = None;
