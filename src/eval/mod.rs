//! Static evaluation in centiflats from the side to move: a weighted sum of the
//! features in `features.rs` (flats and the flat race, walls and capstones, what
//! stacks hold and reach, road spans, groups, distances and threats, line fill and
//! blocked lines, capstone placement and mobility, centre), with one
//! weight row per board size in `weights.rs`.

pub mod features;
mod roads;
pub mod weights;

use crate::board::{Color, Position};
use features::{features, COUNT};
use weights::{SCALE, WEIGHTS};

/// The weight row for `pos`'s board size.
pub fn weights_for(size: usize) -> &'static [i32; COUNT] {
    &WEIGHTS[size.clamp(3, 8) - 3]
}

/// The weighted sum of `f` from White's point of view, in centiflats.
pub fn white_score(f: &[i32; COUNT], w: &[i32; COUNT]) -> i32 {
    let sum: i64 = f.iter().zip(w).map(|(&f, &w)| f as i64 * w as i64).sum();
    (sum / SCALE as i64).clamp(-9000, 9000) as i32
}

/// The evaluation of `pos` from the side to move, in centiflats, within ±9000.
pub fn evaluate(pos: &Position) -> i32 {
    let white = white_score(&features(pos), weights_for(pos.size()));
    match pos.to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}
