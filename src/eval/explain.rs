//! `explain`: the evaluation of a position taken apart, measure by measure,
//! for the command line (`menhir analyze --explain`) and for tests.

use super::features::{
    completing_squares, measure_name, measures_and_roads, MEASURES, PHASE_SCALE,
};
use super::score::{Score, MAX_HEURISTIC};
use super::{from_side_to_move, hand_row, DIVISOR};
use crate::board::{Color, Position};
use std::fmt;

/// One measure of the evaluation.
#[derive(Clone, Debug, PartialEq)]
pub struct Term {
    /// As the weights files name it.
    pub name: String,
    /// The measure from White's point of view.
    pub value: i32,
    /// Its weight at the start of the game, in 1/16 centiflat.
    pub start_weight: i32,
    /// Its weight at the end of the game, in 1/16 centiflat.
    pub end_weight: i32,
    /// What it adds, in centiflats for White: the value times the weights
    /// blended by the phase (before the sum is rounded and clamped).
    pub contribution: f64,
}

/// The evaluation of a position taken apart.
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation {
    /// Who is to move (`hand`, `correction` and `total` are from that side).
    pub to_move: Color,
    /// The game's progress, 0 (start) to `phase_scale` (a reserve or the board
    /// used up): how far the weights have gone from start to end.
    pub phase: i32,
    /// The top of the `phase` scale.
    pub phase_scale: i32,
    /// Every measure, in weight-row order.
    pub terms: Vec<Term>,
    /// The hand-built sum, in centiflats from the side to move.
    pub hand: i32,
    /// The learned correction, in centiflats from the side to move (0 on sizes
    /// without one).
    pub correction: i32,
    /// The evaluation: `hand + correction`, clamped; equal to `evaluate`.
    pub total: Score,
}

impl Explanation {
    /// The measure called `name`, if there is one.
    pub fn term(&self, name: &str) -> Option<&Term> {
        self.terms.iter().find(|t| t.name == name)
    }
}

/// The evaluation of `pos` (with its half-komi), measure by measure.
pub fn explain(pos: &Position) -> Explanation {
    let (m, phase, roads) = measures_and_roads(pos, completing_squares(pos));
    let row = hand_row(pos.size());
    let terms = (0..MEASURES)
        .map(|i| {
            let (start_weight, end_weight) = (row[i], row[MEASURES + i]);
            let blended = start_weight as i64 * (PHASE_SCALE - phase) as i64
                + end_weight as i64 * phase as i64;
            Term {
                name: measure_name(i),
                value: m[i],
                start_weight,
                end_weight,
                contribution: (m[i] as i64 * blended) as f64 / DIVISOR as f64,
            }
        })
        .collect();
    let hand = from_side_to_move(pos, (m, phase));
    let correction = super::correction(pos, &roads, None);
    let total = (hand + correction).clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
    Explanation {
        to_move: pos.to_move(),
        phase,
        phase_scale: PHASE_SCALE,
        terms,
        hand,
        correction,
        total: Score(total),
    }
}

/// A table of the measures that are not zero, then the phase, the hand-built
/// sum, the correction and the total.
impl fmt::Display for Explanation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<22} {:>6} {:>7} {:>7} {:>10}",
            "measure (White)", "value", "start", "end", "eval units"
        )?;
        for t in self.terms.iter().filter(|t| t.value != 0) {
            writeln!(
                f,
                "{:<22} {:>6} {:>7} {:>7} {:>+10.1}",
                t.name, t.value, t.start_weight, t.end_weight, t.contribution
            )?;
        }
        let side = match self.to_move {
            Color::White => "White",
            Color::Black => "Black",
        };
        writeln!(f, "phase {}/{}", self.phase, self.phase_scale)?;
        writeln!(f, "hand-built {:+} for {side}, the side to move", self.hand)?;
        writeln!(f, "correction {:+}", self.correction)?;
        writeln!(f, "evaluation {:+}", self.total.0)?;
        write!(
            f,
            "(evaluation units order positions; the search's scores below are in \
             flats, calibrated on Menhir's games: docs/calibration.md)"
        )
    }
}
