//! What a score means to a reader: the win, draw and loss chances and a `cp` in
//! hundredths of a flat, as the engine reports them (`info … score cp … wdl …`).
//!
//! The search's own scores are in internal units that only need to order
//! positions; they are translated here by a model fitted per board size and
//! komi to the outcomes of Menhir's games (`menhir-tools calibrate fit`, which
//! writes `outlook_table.rs`; `docs/calibration.md` has the figures):
//!
//! - the outcome is ordinal (loss < draw < win) with a logistic link, read
//!   from White's side whoever is to move: with `u` White's score / 100 after
//!   the search's tempo is taken off the side to move's score (`tempo`, below),
//!   and `x = slope · u + bend · (u / 4)³` (the bend lets large scores count
//!   for more than small ones), White's P(loss) = σ(`draw_low` − x) and
//!   P(loss or draw) = σ(`draw_high` − x): where the two cuts sit says what
//!   being White is worth at this size and komi beyond the score (cuts below
//!   zero favour White), and how far apart they are how often games are
//!   drawn. The
//!   slope runs linearly from `slope_start` at the start of the game to
//!   `slope_end` when a reserve or the board is used up (scores mean more as
//!   the game nears its end); during the swap (the first two plies, where each
//!   player places the other's flat) the slope is `swap_slope` and `swap_edge`
//!   is added to x, since the evaluation was built for the game after it and
//!   what the first move is worth shows most before any stone is down;
//! - the model is the same for both players to move, so a position whose
//!   score stands when the move passes keeps its chances: the evaluation bar
//!   does not zigzag with the side to move. The search's score does lean the
//!   mover's way (a side to move reads its position better than its opponent
//!   reads the same position a ply later); a search of known depth takes off
//!   the lean of an analysis at that depth (`eval::lean`), and a score without
//!   one the `tempo` measured on consecutive positions of the calibration
//!   games, which the fit takes off them;
//! - `cp` is the final flat margin (komi included) that Menhir's games reached
//!   from positions of that score, in hundredths of a flat:
//!   `cp = flats_per_unit · score`.
//!
//! Proven results keep `cp ±(10000 − plies)` and certain `wdl`; a proven draw
//! (`search::drawn`) reports `Outlook::DRAWN`.

use super::features::progress;
use super::lean::lean_for;
use super::outlook_table::MODELS;
use super::score::{sigmoid, Score, MAX_HEURISTIC};
use crate::board::{Color, Position};

/// The calibrated model of one board size at one komi.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OutlookModel {
    /// The ordinal model's lower cut: loss below it.
    pub draw_low: f64,
    /// The upper cut: win above it (the draw lies between the two).
    pub draw_high: f64,
    /// Logistic slope per 100 internal units at the start of the game.
    pub slope_start: f64,
    /// The slope when a reserve or the board is used up.
    pub slope_end: f64,
    /// The slope during the swap, the first two plies.
    pub swap_slope: f64,
    /// What White gains during the swap beyond the cuts' edge (added to x).
    pub swap_edge: f64,
    /// The weight of the cubed score (see the module's description).
    pub bend: f64,
    /// How far the side to move's score leans its own way in the calibration
    /// games, in internal units: taken off before the model reads a score
    /// whose search depth is not known (a search's report takes off
    /// `Situation::lean`).
    pub tempo: f64,
    /// The lean of the pairs that start at the two plies after the swap, taken
    /// off there instead of `tempo`. In the calibration games those plies are
    /// the books' random placements, and the lean is mostly their cost, not
    /// the search's (`docs/calibration.md` §6).
    pub opening_tempo: f64,
    /// Reported centiflats per internal unit.
    pub flats_per_unit: f64,
}

/// The model of a size without calibration games: a logistic of score / 250,
/// no draws, `cp` in the internal units (what Menhir reported before it was
/// calibrated).
pub const UNCALIBRATED: OutlookModel = OutlookModel {
    draw_low: 0.0,
    draw_high: 0.0,
    slope_start: 0.4,
    slope_end: 0.4,
    swap_slope: 0.4,
    swap_edge: 0.0,
    bend: 0.0,
    tempo: 0.0,
    opening_tempo: 0.0,
    flats_per_unit: 1.0,
};

/// What a score means, from the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Outlook {
    /// Hundredths of a flat (the expected final flat margin), or
    /// ±(10000 − plies) for a proven result.
    pub cp: i32,
    /// Win, draw and loss, per mille; they add up to 1000.
    pub wdl: [u32; 3],
}

impl Outlook {
    /// The mover's expected score, `(W + D/2) / 1000`.
    pub fn expected(&self) -> f64 {
        (f64::from(self.wdl[0]) + f64::from(self.wdl[1]) / 2.0) / 1000.0
    }
}

impl OutlookModel {
    /// Win, draw and loss probabilities for an internal `score` in the
    /// situation `at`.
    pub fn probabilities(&self, score: f64, at: &Situation) -> [f64; 3] {
        let (slope, edge) = if at.swap {
            (self.swap_slope, self.swap_edge)
        } else {
            (
                self.slope_start + (self.slope_end - self.slope_start) * at.progress,
                0.0,
            )
        };
        let tempo = match at.lean {
            Some(lean) => lean,
            None if at.opening => self.opening_tempo,
            None => self.tempo,
        };
        let mover = (score - tempo) / 100.0;
        let u = if at.white { mover } else { -mover };
        let x = slope * u + self.bend * (u / 4.0).powi(3) + edge;
        let loss = sigmoid(self.draw_low - x);
        let not_win = sigmoid(self.draw_high - x).max(loss);
        let white = [1.0 - not_win, not_win - loss, loss];
        if at.white {
            white
        } else {
            [white[2], white[1], white[0]]
        }
    }
}

/// A model of the table and the games it was fitted to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibrated {
    /// Board size.
    pub size: usize,
    /// Half-komi of the games.
    pub half_komi: i32,
    /// The fitted model.
    pub model: OutlookModel,
}

/// The model of `size` fitted at the komi nearest `half_komi` (the smaller
/// komi on a tie), or `UNCALIBRATED` when the size has none.
pub fn model_for(size: usize, half_komi: i32) -> &'static OutlookModel {
    nearest(MODELS, size, half_komi).unwrap_or(&UNCALIBRATED)
}

fn nearest(table: &[Calibrated], size: usize, half_komi: i32) -> Option<&OutlookModel> {
    table
        .iter()
        .filter(|c| c.size == size)
        .min_by_key(|c| ((c.half_komi - half_komi).abs(), c.half_komi))
        .map(|c| &c.model)
}

/// What the model needs of a position besides its score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Situation {
    /// Game progress from 0 (the start) to 1 (a reserve or the board used
    /// up), as the evaluation's tapering sees it.
    pub progress: f64,
    /// True when White is to move.
    pub white: bool,
    /// True during the swap (the first two plies).
    pub swap: bool,
    /// True at the two plies after the swap (`opening_tempo`).
    pub opening: bool,
    /// How far a search of the score's depth leans the mover's way when it
    /// reads a game it does not play (`eval::lean`), in internal units; taken
    /// off instead of `tempo` or `opening_tempo`. None where the depth is not
    /// known (the calibration fit reads its games with their own tempo).
    pub lean: Option<f64>,
}

impl Situation {
    /// The situation of `pos`.
    pub fn of(pos: &Position) -> Situation {
        Situation::after(
            pos.ply() as usize,
            pos.to_move() == Color::White,
            f64::from(progress(pos)) / 100.0,
        )
    }

    /// The situation after `ply` plies, White to move or not, at `progress`
    /// (0 to 1), with no search's lean: what `of` reads off a position, for a
    /// position known only by those (a recorded score read again).
    pub fn after(ply: usize, white: bool, progress: f64) -> Situation {
        Situation {
            progress,
            white,
            swap: ply < 2,
            opening: (2..4).contains(&ply),
            lean: None,
        }
    }
}

impl Outlook {
    /// A proven draw: level on flats, drawn for certain.
    pub const DRAWN: Outlook = Outlook {
        cp: 0,
        wdl: [0, 1000, 0],
    };
}

/// Per mille, rounded so that the three add up to 1000, a win or a loss at
/// most 999: only a proven result reads `1000 0 0` or `0 0 1000`, however
/// sure a heuristic score is.
fn per_mille(p: [f64; 3]) -> [u32; 3] {
    let w = (p[0] * 1000.0).round().clamp(0.0, 999.0) as u32;
    let l = ((p[2] * 1000.0).round() as u32).min(999).min(1000 - w);
    [w, 1000 - w - l, l]
}

/// What `score` means in `pos`, from the side to move, for a search whose
/// last completed iteration had `depth` (None when not known: the model's own
/// tempo is then taken off, as in the calibration games).
pub fn outlook(pos: &Position, score: Score, depth: Option<u32>) -> Outlook {
    read(
        pos.size(),
        pos.half_komi(),
        score,
        depth,
        &Situation::of(pos),
    )
}

/// What `score`, from a search of `depth`, means on a board of `size` at
/// `half_komi` in the situation `at`, from the side to move (`outlook`
/// without the position, for reading recorded scores again); the search's
/// lean at `depth` replaces `at`'s.
pub fn read(
    size: usize,
    half_komi: i32,
    score: Score,
    depth: Option<u32>,
    at: &Situation,
) -> Outlook {
    if score.is_proven() {
        let wdl = if score.0 > 0 {
            [1000, 0, 0]
        } else {
            [0, 0, 1000]
        };
        return Outlook { cp: score.0, wdl };
    }
    let at = Situation {
        lean: depth.and_then(|d| lean_for(size, d)),
        ..*at
    };
    let model = model_for(size, half_komi);
    let probabilities = model.probabilities(f64::from(score.0), &at);
    let cp = (model.flats_per_unit * f64::from(score.0)).round() as i32;
    Outlook {
        cp: cp.clamp(-MAX_HEURISTIC, MAX_HEURISTIC),
        wdl: per_mille(probabilities),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_add_up_and_rise_with_the_score() {
        let table = MODELS.iter().map(|c| (c.size, c.half_komi));
        for (size, half_komi) in table.chain([(3, 0)]) {
            let m = model_for(size, half_komi);
            let mut last = -1.0;
            for s in (-3000..=3000).step_by(100) {
                for (progress, white, swap) in [
                    (0.0, true, true),
                    (0.0, false, false),
                    (0.5, false, false),
                    (1.0, true, false),
                ] {
                    let at = Situation {
                        progress,
                        white,
                        swap,
                        opening: false,
                        lean: None,
                    };
                    let p = m.probabilities(f64::from(s), &at);
                    assert!(p.iter().all(|&x| (0.0..=1.0).contains(&x)), "{p:?}");
                    assert!((p.iter().sum::<f64>() - 1.0).abs() < 1e-9);
                }
                let at = Situation {
                    progress: 0.5,
                    white: true,
                    swap: false,
                    opening: false,
                    lean: None,
                };
                let w = m.probabilities(f64::from(s), &at)[0];
                assert!(w >= last, "size {size}: win chance falls at {s}");
                last = w;
            }
            let at = Situation {
                progress: 0.3,
                white: false,
                swap: false,
                opening: false,
                lean: None,
            };
            let wdl = per_mille(m.probabilities(0.0, &at));
            assert_eq!(wdl.iter().sum::<u32>(), 1000);
        }
    }

    #[test]
    fn the_nearest_komi_of_the_size_is_used() {
        let at = |half_komi, slope_start| Calibrated {
            size: 4,
            half_komi,
            model: OutlookModel {
                slope_start,
                ..UNCALIBRATED
            },
        };
        let table = [at(0, 1.0), at(4, 2.0)];
        let edge = |size, half_komi| nearest(&table, size, half_komi).map(|m| m.slope_start);
        assert_eq!(edge(4, 0), Some(1.0));
        assert_eq!(edge(4, 1), Some(1.0));
        assert_eq!(edge(4, 2), Some(1.0), "a tie goes to the smaller komi");
        assert_eq!(edge(4, 3), Some(2.0));
        assert_eq!(edge(4, 5), Some(2.0));
        assert_eq!(edge(4, -2), Some(1.0));
        assert_eq!(edge(5, 4), None);
        assert_eq!(model_for(3, 0), &UNCALIBRATED, "3x3 is not calibrated");
    }

    #[test]
    fn the_swap_has_its_own_edge() {
        let model = OutlookModel {
            swap_edge: 1.0,
            swap_slope: 0.0,
            ..UNCALIBRATED
        };
        let at = |white, swap| Situation {
            progress: 0.0,
            white,
            swap,
            opening: false,
            lean: None,
        };
        let win = |white, swap| model.probabilities(0.0, &at(white, swap))[0];
        assert!((win(true, false) - 0.5).abs() < 1e-12);
        assert!(win(true, true) > 0.7);
        assert!(win(false, true) < 0.3);
    }

    /// The issue 102 property: a score that stands, White's side, when the
    /// move passes (the mover's `s` becomes the new mover's `2·tempo − s`)
    /// gives White the same chances, on every fitted model.
    #[test]
    fn chances_stand_when_the_move_passes() {
        for c in MODELS {
            let m = &c.model;
            for s in (-2000..=2000).step_by(50) {
                let s = f64::from(s);
                for progress in [0.0, 0.4, 1.0] {
                    let at = |white| Situation {
                        progress,
                        white,
                        swap: false,
                        opening: false,
                        lean: None,
                    };
                    let white = m.probabilities(s, &at(true));
                    let black = m.probabilities(2.0 * m.tempo - s, &at(false));
                    for k in 0..3 {
                        assert!(
                            (white[k] - black[2 - k]).abs() < 1e-12,
                            "{}x{}: {white:?} {black:?}",
                            c.size,
                            c.size
                        );
                    }
                }
            }
        }
    }

    /// With a search's lean in place of the tempo, a score that stands when
    /// the move passes keeps White's chances too, and a report of known depth
    /// reads its score with the lean of that depth.
    #[test]
    fn a_searchs_lean_stands_in_for_the_tempo() {
        for c in MODELS {
            let m = &c.model;
            for lean in [0.0, 15.0, 40.0] {
                for s in (-1000..=1000).step_by(125) {
                    let s = f64::from(s);
                    let at = |white| Situation {
                        progress: 0.5,
                        white,
                        swap: false,
                        opening: true,
                        lean: Some(lean),
                    };
                    let white = m.probabilities(s, &at(true));
                    let black = m.probabilities(2.0 * lean - s, &at(false));
                    for k in 0..3 {
                        assert!((white[k] - black[2 - k]).abs() < 1e-12);
                    }
                }
            }
        }
        let mut game = crate::game::Game::new(Position::start(6).expect("6x6"));
        for mv in ["a1", "f6", "c3", "d4"] {
            let mv = crate::notation::parse_move(mv, 6).expect("a move");
            game.play(mv).expect("legal");
        }
        let pos = game.position();
        let at = Situation {
            lean: lean_for(6, 5),
            ..Situation::of(pos)
        };
        let expected = per_mille(model_for(6, pos.half_komi()).probabilities(40.0, &at));
        assert!(at.lean.is_some(), "6x6 has a fitted lean");
        assert_eq!(outlook(pos, Score(40), Some(5)).wdl, expected);
    }

    #[test]
    fn proven_scores_are_certain() {
        let pos = Position::start(6).expect("6x6");
        assert_eq!(outlook(&pos, Score::win_at(3), None).wdl, [1000, 0, 0]);
        assert_eq!(outlook(&pos, Score::win_at(3), None).cp, 9997);
        assert_eq!(outlook(&pos, Score::loss_at(4), None).wdl, [0, 0, 1000]);
    }

    /// However sure a heuristic score is, it stops short of a proof's
    /// `1000 0 0` or `0 0 1000`.
    #[test]
    fn only_a_proof_reads_as_certain() {
        for size in 4..=8 {
            let mut pos = Position::start(size).expect("a size");
            for _ in 0..2 {
                let mut moves = crate::movegen::MoveList::new();
                pos.legal_moves(&mut moves);
                pos.make(moves[0]);
            }
            for depth in [None, Some(6)] {
                let high = outlook(&pos, Score(MAX_HEURISTIC), depth).wdl;
                let low = outlook(&pos, Score(-MAX_HEURISTIC), depth).wdl;
                assert_eq!(high, [999, 1, 0], "{size}x{size}");
                assert_eq!(low, [0, 1, 999], "{size}x{size}");
            }
        }
    }
}
