//! The board: positions of every size 3–8, make/unmake, hashing, roads and the end
//! of the game.

pub mod geometry;
mod make;
mod moves;
mod position;
mod reserves;
mod road;
mod stacks;
pub mod zobrist;

pub use geometry::{geometry_of, Bitboard, Direction, Geometry, Square, MAX_SIZE, MIN_SIZE};
pub use make::Undo;
pub use moves::Move;
pub use position::{GameResult, Position};
pub use reserves::{Reserves, MAX_CAPSTONES, MAX_STONES};
pub use road::flood;

/// A player. White moves first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The first player.
    White = 0,
    /// The second player.
    Black = 1,
}

impl Color {
    /// The other player.
    #[inline(always)]
    #[must_use]
    pub const fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// White for a clear bit, Black for a set one (the stack encoding).
    pub const fn from_bit(bit: bool) -> Color {
        if bit {
            Color::Black
        } else {
            Color::White
        }
    }
    /// The TPS digit, `1` or `2`.
    pub const fn digit(self) -> char {
        match self {
            Color::White => '1',
            Color::Black => '2',
        }
    }
}

/// What a placement puts down, and what the top of a stack is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PieceKind {
    /// A flat stone: counts for roads and the flat count.
    Flat = 0,
    /// A wall (standing stone): blocks roads and spreads.
    Wall = 1,
    /// A capstone: counts for roads, can flatten a wall.
    Cap = 2,
}

impl PieceKind {
    /// The kind with index `i` (0 flat, 1 wall, anything else cap).
    pub const fn from_index(i: usize) -> PieceKind {
        match i {
            0 => PieceKind::Flat,
            1 => PieceKind::Wall,
            _ => PieceKind::Cap,
        }
    }
}
