//! Opening books for matches on sizes without a shared book: random flat openings,
//! one per position up to the board's eight symmetries, kept when a fixed-node
//! search scores them close to even. Written in racetrack's `move-list` format.

use crate::tune::selfplay::{random_opening, start_position};
use crate::tune::symmetry::symmetries;
use menhir::board::{Color, Position};
use menhir::engine::{Engine, EngineOptions};
use menhir::game::Game;
use menhir::notation::move_to_ptn;
use menhir::search::Limits;
use rand::rngs::StdRng;
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashSet;

/// What book to make.
#[derive(Clone, Debug)]
pub struct BookConfig {
    /// Board size.
    pub size: usize,
    /// Half-komi the openings are judged with.
    pub half_komi: i32,
    /// Openings wanted.
    pub count: usize,
    /// Flat placements per opening (the first two are the swap plies).
    pub plies: usize,
    /// Search nodes spent judging each opening.
    pub nodes: u64,
    /// Largest absolute score kept, in centiflats for the side to move.
    pub max_score: i32,
    /// Seed of the random openings (the same seed gives the same book).
    pub seed: u64,
    /// Keep every opening that qualifies when fewer than `count` do (a small
    /// board has few distinct openings), instead of failing.
    pub fewer_ok: bool,
}

/// One kept opening: its moves in PTN and the score that admitted it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
    /// The plies, in PTN.
    pub moves: Vec<String>,
    /// The search score for White, in centiflats.
    pub white_score: i32,
}

impl Opening {
    /// The book line: moves separated by spaces.
    pub fn line(&self) -> String {
        self.moves.join(" ")
    }
}

/// The flats of a flat-only position as (square index, colour), canonical
/// over the board's eight symmetries: the smallest sorted image.
fn canonical_key(game: &Game, maps: &[[u8; 64]; 8]) -> Vec<(u8, usize)> {
    let pos = game.position();
    let mut flats = Vec::new();
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        flats.extend(pos.flats(color).squares().map(|sq| (sq.index(), c)));
    }
    maps.iter()
        .map(|map| {
            let mut image: Vec<_> = flats.iter().map(|&(i, c)| (map[i], c)).collect();
            image.sort_unstable();
            image
        })
        .min()
        .unwrap_or_default()
}

/// Draws distinct random openings (distinct up to symmetry), in seed order.
fn candidates(config: &BookConfig, start: &Position, wanted: usize) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut seen = HashSet::new();
    let maps = symmetries(config.size);
    let mut games = Vec::new();
    let attempts = wanted.saturating_mul(50).max(1000);
    for _ in 0..attempts {
        if games.len() == wanted {
            break;
        }
        let mut game = Game::new(start.clone());
        if !random_opening(&mut game, config.plies, &mut rng) {
            continue;
        }
        if seen.insert(canonical_key(&game, &maps)) {
            games.push(game);
        }
    }
    games
}

/// Makes the book: candidates are judged in parallel, in batches, until `count`
/// are kept or the supply of distinct openings runs out. The same config gives the
/// same book whatever the thread count.
pub fn make_book(config: &BookConfig) -> Result<Vec<Opening>, String> {
    let start = start_position(config.size, config.half_komi)?;
    if config.plies < 2 {
        return Err("an opening needs at least the two swap plies".into());
    }
    // Ask for several times the count: most random openings are not even.
    let pool = candidates(config, &start, config.count.saturating_mul(8));
    let mut kept = Vec::new();
    for batch in pool.chunks(64) {
        let judged: Vec<Option<Opening>> = batch.par_iter().map(|g| judge(config, g)).collect();
        kept.extend(judged.into_iter().flatten());
        if kept.len() >= config.count {
            kept.truncate(config.count);
            return Ok(kept);
        }
    }
    if config.fewer_ok && !kept.is_empty() {
        return Ok(kept);
    }
    Err(format!(
        "only {} of {} openings scored within {} (raise --max-score, lower --plies or give --fewer-ok)",
        kept.len(),
        config.count,
        config.max_score
    ))
}

fn judge(config: &BookConfig, game: &Game) -> Option<Opening> {
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        threads: 1,
        // Scores here must read a draw as level, whoever is to move.
        contempt: 0,
        ..EngineOptions::default()
    });
    let limits = Limits {
        nodes: Some(config.nodes),
        ..Limits::default()
    };
    let pos = game.position();
    engine.set_game(game.clone());
    let info = engine.think(limits, &|_| {}).ok()?.summary?;
    let score = info.score.0;
    if info.score.is_proven() || score.abs() > config.max_score {
        return None;
    }
    let white = pos.to_move() == Color::White;
    Some(Opening {
        moves: game.moves().iter().map(|&m| move_to_ptn(m)).collect(),
        white_score: if white { score } else { -score },
    })
}
