//! `menhir bench`: a fixed-depth search of the bench positions on one thread with
//! a fresh table; the node total is the search's signature (`menhir::bench`).

use clap::Args;
use menhir::bench::{self, DEPTH, SIGNATURE};

#[derive(Args)]
pub struct BenchArgs {
    /// Nominal search depth for every position.
    #[arg(long, short, default_value_t = DEPTH, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
}

pub fn run(args: &BenchArgs) -> Result<(), String> {
    let result = bench::run(args.depth)?;
    for (i, l) in result.lines.iter().enumerate() {
        log::info!(
            "position {:2}: depth {} score {} nodes {} time {} ms",
            i + 1,
            l.depth,
            l.score,
            l.nodes,
            l.time_ms
        );
    }
    if args.depth == DEPTH && result.nodes != SIGNATURE {
        log::warn!(
            "the node total differs from the recorded signature {SIGNATURE}: play has changed"
        );
    }
    println!("{} nodes {} nps", result.nodes, result.nps());
    Ok(())
}
