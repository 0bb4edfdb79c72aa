//! `menhir bench`: a fixed-depth search of the bench positions on one thread with
//! a fresh table; the node total is the search's signature.

use clap::Args;
use menhir::notation::parse_tps;
use menhir::search::Limits;
use menhir::{Engine, EngineOptions, Game};
use std::time::Instant;

#[derive(Args)]
pub struct BenchArgs {
    /// Nominal search depth for every position.
    #[arg(long, short, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
}

/// Positions of several sizes and phases (starts, openings, real midgames).
pub const BENCH_POSITIONS: [(&str, i32); 10] = [
    ("x5/x5/x5/x5/x5 1 1", 4),
    ("x6/x6/x6/x6/x6/x6 1 1", 4),
    ("x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6", 4),
    ("2,x4/x3,211C,x/x2,1S,2,x/2C,x,1,2S,x/2S,1,x,1S,1 2 10", 4),
    ("2,2,x2,1/2,2,x,1,1/1221S,1,122221C,x,1/1,12,x,2C,2/1S,2,2,x2 1 20", 4),
    ("2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21", 4),
    ("2,2,2222221C,x3/2,2,2S,12121S,x,2/2,2,1,1,1,1/x,1S,111112C,1,1,x/1,12112S,x4/x,2,x3,1 1 31", 4),
    ("x3,11S,x2/x6/2,x5/x,2S,x,1,2S,x/x4,2S,x/x,2C,x2,1C,x 1 6", 4),
    ("x2,1,x4,2S/x3,2C,2,x3/x8/x2,1C,x,2,1C,1,x/2,2,x3,2C,1,2/x,2,x6/x,1S,x,2,11121,2,x2/x4,2S,x,1S,x 1 24", 0),
    ("x4/1,x,1,1/2,21,2,2/x4 1 6", 0),
];

pub fn run(args: &BenchArgs) -> Result<(), String> {
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        threads: 1,
        ..EngineOptions::default()
    });
    let mut total_nodes = 0u64;
    let start = Instant::now();
    for (i, (tps, half_komi)) in BENCH_POSITIONS.iter().enumerate() {
        let mut pos = parse_tps(tps).map_err(|e| format!("bench position {i}: {e}"))?;
        pos.set_half_komi(*half_komi);
        engine.set_game(Game::new(pos));
        engine.clear_hash();
        let limits = Limits {
            depth: Some(args.depth),
            ..Limits::default()
        };
        let info = engine
            .think(limits, &|_| {})?
            .summary
            .ok_or("the search reported nothing")?;
        total_nodes += info.nodes;
        log::info!(
            "position {:2}: depth {} score {} nodes {} time {} ms",
            i + 1,
            info.depth,
            info.score.0,
            info.nodes,
            info.time_ms
        );
    }
    let seconds = start.elapsed().as_secs_f64();
    let nps = (total_nodes as f64 / seconds.max(1e-9)) as u64;
    println!("{total_nodes} nodes {nps} nps");
    Ok(())
}
