//! Static evaluation in centiflats from the side to move: the flat margin with
//! komi (weighted up as a flat count nears), walls and capstones, what the stacks
//! hold, road spans and immediate road threats, and centre control.

mod weights;

use crate::board::{flood, Bitboard, Color, Position};
use weights::*;

/// The widest row or column span (in squares) of any connected road group.
fn widest_span(pos: &Position, area: Bitboard) -> usize {
    let mut left = area;
    let mut best = 0;
    while let Some(seed) = left.squares().next() {
        let group = flood(seed.bit(), area);
        left &= !group;
        let (mut files, mut ranks) = (0u8, 0u8);
        for sq in group.squares() {
            files |= 1 << sq.file();
            ranks |= 1 << sq.rank();
        }
        best = best.max(files.count_ones()).max(ranks.count_ones());
    }
    best.min(pos.size() as u32) as usize
}

/// Closeness to the centre (0 on the rim, larger inside), per square.
fn centre_value(pos: &Position, area: Bitboard) -> i32 {
    let n = pos.size() as i32;
    area.squares()
        .map(|sq| {
            let f = sq.file() as i32;
            let r = sq.rank() as i32;
            f.min(n - 1 - f).min(r.min(n - 1 - r))
        })
        .sum()
}

/// Everything that is one player's, from White's point of view signs aside.
fn side_terms(pos: &Position, color: Color) -> i32 {
    let mine = pos.controlled(color);
    let walls = (mine & pos.walls()).count() as i32;
    let caps = (mine & pos.caps()).count() as i32;
    let mut score = walls * WALL + caps * CAP;
    for sq in mine.squares() {
        let h = pos.height(sq);
        if h > 1 {
            let bits = pos.stack_bits(sq) & ((1u128 << (h - 1)) - 1);
            let black = bits.count_ones() as i32;
            let below = h as i32 - 1;
            let (own, captive) = match color {
                Color::White => (below - black, black),
                Color::Black => (black, below - black),
            };
            score += own * RESERVE_UNDER_OWN + captive * CAPTIVE;
        }
    }
    let road = pos.road_squares(color);
    score += SPAN[widest_span(pos, road)];
    score += centre_value(pos, road) * CENTRE;
    let threats = pos.road_completing_squares(color).count() as i32;
    if threats >= 2 {
        score += DOUBLE_THREAT;
    } else {
        score += threats * THREAT;
    }
    score
}

/// The evaluation of `pos` from the side to move, in centiflats, within ±9000.
pub fn evaluate(pos: &Position) -> i32 {
    let g = pos.geometry();
    let start_pieces = (g.stones + g.capstones) as i32;
    let reserve = |c: Color| (pos.stones(c) + pos.capstones(c)) as i32;
    let fewest = reserve(Color::White).min(reserve(Color::Black));
    let empty = pos.empty().count() as i32;
    let n2 = (g.size * g.size) as i32;
    // 0 early, up to 1000 when a flat count is imminent.
    let reserve_pressure = 1000 - 1000 * fewest.min(start_pieces) / start_pieces.max(1);
    let board_pressure = 1000 - 1000 * empty / n2;
    let pressure = reserve_pressure.max(board_pressure);
    let flat_weight = FLAT + FLAT_ENDGAME * pressure * pressure / 1_000_000;
    // The flat margin counts komi: 2(W - B) - K in half-flats.
    let white_view = pos.flat_margin() * flat_weight / 2 + side_terms(pos, Color::White)
        - side_terms(pos, Color::Black);
    let score = match pos.to_move() {
        Color::White => white_view,
        Color::Black => -white_view,
    } + TEMPO;
    score.clamp(-9000, 9000)
}
