//! Golden TEI transcripts: each file in `tests/transcripts/` is a session, one
//! client line per `> ` line and the engine's expected answer in the `< ` lines
//! after it (`#` lines are comments). The test replays every file through the
//! real binary and compares the answers word for word, with the fields that
//! depend on the clock or the machine (`time`, `nps`, `hashfull`, `nodes`)
//! masked as `*`. A file that ends in `quit` must also see the engine exit and
//! print nothing more; any other file ends with an `isready` check, so stray
//! output fails too.
//!
//! A change of play (a new `bench` signature) changes scores and lines: rewrite
//! the expected answers with `MENHIR_BLESS=1 cargo test --release --test
//! transcripts`, then read the diff before committing it.

mod common;

use common::Engine;
use std::path::Path;
use std::time::Duration;

/// How long one expected line may take: a liveness bound, not a measurement
/// (every search in the transcripts has a depth limit).
const PATIENCE: Duration = Duration::from_secs(30);

/// The words of an output line with machine-dependent values masked.
fn masked(line: &str) -> String {
    let mut out = Vec::new();
    let mut words = line.split_whitespace();
    while let Some(w) = words.next() {
        out.push(w.to_string());
        let timing = matches!(w, "time" | "nps" | "hashfull" | "nodes");
        if timing && line.starts_with("info ") && words.next().is_some() {
            out.push("*".to_string());
        }
    }
    out.join(" ")
}

/// One exchange: a client line and the lines it must produce.
struct Exchange {
    input: String,
    expected: Vec<String>,
}

fn parse(text: &str) -> Vec<Exchange> {
    let mut out: Vec<Exchange> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(input) = line.strip_prefix("> ") {
            out.push(Exchange {
                input: input.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(answer) = line.strip_prefix("< ") {
            let last = out
                .last_mut()
                .unwrap_or_else(|| panic!("line {}: an answer before any input", i + 1));
            last.expected.push(masked(answer));
        } else if !(line.is_empty() || line.starts_with('#')) {
            panic!("line {}: starts with neither '> ', '< ' nor '#'", i + 1);
        }
    }
    out
}

/// Replays `exchanges`; returns the masked answers actually seen for each.
fn replay(exchanges: &[Exchange], bless: bool, name: &str) -> Vec<Vec<String>> {
    let mut e = Engine::start();
    let mut seen = Vec::new();
    for (k, ex) in exchanges.iter().enumerate() {
        e.send(&ex.input);
        let mut got = Vec::new();
        if bless {
            // Read until the engine falls quiet (every search has a depth limit).
            while let Some(line) = e.next_line(Duration::from_millis(1500)) {
                got.push(masked(&line));
            }
        } else {
            for want in &ex.expected {
                let line = e.next_line(PATIENCE).unwrap_or_else(|| {
                    panic!(
                        "{name}, exchange {} ('{}'): no line; wanted '{want}'",
                        k + 1,
                        ex.input
                    )
                });
                got.push(masked(&line));
            }
            assert_eq!(
                got,
                ex.expected,
                "{name}, exchange {} ('{}')",
                k + 1,
                ex.input
            );
        }
        seen.push(got);
    }
    let quits = exchanges.last().is_some_and(|ex| ex.input == "quit");
    if quits {
        assert!(e.exits_within(PATIENCE), "{name}: no exit after quit");
        assert_eq!(
            e.next_line(Duration::from_millis(200)),
            None,
            "{name}: output after quit"
        );
    } else if !bless {
        e.send("isready");
        assert_eq!(
            e.next_line(PATIENCE).as_deref(),
            Some("readyok"),
            "{name}: unexpected output at the end"
        );
    }
    seen
}

fn write_blessed(path: &Path, text: &str, seen: &[Vec<String>]) {
    let mut out = String::new();
    let mut k = 0;
    for line in text.lines() {
        if line.starts_with("< ") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
        if line.starts_with("> ") {
            for answer in &seen[k] {
                out.push_str("< ");
                out.push_str(answer);
                out.push('\n');
            }
            k += 1;
        }
    }
    std::fs::write(path, out).expect("the transcript is writable");
}

#[test]
fn golden_transcripts_replay_exactly() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/transcripts");
    let bless = std::env::var_os("MENHIR_BLESS").is_some();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/transcripts exists")
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 4,
        "expected the transcripts, found {files:?}"
    );
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).expect("readable transcript");
        let exchanges = parse(&text);
        assert!(!exchanges.is_empty(), "{name} holds no exchange");
        let seen = replay(&exchanges, bless, &name);
        if bless {
            write_blessed(&path, &text, &seen);
        }
    }
}

#[test]
fn masking_hides_only_machine_dependent_fields() {
    assert_eq!(
        masked("info depth 3 seldepth 5 score cp 12 wdl 512 0 488 nodes 420 time 7 nps 60000 hashfull 1 pv a1 b1"),
        "info depth 3 seldepth 5 score cp 12 wdl 512 0 488 nodes * time * nps * hashfull * pv a1 b1"
    );
    assert_eq!(masked("bestmove a1"), "bestmove a1");
}
