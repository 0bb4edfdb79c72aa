//! How steady the evaluation bar is (issue 102): from the engine's `wdl` at
//! every position of some games, the figures a reader of PTN Ninja's bar and
//! Analyze Game marks would feel — how much White's expected score moves from
//! ply to ply, whether those moves zigzag, how many plies PTN Ninja would mark
//! `?`, `??`, `!` or `!!`, and how well the expected score matches the results
//! with each side to move. `replay.rs` scores the positions, `scored.rs` holds
//! them and their TSV form; this file holds the figures.
//!
//! The quantities:
//!
//! - `E`, White's expected score: `(W + D/2) / (W + D + L)` from the `wdl` the
//!   engine reports (per mille, from the side to move), turned to White's side;
//! - a change is `E` after ply `k` minus `E` after ply `k − 1`, for two scored
//!   positions of the same game one ply apart;
//! - points are PTN Ninja's ±100 scale, `200·E − 100`: a change of 0.01 in `E`
//!   is 2 points.

use super::bootstrap::lag1_interval;
use super::fit::reliability;
pub use super::scored::{
    parse_tsv, rescored, tsv_text, Read, ScoredPly, Trial, FIRST_PLY, TSV_HEADER,
};
use menhir::board::Color;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The marks of PTN Ninja's Analyze Game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// `?`, a mistake.
    Mistake,
    /// `??`, a blunder.
    Blunder,
    /// `!`, a good move.
    Good,
    /// `!!`, a brilliant move.
    Brilliant,
}

impl Mark {
    /// Every mark, in the table's order.
    pub const ALL: [Mark; 4] = [Mark::Mistake, Mark::Blunder, Mark::Good, Mark::Brilliant];

    /// The mark as PTN writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            Mark::Mistake => "?",
            Mark::Blunder => "??",
            Mark::Good => "!",
            Mark::Brilliant => "!!",
        }
    }
}

/// PTN Ninja's default thresholds at ad637c7a (`src/bots/bot.js:42-47`), kept
/// at the doubled scale it stores them in; each is halved before use.
const NINJA_BRILLIANT: f64 = 0.06;
const NINJA_GOOD: f64 = 0.03;
const NINJA_BAD: f64 = -0.1;
const NINJA_BLUNDER: f64 = -0.25;

/// What PTN Ninja (at ad637c7a) stores as a position's evaluation from the
/// engine's `wdl` (per mille, from `to_move`): `W/5 + D/10 − 100`, which is
/// `200·E − 100` for the side to move, negated when Black is to move so that it
/// is White's (`src/bots/tei.js:605-613`; a `wdl` takes precedence over the
/// `score` on the same line). Computed in the same order of floating-point
/// operations as the browser, so the marks agree at the thresholds too.
pub fn ninja_evaluation(wdl: [u32; 3], to_move: Color) -> f64 {
    let [w, d, _] = wdl;
    let own = f64::from(w) / 5.0 + f64::from(d) / 10.0 - 100.0;
    match to_move {
        Color::White => own,
        Color::Black => -own,
    }
}

/// JavaScript's `Math.round`: the nearest integer, halves towards +∞.
fn js_round(x: f64) -> f64 {
    let floor = x.floor();
    if x - floor >= 0.5 {
        floor + 1.0
    } else {
        floor
    }
}

/// The mark PTN Ninja's Analyze Game (at ad637c7a) gives a ply, from the
/// evaluations `ninja_evaluation` of the positions before and after it (both
/// White's, ±100) and the player who made it, with the default thresholds.
///
/// The rule (`src/bots/bot.js:1748-1802`, the same in
/// `src/store/analysis/getters.js:9-57`): each evaluation is rounded to a
/// hundredth of a point and divided by 100 (`Math.round(100·x) / 10⁴`, the
/// ±1 scale); the mover's gain is after minus before for White, before minus
/// after for Black; then, with the stored thresholds halved,
/// gain > 0.03 is `!!`, else gain > 0.015 is `!`, else gain > −0.05 is no
/// mark, else gain > −0.125 is `?`, else `??`. In points of the ±100 scale:
/// `!!` above +3, `!` above +1.5 up to +3, `?` from −5 down to above −12.5, `??`
/// at −12.5 and below; a change of exactly +1.5 or +3 takes the lower mark, one
/// of exactly −5 or −12.5 the worse. Plies whose position before is still in
/// the first move (move number 1 in its TPS: plies 1 and 2) get no mark
/// (`bot.js:1755-1762`), nor does a ply without an evaluation on either side —
/// the last ply of a game that ended on the board, whose final position
/// Analyze Game never searches (`bot.js:315-327`).
pub fn ninja_mark(before: f64, after: f64, mover: Color) -> Option<Mark> {
    let before = js_round(100.0 * before) / 1e4;
    let after = js_round(100.0 * after) / 1e4;
    let gain = match mover {
        Color::White => after - before,
        Color::Black => before - after,
    };
    if gain > NINJA_BRILLIANT / 2.0 {
        Some(Mark::Brilliant)
    } else if gain > NINJA_GOOD / 2.0 {
        Some(Mark::Good)
    } else if gain > NINJA_BAD / 2.0 {
        None
    } else if gain > NINJA_BLUNDER / 2.0 {
        Some(Mark::Mistake)
    } else {
        Some(Mark::Blunder)
    }
}

/// The lag-1 autocorrelation of change series: the Pearson correlation of the
/// pairs `(Δ_t, Δ_{t+1})` of consecutive changes within each series, pooled
/// over all the series (each game one series, or several where a position is
/// missing), `Δ_t` and `Δ_{t+1}` each centred on its own mean over the pooled
/// pairs. A pure alternation gives −1, independent changes about 0. `None`
/// with fewer than two pairs or no spread.
pub fn lag1_autocorrelation(series: &[Vec<f64>]) -> Option<f64> {
    let pairs: Vec<(f64, f64)> = series
        .iter()
        .flat_map(|s| s.windows(2).map(|w| (w[0], w[1])))
        .collect();
    if pairs.len() < 2 {
        return None;
    }
    let n = pairs.len() as f64;
    let mean_x = pairs.iter().map(|p| p.0).sum::<f64>() / n;
    let mean_y = pairs.iter().map(|p| p.1).sum::<f64>() / n;
    let (mut xy, mut xx, mut yy) = (0.0, 0.0, 0.0);
    for (x, y) in &pairs {
        let (dx, dy) = (x - mean_x, y - mean_y);
        xy += dx * dy;
        xx += dx * dx;
        yy += dy * dy;
    }
    (xx > 0.0 && yy > 0.0).then(|| xy / (xx * yy).sqrt())
}

/// How well predicted scores match the outcomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// Positions counted.
    pub count: usize,
    /// The expected calibration error: the predictions binned into `fit::BINS`
    /// equal bins of `[0, 1]`, the mean over bins, weighted by their counts, of
    /// |mean predicted − mean observed|. NaN without positions.
    pub ece: f64,
    /// Mean predicted minus mean observed. NaN without positions.
    pub bias: f64,
}

/// The calibration of `(predicted, observed)` pairs, both in `[0, 1]`.
pub fn calibration(pairs: &[(f64, f64)]) -> Calibration {
    if pairs.is_empty() {
        return Calibration {
            count: 0,
            ece: f64::NAN,
            bias: f64::NAN,
        };
    }
    let n = pairs.len() as f64;
    let ece = reliability(pairs.iter().copied()).1;
    let bias = pairs.iter().map(|&(p, o)| p - o).sum::<f64>() / n;
    Calibration {
        count: pairs.len(),
        ece,
        bias,
    }
}

/// The figures of one board size and komi.
#[derive(Clone, Debug, PartialEq)]
pub struct SizeReport {
    /// Board size.
    pub size: usize,
    /// Half-komi.
    pub half_komi: i32,
    /// Games with at least one scored position.
    pub games: usize,
    /// Positions scored.
    pub plies: usize,
    /// Changes (pairs of scored positions one ply apart).
    pub changes: usize,
    /// Lag-1 autocorrelation of the changes of `E` (`lag1_autocorrelation`,
    /// one series per game).
    pub autocorrelation: Option<f64>,
    /// Its 90% bootstrap interval over games (`bootstrap::lag1_interval`).
    pub autocorrelation_interval: Option<(f64, f64)>,
    /// The same over the changes between two positions neither of which is
    /// proven: what is left when the proofs, and a player leaving a proven
    /// line, are set aside.
    pub autocorrelation_heuristic: Option<f64>,
    /// Mean |change| of `E`, in points of the ±100 scale (200 per unit of `E`).
    pub mean_change: f64,
    /// Mean change of `E` in points across White's plies and across Black's:
    /// a zigzag shows as the two far apart with opposite signs.
    pub after: [f64; 2],
    /// Plies PTN Ninja would mark, in the order of `Mark::ALL`.
    pub marks: [usize; 4],
    /// Changes from a proven position to one that is not: a proof that did
    /// not last (the search lost it, or the player left the proven line).
    pub proofs_lost: usize,
    /// White's expected score against White's result, White to move.
    pub white_to_move: Calibration,
    /// White's expected score against White's result, Black to move.
    pub black_to_move: Calibration,
}

/// The figures of every size and komi in `plies` (any order), smallest first.
pub fn summarize(plies: &[ScoredPly]) -> Vec<SizeReport> {
    let mut groups: BTreeMap<(usize, i32), BTreeMap<usize, Vec<&ScoredPly>>> = BTreeMap::new();
    for p in plies {
        groups
            .entry((p.size, p.half_komi))
            .or_default()
            .entry(p.game)
            .or_default()
            .push(p);
    }
    groups
        .into_iter()
        .map(|((size, half_komi), games)| size_report(size, half_komi, &games))
        .collect()
}

/// The runs of changes of White's expected score between consecutive
/// positions of one game's `plies`, in ply order: a run ends where a ply is
/// missing, and with `unproven` where a position is proven.
fn change_runs(plies: &[&ScoredPly], unproven: bool) -> Vec<Vec<f64>> {
    let mut runs = Vec::new();
    let mut run: Vec<f64> = Vec::new();
    for pair in plies.windows(2) {
        let (before, after) = (pair[0], pair[1]);
        let proven = before.proven() || after.proven();
        if after.ply != before.ply + 1 || (unproven && proven) {
            runs.push(std::mem::take(&mut run));
        } else {
            run.push(after.white_expected() - before.white_expected());
        }
    }
    runs.push(run);
    runs
}

/// The lag-1 autocorrelation of the changes of `plies`, every game pooled
/// whatever its size or komi: of every change (the table's "lag-1"), or with
/// `unproven` of those between unproven positions ("lag-1, no proofs"). None
/// without two changes in a row.
pub fn games_lag1(plies: &[ScoredPly], unproven: bool) -> Option<f64> {
    let mut games: BTreeMap<usize, Vec<&ScoredPly>> = BTreeMap::new();
    for p in plies {
        games.entry(p.game).or_default().push(p);
    }
    let runs: Vec<Vec<f64>> = games
        .into_values()
        .flat_map(|mut game| {
            game.sort_by_key(|p| p.ply);
            change_runs(&game, unproven)
        })
        .collect();
    lag1_autocorrelation(&runs)
}

fn size_report(
    size: usize,
    half_komi: i32,
    games: &BTreeMap<usize, Vec<&ScoredPly>>,
) -> SizeReport {
    let mut by_game: Vec<Vec<Vec<f64>>> = Vec::new();
    let mut heuristic: Vec<Vec<f64>> = Vec::new();
    let mut marks = [0; 4];
    let mut proofs_lost = 0;
    let (mut white, mut black) = (Vec::new(), Vec::new());
    let mut after_mover = [(0.0, 0usize); 2];
    for plies in games.values() {
        let mut plies = plies.clone();
        plies.sort_by_key(|p| p.ply);
        heuristic.extend(change_runs(&plies, true));
        by_game.push(change_runs(&plies, false));
        for pair in plies.windows(2) {
            let (before, after) = (pair[0], pair[1]);
            if after.ply != before.ply + 1 {
                continue;
            }
            let change = after.white_expected() - before.white_expected();
            proofs_lost += usize::from(before.proven() && !after.proven());
            let mover = before.to_move;
            let side = &mut after_mover[usize::from(mover == Color::Black)];
            side.0 += 200.0 * change;
            side.1 += 1;
            let mark = ninja_mark(before.ninja_evaluation(), after.ninja_evaluation(), mover);
            if let (Some(m), true) = (mark, before.ply >= FIRST_PLY) {
                marks[Mark::ALL.iter().position(|&x| x == m).expect("listed")] += 1;
            }
        }
        for p in plies {
            let pair = (p.white_expected(), p.result);
            match p.to_move {
                Color::White => white.push(pair),
                Color::Black => black.push(pair),
            }
        }
    }
    let series: Vec<Vec<f64>> = by_game.concat();
    let changes: Vec<f64> = series.iter().flatten().copied().collect();
    let mean_change = if changes.is_empty() {
        f64::NAN
    } else {
        200.0 * changes.iter().map(|d| d.abs()).sum::<f64>() / changes.len() as f64
    };
    SizeReport {
        size,
        half_komi,
        games: games.len(),
        plies: white.len() + black.len(),
        changes: changes.len(),
        autocorrelation: lag1_autocorrelation(&series),
        autocorrelation_interval: lag1_interval(&by_game),
        autocorrelation_heuristic: lag1_autocorrelation(&heuristic),
        mean_change,
        after: after_mover.map(|(sum, n)| if n == 0 { f64::NAN } else { sum / n as f64 }),
        marks,
        proofs_lost,
        white_to_move: calibration(&white),
        black_to_move: calibration(&black),
    }
}

/// A figure with `places` decimals, or `-` when there is none.
fn figure(x: Option<f64>, places: usize) -> String {
    match x {
        Some(x) if x.is_finite() => format!("{x:.places$}"),
        _ => "-".into(),
    }
}

/// The table of `reports`: one line a size and komi under a header line.
pub fn table_text(reports: &[SizeReport]) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "{:>4} {:>4} {:>5} {:>6} {:>7} {:>6} {:>15} {:>6} {:>8} {:>6} {:>6} {:>5} {:>5} {:>5} {:>5} {:>5} {:>6} {:>6} {:>7} {:>7}",
        "size",
        "komi",
        "games",
        "plies",
        "changes",
        "lag1",
        "lag1_90%",
        "lag1_h",
        "mean|Δ|",
        "Δ_W",
        "Δ_B",
        "?",
        "??",
        "!",
        "!!",
        "lost",
        "ECE_W",
        "ECE_B",
        "bias_W",
        "bias_B"
    );
    for r in reports {
        let [mistakes, blunders, good, brilliant] = r.marks;
        let _ = writeln!(
            text,
            "{:>4} {:>4} {:>5} {:>6} {:>7} {:>6} {:>15} {:>6} {:>8} {:>6} {:>6} {mistakes:>5} {blunders:>5} {good:>5} {brilliant:>5} {:>5} {:>6} {:>6} {:>7} {:>7}",
            r.size,
            f64::from(r.half_komi) / 2.0,
            r.games,
            r.plies,
            r.changes,
            figure(r.autocorrelation, 3),
            interval(r.autocorrelation_interval),
            figure(r.autocorrelation_heuristic, 3),
            figure(Some(r.mean_change), 2),
            figure(Some(r.after[0]), 2),
            figure(Some(r.after[1]), 2),
            r.proofs_lost,
            figure(Some(r.white_to_move.ece), 3),
            figure(Some(r.black_to_move.ece), 3),
            signed(r.white_to_move.bias),
            signed(r.black_to_move.bias),
        );
    }
    text
}

/// An interval as `[low,high]`, 3 decimals, or `-` when there is none.
fn interval(x: Option<(f64, f64)>) -> String {
    match x {
        Some((low, high)) => format!("[{low:.3},{high:.3}]"),
        None => "-".into(),
    }
}

/// A bias with its sign, 3 decimals.
fn signed(x: f64) -> String {
    if x.is_finite() {
        format!("{x:+.3}")
    } else {
        "-".into()
    }
}

/// What the table's columns mean, for below it.
pub const TABLE_LEGEND: &str = "\
plies: positions counted (from ply 2, or from --from-ply, on; game ends excluded); changes:
ply-to-ply changes of E, White's expected score (W + D/2) from the engine's wdl; lag1: their
lag-1 autocorrelation, pairs pooled over games; lag1_90%: its 90% interval (the games drawn again
with replacement 2000 times, 5th to 95th percentile); lag1_h: the lag-1 over changes between
positions neither of which is proven;
mean|Δ|: mean absolute change in points of PTN Ninja's ±100 scale (200·ΔE);
Δ_W/Δ_B: mean change in points across White's/Black's plies (a zigzag: far apart, opposite signs);
? ?? ! !!: plies PTN Ninja's Analyze Game would mark (ad637c7a defaults); lost: proven positions
(wdl 1000 0 0, 0 1000 0 or 0 0 1000) followed by one that is not; ECE_W/ECE_B and
bias_W/bias_B: White's E against White's result (1, ½, 0) over positions with White/Black to
move, 10 bins; bias = mean E − mean result.
";
