//! Tinuë and its defences, built from the rules: a wall blocking the one threat
//! holds unless a capstone can flatten it, a capstone blocking it always holds,
//! and a spread that uncovers the opponent's road loses unless it completes the
//! mover's own road too (the mover wins a double road). Exact searches; node
//! budgets only.

use menhir::notation::{move_to_ptn, parse_legal_move, parse_tps};
use menhir::tinue::{solve, Goal, TinueOptions, Verdict};
use menhir::{Color, GameResult, Position};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

fn exact(max_plies: u32) -> TinueOptions {
    TinueOptions {
        max_plies,
        exact: true,
        goal: Goal::Road,
        nodes: Some(3_000_000),
        table_mib: 16,
        ..TinueOptions::default()
    }
}

fn play(pos: &Position, plies: &[&str]) -> Position {
    let mut pos = pos.clone();
    for ply in plies {
        let mv = parse_legal_move(&pos, ply).unwrap_or_else(|e| panic!("{ply}: {e}"));
        pos.make(mv);
    }
    pos
}

fn winning(pos: &Position, max_plies: u32) -> (Verdict, BTreeSet<String>) {
    let report = solve(pos, &exact(max_plies), &AtomicBool::new(false)).expect("open");
    let moves = report.winning.iter().map(|w| move_to_ptn(w.mv)).collect();
    (report.verdict, moves)
}

/// 5x5, White to move with a1, b1 and d1: e1 makes the one threat, c1. `cap`
/// is where White's capstone stands; Black's capstone is on a5 when
/// `black_cap_placed`, else still in hand.
fn row_with_a_gap(cap: &str, black_cap_placed: bool) -> Position {
    let top = if black_cap_placed { "2C,2" } else { "2,2" };
    let tps = match cap {
        "c2" => format!("{top},x,x,x/2,x4/x5/x,x,1C,x,x/1,1,x,1,x 1 5"),
        "e5" => format!("{top},x,x,1C/2,x4/x5/x5/1,1,x,1,x 1 5"),
        other => panic!("no layout for a capstone on {other}"),
    };
    parse_tps(&tps).expect("a good TPS")
}

#[test]
fn a_wall_holds_unless_a_capstone_can_flatten_it() {
    // The capstone beside the gap: whatever Black puts on c1 but its own
    // capstone, c2- lands on it and completes the row.
    let pos = row_with_a_gap("c2", true);
    let (verdict, moves) = winning(&pos, 5);
    assert_eq!(verdict, Verdict::Proven { plies: 3 });
    assert_eq!(moves, BTreeSet::from(["e1".to_string()]));
    for block in ["c1", "Sc1"] {
        let after = play(&pos, &["e1", block, "c2-"]);
        assert_eq!(
            after.result(),
            Some(GameResult::Road(Color::White)),
            "{block}"
        );
    }

    // The capstone far away: the wall on c1 holds, and nothing else is forced.
    let pos = row_with_a_gap("e5", true);
    assert_eq!(winning(&pos, 5).0, Verdict::Disproven);
    let after = play(&pos, &["e1", "Sc1"]);
    assert!(after.road_winning_move().is_none());
}

#[test]
fn a_capstone_block_holds_even_beside_the_attackers_capstone() {
    // Black's capstone still in hand: Cc1 cannot be flattened or covered.
    let pos = row_with_a_gap("c2", false);
    assert_eq!(winning(&pos, 5).0, Verdict::Disproven);
    let after = play(&pos, &["e1", "Cc1"]);
    assert!(after.road_winning_move().is_none());
    // Nothing moves onto a capstone.
    assert!(parse_legal_move(&after, "c2-").is_err());
}

#[test]
fn a_spread_that_uncovers_the_opponents_road_loses_unless_it_makes_a_double_road() {
    // 4x4, Black to move. White holds a1, b1 and c1; d1 is a White flat under a
    // Black one. Black has d2 and d3: d4 (flat or capstone, had it one; 4x4
    // has none) completes the d-file. d1+ would uncover White's row and break
    // Black's file: it loses.
    let pos = parse_tps("x4/x,x,x,2/x,x,x,2/1,1,1,12 2 6").expect("a good TPS");
    let (verdict, moves) = winning(&pos, 1);
    assert_eq!(verdict, Verdict::Proven { plies: 1 });
    assert_eq!(moves, BTreeSet::from(["d4".to_string()]));
    assert_eq!(
        play(&pos, &["d1+"]).result(),
        Some(GameResult::Road(Color::White))
    );

    // Black's row 2 instead: d1+ moves Black's flat to d2, completing Black's
    // row and uncovering White's at once. A double road: the mover wins. (2d1+
    // takes the whole stack along: d1 empties and only Black's row stands.)
    let pos = parse_tps("x4/x4/2,2,2,x/1,1,1,12 2 6").expect("a good TPS");
    assert_eq!(
        play(&pos, &["d1+"]).result(),
        Some(GameResult::Road(Color::Black))
    );
    let (verdict, moves) = winning(&pos, 1);
    assert_eq!(verdict, Verdict::Proven { plies: 1 });
    assert_eq!(
        moves,
        BTreeSet::from(["2d1+".to_string(), "d1+".to_string(), "d2".to_string()])
    );
}

#[test]
fn any_length_adds_the_slower_wins() {
    let pos = row_with_a_gap("c2", true);
    let options = TinueOptions {
        any_length: true,
        ..exact(5)
    };
    let report = solve(&pos, &options, &AtomicBool::new(false)).expect("open");
    assert_eq!(report.verdict, Verdict::Proven { plies: 3 });
    let shortest: Vec<_> = report.winning.iter().filter(|w| w.plies == 3).collect();
    assert_eq!(shortest.len(), 1);
    assert_eq!(move_to_ptn(shortest[0].mv), "e1");
    for w in &report.winning {
        assert!(w.plies == 3 || w.plies == 5, "{w:?}");
        assert_eq!(w.line.first(), Some(&w.mv));
        // Each line is played out to the attacker's road.
        let mut after = pos.clone();
        for &mv in &w.line {
            after.make(mv);
        }
        assert_eq!(
            after.result(),
            Some(GameResult::Road(Color::White)),
            "{w:?}"
        );
    }
}
