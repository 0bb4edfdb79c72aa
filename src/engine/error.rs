//! Why the engine holds no position to search, or could not start a search:
//! typed, so that each front end (the TEI session, the command line) words
//! them its own way. The TEI session's wording is in `tei/refusals.rs`.

use crate::notation::{MoveError, TpsError};

/// What stops the engine from searching.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineError {
    /// No game was started and no position given.
    NoGame,
    /// A new game of a size outside 3–8, or of none.
    UnsupportedSize(Option<usize>),
    /// The start position was asked for before any game had a size.
    StartBeforeGame,
    /// The piece counts give no start position for the game's size.
    NoStartPosition,
    /// The TPS could not be read.
    Tps(TpsError),
    /// The TPS is of another size than the game.
    SizeMismatch {
        /// The TPS's size.
        tps: usize,
        /// The game's size.
        game: usize,
    },
    /// A ply after the position could not be played.
    Ply(MoveError),
    /// The piece counts changed after the position was set.
    PiecesChanged,
    /// A position line that could not be read, for this reason (the reader's).
    Unreadable(String),
    /// The search thread could not be started.
    Thread(String),
}

/// A note for the user when the engine gave less than an option asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cut {
    /// `Threads` above what the host runs.
    Threads {
        /// The value asked for.
        asked: usize,
        /// The most the host runs.
        most: usize,
    },
    /// `Hash` above what the host can address.
    HashAddressable {
        /// MiB asked for.
        asked: usize,
        /// MiB used.
        used: usize,
    },
    /// `Hash` above half of the free memory.
    HashFreeMemory {
        /// MiB asked for.
        asked: usize,
        /// MiB used.
        used: usize,
    },
    /// The table could not be allocated at the size asked for.
    HashAllocation {
        /// MiB tried.
        tried: usize,
        /// MiB used.
        used: usize,
    },
}
