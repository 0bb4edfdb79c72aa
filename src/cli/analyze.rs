//! `menhir analyze`: draws a position and prints the engine's analysis, one line
//! per completed depth, then the best move. Without a position it analyses a
//! built-in 6x6 middlegame (`docs/rules.md`).

use super::board_view::render;
use clap::Args;
use menhir::board::{MAX_SIZE, MIN_SIZE};
use menhir::notation::{move_to_ptn, parse_tps};
use menhir::search::{Limits, Report, SearchInfo};
use menhir::{Color, Engine, EngineOptions, Game, Position};
use std::io::IsTerminal;

/// Ply 40 of a real 6x6 game (Tiltak vs Topaz), White to move.
pub const DEFAULT_POSITION: &str =
    "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21";

#[derive(Args)]
pub struct AnalyzeArgs {
    /// The position as TPS (quoted, or as its three fields).
    tps: Vec<String>,
    /// Analyse the start position of this size instead.
    #[arg(long, value_parser = clap::value_parser!(u8).range(MIN_SIZE as i64..=MAX_SIZE as i64), conflicts_with = "ptn")]
    size: Option<u8>,
    /// Read the first game of this PTN file.
    #[arg(long)]
    ptn: Option<std::path::PathBuf>,
    /// With --ptn: the position after this many plies (default: the last).
    #[arg(long, requires = "ptn")]
    ply: Option<usize>,
    /// Think this long, in milliseconds (default 3000 unless --depth is given).
    #[arg(long, conflicts_with = "depth")]
    movetime: Option<u64>,
    /// Search to this depth.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = super::option_default("Threads"), value_parser = super::option_range("Threads"))]
    threads: i64,
    /// Half-komi K (komi K/2 flats for Black); the PTN file's Komi tag otherwise.
    #[arg(long, allow_hyphen_values = true, value_parser = super::option_range("HalfKomi"))]
    halfkomi: Option<i64>,
    /// Ranked lines to show.
    #[arg(long, default_value_t = super::option_default("MultiPV"), value_parser = super::option_range("MultiPV"))]
    multipv: i64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = super::option_default("Hash"), value_parser = super::option_range("Hash"))]
    hash: i64,
    /// Print the static evaluation measure by measure before searching.
    #[arg(long)]
    explain: bool,
}

fn load(args: &AnalyzeArgs) -> Result<Game, String> {
    if let Some(path) = &args.ptn {
        return super::game_from_ptn(path, args.ply);
    }
    let pos = if let Some(n) = args.size {
        Position::start(n as usize).expect("clap limits the size to the supported ones")
    } else if args.tps.is_empty() {
        parse_tps(DEFAULT_POSITION).expect("the built-in position is valid")
    } else {
        parse_tps(&args.tps.join(" ")).map_err(|e| format!("bad TPS: {e}"))?
    };
    Ok(Game::new(pos))
}

/// The score as TEI reports it: flats (the calibrated `cp` / 100), or a proven
/// result.
fn flats(info: &SearchInfo) -> String {
    match info.score.plies_to_end() {
        Some(p) if info.score.0 > 0 => format!("win in {p}"),
        Some(p) => format!("loss in {p}"),
        None => format!("{:+.2}", f64::from(info.outlook.cp) / 100.0),
    }
}

/// The win, draw and loss chances and the expected score (a draw counting
/// half), in percent.
fn chances(info: &SearchInfo) -> String {
    let [w, d, l] = info.outlook.wdl.map(|x| f64::from(x) / 10.0);
    format!("W {w:5.1}% D {d:4.1}% L {l:5.1}%  E {:5.1}%", w + d / 2.0)
}

/// Where the komi came from, and how to change it (the board shows its value).
fn komi_line(args: &AnalyzeArgs) -> &'static str {
    if args.halfkomi.is_some() {
        "The komi is from --halfkomi (K sets komi K/2)."
    } else if args.ptn.is_some() {
        "The komi is the PTN file's Komi tag; --halfkomi K sets komi K/2 instead."
    } else {
        "A TPS carries no komi: 0 unless --halfkomi K sets komi K/2."
    }
}

fn print_line(info: &SearchInfo) {
    let nps = info.nodes * 1000 / info.time_ms.max(1);
    let pv: Vec<String> = info.pv.iter().map(|m| move_to_ptn(*m)).collect();
    let rank = info.multipv.map_or(String::new(), |k| format!("#{k} "));
    println!(
        "{rank}depth {:>2}  score {:>10}  {}  nodes {:>10}  nps {:>9}  pv {}",
        info.depth,
        flats(info),
        chances(info),
        info.nodes,
        nps,
        pv.join(" ")
    );
}

/// What makes two lines the same line: the closing summary repeats the last
/// completed iteration, and is printed only when it differs (a search cut
/// short in the middle of an iteration).
fn line_key(info: &SearchInfo) -> (u32, i32, Vec<menhir::Move>) {
    (info.depth, info.score.0, info.pv.clone())
}

pub fn run(args: &AnalyzeArgs) -> Result<(), String> {
    let mut game = load(args)?;
    if let Some(k) = args.halfkomi {
        game.set_half_komi(k as i32);
    }
    let pos = game.position().clone();
    for line in render(&pos, std::io::stdout().is_terminal()) {
        println!("{line}");
    }
    println!("{}", komi_line(args));
    if let Some(result) = game.result() {
        println!("The game is over: {}.", result.ptn());
    }
    println!();
    if args.explain {
        println!("{}\n", menhir::eval::explain(&pos));
    }
    let side = if pos.to_move() == Color::White {
        "White"
    } else {
        "Black"
    };
    println!(
        "Scores for {side}, the side to move: in flats (the final flat margin such scores led to in Menhir's games), and {side}'s chances to win (W), draw (D) and lose (L), and expected score (E, a draw counting half):"
    );
    let limits = Limits {
        depth: args.depth,
        movetime: args.movetime.or(if args.depth.is_none() {
            Some(3000)
        } else {
            None
        }),
        ..Limits::default()
    };
    let mut engine = Engine::new(EngineOptions {
        hash_mib: args.hash as usize,
        threads: args.threads as usize,
        multipv: args.multipv as usize,
        half_komi: game.position().half_komi(),
        ..EngineOptions::default()
    });
    engine.set_game(game);
    let last = std::sync::Mutex::new(None);
    let report = |r: Report| match r {
        Report::Info(info) => {
            let mut last = last
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            let key = line_key(&info);
            if info.multipv.is_none() && last.as_ref() == Some(&key) {
                return;
            }
            if info.multipv.is_none_or(|k| k == 1) {
                *last = Some(key);
            }
            print_line(&info);
        }
        Report::BestMove(Some(mv)) => println!("best move: {}", move_to_ptn(mv)),
        Report::BestMove(None) => println!("no legal move"),
        Report::Note(text) => println!("{text}"),
        Report::Pause => {}
    };
    engine.think(limits, &report)?;
    Ok(())
}
