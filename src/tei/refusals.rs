//! The words for what the engine refused or cut (`engine::EngineError`,
//! `engine::Cut`): the TEI session sends them as `info error` and
//! `info string` lines, and the command line prints the same.

use crate::engine::{Cut, EngineError};
use std::fmt;

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::NoGame => write!(f, "no game size: send teinewgame <size> first"),
            EngineError::UnsupportedSize(size) => {
                write!(f, "unsupported or missing board size {size:?}")
            }
            EngineError::StartBeforeGame => write!(f, "position startpos before any teinewgame"),
            EngineError::NoStartPosition => write!(f, "no start position for this size"),
            EngineError::Tps(e) => write!(f, "{e}"),
            EngineError::SizeMismatch { tps, game } => {
                write!(f, "TPS is {tps}x{tps} but the game is {game}x{game}")
            }
            EngineError::Ply(e) => write!(f, "{e}"),
            EngineError::PiecesChanged => write!(
                f,
                "the piece counts changed after the position was set: send position again"
            ),
            EngineError::Unreadable(reason) => write!(f, "{reason}"),
            EngineError::Thread(e) => write!(f, "could not start the search thread: {e}"),
        }
    }
}

impl std::error::Error for EngineError {}

impl fmt::Display for Cut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Cut::Threads { asked, most } => write!(
                f,
                "Threads {asked}: this build searches on at most {most}; using {most}"
            ),
            Cut::HashAddressable { asked, used } => write!(
                f,
                "Hash {asked} MiB is more than this build can address; using {used} MiB"
            ),
            Cut::HashFreeMemory { asked, used } => write!(
                f,
                "Hash {asked} MiB is more than half of the free memory; using {used} MiB"
            ),
            Cut::HashAllocation { tried, used } => {
                write!(
                    f,
                    "could not allocate {tried} MiB for Hash; using {used} MiB"
                )
            }
        }
    }
}

/// The front ends' errors are sentences: `?` turns a refusal into its words.
impl From<EngineError> for String {
    fn from(e: EngineError) -> String {
        e.to_string()
    }
}
