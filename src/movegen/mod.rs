//! Legal move generation into a reusable list, and counting without generating
//! (for bulk perft and mobility).

mod perft;
mod tables;

pub use perft::{perft, perft_divide, PerftMode};
pub use tables::SPREADS;

use crate::board::{Bitboard, Color, Direction, PieceKind, Position, Square};
use crate::moves::Move;

/// A reusable buffer of moves; generation clears it first.
pub type MoveList = Vec<Move>;

/// Free squares from `sq` towards `dir` before the edge or a wall/capstone, and
/// whether that stop is a wall (which a lone capstone may flatten).
#[inline(always)]
fn free_run(pos: &Position, sq: Square, dir: Direction, blockers: Bitboard) -> (usize, bool) {
    let max = pos.geometry().edge_distance[sq.index()][dir as usize] as usize;
    let offset = dir.offset();
    let mut s = sq.0 as i8;
    for d in 0..max {
        s += offset;
        let next = Square(s as u8);
        if blockers.contains(next) {
            return (d, pos.walls().contains(next));
        }
    }
    (max, false)
}

impl Position {
    /// Pieces `color` can still place: (flats and walls allowed, capstone allowed).
    #[inline(always)]
    fn placeable(&self) -> (bool, bool) {
        if self.in_swap() {
            (true, false)
        } else {
            let c = self.to_move();
            (self.stones(c) > 0, self.capstones(c) > 0)
        }
    }

    /// All legal moves, placements first. Generated whether or not the game is over.
    pub fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        let empty = self.empty();
        let (stones, capstone) = self.placeable();
        if self.in_swap() {
            moves.extend(empty.squares().map(|sq| Move::place(sq, PieceKind::Flat)));
            return;
        }
        for sq in empty.squares() {
            if stones {
                moves.push(Move::place(sq, PieceKind::Flat));
                moves.push(Move::place(sq, PieceKind::Wall));
            }
            if capstone {
                moves.push(Move::place(sq, PieceKind::Cap));
            }
        }
        self.spreads(moves);
    }

    /// Appends every legal spread.
    pub fn spreads(&self, moves: &mut MoveList) {
        if self.in_swap() {
            return;
        }
        let blockers = self.walls() | self.caps();
        let n = self.size();
        for sq in self.controlled(self.to_move()).squares() {
            let carry = self.height(sq).min(n);
            let is_cap = self.caps().contains(sq);
            for dir in Direction::ALL {
                let (dist, wall) = free_run(self, sq, dir, blockers);
                for &mask in SPREADS.masks(carry, dist) {
                    moves.push(Move::spread(sq, dir, mask));
                }
                if is_cap && wall {
                    for &mask in SPREADS.flatten_masks(carry, dist) {
                        moves.push(Move::spread(sq, dir, mask));
                    }
                }
            }
        }
    }

    /// The number of legal moves, without generating them.
    pub fn count_legal_moves(&self) -> u64 {
        let empty = self.empty().count() as u64;
        if self.in_swap() {
            return empty;
        }
        let (stones, capstone) = self.placeable();
        let mut total = empty * (2 * stones as u64 + capstone as u64);
        let blockers = self.walls() | self.caps();
        let n = self.size();
        for sq in self.controlled(self.to_move()).squares() {
            let carry = self.height(sq).min(n);
            let is_cap = self.caps().contains(sq);
            for dir in Direction::ALL {
                let (dist, wall) = free_run(self, sq, dir, blockers);
                total += SPREADS.count(carry, dist);
                if is_cap && wall {
                    total += SPREADS.flatten_count(carry, dist);
                }
            }
        }
        total
    }

    /// True when `mv` is legal here. Not for hot paths.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.contains(&mv)
    }

    /// The colour whose top piece is on `sq`, if any.
    pub fn owner(&self, sq: Square) -> Option<Color> {
        self.top(sq).map(|(c, _)| c)
    }
}
