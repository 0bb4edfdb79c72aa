//! The fit of the evaluation's learned correction: the board's symmetries,
//! a fit that learns a pattern the hand-built evaluation does not know, the
//! weights file it writes with every weight in place, and the command line;
//! and the engine's correction is the float network's output (the trainer's
//! forward pass, `tune::float_net`), or nothing on a size without weights.

use menhir::board::{Color, Square, MAX_SIZE, MIN_SIZE};
use menhir::eval::score::MAX_HEURISTIC;
use menhir::eval::tuning::{
    correction_inputs, correction_weights, decode_net_file as decode, hand_evaluation,
    DEFAULT_HIDDEN, INPUTS, MAX_ACTIVE, MAX_CORRECTION,
};
use menhir::eval::{evaluate, explain};
use menhir::notation::parse_tps;
use menhir_tools::tune::float_net::FloatNet;
use menhir_tools::tune::net::{fit_net, NetConfig};
use menhir_tools::tune::net_file::net_file_bytes;
use menhir_tools::tune::selfplay::{play, Sample, SelfPlay};
use menhir_tools::tune::symmetry::symmetries;

#[test]
fn the_eight_symmetries_are_distinct_permutations_of_the_board() {
    for n in MIN_SIZE..=MAX_SIZE {
        let maps = symmetries(n);
        for map in &maps {
            let mut on_board: Vec<u8> = (0..64)
                .filter(|i| i % 8 < n && i / 8 < n)
                .map(|i| map[i])
                .collect();
            on_board.sort_unstable();
            on_board.dedup();
            assert_eq!(on_board.len(), n * n);
            assert!(on_board
                .iter()
                .all(|&s| (s as usize % 8) < n && (s as usize / 8) < n));
        }
        let corner: Vec<u8> = maps.iter().map(|m| m[1]).collect();
        let mut distinct = corner.clone();
        distinct.sort_unstable();
        distinct.dedup();
        // b1 is the middle of an edge on 3x3 (four images), off-centre beyond.
        let images = if n == 3 { 4 } else { 8 };
        assert_eq!(distinct.len(), images, "b1's images on {n}x{n}");
    }
}

/// White's win probability in the made-up teacher: corners held decide it.
fn corner_teacher(tps: &str) -> f64 {
    let pos = parse_tps(tps).unwrap();
    let n = pos.size();
    let mut margin = 0.0;
    for (f, r) in [(0, 0), (n - 1, 0), (0, n - 1), (n - 1, n - 1)] {
        match pos.top(Square::new(f, r)) {
            Some((Color::White, _)) => margin += 1.0,
            Some((Color::Black, _)) => margin -= 1.0,
            None => {}
        }
    }
    0.5 + 0.1 * margin
}

/// Self-play positions of 4x4 labelled by `corner_teacher`.
fn corner_samples() -> Vec<Sample> {
    let config = SelfPlay {
        size: 4,
        half_komi: 0,
        games: 60,
        first_game: 0,
        nodes: 300,
        random_plies: 6,
        max_plies: 120,
        seed: 3,
        hash_mib: 1,
        teacher: None,
        keep_proven: false,
    };
    play(&config)
        .unwrap()
        .into_iter()
        .map(|s| Sample {
            teacher: Some(corner_teacher(&s.tps)),
            ..s
        })
        .collect()
}

#[test]
fn the_fit_learns_what_the_teacher_sees_and_writes_every_weight() {
    let samples = corner_samples();
    let fit = NetConfig {
        epochs: 40,
        ..NetConfig::default()
    };
    let report = fit_net(&samples, 4, &fit).unwrap();
    assert!(report.validation_positions > 0 && report.train_positions > 0);
    assert!(
        report.validation_after < report.validation_before * 0.6,
        "validation loss {} -> {}",
        report.validation_before,
        report.validation_after
    );
    let file = decode(&net_file_bytes(4, &report.net, &report.seen, "test")).unwrap();
    assert_eq!((file.size, file.note.as_str()), (4, "test"));
    // Every seen input's row is written with all its weights exactly as fitted;
    // the rows of inputs never seen are zeros.
    let written = &file.weights;
    assert_eq!(written.hidden(), DEFAULT_HIDDEN);
    let rows = written.input.chunks(DEFAULT_HIDDEN);
    for (i, (row, fitted)) in rows
        .zip(report.net.input.chunks(DEFAULT_HIDDEN))
        .enumerate()
    {
        if report.seen[i] {
            assert_eq!(row, fitted, "input {i}");
        } else {
            assert!(row.iter().all(|w| *w == 0.0), "input {i}");
        }
    }
    assert_eq!(written.bias, report.net.bias);
    assert_eq!(written.output, report.net.output);
    assert_eq!(written.output_bias, report.net.output_bias);
    // Off-board rows of a 4x4 net (file e) are never on, so they are zeros.
    let e1 = Square::new(4, 0).index();
    assert!(!report.seen[e1]);
    assert!(report.seen[Square::new(3, 3).index()]);
    // Samples of another size are refused.
    assert!(fit_net(&samples, 5, &fit).is_err());
}

/// Self-play positions (no teacher) whose "result" is the corner rule's
/// figure drawn as a win or a loss, and whose search score says nothing.
fn corner_games() -> Vec<Sample> {
    corner_samples()
        .into_iter()
        .map(|s| {
            let p = s.teacher.unwrap();
            let result = if p > 0.5 {
                1.0
            } else if p < 0.5 {
                0.0
            } else {
                0.5
            };
            Sample {
                teacher: None,
                result,
                score: 0,
                ..s
            }
        })
        .collect()
}

#[test]
fn without_a_teacher_the_fit_learns_from_results_and_scores() {
    let samples = corner_games();
    // λ = 0: the targets are the results, which the corners decide.
    let results = NetConfig {
        epochs: 40,
        lambda: 0.0,
        ..NetConfig::default()
    };
    let report = fit_net(&samples, 4, &results).unwrap();
    assert!(
        (1..=40).contains(&report.best_epoch),
        "{}",
        report.best_epoch
    );
    assert!(
        report.validation_after < report.validation_before * 0.8,
        "validation loss {} -> {}",
        report.validation_before,
        report.validation_after
    );
    // λ = 1: the targets are the search scores, all 0 here (even chances):
    // the network learns to take back what the evaluation says.
    let scores = NetConfig {
        lambda: 1.0,
        ..results.clone()
    };
    let flat = fit_net(&samples, 4, &scores).unwrap();
    assert!(
        flat.validation_after < flat.validation_before * 0.5,
        "validation loss {} -> {}",
        flat.validation_before,
        flat.validation_after
    );
    let bad = NetConfig {
        lambda: 1.5,
        ..results
    };
    assert!(fit_net(&samples, 4, &bad).unwrap_err().contains("lambda"));
}

#[test]
fn td_targets_of_decay_zero_are_the_search_scores() {
    // The temporal-difference return with no decay is each position's own
    // search score: the same targets, so the same network, as lambda 1.
    let samples: Vec<Sample> = corner_games()
        .into_iter()
        .enumerate()
        .map(|(i, s)| Sample {
            score: (i % 7) as i32 * 30 - 90,
            ..s
        })
        .collect();
    let scores = NetConfig {
        epochs: 3,
        lambda: 1.0,
        ..NetConfig::default()
    };
    let td = NetConfig {
        td_decay: Some(0.0),
        lambda: 0.5,
        ..scores.clone()
    };
    let (a, b) = (
        fit_net(&samples, 4, &scores).unwrap(),
        fit_net(&samples, 4, &td).unwrap(),
    );
    assert_eq!(a.validation_after, b.validation_after);
    assert_eq!(a.net.input, b.net.input);
    // Some decay carries the results back, and the targets change.
    let carried = fit_net(
        &samples,
        4,
        &NetConfig {
            td_decay: Some(0.8),
            ..td.clone()
        },
    )
    .unwrap();
    assert_ne!(carried.validation_before, a.validation_before);
    let bad = NetConfig {
        td_decay: Some(1.5),
        ..td
    };
    assert!(fit_net(&samples, 4, &bad).unwrap_err().contains("TD decay"));
}

#[test]
fn tune_net_takes_td_or_lambda_not_both() {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_menhir-tools"))
            .args(["tune", "net", "/no/such/file.tsv"])
            .args(args)
            .output()
            .unwrap()
    };
    let both = run(&["--td", "0.8", "--lambda", "0.5"]);
    assert!(!both.status.success());
    let stderr = String::from_utf8_lossy(&both.stderr);
    assert!(stderr.contains("cannot be used with"), "{stderr}");
    let out_of_range = run(&["--td", "1.5"]);
    assert!(!out_of_range.status.success());
    assert!(out_of_range.stdout.is_empty(), "nothing on stdout");
}

#[test]
fn the_fit_takes_any_width_of_widths_and_writes_it() {
    let samples = corner_samples();
    let config = NetConfig {
        epochs: 2,
        hidden: 64,
        ..NetConfig::default()
    };
    let report = fit_net(&samples, 4, &config).unwrap();
    let net = &report.net;
    assert_eq!(net.hidden(), 64);
    assert_eq!((net.input.len(), net.output.len()), (INPUTS * 64, 64));
    let file = decode(&net_file_bytes(4, net, &report.seen, "test")).unwrap();
    assert_eq!(file.weights.hidden(), 64);
    assert_eq!(file.weights.bias, net.bias);
    // A width the evaluation has no code for is refused before any work.
    let odd = NetConfig {
        hidden: 100,
        ..config
    };
    let error = fit_net(&samples, 4, &odd).unwrap_err();
    assert!(error.contains("100 is not one of the widths"), "{error}");
}

#[test]
fn weight_decay_pulls_the_input_weights_towards_zero() {
    let samples = corner_samples();
    let size_of = |weight_decay: f32| -> f32 {
        let config = NetConfig {
            epochs: 10,
            weight_decay,
            ..NetConfig::default()
        };
        let report = fit_net(&samples, 4, &config).unwrap();
        report.net.input.iter().map(|w| w.abs()).sum()
    };
    let plain = size_of(0.0);
    let decayed = size_of(20.0);
    assert!(
        decayed < 0.5 * plain,
        "input weights' total size {plain} without decay, {decayed} with"
    );
}

#[test]
fn tune_net_refuses_an_unsupported_width_on_the_command_line() {
    // Refused while the command line is read: the data file is never opened.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_menhir-tools"))
        .args(["tune", "net", "/no/such/file.tsv", "--hidden", "100"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("100 is not one of the widths"), "{stderr}");
    assert!(out.stdout.is_empty(), "nothing on stdout");
}

#[test]
fn tune_net_starts_from_a_network_file_of_the_same_size_only() {
    let samples = corner_samples();
    let dir = std::env::temp_dir().join(format!("menhir-init-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("s4.tsv");
    let lines: String = samples.iter().map(|s| s.to_line() + "\n").collect();
    std::fs::write(&data, lines).unwrap();
    let shipped = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../src/eval/net_weights");
    // Asked for the shipped 4x4 network's own width, whatever it is.
    let width = decode(&std::fs::read(shipped.join("s4.bin")).unwrap())
        .unwrap()
        .weights
        .hidden();
    let tune_net = |init: &str, out: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_menhir-tools"))
            .args(["tune", "net", "--epochs", "1", "--hidden"])
            .arg(width.to_string())
            .arg("--init")
            .arg(shipped.join(init))
            .arg("--write")
            .arg(out)
            .arg(&data)
            .output()
            .unwrap()
    };
    // Another size's network is refused with a message, nothing written.
    let refused = dir.join("refused.bin");
    let out = tune_net("s5.bin", &refused);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("holds a 5x5 network"), "{stderr}");
    assert!(!refused.exists());
    // The 4x4 network is a start: the file written says so.
    let written = dir.join("s4.bin");
    let out = tune_net("s4.bin", &written);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let file = decode(&std::fs::read(&written).unwrap()).unwrap();
    assert_eq!((file.size, file.weights.hidden()), (4, width));
    assert!(file.note.contains("started from s4.bin"), "{}", file.note);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn sizes_without_weights_keep_the_hand_built_evaluation() {
    let mut with_net = 0;
    for size in 3..=8 {
        // Two flats in the middle of an otherwise empty board.
        let empty = format!("x{size}");
        let mut ranks = vec![empty.clone(); size];
        ranks[size / 2] = if size == 3 {
            "x,1,2".to_string()
        } else {
            format!("x,1,2,x{}", size - 3)
        };
        let pos = parse_tps(&format!("{} 1 2", ranks.join("/"))).unwrap();
        let correction = explain(&pos).correction;
        let Some(net) = correction_weights(size) else {
            assert_eq!(correction, 0, "{size}x{size}");
            assert_eq!(evaluate(&pos).0, hand_evaluation(&pos));
            continue;
        };
        with_net += 1;
        // The network's output on the position's inputs, clamped, as the
        // engine computes it in 16-bit integers: within a few centiflats (the
        // rounding of each unit adds up, so a wider layer strays further: 2.1
        // for the 1024-unit 4x4 network here; the mean over many positions is
        // held under 2 by the quant tests).
        let mut buf = [0u16; MAX_ACTIVE];
        let len = correction_inputs(&pos, &mut buf);
        let limit = MAX_CORRECTION as f32;
        let float = net.output(&buf[..len]).clamp(-limit, limit);
        assert!(
            (float - correction as f32).abs() <= 3.0,
            "{size}x{size}: {float} against {correction}"
        );
        assert_eq!(
            evaluate(&pos).0,
            (hand_evaluation(&pos) + correction).clamp(-MAX_HEURISTIC, MAX_HEURISTIC)
        );
    }
    // 5x5 and 6x6 have fitted files at least.
    assert!(with_net >= 2);
}
