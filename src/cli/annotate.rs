//! `menhir annotate`: searches every position of a PTN game and writes the game
//! back with an evaluation comment and marks on every ply.

use clap::Args;
use menhir::annotate::{annotate, write_annotated, AnnotateOptions};
use menhir::search::Limits;
use std::io::{IsTerminal, Write};

#[derive(Args)]
pub struct AnnotateArgs {
    /// The PTN file (its first game is annotated, with its komi).
    game: std::path::PathBuf,
    /// Search each position this long, in milliseconds (default 1000).
    #[arg(long, conflicts_with = "nodes")]
    movetime: Option<u64>,
    /// Search each position to this many nodes (deterministic with --threads 1).
    #[arg(long)]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = super::option_default("Threads"), value_parser = super::option_range("Threads"))]
    threads: i64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = super::option_default("Hash"), value_parser = super::option_range("Hash"))]
    hash: i64,
    /// Node budget of the tinuë check of each ply.
    #[arg(long, default_value_t = 20_000)]
    tinue_nodes: u64,
    /// The longest tinuë looked for, in plies.
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u32).range(1..=99))]
    tinue_plies: u32,
    /// Write the annotated game here instead of to stdout.
    #[arg(long)]
    out: Option<std::path::PathBuf>,
}

fn progress_bar(done: usize, total: usize) {
    let width = 30;
    let filled = (done * width).checked_div(total).unwrap_or(width);
    eprint!(
        "\r[{}{}] {done}/{total} plies",
        "#".repeat(filled),
        "-".repeat(width - filled)
    );
    if done == total {
        eprintln!();
    }
}

pub fn run(args: &AnnotateArgs) -> Result<(), String> {
    let ptn = super::first_ptn_game(&args.game)?;
    let limits = Limits {
        nodes: args.nodes,
        movetime: args.movetime.or(if args.nodes.is_none() {
            Some(1000)
        } else {
            None
        }),
        ..Limits::default()
    };
    let options = AnnotateOptions {
        limits,
        threads: args.threads as usize,
        hash_mib: args.hash as usize,
        tinue_nodes: args.tinue_nodes,
        tinue_plies: args.tinue_plies,
    };
    let terminal = std::io::stderr().is_terminal();
    let mut progress = |done, total| {
        if terminal {
            progress_bar(done, total);
        }
    };
    let notes = annotate(&ptn, &options, &mut progress)?;
    let written = write_annotated(&ptn, &notes);
    match &args.out {
        Some(out) => {
            std::fs::write(out, written).map_err(|e| format!("cannot write {}: {e}", out.display()))
        }
        None => std::io::stdout()
            .write_all(written.as_bytes())
            .map_err(|e| format!("cannot write the game: {e}")),
    }
}
