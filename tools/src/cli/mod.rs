//! Subcommands of the `menhir-tools` binary. Each returns `Err(message)` for
//! the user; `main` prints it to stderr and exits with code 2.

pub mod book;
pub mod calibrate;
pub mod calibrate_fit;
pub mod calibrate_lean;
pub mod judge;
pub mod results;
pub mod tune;
pub mod tune_net;
