//! `menhir-tools tune net`: fits the evaluation's learned correction (`eval::net`) of
//! one board size to `tune gen` files (a teacher's win probabilities, or Menhir's
//! own games: results and search scores), and can write it into
//! `src/eval/net_weights/`.

use clap::Args;
use menhir::eval::tuning::{decode_net_file, NetWeights};
use menhir::notation::parse_tps;
use menhir_tools::tune::net::{check_width, fit_net, NetConfig};
use menhir_tools::tune::net_file::net_file_bytes;
use menhir_tools::tune::paths::{file_names, size_file};
use menhir_tools::tune::selfplay::Sample;
use std::path::PathBuf;

#[derive(Args)]
pub struct NetArgs {
    /// Position files written by `tune gen` (with or without --teacher), all
    /// of one board size.
    #[arg(required = true)]
    pub data: Vec<PathBuf>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 80)]
    epochs: usize,
    /// Adam step size.
    #[arg(long, default_value_t = 0.002)]
    learning_rate: f32,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 512)]
    batch: usize,
    /// Decoupled weight decay on the input weights (0 = none): pulls weights
    /// the data says little about towards 0.
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// The step size falls along a half cosine from --learning-rate at the
    /// first epoch to this fraction of it at the last (1 = constant).
    #[arg(long, default_value_t = 1.0, value_parser = fraction)]
    decay_to: f32,
    /// Hidden units: 64, 128, 256, 512 or 1024 (the widths the evaluation has code for).
    #[arg(long, default_value_t = 128, value_parser = width)]
    hidden: usize,
    /// For self-play positions: the search score's share of the target, 0 to
    /// 1 (the game's result has the rest). Teacher positions use the
    /// teacher's figure.
    #[arg(long, default_value_t = 0.5, value_parser = fraction)]
    lambda: f32,
    /// The result enters only the targets of positions at most this many
    /// plies before their game's end; earlier positions learn the search
    /// score alone (default: every position blends by --lambda).
    #[arg(long)]
    result_plies: Option<usize>,
    /// Temporal-difference targets for self-play positions instead of
    /// --lambda: walking each game back from its result, a position's target
    /// is (1 - D^g) x its search score + D^g x the next recorded position's
    /// target, g plies on; D is this decay a ply, 0 to 1.
    #[arg(long = "td", value_name = "D", value_parser = fraction, conflicts_with_all = ["lambda", "result_plies"])]
    td_decay: Option<f32>,
    /// Start from this weights file (a `s{size}.bin` of the same size, at most
    /// --hidden units wide) instead of random weights: its units become the
    /// first ones and any more start small. Its network is kept unless an
    /// epoch beats it on the held-out games.
    #[arg(long)]
    init: Option<PathBuf>,
    /// Seed of the starting weights and the shuffles.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Rewrite this size's file: in the weights directory
    /// (src/eval/net_weights, whose s{size}.bin holds it) or the one file given.
    #[arg(long)]
    write: Option<PathBuf>,
}

pub fn fit(args: &NetArgs, samples: &[Sample]) -> Result<(), String> {
    let first = samples.first().ok_or("the data files hold no positions")?;
    let size = parse_tps(&first.tps)
        .map_err(|e| format!("first position: {e}"))?
        .size();
    let config = NetConfig {
        epochs: args.epochs,
        learning_rate: args.learning_rate,
        batch: args.batch,
        seed: args.seed,
        weight_decay: args.weight_decay,
        decay_to: args.decay_to,
        hidden: args.hidden,
        lambda: f64::from(args.lambda),
        result_plies: args.result_plies,
        td_decay: args.td_decay.map(f64::from),
        init: args
            .init
            .as_ref()
            .map(|path| starting_network(path, size))
            .transpose()?,
    };
    let report = fit_net(samples, size, &config)?;
    println!(
        "{size}x{size}: {} training and {} validation positions, k = {:.4}",
        report.train_positions, report.validation_positions, report.k
    );
    println!(
        "validation loss: evaluation alone {:.6}, with the correction {:.6} (training {:.6}), the network of epoch {}",
        report.validation_before, report.validation_after, report.train_after, report.best_epoch
    );
    if let Some(target) = &args.write {
        let path = size_file(target, size, "bin");
        let step = if args.decay_to < 1.0 {
            format!(
                "step size {} falling to {} of it",
                args.learning_rate, args.decay_to
            )
        } else {
            format!("constant step size {}", args.learning_rate)
        };
        let lambda = if let Some(d) = args
            .td_decay
            .filter(|_| samples.iter().any(|s| s.teacher.is_none()))
        {
            format!(", self-play targets by temporal differences with decay {d} a ply")
        } else if samples.iter().any(|s| s.teacher.is_none()) {
            let within = args
                .result_plies
                .map(|n| format!(" in the last {n} plies of a game, 1 before them"))
                .unwrap_or_default();
            format!(", self-play targets with lambda {}{within}", args.lambda)
        } else {
            String::new()
        };
        let start = args
            .init
            .as_ref()
            .map(|p| format!(", started from {}", file_names(std::slice::from_ref(p))))
            .unwrap_or_default();
        let note = format!(
            "{} positions ({}){lambda}{start}, {} hidden units, epoch {} of {}, weight decay {}, {step}, k {:.4}, validation loss {:.6} (evaluation alone {:.6})",
            report.train_positions,
            file_names(&args.data),
            args.hidden,
            report.best_epoch,
            args.epochs,
            args.weight_decay,
            report.k,
            report.validation_after,
            report.validation_before
        );
        let bytes = net_file_bytes(size, &report.net, &report.seen, &note);
        std::fs::write(&path, bytes)
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

/// The network in the weights file at `path`, which must be for `size`.
fn starting_network(path: &PathBuf, size: usize) -> Result<NetWeights, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let file = decode_net_file(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    if file.size != size {
        return Err(format!(
            "{} holds a {}x{} network, the data is {size}x{size}",
            path.display(),
            file.size,
            file.size
        ));
    }
    Ok(file.weights)
}

/// One of the widths the evaluation has code for, for --hidden: refused when
/// the command line is read, before the data files are.
fn width(text: &str) -> Result<usize, String> {
    let units: usize = text
        .parse()
        .map_err(|_| format!("'{text}' is not a whole number"))?;
    check_width(units).map(|()| units)
}

/// A number from 0 to 1, for --decay-to.
fn fraction(text: &str) -> Result<f32, String> {
    let x: f32 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number"))?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("{x} is not between 0 and 1"))
    }
}
