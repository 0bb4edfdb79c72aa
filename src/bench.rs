//! The bench: a fixed-depth search of twelve positions (several sizes, starts,
//! openings and real middlegames) on one thread, each with a fresh table. Its
//! node total is the search's signature: any change of play changes it, so a
//! commit that changes play updates `SIGNATURE` in the same commit (the test
//! `tests/bench.rs` holds the two together), and a commit that should not
//! change play shows it did not.

use crate::clock::Instant;
use crate::engine::{Engine, EngineOptions};
use crate::game::Game;
use crate::notation::parse_tps;
use crate::search::Limits;

/// The node total of `run(DEPTH)`: the one place it is recorded.
pub const SIGNATURE: u64 = 118_606;

/// The depth the signature is taken at (`menhir bench` without `--depth`).
pub const DEPTH: u32 = 6;

/// Positions of several sizes and phases, with their half-komi.
pub const POSITIONS: [(&str, i32); 12] = [
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
    ("x4/2,x3/12,1,1,1/212,x3 1 7", 4),
    (
        "x3,2,2,1,x/2,2C,2,2,x3/x7/x2,1C,2C,x3/x2,1,1,2,2,x/1,1,1C,1,2,112,1/x4,1,1,x 1 14",
        4,
    ),
];

/// One position's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BenchLine {
    /// Depth reached (the requested one unless the game ends sooner).
    pub depth: u32,
    /// Score in centiflats for the side to move.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds taken.
    pub time_ms: u64,
}

/// The whole bench.
#[derive(Clone, Debug)]
pub struct BenchResult {
    /// Each position's line, in order.
    pub lines: Vec<BenchLine>,
    /// Nodes over all positions: the signature at `DEPTH`.
    pub nodes: u64,
    /// Seconds over all positions.
    pub seconds: f64,
}

impl BenchResult {
    /// Nodes per second over the whole run.
    pub fn nps(&self) -> u64 {
        (self.nodes as f64 / self.seconds.max(1e-9)) as u64
    }
}

/// Searches every bench position to `depth` on one thread, each from an
/// empty 16 MiB table.
pub fn run(depth: u32) -> Result<BenchResult, String> {
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        threads: 1,
        multipv: 1,
        ..EngineOptions::default()
    });
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let start = Instant::now();
    let mut lines = Vec::with_capacity(POSITIONS.len());
    for (i, (tps, half_komi)) in POSITIONS.iter().enumerate() {
        let mut pos = parse_tps(tps).map_err(|e| format!("bench position {}: {e}", i + 1))?;
        pos.set_half_komi(*half_komi);
        engine.set_game(Game::new(pos));
        engine.clear_hash();
        let info = engine
            .think(limits.clone(), &|_| {})?
            .summary
            .ok_or_else(|| format!("bench position {}: the search reported nothing", i + 1))?;
        lines.push(BenchLine {
            depth: info.depth,
            score: info.score.0,
            nodes: info.nodes,
            time_ms: info.time_ms,
        });
    }
    Ok(BenchResult {
        nodes: lines.iter().map(|l| l.nodes).sum(),
        lines,
        seconds: start.elapsed().as_secs_f64(),
    })
}
