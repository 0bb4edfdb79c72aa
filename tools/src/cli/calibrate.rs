//! `menhir-tools calibrate gen` plays calibration games from a book and writes
//! every position's score, outcome and final flat margin; `menhir-tools
//! calibrate fit` fits the per-size model of what a score means to such files,
//! prints the calibration figures and can write the model into the engine and
//! a reliability diagram into `docs/`.

use clap::{Args, Subcommand};
use menhir_tools::calibrate::gen::{play, CalibrationGames};
use std::io::Write;
use std::path::PathBuf;

#[derive(Args)]
pub struct CalibrateArgs {
    #[command(subcommand)]
    step: Step,
}

#[derive(Subcommand)]
enum Step {
    /// Play games from a book and write every position's score and outcome (TSV).
    Gen(GenArgs),
    /// Fit a model per size and komi to `gen` files and print its calibration figures.
    Fit(FitArgs),
}

#[derive(Args)]
struct FitArgs {
    /// Files written by `calibrate gen` (any sizes and komis; each pair is fitted alone).
    #[arg(required = true)]
    data: Vec<PathBuf>,
    /// Write the models into this file (`src/eval/outlook_table.rs`); a size
    /// and komi the data does not cover keeps the block the file had.
    #[arg(long)]
    write: Option<PathBuf>,
    /// Draw the reliability diagram of the held-out games into this SVG file.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Nodes of the search of each size's empty board, whose predicted score
    /// is set beside White's score in the games.
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
}

#[derive(Args)]
struct GenArgs {
    /// Board size, 3 to 8.
    #[arg(long, default_value_t = 6)]
    size: usize,
    /// Komi in half-flats (4 = komi 2).
    #[arg(long, default_value_t = 4, allow_negative_numbers = true)]
    half_komi: i32,
    /// The openings: racetrack's move-list format, one opening a line.
    #[arg(long)]
    book: PathBuf,
    /// Number of games (game i plays opening i, round the book again if needed).
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Search nodes a move.
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
    /// Games longer than this many plies are dropped.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Where to write the positions.
    #[arg(long)]
    out: PathBuf,
    /// Another TEI engine that plays one side at --nodes a move (Tiltak's `tei`
    /// takes half-komi 0 or 4); each opening is then played twice, colours
    /// swapped, and only Menhir's positions are kept.
    #[arg(long)]
    opponent: Option<PathBuf>,
}

/// Runs `calibrate gen` or `calibrate fit`.
pub fn run(args: &CalibrateArgs) -> Result<(), String> {
    match &args.step {
        Step::Gen(gen) => generate(gen),
        Step::Fit(fit) => super::calibrate_fit::run(
            fit.data.as_slice(),
            fit.write.as_deref(),
            fit.plot.as_deref(),
            fit.nodes,
        ),
    }
}

fn generate(args: &GenArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.book)
        .map_err(|e| format!("cannot read {}: {e}", args.book.display()))?;
    let openings: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(str::to_string)
        .collect();
    let config = CalibrationGames {
        size: args.size,
        half_komi: args.half_komi,
        openings,
        games: args.games,
        nodes: args.nodes,
        max_plies: args.max_plies,
        opponent: args.opponent.clone(),
    };
    let pool = super::tune::pool(args.threads)?;
    let positions = pool.install(|| play(&config))?;
    let mut file = std::fs::File::create(&args.out)
        .map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    for p in &positions {
        writeln!(file, "{}", p.to_line()).map_err(|e| e.to_string())?;
    }
    let games: std::collections::BTreeSet<usize> = positions.iter().map(|p| p.game).collect();
    println!(
        "{} positions from {} finished games written to {}",
        positions.len(),
        games.len(),
        args.out.display()
    );
    Ok(())
}
