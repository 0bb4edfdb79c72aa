//! The search: iterative deepening by a main `Worker`, helped by the others at
//! the nodes whose moves it shares (young brothers wait, `worker/split.rs`);
//! they share the transposition table, the move history and a stop flag.
//! MultiPV, and reports sent through a callback.
//! No I/O here: callers format the reports.

mod drawn;
mod eval_cache;
pub mod limits;
mod ordering;
pub mod params;
pub mod pause;
mod reported;
mod steadiness;
pub mod tt;
mod worker;

pub use limits::{Deadline, Limits};
// Scores are the evaluation's unit; `search::score` stays their path here.
pub use crate::eval::score::{self, Score};
pub use tt::TranspositionTable;

use crate::board::Move;
use crate::board::Position;
use crate::clock::Instant;
use crate::eval::outlook::{outlook, Outlook};
use crate::movegen::MoveList;
use drawn::Drawn;
pub use params::MAX_DEPTH;
use params::{ASPIRATION_GROWTH, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, MAX_PLY};
use pause::PauseEvery;
use reported::Recent;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;
use steadiness::Steadiness;
use worker::Worker;

/// What the workers share.
pub struct Shared<'a> {
    /// The transposition table.
    pub tt: &'a TranspositionTable,
    /// Set to end the search (by `stop`, a limit or the main thread).
    pub stop: &'a AtomicBool,
    /// Approximate total nodes over all threads (updated every `params::NODE_BATCH` nodes).
    pub nodes: AtomicU64,
    /// The search's deadlines.
    pub deadline: Deadline,
    /// Stop after this many nodes over all threads.
    pub node_limit: Option<u64>,
    /// Threads searching.
    pub threads: usize,
    /// The root side's contempt: a drawn game end scores `-contempt` for it
    /// and `+contempt` for its opponent.
    contempt: i32,
    /// The side to move at the root.
    root_side: crate::board::Color,
    /// Nodes whose moves threads share.
    splits: worker::split::Splits,
    /// The move-ordering history all threads learn into.
    history: ordering::History,
    /// When the main thread hands control back to its host (`pause.rs`).
    pause: Option<PauseEvery<'a>>,
}

impl<'a> Shared<'a> {
    /// What the threads of a search of `pos` share, before any has searched.
    fn new(
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        params: &SearchParams,
        pos: &Position,
    ) -> Self {
        Shared {
            tt,
            stop,
            nodes: AtomicU64::new(0),
            deadline: Deadline::for_position(&params.limits, pos, params.start),
            node_limit: params.limits.nodes,
            threads: params.threads.max(1),
            contempt: params.contempt,
            root_side: pos.to_move(),
            splits: worker::split::Splits::default(),
            history: ordering::History::new(),
            pause: None,
        }
    }
}

/// One line of search progress.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// Nominal depth of the completed iteration.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// The MultiPV rank (1-based), or `None` for the summary line.
    pub multipv: Option<usize>,
    /// Score from the side to move, in the search's internal units (they
    /// order positions; `outlook` says what they mean).
    pub score: Score,
    /// The score the report reads, in the same units: the search's score
    /// steadied across its last iterations (`reported.rs`).
    pub reported: Score,
    /// The score as reported: `cp` in hundredths of a flat and win/draw/loss
    /// per mille, calibrated for the root position (`eval::outlook`).
    pub outlook: Outlook,
    /// Nodes over all threads.
    pub nodes: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// Permille of the table in use this search.
    pub hashfull: u32,
    /// The principal variation, the move to play first.
    pub pv: Vec<Move>,
    /// Set when the proof search (`go solved`) proved the result: it is
    /// reported as `score solved win|loss <plies>`.
    pub solved: Option<Solved>,
}

/// A result proven by the proof search, from the side to move at the root.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// True for a win, false for a loss.
    pub win: bool,
    /// Plies to the end of the game, both sides' counted.
    pub plies: u32,
}

/// What a search reports.
#[derive(Clone, Debug, PartialEq)]
pub enum Report {
    /// A line of progress.
    Info(SearchInfo),
    /// The move to play; `None` when the position has no legal move.
    BestMove(Option<Move>),
    /// A message for the user (`info string`): progress of the proof search.
    Note(String),
    /// The search hands control to its host for a moment (only when
    /// `SearchParams::pause_every` asks for it, `pause.rs`); callers that run
    /// the search on a thread of its own ignore it.
    Pause,
}

/// How to search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    /// When to stop.
    pub limits: Limits,
    /// Threads to search with (the main thread and its helpers).
    pub threads: usize,
    /// Ranked root lines to report.
    pub multipv: usize,
    /// Centiflats a drawn game end costs the side to move at the root
    /// (`Contempt`; 0 scores draws as level).
    pub contempt: i32,
    /// When the search (and its clock) started.
    pub start: Instant,
    /// Report `Report::Pause` this often (a host with one thread, `pause.rs`);
    /// `None` never.
    pub pause_every: Option<Duration>,
}

/// One ranked root line of a completed iteration.
#[derive(Clone, Debug)]
struct Line {
    score: Score,
    pv: Vec<Move>,
    /// What the line's `cp` and `wdl` report (`reported.rs`).
    reported: Score,
    /// True when the line's first move leads to a proven draw (`drawn.rs`).
    drawn: bool,
}

impl Line {
    fn new(score: Score, pv: Vec<Move>) -> Line {
        Line {
            score,
            pv,
            reported: score,
            drawn: false,
        }
    }

    /// What the line means to a reader in `pos`, its root, searched to
    /// `depth`.
    fn outlook(&self, pos: &Position, depth: u32) -> Outlook {
        if self.drawn {
            Outlook::DRAWN
        } else {
            outlook(pos, self.reported, Some(depth))
        }
    }
}

/// Searches `pos` (whose game history since the last placement is `history`,
/// current position last) and reports progress and exactly one `BestMove`.
pub fn search(
    pos: &Position,
    history: &[u64],
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    report: &(dyn Fn(Report) + Sync),
) -> Option<Move> {
    let mut roots = MoveList::new();
    pos.legal_moves(&mut roots);
    let Some(&first) = roots.first() else {
        report(Report::BestMove(None));
        return None;
    };
    tt.new_search();
    let mut shared = Shared::new(tt, stop, params, pos);
    shared.pause = params.pause_every.map(|every| PauseEvery { every, report });
    let multipv = params.multipv.clamp(1, roots.len());
    let done = run_threads(pos, history, params, &shared, multipv, report);
    let (lines, depth, seldepth) = (done.lines, done.depth, done.seldepth);
    let best = lines
        .first()
        .and_then(|l| l.pv.first().copied())
        .unwrap_or(first);
    // The summary is line 1 (a level line of the best move if none completed).
    let line = lines
        .first()
        .cloned()
        .unwrap_or_else(|| Line::new(Score(0), vec![best]));
    report(Report::Info(SearchInfo {
        depth,
        seldepth: seldepth as u32,
        multipv: None,
        score: line.score,
        reported: line.reported,
        outlook: line.outlook(pos, depth),
        nodes: done.main_nodes + done.helper_nodes,
        time_ms: shared.deadline.elapsed().as_millis() as u64,
        hashfull: tt.hashfull(),
        pv: line.pv,
        solved: None,
    }));
    report(Report::BestMove(Some(best)));
    Some(best)
}

/// What the threads of a search did.
struct Searched {
    /// The main thread's lines of its last completed iteration.
    lines: Vec<Line>,
    depth: u32,
    seldepth: usize,
    main_nodes: u64,
    /// Nodes the other threads searched at the nodes the main thread shared.
    helper_nodes: u64,
}

/// The main thread iterates; the others help it wherever it shares a node's
/// moves (`worker/split.rs`), until the main thread is done or `stop`.
fn run_threads(
    pos: &Position,
    history: &[u64],
    params: &SearchParams,
    shared: &Shared,
    multipv: usize,
    report: &(dyn Fn(Report) + Sync),
) -> Searched {
    std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..shared.threads)
            .map(|id| {
                scope.spawn(move || {
                    let mut w = Worker::new(id, pos.clone(), history, shared);
                    w.help_until_stop();
                    w.nodes
                })
            })
            .collect();
        let mut main = Worker::new(0, pos.clone(), history, shared);
        let (lines, depth) = iterate(&mut main, history, params, multipv, report);
        if params.limits.is_infinite() {
            // Wait for `stop`: a host with one thread is handed control.
            let mut pauses = shared.pause.map(pause::Pauses::start);
            while !shared.stop.load(Ordering::Relaxed) {
                match &mut pauses {
                    Some(p) => {
                        p.tick();
                    }
                    None => std::thread::sleep(Duration::from_millis(1)),
                }
            }
        }
        shared.stop.store(true, Ordering::Relaxed);
        let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        log::debug!("main thread {} nodes, helpers {helper_nodes}", main.nodes);
        Searched {
            lines,
            depth,
            seldepth: main.seldepth,
            main_nodes: main.nodes,
            helper_nodes,
        }
    })
}

/// Aspiration search of one root line around the previous score.
fn aspiration(
    w: &mut Worker,
    depth: i32,
    previous: Option<Score>,
    excluded: &[Move],
) -> Option<Line> {
    let (mut alpha, mut beta, mut window) = match previous {
        Some(p) if depth >= ASPIRATION_MIN_DEPTH && !p.is_proven() => (
            p.0 - ASPIRATION_WINDOW,
            p.0 + ASPIRATION_WINDOW,
            ASPIRATION_WINDOW,
        ),
        _ => (-score::INFINITY, score::INFINITY, 0),
    };
    loop {
        let (s, pv) = w.search_root(depth, alpha, beta, excluded)?;
        if s.0 <= alpha && alpha > -score::INFINITY {
            window *= ASPIRATION_GROWTH;
            alpha = (s.0 - window).max(-score::INFINITY);
        } else if s.0 >= beta && beta < score::INFINITY {
            window *= ASPIRATION_GROWTH;
            beta = (s.0 + window).min(score::INFINITY);
        } else if pv.is_empty() {
            return None;
        } else {
            return Some(Line::new(s, pv));
        }
    }
}

/// Iterative deepening by the main worker, which reports each completed
/// iteration and honours the soft deadline (the other threads help it at the
/// nodes it shares, `worker/split.rs`). Returns the lines of the last
/// completed iteration (or of the first line of an interrupted one) and its
/// depth.
fn iterate(
    w: &mut Worker,
    history: &[u64],
    params: &SearchParams,
    multipv: usize,
    report: &(dyn Fn(Report) + Sync),
) -> (Vec<Line>, u32) {
    let max_depth = params.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut last: Vec<Line> = Vec::new();
    let mut completed = 0;
    let mut steadiness = Steadiness::default();
    let mut recent = Recent::default();
    let mut drawn = Drawn::default();
    let mut depth = 0;
    while depth < max_depth {
        depth += 1;
        let d = depth.min(MAX_PLY as u32 - 8) as i32;
        let mut lines: Vec<Line> = Vec::new();
        let mut excluded: Vec<Move> = Vec::new();
        for k in 0..multipv {
            match aspiration(w, d, last.get(k).map(|l| l.score), &excluded) {
                Some(line) => {
                    excluded.push(line.pv[0]);
                    lines.push(line);
                }
                None => break,
            }
        }
        if w.stopped {
            // Nothing completed yet (a tiny clock): keep the best root move that
            // was fully searched, so the answer is never just the first move.
            if last.is_empty() {
                if !lines.is_empty() {
                    last = lines;
                } else if let Some((score, pv)) = w.partial_root() {
                    last = vec![Line::new(score, pv)];
                }
                completed = depth;
            }
            break;
        }
        if lines.is_empty() {
            break;
        }
        // Each line is searched with the better ones excluded, and the table has
        // learnt more by the time the later ones run, so a later line can score
        // above an earlier one: rank them by score (the stable sort keeps the
        // order of equals), so that line 1, the move played, is the best found.
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        recent.complete(depth, &mut lines);
        drawn.mark(&w.pos, history, Score(-params.contempt), &mut lines);
        last = lines;
        completed = depth;
        report_lines(w, params, &last, depth, report);
        let proven_done = !params.limits.is_infinite()
            && last[0]
                .score
                .plies_to_end()
                .is_some_and(|p| p <= depth as i32);
        if proven_done {
            break;
        }
        w.time_scale = steadiness.update(depth, last[0].pv[0], last[0].score.0);
        if w.deadline().soft_passed_at(w.time_scale) {
            break;
        }
    }
    (last, completed)
}

fn report_lines(
    w: &Worker,
    params: &SearchParams,
    lines: &[Line],
    depth: u32,
    report: &(dyn Fn(Report) + Sync),
) {
    let time_ms = params.start.elapsed().as_millis() as u64;
    let nodes = w.total_nodes();
    let hashfull = w.hashfull();
    for (k, line) in lines.iter().enumerate() {
        report(Report::Info(SearchInfo {
            depth,
            seldepth: w.seldepth as u32,
            multipv: (lines.len() > 1 || params.multipv > 1).then_some(k + 1),
            score: line.score,
            reported: line.reported,
            outlook: line.outlook(&w.pos, depth),
            nodes,
            time_ms,
            hashfull,
            pv: line.pv.clone(),
            solved: None,
        }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_tps;

    /// Searches `tps` to `depth` with `threads`: the summary's score, the
    /// move, and the main thread's and helpers' nodes.
    fn searched(tps: &str, depth: u32, threads: usize) -> (Score, Move, u64, u64) {
        let mut pos = parse_tps(tps).expect("a good TPS");
        pos.set_half_komi(4);
        let tt = TranspositionTable::new(8);
        let stop = AtomicBool::new(false);
        let params = SearchParams {
            limits: Limits {
                depth: Some(depth),
                ..Limits::default()
            },
            threads,
            multipv: 1,
            contempt: 0,
            start: Instant::now(),
            pause_every: None,
        };
        let shared = Shared::new(&tt, &stop, &params, &pos);
        let done = run_threads(&pos, &[pos.hash()], &params, &shared, 1, &|_| {});
        let line = &done.lines[0];
        (line.score, line.pv[0], done.main_nodes, done.helper_nodes)
    }

    /// With two threads the helper searches a real share of the tree.
    #[test]
    fn a_helper_takes_a_share_of_the_moves() {
        let tps = "x4,1,2/x2,2,2,12C,2/1,2,2,1C,2,1/1,1,1,21,212,x/x3,1,x2/x3,1,2,x 1 15";
        let (_, mv, alone, none) = searched(tps, 8, 1);
        assert_eq!(none, 0, "one thread has no helper");
        let (_, mv2, main, helper) = searched(tps, 8, 2);
        let pos = parse_tps(tps).unwrap();
        assert!(pos.is_legal(mv) && pos.is_legal(mv2));
        assert!(
            main > 0 && helper > alone / 10,
            "the helper searched {helper} nodes, the main thread {main}, one thread {alone}"
        );
    }

    /// A win the search proves with one thread it proves with two, at the
    /// same distance: a cut at a shared node never loses a line.
    #[test]
    fn two_threads_prove_what_one_proves() {
        for tps in [
            // Two 6x6 wins in three plies (komi 2) of the project's tactics file.
            "2,2,2221S,1112S,2221S,2/x,2,x,1,222211112S,x/11112C,221C,1,x,2,x/2221S,1,1,x3/21,1,1,x,221S,x/2,2,1,112S,1,21 2 52",
            "1,x,2,x,1,x/2,1,21,x,2,x/1,112112221,2,111112C,2,2/2,1S,x,221221C,2,2/1,221,21S,12,1,1/x,21,112S,1,1,x 1 45",
        ] {
            let (one, ..) = searched(tps, 6, 1);
            let (two, ..) = searched(tps, 6, 2);
            assert!(one.is_proven(), "{tps}: {one:?}");
            assert_eq!(one, two, "{tps}");
        }
    }
}
