//! Zobrist keys from a fixed-seed splitmix64 stream, so hashes (and therefore the
//! bench signature) never depend on an external generator's version.
//!
//! Every piece of every stack is hashed by (height, square, colour); the top kind
//! (wall or capstone) of a square and the side to move have keys of their own.

use super::geometry::Square;
use super::Color;

/// Stacks never exceed 104 pieces (8x8: 2 x 52); 128 bounds every height.
pub const MAX_HEIGHT: usize = 128;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const PIECE_KEYS_LEN: usize = MAX_HEIGHT * 64 * 2;

/// All keys. Piece keys are laid out height-major so the low layers of every
/// square share a few cache lines.
pub struct Keys {
    piece: [u64; PIECE_KEYS_LEN],
    wall: [u64; 64],
    cap: [u64; 64],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut state = 0x4D45_4E48_4952_2121; // "MENHIR!!"
    let mut piece = [0u64; PIECE_KEYS_LEN];
    let mut i = 0;
    while i < PIECE_KEYS_LEN {
        let (s, k) = splitmix64(state);
        state = s;
        piece[i] = k;
        i += 1;
    }
    let mut wall = [0u64; 64];
    let mut cap = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (s, k) = splitmix64(state);
        wall[sq] = k;
        let (s, k) = splitmix64(s);
        cap[sq] = k;
        state = s;
        sq += 1;
    }
    let (_, black_to_move) = splitmix64(state);
    Keys {
        piece,
        wall,
        cap,
        black_to_move,
    }
}

/// The one key table, computed at compile time.
pub static KEYS: Keys = make_keys();

impl Keys {
    /// Key of a piece of `color` at `height` (0 = bottom) on `sq`.
    #[inline(always)]
    pub fn piece(&self, sq: Square, height: usize, color: Color) -> u64 {
        self.piece[(height * 64 + sq.index()) * 2 + color as usize]
    }
    /// XOR of the keys of `count` pieces starting at `height` on `sq`, whose
    /// colours are the low bits of `colors` (bit set = Black), bottom first.
    #[inline(always)]
    pub fn pieces(&self, sq: Square, height: usize, mut colors: u128, count: usize) -> u64 {
        let mut h = 0;
        let mut idx = (height * 64 + sq.index()) * 2;
        for _ in 0..count {
            h ^= self.piece[idx + (colors & 1) as usize];
            colors >>= 1;
            idx += 128;
        }
        h
    }
    #[inline(always)]
    pub fn wall(&self, sq: Square) -> u64 {
        self.wall[sq.index()]
    }
    #[inline(always)]
    pub fn cap(&self, sq: Square) -> u64 {
        self.cap[sq.index()]
    }
}
