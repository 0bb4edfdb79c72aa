//! Writing a fitted correction network (`tune::net`) as its board size's file
//! in `src/eval/net_weights/`, in the binary format the engine reads
//! (`menhir::eval::net_weights`).

use menhir::eval::tuning::{encode_net_file as encode, NetWeights};

/// The bytes of `s{size}.bin` holding `net`; `note` says where it came from.
/// The input rows of inputs that never appeared in the data (`seen` false)
/// kept their random start, which no position can reach: they are written as
/// zeros.
pub fn net_file_bytes(size: usize, net: &NetWeights, seen: &[bool], note: &str) -> Vec<u8> {
    let mut net = net.clone();
    let hidden = net.hidden();
    for (i, row) in net.input.chunks_mut(hidden).enumerate() {
        if !seen.get(i).copied().unwrap_or(false) {
            row.fill(0.0);
        }
    }
    encode(size, &net, note)
}
