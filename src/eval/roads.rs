//! Road measures for the evaluation: the widest span of a road group, the fewest
//! placements still needed for a road, and how full each row and column is.

use crate::board::{flood, Bitboard, Color, Position};

/// The widest row or column span (in squares) of any connected road group, and
/// how many groups there are.
pub fn widest_span(pos: &Position, area: Bitboard) -> (usize, usize) {
    let mut left = area;
    let mut best = 0;
    let mut groups = 0;
    while let Some(seed) = left.squares().next() {
        let group = flood(seed.bit(), area);
        left &= !group;
        groups += 1;
        // Files: the ranks' bytes ORed together; ranks: the bytes not empty.
        let mut files = group.0;
        files |= files >> 32;
        files |= files >> 16;
        files |= files >> 8;
        let ranks = (0..8).filter(|r| group.0 >> (8 * r) & 0xFF != 0).count() as u32;
        best = best.max((files as u8).count_ones()).max(ranks);
    }
    (best.min(pos.size() as u32) as usize, groups)
}

/// Placements needed to join `start` to `end` through empty squares and `own`
/// squares, if at most `limit`: a 0-1 breadth-first search done with bitboard
/// floods, one layer of empty squares at a time.
fn edge_to_edge(
    own: Bitboard,
    empty: Bitboard,
    start: Bitboard,
    end: Bitboard,
    limit: usize,
) -> Option<usize> {
    let mut reached = flood(own & start, own);
    for placements in 0..=limit {
        if reached.intersects(end) {
            return Some(placements);
        }
        let frontier = (reached.neighbours() | start) & empty & !reached;
        if frontier.is_empty() {
            return None;
        }
        reached = flood(reached | frontier, own | reached | frontier);
    }
    None
}

/// The fewest placements `color` needs for a road through empty squares and its
/// own flats and capstones (walls and capstones of the other side block), or
/// `None` when that is more than `limit` or impossible.
pub fn road_distance(pos: &Position, color: Color, limit: usize) -> Option<usize> {
    let g = pos.geometry();
    let own = pos.road_squares(color);
    let empty = pos.empty();
    let across = edge_to_edge(own, empty, g.left, g.right, limit);
    let along = edge_to_edge(own, empty, g.bottom, g.top, limit);
    match (across, along) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The rows and columns of an n-board, as masks.
fn lines(n: usize) -> impl Iterator<Item = u64> {
    let row = (1u64 << n) - 1;
    let column = (0..n).fold(0u64, |acc, r| acc | 1 << (8 * r));
    (0..n).flat_map(move |i| [row << (8 * i), column << i])
}

/// Squares of `area` counted once for each of their row and column that also
/// holds a square of `blockers`.
pub fn blocked_line_squares(pos: &Position, area: Bitboard, blockers: Bitboard) -> i32 {
    lines(pos.size())
        .filter(|&mask| blockers.0 & mask != 0)
        .map(|mask| (area.0 & mask).count_ones() as i32)
        .sum()
}

/// For k = 1..=8, how many rows and columns hold exactly k of `area`'s squares,
/// added into `out[k - 1]` with `sign`.
pub fn line_fill(pos: &Position, area: Bitboard, sign: i32, out: &mut [i32]) {
    for mask in lines(pos.size()) {
        let k = (area.0 & mask).count_ones() as usize;
        if k > 0 {
            out[k - 1] += sign;
        }
    }
}
