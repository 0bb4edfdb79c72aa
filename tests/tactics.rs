//! A sample of `bench-positions/tactics-public.tsv` (every third position, all
//! kinds and sizes) must be solved within a fixed node budget a position (about
//! half a second of search, and the same on any machine); `menhir tactics` runs
//! the whole file on the clock.

use menhir::notation::move_to_ptn;
use menhir::search::Limits;
use menhir::tactics::{parse_tactics, solve, Tactic};
use menhir::{Engine, EngineOptions};

/// Nodes a sampled position may search: about half a second on one thread.
const NODE_BUDGET: u64 = 300_000;

/// Every position of the public tactics file.
fn public_tactics() -> Vec<Tactic> {
    parse_tactics(include_str!("../bench-positions/tactics-public.tsv"))
        .expect("the tactics file parses")
}

#[test]
fn sample_of_public_tactics_is_solved_within_a_node_budget() {
    let tactics = public_tactics();
    assert!(tactics.len() >= 100);
    let sample: Vec<_> = tactics.iter().step_by(3).collect();
    let kinds: std::collections::BTreeSet<&str> = sample.iter().map(|t| t.kind.as_str()).collect();
    assert!(kinds.len() >= 3, "{kinds:?}");
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 32,
        ..EngineOptions::default()
    });
    let limits = Limits {
        nodes: Some(NODE_BUDGET),
        ..Limits::default()
    };
    let mut missed = Vec::new();
    for t in &sample {
        let played = solve(t, limits.clone(), &mut engine);
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

/// A forced road win or loss within 3 plies is never missed at any nominal depth
/// from 2 up: every win1, win3 and defend position, searched to a fixed depth.
#[test]
fn short_tactics_are_found_at_every_depth_from_2() {
    let tactics = public_tactics();
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        ..EngineOptions::default()
    });
    let mut checked = 0;
    for t in tactics.iter().filter(|t| t.kind != "win5") {
        for depth in 2..=4 {
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let played = solve(t, limits, &mut engine);
            assert!(
                played.is_some_and(|m| t.solutions.contains(&m)),
                "{} ({}) at depth {depth}: played {:?}",
                t.id,
                t.kind,
                played.map(move_to_ptn)
            );
            checked += 1;
        }
    }
    assert!(checked >= 200);
}

/// Late in a game a threat to end it on flats stands at nearly every node, and
/// the horizon extends only road threats: tac-0248 (7x7, White with three
/// stones left, a win in 5 plies) is found by a depth-4 search. When the flat
/// threat was extended too, depth 4 played e2 and only depth 5, 2.5 times the
/// nodes, found the win.
#[test]
fn a_late_win_in_5_is_found_at_depth_4() {
    let tactics = public_tactics();
    let t = tactics
        .iter()
        .find(|t| t.id == "tac-0248")
        .expect("tac-0248 is in the file");
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 32,
        ..EngineOptions::default()
    });
    let limits = Limits {
        depth: Some(4),
        ..Limits::default()
    };
    let played = solve(t, limits, &mut engine);
    assert!(
        played.is_some_and(|m| t.solutions.contains(&m)),
        "played {:?}, solutions {:?}",
        played.map(move_to_ptn),
        t.solutions
            .iter()
            .map(|&m| move_to_ptn(m))
            .collect::<Vec<_>>()
    );
}
