//! The tuner: self-play data is reproducible from its seed whatever the thread
//! count, every sample reads back, and the fit lowers the training loss.

mod common;
use common::menhir_binary;

use menhir::eval::tuning::{feature_name, hand_weights, FEATURES};
use menhir::notation::parse_tps;
use menhir_tools::tune::fit::{fit, FitConfig};
use menhir_tools::tune::selfplay::{play, Sample, SelfPlay};

fn config(seed: u64) -> SelfPlay {
    SelfPlay {
        size: 4,
        half_komi: 0,
        games: 24,
        first_game: 0,
        nodes: 400,
        random_plies: 4,
        max_plies: 120,
        seed,
        hash_mib: 1,
        teacher: None,
        keep_proven: false,
    }
}

fn on_threads(n: usize, config: &SelfPlay) -> Vec<Sample> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap();
    pool.install(|| play(config)).unwrap()
}

#[test]
fn self_play_is_reproducible_and_reads_back() {
    let one = on_threads(1, &config(7));
    let two = on_threads(2, &config(7));
    assert_eq!(one, two, "the thread count changed the data");
    assert_ne!(one, on_threads(2, &config(8)), "the seed changed nothing");
    assert!(one.len() > 100, "only {} positions", one.len());
    for s in &one {
        assert!([0.0, 0.5, 1.0].contains(&s.result));
        let pos = parse_tps(&s.tps).unwrap();
        assert_eq!(pos.size(), 4);
        assert_eq!(Sample::from_line(&s.to_line()).unwrap(), *s);
        let same_game = one.iter().filter(|t| t.game == s.game);
        assert!(same_game.into_iter().all(|t| t.result == s.result));
    }
    assert!(Sample::from_line("1\tx\t0\t0\tx4/x4/x4/x4 1 1").is_err());
    assert!(Sample::from_line("1\t1\t0").is_err());
}

#[test]
fn proven_positions_are_kept_only_when_asked() {
    let quiet = on_threads(2, &config(9));
    let all = on_threads(
        2,
        &SelfPlay {
            keep_proven: true,
            ..config(9)
        },
    );
    let proven = |s: &Sample| menhir::eval::Score(s.score).is_proven();
    assert!(!quiet.iter().any(proven));
    // The games are the same: keeping a position does not change play, so the
    // extra rows are exactly the proven ones, each read back as written.
    let unproven: Vec<&Sample> = all.iter().filter(|s| !proven(s)).collect();
    assert_eq!(unproven, quiet.iter().collect::<Vec<_>>());
    let kept: Vec<&Sample> = all.iter().filter(|s| proven(s)).collect();
    assert!(!kept.is_empty(), "no game reached a proven position");
    for s in kept {
        assert_eq!(Sample::from_line(&s.to_line()).unwrap(), *s);
        // A proven win for White is a game White won, and so for Black.
        let white_wins = s.score > 0;
        assert_eq!(s.result, if white_wins { 1.0 } else { 0.0 }, "{}", s.tps);
    }
}

#[test]
fn shards_concatenate_into_the_whole_run() {
    let whole = on_threads(2, &config(5));
    let half = |first_game| SelfPlay {
        games: 12,
        first_game,
        ..config(5)
    };
    let mut shards = on_threads(2, &half(0));
    let second = on_threads(1, &half(12));
    assert!(second.iter().all(|s| s.game >= 12) && !second.is_empty());
    shards.extend(second);
    assert_eq!(shards, whole);
}

#[test]
fn a_teacher_engine_plays_whole_games() {
    // Menhir's own binary stands in for an external TEI engine such as Tiltak.
    let teacher = SelfPlay {
        games: 4,
        first_game: 0,
        half_komi: 4,
        teacher: Some(menhir_binary()),
        ..config(5)
    };
    let samples = on_threads(2, &teacher);
    assert!(samples.len() > 20, "only {} positions", samples.len());
    for s in &samples {
        assert!([0.0, 0.5, 1.0].contains(&s.result));
        assert_eq!(s.half_komi, 4);
        let mut pos = parse_tps(&s.tps).unwrap();
        pos.set_half_komi(s.half_komi);
        // The score column is Menhir's static evaluation, from White's side.
        let white = if pos.to_move() == menhir::Color::White {
            1
        } else {
            -1
        };
        assert_eq!(s.score, white * menhir::eval::evaluate(&pos).0);
        // Menhir reports `wdl` too, which becomes the teacher's probability.
        assert!(s.teacher.is_some_and(|p| (0.0..=1.0).contains(&p)));
    }
    let games: std::collections::BTreeSet<usize> = samples.iter().map(|s| s.game).collect();
    assert_eq!(games.len(), 4, "a game was abandoned");

    let missing = SelfPlay {
        teacher: Some("/no/such/engine".into()),
        ..config(5)
    };
    let err = play(&missing).unwrap_err();
    assert!(err.contains("cannot start /no/such/engine"), "{err}");
}

/// The index of the feature called `name`.
fn feature(name: &str) -> usize {
    (0..FEATURES).find(|&i| feature_name(i) == name).unwrap()
}

fn weights_for(size: usize) -> &'static [i32; FEATURES] {
    hand_weights(size).unwrap()
}

#[test]
fn fitting_lowers_the_training_loss() {
    let (flats, walls) = (feature("flats"), feature("walls"));
    let samples = on_threads(2, &config(3));
    let report = fit(
        &samples,
        4,
        weights_for(4),
        &FitConfig {
            epochs: 300,
            learning_rate: 4.0,
            lambda: 0.0,
            frozen: vec![flats, walls],
        },
    )
    .unwrap();
    assert_eq!(
        report.weights[flats],
        weights_for(4)[flats],
        "a frozen weight moved"
    );
    assert_eq!(
        report.weights[walls],
        weights_for(4)[walls],
        "a frozen weight moved"
    );
    assert!(report.weights != *weights_for(4), "nothing was fitted");
    assert!(report.k > 0.0);
    assert!(
        report.train_after < report.train_before,
        "{} -> {}",
        report.train_after,
        report.train_before
    );
    let wrong_size = fit(
        &samples,
        5,
        weights_for(5),
        &FitConfig {
            epochs: 1,
            learning_rate: 1.0,
            lambda: 0.0,
            frozen: vec![],
        },
    );
    assert!(wrong_size.is_err());
}

#[test]
fn a_teachers_win_probability_is_read_kept_and_fitted_to() {
    use menhir_tools::tune::teacher::wdl_probability;
    let tiltak = "info depth 8 seldepth 9 nodes 5000 score cp 26 wdl 630 0 370 time 79 pv d4";
    assert_eq!(wdl_probability(tiltak), Some(0.63));
    assert_eq!(
        wdl_probability("info score cp 10 wdl 200 600 200"),
        Some(0.5)
    );
    for bad in [
        "info score cp 26 pv d4",
        "info wdl 1 2",
        "info wdl a b c",
        "info wdl 0 0 0",
    ] {
        assert_eq!(wdl_probability(bad), None, "{bad}");
    }

    let line = "3\t1\t-40\t4\tx6/x6/x6/x6/x6/x6 1 1\t0.625";
    let s = Sample::from_line(line).unwrap();
    assert_eq!(s.teacher, Some(0.625));
    assert_eq!(s.to_line(), line);
    assert_eq!(Sample::from_line(&s.to_line()).unwrap(), s);
    for bad in ["\t1.5", "\tx", "\t0.5\t0.5"] {
        let text = format!("3\t1\t-40\t4\tx6/x6/x6/x6/x6/x6 1 1{bad}");
        assert!(Sample::from_line(&text).is_err(), "{text}");
    }

    // With lambda 1 the target is the teacher's probability where there is one.
    let mut samples = on_threads(2, &config(3));
    assert!(samples.iter().all(|s| s.teacher.is_none()));
    let fitted = |samples: &[Sample]| {
        let config = FitConfig {
            epochs: 200,
            learning_rate: 4.0,
            lambda: 1.0,
            frozen: vec![],
        };
        fit(samples, 4, weights_for(4), &config).unwrap()
    };
    let by_score = fitted(&samples);
    for s in &mut samples {
        s.teacher = Some(0.875);
    }
    let by_teacher = fitted(&samples);
    assert_ne!(by_teacher.train_before, by_score.train_before);
    assert!(by_teacher.train_after < by_teacher.train_before);
    assert!(by_teacher.weights != by_score.weights);
}
