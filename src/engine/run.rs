//! One search, whichever kind `go` asked for: the proof search alone
//! (`go solved`) or the alpha-beta search. Every run reports exactly one
//! `BestMove`, even when a search panics. (A short proof search before every
//! timed alpha-beta search was tried and lost its SPRT: `docs/tinue.md` §6.)

use crate::board::Move;
use crate::game::Game;
use crate::search::{self, Deadline, Limits, Report, SearchParams, TranspositionTable};
use crate::tinue;
use std::sync::atomic::AtomicBool;

/// The alpha-beta search that picks the move to play after a `go solved`
/// that proved nothing: this deep, quick on every size.
const SOLVED_FALLBACK_DEPTH: u32 = 4;

/// Runs one search: the proof search alone for `go solved` (then, when it
/// proved nothing, a short alpha-beta search for the move to play), the
/// alpha-beta search otherwise. `go solved`'s tables take `solver_mib`. Reports end with exactly one
/// `BestMove`.
pub(super) fn run(
    game: &Game,
    params: &SearchParams,
    solver_mib: usize,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    report: &(dyn Fn(Report) + Sync),
) -> Option<Move> {
    if !params.limits.solved {
        return search_guarded(game, params, tt, stop, report);
    }
    let setup = tinue::SolvedSetup {
        table_mib: solver_mib,
        multipv: params.multipv,
        pause_every: params.pause_every,
    };
    let solve = || tinue::go_solved(game.position(), &params.limits, setup, stop, report);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(solve)) {
        Ok(Some(best)) => {
            report(Report::BestMove(Some(best)));
            Some(best)
        }
        Ok(None) | Err(_) => {
            let fallback = SearchParams {
                limits: Limits {
                    depth: Some(SOLVED_FALLBACK_DEPTH),
                    ..Limits::default()
                },
                ..params.clone()
            };
            search_guarded(game, &fallback, tt, &AtomicBool::new(false), report)
        }
    }
}

/// Runs the search, and when it panics answers a legal move anyway: a bug in the
/// search must not leave the client without a move.
fn search_guarded(
    game: &Game,
    params: &SearchParams,
    tt: &TranspositionTable,
    stop: &AtomicBool,
    report: &(dyn Fn(Report) + Sync),
) -> Option<Move> {
    let pos = game.position();
    let history = game.repetition_history();
    let run = || search::search(pos, history, params, tt, stop, report);
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)) {
        Ok(best) => best,
        Err(_) => {
            log::error!("the search panicked; answering a legal move");
            let mut moves = crate::movegen::MoveList::new();
            pos.legal_moves(&mut moves);
            let best = moves.first().copied();
            report(Report::BestMove(best));
            best
        }
    }
}

/// The most nodes each of `prove_again`'s two proof searches spends (and no
/// more than the search's own `nodes`), the share of the search's time target
/// (its `movetime`, or its share of the clock) it may take, and the most
/// memory each of its two tables takes, MiB.
const AGAIN_NODES: u64 = 200_000;
const AGAIN_TIME_SHARE: u64 = 4;
const AGAIN_TABLE_MIB: usize = 32;

/// Tries to prove again the result of a position that follows one proven in
/// `plies`: the proof search (`go solved`'s) up to `plies + 1` plies, a
/// forced win or loss for either side, within a share of the search's
/// budget. A proof is reported as a search's would be (`score cp ±(10000 −
/// plies)`, its line as the `pv`) and ends with its `BestMove`; without one
/// nothing is reported (the notes of a proof search that proved nothing are
/// not the user's) and the caller searches as usual, the time spent here
/// counted in its own. The winner's move may have been another than the
/// proof's, and the next search, a ply on, may not see the end: without this
/// the bar swings out of a proof and back. Not for an infinite search, which
/// answers only after `stop`.
pub(super) fn prove_again(
    game: &Game,
    params: &SearchParams,
    plies: u32,
    solver_mib: usize,
    stop: &AtomicBool,
    report: &(dyn Fn(Report) + Sync),
) -> Option<Move> {
    let target = Deadline::for_position(&params.limits, game.position(), params.start).soft;
    let limits = Limits {
        depth: Some((plies + 1).min(tinue::SOLVED_MAX_PLIES)),
        nodes: Some(
            params
                .limits
                .nodes
                .map_or(AGAIN_NODES, |n| n.min(AGAIN_NODES)),
        ),
        movetime: target.map(|t| t.as_millis() as u64 / AGAIN_TIME_SHARE),
        ..Limits::default()
    };
    let setup = tinue::SolvedSetup {
        table_mib: solver_mib.min(2 * AGAIN_TABLE_MIB),
        multipv: params.multipv,
        pause_every: params.pause_every,
    };
    let plain = |r: Report| match r {
        Report::Info(mut info) => {
            info.solved = None;
            report(Report::Info(info));
        }
        Report::Note(_) => {}
        other => report(other),
    };
    let solve = || tinue::go_solved(game.position(), &limits, setup, stop, &plain);
    let best = std::panic::catch_unwind(std::panic::AssertUnwindSafe(solve))
        .ok()
        .flatten()?;
    report(Report::BestMove(Some(best)));
    Some(best)
}
