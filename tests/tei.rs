//! TEI transcripts through the real binary: both dialects (racetrack and PTN
//! Ninja), every edge case of `docs/tei.md`, marks in move lists, mid-search `isready`
//! and `stop`, every size with half-komi 0 and 4, broken input, and
//! reproducibility.

mod common;

use common::{bestmove, Engine};
use menhir::game::Game;
use menhir::notation::PlayPtn;
use menhir::notation::{parse_move, parse_tps};
use menhir::Position;
use std::time::Duration;

/// How long a test waits for an answer that must come: a liveness bound, far
/// above what any answer takes, so a busy machine cannot fail a test.
const SECOND: Duration = Duration::from_secs(10);
/// A bound on how long `quit` or the end of input may take to end the process.
const EXIT: Duration = Duration::from_secs(10);
const MIDGAME: &str =
    "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21";

/// The `time` field (ms) of the last `info` line before `bestmove`: the time
/// the engine itself says it spent, free of the machine's process latency.
fn reported_time(lines: &[String]) -> u64 {
    let summary = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info "))
        .expect("an info line before bestmove");
    let words: Vec<&str> = summary.split_whitespace().collect();
    let at = words
        .iter()
        .position(|w| *w == "time")
        .expect("a time field");
    words[at + 1].parse().expect("time is an integer")
}

/// Asserts `mv` is legal and canonical in `pos`.
fn assert_legal(pos: &Position, mv: &str) {
    let parsed = parse_move(mv, pos.size()).unwrap_or_else(|e| panic!("{mv}: {e}"));
    assert!(pos.is_legal(parsed), "{mv} is illegal in {pos:?}");
    assert_eq!(menhir::notation::move_to_ptn(parsed), mv, "not canonical");
}

/// Checks the fields and their order in an `info` line (`docs/tei.md`).
fn assert_info_shape(line: &str) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words[0], "info");
    let keys = [
        "multipv", "depth", "seldepth", "score", "wdl", "nodes", "time", "nps", "hashfull", "pv",
    ];
    let positions: Vec<usize> = keys
        .iter()
        .filter_map(|k| words.iter().position(|w| w == k))
        .collect();
    assert!(
        positions.windows(2).all(|w| w[0] < w[1]),
        "field order in {line}"
    );
    let score = words.iter().position(|w| *w == "score").expect("score");
    assert_eq!(words[score + 1], "cp");
    words[score + 2].parse::<i32>().expect("cp is an integer");
    let depth = words.iter().position(|w| *w == "depth").expect("depth");
    words[depth + 1].parse::<u16>().expect("depth fits u16");
    if let Some(pv) = words.iter().position(|w| *w == "pv") {
        assert!(words[pv + 1..]
            .iter()
            .all(|w| !w.is_empty() && !w.contains('*')));
    }
}

#[test]
fn handshake_declares_exactly_the_options() {
    let mut e = Engine::start();
    let block = e.handshake();
    assert_eq!(block[0], "id name Menhir");
    assert!(block[1].starts_with("id author "));
    assert!(block[2].starts_with("id version "));
    assert_eq!(
        block[3],
        "size 3 4 5 6 7 8 halfkomi -10 -9 -8 -7 -6 -5 -4 -3 -2 -1 0 1 2 3 4 5 6 7 8 9 10"
    );
    assert_eq!(
        &block[4..],
        [
            "option name HalfKomi type spin default 0 min -10 max 10",
            "option name Hash type spin default 64 min 1 max 65536",
            "option name Threads type spin default 1 min 1 max 256",
            "option name MultiPV type spin default 1 min 1 max 16",
            "option name Contempt type spin default 0 min -500 max 500",
            "option name Flats type spin default 0 min 0 max 60",
            "option name Caps type spin default -1 min -1 max 2",
            "option name Flats1 type spin default 0 min 0 max 60",
            "option name Flats2 type spin default 0 min 0 max 60",
            "option name Caps1 type spin default -1 min -1 max 2",
            "option name Caps2 type spin default -1 min -1 max 2",
            "teiok",
        ]
    );
    assert_eq!(e.handshake(), block, "tei again sends the same block");
    e.send("quit");
    assert!(e.exits_within(EXIT));
}

#[test]
fn racetrack_dialect_plays_legal_moves_on_the_clock() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name HalfKomi value 4");
    e.send("isready");
    assert_eq!(e.until("readyok", SECOND), ["readyok"]);
    e.send("teinewgame 6");
    e.send("isready");
    assert_eq!(e.until("readyok", SECOND), ["readyok"]);
    let mut game = Game::new(Position::start(6).expect("6x6"));
    let empty = "x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x/x,x,x,x,x,x 1 1";
    let mut played: Vec<String> = Vec::new();
    for _ in 0..6 {
        e.send(&format!("position tps {empty} moves {} ", played.join(" ")));
        e.send("go wtime 3000 btime 3000 winc 50 binc 50");
        let lines = e.until("bestmove", SECOND);
        assert!(reported_time(&lines) < 3000, "stays inside its clock");
        for line in &lines[..lines.len() - 1] {
            assert_info_shape(line);
        }
        let mv = bestmove(&lines);
        assert_legal(game.position(), &mv);
        game.play_ptn(&mv).expect("legal");
        played.push(mv);
    }
    e.send("quit");
    assert!(e.exits_within(EXIT));
}

#[test]
fn ptn_ninja_dialect_with_stops_and_isready_mid_search() {
    let mut e = Engine::start();
    e.handshake();
    e.send("setoption name MultiPV value 2");
    e.send("isready");
    e.until("readyok", SECOND);
    e.send("teinewgame size 6 halfkomi 4");
    e.send("isready");
    e.until("readyok", SECOND);
    e.send(&format!("position tps {MIDGAME}"));
    e.send("go depth 3 movetime 3000");
    let lines = e.until("bestmove", SECOND);
    assert!(lines.iter().any(|l| l.starts_with("info multipv 1 ")));
    assert!(lines.iter().any(|l| l.starts_with("info multipv 2 ")));
    let summary = &lines[lines.len() - 2];
    assert!(
        summary.starts_with("info depth "),
        "summary without multipv: {summary}"
    );
    for l in &lines[..lines.len() - 1] {
        assert_info_shape(l);
    }
    e.send("setoption name MultiPV value 1");
    e.send(&format!("position tps {MIDGAME} moves 3e5<21*"));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    // An infinite search answers `isready` without ending, and ends only on
    // `stop`: a `bestmove` after `stop` shows both.
    e.send("isready");
    let mut got = e.until("readyok", SECOND);
    assert!(
        got.iter().all(|l| !l.starts_with("bestmove")),
        "readyok mid-search, the search goes on"
    );
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    got = e.until("bestmove", SECOND);
    assert!(
        got[got.len() - 2].starts_with("info "),
        "a final info line before bestmove"
    );
    let mut pos = parse_tps(MIDGAME).expect("valid");
    pos.make(parse_move("3e5<21", 6).expect("valid"));
    assert_legal(&pos, &bestmove(&got));
    e.send("stop");
    e.send("isready");
    assert_eq!(
        e.until("readyok", SECOND),
        ["readyok"],
        "a stray stop prints nothing"
    );
}

#[test]
fn edge_cases_of_section_9() {
    let mut e = Engine::start();
    e.handshake();
    // go before any teinewgame or position.
    e.send("go depth 1");
    let lines = e.until("bestmove", SECOND);
    assert!(lines[0].starts_with("info error "), "{lines:?}");
    assert_eq!(bestmove(&lines), "--");
    // position tps before teinewgame sets the size; startpos then works.
    e.send("position tps x4/x4/x4/x4 1 1");
    e.send("go depth 1");
    assert_legal(
        &Position::start(4).expect("4x4"),
        &bestmove(&e.until("bestmove", SECOND)),
    );
    e.send("position startpos");
    e.send("go depth 1");
    assert_legal(
        &Position::start(4).expect("4x4"),
        &bestmove(&e.until("bestmove", SECOND)),
    );
    // stop while idle: nothing.
    e.send("stop");
    e.silent_for(Duration::from_millis(100));
    // go after teinewgame without position: the start position.
    e.send("teinewgame 5");
    e.send("go depth 2");
    assert_legal(
        &Position::start(5).expect("5x5"),
        &bestmove(&e.until("bestmove", SECOND)),
    );
    // Unknown commands and options are ignored.
    for junk in [
        "uci",
        "ucinewgame",
        "debug on",
        "frobnicate 7",
        "setoption name Frob value 3",
    ] {
        e.send(junk);
    }
    e.send("isready");
    assert_eq!(e.until("readyok", SECOND), ["readyok"]);
    // Illegal ply, unparseable ply, wrong size, ply after the end: error + bestmove --.
    let bad = [
        "position startpos moves a1 a1",
        "position startpos moves a1 zz",
        "position tps x6/x6/x6/x6/x6/x6 1 1",
        "position tps 2,x4/2,x4/2,x4/2,x4/1,1,1,1,x 1 5 moves a1 b5",
        "position tps x5/x5/x5 1 1",
        "position frob",
    ];
    for line in bad {
        e.send(line);
        e.send("go depth 1");
        let lines = e.until("bestmove", SECOND);
        assert!(lines[0].starts_with("info error "), "{line}: {lines:?}");
        assert_eq!(bestmove(&lines), "--", "{line}");
    }
    // A finished game with legal moves still gets a legal answer.
    let done = "2,x4/2,x4/2,x4/2,x4/1,1,1,1,1 2 5";
    e.send(&format!("position tps {done}"));
    e.send("go depth 2");
    assert_legal(
        &parse_tps(done).expect("valid"),
        &bestmove(&e.until("bestmove", SECOND)),
    );
    // wtime 0: an answer at once.
    e.send("position startpos moves a1 e5");
    e.send("go wtime 0 btime 0");
    let lines = e.until("bestmove", SECOND);
    let mut pos = Position::start(5).expect("5x5");
    for m in ["a1", "e5"] {
        pos.make(parse_move(m, 5).expect("valid"));
    }
    assert_legal(&pos, &bestmove(&lines));
    // An unsupported teinewgame size: no game until a valid one.
    e.send("teinewgame 9");
    e.send("go depth 1");
    assert_eq!(bestmove(&e.until("bestmove", SECOND)), "--");
    e.send("teinewgame");
    e.send("go depth 1");
    assert_eq!(bestmove(&e.until("bestmove", SECOND)), "--");
}

#[test]
fn commands_during_a_search_end_it_first() {
    let mut e = Engine::start();
    e.handshake();
    e.send("teinewgame 6");
    for next in [
        "position startpos moves a1",
        "go depth 1",
        "teinewgame 5",
        "setoption name Hash value 8",
    ] {
        e.send("position startpos");
        e.send("go infinite");
        std::thread::sleep(Duration::from_millis(100));
        e.send(next);
        let lines = e.until("bestmove", SECOND);
        assert_legal(&Position::start(6).expect("6x6"), &bestmove(&lines));
        if next.starts_with("go") {
            e.until("bestmove", SECOND);
        }
        e.send("teinewgame 6");
    }
    e.send("isready");
    assert_eq!(e.until("readyok", SECOND), ["readyok"]);
}

#[test]
fn quit_and_eof_end_the_process_during_a_search() {
    let mut e = Engine::start();
    e.handshake();
    e.send("teinewgame 6");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    assert!(e.exits_within(EXIT));

    let mut e = Engine::start();
    e.handshake();
    e.send("teinewgame 6");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.close();
    assert!(e.exits_within(EXIT));
}

#[test]
fn marks_crlf_and_blanks_are_tolerated() {
    let mut e = Engine::start();
    e.send_raw("  tei  \r\n\r\n");
    e.until("teiok", SECOND);
    e.send_raw("teinewgame\t 5\r\n");
    e.send_raw("position   startpos  moves  a1 e5 Fb2' d4!? c3\"  Sb4?? 1b2>1 \r\n");
    e.send_raw("go   depth 2\r\n");
    let lines = e.until("bestmove", SECOND);
    assert!(
        !lines.iter().any(std::string::String::is_empty),
        "no empty lines"
    );
    let mut game = Game::new(Position::start(5).expect("5x5"));
    for m in ["a1", "e5", "b2", "d4", "c3", "Sb4", "b2>"] {
        game.play_ptn(m).expect("legal");
    }
    assert_legal(game.position(), &bestmove(&lines));
}

#[test]
fn broken_option_lines_are_ignored() {
    let mut e = Engine::start();
    e.handshake();
    for line in [
        "setoption",
        "setoption name",
        "setoption value 3",
        "setoption name Hash value lots",
        "setoption name Hash value 0",
        "setoption name Threads value -1",
        "setoption name MultiPV value 99",
        "setoption name HalfKomi value 11",
        "setoption name hash value 4",
        "setoption name Clear Hash",
    ] {
        e.send(line);
    }
    e.send("isready");
    assert_eq!(e.until("readyok", SECOND), ["readyok"]);
    e.send("teinewgame 4");
    e.send("go depth 2");
    assert_legal(
        &Position::start(4).expect("4x4"),
        &bestmove(&e.until("bestmove", SECOND)),
    );
}

#[test]
fn every_size_with_half_komi_0_and_4_answers_a_legal_move() {
    let mut e = Engine::start();
    e.handshake();
    for size in 3..=8 {
        for komi in [0, 4] {
            e.send(&format!("teinewgame size {size} halfkomi {komi}"));
            e.send("isready");
            e.until("readyok", SECOND);
            let mut game = Game::new(Position::start(size).expect("size"));
            let mut plies: Vec<String> = Vec::new();
            for _ in 0..4 {
                e.send(&format!("position startpos moves {}", plies.join(" ")));
                e.send("go movetime 50");
                let mv = bestmove(&e.until("bestmove", SECOND));
                assert_legal(game.position(), &mv);
                game.play_ptn(&mv).expect("legal");
                plies.push(mv);
            }
        }
    }
}

/// A late position full of tall stacks and threats (from a self-play game that was
/// once lost on time): a short clock is still kept.
#[test]
fn short_clock_is_kept_in_a_heavy_position() {
    let heavy = "21C,x2,12,2,x/x2,1122221S,1211222,x2/x2,2,x,12,x/1,1,121111112C,2,x2/\
                 x3,2112,x,211111112S/1112S,x5 2 88";
    let mut e = Engine::start();
    e.handshake();
    e.send("teinewgame 6");
    for clock in [150, 60, 5] {
        e.send(&format!("position tps {heavy}"));
        e.send(&format!("go wtime {clock} btime {clock} winc 100 binc 100"));
        let lines = e.until("bestmove", SECOND);
        // The deadline itself is unit-tested (`search::limits`); here the
        // engine must stop by it even in a heavy position.
        let took = reported_time(&lines);
        assert!(took <= clock.max(40), "{clock} ms clock: spent {took} ms");
        assert_legal(&parse_tps(heavy).expect("valid"), &bestmove(&lines));
    }
}

#[test]
fn movetime_is_met() {
    let mut e = Engine::start();
    e.handshake();
    e.send("teinewgame 6");
    e.send(&format!("position tps {MIDGAME}"));
    e.send("go movetime 300");
    // Without its movetime, a search of this position would run for minutes.
    let lines = e.until("bestmove", SECOND);
    let took = reported_time(&lines);
    assert!(took < 600, "spent {took} ms");
}

/// `go nodes N` twice after `teinewgame` prints the same lines (time and nps aside).
#[test]
fn one_thread_search_is_reproducible() {
    let strip = |lines: Vec<String>| -> Vec<String> {
        lines
            .into_iter()
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                let mut out = Vec::new();
                let mut i = 0;
                while i < w.len() {
                    if w[i] == "time" || w[i] == "nps" {
                        i += 2;
                    } else {
                        out.push(w[i]);
                        i += 1;
                    }
                }
                out.join(" ")
            })
            .collect()
    };
    let mut runs = Vec::new();
    for _ in 0..2 {
        let mut e = Engine::start();
        e.handshake();
        for _ in 0..2 {
            e.send("teinewgame 6");
            e.send(&format!("position tps {MIDGAME}"));
            e.send("go nodes 20000");
            runs.push(strip(e.until("bestmove", SECOND)));
        }
    }
    assert!(runs[0].len() >= 3);
    assert!(runs.iter().all(|r| *r == runs[0]), "{runs:#?}");
}
