//! `menhir tinue`: proves or disproves a forced road (or, with `--flats`, any
//! forced win) for the side to move, and lists every winning first move.

use clap::Args;
use menhir::notation::{move_to_ptn, parse_tps};
use menhir::tinue::{solve, Goal, TinueOptions, TinueReport, Verdict, WinKind};
use menhir::{Color, Position};
use std::sync::atomic::AtomicBool;

#[derive(Args)]
pub struct TinueArgs {
    /// The position as TPS (quoted, or as its three fields).
    tps: Vec<String>,
    /// Read the first game of this PTN file (with its komi).
    #[arg(long, conflicts_with = "tps")]
    ptn: Option<std::path::PathBuf>,
    /// With --ptn: the position after this many plies (default: the last).
    #[arg(long, requires = "ptn")]
    ply: Option<usize>,
    /// The longest win looked for, in plies: odd, since a win of the side to
    /// move comes on its own ply (1, 3, 5, … 99).
    #[arg(long, default_value_t = 15, value_parser = odd_plies)]
    max_plies: u32,
    /// Stop after about this many nodes.
    #[arg(long, conflicts_with = "time")]
    nodes: Option<u64>,
    /// Stop after about this many milliseconds.
    #[arg(long)]
    time: Option<u64>,
    /// Exact search: try every attacker move, not only those that keep a threat.
    #[arg(long)]
    all: bool,
    /// Count wins on flats too (komi matters).
    #[arg(long)]
    flats: bool,
    /// Half-komi K (komi K/2 flats for Black); the PTN file's Komi tag otherwise.
    #[arg(long, allow_hyphen_values = true, value_parser = super::option_range("HalfKomi"))]
    halfkomi: Option<i64>,
    /// Also list first moves that win in more plies than the shortest, up to
    /// --max-plies.
    #[arg(long)]
    any_length: bool,
    /// Table size in MiB.
    #[arg(long, default_value_t = super::option_default("Hash"), value_parser = super::option_range("Hash"))]
    hash: i64,
}

fn load(args: &TinueArgs) -> Result<Position, String> {
    let mut pos = match &args.ptn {
        Some(path) => super::game_from_ptn(path, args.ply)?.position().clone(),
        None if args.tps.is_empty() => return Err("give a TPS or --ptn FILE".to_string()),
        None => parse_tps(&args.tps.join(" ")).map_err(|e| format!("bad TPS: {e}"))?,
    };
    if let Some(k) = args.halfkomi {
        pos.set_half_komi(k as i32);
    }
    Ok(pos)
}

/// `--max-plies`: an odd length from 1 to 99. An even one is refused rather
/// than searched one ply shorter.
fn odd_plies(text: &str) -> Result<u32, String> {
    let plies: u32 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of plies"))?;
    if !(1..=99).contains(&plies) {
        return Err(format!("{plies} is not within 1..=99"));
    }
    if plies.is_multiple_of(2) {
        return Err(format!(
            "{plies} is even: a win of the side to move comes on its own ply, so the \
             lengths are odd (try {} or {})",
            plies - 1,
            plies + 1
        ));
    }
    Ok(plies)
}

fn print_report(pos: &Position, args: &TinueArgs, report: &TinueReport) {
    let side = if pos.to_move() == Color::White {
        "White"
    } else {
        "Black"
    };
    let goal = if args.flats { "win" } else { "road" };
    let scope = if report.restricted {
        "threats only: every attacker move keeps a road threat, so a proof stands but \
         \"not proven\" means no tinuë by threats (--all for an exact search)"
    } else {
        "exact: every move of both sides"
    };
    println!("side to move: {side}; search: {scope}");
    match report.verdict {
        Verdict::Proven { plies } => {
            let kind = match report.kind {
                Some(WinKind::Flats) => "flats",
                _ => "road",
            };
            println!("verdict: proven, {side} forces a win in {plies} plies (kind: {kind})");
            let complete = if report.listing_complete {
                ""
            } else {
                " (the budget ran out: the list is incomplete)"
            };
            println!("winning first moves: {}{complete}", report.winning.len());
            for w in &report.winning {
                let line: Vec<String> = w.line.iter().map(|&m| move_to_ptn(m)).collect();
                println!(
                    "  {:<10} {:>2} plies  {}",
                    move_to_ptn(w.mv),
                    w.plies,
                    line.join(" ")
                );
            }
        }
        Verdict::Disproven => println!(
            "verdict: not proven, no forced {goal} within {} plies",
            args.max_plies
        ),
        Verdict::Unknown { searched } => println!(
            "verdict: unknown, the budget ran out (no forced {goal} within {searched} plies)"
        ),
    }
    println!(
        "nodes {} time_ms {} verdict_ms {} table {}‰",
        report.nodes, report.time_ms, report.verdict_ms, report.table_permille
    );
}

/// Runs the command; `Ok(true)` when a win was proven.
pub fn run(args: &TinueArgs) -> Result<bool, String> {
    let pos = load(args)?;
    let options = TinueOptions {
        max_plies: args.max_plies,
        exact: args.all,
        goal: if args.flats {
            Goal::RoadOrFlats
        } else {
            Goal::Road
        },
        nodes: args.nodes,
        time_ms: args.time,
        table_mib: args.hash as usize,
        any_length: args.any_length,
    };
    let stop = AtomicBool::new(false);
    let report = solve(&pos, &options, &stop)?;
    print_report(&pos, args, &report);
    Ok(matches!(report.verdict, Verdict::Proven { .. }))
}
