//! Engine → client lines: the identification block and `info` lines with the
//! fields, order and units of tei.md §4.3 (`pv` last).

use crate::notation::move_to_ptn;
use crate::search::SearchInfo;

/// The reply to `tei`, `teiok` excluded.
pub fn identification() -> Vec<String> {
    let komis: Vec<String> = (-10..=10).map(|k: i32| k.to_string()).collect();
    vec![
        "id name Menhir".into(),
        "id author Menhir developers".into(),
        format!("id version {}", env!("CARGO_PKG_VERSION")),
        format!("size 3 4 5 6 7 8 halfkomi {}", komis.join(" ")),
        "option name HalfKomi type spin default 0 min -10 max 10".into(),
        "option name Hash type spin default 64 min 1 max 65536".into(),
        "option name Threads type spin default 1 min 1 max 256".into(),
        "option name MultiPV type spin default 1 min 1 max 16".into(),
    ]
}

/// One `info` line.
pub fn info_line(info: &SearchInfo) -> String {
    let mut s = String::with_capacity(160);
    s.push_str("info");
    if let Some(k) = info.multipv {
        s.push_str(&format!(" multipv {k}"));
    }
    let (w, d, l) = info.score.wdl();
    let nps = (info.nodes * 1000).checked_div(info.time_ms).unwrap_or(0);
    s.push_str(&format!(
        " depth {} seldepth {} score cp {} wdl {w} {d} {l} nodes {} time {} nps {nps} hashfull {}",
        info.depth,
        info.seldepth.max(info.depth),
        info.score.0,
        info.nodes,
        info.time_ms,
        info.hashfull
    ));
    if !info.pv.is_empty() {
        s.push_str(" pv");
        for mv in &info.pv {
            s.push(' ');
            s.push_str(&move_to_ptn(*mv));
        }
    }
    s
}
