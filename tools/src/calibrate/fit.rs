//! The fit of one board size's outlook model (`menhir::eval::outlook`) to
//! calibration games: the ordinal win/draw/loss model by maximum likelihood,
//! the flats scale by least squares, and the figures that say how well the
//! model's probabilities match what happened in games it did not see.

use super::gen::Outlook;
use crate::tune::logistic::Adam;
use menhir::eval::outlook::{OutlookModel, Situation};
use menhir::notation::parse_tps;

/// Cross-validation folds: game `g` belongs to fold `g % FOLDS`, and each fold
/// is measured with a model fitted to the other folds' games.
pub const FOLDS: usize = 4;
/// Bins of the reliability diagram and the calibration error.
pub const BINS: usize = 10;

/// One position, ready for the fit.
#[derive(Clone, Copy, Debug)]
pub struct Row {
    /// The game it came from.
    pub game: usize,
    /// The reported score, internal units, side to move.
    pub score: f64,
    /// Where the position stands (progress, side to move, swap).
    pub at: Situation,
    /// 0 loss, 1 draw, 2 win, for the side to move.
    pub outcome: usize,
    /// The final flat margin for the side to move, in centiflats.
    pub margin: f64,
    /// Plies played before the position.
    pub ply: usize,
}

/// Reads calibration positions into rows (all of one size).
pub fn rows(positions: &[Outlook]) -> Result<Vec<Row>, String> {
    positions
        .iter()
        .map(|p| {
            let pos = parse_tps(&p.tps).map_err(|e| format!("game {}: {e}", p.game))?;
            // 1 won, 0.5 drawn, 0 lost → 2, 1, 0.
            let outcome = (p.result * 2.0).round().clamp(0.0, 2.0) as usize;
            Ok(Row {
                game: p.game,
                score: f64::from(p.score),
                at: Situation::of(&pos),
                outcome,
                margin: f64::from(p.final_margin) * 50.0,
                ply: pos.ply() as usize,
            })
        })
        .collect()
}

/// The model as the fit's free parameters: the lower cut, the log of the gap
/// to the upper cut, the two slopes, the swap's slope, the bend and White's
/// edge during the swap.
fn model_of(theta: &[f64; 7], tempo: Tempo, flats_per_unit: f64) -> OutlookModel {
    OutlookModel {
        draw_low: theta[0],
        draw_high: theta[0] + theta[1].exp(),
        slope_start: theta[2],
        slope_end: theta[3],
        swap_slope: theta[4],
        bend: theta[5],
        swap_edge: theta[6],
        tempo: tempo.later,
        opening_tempo: tempo.opening,
        flats_per_unit,
    }
}

/// The search's tempo, at the two plies after the swap and later.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Tempo {
    /// At plies 2 and 3 (`OutlookModel::opening_tempo`).
    pub opening: f64,
    /// From ply 4 on (`OutlookModel::tempo`).
    pub later: f64,
}

/// The search's tempo in `rows`: how far the side to move's score leans its
/// own way. Of two consecutive positions of a game (neither in the swap), the
/// second is the first seen by the other player: each score reads the same
/// value from its own side, plus the tempo, so the two add up to twice the
/// tempo. The mean over the pairs with the tenth of each tail left out: the
/// pairs where the game turned (a threat seen one ply late) are few but
/// large, and lean the mover's way more often than not. The pairs whose
/// first position is at ply 2 or 3 give the opening's tempo, the others the
/// later one. Those pairs lean 15 to 40 times as far as later ones, mostly
/// because a calibration game's plies 2 and 3 are its book's random
/// placements, each a move the search would not make.
pub fn tempo(rows: &[&Row]) -> Tempo {
    let mut order: Vec<&Row> = rows.iter().copied().filter(|r| !r.at.swap).collect();
    order.sort_by_key(|r| (r.game, r.ply));
    let (mut opening, mut later) = (Vec::new(), Vec::new());
    for pair in order.windows(2) {
        if pair[0].game == pair[1].game && pair[1].ply == pair[0].ply + 1 {
            let lean = f64::midpoint(pair[0].score, pair[1].score);
            if pair[0].at.opening {
                opening.push(lean);
            } else {
                later.push(lean);
            }
        }
    }
    let later = trimmed_mean(later);
    Tempo {
        opening: if opening.is_empty() {
            later
        } else {
            trimmed_mean(opening)
        },
        later,
    }
}

/// The mean of `leans` with 1/`TEMPO_TRIM` of them left out at each end.
pub(super) fn trimmed_mean(mut leans: Vec<f64>) -> f64 {
    leans.sort_by(f64::total_cmp);
    let tail = leans.len() / TEMPO_TRIM;
    let kept = &leans[tail..leans.len() - tail];
    if kept.is_empty() {
        0.0
    } else {
        kept.iter().sum::<f64>() / kept.len() as f64
    }
}

/// `tempo` (and the lean's fit, `lean.rs`) leaves out 1/`TEMPO_TRIM` of the
/// pairs at each end.
pub(super) const TEMPO_TRIM: usize = 10;

/// Mean negative log-likelihood of the outcomes under `model`.
pub fn log_loss(model: &OutlookModel, rows: &[&Row]) -> f64 {
    let total: f64 = rows
        .iter()
        .map(|r| {
            let p = model.probabilities(r.score, &r.at)[2 - r.outcome];
            -p.max(1e-12).ln()
        })
        .sum();
    total / rows.len().max(1) as f64
}

/// The least-squares scale of final flat margin on score, through the origin.
fn flats_scale(rows: &[&Row]) -> f64 {
    let (sm, ss) = rows.iter().fold((0.0, 0.0), |(sm, ss), r| {
        (sm + r.score * r.margin, ss + r.score * r.score)
    });
    if ss > 0.0 {
        sm / ss
    } else {
        1.0
    }
}

/// Fits the model to `rows` (the training games), starting from no draws and
/// the default slope; central-difference gradients and Adam.
pub fn fit(rows: &[&Row]) -> OutlookModel {
    let tempo = tempo(rows);
    let mut theta = [0.0, -4.0, 0.4, 0.4, 0.4, 0.0, 0.0];
    let mut adam = Adam::new(theta.len());
    let step = 1e-4;
    for _ in 0..600 {
        adam.begin();
        let mut grad = [0.0; 7];
        for (i, g) in grad.iter_mut().enumerate() {
            let (mut up, mut down) = (theta, theta);
            up[i] += step;
            down[i] -= step;
            *g = (log_loss(&model_of(&up, tempo, 1.0), rows)
                - log_loss(&model_of(&down, tempo, 1.0), rows))
                / (2.0 * step);
        }
        for (i, g) in grad.iter().enumerate() {
            theta[i] -= adam.change(i, *g, 0.02);
        }
        theta[1] = theta[1].clamp(-12.0, 3.0);
        // Keep the model rising with the score: positive slopes and a bend that
        // only makes large scores count for more, never less.
        for slope in [2, 3, 4] {
            theta[slope] = theta[slope].max(0.01);
        }
        theta[5] = theta[5].max(0.0);
    }
    model_of(&theta, tempo, flats_scale(rows))
}

/// How well a model's probabilities match outcomes.
#[derive(Clone, Debug, Default)]
pub struct Figures {
    /// Positions measured.
    pub positions: usize,
    /// Expected calibration error of the expected score (win + draw / 2) over
    /// `BINS` equal bins: the count-weighted mean gap between predicted and
    /// observed score.
    pub ece: f64,
    /// Brier score over the three outcomes (0 perfect, 2 worst).
    pub brier: f64,
    /// Mean negative log-likelihood of the outcome.
    pub log_loss: f64,
    /// Per bin: positions, mean predicted score, mean observed score.
    pub bins: Vec<(usize, f64, f64)>,
    /// The calibration error over the positions with White to move alone.
    pub ece_white: f64,
    /// The calibration error over the positions with Black to move alone.
    pub ece_black: f64,
}

/// The figures of `model` on `rows`.
pub fn measure(model: &OutlookModel, rows: &[&Row]) -> Figures {
    let predicted: Vec<([f64; 3], &Row)> = rows
        .iter()
        .map(|&r| (model.probabilities(r.score, &r.at), r))
        .collect();
    figures(&predicted)
}

/// The figures of `rows` when each game's positions are predicted by a model
/// fitted without that game (`FOLDS`-fold cross-validation).
pub fn cross_validate(rows: &[Row]) -> Figures {
    let mut predicted = Vec::with_capacity(rows.len());
    for fold in 0..FOLDS {
        let (test, train): (Vec<&Row>, Vec<&Row>) =
            rows.iter().partition(|r| r.game % FOLDS == fold);
        if test.is_empty() || train.is_empty() {
            continue;
        }
        let model = fit(&train);
        predicted.extend(
            test.iter()
                .map(|&r| (model.probabilities(r.score, &r.at), r)),
        );
    }
    figures(&predicted)
}

/// The figures of predictions (win, draw, loss) against their rows' outcomes.
fn figures(predicted: &[([f64; 3], &Row)]) -> Figures {
    let mut brier = 0.0;
    let mut log_loss = 0.0;
    for &([w, d, l], r) in predicted {
        let y = [r.outcome == 2, r.outcome == 1, r.outcome == 0].map(f64::from);
        brier += (w - y[0]).powi(2) + (d - y[1]).powi(2) + (l - y[2]).powi(2);
        log_loss -= [l, d, w][r.outcome].max(1e-12).ln();
    }
    let n = predicted.len().max(1) as f64;
    let scores = |white: Option<bool>| {
        predicted
            .iter()
            .filter(move |(_, r)| white.is_none_or(|w| r.at.white == w))
            .map(|&([w, d, _], r)| (w + d / 2.0, r.outcome as f64 / 2.0))
    };
    let side = |white| reliability(scores(Some(white))).1;
    let (bins, ece) = reliability(scores(None));
    Figures {
        positions: predicted.len(),
        ece,
        brier: brier / n,
        log_loss: log_loss / n,
        bins,
        ece_white: side(true),
        ece_black: side(false),
    }
}

/// The reliability bins of (predicted, observed) score pairs, both in
/// `[0, 1]`: per `BINS` equal bins of the prediction, the positions, the mean
/// predicted and the mean observed score; and the expected calibration error,
/// the count-weighted mean gap between the two.
pub fn reliability(pairs: impl Iterator<Item = (f64, f64)>) -> (Vec<(usize, f64, f64)>, f64) {
    let mut bins = vec![(0usize, 0.0f64, 0.0f64); BINS];
    for (predicted, observed) in pairs {
        let bin = ((predicted * BINS as f64).max(0.0) as usize).min(BINS - 1);
        bins[bin].0 += 1;
        bins[bin].1 += predicted;
        bins[bin].2 += observed;
    }
    let n = bins.iter().map(|b| b.0).sum::<usize>().max(1) as f64;
    let bins: Vec<(usize, f64, f64)> = bins
        .into_iter()
        .map(|(c, p, o)| {
            let k = c.max(1) as f64;
            (c, p / k, o / k)
        })
        .collect();
    let ece = bins
        .iter()
        .map(|&(c, p, o)| c as f64 * (p - o).abs())
        .sum::<f64>()
        / n;
    (bins, ece)
}

/// White's mean score over the games of `rows` (1 win, 0.5 draw, 0 loss).
pub fn white_score(rows: &[Row]) -> f64 {
    let mut games = std::collections::BTreeMap::new();
    for r in rows {
        let mover = r.outcome as f64 / 2.0;
        games.insert(r.game, if r.at.white { mover } else { 1.0 - mover });
    }
    games.values().sum::<f64>() / games.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Outcomes drawn from a known model are fitted back to it, and the fitted
    /// model is better calibrated on them than a wrong one.
    #[test]
    fn a_known_model_is_recovered() {
        let truth = OutlookModel {
            draw_low: -0.3,
            draw_high: 0.2,
            slope_start: 0.3,
            slope_end: 1.2,
            swap_slope: 0.1,
            swap_edge: 0.8,
            bend: 0.05,
            tempo: 0.0,
            opening_tempo: 0.0,
            flats_per_unit: 1.0,
        };
        let mut state = 12345u64;
        let mut uniform = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            (state >> 11) as f64 / (1u64 << 53) as f64
        };
        let rows: Vec<Row> = (0..20_000)
            .map(|i| {
                let score = (uniform() - 0.5) * 800.0;
                let progress = uniform();
                let at = Situation {
                    progress,
                    white: i % 2 == 0,
                    swap: i % 10 == 0,
                    opening: false,
                    lean: None,
                };
                let [w, d, _] = truth.probabilities(score, &at);
                let u = uniform();
                let outcome = usize::from(u < w + d) + usize::from(u < w);
                Row {
                    game: i / 20,
                    score,
                    at,
                    outcome,
                    margin: score * 0.5,
                    ply: i % 20,
                }
            })
            .collect();
        let all: Vec<&Row> = rows.iter().collect();
        let fitted = fit(&all);
        assert!((fitted.slope_start - 0.3).abs() < 0.1, "{fitted:?}");
        assert!((fitted.slope_end - 1.2).abs() < 0.2, "{fitted:?}");
        assert!(
            (fitted.draw_high - fitted.draw_low - 0.5).abs() < 0.15,
            "{fitted:?}"
        );
        assert!((fitted.draw_low + 0.3).abs() < 0.1, "{fitted:?}");
        assert!((fitted.swap_edge - 0.8).abs() < 0.2, "{fitted:?}");
        assert!((fitted.flats_per_unit - 0.5).abs() < 1e-9);
        let wrong = OutlookModel {
            slope_start: 2.0,
            slope_end: 2.0,
            ..truth
        };
        assert!(measure(&fitted, &all).ece < 0.02);
        let held_out = cross_validate(&rows);
        assert_eq!(held_out.positions, rows.len());
        assert!(held_out.ece < 0.03, "{}", held_out.ece);
        assert!(measure(&wrong, &all).ece > measure(&fitted, &all).ece);
    }
}
