//! One SPRT: `menhir-tools judge` (Rust, `judge/stats.rs`) and the tools'
//! Python package (`tools/menhirpy/sprt.py`, behind `tools/sprt_llr.py`'s LLR of
//! a racetrack match) compute the same log-likelihood ratio for the same
//! pentanomial and hypotheses.

use menhir_tools::judge::stats::Pairs;
use std::process::Command;

/// Pentanomials of every shape: even, lopsided, with empty classes, none empty.
const CASES: [[u64; 5]; 6] = [
    [0, 0, 10, 30, 0],
    [10, 20, 40, 20, 10],
    [0, 0, 25, 0, 0],
    [1, 5, 85, 97, 12],
    [12, 97, 85, 5, 1],
    [3, 0, 0, 0, 4],
];

/// The Python package's LLR for each case at (elo0, elo1).
fn python_llrs(elo0: f64, elo1: f64) -> Vec<f64> {
    let cases: Vec<String> = CASES.iter().map(|c| format!("{c:?}")).collect();
    let script = format!(
        "from menhirpy import sprt\nfor p in [{}]:\n    print(repr(sprt.llr(p, {elo0}, {elo1})[0]))",
        cases.join(", ")
    );
    let tools = concat!(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .args(["-B", "-c", &script])
        .current_dir(tools)
        .output()
        .expect("python3 runs (CI installs it)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("text")
        .lines()
        .map(|l| l.parse().expect("a number"))
        .collect()
}

#[test]
fn rust_and_python_give_the_same_llr() {
    for (elo0, elo1) in [(0.0, 15.0), (-5.0, 5.0), (0.0, 30.0)] {
        let python = python_llrs(elo0, elo1);
        assert_eq!(python.len(), CASES.len());
        for (counts, want) in CASES.iter().zip(python) {
            let pairs = Pairs {
                pairs: *counts,
                ..Pairs::default()
            };
            let got = pairs.llr(elo0, elo1);
            assert!(
                (got - want).abs() < 1e-9,
                "{counts:?} at ({elo0}, {elo1}): Rust {got}, Python {want}"
            );
        }
    }
}
