//! Self-play for the tuner: games of Menhir against itself (or of a teacher TEI
//! engine against itself) at a fixed node count per move, from seeded random flat
//! openings, played in parallel with rayon. Each quiet position (no immediate win
//! for the side to move, and unless `keep_proven` no proven score) is kept with
//! the search's score (with a teacher, Menhir's static evaluation) and the game's
//! result. A proven score is written as the search reports it, beyond
//! ±`PROVEN` (`Score::is_proven`: a win or loss so many plies on).
//!
//! Game `i` depends on the seed and `i` alone, so a run can be cut into shards
//! (`first_game`) played anywhere: shard k of g games each plays games
//! k·g to k·g + g − 1, and the shards' files concatenated are the file one run
//! of all the games would write.

use super::progress::Progress;
use super::teacher::Teacher;
use menhir::board::{Color, PieceKind, Position, MAX_SIZE, MIN_SIZE};
use menhir::board::{GameResult, Move};
use menhir::engine::{Engine, EngineOptions};
use menhir::eval::evaluate;
use menhir::game::Game;
use menhir::movegen::MoveList;
use menhir::notation::write_tps;
use menhir::search::Limits;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;
use std::path::PathBuf;

/// What to play.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Board size.
    pub size: usize,
    /// Half-komi of every game.
    pub half_komi: i32,
    /// Games to play.
    pub games: usize,
    /// The index of the first game (a shard's offset): games `first_game` to
    /// `first_game + games - 1` are played.
    pub first_game: usize,
    /// Search nodes per move.
    pub nodes: u64,
    /// Random flat placements before the engine takes over.
    pub random_plies: usize,
    /// Games longer than this are scored as draws.
    pub max_plies: usize,
    /// Seed of the openings (game i uses a seed derived from it and i).
    pub seed: u64,
    /// Transposition table per game, in MiB.
    pub hash_mib: usize,
    /// A TEI engine that plays the games instead of Menhir (`None`: Menhir).
    pub teacher: Option<PathBuf>,
    /// Keep positions whose search proved a win or loss (without it they are
    /// left out, and a network never sees a decided position that the search
    /// needs more than one ply to finish).
    pub keep_proven: bool,
}

/// One kept position.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Which game the position came from (its index).
    pub game: usize,
    /// 1 White won, 0.5 draw, 0 Black won.
    pub result: f64,
    /// The search score from White's point of view, in centiflats.
    pub score: i32,
    /// Half-komi of the game.
    pub half_komi: i32,
    /// The position as TPS.
    pub tps: String,
    /// The teacher's win probability for White, 0 to 1, when a teacher played
    /// the game and reported one.
    pub teacher: Option<f64>,
}

impl Sample {
    /// One tab-separated line: game, result, score, half-komi, TPS, and the
    /// teacher's win probability for White when there is one.
    pub fn to_line(&self) -> String {
        let line = format!(
            "{}\t{}\t{}\t{}\t{}",
            self.game, self.result, self.score, self.half_komi, self.tps
        );
        match self.teacher {
            Some(p) => format!("{line}\t{p:.3}"),
            None => line,
        }
    }

    /// Reads a line written by `to_line`.
    pub fn from_line(line: &str) -> Result<Sample, String> {
        let fields: Vec<&str> = line.split('\t').collect();
        let (game, result, score, half_komi, tps, teacher) = match fields[..] {
            [g, r, s, h, t] => (g, r, s, h, t, None),
            [g, r, s, h, t, p] => (g, r, s, h, t, Some(p)),
            _ => {
                return Err(format!(
                    "expected 5 or 6 tab-separated fields, found {}",
                    fields.len()
                ))
            }
        };
        let number = |what: &str, text: &str| format!("bad {what} '{text}'");
        let teacher = teacher
            .map(|p| {
                p.parse::<f64>()
                    .ok()
                    .filter(|p| (0.0..=1.0).contains(p))
                    .ok_or_else(|| number("teacher probability", p))
            })
            .transpose()?;
        Ok(Sample {
            game: game.parse().map_err(|_| number("game", game))?,
            result: result.parse().map_err(|_| number("result", result))?,
            score: score.parse().map_err(|_| number("score", score))?,
            half_komi: half_komi
                .parse()
                .map_err(|_| number("half-komi", half_komi))?,
            tps: tps.to_string(),
            teacher,
        })
    }
}

/// The start position of board size `size` with `half_komi`.
pub fn start_position(size: usize, half_komi: i32) -> Result<Position, String> {
    let mut pos = Position::start(size)
        .ok_or_else(|| format!("board size must be {MIN_SIZE} to {MAX_SIZE}, not {size}"))?;
    pos.set_half_komi(half_komi);
    Ok(pos)
}

/// Plays `config.games` games in parallel; samples come back in game order, so a
/// seed gives the same file whatever the thread count.
pub fn play(config: &SelfPlay) -> Result<Vec<Sample>, String> {
    let start = start_position(config.size, config.half_komi)?;
    if let Some(path) = &config.teacher {
        // Fail once, clearly, rather than once a game.
        Teacher::start(path, config.size, config.half_komi, config.nodes)?;
    }
    let progress = Progress::new("self-play games", config.games);
    let first = config.first_game;
    let games: Vec<Vec<Sample>> = (first..first + config.games)
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
    match game.result().and_then(GameResult::winner) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    }
}

/// Plays random flat placements; false when the game ended during them.
pub fn random_opening(game: &mut Game, plies: usize, rng: &mut StdRng) -> bool {
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

/// One ply chosen for a self-play game: the move, and the score from White's
/// point of view when the position is worth keeping (not proven).
struct Choice {
    mv: Move,
    white_score: Option<i32>,
    /// The teacher's win probability for White, if it gave one.
    white_win: Option<f64>,
}

/// Who chooses the moves of one game.
enum Player {
    Menhir(Box<Engine>),
    Teacher(Box<Teacher>),
}

impl Player {
    fn new(config: &SelfPlay) -> Result<Player, String> {
        match &config.teacher {
            None => {
                let mut engine = Engine::new(EngineOptions {
                    hash_mib: config.hash_mib,
                    threads: 1,
                    // Labels must not lean towards either side's view of a draw.
                    contempt: 0,
                    ..EngineOptions::default()
                });
                // Both sides' moves: none may depend on the read before it.
                engine.set_carrying(false);
                Ok(Player::Menhir(Box::new(engine)))
            }
            Some(path) => Ok(Player::Teacher(Box::new(Teacher::start(
                path,
                config.size,
                config.half_komi,
                config.nodes,
            )?))),
        }
    }

    /// The move in `game`; `None` ends the game early (search or teacher failed).
    fn choose(&mut self, config: &SelfPlay, game: &Game) -> Option<Choice> {
        let pos = game.position();
        let white = if pos.to_move() == Color::White { 1 } else { -1 };
        match self {
            Player::Menhir(engine) => {
                let limits = Limits {
                    nodes: Some(config.nodes),
                    ..Limits::default()
                };
                engine.set_game(game.clone());
                let info = engine.think(limits, &|_| {}).ok()?.summary?;
                let mv = *info.pv.first()?;
                let kept = config.keep_proven || !info.score.is_proven();
                let white_score = kept.then_some(white * info.score.0);
                Some(Choice {
                    mv,
                    white_score,
                    white_win: None,
                })
            }
            Player::Teacher(teacher) => match teacher.choose(game) {
                Ok((mv, win)) => Some(Choice {
                    mv,
                    white_score: Some(white * evaluate(pos).0),
                    white_win: win.map(|p| {
                        let p = if white == 1 { p } else { 1.0 - p };
                        // As the position file keeps it, so samples read back equal.
                        (p * 1000.0).round() / 1000.0
                    }),
                }),
                Err(e) => {
                    log::warn!("teacher game abandoned: {e}");
                    None
                }
            },
        }
    }
}

fn play_one(config: &SelfPlay, start: &Position, index: usize) -> Vec<Sample> {
    let mut rng =
        StdRng::seed_from_u64(config.seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut game = Game::new(start.clone());
    if !random_opening(&mut game, config.random_plies, &mut rng) {
        return Vec::new();
    }
    let mut player = match Player::new(config) {
        Ok(p) => p,
        Err(e) => {
            log::warn!("game {index} not played: {e}");
            return Vec::new();
        }
    };
    let mut kept = Vec::new();
    let mut scratch = MoveList::new();
    while game.result().is_none() && game.moves().len() < config.max_plies {
        let Some(choice) = player.choose(config, &game) else {
            // An unfinished game has no result to learn from.
            return Vec::new();
        };
        let pos = game.position();
        let quiet = !pos.in_swap() && pos.clone().winning_move(&mut scratch).is_none();
        if let (true, Some(score)) = (quiet, choice.white_score) {
            kept.push(Sample {
                game: index,
                result: 0.5,
                score,
                half_komi: config.half_komi,
                tps: write_tps(pos),
                teacher: choice.white_win,
            });
        }
        if game.play(choice.mv).is_err() {
            return Vec::new();
        }
    }
    let result = white_result(&game);
    for s in &mut kept {
        s.result = result;
    }
    kept
}
