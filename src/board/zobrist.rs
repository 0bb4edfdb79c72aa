//! Zobrist keys from a fixed-seed splitmix64 stream, so hashes (and therefore the
//! bench signature) never depend on an external generator's version.
//!
//! A stack on square s with height h hashes as `height[s][h]` XOR the keys
//! `black[s][i]` of every level i holding a black piece: together they encode the
//! colour of every piece of every stack. For speed the black keys are stored as
//! nibble tables — the XOR of four consecutive levels for each 4-bit pattern — so a
//! spread's group of up to 8 pieces is hashed with two look-ups per square touched.
//! The top kind (wall or capstone) of a square and the side to move have keys too.

use super::geometry::Square;
use super::Color;

/// Stacks stay below 128 pieces (the standard 8x8 set has 2 x 52; custom
/// reserves are capped at 2 x 62); the tables cover 128 levels.
pub const MAX_HEIGHT: usize = 128;

const fn splitmix64(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

const NIBBLES_LEN: usize = MAX_HEIGHT * 64 * 16;

/// All keys, laid out level-major so the low levels of every square share cache.
pub struct Keys {
    /// `[(level * 64 + sq) * 16 + pattern]`: XOR of the black keys of levels
    /// `level..level+4` selected by the 4-bit pattern.
    nibbles: [u64; NIBBLES_LEN],
    /// `[height * 64 + sq]`; zero for height 0, so empty squares add nothing.
    height: [u64; MAX_HEIGHT * 64],
    wall: [u64; 64],
    cap: [u64; 64],
    /// XORed in when Black is to move.
    pub black_to_move: u64,
}

const fn make_keys() -> Keys {
    let mut state = 0x4D45_4E48_4952_2121; // "MENHIR!!"
    let mut black = [0u64; MAX_HEIGHT * 64];
    let mut height = [0u64; MAX_HEIGHT * 64];
    let mut i = 0;
    while i < MAX_HEIGHT * 64 {
        let (s, k) = splitmix64(state);
        let (s, h) = splitmix64(s);
        state = s;
        black[i] = k;
        height[i] = if i < 64 { 0 } else { h };
        i += 1;
    }
    let mut nibbles = [0u64; NIBBLES_LEN];
    let mut level = 0;
    while level < MAX_HEIGHT {
        let mut sq = 0;
        while sq < 64 {
            let mut pattern = 0;
            while pattern < 16 {
                let mut key = 0;
                let mut bit = 0;
                while bit < 4 {
                    if pattern >> bit & 1 == 1 && level + bit < MAX_HEIGHT {
                        key ^= black[(level + bit) * 64 + sq];
                    }
                    bit += 1;
                }
                nibbles[(level * 64 + sq) * 16 + pattern] = key;
                pattern += 1;
            }
            sq += 1;
        }
        level += 1;
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
        nibbles,
        height,
        wall,
        cap,
        black_to_move,
    }
}

/// The one key table, computed at compile time.
pub static KEYS: Keys = make_keys();

impl Keys {
    /// The hash change when the stack on `sq` goes from height `low` to `high` by
    /// adding (or, applied again, removing) the pieces whose colours are the low
    /// `high - low` bits of `colors` (set = Black, bottom first). At most 8 pieces.
    #[inline(always)]
    pub fn layer(&self, sq: Square, low: usize, high: usize, colors: u32) -> u64 {
        // Masking keeps every index in range, so no bounds checks are emitted;
        // real heights stay below 128 and squares below 64.
        let sq = sq.index() & 63;
        let (low, high) = (low & 127, high & 127);
        let base = (low.min(123) * 64 + sq) * 16;
        self.height[low * 64 + sq]
            ^ self.height[high * 64 + sq]
            ^ self.nibbles[base + (colors & 15) as usize]
            ^ self.nibbles[base + 4 * 64 * 16 + ((colors >> 4) & 15) as usize]
    }
    /// The hash of a whole stack of `height` pieces with colour bits `colors`.
    pub fn stack(&self, sq: Square, height: usize, colors: u128) -> u64 {
        let mut key = self.height[height * 64 + sq.index()];
        for level in (0..height).step_by(4) {
            let pattern = ((colors >> level) & 15) as usize;
            key ^= self.nibbles[(level * 64 + sq.index()) * 16 + pattern];
        }
        key
    }
    /// Key of a lone piece of `color` on an empty `sq`.
    #[inline(always)]
    pub fn single(&self, sq: Square, color: Color) -> u64 {
        self.layer(sq, 0, 1, color as u32)
    }
    #[inline(always)]
    /// The key of a wall on top of `sq`.
    pub fn wall(&self, sq: Square) -> u64 {
        self.wall[sq.index() & 63]
    }
    #[inline(always)]
    /// The key of a capstone on top of `sq`.
    pub fn cap(&self, sq: Square) -> u64 {
        self.cap[sq.index() & 63]
    }
}
