//! `menhir-tools tune gen` plays self-play games and writes their quiet positions with
//! the results; `menhir-tools tune fit` fits the evaluation weights of one board size
//! to such files and can write them back into `src/eval/weights/`.

use clap::{Args, Subcommand};
use menhir::eval::tuning::{feature_name as name, hand_weights, FEATURES as COUNT};
use menhir::notation::parse_tps;
use menhir_tools::tune::fit::{fit, FitConfig, FitReport};
use menhir_tools::tune::paths::{file_names, size_file};
use menhir_tools::tune::selfplay::{play, start_position, Sample, SelfPlay};
use menhir_tools::tune::weights_file::row_file_text;
use std::path::PathBuf;

#[derive(Args)]
pub struct TuneArgs {
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    /// Play self-play games and write their positions (TSV) for `fit`.
    Gen(GenArgs),
    /// Fit one size's weights to position files written by `gen`.
    Fit(FitArgs),
    /// Fit one size's learned correction to a teacher's figures in `gen` files.
    Net(super::tune_net::NetArgs),
}

#[derive(Args)]
struct GenArgs {
    /// Board size, 3 to 8.
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// Komi in half-flats (4 = komi 2).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true)]
    half_komi: i32,
    /// Number of games.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Which shard of --games games to play: shard k plays games k·games to
    /// k·games + games − 1 of the seed's sequence, so shards run on many
    /// machines concatenate into one file.
    #[arg(long, default_value_t = 0)]
    shard: usize,
    /// Search nodes per move.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Random flat placements that open each game.
    #[arg(long, default_value_t = 4)]
    random_plies: usize,
    /// Seed of the random openings: the same seed gives the same file.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Where to write the positions.
    #[arg(long)]
    out: PathBuf,
    /// A TEI engine (path) that plays the games instead of Menhir, at --nodes
    /// nodes a move (`go nodes`); the score column is then Menhir's evaluation.
    #[arg(long)]
    teacher: Option<PathBuf>,
    /// Also keep the positions whose search proved a win or loss (their score
    /// column is then the proven score, beyond ±9500 centiflats).
    #[arg(long)]
    keep_proven: bool,
}

#[derive(Args)]
struct FitArgs {
    /// Position files written by `tune gen`, all of one board size.
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Gradient-descent epochs.
    #[arg(long, default_value_t = 3000)]
    epochs: usize,
    /// Adam step size in weight units (1/16 centiflat).
    #[arg(long, default_value_t = 4.0)]
    learning_rate: f64,
    /// Weight of the search score in the target, 0 to 1 (0: game results only).
    #[arg(long, default_value_t = 0.0)]
    lambda: f64,
    /// Keep these features' weights (comma-separated names as the fit prints
    /// them; a name ending in `*` matches every feature it begins).
    #[arg(long, value_delimiter = ',')]
    freeze: Vec<String>,
    /// Write this size's row file: s{size}.rs in this directory
    /// (src/eval/weights), or the one file given; the whole file is written.
    #[arg(long)]
    write: Option<PathBuf>,
}

/// Feature indices named by `patterns`; an unknown name is an error.
fn frozen_features(patterns: &[String]) -> Result<Vec<usize>, String> {
    let mut out = Vec::new();
    for p in patterns.iter().map(|p| p.trim()).filter(|p| !p.is_empty()) {
        let matches: Vec<usize> = (0..COUNT)
            .filter(|&i| match p.strip_suffix('*') {
                Some(prefix) => name(i).starts_with(prefix),
                None => name(i) == p,
            })
            .collect();
        if matches.is_empty() {
            return Err(format!("--freeze: no feature is called '{p}'"));
        }
        out.extend(matches);
    }
    Ok(out)
}

pub fn run(args: &TuneArgs) -> Result<(), String> {
    match &args.step {
        Step::Gen(g) => generate(g),
        Step::Fit(f) => fit_weights(f),
        Step::Net(n) => super::tune_net::fit(n, &read_samples(&n.data)?),
    }
}

pub(crate) fn pool(threads: Option<usize>) -> Result<rayon::ThreadPool, String> {
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        builder = builder.num_threads(n.max(1));
    }
    builder
        .build()
        .map_err(|e| format!("cannot start worker threads: {e}"))
}

fn generate(args: &GenArgs) -> Result<(), String> {
    start_position(args.size, args.half_komi).map_err(|e| format!("--size: {e}"))?;
    let config = SelfPlay {
        size: args.size,
        half_komi: args.half_komi,
        games: args.games,
        first_game: args
            .shard
            .checked_mul(args.games)
            .ok_or("--shard times --games is too large")?,
        nodes: args.nodes.max(1),
        random_plies: args.random_plies,
        max_plies: 400,
        seed: args.seed,
        hash_mib: 8,
        teacher: args.teacher.clone(),
        keep_proven: args.keep_proven,
    };
    let samples = pool(args.threads)?.install(|| play(&config))?;
    let mut text = String::new();
    for s in &samples {
        text.push_str(&s.to_line());
        text.push('\n');
    }
    std::fs::write(&args.out, text)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let (white, draws) = tally(&samples);
    println!(
        "{} games, {} positions written to {} (per position: White won {:.1}%, drawn {:.1}%)",
        args.games,
        samples.len(),
        args.out.display(),
        100.0 * white,
        100.0 * draws
    );
    Ok(())
}

/// Shares of positions from White wins and from draws.
fn tally(samples: &[Sample]) -> (f64, f64) {
    let n = samples.len().max(1) as f64;
    let white = samples.iter().filter(|s| s.result == 1.0).count() as f64;
    let draws = samples.iter().filter(|s| s.result == 0.5).count() as f64;
    (white / n, draws / n)
}

fn read_samples(paths: &[PathBuf]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let s = Sample::from_line(line)
                .map_err(|e| format!("{}:{}: {e}", path.display(), n + 1))?;
            samples.push(s);
        }
    }
    Ok(samples)
}

fn fit_weights(args: &FitArgs) -> Result<(), String> {
    let samples = read_samples(&args.data)?;
    let first = samples.first().ok_or("the data files hold no positions")?;
    let size = parse_tps(&first.tps)
        .map_err(|e| format!("first position: {e}"))?
        .size();
    let start = hand_weights(size).ok_or("no weight row for that size")?;
    let config = FitConfig {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        lambda: args.lambda,
        frozen: frozen_features(&args.freeze)?,
    };
    let report = fit(&samples, size, start, &config)?;
    println!(
        "{size}x{size}: {} positions, k = {:.4}",
        report.positions, report.k
    );
    println!(
        "loss (train / validation): before {:.6} / {:.6}, after {:.6} / {:.6}",
        report.train_before, report.validation_before, report.train_after, report.validation_after
    );
    println!(
        "validation loss against the results alone: before {:.6}, after {:.6}",
        report.result_before, report.result_after
    );
    for (i, (old, new)) in start.iter().zip(&report.weights).enumerate() {
        println!("{:>20} {old:>7} -> {new:>7}", name(i));
    }
    if let Some(target) = &args.write {
        write_row(args, size, target, &report)?;
    }
    Ok(())
}

/// Writes the fitted row as the whole of its size's file, with a note of what
/// it was fitted to.
fn write_row(
    args: &FitArgs,
    size: usize,
    target: &std::path::Path,
    report: &FitReport,
) -> Result<(), String> {
    let path = size_file(target, size, "rs");
    let frozen = if args.freeze.is_empty() {
        String::new()
    } else {
        format!(", frozen {}", args.freeze.join(","))
    };
    let lambda = if args.lambda > 0.0 {
        format!(", lambda {}", args.lambda)
    } else {
        String::new()
    };
    let note = format!(
        "fitted by `menhir-tools tune fit` to {} positions ({}), k {:.4}, validation loss {:.6}{lambda}{frozen}",
        report.positions,
        file_names(&args.data),
        report.k,
        report.validation_after
    );
    std::fs::write(&path, row_file_text(size, &report.weights, &note))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    println!("wrote the {size}x{size} row to {}", path.display());
    Ok(())
}
