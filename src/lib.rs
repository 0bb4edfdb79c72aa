//! Menhir: a Tak engine. The library is built in layers, each using only the ones
//! below it:
//!
//! 0. `clock` — the time source (the standard clock, or the browser's);
//! 1. `board` — positions, moves, make/unmake, hashing, roads, the end of a game;
//! 2. `movegen` — legal moves, perft, immediate wins, why a move is illegal;
//! 3. `game` — a position's history: repetitions, no plies after the end;
//! 4. `notation` — PTN plies and games, TPS;
//! 5. `eval` — the static evaluation;
//! 6. `search` and `tinue` — iterative deepening alpha-beta over a shared table;
//!    the proof-number solver for forced roads;
//! 7. `engine` — the one door: options, the game, the table, the search thread;
//! 8. `tei`, `tactics`, `bench` and `annotate` — the protocol, the tactical test
//!    positions, the bench whose node total is the search's signature, and the
//!    annotation of whole games;
//! 9. `serve` — TEI sessions over WebSocket, one engine per connection (not in
//!    the browser build).
//!
//! `tests/layers.rs` checks that no module uses one above it.
//!
//! The `menhir` binary is a thin CLI over it; the tuner and the book maker live
//! in the `menhir-tools` crate and use only this public API.

pub mod clock;

pub mod board;
pub mod movegen;

pub mod game;
pub mod notation;

pub mod eval;
pub mod search;
pub mod tinue;

pub mod engine;

pub mod annotate;
pub mod bench;
pub mod tactics;
pub mod tei;

#[cfg(not(target_arch = "wasm32"))]
pub mod serve;

pub use board::{Color, GameResult, Move, PieceKind, Position, Square};
pub use engine::{Engine, EngineOptions, Thought};
pub use game::Game;
