//! A search that pauses for its host (the browser build's, `search::pause`)
//! searches exactly what a search that does not pause searches; a hosted
//! session leaves its searches to the host and cuts what the host cannot give.

use menhir::engine::Host;
use menhir::notation::parse_tps;
use menhir::search::{Limits, Report, SearchInfo};
use menhir::tei::{command, Session};
use menhir::{Engine, Game};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// A 6x6 middlegame of the bench, komi 2.
const MIDDLEGAME: &str =
    "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21";

/// Searches MIDDLEGAME within `limits`, pausing as `host` says: every line
/// reported and the number of pauses.
fn searched(host: Host, limits: Limits) -> (Vec<SearchInfo>, usize) {
    let mut engine = Engine::default();
    engine.set_host(host);
    let mut pos = parse_tps(MIDDLEGAME).expect("a good TPS");
    pos.set_half_komi(4);
    engine.set_game(Game::new(pos));
    let pauses = AtomicUsize::new(0);
    let lines = Mutex::new(Vec::new());
    engine
        .think(limits, &|r| match r {
            Report::Pause => {
                pauses.fetch_add(1, Ordering::Relaxed);
            }
            Report::Info(info) => lines.lock().unwrap().push(info),
            _ => {}
        })
        .expect("a game");
    let mut lines = lines.into_inner().unwrap();
    for line in &mut lines {
        line.time_ms = 0;
    }
    (lines, pauses.into_inner())
}

fn pausing() -> Host {
    Host {
        pause_every: Some(Duration::ZERO),
        ..Host::default()
    }
}

#[test]
fn pausing_changes_nothing_the_search_finds() {
    let depth = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let (still, none) = searched(Host::default(), depth.clone());
    let (paused, pauses) = searched(pausing(), depth);
    assert_eq!(none, 0, "no pause unless the host asks");
    assert!(pauses > 10, "{pauses} pauses");
    assert_eq!(still, paused);
}

#[test]
fn the_proof_search_pauses_too() {
    let solved = Limits {
        solved: true,
        nodes: Some(20_000),
        ..Limits::default()
    };
    let (still, _) = searched(Host::default(), solved.clone());
    let (paused, pauses) = searched(pausing(), solved);
    assert!(pauses > 0, "the proof search paused");
    assert_eq!(still, paused);
}

#[test]
fn a_hosted_session_hands_its_search_over_and_cuts_threads() {
    let host = Host {
        max_threads: 1,
        max_hash_mib: 32,
        pause_every: None,
    };
    let mut out = Vec::new();
    let mut session = Session::hosted(&mut out, host);
    for line in [
        "setoption name Threads value 4",
        "setoption name Hash value 100",
        "isready",
        "teinewgame 5",
        "go depth 3",
    ] {
        session.handle(command::parse(line));
    }
    let job = session
        .take_job()
        .expect("go leaves its search to the host");
    assert!(session.is_searching());
    assert!(!command::parse("isready").ends_search());
    assert!(command::parse("stop").ends_search());
    let best = job.run(&|_| {});
    assert!(best.is_some());
    session.on_report(Report::BestMove(best));
    assert!(!session.is_searching());
    drop(session);
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.contains("info string Threads 4: this build searches on at most 1; using 1"),
        "{text}"
    );
    assert!(
        text.contains("info string Hash 100 MiB is more than this build can address; using 32 MiB"),
        "{text}"
    );
    assert!(text.contains("\nbestmove "), "{text}");
}
