//! The `menhir` binary: a thin clap CLI over the library. The tuner and the
//! book maker are the `menhir-tools` binary (`tools/`).

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "menhir", version, about = "Menhir, an alpha-beta Tak engine")]
struct Cli {
    /// With no subcommand, Menhir speaks TEI on stdin/stdout.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Speak TEI on stdin/stdout (the default).
    ///
    /// `score cp` is in hundredths of a flat: the final flat margin Menhir's games reached from positions scored
    /// alike; `wdl` is the calibrated win/draw/loss chance (docs/calibration.md).
    Tei,
    /// Show a position and the engine's analysis of it.
    ///
    /// Scores are in flats (the
    /// final flat margin Menhir's games reached from positions scored alike) and
    /// the side to move's win chance.
    Analyze(cli::analyze::AnalyzeArgs),
    /// Search every position of a PTN game and write it back annotated.
    Annotate(cli::annotate::AnnotateArgs),
    /// Search the bench positions to a fixed depth: node signature and nps.
    Bench(cli::bench::BenchArgs),
    /// Count legal move sequences (perft) from a position.
    Perft(cli::perft::PerftArgs),
    /// Run the tactical positions and print the solve rate per kind and size.
    Tactics(cli::tactics::TacticsArgs),
    /// Serve TEI over WebSocket (for PTN Ninja), one engine per connection.
    Serve(cli::serve::ServeArgs),
    /// Prove or disprove a forced road (tinuë) and list every winning first move;
    /// exit code 0 when proven, 1 when not.
    Tinue(cli::tinue::TinueArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        None | Some(Command::Tei) => {
            let stdin = std::io::BufReader::new(std::io::stdin());
            // Returns after `quit` or the end of input, with the search joined.
            menhir::tei::run(stdin, std::io::stdout());
            Ok(())
        }
        Some(Command::Analyze(args)) => cli::analyze::run(&args),
        Some(Command::Annotate(args)) => cli::annotate::run(&args),
        Some(Command::Bench(args)) => cli::bench::run(&args),
        Some(Command::Perft(args)) => cli::perft::run(&args),
        Some(Command::Tactics(args)) => cli::tactics::run(&args),
        Some(Command::Serve(args)) => cli::serve::run(&args),
        Some(Command::Tinue(args)) => match cli::tinue::run(&args) {
            Ok(false) => return ExitCode::from(1),
            other => other.map(|_| ()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("menhir: {message}");
            ExitCode::from(2)
        }
    }
}
