//! Tactical test positions (`bench-positions/tactics-public.tsv`): reading them and
//! checking whether a search's move is among the exact solutions.

use crate::board::Move;
use crate::board::Position;
use crate::engine::{Engine, EngineOptions};
use crate::game::Game;
use crate::notation::{parse_move, parse_tps};
use crate::search::Limits;

/// One tactical position.
#[derive(Clone, Debug)]
pub struct Tactic {
    /// The position's identifier in the file.
    pub id: String,
    /// Board size.
    pub size: usize,
    /// Half-komi of the position.
    pub half_komi: i32,
    /// `win1`, `win3`, `win5` or `defend`.
    pub kind: String,
    /// The position, side to move to solve it.
    pub position: Position,
    /// Every move that solves it, and no other.
    pub solutions: Vec<Move>,
}

/// Reads the TSV (header first). Errors name the line.
pub fn parse_tactics(text: &str) -> Result<Vec<Tactic>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate().skip(1) {
        if line.trim().is_empty() {
            continue;
        }
        let bad = |what: &str| format!("tactics line {}: {what}", i + 1);
        let cells: Vec<&str> = line.split('\t').collect();
        if cells.len() < 6 {
            return Err(bad("expected at least 6 tab-separated columns"));
        }
        let size: usize = cells[1].parse().map_err(|_| bad("bad size"))?;
        let half_komi: i32 = cells[2].parse().map_err(|_| bad("bad half_komi"))?;
        let mut position = parse_tps(cells[4]).map_err(|e| bad(&e.to_string()))?;
        if position.size() != size {
            return Err(bad("TPS size differs from the size column"));
        }
        position.set_half_komi(half_komi);
        let solutions = cells[5]
            .split_whitespace()
            .map(|t| parse_move(t, size).map_err(|e| bad(&e.to_string())))
            .collect::<Result<Vec<_>, _>>()?;
        out.push(Tactic {
            id: cells[0].to_string(),
            size,
            half_komi,
            kind: cells[3].to_string(),
            position,
            solutions,
        });
    }
    Ok(out)
}

/// Searches `tactic` within `limits` with `engine` (its table cleared first);
/// returns the move played.
pub fn solve(tactic: &Tactic, limits: Limits, engine: &mut Engine) -> Option<Move> {
    engine.set_game(Game::new(tactic.position.clone()));
    engine.clear_hash();
    engine.think(limits, &|_| {}).ok()?.best
}

/// `solve` with a fixed move time, on one thread with a fresh table of
/// `hash_mib`.
pub fn solve_for(tactic: &Tactic, movetime_ms: u64, hash_mib: usize) -> Option<Move> {
    let limits = Limits {
        movetime: Some(movetime_ms),
        ..Limits::default()
    };
    let mut engine = Engine::new(EngineOptions {
        hash_mib,
        ..EngineOptions::default()
    });
    solve(tactic, limits, &mut engine)
}
