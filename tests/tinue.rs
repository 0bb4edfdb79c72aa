//! The tinuë solver and `annotate`: known tinuë and non-tinuë of every size
//! built from the rules, the win3/win5 rows of the public tactics file with
//! their exact solution sets, budgets, and an annotated game. Node budgets only.

use menhir::annotate::{annotate, write_annotated, AnnotateOptions};
use menhir::notation::{move_to_ptn, parse_ptn_games, parse_tps};
use menhir::search::Limits;
use menhir::tactics::parse_tactics;
use menhir::tinue::{solve, Goal, TinueOptions, Verdict, WinKind};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;

fn options(max_plies: u32, exact: bool, goal: Goal) -> TinueOptions {
    TinueOptions {
        max_plies,
        exact,
        goal,
        nodes: Some(5_000_000),
        table_mib: 16,
        ..TinueOptions::default()
    }
}

/// A TPS of size `n` (rank 1 last) from a filler: `grid[rank][file]`.
fn tps(n: usize, fill: impl Fn(usize, usize) -> &'static str) -> String {
    let rows: Vec<String> = (0..n)
        .rev()
        .map(|r| (0..n).map(|f| fill(r, f)).collect::<Vec<_>>().join(","))
        .collect();
    format!("{} 1 12", rows.join("/"))
}

/// White: rank 1 but its last two squares, and the next-to-last file from rank 2
/// to rank n−1; Black: file a from rank 3 up. A flat at the corner of the two
/// lines threatens both ends: tinuë in 3.
fn double_threat(n: usize) -> String {
    tps(n, |r, f| match (r, f) {
        (0, f) if f + 2 < n => "1",
        (r, f) if f + 2 == n && r >= 1 && r + 1 < n => "1",
        (r, 0) if r >= 2 => "2",
        _ => "x",
    })
}

/// White: rank 1 but its last two squares, a Black wall in the corner of that
/// rank, Black flats on the top rank: one blocked line, no tinuë in 3.
fn blocked_line(n: usize) -> String {
    tps(n, |r, f| match (r, f) {
        (0, f) if f + 2 < n => "1",
        (0, f) if f + 1 == n => "2S",
        (r, f) if r + 1 == n && f < (n - 3).max(1) => "2",
        _ => "x",
    })
}

#[test]
fn double_threats_are_tinue_on_every_size() {
    let stop = AtomicBool::new(false);
    for n in 3..=8 {
        let pos = parse_tps(&double_threat(n)).unwrap();
        let report = solve(&pos, &options(7, true, Goal::Road), &stop).unwrap();
        assert_eq!(report.verdict, Verdict::Proven { plies: 3 }, "size {n}");
        assert_eq!(report.kind, Some(WinKind::Road));
        let corner = format!("{}1", (b'a' + n as u8 - 2) as char);
        let moves: Vec<String> = report.winning.iter().map(|w| move_to_ptn(w.mv)).collect();
        assert!(moves.contains(&corner), "size {n}: {moves:?}");
        for w in &report.winning {
            assert_eq!(w.plies, 3);
            assert_eq!(w.line.len(), 3, "size {n}: the line ends in a road");
        }
        // The threat-only search finds the same proof.
        let restricted = solve(&pos, &options(7, false, Goal::Road), &stop).unwrap();
        assert_eq!(restricted.verdict, Verdict::Proven { plies: 3 });
    }
}

#[test]
fn a_blocked_line_is_not_tinue_on_every_size() {
    let stop = AtomicBool::new(false);
    for n in 3..=8 {
        let pos = parse_tps(&blocked_line(n)).unwrap();
        for exact in [false, true] {
            let report = solve(&pos, &options(3, exact, Goal::Road), &stop).unwrap();
            assert_eq!(
                report.verdict,
                Verdict::Disproven,
                "size {n}, exact {exact}"
            );
            assert_eq!(report.restricted, !exact);
            assert!(report.winning.is_empty());
        }
    }
}

#[test]
fn every_win3_and_win5_of_the_public_file_with_its_exact_solutions() {
    // The file's solutions are every move that wins by force — by road or on
    // flats, komi included — within that many plies: the exact search with
    // flats counting, every winning first move at the proven length.
    let text = include_str!("../bench-positions/tactics-public.tsv");
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    for t in parse_tactics(text).unwrap() {
        let plies = match t.kind.as_str() {
            "win3" => 3,
            "win5" => 5,
            _ => continue,
        };
        let report = solve(&t.position, &options(plies, true, Goal::RoadOrFlats), &stop).unwrap();
        let Verdict::Proven { plies: found } = report.verdict else {
            panic!("{}: {:?}", t.id, report.verdict);
        };
        assert!(found <= plies, "{}", t.id);
        assert!(report.listing_complete, "{}", t.id);
        let got: BTreeSet<String> = report.winning.iter().map(|w| move_to_ptn(w.mv)).collect();
        let want: BTreeSet<String> = t.solutions.iter().map(|&m| move_to_ptn(m)).collect();
        assert_eq!(got, want, "{}", t.id);
        checked += 1;
    }
    assert_eq!(checked, 57);
}

#[test]
fn a_flat_win_is_not_a_road() {
    // tac-0020: White wins by filling the board ahead on flats, not by a road.
    let text = include_str!("../bench-positions/tactics-public.tsv");
    let t = parse_tactics(text)
        .unwrap()
        .into_iter()
        .find(|t| t.id == "tac-0020")
        .unwrap();
    let stop = AtomicBool::new(false);
    let road = solve(&t.position, &options(3, true, Goal::Road), &stop).unwrap();
    assert_eq!(road.verdict, Verdict::Disproven);
    let flats = solve(&t.position, &options(3, true, Goal::RoadOrFlats), &stop).unwrap();
    assert_eq!(flats.verdict, Verdict::Proven { plies: 3 });
    assert_eq!(flats.kind, Some(WinKind::Flats));
}

#[test]
fn a_spent_budget_is_unknown_and_a_finished_game_an_error() {
    let text = include_str!("../bench-positions/tactics-public.tsv");
    let t = parse_tactics(text)
        .unwrap()
        .into_iter()
        .find(|t| t.id == "tac-0254")
        .unwrap();
    let stop = AtomicBool::new(false);
    let tiny = TinueOptions {
        nodes: Some(1),
        ..options(5, true, Goal::RoadOrFlats)
    };
    let report = solve(&t.position, &tiny, &stop).unwrap();
    assert!(
        matches!(report.verdict, Verdict::Unknown { .. }),
        "{:?}",
        report.verdict
    );
    let stopped = AtomicBool::new(true);
    let report = solve(&t.position, &options(5, true, Goal::RoadOrFlats), &stopped).unwrap();
    assert!(matches!(report.verdict, Verdict::Unknown { .. }));
    let over = parse_tps("1,1,1/x3/2,2,x 2 4").unwrap();
    assert!(solve(&over, &TinueOptions::default(), &stop).is_err());
}

#[test]
fn annotate_marks_a_real_game() {
    let text = include_str!("data/selfplay_5x5.ptn");
    let ptn = parse_ptn_games(text).unwrap().remove(0);
    let options = AnnotateOptions {
        limits: Limits {
            nodes: Some(3000),
            ..Limits::default()
        },
        threads: 1,
        hash_mib: 8,
        tinue_nodes: 20_000,
        tinue_plies: 7,
    };
    let notes = annotate(&ptn, &options, &mut |_, _| {}).unwrap();
    let written = write_annotated(&ptn, &notes);
    assert_eq!(
        written,
        write_annotated(&ptn, &annotate(&ptn, &options, &mut |_, _| {}).unwrap())
    );
    // Valid PTN: the same plies, tags and result, one comment per ply.
    let back = parse_ptn_games(&written).unwrap().remove(0);
    assert_eq!(back.game.moves(), ptn.game.moves());
    assert_eq!(back.tags, ptn.tags);
    assert_eq!(back.result.as_deref(), Some("0-R"));
    assert_eq!(back.comments.len(), ptn.game.moves().len());
    assert!(back.comments.iter().all(|(_, c)| c.starts_with("menhir: ")));
    assert_eq!(back.comments.last().unwrap().1, "menhir: game over");
    // Each score is written as racetrack writes it, over the depth: `+0.79/5`.
    for ((_, comment), note) in back.comments.iter().zip(&notes) {
        if let Some(e) = &note.after {
            let word = comment.split_whitespace().nth(1).unwrap();
            let depth = e.depth.to_string();
            assert_eq!(
                word.rsplit_once('/').map(|(_, d)| d),
                Some(depth.as_str()),
                "{comment}"
            );
        }
    }
    // Black's b3 (ply 46) and c3< (ply 48) start a proven road in 5 and 3.
    assert_eq!(notes[45].tinue, Some(5));
    assert_eq!(notes[47].tinue, Some(3));
    assert!(written.contains("b3\"") && written.contains("c3<\""));
    // Tak marks exactly where the mover threatens a road.
    assert!(notes.iter().any(|n| n.tak));
    for note in &notes {
        assert!(["", "?", "??", "!"].contains(&note.judgement));
    }
}

#[test]
fn cli_exit_codes() {
    let bin = env!("CARGO_BIN_EXE_menhir");
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(
        run(&["tinue", &double_threat(5), "--nodes", "100000"]),
        Some(0)
    );
    assert_eq!(
        run(&["tinue", &blocked_line(5), "--max-plies", "3"]),
        Some(1)
    );
    assert_eq!(run(&["tinue", "x3/x3 1 1"]), Some(2));
    assert_eq!(run(&["annotate", "no-such-file.ptn"]), Some(2));
}
