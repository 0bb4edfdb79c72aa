//! What may settle or shape a node before its move loop: the TT's answer, the
//! null move, and the singular test that extends a TT move standing alone.

use super::moves::Window;
use super::Worker;
use crate::board::Move;
use crate::search::params::{
    NULL_MOVE_BASE, NULL_MOVE_DIVISOR, NULL_MOVE_MIN_PIECES, SINGULAR_MARGIN, SINGULAR_MIN_DEPTH,
    SINGULAR_TT_DEPTH_SLACK,
};
use crate::search::score::Score;
use crate::search::tt::Bound;

/// What a TT entry that does not cut tells the node: a move to try first, and
/// the stored score with its bound (never a proven one) and depth.
#[derive(Default, Clone, Copy)]
pub(super) struct TtHint {
    pub(super) mv: Option<Move>,
    bound: Option<(i32, Bound)>,
    depth: i32,
}

/// What the singular test says of a node.
pub(super) enum Singular {
    /// No test, or the TT's move is not singular: search as usual.
    No,
    /// Search the TT's move a ply deeper.
    Extend,
    /// The node fails high (or the search stopped) with this score.
    Cut(i32),
}

impl Worker<'_> {
    /// Null move is unsafe near a flat count: the side passing could be the one
    /// that must end the game, or must not.
    pub(super) fn null_move_safe(&self) -> bool {
        let me = self.pos.to_move();
        let reserves_ok = [me, me.opponent()]
            .iter()
            .all(|&c| self.pos.pieces_left(c) > NULL_MOVE_MIN_PIECES);
        reserves_ok && self.pos.empty().count() > NULL_MOVE_MIN_PIECES && self.pos.ply() >= 4
    }

    /// The TT's word on this node: `Err(score)` when its entry answers the
    /// window at this depth (never at the root or a PV node), otherwise the
    /// entry's move to try first (only used to order generated moves, so a
    /// colliding entry's move is harmless) and its bounded score.
    pub(super) fn probe_tt(
        &self,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        may_cut: bool,
    ) -> Result<TtHint, i32> {
        let Some(e) = self.shared.tt.probe(self.pos.hash()) else {
            return Ok(TtHint::default());
        };
        let score = Score::from_tt(e.score, ply);
        let pv_node = beta - alpha > 1;
        if may_cut && !pv_node && ply > 0 && e.depth >= depth {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => score.0 >= beta,
                Bound::Upper => score.0 <= alpha,
            };
            if cut {
                return Err(score.0);
            }
        }
        Ok(TtHint {
            mv: e.mv,
            bound: (!score.is_proven()).then_some((score.0, e.bound)),
            depth: e.depth,
        })
    }

    /// Singular extension: when the TT's move held a lower bound at nearly this
    /// depth, the other moves are searched at half depth against a bar a little
    /// under its score. If none reaches the bar the TT's move is singular and is
    /// searched a ply deeper; if one clears even beta, the node cuts.
    pub(super) fn singular(
        &mut self,
        hint: TtHint,
        depth: i32,
        ply: usize,
        beta: i32,
        extensions: u32,
    ) -> Singular {
        let (Some(mv), Some((score, bound))) = (hint.mv, hint.bound) else {
            return Singular::No;
        };
        if depth < SINGULAR_MIN_DEPTH
            || bound == Bound::Upper
            || hint.depth < depth - SINGULAR_TT_DEPTH_SLACK
            || ply >= 2 * self.depth.max(1) as usize
            || !self.pos.is_legal(mv)
        {
            return Singular::No;
        }
        let bar = score - SINGULAR_MARGIN * depth;
        let window = Window {
            alpha: bar - 1,
            beta: bar,
        };
        let found = self.negamax((depth - 1) / 2, ply, window, &[mv], extensions);
        if self.stopped {
            Singular::Cut(0)
        } else if found < bar {
            Singular::Extend
        } else if bar >= beta && !Score(found).is_proven() {
            Singular::Cut(bar)
        } else {
            Singular::No
        }
    }

    /// Null-move pruning: passes and searches reduced; `Some(beta)` when even
    /// that fails high (`Some(0)` once stopped), `None` to search on.
    pub(super) fn null_move_cut(
        &mut self,
        depth: i32,
        ply: usize,
        beta: i32,
        extensions: u32,
    ) -> Option<i32> {
        let reduction = NULL_MOVE_BASE + depth / NULL_MOVE_DIVISOR;
        self.pos.make_null();
        self.keys.push(self.pos.hash());
        self.resets.push(self.keys.len() - 1);
        let window = Window::null(beta - 1);
        let score = -self.negamax(depth - 1 - reduction, ply + 1, window, &[], extensions);
        self.keys.pop();
        self.resets.pop();
        self.pos.unmake_null();
        if self.stopped {
            return Some(0);
        }
        (score >= beta && !Score(score).is_proven()).then_some(beta)
    }
}
