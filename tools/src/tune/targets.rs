//! The targets a fit learns from self-play positions: the search score
//! blended with the game's result (`blend_scores`), or temporal-difference
//! returns over a game's recorded positions (`td_scores`, TD(λ)).
//!
//! The second rests on this: a search score at one ply is a guess at the
//! game's outcome; the score a few plies later is a better one, since the game
//! has gone on and that search sees further; the result is the last word. So,
//! walking each game back from its end, a position's target is
//!
//! (1 − d^g) · its own search's win probability + d^g · the next recorded
//! position's target,
//!
//! with `d` the decay a ply and `g` the plies between the two positions; after
//! the last recorded position comes the game's result, one ply on. A decay of
//! 0 gives the search score alone; as it nears 1 every target nears the result.
//! The result weighs d^n on a position n plies before the end (0.8: a third at
//! 5 plies, a tenth at 10), and the scores of the next few positions the rest.

use super::logistic::probability;

/// One position: its active inputs, the evaluation, the target probability
/// for the side to move, and for a self-play position the search score (from
/// the side to move) that the target blends in once `k` is known.
pub(super) struct Row {
    pub(super) active: Vec<u16>,
    pub(super) base: f32,
    pub(super) target: f32,
    pub(super) score: Option<f32>,
    pub(super) validation: bool,
    /// Plies from this position to its game's last recorded one.
    pub(super) to_end: usize,
    /// The game it came from, its ply, and whether White is to move.
    pub(super) game: usize,
    pub(super) ply: usize,
    pub(super) white: bool,
}

/// True when a position at `next` (game, ply) follows one at `this` in the
/// same game: consecutive rows with the same game number and a rising ply
/// (positions that were not kept leave gaps the plies still count; a ply that
/// does not rise starts another game, as where two files that number their
/// games alike meet).
fn same_game(this: (usize, usize), next: (usize, usize)) -> bool {
    next.0 == this.0 && next.1 > this.1
}

/// Sets each row's distance in plies from the last recorded position of its
/// game (rows in the order played).
pub(super) fn set_plies_to_end(rows: &mut [Row]) {
    let mut last = 0;
    for i in (0..rows.len()).rev() {
        let this = (rows[i].game, rows[i].ply);
        if rows
            .get(i + 1)
            .is_none_or(|next| !same_game(this, (next.game, next.ply)))
        {
            last = this.1;
        }
        rows[i].to_end = last - this.1;
    }
}

/// Blends each self-play row's search score into its target:
/// λ · σ(k · score / 100) + (1 − λ) · result, with λ = 1 for rows farther
/// than `result_plies` from their game's end.
pub(super) fn blend_scores(rows: &mut [Row], k: f64, lambda: f64, result_plies: Option<usize>) {
    for r in rows {
        if let Some(score) = r.score {
            let lambda = match result_plies {
                Some(n) if r.to_end > n => 1.0,
                _ => lambda,
            };
            let searched = probability(k, score as f64);
            r.target = (lambda * searched + (1.0 - lambda) * r.target as f64) as f32;
        }
    }
}

/// One recorded self-play position, every figure from White's point of view.
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    /// Which game (`same_game` says where one ends).
    pub game: usize,
    /// The position's ply in its game.
    pub ply: usize,
    /// White's win probability from the search score.
    pub searched: f64,
    /// The game's result for White: 1, 0.5 or 0.
    pub result: f64,
}

/// Each step's TD target (White's win probability) for the decay `decay` a ply.
pub(super) fn td_targets(steps: &[Step], decay: f64) -> Vec<f64> {
    let mut out = vec![0.0; steps.len()];
    for i in (0..steps.len()).rev() {
        let step = steps[i];
        let (gap, ahead) = match steps.get(i + 1) {
            Some(next) if next.game == step.game && next.ply > step.ply => {
                (next.ply - step.ply, out[i + 1])
            }
            _ => (1, step.result),
        };
        let carried = decay.powi(gap.clamp(1, 1000) as i32);
        out[i] = (1.0 - carried) * step.searched + carried * ahead;
    }
    out
}

/// Sets each self-play row's target to its temporal-difference return
/// (`td_targets`) with `decay` a ply; teacher rows keep theirs.
pub(super) fn td_scores(rows: &mut [Row], k: f64, decay: f64) {
    let for_white = |r: &Row, p: f64| if r.white { p } else { 1.0 - p };
    let own: Vec<usize> = (0..rows.len())
        .filter(|&i| rows[i].score.is_some())
        .collect();
    let steps: Vec<Step> = own
        .iter()
        .map(|&i| {
            let r = &rows[i];
            Step {
                game: r.game,
                ply: r.ply,
                searched: for_white(r, probability(k, r.score.unwrap_or(0.0) as f64)),
                result: for_white(r, r.target as f64),
            }
        })
        .collect();
    for (&i, t) in own.iter().zip(td_targets(&steps, decay)) {
        let r = &mut rows[i];
        r.target = for_white(r, t) as f32;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::net::prepare;
    use crate::tune::selfplay::Sample;

    fn step(game: usize, ply: usize, searched: f64, result: f64) -> Step {
        Step {
            game,
            ply,
            searched,
            result,
        }
    }

    #[test]
    fn targets_carry_the_result_back_through_each_game() {
        // Game 0: three positions at plies 4, 5 and 7 (ply 6 not kept), White
        // wins. Game 1: one position, Black wins.
        let steps = [
            step(0, 4, 0.5, 1.0),
            step(0, 5, 0.6, 1.0),
            step(0, 7, 0.8, 1.0),
            step(1, 3, 0.4, 0.0),
        ];
        let t = td_targets(&steps, 0.5);
        let last = 0.5 * 0.8 + 0.5 * 1.0;
        let middle = (1.0 - 0.25) * 0.6 + 0.25 * last;
        let first = 0.5 * 0.5 + 0.5 * middle;
        let expected = [first, middle, last, 0.5 * 0.4];
        for (got, want) in t.iter().zip(expected) {
            assert!((got - want).abs() < 1e-12, "{t:?} against {expected:?}");
        }
    }

    #[test]
    fn a_ply_that_does_not_rise_starts_another_game() {
        // Two files that both number their one game 0, read one after the
        // other: the second game's result must not flow into the first.
        let steps = [step(0, 5, 0.5, 1.0), step(0, 2, 0.5, 0.0)];
        let t = td_targets(&steps, 0.5);
        assert_eq!(t, vec![0.75, 0.25]);
    }

    #[test]
    fn decay_zero_is_the_search_and_decay_one_the_result() {
        let steps = [
            step(0, 1, 0.3, 0.5),
            step(0, 2, 0.9, 0.5),
            step(1, 1, 0.2, 1.0),
        ];
        assert_eq!(td_targets(&steps, 0.0), vec![0.3, 0.9, 0.2]);
        assert_eq!(td_targets(&steps, 1.0), vec![0.5, 0.5, 1.0]);
    }

    /// Two 5x5 games of three and two positions: White wins the first,
    /// Black the second; every search score is 0 (a coin toss for the mover).
    fn two_games() -> Vec<Sample> {
        let tps = [
            "x5/x5/x5/x5/x5 1 1",
            "x5/x5/x5/x5/2,x4 2 1",
            "x5/x5/x5/x5/2,1,x3 1 2",
        ];
        let mut samples = Vec::new();
        for (game, result, plies) in [(0, 1.0, 3), (1, 0.0, 2)] {
            samples.extend(tps[..plies].iter().map(|t| Sample {
                game,
                result,
                score: 0,
                half_komi: 0,
                tps: t.to_string(),
                teacher: None,
            }));
        }
        samples
    }

    #[test]
    fn the_result_enters_only_near_the_end_of_each_game() {
        let samples = two_games();
        let mut rows = prepare(&samples, 5).unwrap();
        let ends: Vec<usize> = rows.iter().map(|r| r.to_end).collect();
        assert_eq!(ends, [2, 1, 0, 1, 0]);
        blend_scores(&mut rows, 1.0, 0.5, Some(1));
        let targets: Vec<f32> = rows.iter().map(|r| r.target).collect();
        // Game 0's first position is two plies from the end: search score
        // alone. The rest blend half the result (for the mover) with 0.5.
        assert_eq!(targets, [0.5, 0.25, 0.75, 0.25, 0.75]);
    }

    #[test]
    fn td_targets_are_turned_to_each_movers_side() {
        // Decay 0.5, every search a coin toss.
        let samples = two_games();
        let mut rows = prepare(&samples, 5).unwrap();
        td_scores(&mut rows, 1.0, 0.5);
        let targets: Vec<f32> = rows.iter().map(|r| r.target).collect();
        // For White: game 0 0.5625, 0.625, 0.75; game 1 0.375, 0.25. The
        // second position of each game has Black to move.
        assert_eq!(targets, [0.5625, 0.375, 0.75, 0.375, 0.75]);
    }
}
