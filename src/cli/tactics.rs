//! `menhir tactics`: runs the tactical positions at a fixed time per position and
//! prints the solve rate per kind and size.

use clap::Args;
use menhir::notation::move_to_ptn;
use menhir::tactics::{parse_tactics, solve_for};
use std::collections::BTreeMap;
use std::time::Instant;

/// The project's tactics file, compiled in.
const BUILT_IN: &str = include_str!("../../bench-positions/tactics-public.tsv");

#[derive(Args)]
pub struct TacticsArgs {
    /// A tactics file (TSV: id, size, `half_komi`, kind, tps, solutions, ...);
    /// without one, the project's `bench-positions/tactics-public.tsv`, built
    /// into the binary (so the command runs from any folder).
    #[arg(long)]
    file: Option<std::path::PathBuf>,
    /// Thinking time per position in milliseconds.
    #[arg(long, default_value_t = 1000)]
    movetime: u64,
    /// Print every position, solved or not.
    #[arg(long)]
    verbose: bool,
}

pub fn run(args: &TacticsArgs) -> Result<(), String> {
    let text = match &args.file {
        Some(path) => std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?,
        None => BUILT_IN.to_string(),
    };
    let tactics = parse_tactics(&text)?;
    let mut tally: BTreeMap<(String, usize), (usize, usize, f64)> = BTreeMap::new();
    for t in &tactics {
        let start = Instant::now();
        let played = solve_for(t, args.movetime, 64);
        let seconds = start.elapsed().as_secs_f64();
        let ok = played.is_some_and(|m| t.solutions.contains(&m));
        let entry = tally.entry((t.kind.clone(), t.size)).or_default();
        entry.0 += ok as usize;
        entry.1 += 1;
        entry.2 += seconds;
        if !ok || args.verbose {
            let text = played.map_or("--".to_string(), move_to_ptn);
            println!(
                "{} {} {}x{} played {text}",
                if ok { "ok  " } else { "MISS" },
                t.id,
                t.size,
                t.size
            );
        }
    }
    let (mut solved, mut total) = (0, 0);
    println!("kind    size  solved  avg_time_ms");
    for ((kind, size), (ok, n, secs)) in &tally {
        println!(
            "{kind:<7} {size}x{size}   {ok:>2}/{n:<2}   {:.0}",
            secs * 1000.0 / *n as f64
        );
        solved += ok;
        total += n;
    }
    println!(
        "total: {solved}/{total} ({:.1}%) at {} ms per position",
        100.0 * solved as f64 / total.max(1) as f64,
        args.movetime
    );
    Ok(())
}
