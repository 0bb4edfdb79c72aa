//! `menhir-tools calibrate fit`: fits an outlook model per size and komi, prints the
//! figures of the new and the old model on the held-out games, and writes the
//! models and the reliability diagram when asked.

use menhir::board::Position;
use menhir::engine::{Engine, EngineOptions};
use menhir::eval::outlook::{model_for, OutlookModel, Situation};
use menhir::game::Game;
use menhir::search::Limits;
use menhir_tools::calibrate::fit::{
    cross_validate, fit, measure, rows, white_score, Figures, FOLDS,
};
use menhir_tools::calibrate::gen::Outlook;
use menhir_tools::calibrate::plot::{reliability_svg, Panel};
use menhir_tools::calibrate::table::{table_text, Fitted};
use menhir_tools::tune::paths::file_names;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The predicted score (win + draw / 2) for White on the empty board of `size`
/// at `half_komi`, after a search of `nodes`.
fn empty_board_score(model: &OutlookModel, size: usize, half_komi: i32, nodes: u64) -> f64 {
    let Some(mut pos) = Position::start(size) else {
        return f64::NAN;
    };
    pos.set_half_komi(half_komi);
    let mut engine = Engine::new(EngineOptions {
        hash_mib: 16,
        threads: 1,
        // Scores here must read a draw as level, whoever is to move.
        contempt: 0,
        ..EngineOptions::default()
    });
    engine.set_game(Game::new(pos));
    let limits = Limits {
        nodes: Some(nodes),
        ..Limits::default()
    };
    match engine.think(limits, &|_| {}).ok().and_then(|t| t.summary) {
        Some(info) => {
            let at = Situation {
                progress: 0.0,
                white: true,
                swap: true,
                opening: false,
                lean: None,
            };
            let [w, d, _] = model.probabilities(f64::from(info.reported.0), &at);
            w + d / 2.0
        }
        None => f64::NAN,
    }
}

fn figures_text(f: &Figures) -> String {
    format!(
        "ECE {:.4} (White to move {:.4}, Black {:.4})  Brier {:.4}  log loss {:.4}",
        f.ece, f.ece_white, f.ece_black, f.brier, f.log_loss
    )
}

/// More games than any one file holds: file `f`'s game `g` becomes game
/// `f · GAMES_PER_FILE + g`.
const GAMES_PER_FILE: usize = 1_000_000;

/// Runs the fit over `data`.
pub fn run(
    data: &[PathBuf],
    write: Option<&Path>,
    plot: Option<&Path>,
    nodes: u64,
) -> Result<(), String> {
    let mut by_size: BTreeMap<(usize, i32), Vec<Outlook>> = BTreeMap::new();
    let mut sources: BTreeMap<(usize, i32), Vec<PathBuf>> = BTreeMap::new();
    for (file, path) in data.iter().enumerate() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let mut o = Outlook::from_line(line)
                .map_err(|e| format!("{}:{}: {e}", path.display(), i + 1))?;
            // Game numbers restart in every file: keep the games apart.
            o.game += file * GAMES_PER_FILE;
            let files = sources.entry((o.size, o.half_komi)).or_default();
            if files.last() != Some(path) {
                files.push(path.clone());
            }
            by_size.entry((o.size, o.half_komi)).or_default().push(o);
        }
    }
    if by_size.is_empty() {
        return Err("no positions in the files".into());
    }
    let mut fitted = Vec::new();
    let mut panels = Vec::new();
    println!("| size | komi | games | positions | new, cross-validated: ECE, Brier, log loss | the model compiled in now: ECE, Brier, log loss | White's score in the games | predicted for the empty board | cp per internal unit |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (&(size, half_komi), positions) in &by_size {
        let all = rows(positions)?;
        let games = all
            .iter()
            .map(|r| r.game)
            .collect::<std::collections::BTreeSet<_>>()
            .len();
        if games < FOLDS {
            return Err(format!(
                "{size}x{size}: {games} games; cross-validation needs {FOLDS}"
            ));
        }
        let everything: Vec<&menhir_tools::calibrate::fit::Row> = all.iter().collect();
        let model = fit(&everything);
        let new = cross_validate(&all);
        let old = measure(model_for(size, half_komi), &everything);
        let white = white_score(&all);
        let empty = empty_board_score(&model, size, half_komi, nodes);
        let komi = f64::from(half_komi) / 2.0;
        println!(
            "| {size}x{size} | {komi} | {games} | {} | {} | {} | {white:.3} | {empty:.3} | {:.3} |",
            all.len(),
            figures_text(&new).replace("  ", ", "),
            figures_text(&old).replace("  ", ", "),
            model.flats_per_unit
        );
        log::info!("{size}x{size}: {model:?}");
        log::info!(
            "{size}x{size}: the model compiled in now, ECE with White to move {:.4}, Black {:.4}",
            old.ece_white,
            old.ece_black
        );
        let bins: Vec<String> = new
            .bins
            .iter()
            .map(|(c, p, o)| format!("{c}: {p:.3}->{o:.3}"))
            .collect();
        log::info!("{size}x{size} held-out bins: {}", bins.join(", "));
        fitted.push(Fitted {
            size,
            half_komi,
            model,
            note: format!(
                "{} positions of {games} games at komi {komi} ({}); cross-validated ECE {:.4} (White to move {:.4}, Black {:.4}), Brier {:.4}",
                all.len(),
                file_names(&sources[&(size, half_komi)]),
                new.ece,
                new.ece_white,
                new.ece_black,
                new.brier
            ),
        });
        panels.push(Panel {
            title: format!("{size}x{size}, komi {komi}"),
            caption: format!(
                "{} positions, cross-validated ECE {:.3}",
                all.len(),
                new.ece
            ),
            bins: new.bins,
        });
    }
    if let Some(path) = write {
        let command = format!(
            "menhir-tools calibrate fit {} --write {}",
            file_names(data),
            path.display()
        );
        let previous = std::fs::read_to_string(path).ok();
        std::fs::write(path, table_text(&fitted, &command, previous.as_deref()))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    if let Some(path) = plot {
        std::fs::write(path, reliability_svg(&panels))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("drew {}", path.display());
    }
    Ok(())
}
