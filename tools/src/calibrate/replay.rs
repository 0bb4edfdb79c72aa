//! Replaying finished games through the engine for `calibrate steadiness`, the
//! way PTN Ninja's Analyze Game runs an engine over a game: a fresh engine and
//! `teinewgame` per game, its table kept from one position to the next, each
//! position searched in game order with the game so far (its history included)
//! and the default options, and the `wdl` taken as the engine's `info` line
//! reports it (`SearchInfo::outlook`, proven results included). One difference:
//! the positions before ply `FIRST_PLY` (the swap), which Analyze Game searches
//! too but never compares, are skipped, so the table starts empty there.

use super::steadiness::{Read, ScoredPly, FIRST_PLY};
use crate::tune::progress::Progress;
use menhir::board::Color;
use menhir::engine::{Engine, EngineOptions};
use menhir::eval::outlook::Situation;
use menhir::game::Game;
use menhir::notation::{parse_ptn_games, PtnGame};
use menhir::search::Limits;
use std::path::Path;

/// A game read from PTN, with its result.
#[derive(Clone, Debug)]
pub struct FinishedGame {
    /// The game, every ply played (its start position carries the komi).
    pub game: Game,
    /// The result for White: 1 won, ½ drawn, 0 lost.
    pub result: f64,
}

/// White's score from a PTN result token: `R-0`, `F-0`, `1-0` a win; `0-R`,
/// `0-F`, `0-1` a loss; `1/2-1/2` or `1/2` a draw; anything else unknown.
pub fn result_from_token(token: &str) -> Option<f64> {
    match token.trim() {
        "R-0" | "F-0" | "1-0" => Some(1.0),
        "0-R" | "0-F" | "0-1" => Some(0.0),
        "1/2-1/2" | "1/2" => Some(0.5),
        _ => None,
    }
}

/// White's score in a PTN game: the end on the board if the plies reach one,
/// else the result token after the plies, else the `Result` tag (a game lost
/// on time or adjudicated); `None` when none of them says.
pub fn white_result(ptn: &PtnGame) -> Option<f64> {
    if let Some(end) = ptn.game.result() {
        return Some(match end.winner() {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        });
    }
    ptn.result
        .as_deref()
        .and_then(result_from_token)
        .or_else(|| ptn.tag("Result").and_then(result_from_token))
}

/// Reads every game of the PTN files (several games a file, as racetrack's
/// `--ptnout` writes them), in order; games without a known result are left
/// out with a warning.
pub fn read_ptn_files(paths: &[&Path]) -> Result<Vec<FinishedGame>, String> {
    let mut games = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let read = parse_ptn_games(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for (i, ptn) in read.iter().enumerate() {
            match white_result(ptn) {
                Some(result) => games.push(FinishedGame {
                    game: ptn.game.clone(),
                    result,
                }),
                None => log::warn!("{} game {}: no result, left out", path.display(), i + 1),
            }
        }
    }
    Ok(games)
}

/// Searches the positions of `finished` after ply `FIRST_PLY` on, up to the
/// last one whose game is not over (Analyze Game does not search a finished
/// position), each within `limits`; `number` is the game's number in the rows.
pub fn replay(
    number: usize,
    finished: &FinishedGame,
    limits: &Limits,
) -> Result<Vec<ScoredPly>, String> {
    let start = finished.game.start().clone();
    let size = start.size();
    let half_komi = start.half_komi();
    let mut engine = Engine::new(EngineOptions::default());
    engine
        .new_game(Some(size), Some(half_komi))
        .map_err(|e| format!("game {number}: {e}"))?;
    let mut game = Game::new(start);
    let mut scored = Vec::new();
    let moves = finished.game.moves();
    for ply in 0..=moves.len() {
        if ply > 0 {
            game.play(moves[ply - 1])
                .map_err(|e| format!("game {number}, ply {ply}: {e}"))?;
        }
        if ply < FIRST_PLY {
            continue;
        }
        if game.result().is_some() {
            break;
        }
        engine.set_game(game.clone());
        let thought = engine
            .think(limits.clone(), &|_| {})
            .map_err(|e| format!("game {number}, ply {ply}: {e}"))?;
        let Some(info) = thought.summary else {
            log::warn!("game {number}, ply {ply}: no search summary");
            continue;
        };
        scored.push(ScoredPly {
            game: number,
            ply,
            size,
            half_komi,
            to_move: game.position().to_move(),
            depth: info.depth,
            cp: info.outlook.cp,
            wdl: info.outlook.wdl,
            result: finished.result,
            read: Some(Read {
                score: info.reported.0,
                progress: (Situation::of(game.position()).progress * 100.0).round() as u32,
            }),
        });
    }
    Ok(scored)
}

/// Replays every game in turn on this thread (game `i` is numbered `i + 1`).
pub fn replay_all(games: &[FinishedGame], limits: &Limits) -> Result<Vec<ScoredPly>, String> {
    let progress = Progress::new("steadiness", games.len());
    let mut scored = Vec::new();
    for (i, finished) in games.iter().enumerate() {
        scored.extend(replay(i + 1, finished, limits)?);
        progress.tick();
    }
    Ok(scored)
}
