//! Perft tables: every row of `bench-positions/perft.tsv` (the shared reference
//! counts) and `bench-positions/crosscheck.tsv` (counts from an independent move
//! generator on positions of every size), in bulk and full mode.

use menhir::movegen::{perft, PerftMode};
use menhir::notation::parse_tps;

/// Counts above this run only with `--ignored`.
const FAST_LIMIT: u64 = 5_000_000;

struct Row {
    tps: String,
    counts: Vec<u64>,
}

fn rows(text: &str) -> Vec<Row> {
    text.lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let cells: Vec<&str> = line.split('\t').collect();
            Row {
                tps: cells[1].to_string(),
                counts: cells[2..]
                    .iter()
                    .take_while(|c| !c.trim().is_empty())
                    .map(|c| c.trim().parse().expect("counts are integers"))
                    .collect(),
            }
        })
        .collect()
}

/// Checks every depth whose count is within `limit` (and, with `slow`, only the
/// ones above it); full mode for counts up to `full_limit`.
fn check(text: &str, limit: u64, full_limit: u64, slow: bool) -> usize {
    let mut checked = 0;
    for row in rows(text) {
        let pos = parse_tps(&row.tps).unwrap_or_else(|e| panic!("{}: {e}", row.tps));
        for (i, &want) in row.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            if (want > limit) != slow {
                continue;
            }
            let got = perft(&pos, depth, PerftMode::Bulk, 1);
            assert_eq!(got, want, "bulk perft({depth}) of {}", row.tps);
            if want <= full_limit {
                let got = perft(&pos, depth, PerftMode::Full, 1);
                assert_eq!(got, want, "full perft({depth}) of {}", row.tps);
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn reference_counts_fast_depths() {
    let n = check(
        include_str!("../bench-positions/perft.tsv"),
        FAST_LIMIT,
        FAST_LIMIT,
        false,
    );
    assert!(n >= 120, "only {n} counts checked");
}

#[test]
fn crosscheck_counts() {
    let n = check(
        include_str!("../bench-positions/crosscheck.tsv"),
        u64::MAX,
        FAST_LIMIT,
        false,
    );
    assert!(n >= 200, "only {n} counts checked");
}

#[test]
#[ignore = "deep perft: minutes; run with --ignored"]
fn reference_counts_deep_depths() {
    let n = check(
        include_str!("../bench-positions/perft.tsv"),
        FAST_LIMIT,
        0,
        true,
    );
    assert!(n > 0);
}

#[test]
fn threads_split_the_root_to_the_same_total() {
    let pos = parse_tps("x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6").expect("valid");
    assert_eq!(perft(&pos, 3, PerftMode::Bulk, 2), 145_708);
    assert_eq!(perft(&pos, 3, PerftMode::Full, 2), 145_708);
}

#[test]
fn finished_game_has_no_children() {
    // White's road on rank 1 (`docs/rules.md`).
    let pos = parse_tps("2,x4/2,x4/2,x4/2,x4/1,1,1,1,1 2 5").expect("valid");
    assert!(pos.is_over());
    assert_eq!(perft(&pos, 0, PerftMode::Bulk, 1), 1);
    for depth in 1..=3 {
        assert_eq!(perft(&pos, depth, PerftMode::Bulk, 1), 0);
        assert_eq!(perft(&pos, depth, PerftMode::Full, 1), 0);
    }
}
