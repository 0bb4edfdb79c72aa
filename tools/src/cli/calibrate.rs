//! `menhir-tools calibrate gen` plays calibration games from a book and writes
//! every position's score, outcome and final flat margin; `menhir-tools
//! calibrate fit` fits the per-size model of what a score means to such files,
//! prints the calibration figures and can write the model into the engine and
//! a reliability diagram into `docs/`; `menhir-tools calibrate steadiness`
//! replays finished games through the engine and measures how steady the
//! evaluation bar is (issue 102).

use clap::{Args, Subcommand};
use menhir::eval::lean::Gain;
use menhir::search::Limits;
use menhir_tools::calibrate::gen::{play, CalibrationGames};
use menhir_tools::calibrate::lean::FIRST_CHOSEN_PLY;
use menhir_tools::calibrate::replay::{read_ptn_files, replay_all};
use menhir_tools::calibrate::steadiness::{
    parse_tsv, rescored, summarize, table_text, tsv_text, ScoredPly, Trial, FIRST_PLY, TABLE_LEGEND,
};
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
    /// Replay finished games through the engine, ply by ply, and print per size
    /// how steady White's expected score is: the lag-1 autocorrelation and mean
    /// size of its changes, the plies PTN Ninja's Analyze Game would mark, and
    /// the calibration error with White and with Black to move.
    Steadiness(SteadinessArgs),
    /// Fit how far a search leans toward the side to move, by depth, to
    /// `steadiness` TSVs of games it did not play (`eval::lean`).
    Lean(LeanArgs),
}

#[derive(Args)]
struct LeanArgs {
    /// TSVs written by `calibrate steadiness --tsv` (any sizes, node counts
    /// or times; their pairs are pooled by size).
    #[arg(required = true)]
    tsvs: Vec<PathBuf>,
    /// Count the pairs from this ply on (4: after the books' openings).
    #[arg(long, default_value_t = FIRST_CHOSEN_PLY)]
    from_ply: usize,
    /// Write the leans into this file (`src/eval/lean_table.rs`).
    #[arg(long)]
    write: Option<PathBuf>,
}

#[derive(Args)]
struct SteadinessArgs {
    /// PTN files, several games each (racetrack's `--ptnout`); games without a
    /// result are left out.
    #[arg(required_unless_present = "from_tsv")]
    games: Vec<PathBuf>,
    /// Search nodes a position (10000 unless --movetime is given).
    #[arg(long, conflicts_with = "movetime")]
    nodes: Option<u64>,
    /// Milliseconds of search a position, in place of --nodes.
    #[arg(long)]
    movetime: Option<u64>,
    /// Write every scored position here (TSV with a header line).
    #[arg(long)]
    tsv: Option<PathBuf>,
    /// Recompute the table from a file written by --tsv, without searching.
    #[arg(long, conflicts_with_all = ["games", "nodes", "movetime"])]
    from_tsv: Option<PathBuf>,
    /// With --from-tsv: read each recorded score again under the outlook
    /// model compiled in now (its `score`, `depth` and `progress` columns),
    /// as if the same searches had run on this build.
    #[arg(long, requires = "from_tsv")]
    rescore: bool,
    /// With --rescore: carry each read to the next ply with this gain on
    /// every size (above 0, at most 1) in place of the sizes' fitted gains.
    #[arg(long, requires = "rescore", value_parser = gain_value)]
    gain: Option<f64>,
    /// With --rescore: keep this share (0 to 1) of a read's distance from the
    /// result proven a ply before, in place of the fitted one.
    #[arg(long, requires = "rescore", value_parser = share_value)]
    after_proof: Option<f64>,
    /// Count only the positions from this ply on: 4 leaves out the plies of
    /// racetrack's four-ply book openings, whose moves no player chose (the
    /// TSV keeps every position either way).
    #[arg(long, default_value_t = FIRST_PLY)]
    from_ply: usize,
}

/// A gain of `--gain`: a number above 0 and at most 1.
fn gain_value(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(g) if g > 0.0 && g <= 1.0 => Ok(g),
        _ => Err(format!("'{text}' is not a gain above 0 and at most 1")),
    }
}

/// A share of `--after-proof`: a number from 0 to 1.
fn share_value(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(g) if (0.0..=1.0).contains(&g) => Ok(g),
        _ => Err(format!("'{text}' is not a share from 0 to 1")),
    }
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

/// Runs a `calibrate` step.
pub fn run(args: &CalibrateArgs) -> Result<(), String> {
    match &args.step {
        Step::Gen(gen) => generate(gen),
        Step::Fit(fit) => super::calibrate_fit::run(
            fit.data.as_slice(),
            fit.write.as_deref(),
            fit.plot.as_deref(),
            fit.nodes,
        ),
        Step::Steadiness(steady) => steadiness(steady),
        Step::Lean(lean) => {
            super::calibrate_lean::run(&lean.tsvs, lean.from_ply, lean.write.as_deref())
        }
    }
}

fn steadiness(args: &SteadinessArgs) -> Result<(), String> {
    let plies = if let Some(path) = &args.from_tsv {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let plies = parse_tsv(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        if args.rescore {
            rescored(
                &plies,
                Trial {
                    gain: args.gain.map(Gain::flat),
                    after_proof: args.after_proof,
                },
            )?
        } else {
            plies
        }
    } else {
        let limits = Limits {
            nodes: args.nodes.or(args.movetime.is_none().then_some(10_000)),
            movetime: args.movetime,
            ..Limits::default()
        };
        let paths: Vec<&std::path::Path> = args.games.iter().map(PathBuf::as_path).collect();
        let games = read_ptn_files(&paths)?;
        log::info!("{} games to replay", games.len());
        replay_all(&games, &limits)?
    };
    if let Some(path) = &args.tsv {
        std::fs::write(path, tsv_text(&plies))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let counted: Vec<ScoredPly> = plies
        .into_iter()
        .filter(|p| p.ply >= args.from_ply)
        .collect();
    print!("{}\n{TABLE_LEGEND}", table_text(&summarize(&counted)));
    Ok(())
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
