//! A match at a fixed node count between two TEI engines, on any board size
//! (racetrack does not play 3x3): every book opening once with each colour,
//! games in parallel, an SPRT that can stop the match between batches. With
//! single-threaded engines that search the same nodes for the same position,
//! the result depends only on the book and the two engines, never on the
//! machine's load, so it judges an evaluation change and not a speed change.

pub mod stats;

use crate::tune::progress::Progress;
use crate::tune::selfplay::start_position;
use crate::tune::teacher::Teacher;
use menhir::board::{Color, GameResult};
use menhir::game::Game;
use menhir::notation::parse_legal_move;
use rayon::prelude::*;
use stats::{llr_bounds, Pairs};
use std::path::PathBuf;

/// Pairs played between two looks at the SPRT: fixed, so that where a match
/// stops does not depend on the thread count.
pub const BATCH: usize = 8;

/// What to play.
#[derive(Clone, Debug)]
pub struct JudgeConfig {
    /// Board size.
    pub size: usize,
    /// Half-komi of every game.
    pub half_komi: i32,
    /// Nodes a move for both engines (`go nodes`).
    pub nodes: u64,
    /// Games longer than this many plies are scored as draws.
    pub max_plies: usize,
    /// The engine under test.
    pub engine: PathBuf,
    /// Its opponent.
    pub opponent: PathBuf,
    /// The SPRT's Elo hypotheses (H0, H1), with α = β = 0.05; `None` plays
    /// every opening.
    pub sprt: Option<(f64, f64)>,
}

/// How a match ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The SPRT accepted H1: the engine is the stronger.
    Accepted,
    /// The SPRT accepted H0.
    Rejected,
    /// The book ran out first (or no SPRT was asked for).
    Undecided,
}

/// The pair counts and the verdict of a match, with the games abandoned
/// because an engine failed (not counted in the pairs).
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The pairs played.
    pub pairs: Pairs,
    /// Where the SPRT ended.
    pub verdict: Verdict,
    /// Openings whose pair was abandoned (an engine quit or played an
    /// illegal move).
    pub abandoned: usize,
}

/// Reads a book in racetrack's `move-list` format (one opening a line, PTN
/// moves separated by spaces; blank lines skipped) into games from the start
/// position of `size` and `half_komi`. An illegal move is an error naming
/// its line.
pub fn read_book(text: &str, size: usize, half_komi: i32) -> Result<Vec<Game>, String> {
    let start = start_position(size, half_komi)?;
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let mut game = Game::new(start.clone());
        for token in line.split_whitespace() {
            let mv = parse_legal_move(game.position(), token)
                .map_err(|e| format!("book line {}: '{token}': {e}", n + 1))?;
            game.play(mv)
                .map_err(|e| format!("book line {}: '{token}': {e:?}", n + 1))?;
        }
        if game.result().is_some() {
            return Err(format!("book line {}: the game is already over", n + 1));
        }
        games.push(game);
    }
    if games.is_empty() {
        return Err("the book has no openings".into());
    }
    Ok(games)
}

/// The engine's score (1, 0.5 or 0) in one game from `opening`, as White when
/// `engine_white`.
pub fn play_game(config: &JudgeConfig, opening: &Game, engine_white: bool) -> Result<f64, String> {
    let start = |path| Teacher::start(path, config.size, config.half_komi, config.nodes);
    let mut engine = start(&config.engine)?;
    let mut opponent = start(&config.opponent)?;
    let mut game = opening.clone();
    while game.result().is_none() && game.moves().len() < config.max_plies {
        let white_to_move = game.position().to_move() == Color::White;
        let player = if white_to_move == engine_white {
            &mut engine
        } else {
            &mut opponent
        };
        let (mv, _) = player.choose(&game)?;
        game.play(mv).map_err(|e| format!("{e:?}"))?;
    }
    let engine_color = if engine_white {
        Color::White
    } else {
        Color::Black
    };
    Ok(match game.result().and_then(GameResult::winner) {
        Some(c) if c == engine_color => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    })
}

/// Plays the match: each opening of `book` twice (the engine White, then
/// Black), in parallel batches of `BATCH` openings, stopping at the first
/// batch after which the SPRT decides.
pub fn judge(config: &JudgeConfig, book: &[Game]) -> Outcome {
    let progress = Progress::new("pairs", book.len());
    let mut pairs = Pairs::default();
    let mut abandoned = 0;
    let bounds = llr_bounds(0.05, 0.05);
    for batch in book.chunks(BATCH) {
        let results: Vec<Result<(f64, f64), String>> = batch
            .par_iter()
            .map(|opening| {
                let pair = play_game(config, opening, true)
                    .and_then(|a| Ok((a, play_game(config, opening, false)?)));
                progress.tick();
                pair
            })
            .collect();
        for result in results {
            match result {
                Ok((a, b)) => pairs.add(a, b),
                Err(e) => {
                    log::warn!("pair abandoned: {e}");
                    abandoned += 1;
                }
            }
        }
        let llr = config.sprt.map(|(elo0, elo1)| pairs.llr(elo0, elo1));
        let verdict = match llr {
            Some(l) if l >= bounds.1 => Verdict::Accepted,
            Some(l) if l <= bounds.0 => Verdict::Rejected,
            _ => continue,
        };
        return Outcome {
            pairs,
            verdict,
            abandoned,
        };
    }
    Outcome {
        pairs,
        verdict: Verdict::Undecided,
        abandoned,
    }
}
