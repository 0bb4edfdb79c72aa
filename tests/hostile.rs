//! Hostile input over TEI: every input below gets a clear answer or is ignored,
//! the engine still answers `isready` after it, and its peak resident memory
//! stays under `RSS_BOUND_KIB` (the default 64 MiB table is taken lazily, so
//! only what the engine really uses counts). Also: a 4 GiB table answers
//! `readyok` at once, and `quit` ends a multi-threaded search with exit code 0.
//! Wall-clock bounds here are liveness bounds, far above what is expected.

mod common;

use common::Engine;
use std::time::{Duration, Instant};

const PATIENCE: Duration = Duration::from_secs(30);
/// Peak resident memory allowed after all the hostile input, KiB.
const RSS_BOUND_KIB: u64 = 200 * 1024;

fn ready(e: &mut Engine) {
    e.send("isready");
    let lines = e.until("readyok", PATIENCE);
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn hostile_lines_are_refused_and_memory_stays_bounded() {
    let mut e = Engine::start();
    e.handshake();

    // A 100 MB line, sent in pieces: read through and dropped.
    let piece = vec![b'x'; 1 << 20];
    for _ in 0..100 {
        e.send_bytes(&piece);
    }
    e.send_bytes(b"\n");
    let line = e.next_line(PATIENCE).expect("an answer to the long line");
    assert!(
        line.starts_with("info error input line of 104857600 bytes"),
        "{line}"
    );
    ready(&mut e);

    // Bytes that are not UTF-8: one error, and the session goes on.
    e.send_bytes(b"go \xff\xfe depth 1\n");
    let line = e.next_line(PATIENCE).expect("an answer to the bad bytes");
    assert!(
        line.starts_with("info error input line is not UTF-8"),
        "{line}"
    );
    ready(&mut e);

    // A position with 50,000 plies (under the line cap): refused.
    e.send("teinewgame 5");
    let mut position = String::from("position startpos moves");
    for _ in 0..50_000 {
        position.push_str(" a1");
    }
    e.send(&position);
    e.send("go depth 1");
    let lines = e.until("bestmove", PATIENCE);
    assert!(lines[0].contains("more than 10000"), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("bestmove --"));

    // Thousands of option lines, good and bad, long names and values.
    let long = "v".repeat(100_000);
    for k in 0..3000 {
        e.send(&format!("setoption name Hash value {}", 1 + k % 128));
        e.send(&format!("setoption name {long}{k} value {long}"));
        e.send(&format!("setoption name MultiPV value {long}"));
    }
    ready(&mut e);

    // Still a working engine.
    e.send("position startpos moves a1 e5");
    e.send("go depth 3");
    let lines = e.until("bestmove", PATIENCE);
    assert_ne!(lines.last().map(String::as_str), Some("bestmove --"));

    let peak = e.peak_rss_kib().expect("Linux reports VmHWM");
    assert!(peak < RSS_BOUND_KIB, "peak RSS {peak} KiB");
    e.send("quit");
    assert_eq!(e.exit_code_within(PATIENCE), Some(0));
}

#[test]
fn a_large_hash_table_is_ready_at_once_and_clears_at_once() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name Hash value 4096");
    let start = Instant::now();
    // The table is made at `isready`, and made again empty at `teinewgame`.
    ready(&mut e);
    e.send("teinewgame 6");
    ready(&mut e);
    // Writing 4 GiB of zeros took about 7 s; taking the pages lazily takes
    // milliseconds. The bound leaves room for a slow, loaded machine.
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    e.send("go depth 4");
    let lines = e.until("bestmove", PATIENCE);
    assert_ne!(lines.last().map(String::as_str), Some("bestmove --"));
    // Only the pages the search touched are resident.
    let peak = e.peak_rss_kib().expect("Linux reports VmHWM");
    assert!(peak < 1024 * 1024, "peak RSS {peak} KiB for a 4 GiB table");
}

#[test]
fn quit_and_end_of_input_stop_a_two_thread_search_and_exit_cleanly() {
    for by_eof in [false, true] {
        let mut e = Engine::start();
        e.handshake();
        e.send("setoption name Threads value 2");
        e.send("teinewgame 6");
        e.send("go infinite");
        e.next_line(PATIENCE).expect("the search reports");
        if by_eof {
            e.close();
        } else {
            e.send("quit");
        }
        assert_eq!(e.exit_code_within(PATIENCE), Some(0), "eof: {by_eof}");
    }
}
