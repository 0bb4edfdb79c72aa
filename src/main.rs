//! The `menhir` binary: a thin clap CLI over the library.

mod cli;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "menhir", version, about = "Menhir, an alpha-beta Tak engine")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count legal move sequences (perft) from a position.
    Perft(cli::perft::PerftArgs),
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("info"))
        .target(env_logger::Target::Stderr)
        .init();
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => cli::perft::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("menhir: {message}");
            ExitCode::from(2)
        }
    }
}
