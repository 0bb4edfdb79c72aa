//! `menhir-tools calibrate lean`: fits how far a search leans toward the side
//! to move, by depth, to `calibrate steadiness` TSVs, prints the fit beside
//! what the pairs show at each depth (the trimmed mean of the pairs whose two
//! searches both reached it), and writes `src/eval/lean_table.rs` when asked.
//! A game read twice (two TSVs of the same games at two node counts) counts
//! as two games read. Each size's gain and the share kept after a proof
//! (`calibrate::gain`) are fitted on the same TSVs with the lean compiled in:
//! after writing a new lean, build and run again for the gains that go with
//! it.

use menhir::eval::lean::{Gain, Lean};
use menhir_tools::calibrate::gain::{fit_after_proof, fit_gain, lag1_with, FittedGain};
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
    let names: Vec<String> = tsvs
        .iter()
        .map(|p| {
            p.file_name()
                .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
        })
        .collect();
    let by_size = pairs(&plies, from_ply);
    if by_size.is_empty() {
        return Err("no pairs of scored positions (TSVs need the score column)".into());
    }
    let mut leans = Vec::new();
    println!("| size | games read | pairs | depths | scale | decay | lean at a depth: observed (pairs) / fitted |");
    println!("|---|---|---|---|---|---|---|");
    let mut gains = Vec::new();
    for (&size, size_pairs) in &by_size {
        let Some(mut lean) = fit(size, size_pairs) else {
            continue;
        };
        let kept = lag1_with(&sources, size, from_ply, Gain::WHOLE)?;
        let fitted = fit_gain(&sources, size, from_ply)?;
        lean.gain = fitted.as_ref().map_or(Gain::WHOLE, |f| f.gain);
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
            "| {size}x{size} | {} | {} | {}–{} | {:.1} | {:.3} | {} |",
            games.len(),
            size_pairs.len(),
            low.unwrap_or(0),
            high.unwrap_or(0),
            lean.scale,
            lean.decay,
            by_depth.join("; "),
        );
        gains.push(gain_row(&lean, &kept, fitted.as_ref(), &names));
        let note = format!(
            "{} pairs of {} games read, from ply {from_ply}, depths {}–{}",
            size_pairs.len(),
            games.len(),
            low.unwrap_or(0),
            high.unwrap_or(0)
        );
        leans.push((lean, note));
    }
    println!("\n| size | taken back at the shallowest depth / its fall a ply deeper | gain at depths | mean gain | lag-1 of each TSV: every read kept → at the gain |");
    println!("|---|---|---|---|---|");
    for row in gains {
        println!("{row}");
    }
    let fitted: Vec<(usize, Gain)> = leans.iter().map(|(l, _)| (l.size, l.gain)).collect();
    let after_proof = fit_after_proof(&sources, &fitted, from_ply)?;
    if let Some((share, mean)) = after_proof {
        println!(
            "\nafter a proof, a read keeps {share:.2} of its distance from the result \
             (the mean absolute lag-1 of every change over the TSVs and sizes: {mean:.3})"
        );
    }
    if let Some(path) = write {
        let command = format!("menhir-tools calibrate lean {}", names.join(" "));
        std::fs::write(
            path,
            table_text(
                &leans,
                after_proof.map_or(1.0, |(share, _)| share),
                &command,
            ),
        )
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("\nwrote {}", path.display());
    }
    Ok(())
}

/// The printed row of a size's gain: the share taken back at the lean's
/// shallowest depth and its fall a ply deeper, the gain at a few depths, and
/// each TSV's lag-1 with every read kept and at the gain.
fn gain_row(
    lean: &Lean,
    kept: &[Option<f64>],
    fitted: Option<&FittedGain>,
    names: &[String],
) -> String {
    let lag1 = |x: Option<f64>| x.map_or_else(|| "-".to_string(), |r| format!("{r:.3}"));
    let at: Vec<String> = (0..4)
        .map(|k| lean.shallowest + 3 * k)
        .map(|d| format!("{d}: {:.2}", lean.gain_at(d)))
        .collect();
    let by_tsv: Vec<String> = names
        .iter()
        .enumerate()
        .filter(|(k, _)| kept[*k].is_some())
        .map(|(k, name)| {
            let now = fitted.and_then(|f| f.lag1[k]);
            format!("{name}: {} → {}", lag1(kept[k]), lag1(now))
        })
        .collect();
    format!(
        "| {0}x{0} | {1:.2} at {2} / {3:.1} | {4} | {5} | {6} |",
        lean.size,
        lean.gain.back,
        lean.shallowest,
        lean.gain.fall,
        at.join("; "),
        fitted.map_or_else(|| "-".to_string(), |f| format!("{:.3}", f.mean_gain)),
        by_tsv.join("; ")
    )
}
