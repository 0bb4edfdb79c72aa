//! Make and unmake of placements and spreads, with the incremental Zobrist hash.

use super::geometry::Square;
use super::zobrist::KEYS;
use super::{Color, PieceKind, Position};
use crate::moves::Move;

/// What `unmake` needs besides the move itself.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    hash: u64,
    flattened: bool,
}

#[inline(always)]
fn low_bits(n: usize) -> u128 {
    (1u128 << n) - 1
}

impl Position {
    /// Puts `color` on top of `sq` as a flat, clearing any wall/cap marker.
    #[inline(always)]
    fn set_flat_top(&mut self, sq: Square, color: Color) {
        let bit = sq.bit();
        self.walls &= !bit;
        self.caps &= !bit;
        match color {
            Color::White => {
                self.white |= bit;
                self.black &= !bit;
            }
            Color::Black => {
                self.black |= bit;
                self.white &= !bit;
            }
        }
    }

    /// Plays a legal move. The move must come from this position's legal moves
    /// (or be checked with `is_legal`); anything else corrupts the position.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Undo {
        let undo = Undo {
            hash: self.hash,
            flattened: false,
        };
        let undo = if mv.is_spread() {
            Undo {
                flattened: self.make_spread(mv),
                ..undo
            }
        } else {
            self.make_placement(mv);
            undo
        };
        self.to_move = self.to_move.opponent();
        self.ply += 1;
        self.hash ^= KEYS.black_to_move;
        undo
    }

    /// Takes back `mv`, which must be the last move made, with its `Undo`.
    #[inline]
    pub fn unmake(&mut self, mv: Move, undo: Undo) {
        self.to_move = self.to_move.opponent();
        self.ply -= 1;
        if mv.is_spread() {
            self.unmake_spread(mv, undo.flattened);
        } else {
            self.unmake_placement(mv);
        }
        self.hash = undo.hash;
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
        self.stacks[i] = owner as u128;
        self.heights[i] = 1;
        match owner {
            Color::White => self.white |= bit,
            Color::Black => self.black |= bit,
        }
        self.hash ^= KEYS.piece(sq, 0, owner);
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
        let bit = !sq.bit();
        self.stacks[i] = 0;
        self.heights[i] = 0;
        self.white &= bit;
        self.black &= bit;
        self.walls &= bit;
        self.caps &= bit;
        match mv.kind() {
            PieceKind::Flat | PieceKind::Wall => self.stones[owner.index()] += 1,
            PieceKind::Cap => self.capstones[owner.index()] += 1,
        }
    }

    /// Returns whether the spread's capstone flattened a wall.
    #[inline(always)]
    fn make_spread(&mut self, mv: Move) -> bool {
        let src = mv.square();
        let i = src.index();
        let count = mv.count();
        let height = self.heights[i] as usize;
        let rest = height - count;
        let src_bit = src.bit();
        let moving_kind = if self.walls.intersects(src_bit) {
            self.hash ^= KEYS.wall(src);
            PieceKind::Wall
        } else if self.caps.intersects(src_bit) {
            self.hash ^= KEYS.cap(src);
            PieceKind::Cap
        } else {
            PieceKind::Flat
        };
        let mut carried = self.stacks[i] >> rest;
        self.hash ^= KEYS.pieces(src, rest, carried, count);
        self.stacks[i] &= low_bits(rest);
        self.heights[i] = rest as u8;
        if rest == 0 {
            self.white &= !src_bit;
            self.black &= !src_bit;
            self.walls &= !src_bit;
            self.caps &= !src_bit;
        } else {
            let color = Color::from_bit((self.stacks[i] >> (rest - 1)) & 1 == 1);
            self.set_flat_top(src, color);
        }

        let offset = mv.direction().offset();
        let mut sq = src;
        let mut mask = mv.drop_mask();
        let mut prev = 0usize;
        let mut flattened = false;
        while mask != 0 {
            let end = mask.trailing_zeros() as usize + 1;
            mask &= mask - 1;
            let drop = end - prev;
            prev = end;
            sq = Square((sq.0 as i8 + offset) as u8);
            let j = sq.index();
            let below = self.heights[j] as usize;
            let pieces = carried & low_bits(drop);
            carried >>= drop;
            self.hash ^= KEYS.pieces(sq, below, pieces, drop);
            self.stacks[j] |= pieces << below;
            self.heights[j] = (below + drop) as u8;
            let top = Color::from_bit((pieces >> (drop - 1)) & 1 == 1);
            if mask == 0 && self.walls.contains(sq) {
                flattened = true;
                self.hash ^= KEYS.wall(sq);
            }
            self.set_flat_top(sq, top);
        }
        match moving_kind {
            PieceKind::Flat => {}
            PieceKind::Wall => {
                self.walls |= sq.bit();
                self.hash ^= KEYS.wall(sq);
            }
            PieceKind::Cap => {
                self.caps |= sq.bit();
                self.hash ^= KEYS.cap(sq);
            }
        }
        flattened
    }

    #[inline(always)]
    fn unmake_spread(&mut self, mv: Move, flattened: bool) {
        let src = mv.square();
        let offset = mv.direction().offset();
        let mut sq = Square((src.0 as i8 + offset * mv.drop_count() as i8) as u8);
        let last = sq;
        let moving_kind = if self.walls.contains(last) {
            PieceKind::Wall
        } else if self.caps.contains(last) {
            PieceKind::Cap
        } else {
            PieceKind::Flat
        };
        let mut mask = mv.drop_mask();
        let mut carried = 0u128;
        while mask != 0 {
            let hi = 7 - mask.leading_zeros() as usize;
            mask &= !(1u8 << hi);
            let lo = 8 - mask.leading_zeros() as usize;
            let drop = hi + 1 - lo;
            let j = sq.index();
            let below = self.heights[j] as usize - drop;
            carried = (carried << drop) | (self.stacks[j] >> below);
            self.stacks[j] &= low_bits(below);
            self.heights[j] = below as u8;
            self.refresh_top(sq);
            sq = Square((sq.0 as i8 - offset) as u8);
        }
        if flattened {
            self.walls |= last.bit();
        }
        let i = src.index();
        let rest = self.heights[i] as usize;
        self.stacks[i] |= carried << rest;
        let height = rest + mv.count();
        self.heights[i] = height as u8;
        let top = Color::from_bit((self.stacks[i] >> (height - 1)) & 1 == 1);
        self.set_flat_top(src, top);
        match moving_kind {
            PieceKind::Flat => {}
            PieceKind::Wall => self.walls |= src.bit(),
            PieceKind::Cap => self.caps |= src.bit(),
        }
    }
}
