//! Writing a fitted correction network (`tune::net`) as the Rust source of its
//! board size's file in `src/eval/net_weights/`.

use super::net::TrainedNet;
use crate::eval::net::HIDDEN;
use std::fmt::Write;

fn list(out: &mut String, values: &[f32], per_line: usize) {
    for chunk in values.chunks(per_line) {
        out.push_str("   ");
        for v in chunk {
            if *v == 0.0 {
                out.push_str(" 0.0,");
            } else {
                let _ = write!(out, " {v:.4e},");
            }
        }
        out.push('\n');
    }
}

/// The source of `s{size}.rs` holding `net`; `note` says where it came from.
/// Input rows that never appeared in the data (`seen` false) are written as
/// zeros.
pub fn net_file_text(size: usize, net: &TrainedNet, seen: &[bool], note: &str) -> String {
    let mut input = net.input.clone();
    for (i, row) in input.chunks_mut(HIDDEN).enumerate() {
        if !seen.get(i).copied().unwrap_or(false) {
            row.iter_mut().for_each(|w| *w = 0.0);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The {size}x{size} correction weights, written by `menhir tune net`:\n//! {note}\n"
    );
    out.push_str("use crate::eval::net::{NetWeights, HIDDEN, INPUTS};\n\n");
    out.push_str("#[rustfmt::skip]\nstatic INPUT: [f32; INPUTS * HIDDEN] = [\n");
    list(&mut out, &input, HIDDEN / 2);
    out.push_str("];\n\n#[rustfmt::skip]\nstatic BIAS: [f32; HIDDEN] = [\n");
    list(&mut out, &net.bias, HIDDEN / 2);
    out.push_str("];\n\n#[rustfmt::skip]\nstatic OUTPUT: [f32; HIDDEN] = [\n");
    list(&mut out, &net.output, HIDDEN / 2);
    out.push_str("];\n\npub static NET: Option<NetWeights> = Some(NetWeights {\n");
    out.push_str("    input: &INPUT,\n    bias: &BIAS,\n    output: &OUTPUT,\n");
    let _ = writeln!(out, "    output_bias: {:.4e},\n}});", net.output_bias);
    out
}
