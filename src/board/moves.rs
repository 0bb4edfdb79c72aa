//! `Move`: a placement or a spread, packed in 32 bits.
//!
//! Layout: bits 0–5 square; bits 6–7 piece kind (placement) or direction (spread);
//! bit 8 set for a spread; bits 9–16 the drop mask of a spread. The drop mask has
//! bit j set when a drop ends after the (j+1)-th carried piece (counted from the
//! bottom of the carried group), so its highest bit + 1 is the number of pieces
//! carried and its popcount the number of squares visited.

use super::{Direction, PieceKind, Square};

/// A ply: a placement or a spread.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Move(u32);

const SPREAD_FLAG: u32 = 1 << 8;

impl Move {
    /// Places a piece of `kind` on `sq`.
    pub const fn place(sq: Square, kind: PieceKind) -> Move {
        Move(sq.0 as u32 | (kind as u32) << 6)
    }
    /// Spreads the stack on `sq` towards `dir` with the given drop mask (non-zero,
    /// at most 8 bits).
    pub const fn spread(sq: Square, dir: Direction, drop_mask: u8) -> Move {
        Move(sq.0 as u32 | (dir as u32) << 6 | SPREAD_FLAG | (drop_mask as u32) << 9)
    }
    /// Builds a spread from its drop counts (each ≥ 1, summing to at most 8).
    pub fn spread_from_drops(sq: Square, dir: Direction, drops: &[u8]) -> Move {
        let mut mask = 0u32;
        let mut total = 0u32;
        for &d in drops {
            total += d as u32;
            mask |= 1 << (total - 1);
        }
        Move::spread(sq, dir, mask as u8)
    }
    /// The placement square or the spread's start square.
    #[inline(always)]
    pub const fn square(self) -> Square {
        Square((self.0 & 63) as u8)
    }
    #[inline(always)]
    /// True for a spread, false for a placement.
    pub const fn is_spread(self) -> bool {
        self.0 & SPREAD_FLAG != 0
    }
    /// The kind placed (meaningful for placements only).
    #[inline(always)]
    pub const fn kind(self) -> PieceKind {
        PieceKind::from_index(((self.0 >> 6) & 3) as usize)
    }
    /// The direction (meaningful for spreads only).
    #[inline(always)]
    pub const fn direction(self) -> Direction {
        Direction::from_index(((self.0 >> 6) & 3) as usize)
    }
    /// The drop mask (meaningful for spreads only).
    #[inline(always)]
    pub const fn drop_mask(self) -> u8 {
        (self.0 >> 9) as u8
    }
    /// Pieces lifted by a spread.
    #[inline(always)]
    pub const fn count(self) -> usize {
        8 - self.drop_mask().leading_zeros() as usize
    }
    /// Squares a spread visits.
    #[inline(always)]
    pub const fn drop_count(self) -> usize {
        self.drop_mask().count_ones() as usize
    }
    /// The drops of a spread, first square first.
    pub fn drops(self) -> impl Iterator<Item = u8> {
        let mut mask = self.drop_mask();
        let mut prev = 0u8;
        std::iter::from_fn(move || {
            if mask == 0 {
                return None;
            }
            let end = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            let d = end - prev;
            prev = end;
            Some(d)
        })
    }
    /// The raw 32-bit encoding (for tables).
    pub const fn to_bits(self) -> u32 {
        self.0
    }
    /// Rebuilds a move from `to_bits` output; `None` if the bits are not a move.
    pub const fn from_bits(bits: u32) -> Option<Move> {
        if bits >> 17 != 0 {
            return None;
        }
        let is_spread = bits & SPREAD_FLAG != 0;
        if is_spread && (bits >> 9) == 0 {
            return None;
        }
        if !is_spread && (bits >> 9 != 0 || (bits >> 6) & 3 == 3) {
            return None;
        }
        Some(Move(bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spread_encoding_round_trips_drops() {
        let m = Move::spread_from_drops(Square::new(2, 3), Direction::Right, &[2, 1, 2]);
        assert!(m.is_spread());
        assert_eq!(m.count(), 5);
        assert_eq!(m.drop_count(), 3);
        assert_eq!(m.drops().collect::<Vec<_>>(), vec![2, 1, 2]);
        assert_eq!(m.direction(), Direction::Right);
        assert_eq!(m.square(), Square::new(2, 3));
        assert_eq!(Move::from_bits(m.to_bits()), Some(m));
    }

    #[test]
    fn placement_encoding() {
        let m = Move::place(Square::new(7, 7), PieceKind::Cap);
        assert!(!m.is_spread());
        assert_eq!(m.kind(), PieceKind::Cap);
        assert_eq!(m.square(), Square::new(7, 7));
    }
}
