//! The 6x6 correction weights: none fitted yet. `menhir tune net --size 6
//! --write src/eval/net_weights` rewrites this file.

use crate::eval::net::NetWeights;

pub static NET: Option<NetWeights> = None;
