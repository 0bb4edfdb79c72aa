//! The scored positions of `calibrate steadiness`: one row per searched
//! position (`ScoredPly`), its TSV form, and the rows read again under the
//! outlook model, lean and gain compiled in (`rescored`). `steadiness.rs`
//! turns them into the figures.

use super::steadiness::ninja_evaluation;
use menhir::board::Color;
use menhir::eval::carry::{carried, Carry, Gains};
use menhir::eval::lean::{gain_for, Gain, AFTER_PROOF};
use menhir::eval::outlook::Situation;
use menhir::eval::Score;

/// The first ply after which positions are scored: the position after the
/// swap, the first one PTN Ninja compares a later one with.
pub const FIRST_PLY: usize = 2;

/// The columns of the TSV of scored positions (`ScoredPly::to_line`).
pub const TSV_HEADER: &str =
    "game\tply\tsize\tkomi\tto_move\tdepth\tcp\tw\td\tl\te_white\tresult\tscore\tprogress";

/// One searched position: game `game` after `ply` plies.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoredPly {
    /// The game's number (1-based, over all files read, in order).
    pub game: usize,
    /// Plies played before the position.
    pub ply: usize,
    /// Board size.
    pub size: usize,
    /// Half-komi.
    pub half_komi: i32,
    /// The side to move in the position.
    pub to_move: Color,
    /// The depth of the search's last completed iteration.
    pub depth: u32,
    /// The reported `cp`, from the side to move.
    pub cp: i32,
    /// The reported win, draw and loss, per mille, from the side to move.
    pub wdl: [u32; 3],
    /// The game's result for White: 1 won, ½ drawn, 0 lost.
    pub result: f64,
    /// What the outlook model read: the reported score in the search's
    /// internal units (side to move) and the game's progress, 0 to 100. A
    /// TSV written before these columns existed has none.
    pub read: Option<Read>,
}

/// The inputs of the outlook model besides the side to move, the ply and the
/// depth, kept so that a TSV can be read again under another model.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Read {
    /// The reported score, internal units, side to move.
    pub score: i32,
    /// The game's progress, 0 to 100 (`Situation::progress` × 100).
    pub progress: u32,
}

impl ScoredPly {
    /// True when the engine reported a proven result: a win, a draw or a loss
    /// for certain.
    pub fn proven(&self) -> bool {
        self.wdl.contains(&1000)
    }

    /// White's expected score, `(W + D/2) / (W + D + L)` turned to White's side.
    pub fn white_expected(&self) -> f64 {
        let [w, d, l] = self.wdl.map(f64::from);
        let total = w + d + l;
        let own = if total > 0.0 {
            (w + d / 2.0) / total
        } else {
            0.5
        };
        match self.to_move {
            Color::White => own,
            Color::Black => 1.0 - own,
        }
    }

    /// What PTN Ninja stores as the position's evaluation (`ninja_evaluation`).
    pub fn ninja_evaluation(&self) -> f64 {
        ninja_evaluation(self.wdl, self.to_move)
    }

    /// The TSV line (columns of `TSV_HEADER`; komi in flats, the side to move
    /// `white` or `black`, `e_white` rounded to 4 places and only for reading;
    /// `score` and `progress` empty when unknown).
    pub fn to_line(&self) -> String {
        let [w, d, l] = self.wdl;
        let side = match self.to_move {
            Color::White => "white",
            Color::Black => "black",
        };
        let (score, progress) = match self.read {
            Some(r) => (r.score.to_string(), r.progress.to_string()),
            None => (String::new(), String::new()),
        };
        format!(
            "{}\t{}\t{}\t{}\t{side}\t{}\t{}\t{w}\t{d}\t{l}\t{:.4}\t{}\t{score}\t{progress}",
            self.game,
            self.ply,
            self.size,
            f64::from(self.half_komi) / 2.0,
            self.depth,
            self.cp,
            self.white_expected(),
            self.result
        )
    }

    /// Reads a line written by `to_line`, or one of the 12 columns TSVs had
    /// before `score` and `progress`.
    pub fn from_line(line: &str) -> Result<ScoredPly, String> {
        let cells: Vec<&str> = line.split('\t').collect();
        let (first, read) = match cells.len() {
            12 => (&cells[..], None),
            14 if cells[12].is_empty() && cells[13].is_empty() => (&cells[..12], None),
            14 => (
                &cells[..12],
                Some(Read {
                    score: number("score", cells[12])?,
                    progress: number("progress", cells[13])?,
                }),
            ),
            _ => return Err(format!("expected 14 tab-separated columns: '{line}'")),
        };
        let [game, ply, size, komi, side, depth, cp, w, d, l, _, result] = first[..] else {
            return Err(format!("expected 14 tab-separated columns: '{line}'"));
        };
        let komi: f64 = number("komi", komi)?;
        let to_move = match side {
            "white" => Color::White,
            "black" => Color::Black,
            _ => return Err(format!("bad side to move '{side}'")),
        };
        Ok(ScoredPly {
            game: number("game", game)?,
            ply: number("ply", ply)?,
            size: number("size", size)?,
            half_komi: (komi * 2.0).round() as i32,
            to_move,
            depth: number("depth", depth)?,
            cp: number("cp", cp)?,
            wdl: [number("w", w)?, number("d", d)?, number("l", l)?],
            result: number("result", result)?,
            read,
        })
    }
}

/// Gains to read a TSV again with, in place of the fitted ones: `gain` for
/// every size's reads, `after_proof` after a proof.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Trial {
    /// The gain of every size (`lean::Gain`).
    pub gain: Option<Gain>,
    /// The share of a read's distance from the result proven a ply before.
    pub after_proof: Option<f64>,
}

/// `plies` read again under the outlook model compiled in now, in the order
/// given (a TSV's: each game's plies in turn): each recorded score, depth,
/// progress and side to move give the `cp` and `wdl` this build would have
/// reported after the same search, carrying each read to the next ply of the
/// same game as the engine does (`eval::carry`) with the size's gains, or with
/// those of `trial` where it has them. A proven draw stays one (the search
/// marks it, not the score); a TSV without scores cannot be read again.
pub fn rescored(plies: &[ScoredPly], trial: Trial) -> Result<Vec<ScoredPly>, String> {
    let mut carry: Option<(usize, usize, Carry)> = None;
    let mut out = Vec::with_capacity(plies.len());
    for p in plies {
        let Some(read) = p.read else {
            return Err(format!(
                "game {}, ply {}: the TSV has no score column to read again",
                p.game, p.ply
            ));
        };
        let before = carry
            .take()
            .and_then(|(game, ply, c)| (game == p.game && ply + 1 == p.ply).then_some(c));
        if p.wdl == [0, 1000, 0] {
            out.push(p.clone());
            continue;
        }
        let gains = Gains {
            read: gain_for(p.size, p.depth, trial.gain),
            after_proof: trial.after_proof.unwrap_or(AFTER_PROOF),
        };
        let at = Situation::after(
            p.ply,
            p.to_move == Color::White,
            f64::from(read.progress) / 100.0,
        );
        let outlook =
            |s: Score| menhir::eval::outlook::read(p.size, p.half_komi, s, Some(p.depth), &at);
        let score = Score(read.score);
        let (moved, after) = carried(gains, p.size, p.to_move, score, p.depth, before, |s| {
            outlook(s).expected()
        });
        carry = after.map(|c| (p.game, p.ply, c));
        let outlook = outlook(moved);
        out.push(ScoredPly {
            cp: outlook.cp,
            wdl: outlook.wdl,
            ..p.clone()
        });
    }
    Ok(out)
}

/// A number of a TSV cell.
fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("bad {what} '{text}'"))
}

/// The TSV text of `plies`, header first.
pub fn tsv_text(plies: &[ScoredPly]) -> String {
    let mut text = format!("{TSV_HEADER}\n");
    for p in plies {
        text.push_str(&p.to_line());
        text.push('\n');
    }
    text
}

/// Reads a TSV written by `tsv_text` (the header and blank lines skipped).
pub fn parse_tsv(text: &str) -> Result<Vec<ScoredPly>, String> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && *l != TSV_HEADER)
        .map(|(i, l)| ScoredPly::from_line(l).map_err(|e| format!("line {}: {e}", i + 1)))
        .collect()
}
