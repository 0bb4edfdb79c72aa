//! Move ordering: the TT move, then killers, then placements and spreads ranked by
//! the history heuristic plus a cheap Tak-aware prior (flats before capstones
//! before walls; spreads that capture enemy tops or carry many pieces earlier).

use super::params::{
    HISTORY_BONUS_SCALE, HISTORY_LIMIT, HISTORY_MAX_BONUS, LMR_BASE, LMR_DIVISOR, ORDER_KILLER,
    ORDER_TT_MOVE, PRIOR_CAP, PRIOR_FLAT, PRIOR_SPREAD, PRIOR_SPREAD_CAPTURE, PRIOR_SPREAD_PIECE,
    PRIOR_WALL,
};
use crate::board::Move;
use crate::board::{PieceKind, Position};
use std::sync::atomic::{AtomicI32, Ordering};

/// Moves are 17-bit codes, so one table row per colour indexes them directly.
pub const HISTORY_SIZE: usize = 1 << 17;

const TT_MOVE: i32 = ORDER_TT_MOVE;
const KILLER: i32 = ORDER_KILLER;

/// History scores per colour and move code, shared by the threads of a
/// search. Each entry is read and written whole without a lock: two threads
/// updating one entry at once may lose one update, which only blurs an
/// ordering hint.
pub struct History {
    table: Vec<AtomicI32>,
}

impl History {
    pub fn new() -> History {
        History {
            table: (0..2 * HISTORY_SIZE).map(|_| AtomicI32::new(0)).collect(),
        }
    }
    #[inline]
    fn index(color: usize, mv: Move) -> usize {
        color * HISTORY_SIZE + mv.to_bits() as usize % HISTORY_SIZE
    }
    pub fn get(&self, color: usize, mv: Move) -> i32 {
        self.table[Self::index(color, mv)].load(Ordering::Relaxed)
    }
    /// Rewards a cut-off move and penalises the quiet moves tried before it.
    pub fn update(&self, color: usize, best: Move, tried: impl Iterator<Item = Move>, depth: i32) {
        let bonus = (HISTORY_BONUS_SCALE * depth * depth).min(HISTORY_MAX_BONUS);
        let apply = |mv: Move, delta: i32| {
            let e = &self.table[Self::index(color, mv)];
            let old = e.load(Ordering::Relaxed);
            e.store(
                old + delta - old * delta.abs() / HISTORY_LIMIT,
                Ordering::Relaxed,
            );
        };
        apply(best, bonus);
        for mv in tried {
            if mv != best {
                apply(mv, -bonus);
            }
        }
    }
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

/// A prior that needs no history: how promising a move looks in Tak terms.
fn prior(pos: &Position, mv: Move) -> i32 {
    if !mv.is_spread() {
        return match mv.kind() {
            PieceKind::Flat => PRIOR_FLAT,
            PieceKind::Cap => PRIOR_CAP,
            PieceKind::Wall => PRIOR_WALL,
        };
    }
    let me = pos.to_move();
    let mut end = mv.square();
    let mut captures = 0;
    for _ in 0..mv.drop_count() {
        end = end.step(mv.direction(), pos.size()).unwrap_or(end);
        if pos.owner(end) == Some(me.opponent()) {
            captures += 1;
        }
    }
    PRIOR_SPREAD + PRIOR_SPREAD_CAPTURE * captures + PRIOR_SPREAD_PIECE * mv.count() as i32
}

/// A node's moves with their ordering scores, side by side (the scores in
/// an array of their own, so that finding the best is a vector scan).
#[derive(Default)]
pub struct ScoredMoves {
    moves: Vec<Move>,
    scores: Vec<i32>,
}

impl ScoredMoves {
    pub fn with_capacity(n: usize) -> ScoredMoves {
        ScoredMoves {
            moves: Vec::with_capacity(n),
            scores: Vec::with_capacity(n),
        }
    }

    /// Scores `moves`: the TT move, then the killers, then history plus prior.
    pub fn score(
        &mut self,
        pos: &Position,
        moves: &[Move],
        tt_move: Option<Move>,
        killers: [Option<Move>; 2],
        history: &History,
    ) {
        self.moves.clear();
        self.scores.clear();
        let color = pos.to_move().index();
        for &mv in moves {
            let score = if Some(mv) == tt_move {
                TT_MOVE
            } else if Some(mv) == killers[0] {
                KILLER
            } else if Some(mv) == killers[1] {
                KILLER - 1
            } else {
                history.get(color, mv) + prior(pos, mv)
            };
            self.moves.push(mv);
            self.scores.push(score);
        }
    }

    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// The moves before `i`, in the order they were picked.
    pub fn picked(&self, i: usize) -> &[Move] {
        &self.moves[..i]
    }

    /// Moves the best remaining move to place `i` and returns it: the first
    /// of the highest score from `i` on, swapped with the move at `i` — a
    /// selection sort, one step at a time, since most nodes stop after a few.
    /// The highest score is found by a scan the compiler vectorises, then the
    /// first move that has it.
    #[inline]
    pub fn pick(&mut self, i: usize) -> Move {
        let rest = &self.scores[i..];
        let top = rest.iter().copied().max().unwrap_or(i32::MIN);
        let best = i + rest.iter().position(|&s| s == top).unwrap_or(0);
        self.scores.swap(i, best);
        self.moves.swap(i, best);
        self.moves[i]
    }
}

/// Late-move reductions by remaining depth and move number: about
/// ln(depth)·ln(move)/2.5 plies, never leaving less than one ply.
pub struct Reductions {
    table: Vec<[i8; 64]>,
}

impl Reductions {
    pub fn new() -> Reductions {
        let table = (0..64)
            .map(|depth: usize| {
                let mut row = [0i8; 64];
                for (i, r) in row.iter_mut().enumerate() {
                    if depth >= 2 && i >= 1 {
                        let x = LMR_BASE + (depth as f64).ln() * (i as f64).ln() / LMR_DIVISOR;
                        *r = (x as i32).clamp(0, depth as i32 - 2) as i8;
                    }
                }
                row
            })
            .collect();
        Reductions { table }
    }

    /// The reduction for the `index`-th move (0-based) at `depth`.
    #[inline]
    pub fn get(&self, depth: i32, index: usize) -> i32 {
        self.table[depth.clamp(0, 63) as usize][index.min(63)] as i32
    }
}

impl Default for Reductions {
    fn default() -> Self {
        Reductions::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// `pick` takes the same move at every step as the plain selection scan
    /// it replaced (the first of the highest score, swapped into place), ties
    /// included, so the search's trees do not change.
    #[test]
    fn pick_follows_the_selection_scan_through_ties() {
        let mut rng = StdRng::seed_from_u64(5);
        for _ in 0..200 {
            // Distinct moves: 64 squares times three kinds of piece.
            let n = rng.gen_range(1..=192);
            let kinds = [PieceKind::Flat, PieceKind::Wall, PieceKind::Cap];
            let moves: Vec<Move> = (0..n)
                .map(|k| Move::place(Square::new(k % 8, k / 8 % 8), kinds[k / 64]))
                .collect();
            // Few distinct scores, so that ties are common.
            let scores: Vec<i32> = (0..n).map(|_| rng.gen_range(-3..4)).collect();
            let mut scored = ScoredMoves::with_capacity(n);
            scored.moves = moves.clone();
            scored.scores = scores.clone();
            let mut reference: Vec<(Move, i32)> = moves.into_iter().zip(scores).collect();
            for i in 0..n {
                let mut best = i;
                for j in i + 1..n {
                    if reference[j].1 > reference[best].1 {
                        best = j;
                    }
                }
                reference.swap(i, best);
                assert_eq!(scored.pick(i), reference[i].0);
                assert_eq!(
                    scored.picked(i + 1),
                    &reference[..=i].iter().map(|&(m, _)| m).collect::<Vec<_>>()[..]
                );
            }
        }
    }
}
