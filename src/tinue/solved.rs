//! `go solved`: the proof search alone, reporting as TEI lines (`docs/tei.md`
//! §4.3). The length grows one ply at a time: at an odd length the search asks
//! whether the side to move forces a win, at an even length whether its opponent
//! forces one whatever the side to move plays (a forced loss). The first proof
//! ends the search; so do the `depth` (read as the longest length), `nodes` and
//! `movetime` limits and `stop`. A win counts whether it comes by road or on
//! flats, and the attacker's moves are restricted to those that keep a threat,
//! so "not solved" means "nothing forced by threats".

use super::dfpn::Dfpn;
use super::table::INF;
use super::{Goal, TinueOptions};
use crate::board::{Move, Position};
use crate::eval::outlook::outlook;
use crate::search::pause::PauseEvery;
use crate::search::{Limits, Report, Score, SearchInfo, Solved};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The longest proof `go solved` looks for when no `depth` is given.
pub const SOLVED_MAX_PLIES: u32 = 63;

/// The most memory one of the two proof tables takes, MiB: the table is
/// written through when it is made, so a huge `Hash` would delay the answer.
pub const SOLVED_TABLE_MAX_MIB: usize = 256;

/// What the proof search needs besides the position and the limits.
#[derive(Clone, Copy, Debug)]
pub struct SolvedSetup {
    /// Memory for the two proof tables together, MiB (each takes half, at
    /// most `SOLVED_TABLE_MAX_MIB`).
    pub table_mib: usize,
    /// Lines to report for a proven win: one per winning first move, at most
    /// this many.
    pub multipv: usize,
    /// Report `Report::Pause` this often (a host with one thread,
    /// `search::pause`).
    pub pause_every: Option<Duration>,
}

/// Runs the proof search on `pos` and reports what it proves: `info` lines
/// with `score solved win|loss <plies>` and the proven line, or notes on how
/// far it got. Returns the move to play when a result was proven (a winning
/// move, or the move that holds out longest in a lost position); `None` when
/// nothing was proven or the game is over. Sends no `BestMove`.
pub fn go_solved(
    pos: &Position,
    limits: &Limits,
    setup: SolvedSetup,
    stop: &AtomicBool,
    report: &(dyn Fn(Report) + Sync),
) -> Option<Move> {
    if pos.result().is_some() {
        return None;
    }
    let options = TinueOptions {
        max_plies: limits
            .depth
            .unwrap_or(SOLVED_MAX_PLIES)
            .clamp(1, SOLVED_MAX_PLIES),
        exact: false,
        goal: Goal::RoadOrFlats,
        nodes: limits.nodes,
        time_ms: limits.movetime,
        table_mib: (setup.table_mib / 2).clamp(1, SOLVED_TABLE_MAX_MIB),
        any_length: false,
    };
    let pause = setup.pause_every.map(|every| PauseEvery { every, report });
    let mut win = Dfpn::new(pos.clone(), &options, stop).pausing(pause);
    let mut loss =
        Dfpn::for_attacker(pos.to_move().opponent(), pos.clone(), &options, stop).pausing(pause);
    let mut searched = 0;
    for plies in 1..=options.max_plies {
        let (s, other) = if plies % 2 == 1 {
            (&mut win, &loss)
        } else {
            (&mut loss, &win)
        };
        let proven = match s.status(plies) {
            Some(decided) => decided,
            None => s.mid(plies, INF, INF).0 == 0,
        };
        if proven {
            return report_proof(pos, plies, setup.multipv, other.nodes, s, report);
        }
        if s.aborted {
            break;
        }
        searched = plies;
    }
    let how = if searched == options.max_plies {
        ""
    } else {
        "stopped with "
    };
    let text = format!(
        "not solved: {how}no forced win or loss within {searched} plies \
         (attacker moves restricted to threats of a road or a flat win)"
    );
    report(Report::Note(text));
    None
}

/// Reports the proof `s` found at `plies` (odd: a win for the side to move,
/// even: a loss) and returns the move to play. `other_nodes` are the nodes the
/// search for the other side spent. When the budget runs out before even the
/// first move of the line is read back, it says so and returns `None`.
fn report_proof(
    pos: &Position,
    plies: u32,
    multipv: usize,
    other_nodes: u64,
    s: &mut Dfpn,
    report: &(dyn Fn(Report) + Sync),
) -> Option<Move> {
    let win = plies % 2 == 1;
    let principal = s.line(plies);
    let Some(&first) = principal.first() else {
        let what = if win { "win" } else { "loss" };
        report(Report::Note(format!(
            "proved a forced {what} in {plies} plies, but stopped before reading back its line"
        )));
        return None;
    };
    let mut lines = vec![(plies, principal.clone())];
    if win && multipv > 1 {
        let (winning, _complete) = s.winning_moves(plies, plies);
        lines.extend(
            winning
                .into_iter()
                .filter(|w| w.mv != first)
                .map(|w| (w.plies, w.line)),
        );
        lines.truncate(multipv);
    }
    let info = |multipv: Option<usize>, plies: u32, pv: Vec<Move>| {
        let score = if win {
            Score::win_at(plies as usize)
        } else {
            Score::loss_at(plies as usize)
        };
        SearchInfo {
            depth: plies,
            seldepth: plies,
            multipv,
            score,
            reported: score,
            outlook: outlook(pos, score, None),
            nodes: s.nodes + other_nodes,
            time_ms: s.start.elapsed().as_millis() as u64,
            hashfull: s.table.permille_full(),
            pv,
            solved: Some(Solved { win, plies }),
        }
    };
    if multipv > 1 {
        for (k, (length, pv)) in lines.iter().enumerate() {
            report(Report::Info(info(Some(k + 1), *length, pv.clone())));
        }
    }
    report(Report::Info(info(None, plies, principal)));
    Some(first)
}
