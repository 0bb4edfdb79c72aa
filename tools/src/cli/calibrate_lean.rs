//! `menhir-tools calibrate lean`: fits how far a search leans toward the side
//! to move, by depth, to `calibrate steadiness` TSVs, prints the fit beside
//! what the pairs show at each depth (the trimmed mean of the pairs whose two
//! searches both reached it), and writes `src/eval/lean_table.rs` when asked.
//! A game read twice (two TSVs of the same games at two node counts) counts
//! as two games read. Each size's gain (`calibrate::gain`) is fitted on the
//! same TSVs with the lean compiled in: after writing a new lean, build and
//! run again for the gain that goes with it.

use menhir_tools::calibrate::gain::{fit_gain, lag1_with};
use menhir_tools::calibrate::lean::{fit, observed, pairs, table_text};
use menhir_tools::calibrate::steadiness::{parse_tsv, ScoredPly};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Runs the fit over `tsvs`, counting pairs from `from_ply` on.
pub fn run(tsvs: &[PathBuf], from_ply: usize, write: Option<&Path>) -> Result<(), String> {
    let mut plies: Vec<(usize, ScoredPly)> = Vec::new();
    let mut sources: Vec<Vec<ScoredPly>> = Vec::new();
    for (source, path) in tsvs.iter().enumerate() {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let read = parse_tsv(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        plies.extend(read.iter().cloned().map(|p| (source, p)));
        sources.push(read);
    }
    let by_size = pairs(&plies, from_ply);
    if by_size.is_empty() {
        return Err("no pairs of scored positions (TSVs need the score column)".into());
    }
    let mut leans = Vec::new();
    println!("| size | games read | pairs | depths | scale | decay | lean at a depth: observed (pairs) / fitted | gain | lag-1, every read kept / at the gain |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (&size, size_pairs) in &by_size {
        let Some(mut lean) = fit(size, size_pairs) else {
            continue;
        };
        let kept = lag1_with(&sources, size, from_ply, 1.0)?;
        let fitted = fit_gain(&sources, size, from_ply)?;
        lean.gain = fitted.map_or(1.0, |(gain, _)| gain);
        let lag1 = |x: Option<f64>| x.map_or_else(|| "-".to_string(), |r| format!("{r:.3}"));
        let games: BTreeSet<(usize, usize)> = plies
            .iter()
            .filter(|(_, p)| p.size == size)
            .map(|(s, p)| (*s, p.game))
            .collect();
        let depths: BTreeSet<u32> = size_pairs.iter().map(|p| p.first).collect();
        let (low, high) = (depths.first().copied(), depths.last().copied());
        let by_depth: Vec<String> = depths
            .iter()
            .filter_map(|&d| {
                observed(size_pairs, d)
                    .map(|(mean, n)| format!("{d}: {mean:.1} ({n}) / {:.1}", lean.at(d)))
            })
            .collect();
        println!(
            "| {size}x{size} | {} | {} | {}–{} | {:.1} | {:.3} | {} | {:.2} | {} / {} |",
            games.len(),
            size_pairs.len(),
            low.unwrap_or(0),
            high.unwrap_or(0),
            lean.scale,
            lean.decay,
            by_depth.join("; "),
            lean.gain,
            lag1(kept),
            lag1(fitted.map(|(_, r)| r))
        );
        let note = format!(
            "{} pairs of {} games read, from ply {from_ply}, depths {}–{}",
            size_pairs.len(),
            games.len(),
            low.unwrap_or(0),
            high.unwrap_or(0)
        );
        leans.push((lean, note));
    }
    if let Some(path) = write {
        let names: Vec<String> = tsvs
            .iter()
            .map(|p| {
                p.file_name()
                    .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
            })
            .collect();
        let command = format!("menhir-tools calibrate lean {}", names.join(" "));
        std::fs::write(path, table_text(&leans, &command))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("\nwrote {}", path.display());
    }
    Ok(())
}
