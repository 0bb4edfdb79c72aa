//! The `menhir-tools` binary: the tuner (`tune gen|fit|net`), the opening-book
//! maker (`book`), score calibration (`calibrate`), a fixed-node match
//! (`judge`) and the record of results (`results`), a thin clap CLI over the
//! `menhir_tools` library.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "menhir-tools",
    version,
    about = "Menhir's tuner, opening-book maker and score calibration"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Tune the evaluation: self-play data (`gen`), a weight fit (`fit`) and
    /// the learned correction's fit (`net`).
    Tune(cli::tune::TuneArgs),
    /// Make an opening book of near-even random flat openings (racetrack format).
    Book(cli::book::BookArgs),
    /// Calibrate the reported scores: games with outcomes (`gen`) and the fit of
    /// the win/draw/loss model (`fit`).
    Calibrate(cli::calibrate::CalibrateArgs),
    /// Judge two TEI engines at a fixed node count from a book, both colours
    /// per opening, with an optional SPRT (any size, 3x3 included).
    Judge(cli::judge::JudgeArgs),
    /// The record of results (`docs/results.tsv`): check its rows, and check
    /// or write the tables of `docs/strength.md` made from it.
    Results(cli::results::ResultsArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .target(env_logger::Target::Stderr)
        .init();
    let result = match Cli::parse().command {
        Command::Tune(args) => cli::tune::run(&args),
        Command::Book(args) => cli::book::run(&args),
        Command::Calibrate(args) => cli::calibrate::run(&args),
        Command::Judge(args) => cli::judge::run(&args),
        Command::Results(args) => cli::results::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("menhir-tools: {message}");
            ExitCode::from(2)
        }
    }
}
