//! Static evaluation in centiflats from the side to move: a weighted sum of the
//! measures in `features.rs` (flats and the flat race, walls and capstones, what
//! stacks hold and reach, road spans, groups, distances and threats, line fill and
//! blocked lines, capstone placement and mobility, centre), each with a weight for
//! the start and one for the end of the game, blended by the game's progress. One
//! weight row per board size lives in `weights/` (`s3.rs` to `s8.rs`). A learned
//! correction (`net.rs`) is added to the sum on sizes that have fitted weights.

pub mod features;
pub mod net;
pub mod net_weights;
mod roads;
mod squares;
pub mod weights;

use crate::board::{Bitboard, Color, Position};
use features::{completing_squares, measures, measures_and_roads, COUNT, MEASURES, PHASE_SCALE};
use weights::{SCALE, WEIGHTS};

/// The weight row for `pos`'s board size.
pub fn weights_for(size: usize) -> &'static [i32; COUNT] {
    &WEIGHTS[size.clamp(3, 8) - 3]
}

/// What the dot product of a feature vector with a weight row is divided by to
/// give centiflats.
pub const DIVISOR: i64 = SCALE as i64 * PHASE_SCALE as i64;

/// The weighted sum of the features `f` (as `features::features` gives them)
/// from White's point of view, in centiflats.
pub fn white_score(f: &[i32; COUNT], w: &[i32; COUNT]) -> i32 {
    centiflats(dot(f, w))
}

fn dot(a: &[i32], b: &[i32]) -> i64 {
    a.iter().zip(b).map(|(&a, &b)| a as i64 * b as i64).sum()
}

/// A dot product in weight units as centiflats, within ±9000.
fn centiflats(sum: i64) -> i32 {
    (sum / DIVISOR).clamp(-9000, 9000) as i32
}

/// The same sum from the measures and the phase, without building the features.
fn tapered_score(m: &[i32; MEASURES], phase: i32, w: &[i32; COUNT]) -> i32 {
    let (start, end) = w.split_at(MEASURES);
    centiflats(dot(m, start) * (PHASE_SCALE - phase) as i64 + dot(m, end) * phase as i64)
}

/// The evaluation of `pos` from the side to move, in centiflats, within ±9000:
/// the hand-built sum plus the learned correction where the size has one.
pub fn evaluate(pos: &Position) -> i32 {
    with_correction(pos, completing_squares(pos))
}

/// The hand-built sum alone (what the correction is fitted on top of).
pub fn hand_evaluation(pos: &Position) -> i32 {
    from_side_to_move(pos, measures(pos))
}

/// The hand-built sum and the correction, from White's completing squares and
/// Black's.
fn with_correction(pos: &Position, completing: [Bitboard; 2]) -> i32 {
    let (m, phase, roads) = measures_and_roads(pos, completing);
    let hand = from_side_to_move(pos, (m, phase));
    (hand + net::correction_with(pos, &roads)).clamp(-9000, 9000)
}

/// `evaluate` when the squares where a placement would complete a road are
/// known: `mine` for the side to move, `theirs` for the other side. The search
/// knows both once it has looked for an immediate win and a threat against it.
pub fn evaluate_knowing(pos: &Position, mine: Bitboard, theirs: Bitboard) -> i32 {
    let completing = match pos.to_move() {
        Color::White => [mine, theirs],
        Color::Black => [theirs, mine],
    };
    with_correction(pos, completing)
}

fn from_side_to_move(pos: &Position, (m, phase): ([i32; MEASURES], i32)) -> i32 {
    let white = tapered_score(&m, phase, weights_for(pos.size()));
    match pos.to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}
