//! Legal move generation into a reusable list, and counting without generating
//! (for bulk perft and mobility).

mod legality;
mod perft;
mod tables;
mod wins;

pub use legality::explain_illegal;
pub use perft::{perft, perft_divide, PerftMode};
pub use tables::SPREADS;

use crate::board::Move;
use crate::board::{Bitboard, Color, Direction, PieceKind, Position, Square};

/// A reusable buffer of moves; generation clears it first.
pub type MoveList = Vec<Move>;

/// Free squares from `sq` towards `dir` before the edge or a wall/capstone, and
/// whether that stop is a wall (which a lone capstone may flatten). Loop-free: the
/// nearest blocker on the ray is its lowest or highest bit.
#[inline(always)]
fn free_run(pos: &Position, sq: Square, dir: Direction, blockers: Bitboard) -> (usize, bool) {
    let geometry = pos.geometry();
    let i = sq.index() & 63;
    let on_ray = geometry.rays[i][dir as usize & 3] & blockers;
    if on_ray.is_empty() {
        return (geometry.edge_distance[i][dir as usize & 3] as usize, false);
    }
    let nearest = match dir {
        Direction::Up | Direction::Right => on_ray.0.trailing_zeros() as usize,
        Direction::Down | Direction::Left => 63 - on_ray.0.leading_zeros() as usize,
    };
    let steps = match dir {
        Direction::Up => (nearest - i) / 8,
        Direction::Down => (i - nearest) / 8,
        Direction::Right => nearest - i,
        Direction::Left => i - nearest,
    };
    (steps - 1, pos.walls().0 >> nearest & 1 == 1)
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
