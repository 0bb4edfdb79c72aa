//! A sample of `bench-positions/tactics-public.tsv` (every third position, all
//! kinds and sizes) must be solved at 500 ms a position; `menhir tactics` runs the
//! whole file.

use menhir::notation::move_to_ptn;
use menhir::tactics::{parse_tactics, solve};

#[test]
fn sample_of_public_tactics_is_solved_at_500_ms() {
    let tactics = parse_tactics(include_str!("../bench-positions/tactics-public.tsv"))
        .expect("the tactics file parses");
    assert!(tactics.len() >= 100);
    let sample: Vec<_> = tactics.iter().step_by(3).collect();
    let kinds: std::collections::BTreeSet<&str> = sample.iter().map(|t| t.kind.as_str()).collect();
    assert!(kinds.len() >= 3, "{kinds:?}");
    let mut missed = Vec::new();
    for t in &sample {
        let played = solve(t, 500, 32);
        if !played.is_some_and(|m| t.solutions.contains(&m)) {
            missed.push(format!(
                "{} ({}) played {:?}",
                t.id,
                t.kind,
                played.map(move_to_ptn)
            ));
        }
    }
    // win5 positions are a stretch goal; every shorter tactic must be solved.
    let short_misses: Vec<_> = missed.iter().filter(|m| !m.contains("win5")).collect();
    assert!(short_misses.is_empty(), "missed: {missed:?}");
    assert!(missed.len() <= 2, "missed: {missed:?}");
}
