//! The tuner: self-play data is reproducible from its seed whatever the thread
//! count, every sample reads back, and the fit lowers the training loss.

use menhir::eval::features::{FLATS, WALLS};
use menhir::eval::weights_for;
use menhir::notation::parse_tps;
use menhir::tune::fit::{fit, FitConfig};
use menhir::tune::selfplay::{play, Sample, SelfPlay};

fn config(seed: u64) -> SelfPlay {
    SelfPlay {
        size: 4,
        half_komi: 0,
        games: 24,
        nodes: 400,
        random_plies: 4,
        max_plies: 120,
        seed,
        hash_mib: 1,
        teacher: None,
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
fn a_teacher_engine_plays_whole_games() {
    // Menhir's own binary stands in for an external TEI engine such as Tiltak.
    let teacher = SelfPlay {
        games: 4,
        half_komi: 4,
        teacher: Some(env!("CARGO_BIN_EXE_menhir").into()),
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
        assert_eq!(s.score, white * menhir::eval::evaluate(&pos));
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

#[test]
fn fitting_lowers_the_training_loss() {
    let samples = on_threads(2, &config(3));
    let report = fit(
        &samples,
        4,
        weights_for(4),
        &FitConfig {
            epochs: 300,
            learning_rate: 4.0,
            lambda: 0.0,
            frozen: vec![FLATS, WALLS],
        },
    )
    .unwrap();
    assert_eq!(
        report.weights[FLATS],
        weights_for(4)[FLATS],
        "a frozen weight moved"
    );
    assert_eq!(
        report.weights[WALLS],
        weights_for(4)[WALLS],
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
