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
