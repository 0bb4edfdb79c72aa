//! The fit of `eval::lean`: how far a search leans toward the side to move, by
//! depth, measured on games read by `calibrate steadiness` (its TSVs keep
//! each position's reported score in internal units and the search's depth).
//!
//! Of two consecutive positions the second is the first seen from the other
//! side, so a steady reader's two scores add up to nothing and the midpoint of
//! the pair is the lean of the two searches: with `L(d) = scale · e^(−decay·d)`,
//! the mean of `L` at the two depths. The fit is least squares over the pairs,
//! each of whose leans is a point; the tenth of the pairs at each end is left
//! out first (where the game turned, a threat seen one ply late, the pair is
//! large and says nothing of the search's habit). For each `decay` of a grid
//! the best `scale` has a closed form.

use super::steadiness::ScoredPly;
use super::table::round;
use menhir::eval::lean::Lean;
use menhir::eval::Score;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The plies of the books' openings: pairs from there on are counted.
pub const FIRST_CHOSEN_PLY: usize = 4;

/// One pair of consecutive positions: the two searches' depths and the
/// midpoint of their scores (internal units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pair {
    /// Depth of the first search.
    pub first: u32,
    /// Depth of the second.
    pub second: u32,
    /// The midpoint of the two scores, each from its side to move.
    pub lean: f64,
}

/// The pairs of `plies` by board size: consecutive positions of a game from
/// ply `from_ply` on, neither proven nor a proven draw, both with their
/// score. Games are told apart by `(source, game)`: `plies` may join TSVs
/// whose numbers restart.
pub fn pairs(plies: &[(usize, ScoredPly)], from_ply: usize) -> BTreeMap<usize, Vec<Pair>> {
    let mut order: Vec<&(usize, ScoredPly)> = plies.iter().collect();
    order.sort_by_key(|(source, p)| (*source, p.game, p.ply));
    let mut by_size: BTreeMap<usize, Vec<Pair>> = BTreeMap::new();
    for w in order.windows(2) {
        let ((sa, a), (sb, b)) = (w[0], w[1]);
        if sa != sb || a.game != b.game || b.ply != a.ply + 1 || a.ply < from_ply {
            continue;
        }
        let (Some(ra), Some(rb)) = (a.read, b.read) else {
            continue;
        };
        let heuristic = |p: &ScoredPly, s: i32| !Score(s).is_proven() && !p.proven();
        if heuristic(a, ra.score) && heuristic(b, rb.score) {
            by_size.entry(a.size).or_default().push(Pair {
                first: a.depth,
                second: b.depth,
                lean: f64::midpoint(f64::from(ra.score), f64::from(rb.score)),
            });
        }
    }
    by_size
}

/// 1/`TRIM` of the pairs at each end are left out.
const TRIM: usize = 10;

/// The decays tried: 0 to 2 per ply in steps of `DECAY_STEP`.
const DECAY_STEP: f64 = 0.005;
const DECAYS: usize = 400;

/// The lean of `size` fitted to `pairs`, or None with too few of them.
pub fn fit(size: usize, pairs: &[Pair]) -> Option<Lean> {
    let mut kept = pairs.to_vec();
    kept.sort_by(|x, y| x.lean.total_cmp(&y.lean));
    let tail = kept.len() / TRIM;
    let kept = &kept[tail..kept.len() - tail];
    let shallowest = kept.iter().map(|p| p.first.min(p.second)).min()?;
    let mut best: Option<(f64, Lean)> = None;
    for k in 0..=DECAYS {
        let decay = DECAY_STEP * k as f64;
        let x = |p: &Pair| {
            f64::midpoint(
                (-decay * f64::from(p.first)).exp(),
                (-decay * f64::from(p.second)).exp(),
            )
        };
        let (xy, xx) = kept.iter().fold((0.0, 0.0), |(xy, xx), p| {
            (xy + x(p) * p.lean, xx + x(p) * x(p))
        });
        let scale = if xx > 0.0 { (xy / xx).max(0.0) } else { 0.0 };
        let error: f64 = kept.iter().map(|p| (p.lean - scale * x(p)).powi(2)).sum();
        if best.as_ref().is_none_or(|(e, _)| error < *e) {
            let lean = Lean {
                size,
                scale,
                decay,
                shallowest,
            };
            best = Some((error, lean));
        }
    }
    best.map(|(_, lean)| lean)
}

/// The trimmed mean lean of the pairs whose two searches both had `depth`
/// (None with fewer than `MIN_PAIRS`), for the printed check.
pub fn observed(pairs: &[Pair], depth: u32) -> Option<(f64, usize)> {
    let mut leans: Vec<f64> = pairs
        .iter()
        .filter(|p| p.first == depth && p.second == depth)
        .map(|p| p.lean)
        .collect();
    if leans.len() < MIN_PAIRS {
        return None;
    }
    leans.sort_by(f64::total_cmp);
    let tail = leans.len() / TRIM;
    let kept = &leans[tail..leans.len() - tail];
    Some((kept.iter().sum::<f64>() / kept.len() as f64, leans.len()))
}

/// Fewer pairs than this at a depth are not printed.
const MIN_PAIRS: usize = 20;

/// `src/eval/lean_table.rs` for `leans`, written by `command`.
pub fn table_text(leans: &[(Lean, String)], command: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "//! Generated by `{command}`;");
    out.push_str(
        "//! do not edit by hand. The leans of `eval::lean`, one per board size fitted.\n\n",
    );
    out.push_str("// Fitted numbers, written with six decimals.\n");
    out.push_str("#![allow(clippy::unreadable_literal)]\n\n");
    out.push_str("use super::lean::Lean;\n\n");
    out.push_str("/// The fitted leans, by size.\n");
    out.push_str("pub const LEANS: &[Lean] = &[\n");
    for (l, note) in leans {
        let _ = writeln!(out, "    // {}x{}: {note}", l.size, l.size);
        let _ = writeln!(
            out,
            "    Lean {{\n        size: {},\n        scale: {:?},\n        decay: {:?},\n        shallowest: {},\n    }},",
            l.size,
            round(l.scale),
            round(l.decay),
            l.shallowest
        );
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(first: u32, second: u32, lean: f64) -> Pair {
        Pair {
            first,
            second,
            lean,
        }
    }

    fn scored(game: usize, ply: usize, score: i32) -> ScoredPly {
        use super::super::steadiness::Read;
        let proven = Score(score).is_proven();
        ScoredPly {
            game,
            ply,
            size: 5,
            half_komi: 4,
            to_move: if ply.is_multiple_of(2) {
                menhir::board::Color::White
            } else {
                menhir::board::Color::Black
            },
            depth: u32::try_from(ply).unwrap(),
            cp: score / 2,
            wdl: if proven {
                [1000, 0, 0]
            } else {
                [400, 200, 400]
            },
            result: 0.5,
            read: Some(Read { score, progress: 0 }),
        }
    }

    #[test]
    fn pairs_join_consecutive_heuristic_positions_of_one_game() {
        let win = Score::win_at(3).0;
        let plies = vec![
            (0, scored(1, 3, 50)),
            (0, scored(1, 4, 10)),
            (0, scored(1, 5, 30)),
            (0, scored(1, 6, win)),
            (0, scored(1, 7, 20)),
            (0, scored(1, 9, 20)),
            (1, scored(1, 10, 40)),
            (1, scored(2, 11, 60)),
        ];
        let by_size = pairs(&plies, 4);
        // (4, 5) only: ply 3 is before ply 4, 6 is proven, 7 and 9 are
        // apart, and the last two are other games.
        assert_eq!(by_size[&5], vec![pair(4, 5, 20.0)]);
        assert_eq!(pairs(&plies, 3)[&5].len(), 2);
    }

    #[test]
    fn the_fit_finds_the_fall_it_was_given() {
        let truth = |d: u32| 400.0 * (-0.6 * f64::from(d)).exp();
        let mut pairs = Vec::new();
        for d in 4..10 {
            for k in 0..50 {
                let noise = f64::from(k % 7) - 3.0;
                let (a, b) = (d, d + (k % 2));
                pairs.push(pair(a, b, f64::midpoint(truth(a), truth(b)) + noise));
            }
        }
        let lean = fit(5, &pairs).expect("a fit");
        assert_eq!(lean.shallowest, 4);
        assert!((lean.decay - 0.6).abs() < 0.03, "{lean:?}");
        assert!((lean.at(6) - truth(6)).abs() < 1.0, "{lean:?}");
    }

    #[test]
    fn no_pairs_no_lean_and_a_negative_lean_reads_as_none() {
        assert_eq!(fit(5, &[]), None);
        let lean = fit(5, &vec![pair(6, 6, -20.0); 30]).expect("a fit");
        assert_eq!(lean.scale, 0.0);
    }

    #[test]
    fn observed_means_need_enough_pairs_at_the_depth() {
        let pairs: Vec<Pair> = (0..25).map(|k| pair(7, 7, f64::from(k))).collect();
        let (mean, n) = observed(&pairs, 7).expect("enough");
        assert_eq!(n, 25);
        assert!((mean - 12.0).abs() < 1e-9);
        assert_eq!(observed(&pairs, 6), None);
    }
}
