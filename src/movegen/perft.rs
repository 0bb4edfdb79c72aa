//! Perft: the number of legal ply sequences of a given length, with the convention
//! of `docs/rules.md` — a finished game has no children.

use super::MoveList;
use crate::board::Move;
use crate::board::Position;
use rayon::prelude::*;

/// How the last ply is counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PerftMode {
    /// Count the moves of each node one ply above the leaves without making them.
    Bulk,
    /// Make and unmake every leaf.
    Full,
}

fn perft_inner(pos: &mut Position, depth: u32, mode: PerftMode, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.is_over() {
        return 0;
    }
    if depth == 1 && mode == PerftMode::Bulk {
        return pos.count_legal_moves();
    }
    let (list, rest) = lists.split_first_mut().expect("one list per remaining ply");
    pos.legal_moves(list);
    let mut total = 0;
    if depth == 1 {
        for &mv in list.iter() {
            let undo = pos.make(mv);
            total += 1;
            pos.unmake(mv, undo);
        }
        return total;
    }
    for &mv in list.iter() {
        let undo = pos.make(mv);
        total += perft_inner(pos, depth - 1, mode, rest);
        pos.unmake(mv, undo);
    }
    total
}

fn lists_for(depth: u32) -> Vec<MoveList> {
    (0..depth.max(1))
        .map(|_| MoveList::with_capacity(256))
        .collect()
}

/// perft(`depth`) of `pos`, split over `threads` threads at the root (1 = no split).
pub fn perft(pos: &Position, depth: u32, mode: PerftMode, threads: usize) -> u64 {
    if threads <= 1 || depth < 2 {
        let mut p = pos.clone();
        return perft_inner(&mut p, depth, mode, &mut lists_for(depth));
    }
    perft_divide(pos, depth, mode, threads)
        .iter()
        .map(|(_, n)| n)
        .sum()
}

/// The count under each root move (empty when the game is over or depth is 0).
pub fn perft_divide(
    pos: &Position,
    depth: u32,
    mode: PerftMode,
    threads: usize,
) -> Vec<(Move, u64)> {
    if depth == 0 || pos.is_over() {
        return Vec::new();
    }
    let mut roots = MoveList::new();
    pos.legal_moves(&mut roots);
    let count = |mv: Move| {
        let mut p = pos.clone();
        p.make(mv);
        (
            mv,
            perft_inner(&mut p, depth - 1, mode, &mut lists_for(depth)),
        )
    };
    if threads <= 1 {
        return roots.into_iter().map(count).collect();
    }
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build() {
        Ok(pool) => pool.install(|| roots.into_par_iter().map(count).collect()),
        Err(e) => {
            log::warn!("could not start {threads} perft threads ({e}); using one");
            roots.into_iter().map(count).collect()
        }
    }
}
