//! Opening books for matches on sizes without a shared book: random flat openings,
//! one per position up to the board's eight symmetries, kept when a fixed-node
//! search scores them close to even. Written in racetrack's `move-list` format.

use crate::tune::selfplay::random_opening;
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
    pub size: usize,
    pub half_komi: i32,
    /// Openings wanted.
    pub count: usize,
    /// Flat placements per opening (the first two are the swap plies).
    pub plies: usize,
    /// Search nodes spent judging each opening.
    pub nodes: u64,
    /// Largest absolute score kept, in centiflats for the side to move.
    pub max_score: i32,
    pub seed: u64,
}

/// One kept opening: its moves in PTN and the score that admitted it.
#[derive(Clone, Debug, PartialEq)]
pub struct Opening {
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

/// The flats of a flat-only position as (file, rank, colour), canonical over the
/// eight symmetries of the square: the smallest sorted image.
fn canonical_key(game: &Game, size: usize) -> Vec<(usize, usize, usize)> {
    let pos = game.position();
    let last = size - 1;
    let mut flats = Vec::new();
    for (c, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for sq in pos.flats(color).squares() {
            flats.push((sq.file(), sq.rank(), c));
        }
    }
    (0..8)
        .map(|t| {
            let mut image: Vec<_> = flats
                .iter()
                .map(|&(f, r, c)| {
                    let (f, r) = symmetry(t, last, f, r);
                    (f, r, c)
                })
                .collect();
            image.sort_unstable();
            image
        })
        .min()
        .unwrap_or_default()
}

/// The image of (file, rank) under the `t`-th symmetry of a board whose last
/// index is `last`: four reflections, then the same after a transpose.
fn symmetry(t: usize, last: usize, file: usize, rank: usize) -> (usize, usize) {
    let (f, r) = if t >= 4 { (rank, file) } else { (file, rank) };
    match t % 4 {
        0 => (f, r),
        1 => (last - f, r),
        2 => (f, last - r),
        _ => (last - f, last - r),
    }
}

/// Draws distinct random openings (distinct up to symmetry), in seed order.
fn candidates(config: &BookConfig, start: &Position, wanted: usize) -> Vec<Game> {
    let mut rng = StdRng::seed_from_u64(config.seed);
    let mut seen = HashSet::new();
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
        if seen.insert(canonical_key(&game, config.size)) {
            games.push(game);
        }
    }
    games
}

/// Makes the book: candidates are judged in parallel, in batches, until `count`
/// are kept or the supply of distinct openings runs out. The same config gives the
/// same book whatever the thread count.
pub fn make_book(config: &BookConfig) -> Result<Vec<Opening>, String> {
    let mut start = Position::start(config.size).ok_or("board size must be 3 to 8")?;
    if config.plies < 2 {
        return Err("an opening needs at least the two swap plies".into());
    }
    start.set_half_komi(config.half_komi);
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
    Err(format!(
        "only {} of {} openings scored within {} (raise --max-score or lower --plies)",
        kept.len(),
        config.count,
        config.max_score
    ))
}

fn judge(config: &BookConfig, game: &Game) -> Option<Opening> {
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        threads: 1,
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
