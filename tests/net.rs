//! The evaluation's learned correction: its inputs read real positions the same
//! way from either side and under every symmetry, sizes without weights are left
//! alone, the fitter learns a pattern the hand-built evaluation does not know,
//! and the weights file it writes has every weight in place.

use menhir::board::{Color, Square};
use menhir::eval::net::{
    active_inputs, correction, road_facts, weights_for, DEFAULT_HIDDEN, INPUTS, MAX_ACTIVE, WIDTHS,
};
use menhir::eval::{evaluate, hand_evaluation};
use menhir::notation::parse_tps;
use menhir::tune::net::{fit_net, symmetries, NetConfig};
use menhir::tune::net_file::net_file_text;
use menhir::tune::selfplay::{play, Sample, SelfPlay};

fn inputs(tps: &str) -> Vec<u16> {
    let pos = parse_tps(tps).unwrap();
    let mut buf = [0u16; MAX_ACTIVE];
    let len = active_inputs(&pos, &road_facts(&pos), |sq| sq, &mut buf);
    let mut v = buf[..len].to_vec();
    v.sort_unstable();
    v
}

#[test]
fn inputs_read_tops_stacks_and_reserves_from_the_side_to_move() {
    // 5x5, White to move: a White flat on a1, a Black wall on b1, and on c1 a
    // White capstone over two White pieces and one Black one (bottom first).
    let v = inputs("x5/x5/x5/x5/1,2S,1121C,x2 1 5");
    let a1 = Square::new(0, 0).index() as u16;
    let b1 = Square::new(1, 0).index() as u16;
    let c1 = Square::new(2, 0).index() as u16;
    assert!(v.contains(&a1), "own flat");
    assert!(v.contains(&(4 * 64 + b1)), "enemy wall");
    assert!(v.contains(&(2 * 64 + c1)), "own capstone");
    assert!(v.contains(&(7 * 64 + c1)), "two own pieces under the top");
    assert!(v.contains(&(9 * 64 + c1)), "one enemy piece under the top");
    assert!(
        v.contains(&(19 * 64 + c1)),
        "an enemy piece right under the top"
    );
    assert!(!v.contains(&(18 * 64 + c1)), "not an own one");
    // 21 stones a side on 5x5: White has used 3 and its capstone, Black 2.
    assert!(v.contains(&(12 * 64 + 18)), "own stones left");
    assert!(v.contains(&(13 * 64 + 19)), "enemy stones left");
    assert!(v.contains(&(14 * 64)), "no own capstone left");
    assert!(v.contains(&(14 * 64 + 9)), "one enemy capstone left");
    let board: Vec<u16> = v.iter().copied().filter(|&i| i < 15 * 64).collect();
    assert_eq!(
        board.len(),
        3 + 2 + 4,
        "three tops, two counts under c1, four reserves"
    );
    assert_eq!(
        v.len(),
        board.len() + 4 + 4 + 2 + 1,
        "road facts, margin, empty, the piece under c1's top"
    );
    assert!(v.iter().all(|&i| (i as usize) < INPUTS));
}

#[test]
fn inputs_read_each_sides_road_facts_the_margin_and_the_empty_squares() {
    // 5x5, Black to move, no komi: White flats on a1..d1 threaten e1; Black
    // has flats on a3 and c3, two groups of span 1.
    let v = inputs("x5/x5/2,x,2,x2/x5/1,1,1,1,x 2 3");
    let roads = 15 * 64;
    // Own (Black's) facts from slot 0: no threat, span 1, distance 3 (b3, d3,
    // e3), two groups.
    for (slot, what) in [(0, "no threat"), (3 + 1, "span 1"), (12 + 3, "distance 3")] {
        assert!(v.contains(&(roads + slot)), "own {what}");
    }
    assert!(v.contains(&(roads + 19 + 2)), "own groups");
    // Enemy (White's) facts from slot 32: one threat, span 4, one group, and
    // no distance (a threat stands in for it).
    assert!(v.contains(&(roads + 32 + 1)), "enemy threat");
    assert!(v.contains(&(roads + 32 + 3 + 4)), "enemy span 4");
    assert!(v.contains(&(roads + 32 + 19 + 1)), "enemy one group");
    assert!(!v
        .iter()
        .any(|&i| (roads + 32 + 12..roads + 32 + 19).contains(&i)));
    // The margin in half-flats from Black: 2(2 - 4).
    assert!(v.contains(&(16 * 64 + 32 - 4)), "flat margin");
    assert!(v.contains(&(17 * 64 + 19)), "empty squares");
}

#[test]
fn swapping_the_colours_and_the_mover_gives_the_same_inputs() {
    let white = inputs("1,2S,1121C,x2/x2,12,x2/x5/x5/x5 1 5");
    let black = inputs("2,1S,2212C,x2/x2,21,x2/x5/x5/x5 2 5");
    assert_eq!(white, black);
    assert_ne!(white, inputs("1,2S,1121C,x2/x2,12,x2/x5/x5/x5 2 5"));
}

#[test]
fn the_eight_symmetries_are_distinct_permutations_of_the_board() {
    for n in 3..=8 {
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

#[test]
fn sizes_without_weights_keep_the_hand_built_evaluation() {
    let pos = parse_tps("x7/x7/x7/x2,1,2,x3/x7/x7/x7 1 2").unwrap();
    assert_eq!(correction(&pos), 0);
    assert_eq!(evaluate(&pos), hand_evaluation(&pos));
    // 5x5 and 6x6 have fitted files, and their correction is added.
    let six = parse_tps("x6/x6/x2,1,2,x2/x6/x6/x6 1 2").unwrap();
    assert_ne!(correction(&six), 0);
    assert_eq!(
        evaluate(&six),
        (hand_evaluation(&six) + correction(&six)).clamp(-9000, 9000)
    );
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
        nodes: 300,
        random_plies: 6,
        max_plies: 120,
        seed: 3,
        hash_mib: 1,
        teacher: None,
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
    let text = net_file_text(4, &report.net, &report.seen, "test");
    // Every seen input's row is written, each with all its weights as fitted
    // (to the 5 significant digits written); the rest are left out as zeros.
    let rows = text.split("const ROWS").nth(1).unwrap();
    let rows = rows.split("];").next().unwrap();
    let mut written = vec![false; INPUTS];
    for line in rows.lines().filter(|l| l.trim_start().starts_with('(')) {
        let line = line.trim().trim_start_matches('(').trim_end_matches("]),");
        let (index, values) = line.split_once(", [").unwrap();
        let index: usize = index.parse().unwrap();
        let values: Vec<f32> = values.split(", ").map(|v| v.parse().unwrap()).collect();
        assert_eq!(values.len(), DEFAULT_HIDDEN);
        for (v, w) in values
            .iter()
            .zip(&report.net.input[index * DEFAULT_HIDDEN..])
        {
            assert!(
                (v - w).abs() <= 1e-4 * w.abs().max(1e-3),
                "input {index}: {v} vs {w}"
            );
        }
        written[index] = true;
    }
    for (i, row) in report.net.input.chunks(DEFAULT_HIDDEN).enumerate() {
        let nonzero = row.iter().any(|w| *w != 0.0);
        assert_eq!(written[i], report.seen[i] && nonzero, "input {i}");
    }
    // Off-board rows of a 4x4 net (file e) are never on, so they are zeros.
    let e1 = Square::new(4, 0).index();
    assert!(!report.seen[e1]);
    assert!(report.seen[Square::new(3, 3).index()]);
    // Samples of another size are refused.
    assert!(fit_net(&samples, 5, &fit).is_err());
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
    let text = net_file_text(4, net, &report.seen, "test");
    assert!(
        text.contains("const HIDDEN: usize = 64;"),
        "{}",
        &text[..300]
    );
    let bias = text.split("static BIAS").nth(1).unwrap();
    let bias = bias.split("];").next().unwrap();
    assert_eq!(bias.matches(',').count(), 64);
    // A width the evaluation has no code for is refused before any work.
    let odd = NetConfig {
        hidden: 100,
        ..config
    };
    let error = fit_net(&samples, 4, &odd).unwrap_err();
    assert!(error.contains("100 is not one of the widths"), "{error}");
}

#[test]
fn every_sizes_weights_have_one_of_the_widths() {
    let mut fitted = 0;
    for size in 3..=8 {
        let Some(w) = weights_for(size) else {
            continue;
        };
        fitted += 1;
        let hidden = w.hidden();
        assert!(WIDTHS.contains(&hidden), "{size}x{size}: {hidden} units");
        assert_eq!(w.input.len(), INPUTS * hidden, "{size}x{size}");
        assert_eq!(w.output.len(), hidden, "{size}x{size}");
    }
    assert!(fitted >= 2, "5x5 and 6x6 have fitted weights");
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
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_menhir"))
        .args(["tune", "net", "/no/such/file.tsv", "--hidden", "100"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("100 is not one of the widths"), "{stderr}");
    assert!(out.stdout.is_empty(), "stdout belongs to TEI");
}
