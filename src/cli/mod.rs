//! Subcommands of the `menhir` binary. Each returns `Err(message)` for the user;
//! `main` prints it to stderr and exits with code 2.

pub mod analyze;
pub mod annotate;
pub mod bench;
pub mod board_view;
pub mod perft;
pub mod serve;
pub mod tactics;
pub mod tinue;

use clap::builder::RangedI64ValueParser;
use menhir::engine::{find_option, OptionSpec};
use menhir::notation::{parse_ptn_games, PtnGame};
use menhir::Game;

/// The TEI option `name` (`engine::OPTIONS`): the command line takes its range
/// and default from the one table the protocol declares.
fn option(name: &str) -> &'static OptionSpec {
    find_option(name).unwrap_or_else(|| panic!("{name} is a declared option"))
}

/// A flag's value parser with the range of the TEI option `name`.
pub fn option_range(name: &str) -> RangedI64ValueParser<i64> {
    let spec = option(name);
    clap::value_parser!(i64).range(spec.min..=spec.max)
}

/// The default of the TEI option `name`.
pub fn option_default(name: &str) -> i64 {
    option(name).default
}

/// The first game of the PTN file `path`, tags and all.
pub fn first_ptn_game(path: &std::path::Path) -> Result<PtnGame, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let games = parse_ptn_games(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    games
        .into_iter()
        .next()
        .ok_or_else(|| "the PTN file holds no game".to_string())
}

/// The game after `ply` plies (default: all of them) of the first game in the
/// PTN file `path`, with its komi and piece counts, its history kept.
pub fn game_from_ptn(path: &std::path::Path, ply: Option<usize>) -> Result<Game, String> {
    let first = first_ptn_game(path)?;
    let moves = first.game.moves();
    let plies = ply.unwrap_or(moves.len());
    if plies > moves.len() {
        return Err(format!(
            "--ply {plies}: the game has only {} plies",
            moves.len()
        ));
    }
    let mut game = Game::new(first.game.start().clone());
    for &mv in &moves[..plies] {
        game.play(mv).map_err(|e| e.to_string())?;
    }
    Ok(game)
}
