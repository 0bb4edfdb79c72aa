//! The evaluation: colour symmetry of every feature, and what the start
//! position and a road threat score.

use menhir::board::{MAX_SIZE, MIN_SIZE};
use menhir::eval::score::MAX_HEURISTIC;
use menhir::eval::tuning::{
    feature_name, features, hand_evaluation, hand_weights, DIVISOR, FEATURES, PHASE_SCALE,
};
use menhir::eval::{evaluate, explain, Explanation};
use menhir::notation::parse_tps;
use menhir::search::Limits;
use menhir::Position;
use menhir::{Engine, EngineOptions, Game};

/// The value of the measure called `name` in `e`.
fn value(e: &Explanation, name: &str) -> i32 {
    e.term(name)
        .unwrap_or_else(|| panic!("no measure {name}"))
        .value
}

/// The same position with the colours swapped (and the other side to move).
fn swap_colours(tps: &str) -> String {
    let mut parts: Vec<String> = tps.split(' ').map(str::to_string).collect();
    // Piece colours swap; the digit after an `x` is a count of empty squares.
    let mut previous = ' ';
    parts[0] = parts[0]
        .chars()
        .map(|c| {
            let swapped = match c {
                '1' if previous != 'x' => '2',
                '2' if previous != 'x' => '1',
                c => c,
            };
            previous = c;
            swapped
        })
        .collect();
    parts[1] = if parts[1] == "1" { "2" } else { "1" }.to_string();
    parts.join(" ")
}

fn position(tps: &str) -> Position {
    parse_tps(tps).unwrap_or_else(|e| panic!("{tps}: {e}"))
}

const POSITIONS: [&str; 6] = [
    "x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6",
    "2,x4/x3,211C,x/x2,1S,2,x/2C,x,1,2S,x/2S,1,x,1S,1 2 10",
    "2,2,x2,1/2,2,x,1,1/1221S,1,122221C,x,1/1,12,x,2C,2/1S,2,2,x2 1 20",
    "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21",
    "x4/1,x,1,1/2,21,2,2/x4 1 6",
    "x2,1,x4,2S/x3,2C,2,x3/x8/x2,1C,x,2,1C,1,x/2,2,x3,2C,1,2/x,2,x6/x,1S,x,2,11121,2,x2/x4,2S,x,1S,x 1 24",
];

#[test]
fn swapping_colours_negates_every_feature_and_keeps_the_score() {
    for tps in POSITIONS {
        let a = position(tps);
        let b = position(&swap_colours(tps));
        let fa = features(&a);
        let fb = features(&b);
        for (i, (x, y)) in fa.iter().zip(&fb).enumerate() {
            assert_eq!(*x, -*y, "{tps}: feature {i}");
        }
        assert_eq!(evaluate(&a), evaluate(&b), "{tps}");
    }
}

#[test]
fn the_start_is_even_but_for_komi_and_tempo() {
    for size in MIN_SIZE..=MAX_SIZE {
        let mut pos = Position::start(size).unwrap();
        let e = explain(&pos);
        assert_eq!(value(&e, "tempo"), 1);
        assert!(e.terms.iter().all(|t| t.name == "tempo" || t.value == 0));
        pos.set_half_komi(4);
        assert_eq!(
            value(&explain(&pos), "flats"),
            -4,
            "{size}x{size}: komi 2 is four half-flats to Black"
        );
        let white = evaluate(&pos);
        pos.set_half_komi(0);
        assert!(evaluate(&pos) > white, "komi must favour Black");
    }
}

#[test]
fn road_threats_are_counted_and_two_are_decisive() {
    // White's a-file road lacks a1 only; Black to move must block.
    let one = position("1,x4/1,x4/1,x4/1,2,x3/x,2,2,x2 2 5");
    assert_eq!(value(&explain(&one), "threat_one"), 1);
    // Gaps at a1 and e5 both complete a White road.
    let two = position("1,1,1,1,x/1,x4/1,x4/1,2,x3/x,2,2,2,x 2 7");
    assert_eq!(value(&explain(&two), "threat_many"), 1);
    // The tuned weights leave threats to the search, which must find both
    // outcomes: one threat is blocked, two lose.
    let search = |pos: &Position| {
        let mut engine = Engine::new(EngineOptions {
            hash_mib: 1,
            ..EngineOptions::default()
        });
        engine.set_game(Game::new(pos.clone()));
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        let thought = engine.think(limits, &|_| {}).expect("a game to search");
        thought.summary.expect("a summary line").score
    };
    assert!(!search(&one).is_proven(), "one threat can be blocked");
    assert_eq!(search(&two).plies_to_end(), Some(2), "two threats win");
    assert!(search(&two).0 < 0);
}

#[test]
fn stacks_caps_groups_and_blocked_lines_are_counted() {
    // White: a flat on c2 over a Black one, a flat on d1 and its capstone on an
    // own flat on e1. Black: flats on b2 and b3, a wall on c1.
    let pos = position("x5/x5/x,2,x3/x,2,21,x2/x2,2S,1,11C 1 10");
    let e = explain(&pos);
    let f = |name: &str| value(&e, name);
    // White's groups {c2} and {d1, e1} against Black's {b2, b3}.
    assert_eq!(f("groups"), 1);
    // The Black wall on c1 sits in rank 1 (d1, e1) and file c (c2).
    assert_eq!(f("line_blocked"), 3);
    assert_eq!(f("cap_on_own"), 1);
    // e1's capstone can go to d1 and e2.
    assert_eq!(f("cap_mobility"), 2);
    // The c2 stack reaches b2 (the wall on c1 stops it going down).
    assert_eq!(f("stack_reach"), 1);
    assert!(f("tempo_endgame") > 0, "White to move, some pressure");
    // e1's capstone sits on a White flat: a hard stack with one own piece.
    assert_eq!(f("reserve_under_hard"), 1);
    assert_eq!(f("captives_under_hard"), 0);
    // d1 is White's one flat on the edge; Black's flats are inside.
    assert_eq!(f("edge_flats"), 1);
    // Black's b2 flat lies next to White's c2 stack; Black has no tall stack.
    assert_eq!(f("flats_exposed"), -1);
    let black = position("x5/x5/x,2,x3/x,2,21,x2/x2,2S,1,11C 2 10");
    assert_eq!(
        value(&explain(&black), "tempo_endgame"),
        -f("tempo_endgame")
    );
}

#[test]
fn the_evaluation_is_the_tapered_dot_product_the_tuner_fits() {
    for tps in POSITIONS {
        let pos = position(tps);
        let e = explain(&pos);
        assert!((0..=PHASE_SCALE).contains(&e.phase));
        assert_eq!(e.phase_scale, PHASE_SCALE);
        let f = features(&pos);
        let n = e.terms.len();
        assert_eq!(2 * n, FEATURES);
        let weights = hand_weights(pos.size()).unwrap();
        for (i, t) in e.terms.iter().enumerate() {
            assert_eq!(f[i] + f[n + i], t.value * PHASE_SCALE);
            assert_eq!(feature_name(i), t.name);
            assert_eq!(feature_name(n + i), format!("{}_end", t.name));
            assert_eq!((t.start_weight, t.end_weight), (weights[i], weights[n + i]));
        }
        let dot: i64 = f
            .iter()
            .zip(weights)
            .map(|(&f, &w)| f as i64 * w as i64)
            .sum();
        let limit = MAX_HEURISTIC as i64;
        let white = (dot / DIVISOR).clamp(-limit, limit) as i32;
        // The contributions add up to the same sum, before its rounding.
        let sum: f64 = e.terms.iter().map(|t| t.contribution).sum();
        assert!((sum - dot as f64 / DIVISOR as f64).abs() < 1e-6, "{tps}");
        let mover = if tps.split(' ').nth(1) == Some("1") {
            white
        } else {
            -white
        };
        assert_eq!(hand_evaluation(&pos), mover, "{tps}");
        assert_eq!(e.hand, mover, "{tps}");
        let corrected = (mover + e.correction).clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
        assert_eq!(evaluate(&pos).0, corrected, "{tps}");
        assert_eq!(e.total, evaluate(&pos), "{tps}");
    }
    // Later positions lean on the end-of-game weights.
    let late = position(POSITIONS[3]);
    let early = position("x6/x6/x2,1,x3/x6/x3,2,x2/x6 1 2");
    assert!(explain(&late).phase > explain(&early).phase);
    // Every measure is named once, and the explanation prints the ones in play.
    let e = explain(&late);
    let mut names: Vec<&str> = e.terms.iter().map(|t| t.name.as_str()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), e.terms.len());
    let text = e.to_string();
    assert!(
        text.contains("flats ") && text.contains("evaluation "),
        "{text}"
    );
}
