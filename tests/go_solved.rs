//! The proof search in `go`. `go solved`: a proven loss agrees with proofs of
//! the opponent's win after every move; the winning lines listed under MultiPV
//! are exactly the winning first moves the solver lists; and `stop` ends an open
//! proof search with one `bestmove`. Node budgets decide the results; the wall
//! clock bounds liveness only.

use menhir::movegen::MoveList;
use menhir::notation::{move_to_ptn, parse_tps};
use menhir::search::{Limits, Report, SearchInfo};
use menhir::tinue::{go_solved, solve, SolvedSetup, TinueOptions, Verdict};
use menhir::{Engine, EngineOptions, Game};
use std::collections::BTreeSet;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::Duration;

/// Black to move; White has a row one short on rank 2 and another two short on
/// rank 1: Black is lost, and holds out longest with a capstone block.
const LOST_5X5: &str = "2,2,2,x,x/x,x,x,x,x/x,x,x,x,x/1,1,1,1,x/1,1,1,x,x 2 8";
/// White to move: c1 (among others) makes two threats at once.
const WON_4X4: &str = "2,x,x,x/2,x,1,x/x,x,1,x/1,1,x,x 1 12";

fn solved_lines(tps: &str, multipv: usize) -> (Option<String>, Vec<SearchInfo>) {
    let pos = parse_tps(tps).expect("a good TPS");
    let lines = Mutex::new(Vec::new());
    let report = |r: Report| {
        if let Report::Info(info) = r {
            lines.lock().unwrap().push(info);
        }
    };
    let setup = SolvedSetup {
        table_mib: 16,
        multipv,
        pause_every: None,
    };
    let limits = Limits {
        nodes: Some(2_000_000),
        solved: true,
        ..Limits::default()
    };
    let best = go_solved(&pos, &limits, setup, &AtomicBool::new(false), &report);
    (best.map(move_to_ptn), lines.into_inner().unwrap())
}

#[test]
fn a_proven_loss_is_a_proven_win_for_the_opponent_after_every_move() {
    let (best, lines) = solved_lines(LOST_5X5, 1);
    let summary = lines.last().expect("a summary line");
    let solved = summary.solved.expect("a proof");
    assert!(!solved.win);
    assert_eq!(solved.plies, 12);
    assert_eq!(summary.pv.len(), 12, "the line runs to the road");
    assert_eq!(best.as_deref(), Some("Ce2"));

    // Independently: after each of Black's moves White wins, in 11 plies at
    // most, and in exactly 11 after the best defence.
    let pos = parse_tps(LOST_5X5).unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut longest = 0;
    for &mv in &moves {
        let mut child = pos.clone();
        child.make(mv);
        let plies = if child.result().is_some() {
            0
        } else {
            let options = TinueOptions {
                max_plies: 11,
                nodes: Some(2_000_000),
                table_mib: 8,
                ..TinueOptions::default()
            };
            let report = solve(&child, &options, &AtomicBool::new(false)).expect("open");
            match report.verdict {
                Verdict::Proven { plies } => plies,
                other => panic!("after {}: {other:?}", move_to_ptn(mv)),
            }
        };
        longest = longest.max(plies);
    }
    assert_eq!(longest + 1, solved.plies);
}

#[test]
fn multipv_lists_exactly_the_winning_first_moves() {
    let (best, lines) = solved_lines(WON_4X4, 16);
    let ranked: Vec<&SearchInfo> = lines.iter().filter(|l| l.multipv.is_some()).collect();
    let listed: BTreeSet<String> = ranked.iter().map(|l| move_to_ptn(l.pv[0])).collect();
    assert_eq!(listed.len(), ranked.len(), "one line per move");
    for line in &ranked {
        let solved = line.solved.expect("every line is proven");
        assert!(solved.win);
        assert_eq!(solved.plies as usize, line.pv.len());
    }
    let options = TinueOptions {
        max_plies: 3,
        exact: true,
        table_mib: 8,
        ..TinueOptions::default()
    };
    let report = solve(
        &parse_tps(WON_4X4).unwrap(),
        &options,
        &AtomicBool::new(false),
    )
    .expect("open");
    let exact: BTreeSet<String> = report.winning.iter().map(|w| move_to_ptn(w.mv)).collect();
    assert_eq!(listed, exact);
    assert_eq!(best, Some(move_to_ptn(ranked[0].pv[0])));
}

#[test]
fn stop_ends_an_open_proof_search_with_one_bestmove() {
    // A 6x6 middle game (a win3 of the tactics file with the other side to
    // move): threats to try on both sides, nothing proven within 30 plies for
    // seconds.
    let tps = "12,2,2,2,x,1/12,x2,22112C,x2/12S,1,1,2,2,x/x,1112111222221C,2S,x,2,21S/x2,1,x,21S,x/x2,1,21,x,2 1 36";
    let mut engine = Engine::new(EngineOptions::default());
    engine.set_game(Game::new(parse_tps(tps).expect("a good TPS")));
    let (tx, rx) = crossbeam_channel::unbounded();
    let limits = Limits {
        solved: true,
        ..Limits::default()
    };
    engine.go(limits, tx).expect("a game");
    std::thread::sleep(Duration::from_millis(100));
    engine.stop();
    let (mut bestmoves, mut stopped) = (0, false);
    while let Ok(report) = rx.recv_timeout(Duration::from_secs(30)) {
        if let Report::Note(text) = &report {
            stopped |= text.contains("stopped");
        }
        if let Report::BestMove(mv) = report {
            assert!(mv.is_some(), "the position has moves");
            bestmoves += 1;
            break;
        }
    }
    assert_eq!(bestmoves, 1, "a bestmove after stop");
    assert!(stopped, "the note says the proof search was stopped");
    engine.wait();
    assert!(rx.try_recv().is_err(), "nothing after bestmove");
}
