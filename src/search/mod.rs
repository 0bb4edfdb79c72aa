//! The search: iterative deepening over `Worker`s that share the transposition
//! table and a stop flag (Lazy SMP), MultiPV, and reports sent through a callback.
//! No I/O here: callers format the reports.

mod eval_cache;
pub mod limits;
mod ordering;
pub mod params;
mod steadiness;
pub mod tt;
mod worker;

pub use limits::{Deadline, Limits};
// Scores are the evaluation's unit; `search::score` stays their path here.
pub use crate::eval::score::{self, Score};
pub use tt::TranspositionTable;

use crate::board::Move;
use crate::board::Position;
use crate::eval::outlook::{outlook, Outlook};
use crate::movegen::MoveList;
pub use params::MAX_DEPTH;
use params::{ASPIRATION_GROWTH, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW, MAX_PLY};
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};
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
    /// The deepest iteration a helper thread has completed, with its line.
    deepest: Mutex<Option<(u32, Line)>>,
    /// The depth of `deepest`, readable without the lock (0: none yet).
    deepest_depth: AtomicU32,
    /// The deepest iteration a helper thread has started.
    helper_depth: AtomicU32,
}

impl<'a> Shared<'a> {
    /// What the threads of one search share, before any has searched.
    fn new(
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        deadline: Deadline,
        node_limit: Option<u64>,
        threads: usize,
    ) -> Self {
        Shared {
            tt,
            stop,
            nodes: AtomicU64::new(0),
            deadline,
            node_limit,
            threads: threads.max(1),
            deepest: Mutex::new(None),
            deepest_depth: AtomicU32::new(0),
            helper_depth: AtomicU32::new(0),
        }
    }

    /// Keeps a helper's completed iteration if it is deeper than any before.
    fn publish(&self, depth: u32, line: &Line) {
        if let Ok(mut deepest) = self.deepest.lock() {
            if deepest.as_ref().is_none_or(|(d, _)| depth > *d) {
                *deepest = Some((depth, line.clone()));
                self.deepest_depth.store(depth, Ordering::Relaxed);
            }
        }
    }

    /// The deepest iteration a helper has completed (0: none).
    pub(super) fn helper_completed(&self) -> u32 {
        self.deepest_depth.load(Ordering::Relaxed)
    }

    /// Where the main thread, having completed `depth` past half its target,
    /// should go on instead of answering: the depth a helper is searching, when
    /// that is deeper than every iteration completed so far and the target has
    /// not passed. The main thread then searches that depth too, until one of
    /// them completes it or the target passes (`Worker::follows`).
    fn helper_ahead_of(&self, depth: u32, percent: u32) -> Option<u32> {
        let searching = self.helper_depth.load(Ordering::Relaxed);
        (self.threads > 1
            && searching > depth.max(self.helper_completed())
            && !self.deadline.target_passed_at(percent))
        .then_some(searching)
    }

    /// The deepest helper iteration, if one went deeper than `depth`
    /// without passing `max_depth`.
    fn deeper_than(&self, depth: u32, max_depth: u32) -> Option<(u32, Line)> {
        let deepest = self.deepest.lock().ok()?;
        deepest
            .as_ref()
            .filter(|(d, _)| *d > depth && *d <= max_depth)
            .cloned()
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
}

/// How to search.
#[derive(Clone, Debug)]
pub struct SearchParams {
    /// When to stop.
    pub limits: Limits,
    /// Threads to search with (Lazy SMP).
    pub threads: usize,
    /// Ranked root lines to report.
    pub multipv: usize,
    /// When the search (and its clock) started.
    pub start: Instant,
}

/// One ranked root line of a completed iteration.
#[derive(Clone, Debug)]
struct Line {
    score: Score,
    pv: Vec<Move>,
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
    let white = pos.to_move() == crate::board::Color::White;
    let shared = Shared::new(
        tt,
        stop,
        Deadline::new(&params.limits, white, params.start),
        params.limits.nodes,
        params.threads,
    );
    let multipv = params.multipv.clamp(1, roots.len());
    let (lines, main_nodes, seldepth, depth, helper_nodes) = std::thread::scope(|scope| {
        let helpers: Vec<_> = (1..shared.threads)
            .map(|id| {
                let shared = &shared;
                scope.spawn(move || {
                    let mut w = Worker::new(id, pos.clone(), history, shared);
                    iterate(&mut w, params, 1, &|_| {});
                    w.nodes
                })
            })
            .collect();
        let mut main = Worker::new(0, pos.clone(), history, &shared);
        let (lines, depth) = iterate(&mut main, params, multipv, report);
        if params.limits.is_infinite() {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        stop.store(true, Ordering::Relaxed);
        let helper_nodes: u64 = helpers.into_iter().map(|h| h.join().unwrap_or(0)).sum();
        let (lines, depth) = adopt_deeper(&shared, lines, depth, params, multipv);
        (lines, main.nodes, main.seldepth, depth, helper_nodes)
    });
    let best = lines
        .first()
        .and_then(|l| l.pv.first().copied())
        .unwrap_or(first);
    let score = lines.first().map_or(Score(0), |l| l.score);
    let pv = lines.first().map_or_else(|| vec![best], |l| l.pv.clone());
    report(Report::Info(SearchInfo {
        depth,
        seldepth: seldepth as u32,
        multipv: None,
        score,
        outlook: outlook(pos, score),
        nodes: main_nodes + helper_nodes,
        time_ms: shared.deadline.elapsed().as_millis() as u64,
        hashfull: tt.hashfull(),
        pv,
        solved: None,
    }));
    report(Report::BestMove(Some(best)));
    Some(best)
}

/// The lines to answer with: the main thread's, or a helper's completed
/// iteration when it went deeper (one line only, within the depth limit, and
/// never in place of a proven result).
fn adopt_deeper(
    shared: &Shared,
    lines: Vec<Line>,
    depth: u32,
    params: &SearchParams,
    multipv: usize,
) -> (Vec<Line>, u32) {
    let max_depth = params.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let proven = lines.first().is_some_and(|l| l.score.is_proven());
    if multipv > 1 || proven {
        return (lines, depth);
    }
    match shared.deeper_than(depth, max_depth) {
        Some((deeper, line)) => {
            log::debug!("a helper's depth {deeper} answers in place of the main thread's {depth}");
            (vec![line], deeper)
        }
        None => (lines, depth),
    }
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
            return Some(Line { score: s, pv });
        }
    }
}

/// Iterative deepening for one worker; the main worker (`id` 0) reports each
/// completed iteration and honours the soft deadline. Returns the lines of the
/// last completed iteration (or of the first line of an interrupted one) and its
/// depth.
fn iterate(
    w: &mut Worker,
    params: &SearchParams,
    multipv: usize,
    report: &(dyn Fn(Report) + Sync),
) -> (Vec<Line>, u32) {
    let max_depth = params.limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
    let mut last: Vec<Line> = Vec::new();
    let mut completed = 0;
    let main = w.id == 0;
    let mut steadiness = Steadiness::default();
    let mut depth = 0;
    while depth < max_depth {
        depth += 1;
        // Helpers spread over depths so they fill the TT ahead of the main thread.
        let d = (depth + (w.id as u32 % 2)).min(MAX_PLY as u32 - 8) as i32;
        if !main {
            w.shared()
                .helper_depth
                .fetch_max(d as u32, Ordering::Relaxed);
        }
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
            if main && last.is_empty() {
                if !lines.is_empty() {
                    last = lines;
                } else if let Some((score, pv)) = w.partial_root() {
                    last = vec![Line { score, pv }];
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
        last = lines;
        completed = depth;
        if main {
            report_lines(w, params, &last, depth, report);
            let deadline = w.deadline();
            let proven_done = !params.limits.is_infinite()
                && last[0]
                    .score
                    .plies_to_end()
                    .is_some_and(|p| p <= depth as i32);
            if proven_done {
                break;
            }
            w.time_scale = steadiness.update(depth, last[0].pv[0], last[0].score.0);
            if deadline.soft_passed_at(w.time_scale) {
                // Half the target is gone, too little for a whole iteration
                // alone; but a helper already deep in the next one is worth
                // waiting for, up to the target (`Shared::helper_ahead_of`).
                match w.shared().helper_ahead_of(depth, w.time_scale) {
                    Some(ahead) if multipv == 1 && ahead <= max_depth => {
                        w.follows = true;
                        depth = ahead - 1;
                    }
                    _ => break,
                }
            }
        } else {
            w.shared().publish(d as u32, &last[0]);
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
            outlook: outlook(&w.pos, line.score),
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
    use crate::board::{PieceKind, Square};

    fn line(file: usize, score: i32) -> Line {
        Line {
            score: Score(score),
            pv: vec![Move::place(Square::new(file, 0), PieceKind::Flat)],
        }
    }

    fn params(depth: Option<u32>) -> SearchParams {
        SearchParams {
            limits: Limits {
                depth,
                ..Limits::default()
            },
            threads: 2,
            multipv: 1,
            start: Instant::now(),
        }
    }

    /// Past half its target, the main thread goes on only into a depth a helper
    /// is searching and no thread has completed, only with threads, and only
    /// until the target.
    #[test]
    fn the_main_thread_follows_a_helper_only_while_it_is_ahead() {
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let clock = Limits {
            movetime: Some(60_000),
            ..Limits::default()
        };
        let shared = |threads, limits: &Limits| {
            Shared::new(
                &tt,
                &stop,
                Deadline::new(limits, true, Instant::now()),
                None,
                threads,
            )
        };
        let two = shared(2, &clock);
        assert_eq!(two.helper_ahead_of(7, 100), None, "no helper searching");
        two.helper_depth.store(8, Ordering::Relaxed);
        assert_eq!(two.helper_ahead_of(7, 100), Some(8));
        assert_eq!(
            two.helper_ahead_of(8, 100),
            None,
            "the main thread is as deep"
        );
        two.publish(8, &line(1, 20));
        assert_eq!(two.helper_ahead_of(7, 100), None, "depth 8 is completed");
        two.helper_depth.store(9, Ordering::Relaxed);
        assert_eq!(
            two.helper_ahead_of(7, 100),
            Some(9),
            "the next one is searched"
        );
        let one = shared(1, &clock);
        one.helper_depth.store(9, Ordering::Relaxed);
        assert_eq!(one.helper_ahead_of(7, 100), None, "one thread");
        let spent = Limits {
            movetime: Some(1),
            ..Limits::default()
        };
        let late = shared(2, &spent);
        late.helper_depth.store(9, Ordering::Relaxed);
        std::thread::sleep(Duration::from_millis(2));
        assert_eq!(late.helper_ahead_of(7, 100), None, "the target has passed");
    }

    /// The move played comes from the deepest completed iteration: a helper's
    /// when it went deeper than the main thread, within the depth limit, with
    /// one line, and never in place of a proven result.
    #[test]
    fn a_deeper_helper_iteration_is_adopted_only_where_it_may_be() {
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let shared = Shared::new(
            &tt,
            &stop,
            Deadline::new(&Limits::default(), true, Instant::now()),
            None,
            2,
        );
        let first = |lines: &[Line]| lines[0].pv[0];
        let (lines, depth) = adopt_deeper(&shared, vec![line(0, 10)], 6, &params(None), 1);
        assert_eq!(
            (first(&lines), depth),
            (line(0, 0).pv[0], 6),
            "no helper line yet"
        );
        shared.publish(7, &line(1, 20));
        shared.publish(5, &line(2, 30));
        let (lines, depth) = adopt_deeper(&shared, vec![line(0, 10)], 6, &params(None), 1);
        assert_eq!(
            (first(&lines), lines[0].score, depth),
            (line(1, 0).pv[0], Score(20), 7)
        );
        let (lines, depth) = adopt_deeper(&shared, vec![], 0, &params(None), 1);
        assert_eq!(
            (first(&lines), depth),
            (line(1, 0).pv[0], 7),
            "nothing completed"
        );
        for (main, depth, params, multipv, why) in [
            (line(0, 10), 7, params(None), 1, "as deep"),
            (line(0, 10), 6, params(Some(6)), 1, "past the depth limit"),
            (line(0, 10), 6, params(None), 2, "MultiPV"),
            (line(0, score::WIN - 5), 6, params(None), 1, "proven"),
        ] {
            let (lines, kept) = adopt_deeper(&shared, vec![main.clone()], depth, &params, multipv);
            assert_eq!((first(&lines), kept), (main.pv[0], depth), "{why}");
        }
    }
}
