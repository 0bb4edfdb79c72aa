//! Why a move is illegal, in words a player understands: the rules knowledge
//! behind the error messages of the notation readers and the game.

use crate::board::{Move, PieceKind, Position};

/// Why a well-formed ply is not legal in `pos`.
pub fn explain_illegal(pos: &Position, mv: Move) -> &'static str {
    let sq = mv.square();
    let me = pos.to_move();
    if !mv.is_spread() {
        return if pos.height(sq) > 0 {
            "pieces are only placed on empty squares"
        } else if pos.in_swap() && mv.kind() != PieceKind::Flat {
            "the first two plies place the opponent's flat"
        } else if mv.kind() == PieceKind::Cap {
            "no capstone left in the reserve"
        } else {
            "no stones left in the reserve"
        };
    }
    if pos.in_swap() {
        return "the first two plies must be placements";
    }
    if pos.owner(sq) != Some(me) {
        return "a spread starts from a stack whose top piece is the mover's";
    }
    if mv.count() > pos.height(sq) {
        return "the count is larger than the stack";
    }
    "the path is blocked: walls take only a lone capstone, capstones nothing"
}
