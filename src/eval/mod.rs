//! Static evaluation in centiflats from the side to move: a weighted sum of the
//! measures in `features.rs` (flats and the flat race, walls and capstones, what
//! stacks hold and reach, road spans, groups, distances and threats, line fill and
//! blocked lines, capstone placement and mobility, centre), each with a weight for
//! the start and one for the end of the game, blended by the game's progress. One
//! weight row per board size lives in `weights/` (`s3.rs` to `s8.rs`). A learned
//! correction (`net.rs`) is added to the sum on sizes that have fitted weights
//! (`net_weights/`), in 16-bit integers (`quant.rs`) whose square sums the
//! search keeps move by move (`incremental.rs`, `NetStack`).
//!
//! The public surface is small: `evaluate` (what the search uses), `explain`
//! (every measure, weight and contribution, for the command line), `score`
//! (the unit, `Score`) and `tuning` (what the tuner needs: feature vectors, the
//! hand-built sum, the correction's inputs and weights files).

pub mod carry;
mod explain;
mod features;
mod incremental;
mod layout;
pub mod lean;
mod lean_table;
mod net;
mod net_weights;
pub mod outlook;
mod outlook_table;
mod quant;
mod roads;
pub mod score;
mod squares;
pub mod tuning;
mod weights;

pub use explain::{explain, Explanation, Term};
pub use incremental::NetStack;
pub use net_weights::{has_network, install as install_network};
pub use score::Score;

use crate::board::{Bitboard, Color, Position, MAX_SIZE, MIN_SIZE};
use features::{completing_squares, measures, measures_and_roads, COUNT, MEASURES, PHASE_SCALE};
use score::MAX_HEURISTIC;
use weights::{SCALE, WEIGHTS};

/// The hand-built weight row for board size `size` (clamped to the sizes there
/// are).
fn hand_row(size: usize) -> &'static [i32; COUNT] {
    &WEIGHTS[size.clamp(MIN_SIZE, MAX_SIZE) - MIN_SIZE]
}

/// What the dot product of a feature vector with a weight row is divided by to
/// give centiflats.
const DIVISOR: i64 = SCALE as i64 * PHASE_SCALE as i64;

fn dot(a: &[i32], b: &[i32]) -> i64 {
    a.iter().zip(b).map(|(&a, &b)| a as i64 * b as i64).sum()
}

/// A dot product in weight units as centiflats, within ±`MAX_HEURISTIC`.
fn centiflats(sum: i64) -> i32 {
    let limit = MAX_HEURISTIC as i64;
    (sum / DIVISOR).clamp(-limit, limit) as i32
}

/// The same sum from the measures and the phase, without building the features.
fn tapered_score(m: &[i32; MEASURES], phase: i32, w: &[i32; COUNT]) -> i32 {
    let (start, end) = w.split_at(MEASURES);
    centiflats(dot(m, start) * (PHASE_SCALE - phase) as i64 + dot(m, end) * phase as i64)
}

/// The evaluation of `pos` (with its half-komi) from the side to move, within
/// ±`MAX_HEURISTIC`: the hand-built sum plus the learned correction where the
/// size has one.
pub fn evaluate(pos: &Position) -> Score {
    with_correction(pos, completing_squares(pos), None)
}

/// The hand-built sum alone (what the correction is fitted on top of), in
/// centiflats from the side to move.
fn hand_evaluation(pos: &Position) -> i32 {
    from_side_to_move(pos, measures(pos))
}

/// The hand-built sum and the correction, from White's completing squares and
/// Black's; the correction's square sums come from `stack` when the search
/// keeps them, and are summed here when not.
fn with_correction(
    pos: &Position,
    completing: [Bitboard; 2],
    stack: Option<&mut NetStack>,
) -> Score {
    let (m, phase, roads) = measures_and_roads(pos, completing);
    let hand = from_side_to_move(pos, (m, phase));
    let total = hand + correction(pos, &roads, stack);
    Score(total.clamp(-MAX_HEURISTIC, MAX_HEURISTIC))
}

/// The learned correction of `pos` in centiflats (0 on sizes without one),
/// given the road facts (White's first).
fn correction(
    pos: &Position,
    roads: &[features::RoadFacts; 2],
    stack: Option<&mut NetStack>,
) -> i32 {
    let Some(quant) = quant::quant_for(pos.size()) else {
        return 0;
    };
    let mut globals = [0u16; net::MAX_GLOBAL];
    let mut len = 0;
    net::global_inputs(pos, roads, |i| {
        globals[len] = i as u16;
        len += 1;
    });
    let globals = &globals[..len];
    match stack.and_then(|s| s.current(pos)) {
        Some((net, acc)) => net.correction(acc, pos.to_move(), globals),
        None => quant.correction(&quant.refresh(pos), pos.to_move(), globals),
    }
}

/// `evaluate` when the squares where a placement would complete a road are
/// known: `mine` for the side to move, `theirs` for the other side. The search
/// knows both once it has looked for an immediate win and a threat against it.
/// `stack` holds the correction's sums for `pos` when the search keeps them.
pub(crate) fn evaluate_knowing(
    pos: &Position,
    mine: Bitboard,
    theirs: Bitboard,
    stack: Option<&mut NetStack>,
) -> Score {
    let completing = match pos.to_move() {
        Color::White => [mine, theirs],
        Color::Black => [theirs, mine],
    };
    with_correction(pos, completing, stack)
}

fn from_side_to_move(pos: &Position, (m, phase): ([i32; MEASURES], i32)) -> i32 {
    let white = tapered_score(&m, phase, hand_row(pos.size()));
    match pos.to_move() {
        Color::White => white,
        Color::Black => -white,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tps;

    #[test]
    fn the_evaluation_given_the_road_squares_is_the_evaluation() {
        let positions = [
            "x5/x,2,1,x2/x,1C,x3/x,1,x3/x2,212C,x,1S 1 6",
            "1,x4/1,x4/1,x4/1,2,x3/x,2,2,x2 2 5",
            "1,1,1,1,x/1,x4/1,x4/1,2,x3/x,2,2,2,x 2 7",
            "x5/x5/x,2,x3/x,2,21,x2/x2,2S,1,11C 1 10",
            "2,2,x2,1/2,2,x,1,1/1221S,1,122221C,x,1/1,12,x,2C,2/1S,2,2,x2 1 20",
            "x4/1,x,1,1/2,21,2,2/x4 1 6",
        ];
        let mut threat_seen = false;
        for tps in positions {
            for mover in ["1", "2"] {
                let tps = tps.replace(" 1 ", &format!(" {mover} "));
                let tps = tps.replace(" 2 ", &format!(" {mover} "));
                let pos = parse_tps(&tps).unwrap();
                let me = pos.to_move();
                let mine = pos.road_completing_squares(me);
                let theirs = pos.road_completing_squares(me.opponent());
                threat_seen |= evaluate_knowing(&pos, theirs, mine, None) != evaluate(&pos);
                let mut stack = NetStack::new(&pos);
                assert_eq!(
                    evaluate_knowing(&pos, mine, theirs, Some(&mut stack)),
                    evaluate(&pos),
                    "{tps}"
                );
            }
        }
        // In some position, handing each side the other's squares must change the
        // score, or a mix-up of the two would go unseen.
        assert!(threat_seen);
    }
}
