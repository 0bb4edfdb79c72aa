//! The evaluation: colour symmetry of every feature, and what the start
//! position and a road threat score.

use menhir::eval::features::{
    features, measures, CAPTIVES_UNDER_HARD, CAP_MOBILITY, CAP_ON_OWN, EDGE_FLATS, FLATS,
    FLATS_EXPOSED, GROUPS, LINE_BLOCKED, RESERVE_UNDER_HARD, STACK_REACH, TEMPO, TEMPO_ENDGAME,
    THREAT_MANY, THREAT_ONE,
};
use menhir::eval::net::correction;
use menhir::eval::{evaluate, evaluate_knowing, hand_evaluation, weights_for, white_score};
use menhir::notation::parse_tps;
use menhir::search::{search_quietly, Limits, TranspositionTable};
use menhir::Position;

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
    for size in 3..=8 {
        let mut pos = Position::start(size).unwrap();
        let f = measures(&pos).0;
        assert_eq!(f[TEMPO], 1);
        assert!(f.iter().enumerate().all(|(i, &v)| i == TEMPO || v == 0));
        pos.set_half_komi(4);
        let f = measures(&pos).0;
        assert_eq!(
            f[FLATS], -4,
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
    assert_eq!(measures(&one).0[THREAT_ONE], 1);
    // Gaps at a1 and e5 both complete a White road.
    let two = position("1,1,1,1,x/1,x4/1,x4/1,2,x3/x,2,2,2,x 2 7");
    assert_eq!(measures(&two).0[THREAT_MANY], 1);
    // The tuned weights leave threats to the search, which must find both
    // outcomes: one threat is blocked, two lose.
    let search = |pos: &Position| {
        let tt = TranspositionTable::new(1);
        let limits = Limits {
            depth: Some(3),
            ..Limits::default()
        };
        search_quietly(pos, &[pos.hash()], limits, &tt)
            .unwrap()
            .score
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
    let f = measures(&pos).0;
    // White's groups {c2} and {d1, e1} against Black's {b2, b3}.
    assert_eq!(f[GROUPS], 1);
    // The Black wall on c1 sits in rank 1 (d1, e1) and file c (c2).
    assert_eq!(f[LINE_BLOCKED], 3);
    assert_eq!(f[CAP_ON_OWN], 1);
    // e1's capstone can go to d1 and e2.
    assert_eq!(f[CAP_MOBILITY], 2);
    // The c2 stack reaches b2 (the wall on c1 stops it going down).
    assert_eq!(f[STACK_REACH], 1);
    assert!(f[TEMPO_ENDGAME] > 0, "White to move, some pressure");
    // e1's capstone sits on a White flat: a hard stack with one own piece.
    assert_eq!(f[RESERVE_UNDER_HARD], 1);
    assert_eq!(f[CAPTIVES_UNDER_HARD], 0);
    // d1 is White's one flat on the edge; Black's flats are inside.
    assert_eq!(f[EDGE_FLATS], 1);
    // Black's b2 flat lies next to White's c2 stack; Black has no tall stack.
    assert_eq!(f[FLATS_EXPOSED], -1);
    let black = position("x5/x5/x,2,x3/x,2,21,x2/x2,2S,1,11C 2 10");
    assert_eq!(measures(&black).0[TEMPO_ENDGAME], -f[TEMPO_ENDGAME]);
}

#[test]
fn the_evaluation_is_the_tapered_dot_product_the_tuner_fits() {
    for tps in POSITIONS {
        let pos = position(tps);
        let (m, phase) = measures(&pos);
        assert!((0..=menhir::eval::features::PHASE_SCALE).contains(&phase));
        let f = features(&pos);
        let n = m.len();
        for (i, &v) in m.iter().enumerate() {
            assert_eq!(f[i] + f[n + i], v * menhir::eval::features::PHASE_SCALE);
        }
        let white = white_score(&f, weights_for(pos.size()));
        let mover = if tps.split(' ').nth(1) == Some("1") {
            white
        } else {
            -white
        };
        assert_eq!(hand_evaluation(&pos), mover, "{tps}");
        let corrected = (mover + correction(&pos)).clamp(-9000, 9000);
        assert_eq!(evaluate(&pos), corrected, "{tps}");
    }
    // Later positions lean on the end-of-game weights.
    let late = position(POSITIONS[3]);
    let early = position("x6/x6/x2,1,x3/x6/x3,2,x2/x6 1 2");
    assert!(measures(&late).1 > measures(&early).1);
}

#[test]
fn the_evaluation_given_the_road_squares_is_the_evaluation() {
    let mut threat_seen = false;
    for tps in POSITIONS {
        for tps in [tps.to_string(), swap_colours(tps)] {
            let pos = position(&tps);
            let me = pos.to_move();
            let mine = pos.road_completing_squares(me);
            let theirs = pos.road_completing_squares(me.opponent());
            threat_seen |= evaluate_knowing(&pos, theirs, mine) != evaluate(&pos);
            assert_eq!(
                evaluate_knowing(&pos, mine, theirs),
                evaluate(&pos),
                "{tps}"
            );
        }
    }
    // In some position, handing each side the other's squares must change the
    // score, or a mix-up of the two would go unseen.
    assert!(threat_seen);
}
