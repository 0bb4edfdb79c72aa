//! Make and unmake of placements and spreads, with the incremental Zobrist hash.

use super::geometry::{Bitboard, Square};
use super::zobrist::KEYS;
use super::Move;
use super::{Color, PieceKind, Position};

/// What `unmake` needs besides the move itself: the hash, the top-piece
/// bitboards, and the colours of the pieces a spread carried.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    hash: u64,
    white: Bitboard,
    black: Bitboard,
    walls: Bitboard,
    caps: Bitboard,
    carried: u32,
}

impl Position {
    /// Puts a flat of the colour given by `black` on top of `sq`, clearing any
    /// wall/cap marker. Branch-free: spreads visit unpredictable colours.
    #[inline(always)]
    fn set_flat_top(&mut self, sq: Square, black: bool) {
        let bit = sq.bit().0;
        let black_mask = (black as u64).wrapping_neg();
        self.walls.0 &= !bit;
        self.caps.0 &= !bit;
        self.white.0 = (self.white.0 & !bit) | (bit & !black_mask);
        self.black.0 = (self.black.0 & !bit) | (bit & black_mask);
    }

    /// Sets the top of `sq` from its stack (empty, or a flat of the top colour).
    #[inline(always)]
    fn restore_flat_top(&mut self, sq: Square) {
        let i = sq.index();
        let height = self.heights[i] as usize;
        let occupied = ((height != 0) as u64).wrapping_neg() & sq.bit().0;
        let black = self.stacks.bit(i, height.wrapping_sub(1) & 127);
        let black_mask = (black as u64).wrapping_neg();
        let bit = sq.bit().0;
        self.walls.0 &= !bit;
        self.caps.0 &= !bit;
        self.white.0 = (self.white.0 & !bit) | (occupied & !black_mask);
        self.black.0 = (self.black.0 & !bit) | (occupied & black_mask);
    }

    /// Plays a legal move. The move must come from this position's legal moves
    /// (or be checked with `is_legal`); anything else corrupts the position.
    #[inline(always)]
    pub fn make(&mut self, mv: Move) -> Undo {
        let mut undo = Undo {
            hash: self.hash,
            white: self.white,
            black: self.black,
            walls: self.walls,
            caps: self.caps,
            carried: 0,
        };
        if mv.is_spread() {
            undo.carried = self.make_spread(mv);
        } else {
            self.make_placement(mv);
        }
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        self.hash ^= KEYS.black_to_move;
        undo
    }

    /// Takes back `mv`, which must be the last move made, with its `Undo`.
    #[inline(always)]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.to_move = self.to_move.opponent();
        self.ply -= 1;
        if mv.is_spread() {
            self.unmake_spread(mv, undo.carried);
        } else {
            self.unmake_placement(mv);
        }
        self.hash = undo.hash;
        self.white = undo.white;
        self.black = undo.black;
        self.walls = undo.walls;
        self.caps = undo.caps;
    }

    /// Passes the turn (a null move, for search only; the ply count is kept).
    #[inline]
    pub fn make_null(&mut self) {
        self.to_move = self.to_move.opponent();
        self.hash ^= KEYS.black_to_move;
    }

    /// Takes back `make_null`.
    #[inline]
    pub fn unmake_null(&mut self) {
        self.make_null();
    }

    /// Whose piece a placement puts down now (the swap gives the opponent's).
    #[inline(always)]
    pub fn placement_owner(&self) -> Color {
        if self.ply < 2 {
            self.to_move.opponent()
        } else {
            self.to_move
        }
    }

    #[inline(always)]
    fn make_placement(&mut self, mv: Move) {
        let sq = mv.square();
        let owner = self.placement_owner();
        let i = sq.index();
        let bit = sq.bit();
        self.stacks.set(i, owner as u128);
        self.heights[i] = 1;
        match owner {
            Color::White => self.white |= bit,
            Color::Black => self.black |= bit,
        }
        self.hash ^= KEYS.single(sq, owner);
        match mv.kind() {
            PieceKind::Flat => self.stones[owner.index()] -= 1,
            PieceKind::Wall => {
                self.stones[owner.index()] -= 1;
                self.walls |= bit;
                self.hash ^= KEYS.wall(sq);
            }
            PieceKind::Cap => {
                self.capstones[owner.index()] -= 1;
                self.caps |= bit;
                self.hash ^= KEYS.cap(sq);
            }
        }
    }

    #[inline(always)]
    fn unmake_placement(&mut self, mv: Move) {
        let sq = mv.square();
        let owner = self.placement_owner();
        let i = sq.index();
        self.stacks.set(i, 0);
        self.heights[i] = 0;
        match mv.kind() {
            PieceKind::Flat | PieceKind::Wall => self.stones[owner.index()] += 1,
            PieceKind::Cap => self.capstones[owner.index()] += 1,
        }
    }

    /// Returns the colours of the carried pieces, for `unmake_spread`.
    #[inline(always)]
    fn make_spread(&mut self, mv: Move) -> u32 {
        let src = mv.square();
        let i = src.index();
        let count = mv.count();
        let height = self.heights[i] as usize;
        let rest = height - count;
        let offset = mv.direction().offset();
        let last = Square((src.0 as i8 + offset * mv.drop_count() as i8) as u8);
        let src_bit = src.bit().0;
        let last_bit = last.bit().0;
        // Branch-free kind bookkeeping: all-ones masks for "moves a wall/cap" and
        // "lands on a wall" (only a lone capstone can, so that is a flattening).
        let moves_wall = ((self.walls.0 & src_bit != 0) as u64).wrapping_neg();
        let moves_cap = ((self.caps.0 & src_bit != 0) as u64).wrapping_neg();
        let flattened = self.walls.0 & last_bit != 0;
        let flat_mask = (flattened as u64).wrapping_neg();
        self.hash ^= (KEYS.wall(src) ^ KEYS.wall(last)) & moves_wall;
        self.hash ^= (KEYS.cap(src) ^ KEYS.cap(last)) & moves_cap;
        self.hash ^= KEYS.wall(last) & flat_mask;

        // At most 8 pieces are carried, so their colours fit in a u32.
        let mut carried = self.stacks.bits_above(i, rest);
        let all_carried = carried;
        self.hash ^= KEYS.layer(src, rest, height, carried);
        self.stacks.truncate(i, rest);
        self.heights[i] = rest as u8;
        self.restore_flat_top(src);

        let mut sq = src;
        let mut mask = mv.drop_mask() as u32;
        let mut prev = 0;
        while mask != 0 {
            let end = mask.trailing_zeros() + 1;
            mask &= mask - 1;
            let drop = end - prev;
            prev = end;
            sq = Square((sq.0 as i8 + offset) as u8);
            let j = sq.index();
            let below = self.heights[j] as usize;
            let pieces = carried & ((1 << drop) - 1);
            carried >>= drop;
            let above = below + drop as usize;
            self.hash ^= KEYS.layer(sq, below, above, pieces);
            self.stacks.put(j, below, pieces);
            self.heights[j] = above as u8;
            self.set_flat_top(sq, (pieces >> (drop - 1)) & 1 == 1);
        }
        self.walls.0 |= last_bit & moves_wall;
        self.caps.0 |= last_bit & moves_cap;
        all_carried
    }

    /// Puts the carried pieces back; `unmake` restores the bitboards.
    #[inline(always)]
    fn unmake_spread(&mut self, mv: Move, carried: u32) {
        let src = mv.square();
        let offset = mv.direction().offset();
        let mut sq = src;
        let mut mask = mv.drop_mask() as u32;
        let mut prev = 0;
        while mask != 0 {
            let end = mask.trailing_zeros() + 1;
            mask &= mask - 1;
            let drop = end - prev;
            prev = end;
            sq = Square((sq.0 as i8 + offset) as u8);
            let j = sq.index();
            let below = self.heights[j] as usize - drop as usize;
            self.stacks.truncate(j, below);
            self.heights[j] = below as u8;
        }
        let i = src.index();
        let rest = self.heights[i] as usize;
        self.stacks.put(i, rest, carried);
        self.heights[i] = (rest + mv.count()) as u8;
    }
}
