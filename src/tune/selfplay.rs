//! Self-play for the tuner: games of Menhir against itself at a fixed node count
//! per move, from seeded random flat openings, played in parallel with rayon. Each
//! quiet position (no immediate win for the side to move, no proven score) is
//! kept with the search's score and the game's result.

use super::progress::Progress;
use crate::board::{Color, PieceKind, Position};
use crate::game::Game;
use crate::movegen::MoveList;
use crate::notation::write_tps;
use crate::search::{search_quietly, Limits, TranspositionTable};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    pub size: usize,
    pub half_komi: i32,
    pub games: usize,
    /// Search nodes per move.
    pub nodes: u64,
    /// Random flat placements before the engine takes over.
    pub random_plies: usize,
    /// Games longer than this are scored as draws.
    pub max_plies: usize,
    pub seed: u64,
    pub hash_mib: usize,
}

/// One kept position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    pub game: usize,
    /// 1 White won, 0.5 draw, 0 Black won.
    pub result: f64,
    /// The search score from White's point of view, in centiflats.
    pub score: i32,
    pub half_komi: i32,
    pub tps: String,
}

impl Sample {
    /// One tab-separated line: game, result, score, half-komi, TPS.
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}",
            self.game, self.result, self.score, self.half_komi, self.tps
        )
    }

    /// Reads a line written by `to_line`.
    pub fn from_line(line: &str) -> Result<Sample, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let [game, result, score, half_komi, tps] = fields[..] else {
            return Err(format!(
                "expected 5 tab-separated fields, found {}",
                fields.len()
            ));
        };
        let number = |what: &str, text: &str| format!("bad {what} '{text}'");
        Ok(Sample {
            game: game.parse().map_err(|_| number("game", game))?,
            result: result.parse().map_err(|_| number("result", result))?,
            score: score.parse().map_err(|_| number("score", score))?,
            half_komi: half_komi
                .parse()
                .map_err(|_| number("half-komi", half_komi))?,
            tps: tps.to_string(),
        })
    }
}

/// Plays `config.games` games in parallel; samples come back in game order, so a
/// seed gives the same file whatever the thread count.
pub fn play(config: &SelfPlay) -> Result<Vec<Sample>, String> {
    let start = Position::start(config.size).ok_or("board size must be 3 to 8")?;
    let progress = Progress::new("self-play games", config.games);
    let games: Vec<Vec<Sample>> = (0..config.games)
        .into_par_iter()
        .map(|i| {
            let samples = play_one(config, &start, i);
            progress.tick();
            samples
        })
        .collect();
    Ok(games.into_iter().flatten().collect())
}

/// White's score for a finished game.
fn white_result(game: &Game) -> f64 {
    match game.result().and_then(|r| r.winner()) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    }
}

/// Plays random flat placements; false when the game ended during them.
pub(crate) fn random_opening(game: &mut Game, plies: usize, rng: &mut StdRng) -> bool {
    let mut moves = MoveList::new();
    for _ in 0..plies {
        game.position().legal_moves(&mut moves);
        moves.retain(|m| !m.is_spread() && m.kind() == PieceKind::Flat);
        if moves.is_empty() {
            return false;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        if game.play(mv).is_err() || game.result().is_some() {
            return false;
        }
    }
    true
}

fn play_one(config: &SelfPlay, start: &Position, index: usize) -> Vec<Sample> {
    let mut rng =
        StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut start = start.clone();
    start.set_half_komi(config.half_komi);
    let mut game = Game::new(start);
    if !random_opening(&mut game, config.random_plies, &mut rng) {
        return Vec::new();
    }
    let tt = TranspositionTable::new(config.hash_mib);
    let mut kept = Vec::new();
    let mut scratch = MoveList::new();
    while game.result().is_none() && game.moves().len() < config.max_plies {
        let pos = game.position();
        let limits = Limits {
            nodes: Some(config.nodes),
            ..Limits::default()
        };
        let Some(info) = search_quietly(pos, game.repetition_history(), limits, &tt) else {
            break;
        };
        let Some(&mv) = info.pv.first() else { break };
        let quiet = !pos.in_swap()
            && !info.score.is_proven()
            && pos.clone().winning_move(&mut scratch).is_none();
        if quiet {
            let white = pos.to_move() == Color::White;
            kept.push(Sample {
                game: index,
                result: 0.5,
                score: if white { info.score.0 } else { -info.score.0 },
                half_komi: config.half_komi,
                tps: write_tps(pos),
            });
        }
        if game.play(mv).is_err() {
            break;
        }
    }
    let result = white_result(&game);
    for s in &mut kept {
        s.result = result;
    }
    kept
}
