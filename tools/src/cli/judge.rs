//! `menhir-tools judge`: a fixed-node match between two TEI engines from a
//! book, both colours per opening, with an optional SPRT; prints the games'
//! W-D-L, the pair counts, the Elo with its 95% interval, the LLR and the
//! verdict.

use clap::Args;
use menhir_tools::judge::stats::llr_bounds;
use menhir_tools::judge::{judge, read_book, JudgeConfig, Verdict};
use std::path::PathBuf;

#[derive(Args)]
pub struct JudgeArgs {
    /// The engine under test (a TEI binary).
    #[arg(long)]
    engine: PathBuf,
    /// Its opponent (a TEI binary).
    #[arg(long)]
    opponent: PathBuf,
    /// Board size, 3 to 8.
    #[arg(long)]
    size: usize,
    /// Komi in half-flats (4 = komi 2).
    #[arg(long, default_value_t = 0, allow_negative_numbers = true)]
    half_komi: i32,
    /// Opening book: one opening a line, PTN moves separated by spaces
    /// (`menhir-tools book` writes one).
    #[arg(long)]
    book: PathBuf,
    /// Search nodes a move for both engines.
    #[arg(long, default_value_t = 10_000)]
    nodes: u64,
    /// Games longer than this many plies are draws.
    #[arg(long, default_value_t = 400)]
    max_plies: usize,
    /// Stop early by an SPRT of these Elo hypotheses, "elo0,elo1" (α = β = 0.05).
    #[arg(long, value_delimiter = ',')]
    sprt: Option<Vec<f64>>,
    /// Games played at once (default: every core).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(args: &JudgeArgs) -> Result<(), String> {
    let text = std::fs::read_to_string(&args.book)
        .map_err(|e| format!("cannot read {}: {e}", args.book.display()))?;
    let book = read_book(&text, args.size, args.half_komi)?;
    for path in [&args.engine, &args.opponent] {
        if !path.is_file() {
            return Err(format!("{} is not a file", path.display()));
        }
    }
    let sprt = match args.sprt.as_deref() {
        None => None,
        Some(&[elo0, elo1]) if elo0 < elo1 => Some((elo0, elo1)),
        Some(_) => return Err("--sprt takes two Elo values, the lower first".into()),
    };
    let config = JudgeConfig {
        size: args.size,
        half_komi: args.half_komi,
        nodes: args.nodes.max(1),
        max_plies: args.max_plies.max(1),
        engine: args.engine.clone(),
        opponent: args.opponent.clone(),
        sprt,
    };
    let outcome = super::tune::pool(args.threads)?.install(|| judge(&config, &book));
    let p = &outcome.pairs;
    let (elo, low, high) = p.elo();
    println!(
        "{}: {} games, W-D-L {}-{}-{}",
        args.engine.display(),
        2 * p.count(),
        p.wins,
        p.draws,
        p.losses
    );
    println!(
        "pairs scoring 0, 1/2, 1, 3/2, 2: {}",
        p.pairs.map(|n| n.to_string()).join(" ")
    );
    // Adding zero turns −0 into 0.
    let (elo, low, high) = (elo + 0.0, low + 0.0, high + 0.0);
    println!("Elo: {elo:+.0} [{low:+.0}, {high:+.0}] (95%)");
    if let Some((elo0, elo1)) = sprt {
        let (lower, upper) = llr_bounds(0.05, 0.05);
        println!(
            "LLR: {:.2} ({lower:.2}, {upper:.2}) for H0 {elo0} Elo against H1 {elo1} Elo",
            p.llr(elo0, elo1)
        );
    }
    let verdict = match outcome.verdict {
        Verdict::Accepted => "accepted",
        Verdict::Rejected => "rejected",
        Verdict::Undecided => "undecided",
    };
    println!("verdict: {verdict}");
    if outcome.abandoned > 0 {
        log::warn!("{} pairs abandoned (see the warnings)", outcome.abandoned);
    }
    Ok(())
}
