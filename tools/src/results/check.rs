//! The record's own arithmetic: every row must add up before a table is made
//! of it. [`check`] returns every problem found, one line each.

use super::{Elo, Kind, Record, Row, Wdl};
use crate::judge::stats::elo_of;
use std::collections::HashSet;

/// How far a recorded Elo figure may stand from the one its W-D-L gives
/// (the docs round to whole Elo).
const TOLERANCE: f64 = 1.0;

/// Every problem of the record, one line each; empty when it is sound.
pub fn check(record: &Record) -> Vec<String> {
    let mut problems = Vec::new();
    let mut seen = HashSet::new();
    let mut last = 0;
    for row in &record.rows {
        let mut say = |what: String| problems.push(format!("{}: {what}", row.id));
        if !seen.insert(row.id.as_str()) {
            say("the id is used twice".into());
        }
        let number: u64 = row.id[1..].parse().unwrap_or(0);
        if number <= last {
            say(format!("ids must increase down the file (after R{last})"));
        }
        last = last.max(number);
        for problem in row_problems(row)
            .into_iter()
            .chain(parts_problems(record, row))
        {
            say(problem);
        }
    }
    problems
}

/// The interval of pooled games by the normal approximation with the
/// trinomial variance (`docs/strength.md` §3.4): s ± 1.96 σ/√N in Elo.
pub fn trinomial_interval(wdl: Wdl) -> (f64, f64) {
    let n = wdl.games() as f64;
    let s = wdl.score();
    let variance = (wdl.w as f64 * (1.0 - s).powi(2)
        + wdl.d as f64 * (0.5 - s).powi(2)
        + wdl.l as f64 * s * s)
        / n;
    let half = 1.96 * (variance / n).sqrt();
    (elo_end(s - half), elo_end(s + half))
}

/// The Elo of a score, infinite at or beyond 0 and 1.
fn elo_end(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        elo_of(score)
    }
}

fn close(recorded: Elo, computed: f64) -> bool {
    match recorded {
        Elo::Value(v) => computed.is_finite() && (v as f64 - computed).abs() <= TOLERANCE + 0.5,
        Elo::Infinite(up) => computed.is_infinite() && (computed > 0.0) == up,
    }
}

fn row_problems(row: &Row) -> Vec<String> {
    let mut problems = Vec::new();
    if row.games == 0 {
        problems.push("no games".into());
    }
    if row.lo.as_f64() > row.elo.as_f64() || row.elo.as_f64() > row.hi.as_f64() {
        problems.push(format!(
            "the interval [{}, {}] does not hold the estimate {}",
            row.lo, row.hi, row.elo
        ));
    }
    if let Some(wdl) = row.wdl {
        let s = wdl.score();
        if wdl.games() == row.games {
            if s > 0.0 && s < 1.0 && !close(row.elo, elo_of(s)) {
                problems.push(format!(
                    "Elo {} is not the score's ({:+.1} for s = {s:.4})",
                    row.elo,
                    elo_of(s)
                ));
            }
        } else {
            problems.push(format!(
                "W-D-L {}-{}-{} adds up to {} games, not {}",
                wdl.w,
                wdl.d,
                wdl.l,
                wdl.games(),
                row.games
            ));
        }
    }
    if row.tables.is_empty() {
        problems.push("it is in no table of docs/strength.md, so nothing shows it".into());
    }
    if row.kind != Kind::Pooled && !row.parts.is_empty() {
        problems.push("only a pooled row has parts".into());
    }
    problems
}

fn parts_problems(record: &Record, row: &Row) -> Vec<String> {
    if row.kind != Kind::Pooled {
        return Vec::new();
    }
    if row.parts.len() < 2 {
        return vec!["a pooled row names at least two parts".into()];
    }
    let mut sum = Wdl { w: 0, d: 0, l: 0 };
    for id in &row.parts {
        match record
            .get(id)
            .and_then(|part| part.wdl.map(|wdl| (part, wdl)))
        {
            Some((part, wdl)) if part.kind != Kind::Pooled => {
                sum.w += wdl.w;
                sum.d += wdl.d;
                sum.l += wdl.l;
            }
            Some(_) => return vec![format!("part {id} is itself pooled")],
            None => return vec![format!("part {id} is not a row with a W-D-L")],
        }
    }
    let Some(wdl) = row.wdl else {
        return vec!["a pooled row needs its W-D-L".into()];
    };
    if wdl != sum {
        return vec![format!(
            "W-D-L {}-{}-{} is not the sum of its parts, {}-{}-{}",
            wdl.w, wdl.d, wdl.l, sum.w, sum.d, sum.l
        )];
    }
    let (lo, hi) = trinomial_interval(wdl);
    if close(row.lo, lo) && close(row.hi, hi) {
        Vec::new()
    } else {
        vec![format!(
            "the interval [{}, {}] is not the pooled one, [{lo:+.0}, {hi:+.0}]",
            row.lo, row.hi
        )]
    }
}
