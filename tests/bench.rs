//! The bench signature guard: `menhir bench` at its default depth must count
//! exactly the nodes recorded in `menhir::bench::SIGNATURE`. A commit that
//! changes play updates that number (and says so in its message, `Bench: N`);
//! any other commit leaves it alone.

use menhir::bench::{run, DEPTH, POSITIONS, SIGNATURE};

#[test]
fn bench_node_total_is_the_recorded_signature() {
    let result = run(DEPTH).expect("the bench runs");
    assert_eq!(result.lines.len(), POSITIONS.len());
    assert!(result.lines.iter().all(|l| l.nodes > 0 && l.depth >= 1));
    assert_eq!(
        result.nodes, SIGNATURE,
        "play has changed: update SIGNATURE in src/bench.rs if that was meant"
    );
}

#[test]
fn the_binary_prints_the_same_total() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_menhir"))
        .args(["bench", "--depth", "3"])
        .output()
        .expect("menhir bench runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let nodes: u64 = text
        .split_whitespace()
        .next()
        .and_then(|w| w.parse().ok())
        .unwrap_or_else(|| panic!("'<nodes> nodes <nps> nps', got {text:?}"));
    assert_eq!(nodes, run(3).expect("the bench runs").nodes);
    assert!(text.contains(" nodes ") && text.trim_end().ends_with(" nps"));
}
