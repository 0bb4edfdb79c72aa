//! `calibrate steadiness`: its statistics on hand-made series, PTN Ninja's
//! marks at and around each threshold, the TSV round trip, and one run of the
//! command over a hand-written file of two 4x4 games.

use menhir::board::Color;
use menhir_tools::calibrate::steadiness::{
    calibration, lag1_autocorrelation, ninja_evaluation, ninja_mark, parse_tsv, summarize,
    tsv_text, Mark, Read, ScoredPly,
};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::process::Command;

#[test]
fn a_pure_alternation_is_minus_one_and_a_random_walk_about_zero() {
    let zigzag: Vec<f64> = (0..41)
        .map(|i| if i % 2 == 0 { 0.03 } else { -0.03 })
        .collect();
    let r = lag1_autocorrelation(&[zigzag.clone(), zigzag[1..].to_vec()]).unwrap();
    assert!((r + 1.0).abs() < 1e-12, "{r}");

    // The changes of a random walk are independent: about 0, within a few
    // standard errors (1/√n ≈ 0.01 here).
    let mut rng = StdRng::seed_from_u64(102);
    let games: Vec<Vec<f64>> = (0..200)
        .map(|_| (0..50).map(|_| rng.gen_range(-1.0..1.0)).collect())
        .collect();
    let r = lag1_autocorrelation(&games).unwrap();
    assert!(r.abs() < 0.05, "{r}");

    // Steady trends correlate positively; pairs never cross games.
    let trend = vec![vec![0.01, 0.02, 0.03, 0.04], vec![-0.04, -0.03, -0.02]];
    assert!(lag1_autocorrelation(&trend).unwrap() > 0.5);
    assert_eq!(lag1_autocorrelation(&[vec![0.1], vec![0.2]]), None);
    assert_eq!(lag1_autocorrelation(&[vec![0.1, 0.1, 0.1]]), None);
}

#[test]
fn the_calibration_error_is_the_weighted_gap_per_bin() {
    // Bin 7 (0.7): two positions, both won: |0.7 − 1| = 0.3, weight 2/4.
    // Bin 2 (0.25 twice): observed ¼ on average, no gap.
    let pairs = [(0.7, 1.0), (0.7, 1.0), (0.25, 0.0), (0.25, 0.5)];
    let c = calibration(&pairs);
    assert_eq!(c.count, 4);
    let expected = 0.5 * 0.3;
    assert!((c.ece - expected).abs() < 1e-12, "{}", c.ece);
    let bias = (0.7 + 0.7 + 0.25 + 0.25 - 2.5) / 4.0;
    // A bin holding 0.2 and 0.29 takes their mean, 0.245, against the outcomes'.
    let mixed = calibration(&[(0.2, 1.0), (0.29, 0.0), (0.8, 1.0)]);
    let gap = (2.0 / 3.0) * (0.245_f64 - 0.5).abs() + (1.0 / 3.0) * 0.2;
    assert!((mixed.ece - gap).abs() < 1e-12, "{}", mixed.ece);
    assert!((c.bias - bias).abs() < 1e-12, "{}", c.bias);

    // Errors of opposite sign in one bin cancel; in different bins they add.
    let one_bin = calibration(&[(0.55, 1.0), (0.55, 0.0), (0.55, 0.5), (0.55, 0.7)]);
    assert!(one_bin.ece.abs() < 1e-12);
    let two_bins = calibration(&[(0.9, 0.5), (0.1, 0.5)]);
    assert!((two_bins.ece - 0.4).abs() < 1e-12);
    assert!(two_bins.bias.abs() < 1e-12);
    // A prediction of exactly 1 falls in the last bin.
    assert!((calibration(&[(1.0, 1.0)]).ece).abs() < 1e-12);
    assert!(calibration(&[]).ece.is_nan());
}

/// A wdl (per mille, White to move) whose PTN Ninja evaluation is `tenths`
/// tenths of a point: the evaluation is `W/5 + D/10 − 100`, so
/// `2W + D = 1000 + tenths`.
fn wdl_for(tenths: i32) -> [u32; 3] {
    let twice_w_plus_d = (1000 + tenths) as u32;
    let w = twice_w_plus_d / 2;
    let d = twice_w_plus_d % 2;
    [w, d, 1000 - w - d]
}

#[test]
fn marks_follow_ptn_ninja_at_and_around_each_threshold() {
    assert_eq!(ninja_evaluation([500, 0, 500], Color::White), 0.0);
    assert_eq!(ninja_evaluation([1000, 0, 0], Color::Black), -100.0);
    assert!((ninja_evaluation([300, 400, 300], Color::Black)).abs() < 1e-12);
    for tenths in [-1000, -125, -50, 0, 15, 31, 1000] {
        let e = ninja_evaluation(wdl_for(tenths), Color::White);
        assert!((e - f64::from(tenths) / 10.0).abs() < 1e-9, "{tenths}: {e}");
    }
    // (change in tenths of a point for the mover, mark)
    let cases = [
        (0, None),
        (15, None),
        (16, Some(Mark::Good)),
        (30, Some(Mark::Good)),
        (31, Some(Mark::Brilliant)),
        (500, Some(Mark::Brilliant)),
        (-49, None),
        (-50, Some(Mark::Mistake)),
        (-124, Some(Mark::Mistake)),
        (-125, Some(Mark::Blunder)),
        (-1000, Some(Mark::Blunder)),
    ];
    let level = ninja_evaluation([500, 0, 500], Color::White);
    for (change, mark) in cases {
        // White moves from a level position: White's evaluation rises by the
        // change; Black's move is good for Black when White's falls.
        let up = ninja_evaluation(wdl_for(change), Color::White);
        let down = ninja_evaluation(wdl_for(-change), Color::White);
        assert_eq!(ninja_mark(level, up, Color::White), mark, "White {change}");
        assert_eq!(
            ninja_mark(level, down, Color::Black),
            mark,
            "Black {change}"
        );
    }
    // Seen from Black to move after the ply (the wdl is the mover's
    // opponent's): White's +4 after White's ply.
    let after = ninja_evaluation([480, 0, 520], Color::Black);
    assert_eq!(ninja_mark(0.0, after, Color::White), Some(Mark::Brilliant));
    assert_eq!(ninja_mark(0.0, after, Color::Black), None);
    // Not only from level: White from +20 to +14.9 loses 5.1 points.
    assert_eq!(ninja_mark(20.0, 14.9, Color::White), Some(Mark::Mistake));
    assert_eq!(ninja_mark(20.0, 15.1, Color::White), None);
    assert_eq!(Mark::Blunder.symbol(), "??");
}

fn ply(game: usize, n: usize, to_move: Color, white_e_permille: u32, result: f64) -> ScoredPly {
    let own = match to_move {
        Color::White => white_e_permille,
        Color::Black => 1000 - white_e_permille,
    };
    ScoredPly {
        game,
        ply: n,
        size: 4,
        half_komi: 4,
        to_move,
        depth: 5,
        cp: 0,
        wdl: [own, 0, 1000 - own],
        result,
        read: Some(Read {
            score: 0,
            progress: 10 * n as u32,
        }),
    }
}

#[test]
fn the_summary_counts_changes_marks_and_sides_and_survives_the_tsv() {
    // Game 1: E 0.50, 0.60, 0.50, 0.60 (a zigzag of ±10 % = ±20 points);
    // game 2: 0.50, 0.52 then a gap (ply 5 missing), 0.40.
    let side = |n: usize| {
        if n.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    };
    let plies = vec![
        ply(1, 2, side(2), 500, 1.0),
        ply(1, 3, side(3), 600, 1.0),
        ply(1, 4, side(4), 500, 1.0),
        ply(1, 5, side(5), 600, 1.0),
        ply(2, 2, side(2), 500, 0.0),
        ply(2, 3, side(3), 520, 0.0),
        ply(2, 6, side(6), 400, 0.0),
    ];
    let reports = summarize(&plies);
    assert_eq!(reports.len(), 1);
    let r = &reports[0];
    assert_eq!(
        (r.size, r.half_komi, r.games, r.plies, r.changes),
        (4, 4, 2, 7, 4)
    );
    // +20 by White (ply 3: !!), −20 by Black's ply 4 (good for Black: !!),
    // +20 by White's ply 5 (!!); game 2: +4 by White (!!).
    assert_eq!(r.marks, [0, 0, 0, 4]);
    assert_eq!(r.proofs_lost, 0);
    assert!((r.autocorrelation.unwrap() + 1.0).abs() < 1e-9);
    assert_eq!(r.autocorrelation_heuristic, r.autocorrelation, "no proofs");
    assert!((r.mean_change - (20.0 * 3.0 + 4.0) / 4.0).abs() < 1e-9);
    // Across White's plies +20, +20 and +4; across Black's −20.
    assert!((r.after[0] - 44.0 / 3.0).abs() < 1e-9, "{:?}", r.after);
    assert!((r.after[1] + 20.0).abs() < 1e-9, "{:?}", r.after);
    assert_eq!(r.white_to_move.count, 4);
    assert_eq!(r.black_to_move.count, 3);
    // White to move: E 0.5, 0.5, 0.5, 0.4 against 1, 1, 0, 0.
    assert!((r.white_to_move.bias - (1.9 / 4.0 - 0.5)).abs() < 1e-9);

    let back = parse_tsv(&tsv_text(&plies)).unwrap();
    assert_eq!(back, plies);
    assert!(parse_tsv("1\t2\t4").is_err());
}

const TWO_GAMES: &str = r#"[Player1 "Menhir"]
[Player2 "Menhir"]
[Size "4"]
[Komi "2"]
[Result "R-0"]

1. d4 a1
2. b1 c3
3. c1 c2 {a comment}
4. d1 R-0

[Player1 "Menhir"]
[Player2 "Menhir"]
[Size "4"]
[Komi "2"]
[Result "0-1"]

1. d4 a1
2. b2 c3
3. b3 c2
4. 0-1
"#;

#[test]
fn the_command_replays_two_small_games() {
    let dir = std::env::temp_dir().join(format!("menhir-steadiness-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ptn = dir.join("two.ptn");
    let tsv = dir.join("two.tsv");
    std::fs::write(&ptn, TWO_GAMES).unwrap();
    let tools = env!("CARGO_BIN_EXE_menhir-tools");
    let run = |args: &[&str]| {
        let out = Command::new(tools).args(args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).to_string();
        assert!(out.status.success(), "{stderr}");
        String::from_utf8(out.stdout).unwrap()
    };
    let ptn_arg = ptn.to_str().unwrap();
    let tsv_arg = tsv.to_str().unwrap();
    let table = run(&[
        "calibrate",
        "steadiness",
        ptn_arg,
        "--nodes",
        "300",
        "--tsv",
        tsv_arg,
    ]);
    // Game 1: 7 plies, White's road at the last; positions after plies 2–6
    // are scored (5). Game 2: 6 plies, lost on time; positions after plies
    // 2–6 (5). Changes: 4 + 4.
    let rows = parse_tsv(&std::fs::read_to_string(&tsv).unwrap()).unwrap();
    assert_eq!(rows.len(), 10);
    assert_eq!(rows.iter().filter(|p| p.game == 1).count(), 5);
    assert!(rows.iter().all(|p| p.size == 4 && p.half_komi == 4));
    assert!(rows.iter().all(|p| p.wdl.iter().sum::<u32>() == 1000));
    assert!(rows
        .iter()
        .all(|p| p.result == if p.game == 1 { 1.0 } else { 0.0 }));
    assert!(rows.iter().all(|p| p.to_move
        == if p.ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }));
    let lines: Vec<&str> = table.lines().collect();
    assert!(
        lines[0].contains("lag1") && lines[0].contains("ECE_B"),
        "{table}"
    );
    let cells: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(cells.len(), 20, "{table}");
    assert_eq!(&cells[..5], ["4", "2", "2", "10", "8"], "{table}");
    // Two games: the lag-1's interval over games, or none when too few
    // draws of the two give a lag-1.
    assert!(cells[6] == "-" || cells[6].starts_with('['), "{table}");
    let marks: usize = cells[11..15]
        .iter()
        .map(|c| c.parse::<usize>().unwrap())
        .sum();
    assert!(marks <= 8);
    // After c2 White is to move with a road in one: a proven win.
    let threat = rows.iter().find(|p| p.game == 1 && p.ply == 6).unwrap();
    assert_eq!(threat.wdl, [1000, 0, 0], "{threat:?}");

    // The same table again from the TSV, without searching.
    let again = run(&["calibrate", "steadiness", "--from-tsv", tsv_arg]);
    assert_eq!(again, table);
    // From ply 4: positions after plies 4–6 of each game, 3 + 3, 2 + 2 changes.
    let later = run(&[
        "calibrate",
        "steadiness",
        "--from-tsv",
        tsv_arg,
        "--from-ply",
        "4",
    ]);
    let cells: Vec<&str> = later.lines().nth(1).unwrap().split_whitespace().collect();
    assert_eq!(&cells[..5], ["4", "2", "2", "6", "4"], "{later}");

    // Read again under the model of this build, the scores give back what
    // the searches reported: every row, cp and wdl alike.
    let rescored = dir.join("rescored.tsv");
    let rescored_arg = rescored.to_str().unwrap();
    let same = run(&[
        "calibrate",
        "steadiness",
        "--from-tsv",
        tsv_arg,
        "--rescore",
        "--tsv",
        rescored_arg,
    ]);
    assert_eq!(same, table);
    let again = parse_tsv(&std::fs::read_to_string(&rescored).unwrap()).unwrap();
    assert_eq!(again, rows);
    assert!(rows.iter().all(|p| p.read.is_some()));

    // The lean's fit reads the same file: one line per size, or an error
    // when no pair is left (from ply 9 on).
    let fitted = run(&["calibrate", "lean", tsv_arg, "--from-ply", "2"]);
    assert!(
        fitted.lines().any(|l| l.starts_with("| 4x4 | 2 |")),
        "{fitted}"
    );
    let none = Command::new(tools)
        .args(["calibrate", "lean", tsv_arg, "--from-ply", "9"])
        .output()
        .unwrap();
    assert!(!none.status.success());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A proven position followed by one that is not counts as a proof lost; one
/// proven after another, or a proof found, does not.
#[test]
fn a_proof_that_does_not_last_is_counted() {
    let plies = vec![
        ply(1, 2, Color::White, 500, 0.5),
        ply(1, 3, Color::Black, 0, 0.5),
        ply(1, 4, Color::White, 1000, 0.5),
        ply(1, 5, Color::Black, 600, 0.5),
        ply(1, 6, Color::White, 1000, 0.5),
        ply(1, 7, Color::Black, 300, 0.5),
    ];
    // Ply 3 is proven for Black, ply 4 for White: neither is a loss of proof;
    // plies 5 and 7 follow proven positions without one.
    let report = &summarize(&plies)[0];
    assert_eq!(report.proofs_lost, 2);
    // Every change touches a proven position: none is left for lag1_h.
    assert_eq!(report.autocorrelation_heuristic, None);
}

/// 5x5 games whose White reads (the lean off) are a random walk of steps of
/// `step` units plus, at every ply, an error of up to `error` units of its
/// own, each read at `depth`; each row's score is the mover's, as the search
/// reports it.
fn noisy_games(step: f64, error: f64, depth: u32) -> Vec<ScoredPly> {
    use menhir::eval::lean::lean_for;
    let mut rng = StdRng::seed_from_u64(7);
    let mut rows = Vec::new();
    for game in 1..=60 {
        let mut truth = 0.0;
        for n in 2..60 {
            truth += rng.gen_range(-step..=step);
            let white = truth + rng.gen_range(-error..=error);
            let to_move = if n % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            let lean = lean_for(5, depth).unwrap();
            let mover = if to_move == Color::White {
                white
            } else {
                -white
            };
            rows.push(ScoredPly {
                game,
                ply: n,
                size: 5,
                half_komi: 4,
                to_move,
                depth,
                cp: 0,
                wdl: [333, 334, 333],
                result: 0.5,
                read: Some(Read {
                    score: (mover + lean).round() as i32,
                    progress: 40,
                }),
            });
        }
    }
    rows
}

#[test]
fn the_gain_keeps_what_an_error_of_each_read_would_take_back() {
    use menhir::eval::lean::Gain;
    use menhir_tools::calibrate::gain::{fit_gain, lag1_with, TARGET};
    // Errors of each read of their own: every read kept steps back.
    let noisy = vec![noisy_games(12.0, 20.0, 6)];
    let kept = lag1_with(&noisy, 5, 4, Gain::WHOLE).unwrap()[0].unwrap();
    assert!(kept < -0.15, "{kept}");
    let fit = fit_gain(&noisy, 5, 4).unwrap().unwrap();
    let at = fit.lag1[0].unwrap();
    assert!((TARGET..0.1).contains(&at), "{at} against {kept}");
    assert!((0.3..0.95).contains(&fit.mean_gain), "{fit:?}");
    // Reads without errors of their own keep every move.
    let clean = vec![noisy_games(12.0, 0.0, 6)];
    let fit = fit_gain(&clean, 5, 4).unwrap().unwrap();
    assert!(fit.mean_gain > 0.95, "{fit:?}");
    // No game of the size, no gain.
    assert_eq!(fit_gain(&clean, 6, 4).unwrap(), None);
}

/// Shallow reads that err and deep ones that do not: the gain takes back
/// the shallow reads' errors and keeps the deep reads nearly whole.
#[test]
fn the_gain_rises_with_the_depth_whose_reads_err_less() {
    use menhir::eval::lean::gain_for;
    use menhir_tools::calibrate::gain::{fit_gain, TARGET};
    let sources = vec![noisy_games(12.0, 20.0, 4), noisy_games(12.0, 0.0, 12)];
    let fit = fit_gain(&sources, 5, 4).unwrap().unwrap();
    for lag1 in &fit.lag1 {
        assert!(lag1.unwrap() >= TARGET, "{fit:?}");
    }
    let (shallow, deep) = (
        gain_for(5, 4, Some(fit.gain)),
        gain_for(5, 12, Some(fit.gain)),
    );
    assert!(shallow < 0.95 && deep > 0.95, "{shallow} {deep} {fit:?}");
}
