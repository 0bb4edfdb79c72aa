//! Engine → client lines: the identification block and `info` lines with the
//! fields, order and units of `docs/tei.md` (`pv` last).

use crate::board::{MAX_SIZE, MIN_SIZE};
use crate::engine::{OptionSpec, HALF_KOMI, OPTIONS};
use crate::notation::move_to_ptn;
use crate::search::SearchInfo;
use std::fmt::Write;

/// The reply to `tei`, `teiok` excluded: the option lines come from the
/// engine's option table.
pub fn identification() -> Vec<String> {
    let sizes: Vec<String> = (MIN_SIZE..=MAX_SIZE).map(|n| n.to_string()).collect();
    let komis: Vec<String> = (HALF_KOMI.min..=HALF_KOMI.max)
        .map(|k| k.to_string())
        .collect();
    let mut lines = vec![
        "id name Menhir".into(),
        "id author Menhir developers".into(),
        format!("id version {}", env!("CARGO_PKG_VERSION")),
        format!("size {} halfkomi {}", sizes.join(" "), komis.join(" ")),
    ];
    lines.extend(OPTIONS.iter().map(OptionSpec::tei_line));
    lines
}

/// One `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    let mut s = String::with_capacity(160);
    s.push_str("info");
    if let Some(k) = info.multipv {
        let _ = write!(s, " multipv {k}");
    }
    let [w, d, l] = info.outlook.wdl;
    let nps = (info.nodes * 1000).checked_div(info.time_ms).unwrap_or(0);
    let score = match info.solved {
        Some(solved) => {
            let result = if solved.win { "win" } else { "loss" };
            format!("solved {result} {}", solved.plies)
        }
        None => format!("cp {} wdl {w} {d} {l}", info.outlook.cp),
    };
    let _ = write!(
        s,
        " depth {} seldepth {} score {score} nodes {} time {} nps {nps} hashfull {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.nodes,
        info.time_ms,
        info.hashfull
    );
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for mv in &info.pv {
            s.push(' ');
            s.push_str(&move_to_ptn(*mv));
        }
    }
    s
}
