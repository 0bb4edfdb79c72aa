//! The score each root line reports (`cp`, `wdl`): the search's own score,
//! steadied across its last iterations.
//!
//! An iteration of odd depth ends on the mover's ply and one of even depth on
//! the opponent's, and a shallow search misjudges a position by more than a
//! ply's worth of play changes it; a report of the last iteration alone then
//! errs one way at one position and the other way at the next, and PTN
//! Ninja's evaluation bar zigzags along a game (issue 102, docs/calibration.md
//! §7). The best line reports the mean of the best scores of the last
//! `AVERAGED` completed iterations (an even number, so both parities weigh
//! alike), leaving out depth 1 (one ply and the evaluation) and proven
//! scores; every other heuristic line moves by as much, so the lines keep
//! their order and gaps. The move played, the search's score and the bench
//! signature do not depend on it.

use super::score::{self, Score};
use super::Line;

/// The completed iterations whose best scores the report averages.
pub const AVERAGED: usize = 4;

/// The shallowest iteration the report averages (depth 1 is left out).
const FIRST_AVERAGED_DEPTH: u32 = 2;

/// The best scores of the iterations completed so far, deepest last.
#[derive(Clone, Debug, Default)]
pub(super) struct Recent {
    best: Vec<(u32, Score)>,
}

impl Recent {
    /// Records the iteration of `depth` that produced `lines` (best first) and
    /// sets the score each line reports.
    pub(super) fn complete(&mut self, depth: u32, lines: &mut [Line]) {
        let Some(best) = lines.first().map(|l| l.score) else {
            return;
        };
        self.best.push((depth, best));
        let shift = if best.is_proven() {
            0
        } else {
            self.steadied(depth) - best.0
        };
        for line in lines {
            line.reported = if line.score.is_proven() {
                line.score
            } else {
                Score((line.score.0 + shift).clamp(-score::MAX_HEURISTIC, score::MAX_HEURISTIC))
            };
        }
    }

    /// The mean of the last `AVERAGED` heuristic best scores from depth 2 on
    /// (the iteration of `depth` alone when that is depth 1).
    fn steadied(&self, depth: u32) -> i32 {
        let shallowest = FIRST_AVERAGED_DEPTH.min(depth);
        let scores: Vec<i64> = self
            .best
            .iter()
            .rev()
            .take(AVERAGED)
            .filter(|(d, s)| *d >= shallowest && !s.is_proven())
            .map(|(_, s)| i64::from(s.0))
            .collect();
        let n = scores.len().max(1) as i64;
        (scores.iter().sum::<i64>() as f64 / n as f64).round() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(score: i32, first: &str) -> Line {
        let mv = crate::notation::parse_move(first, 6).expect("a move");
        Line::new(Score(score), vec![mv])
    }

    fn reported(lines: &[Line]) -> Vec<i32> {
        lines.iter().map(|l| l.reported.0).collect()
    }

    /// Depth 1 reports itself; later depths the mean of the last four from
    /// depth 2 on; the other lines move by as much as the best.
    #[test]
    fn the_best_line_reports_the_mean_of_the_last_iterations() {
        let mut recent = Recent::default();
        let mut d1 = [line(900, "a1")];
        recent.complete(1, &mut d1);
        assert_eq!(reported(&d1), [900]);
        let mut d2 = [line(100, "a1")];
        recent.complete(2, &mut d2);
        assert_eq!(reported(&d2), [100], "depth 1 is left out");
        for (depth, score) in [(3, 200), (4, 300)] {
            recent.complete(depth, &mut [line(score, "b1")]);
        }
        let mut d5 = [line(400, "c1"), line(380, "a1"), line(-50, "b1")];
        recent.complete(5, &mut d5);
        assert_eq!(reported(&d5), [250, 230, -200], "mean of depths 2 to 5");
        let mut d6 = [line(500, "c1")];
        recent.complete(6, &mut d6);
        assert_eq!(reported(&d6), [350], "mean of depths 3 to 6");
    }

    /// A proven best line reports as it is and moves no other line; proven
    /// scores of earlier iterations are left out of the mean.
    #[test]
    fn proven_scores_report_as_they_are() {
        let mut recent = Recent::default();
        recent.complete(2, &mut [line(Score::win_at(9).0, "a1")]);
        recent.complete(3, &mut [line(40, "a1")]);
        let mut d4 = [line(60, "a1"), line(Score::loss_at(5).0, "b1")];
        recent.complete(4, &mut d4);
        assert_eq!(reported(&d4), [50, Score::loss_at(5).0]);
        let mut won = [line(Score::win_at(3).0, "a1"), line(30, "b1")];
        recent.complete(5, &mut won);
        assert_eq!(reported(&won), [Score::win_at(3).0, 30]);
    }

    /// Shifted lines stay inside the heuristic range.
    #[test]
    fn shifted_lines_stay_heuristic() {
        let mut recent = Recent::default();
        recent.complete(2, &mut [line(8000, "a1")]);
        let mut d3 = [line(-8000, "a1"), line(-8990, "b1")];
        recent.complete(3, &mut d3);
        assert_eq!(reported(&d3), [0, -990]);
        let mut d4 = [line(8990, "a1"), line(8980, "b1")];
        recent.complete(4, &mut d4);
        assert_eq!(reported(&d4)[0], 2997);
    }
}
