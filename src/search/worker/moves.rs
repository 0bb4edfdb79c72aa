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
    #[allow(clippy::too_many_arguments)]
    pub(super) fn search_moves(
        &mut self,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
        excluded: &[Move],
        extensions: u32,
        threatened: bool,
        (tt_move, tt_extension): (Option<Move>, i32),
    ) -> Option<i32> {
        let mut moves = std::mem::take(&mut self.lists[ply]);
        let mut scored = std::mem::take(&mut self.scored[ply]);
        self.pos.legal_moves(&mut moves);
        moves.retain(|m| !excluded.contains(m));
        scored.score(&self.pos, &moves, tt_move, self.killers[ply], self.history);
        let node = Node {
            depth,
            ply,
            beta,
            extensions,
            threatened,
            tt_move,
            tt_extension,
            prune_after: (beta - alpha == 1 && ply > 0 && !threatened && depth <= LMP_DEPTH)
                .then(|| LMP_BASE + LMP_SCALE * (depth * depth) as usize),
        };
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
                let tried = scored.picked(i).iter().copied();
                self.history
                    .update(self.pos.to_move().index(), mv, tried, depth);
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
    /// (the killers are updated then, the history by the caller).
    fn note_score(&mut self, node: &Node, best: &mut Best, mv: Move, score: i32) -> bool {
        if score <= best.score {
            return false;
        }
        best.score = score;
        best.mv = Some(mv);
        if score <= best.alpha {
            return false;
        }
        best.alpha = score;
        self.update_pv(node.ply, mv);
        if node.ply == 0 {
            self.root_best = score;
        }
        if score < node.beta {
            return false;
        }
        self.note_killer(node.ply, mv);
        true
    }

    pub(super) fn note_killer(&mut self, ply: usize, mv: Move) {
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
            score = -self.negamax(next, ply + 1, -beta, -alpha, &[], extensions);
        } else {
            score = -self.negamax(
                next - reduction,
                ply + 1,
                -alpha - 1,
                -alpha,
                &[],
                extensions,
            );
            if score > alpha && reduction > 0 {
                score = -self.negamax(next, ply + 1, -alpha - 1, -alpha, &[], extensions);
            }
            if score > alpha && score < beta {
                score = -self.negamax(next, ply + 1, -beta, -alpha, &[], extensions);
            }
        }
        self.pop(mv, undo);
        Child::Searched(score)
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

/// The best of a node's moves so far.
#[derive(Clone, Copy)]
pub(super) struct Best {
    pub(super) alpha: i32,
    pub(super) score: i32,
    pub(super) mv: Option<Move>,
}

/// What became of one move of a node's loop.
pub(super) enum Child {
    Pruned,
    Searched(i32),
}
