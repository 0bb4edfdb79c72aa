//! `menhir perft`: perft counts per depth, `--divide`, `--full`, `--threads`, and
//! `--bench`, the move generator's benchmark.

use clap::Args;
use menhir::board::{MAX_SIZE, MIN_SIZE};
use menhir::movegen::{perft, perft_divide, PerftMode};
use menhir::notation::{move_to_ptn, parse_tps};
use menhir::Position;
use std::time::Instant;

#[derive(Args)]
pub struct PerftArgs {
    /// Deepest depth to count (every depth from 1 up to it is printed).
    #[arg(long, short, default_value_t = 4, value_parser = clap::value_parser!(u32).range(0..=12))]
    depth: u32,
    /// Board size of the start position (3-8).
    #[arg(long, short, default_value_t = 6, value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64))]
    size: u8,
    /// Count from this position instead of the start position.
    #[arg(long)]
    tps: Option<String>,
    /// Print the count under each root move, at the deepest depth only.
    #[arg(long)]
    divide: bool,
    /// Make and unmake every leaf instead of counting the last ply in bulk.
    #[arg(long)]
    full: bool,
    /// Split the root over this many threads.
    #[arg(long, short, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Run the benchmark: 6x6 start at depth 5 and the 6x6 real-game positions at
    /// depth 4, one thread, bulk and full.
    #[arg(long, conflicts_with_all = ["tps", "divide"])]
    bench: bool,
}

/// 6x6 positions from real games (perft.tsv), used by `--bench` at depth 4.
const BENCH_MIDGAMES: [&str; 3] = [
    "2,2,21S,2,2,2/2,x,222221,2,2,x/1,1,2221C,x,111112C,2S/x,1,2S,x2,121211212/1,1,1212S,1S,2,1S/x2,2,1,21,1 1 42",
    "2,2,2222221C,x3/2,2,2S,12121S,x,2/2,2,1,1,1,1/x,1S,111112C,1,1,x/1,12112S,x4/x,2,x3,1 1 31",
    "x2,21,122,1121S,112S/1S,x,1112,x,2S,x/112C,2S,x,1222221C,2,x/2,x2,1,2121S,x/112,1112111112S,x3,221S/2,2,x2,21,2 1 56",
];

fn report(depth: u32, nodes: u64, seconds: f64) -> String {
    let mnps = if seconds > 0.0 {
        nodes as f64 / seconds / 1e6
    } else {
        0.0
    };
    format!(
        "depth {depth} nodes {nodes} time_ms {} mnps {mnps:.1}",
        (seconds * 1000.0).round() as u64
    )
}

pub fn run(args: &PerftArgs) -> Result<(), String> {
    let mode = if args.full {
        PerftMode::Full
    } else {
        PerftMode::Bulk
    };
    if args.bench {
        return bench();
    }
    let pos = match &args.tps {
        Some(tps) => parse_tps(tps).map_err(|e| format!("bad --tps: {e}"))?,
        None => {
            Position::start(args.size as usize).expect("clap limits the size to the supported ones")
        }
    };
    let threads = args.threads as usize;
    if args.divide {
        let start = Instant::now();
        let rows = perft_divide(&pos, args.depth, mode, threads);
        let total: u64 = rows.iter().map(|(_, n)| n).sum();
        for (mv, n) in rows {
            println!("{} {n}", move_to_ptn(mv));
        }
        println!(
            "{}",
            report(args.depth, total, start.elapsed().as_secs_f64())
        );
        return Ok(());
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let nodes = perft(&pos, depth, mode, threads);
        println!("{}", report(depth, nodes, start.elapsed().as_secs_f64()));
    }
    Ok(())
}

fn bench() -> Result<(), String> {
    let start6 = Position::start(6).expect("6 is a supported size");
    let mut cases = vec![("6x6 start".to_string(), start6, 5)];
    for (i, tps) in BENCH_MIDGAMES.iter().enumerate() {
        let pos = parse_tps(tps).map_err(|e| format!("bench position {i}: {e}"))?;
        cases.push((format!("6x6 game {}", i + 1), pos, 4));
    }
    for mode in [PerftMode::Bulk, PerftMode::Full] {
        let mut total_nodes = 0;
        let mut total_seconds = 0.0;
        for (name, pos, depth) in &cases {
            let start = Instant::now();
            let nodes = perft(pos, *depth, mode, 1);
            let seconds = start.elapsed().as_secs_f64();
            total_nodes += nodes;
            total_seconds += seconds;
            println!("{mode:?} {name}: {}", report(*depth, nodes, seconds));
        }
        println!("{mode:?} total: {}", report(0, total_nodes, total_seconds));
    }
    Ok(())
}
