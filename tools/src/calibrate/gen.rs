//! Calibration games: Menhir against itself from a book's openings at a fixed
//! node count a move. Every position is kept with the score the engine reports
//! it by (`SearchInfo::reported`, what `cp` and `wdl` are read from) — those of
//! the opening too, searched but then played as the book says — and when the
//! game ends each learns its outcome and the final flat margin, all from the
//! side to move.

use crate::tune::progress::Progress;
use crate::tune::teacher::Teacher;
use menhir::board::{Color, GameResult, Position, MAX_SIZE, MIN_SIZE};
use menhir::engine::{Engine, EngineOptions};
use menhir::game::Game;
use menhir::notation::{write_tps, PlayPtn};
use menhir::search::Limits;
use rayon::prelude::*;
use std::path::PathBuf;

/// What games to play.
#[derive(Clone, Debug)]
pub struct CalibrationGames {
    /// Board size.
    pub size: usize,
    /// Half-komi of every game.
    pub half_komi: i32,
    /// The openings, one line of PTN plies each; game `i` plays opening
    /// `i % openings.len()`. Each round through the book searches a quarter
    /// more nodes a move, so a repeated opening gives a different game.
    pub openings: Vec<String>,
    /// Games to play.
    pub games: usize,
    /// Search nodes a move.
    pub nodes: u64,
    /// Games longer than this are dropped (no outcome to learn from).
    pub max_plies: usize,
    /// Another TEI engine (a path) that plays one side at `nodes` a move
    /// (`go nodes`); then game `i` plays opening `i / 2`, Menhir is White in the
    /// even games, and only Menhir's positions are kept.
    pub opponent: Option<PathBuf>,
}

/// One position of a calibration game, from the side to move.
#[derive(Clone, Debug, PartialEq)]
pub struct Outlook {
    /// The game's index.
    pub game: usize,
    /// Board size.
    pub size: usize,
    /// Half-komi.
    pub half_komi: i32,
    /// The position as TPS.
    pub tps: String,
    /// The reported score, in the engine's internal units (not proven).
    pub score: i32,
    /// The outcome: 1 won, 0.5 drawn, 0 lost.
    pub result: f64,
    /// The flat margin at the end of the game, komi included, in half-flats.
    pub final_margin: i32,
}

impl Outlook {
    /// The TSV line: game, size, half-komi, score, result, final margin, TPS.
    pub fn to_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.game,
            self.size,
            self.half_komi,
            self.score,
            self.result,
            self.final_margin,
            self.tps
        )
    }

    /// Reads a line written by `to_line`.
    pub fn from_line(line: &str) -> Result<Outlook, String> {
        let cells: Vec<&str> = line.split('\t').collect();
        let [game, size, half_komi, score, result, final_margin, tps] = cells[..] else {
            return Err(format!("expected 7 tab-separated columns: '{line}'"));
        };
        let number = |what: &str, text: &str| format!("bad {what} '{text}'");
        Ok(Outlook {
            game: game.parse().map_err(|_| number("game", game))?,
            size: size.parse().map_err(|_| number("size", size))?,
            half_komi: half_komi
                .parse()
                .map_err(|_| number("half-komi", half_komi))?,
            score: score.parse().map_err(|_| number("score", score))?,
            result: result.parse().map_err(|_| number("result", result))?,
            final_margin: final_margin
                .parse()
                .map_err(|_| number("margin", final_margin))?,
            tps: tps.to_string(),
        })
    }
}

/// Plays the games in parallel; positions come back in game order, so the same
/// configuration gives the same file whatever the thread count.
pub fn play(config: &CalibrationGames) -> Result<Vec<Outlook>, String> {
    if !(MIN_SIZE..=MAX_SIZE).contains(&config.size) {
        return Err(format!("board size {} is not supported", config.size));
    }
    if config.openings.is_empty() {
        return Err("the book holds no opening".into());
    }
    let progress = Progress::new("calibration games", config.games);
    let games: Vec<Vec<Outlook>> = (0..config.games)
        .into_par_iter()
        .map(|i| {
            let kept = play_one(config, i);
            progress.tick();
            kept
        })
        .collect();
    Ok(games.into_iter().flatten().collect())
}

fn play_one(config: &CalibrationGames, index: usize) -> Vec<Outlook> {
    let Some(mut start) = Position::start(config.size) else {
        return Vec::new();
    };
    start.set_half_komi(config.half_komi);
    let mut game = Game::new(start);
    let (book_index, menhir_side) = match config.opponent {
        None => (index, None),
        Some(_) if index.is_multiple_of(2) => (index / 2, Some(Color::White)),
        Some(_) => (index / 2, Some(Color::Black)),
    };
    let opening: Vec<&str> = config.openings[book_index % config.openings.len()]
        .split_whitespace()
        .collect();
    let mut opponent = match &config.opponent {
        Some(path) => match Teacher::start(path, config.size, config.half_komi, config.nodes) {
            Ok(t) => Some(t),
            Err(e) => {
                log::warn!("game {index} not played: {e}");
                return Vec::new();
            }
        },
        None => None,
    };
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        threads: 1,
        // Scores here must read a draw as level, whoever is to move.
        contempt: 0,
        ..EngineOptions::default()
    });
    // Both sides' moves: none may depend on the read before it.
    engine.set_carrying(false);
    let round = (book_index / config.openings.len()) as u64;
    let limits = Limits {
        nodes: Some(config.nodes + round * (config.nodes / 4)),
        ..Limits::default()
    };
    // (position, side to move, score)
    let mut seen: Vec<(String, Color, i32)> = Vec::new();
    while game.result().is_none() {
        if game.moves().len() >= config.max_plies {
            return Vec::new();
        }
        let mover = game.position().to_move();
        let best = match (&mut opponent, menhir_side) {
            (Some(other), Some(side)) if side != mover => match other.choose(&game) {
                Ok((mv, _)) => mv,
                Err(e) => {
                    log::warn!("game {index}: the opponent failed: {e}");
                    return Vec::new();
                }
            },
            _ => {
                engine.set_game(game.clone());
                let Ok(thought) = engine.think(limits.clone(), &|_| {}) else {
                    return Vec::new();
                };
                let (Some(best), Some(summary)) = (thought.best, thought.summary) else {
                    return Vec::new();
                };
                if !summary.reported.is_proven() {
                    seen.push((write_tps(game.position()), mover, summary.reported.0));
                }
                best
            }
        };
        let played = match opening.get(game.moves().len()) {
            Some(ply) => game.play_ptn(ply).map(|_| ()).map_err(|e| e.to_string()),
            None => game.play(best).map_err(|e| e.to_string()),
        };
        if let Err(e) = played {
            log::warn!("game {index}: {e}; game skipped");
            return Vec::new();
        }
    }
    let winner = game.result().and_then(GameResult::winner);
    let white_margin = game.position().flat_margin();
    seen.into_iter()
        .map(|(tps, mover, score)| {
            let result = match winner {
                Some(c) if c == mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            let final_margin = match mover {
                Color::White => white_margin,
                Color::Black => -white_margin,
            };
            Outlook {
                game: index,
                size: config.size,
                half_komi: config.half_komi,
                tps,
                score,
                result,
                final_margin,
            }
        })
        .collect()
}
