//! `menhir-tools book`: writes an opening book of near-even random flat openings, one
//! per line in racetrack's `move-list` format, for sizes without a shared book.

use clap::Args;
use menhir_tools::book::{make_book, BookConfig};
use menhir_tools::tune::selfplay::start_position;
use std::path::PathBuf;

#[derive(Args)]
pub struct BookArgs {
    /// Board size, 3 to 8.
    #[arg(long)]
    size: usize,
    /// Komi in half-flats the openings are judged with (4 = komi 2).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    half_komi: i32,
    /// Openings to write.
    #[arg(long, default_value_t = 100)]
    count: usize,
    /// Flat placements per opening, the two swap plies included.
    #[arg(long, default_value_t = 4)]
    plies: usize,
    /// Search nodes spent judging each opening.
    #[arg(long, default_value_t = 20_000)]
    nodes: u64,
    /// Keep openings whose score is at most this, in centiflats (100 = a flat).
    #[arg(long, default_value_t = 60)]
    max_score: i32,
    /// Seed: the same arguments give the same book.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write every qualifying opening when fewer than --count exist (3x3 has
    /// few openings that a search does not already prove).
    #[arg(long)]
    fewer_ok: bool,
    /// Where to write the book (default: stdout).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub fn run(args: &BookArgs) -> Result<(), String> {
    start_position(args.size, args.half_komi).map_err(|e| format!("--size: {e}"))?;
    let config = BookConfig {
        size: args.size,
        half_komi: args.half_komi,
        count: args.count,
        plies: args.plies,
        nodes: args.nodes.max(1),
        max_score: args.max_score.max(0),
        seed: args.seed,
        fewer_ok: args.fewer_ok,
    };
    let book = make_book(&config)?;
    let text: String = book.iter().map(|o| o.line() + "\n").collect();
    match &args.out {
        Some(path) => {
            std::fs::write(path, text)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            let mean =
                book.iter().map(|o| o.white_score as f64).sum::<f64>() / book.len().max(1) as f64;
            log::info!(
                "{} openings written to {} (mean score for White {mean:.0} centiflats)",
                book.len(),
                path.display()
            );
        }
        None => print!("{text}"),
    }
    Ok(())
}
