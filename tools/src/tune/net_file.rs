//! Writing a fitted correction network (`tune::net`) as the Rust source of its
//! board size's file in `src/eval/net_weights/`.

use super::net::TrainedNet;
use std::fmt::Write;

/// `values` as lines of `per_line`, each value followed by a comma.
fn list(out: &mut String, values: &[f32], per_line: usize) {
    for chunk in values.chunks(per_line) {
        out.push_str("    ");
        list_inline(out, chunk);
        out.push_str(",\n");
    }
}

/// `values` on one line, comma-separated.
fn list_inline(out: &mut String, values: &[f32]) {
    for (k, v) in values.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        if *v == 0.0 {
            out.push_str("0.0");
        } else {
            let _ = write!(out, "{v:.4e}");
        }
    }
}

/// The source of `s{size}.rs` holding `net`; `note` says where it came from.
/// The layer's width is written as the file's `HIDDEN`, and the input weights
/// a row (one input's weights to every hidden unit) a line, each after its
/// input's index; rows that never appeared in the data (`seen` false) or are
/// all zero are left out, and `dense_input` puts the rest in place at compile
/// time.
pub fn net_file_text(size: usize, net: &TrainedNet, seen: &[bool], note: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "//! The {size}x{size} correction weights, written by `menhir-tools tune net`:\n//! {note}\n"
    );
    let hidden = net.hidden();
    out.push_str("use crate::eval::net::{dense_input, NetWeights, INPUTS};\n\n");
    let _ = writeln!(out, "/// Hidden units.\nconst HIDDEN: usize = {hidden};\n");
    out.push_str("/// Each row: an input (plane × 64 + slot) and its weights to every hidden\n");
    out.push_str("/// unit; inputs left out have all-zero rows.\n");
    out.push_str("#[rustfmt::skip]\nconst ROWS: &[(u16, [f32; HIDDEN])] = &[\n");
    for (i, row) in net.input.chunks(hidden).enumerate() {
        let seen = seen.get(i).copied().unwrap_or(false);
        if !seen || row.iter().all(|w| *w == 0.0) {
            continue;
        }
        let _ = write!(out, "    ({i}, [");
        list_inline(&mut out, row);
        out.push_str("]),\n");
    }
    out.push_str("];\n\nstatic INPUT: [f32; INPUTS * HIDDEN] = dense_input(ROWS);\n\n");
    out.push_str("#[rustfmt::skip]\nstatic BIAS: [f32; HIDDEN] = [\n");
    list(&mut out, &net.bias, 64);
    out.push_str("];\n\n#[rustfmt::skip]\nstatic OUTPUT: [f32; HIDDEN] = [\n");
    list(&mut out, &net.output, 64);
    out.push_str("];\n\npub static NET: Option<NetWeights> = Some(NetWeights {\n");
    out.push_str("    input: &INPUT,\n    bias: &BIAS,\n    output: &OUTPUT,\n");
    let _ = writeln!(out, "    output_bias: {:.4e},\n}});", net.output_bias);
    out
}
