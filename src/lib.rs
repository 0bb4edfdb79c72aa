//! Menhir: a Tak engine. The library holds the rules, notation, move generation
//! search, evaluation, tuner and opening books; the `menhir` binary is a thin CLI
//! over it.

pub mod board;
pub mod book;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod notation;

pub use board::{Color, GameResult, PieceKind, Position, Square};
pub use game::Game;
pub use moves::Move;
pub mod engine;
pub mod eval;
pub mod search;
pub mod tactics;
pub mod tei;
pub mod tune;
