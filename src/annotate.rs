//! Annotating a whole game: every position searched through the `Engine`, every
//! ply marked for tak (`'`), tinuë (`"`) and the evaluation's swing (`?`, `??`,
//! `!`), and the game written back as PTN with a comment per ply
//! (`docs/tinue.md` §3 has the format and the thresholds).

use crate::board::{Color, Move, Position};
use crate::engine::{Engine, EngineOptions};
use crate::eval::score::Score;
use crate::game::Game;
use crate::notation::{move_to_ptn, PtnGame};
use crate::search::Limits;
use crate::tinue::{move_wins, TinueOptions};
use std::fmt::Write as _;
use std::sync::atomic::AtomicBool;

/// A drop of the mover's win probability of at least this much is a mistake, `?`.
pub const MISTAKE: f64 = 0.10;
/// A drop of at least this much is a blunder, `??`.
pub const BLUNDER: f64 = 0.25;
/// A gain of at least this much over what the search expected before the ply
/// is a good move, `!`.
pub const GOOD: f64 = 0.10;

/// How to annotate.
#[derive(Clone, Debug)]
pub struct AnnotateOptions {
    /// The search limits for every position (nodes or a move time).
    pub limits: Limits,
    /// Search threads.
    pub threads: usize,
    /// Table size in MiB.
    pub hash_mib: usize,
    /// Node budget of the tinuë check of each ply.
    pub tinue_nodes: u64,
    /// The longest tinuë looked for, in plies.
    pub tinue_plies: u32,
}

/// One position's search: score from White's side, depth, best move.
#[derive(Clone, Copy, Debug)]
pub struct Evaluation {
    /// The score in centiflats from White's side (proven results at ±(10000 − plies)).
    pub white_score: Score,
    /// White's win probability, 0–1, from the engine's `wdl`.
    pub white_win: f64,
    /// The depth reached.
    pub depth: u32,
    /// The engine's best move, if the game goes on.
    pub best: Option<Move>,
}

/// What is said about one ply.
#[derive(Clone, Debug)]
pub struct PlyNote {
    /// The ply.
    pub mv: Move,
    /// The search of the position after it (`None` when the game ended there).
    pub after: Option<Evaluation>,
    /// The ply makes tak: the mover could complete a road next ply.
    pub tak: bool,
    /// The ply starts a proven tinuë: a forced road in this many plies, counting it.
    pub tinue: Option<u32>,
    /// `?`, `??`, `!` or nothing.
    pub judgement: &'static str,
    /// The engine's choice before the ply, when the ply was judged a mistake.
    pub better: Option<Move>,
}

fn evaluate(
    engine: &mut Engine,
    game: &Game,
    options: &AnnotateOptions,
) -> Result<Evaluation, String> {
    let white = game.position().to_move() == Color::White;
    if let Some(result) = game.result() {
        let win = match result.winner() {
            Some(Color::White) => 1.0,
            Some(Color::Black) => 0.0,
            None => 0.5,
        };
        let score = Score(match result.winner() {
            Some(Color::White) => 10_000,
            Some(Color::Black) => -10_000,
            None => 0,
        });
        return Ok(Evaluation {
            white_score: score,
            white_win: win,
            depth: 0,
            best: None,
        });
    }
    engine.set_game(game.clone());
    let thought = engine.think(options.limits.clone(), &|_| {})?;
    let info = thought.summary.ok_or("the search reported nothing")?;
    let [w, d, _] = info.outlook.wdl;
    // The reported score: calibrated flats, or ±(10000 − plies) when proven.
    let reported = Score(info.outlook.cp);
    let to_move_win = (f64::from(w) + f64::from(d) / 2.0) / 1000.0;
    Ok(Evaluation {
        white_score: if white { reported } else { Score(-reported.0) },
        white_win: if white {
            to_move_win
        } else {
            1.0 - to_move_win
        },
        depth: info.depth,
        best: thought.best,
    })
}

/// Searches every position of `ptn` and judges every ply; `progress(done,
/// total)` is called after each position.
pub fn annotate(
    ptn: &PtnGame,
    options: &AnnotateOptions,
    progress: &mut dyn FnMut(usize, usize),
) -> Result<Vec<PlyNote>, String> {
    let mut engine = Engine::new(EngineOptions {
        hash_mib: options.hash_mib,
        threads: options.threads,
        multipv: 1,
        half_komi: ptn.game.start().half_komi(),
        ..EngineOptions::default()
    });
    let moves = ptn.game.moves();
    let mut game = Game::new(ptn.game.start().clone());
    let mut before = evaluate(&mut engine, &game, options)?;
    progress(0, moves.len());
    let tinue = TinueOptions {
        max_plies: options.tinue_plies,
        nodes: Some(options.tinue_nodes),
        table_mib: 4,
        ..TinueOptions::default()
    };
    let stop = AtomicBool::new(false);
    let mut notes = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let pos: Position = game.position().clone();
        let mover = pos.to_move();
        let tinue = move_wins(&pos, mv, &tinue, &stop).filter(|&plies| plies >= 3);
        game.play(mv).map_err(|e| e.to_string())?;
        let mut after_pos = game.position().clone();
        let tak = game.result().is_none() && after_pos.is_tak(mover);
        let after = evaluate(&mut engine, &game, options)?;
        let sign = if mover == Color::White { 1.0 } else { -1.0 };
        let change = sign * (after.white_win - before.white_win);
        let judgement = if change <= -BLUNDER {
            "??"
        } else if change <= -MISTAKE {
            "?"
        } else if change >= GOOD {
            "!"
        } else {
            ""
        };
        notes.push(PlyNote {
            mv,
            after: game.result().is_none().then_some(after),
            tak,
            tinue,
            judgement,
            better: before
                .best
                .filter(|&b| judgement.starts_with('?') && b != mv),
        });
        before = after;
        progress(i + 1, moves.len());
    }
    Ok(notes)
}

/// A score in flats from White's side: `+0.34`, or `+W5`/`-B5` for a proven win
/// for White/Black with the game ending 5 plies after the position searched.
pub fn score_text(score: Score) -> String {
    match score.plies_to_end() {
        Some(plies) if score.0 > 0 => format!("+W{plies}"),
        Some(plies) => format!("-B{plies}"),
        None => format!("{:+.2}", f64::from(score.0) / 100.0),
    }
}

/// The comment for a ply: `menhir: +0.79/5 c3 W62%`, White's score in flats
/// over the depth (racetrack's form), the best move, White's win chance.
fn comment(note: &PlyNote) -> String {
    let mut text = String::from("menhir:");
    match note.after {
        Some(e) => {
            let best = e.best.map_or("--".to_string(), move_to_ptn);
            let _ = write!(
                text,
                " {}/{} {best} W{:.0}%",
                score_text(e.white_score),
                e.depth,
                e.white_win * 100.0
            );
        }
        None => text.push_str(" game over"),
    }
    if let Some(plies) = note.tinue {
        let _ = write!(text, "; tinuë, road in {plies}");
    }
    if let Some(better) = note.better {
        let _ = write!(text, "; better {}", move_to_ptn(better));
    }
    text
}

/// The game written back as PTN: its tags, then every ply with its marks and
/// comment (the file's own comments kept before Menhir's), then the result.
pub fn write_annotated(ptn: &PtnGame, notes: &[PlyNote]) -> String {
    let mut out = String::new();
    for (name, value) in &ptn.tags {
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    let own = |ply: usize| ptn.comments.iter().filter(move |(at, _)| *at == ply);
    for (_, text) in own(0) {
        let _ = writeln!(out, "{{{text}}}");
    }
    let start = ptn.game.start();
    let mut ply = start.ply();
    for (i, note) in notes.iter().enumerate() {
        let number = ply / 2 + 1;
        if ply.is_multiple_of(2) {
            let _ = write!(out, "{number}. ");
        } else if i == 0 {
            let _ = write!(out, "{number}... ");
        }
        let tak_mark = if note.tinue.is_some() {
            "\""
        } else if note.tak {
            "'"
        } else {
            ""
        };
        let _ = write!(out, "{}{tak_mark}{} ", move_to_ptn(note.mv), note.judgement);
        for (_, text) in own(i + 1) {
            let _ = write!(out, "{{{text}}} ");
        }
        let _ = write!(out, "{{{}}}", comment(note));
        ply += 1;
        out.push(if ply.is_multiple_of(2) { '\n' } else { ' ' });
    }
    if let Some(result) = &ptn.result {
        if !out.ends_with('\n') {
            out.push('\n');
        }
        let _ = writeln!(out, "{result}");
    } else if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}
