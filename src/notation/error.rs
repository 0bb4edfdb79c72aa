//! Typed errors for the notation readers. Each message names the offending token
//! and what was expected, so a user can fix the input.

use crate::board::{Color, MAX_SIZE, MIN_SIZE};
use std::fmt;

/// A TPS string that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TpsError {
    /// Not exactly three whitespace-separated fields.
    FieldCount(usize),
    /// The board has a number of rows outside 3–8.
    UnsupportedSize(usize),
    /// A row covers the wrong number of squares (row counted from the top, 1-based).
    RowWidth {
        /// The row, counted from the top, 1-based.
        row: usize,
        /// Squares a row must cover.
        expected: usize,
        /// Squares this row covers.
        found: usize,
    },
    /// A cell is not `x`, `xN` or a stack of `1`/`2` with an optional final `S`/`C`.
    BadCell {
        /// The row, counted from the top, 1-based.
        row: usize,
        /// The cell as written.
        cell: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A colour has more pieces on the board than its reserve holds.
    TooManyPieces(Color),
    /// The side to move is not `1` or `2`.
    BadTurn(String),
    /// The move number is not an integer ≥ 1.
    BadMoveNumber(String),
}

impl fmt::Display for TpsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TpsError::FieldCount(n) => write!(
                f,
                "TPS needs 3 fields (board, side to move, move number), found {n}"
            ),
            TpsError::UnsupportedSize(n) => {
                write!(
                    f,
                    "TPS board has {n} rows; sizes {MIN_SIZE} to {MAX_SIZE} are supported"
                )
            }
            TpsError::RowWidth {
                row,
                expected,
                found,
            } => write!(
                f,
                "TPS row {row} covers {found} squares, but the TPS has {expected} rows: \
                 a board is square, as many squares a row as rows"
            ),
            TpsError::BadCell { row, cell, reason } => {
                write!(f, "TPS row {row}: bad cell '{cell}': {reason}")
            }
            TpsError::TooManyPieces(c) => write!(
                f,
                "TPS has more {} pieces than a player's reserve holds",
                if *c == Color::White { "white" } else { "black" }
            ),
            TpsError::BadTurn(t) => write!(f, "TPS side to move '{t}' must be 1 or 2"),
            TpsError::BadMoveNumber(t) => {
                write!(f, "TPS move number '{t}' must be an integer of at least 1")
            }
        }
    }
}

impl std::error::Error for TpsError {}

/// A PTN ply that cannot be read or played.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum MoveError {
    /// The token does not follow the ply grammar.
    Malformed {
        /// The ply as written.
        token: String,
        /// What the grammar wanted.
        expected: &'static str,
    },
    /// The square or the spread's path is off this board.
    OffBoard {
        /// The ply as written.
        token: String,
        /// The board size.
        size: usize,
    },
    /// Well-formed, but not legal in the position.
    Illegal {
        /// The ply as written.
        token: String,
        /// Why the rules refuse it.
        reason: &'static str,
    },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Malformed { token, expected } => {
                write!(f, "malformed ply '{token}': expected {expected}")
            }
            MoveError::OffBoard { token, size } => {
                write!(f, "ply '{token}' leaves the {size}x{size} board")
            }
            MoveError::Illegal { token, reason } => write!(f, "illegal ply '{token}': {reason}"),
        }
    }
}

impl std::error::Error for MoveError {}

/// A PTN game file that cannot be read.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PtnError {
    /// A syntax problem at a line (1-based), with the token.
    Syntax {
        /// The line, 1-based.
        line: usize,
        /// The token as written.
        token: String,
        /// What was expected there.
        expected: &'static str,
    },
    /// A tag has a value that cannot be used.
    BadTag {
        /// The line, 1-based.
        line: usize,
        /// The tag's name.
        name: String,
        /// The tag's value as written.
        value: String,
        /// What the value should be.
        expected: &'static str,
    },
    /// Neither a `Size` tag nor a `TPS` tag gives the board size.
    MissingSize {
        /// The game, counted from 1 in the file.
        game: usize,
    },
    /// The `TPS` tag does not parse.
    Tps {
        /// The game, counted from 1 in the file.
        game: usize,
        /// What is wrong with the TPS.
        error: TpsError,
    },
    /// A ply that cannot be read or played (ply counted from 1 in the game).
    Move {
        /// The line, 1-based.
        line: usize,
        /// The ply, counted from 1 in the game.
        ply: usize,
        /// Why the ply could not be read or played.
        error: MoveError,
    },
    /// A ply after the game already ended.
    AfterEnd {
        /// The line, 1-based.
        line: usize,
        /// The ply as written.
        token: String,
    },
}

impl fmt::Display for PtnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PtnError::Syntax {
                line,
                token,
                expected,
            } => {
                write!(f, "line {line}: unexpected '{token}': expected {expected}")
            }
            PtnError::BadTag {
                line,
                name,
                value,
                expected,
            } => {
                write!(
                    f,
                    "line {line}: tag {name} has value '{value}': expected {expected}"
                )
            }
            PtnError::MissingSize { game } => {
                write!(f, "game {game}: no Size or TPS tag gives the board size")
            }
            PtnError::Tps { game, error } => write!(f, "game {game}: TPS tag: {error}"),
            PtnError::Move { line, ply, error } => write!(f, "line {line}, ply {ply}: {error}"),
            PtnError::AfterEnd { line, token } => {
                write!(
                    f,
                    "line {line}: ply '{token}' comes after the end of the game"
                )
            }
        }
    }
}

impl std::error::Error for PtnError {}
