//! The move loop of a node: its moves in order, each searched with principal
//! variation search and late-move reductions (or pruned late), the best kept,
//! and the result stored in the table; with threads, a node's later moves may
//! be shared out (`split.rs`).

use super::Worker;
use crate::board::Move;
use crate::search::params::{LMP_BASE, LMP_DEPTH, LMP_SCALE, LMR_MIN_DEPTH, LMR_MIN_INDEX};
use crate::search::score::{Score, INFINITY, PROVEN};
use crate::search::tt::Bound;

impl Worker<'_> {
    /// The move loop of `negamax`. `None` when every move was excluded.
    ///
    /// With two threads or more, once the first move is searched without a
    /// cut, a node far enough from the horizon shares its remaining moves as
    /// soon as a thread waits for work (`split.rs`, young brothers wait).
    pub(super) fn search_moves(
        &mut self,
        node: Node,
        alpha: i32,
        excluded: &[Move],
    ) -> Option<i32> {
        let Node {
            depth, ply, beta, ..
        } = node;
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut scored = std::mem::take(&mut self.scored[ply]);
        self.pos.legal_moves(&mut moves);
        moves.retain(|m| !excluded.contains(m));
        let killers = self.killers[ply];
        scored.score(&self.pos, &moves, node.tt_move, killers, self.history);
        let mut best = Best {
            alpha,
            score: -INFINITY,
            mv: None,
        };
        for i in 0..scored.len() {
            if i >= 1 && self.may_split(&node, scored.len() - i) {
                best = self.split(&node, &mut scored, best, i);
                break;
            }
            let mv = scored.pick(i);
            let Child::Searched(score) = self.search_child(&node, i, mv, &best) else {
                continue;
            };
            if self.stopped {
                break;
            }
            if self.note_score(&node, &mut best, mv, score) {
                self.note_cut(&node, mv, scored.picked(i).iter().copied());
                break;
            }
        }
        self.lists[ply] = moves;
        self.scored[ply] = scored;
        let best_move = best.mv?;
        if !self.stopped && excluded.is_empty() {
            let bound = if best.score >= beta {
                Bound::Lower
            } else if best.score > alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let stored = Score(best.score).to_tt(ply);
            self.shared
                .tt
                .store(self.pos.hash(), Some(best_move), stored, depth, bound);
        }
        Some(best.score)
    }

    /// Takes a searched move's score into the node's best; true on a cut
    /// (then the caller notes it, `note_cut`).
    fn note_score(&mut self, node: &Node, best: &mut Best, mv: Move, score: i32) -> bool {
        let taken = best.take(mv, score, node.beta);
        if taken == Taken::Below {
            return false;
        }
        self.update_pv(node.ply, mv);
        if node.ply == 0 {
            self.root_best = score;
        }
        taken == Taken::Cut
    }

    /// What a cut by `mv` at `node` teaches, after the moves `tried` before
    /// it: `mv` becomes a killer of its ply and gains history, the others
    /// lose it. The one place for it, whether the node was split or not.
    pub(super) fn note_cut(&mut self, node: &Node, mv: Move, tried: impl Iterator<Item = Move>) {
        self.note_killer(node.ply, mv);
        self.history
            .update(self.pos.to_move().index(), mv, tried, node.depth);
    }

    fn note_killer(&mut self, ply: usize, mv: Move) {
        let k = &mut self.killers[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    /// One move of a node's loop, the `i`-th in order: pruned late, or
    /// searched with principal variation search and late-move reductions
    /// against the node's best so far.
    pub(super) fn search_child(&mut self, node: &Node, i: usize, mv: Move, best: &Best) -> Child {
        let (depth, ply) = (node.depth, node.ply);
        let undo = self.push(mv);
        let quiet = Some(mv) != node.tt_move && !self.killers[ply].contains(&Some(mv));
        let mut late =
            quiet && best.score > -PROVEN && node.prune_after.is_some_and(|limit| i >= limit);
        let mut reduction =
            if depth >= LMR_MIN_DEPTH && i >= LMR_MIN_INDEX && quiet && !node.threatened {
                self.reductions.get(depth, i)
            } else {
                0
            };
        // Never reduce or prune a move that makes a road threat.
        if (late || reduction > 0) && self.pos.has_placement_win(self.pos.to_move().opponent()) {
            reduction = 0;
            late = false;
        }
        if late {
            self.pop(mv, undo);
            return Child::Pruned;
        }
        let next = if Some(mv) == node.tt_move {
            depth - 1 + node.tt_extension
        } else {
            depth - 1
        };
        let (alpha, beta, extensions) = (best.alpha, node.beta, node.extensions);
        let mut score;
        if i == 0 {
            score = -self.negamax(next, ply + 1, Window::full(alpha, beta), &[], extensions);
        } else {
            let null = Window::null(alpha);
            score = -self.negamax(next - reduction, ply + 1, null, &[], extensions);
            if score > alpha && reduction > 0 {
                score = -self.negamax(next, ply + 1, null, &[], extensions);
            }
            if score > alpha && score < beta {
                score = -self.negamax(next, ply + 1, Window::full(alpha, beta), &[], extensions);
            }
        }
        self.pop(mv, undo);
        Child::Searched(score)
    }
}

/// The bounds a node is searched within, from its side to move.
#[derive(Clone, Copy)]
pub(super) struct Window {
    pub(super) alpha: i32,
    pub(super) beta: i32,
}

impl Window {
    /// The child's window of a parent searched within (alpha, beta): negated.
    pub(super) fn full(alpha: i32, beta: i32) -> Window {
        Window {
            alpha: -beta,
            beta: -alpha,
        }
    }

    /// The child's null window that tests whether a move beats `alpha`.
    pub(super) fn null(alpha: i32) -> Window {
        Window {
            alpha: -alpha - 1,
            beta: -alpha,
        }
    }
}

/// What the moves of one node share.
#[derive(Clone, Copy)]
pub(super) struct Node {
    pub(super) depth: i32,
    pub(super) ply: usize,
    pub(super) beta: i32,
    pub(super) extensions: u32,
    pub(super) threatened: bool,
    pub(super) tt_move: Option<Move>,
    pub(super) tt_extension: i32,
    /// Quiet moves from this index on are pruned (late-move pruning).
    pub(super) prune_after: Option<usize>,
}

impl Node {
    /// The node at `ply` searched to `depth` within `window`, with its TT
    /// move and that move's extension.
    pub(super) fn new(
        depth: i32,
        ply: usize,
        window: Window,
        extensions: u32,
        threatened: bool,
        (tt_move, tt_extension): (Option<Move>, i32),
    ) -> Node {
        let Window { alpha, beta } = window;
        Node {
            depth,
            ply,
            beta,
            extensions,
            threatened,
            tt_move,
            tt_extension,
            prune_after: (beta - alpha == 1 && ply > 0 && !threatened && depth <= LMP_DEPTH)
                .then(|| LMP_BASE + LMP_SCALE * (depth * depth) as usize),
        }
    }
}

/// The best of a node's moves so far.
#[derive(Clone, Copy)]
pub(super) struct Best {
    pub(super) alpha: i32,
    pub(super) score: i32,
    pub(super) mv: Option<Move>,
}

impl Best {
    /// Takes move `mv`'s `score` into the best so far and says whether it
    /// raised alpha (a new line), and whether it reached `beta` (a cut).
    pub(super) fn take(&mut self, mv: Move, score: i32, beta: i32) -> Taken {
        if score <= self.score {
            return Taken::Below;
        }
        self.score = score;
        self.mv = Some(mv);
        if score <= self.alpha {
            return Taken::Below;
        }
        self.alpha = score;
        if score >= beta {
            Taken::Cut
        } else {
            Taken::Line
        }
    }
}

/// What a move's score did to the node's best (`Best::take`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Taken {
    /// Not above alpha: no new line (the best score may still have risen).
    Below,
    /// Above alpha and below beta: the move's line is the node's line.
    Line,
    /// At or above beta: the node is cut.
    Cut,
}

/// What became of one move of a node's loop.
pub(super) enum Child {
    Pruned,
    Searched(i32),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{PieceKind, Square};

    /// A score at or below the best changes nothing; above the best but not
    /// alpha it raises the score only; above alpha it is a new line, and at
    /// beta a cut.
    #[test]
    fn a_score_takes_its_place_in_the_best() {
        let [a, b, c, d] =
            [0, 1, 2, 3].map(|col| Move::place(Square::new(col, 0), PieceKind::Flat));
        let mut best = Best {
            alpha: 10,
            score: -INFINITY,
            mv: None,
        };
        assert_eq!(best.take(a, 5, 20), Taken::Below);
        assert_eq!((best.score, best.alpha, best.mv), (5, 10, Some(a)));
        assert_eq!(best.take(b, 5, 20), Taken::Below);
        assert_eq!(best.mv, Some(a), "a tie keeps the first move");
        assert_eq!(best.take(c, 15, 20), Taken::Line);
        assert_eq!((best.score, best.alpha, best.mv), (15, 15, Some(c)));
        assert_eq!(best.take(d, 20, 20), Taken::Cut);
        assert_eq!((best.score, best.alpha, best.mv), (20, 20, Some(d)));
    }
}
