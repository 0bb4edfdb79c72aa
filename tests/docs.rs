//! The documents against the code and the binary (issue 103). Each test reads a
//! claim from the Markdown in the repository and checks it against the constant
//! it restates or against the real `menhir`: counts of bench positions and of
//! options, the bench signature, the TEI identification block and option table,
//! the Hash note, a refused `position`, a calibrated `info` line, the scripts
//! named, and the `menhir …` example commands with their exit codes.

mod common;

use common::Engine;
use menhir::bench::{POSITIONS, SIGNATURE};
use menhir::engine::{is_piece_count, OPTIONS};
use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

/// The documents whose claims are checked.
const DOCS: [&str; 9] = [
    "README.md",
    "docs/cli.md",
    "docs/browser.md",
    "docs/tei.md",
    "docs/calibration.md",
    "docs/tinue.md",
    "docs/gui.md",
    "docs/performance.md",
    "docs/reliability.md",
];

/// A liveness bound for one engine answer (every search here has a depth limit).
const PATIENCE: Duration = Duration::from_secs(30);

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn read(doc: &str) -> String {
    std::fs::read_to_string(root().join(doc)).unwrap_or_else(|e| panic!("{doc}: {e}"))
}

/// A text with every run of blanks and line ends made one space.
fn flat(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn menhir(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_menhir"))
        .args(args)
        .output()
        .expect("the menhir binary runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).expect("stdout is UTF-8")
}

/// The sentences of a text: each paragraph's lines joined, split after `. `.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for paragraph in text.split("\n\n") {
        // A table's cells are sentences of their own.
        for cell in paragraph.split(" | ") {
            out.extend(flat(cell).split(". ").map(str::to_string));
        }
    }
    out
}

/// A sentence's words, lower case, with Markdown marks and punctuation trimmed.
fn words(sentence: &str) -> Vec<String> {
    sentence
        .split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| "`*()[],;:.".contains(c))
                .to_lowercase()
        })
        .collect()
}

/// A count written in digits or as a word.
fn number(word: &str) -> Option<usize> {
    const NAMES: &str = "zero one two three four five six seven eight nine ten eleven twelve \
                         thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty";
    word.parse()
        .ok()
        .or_else(|| NAMES.split(' ').position(|n| n == word))
}

/// Every `N <noun>` or `N <word> <noun>` in the checked documents, in sentences
/// that contain the word `topic`: (count, document, sentence).
fn counts(noun: &str, topic: &str) -> Vec<(usize, &'static str, String)> {
    let mut out = Vec::new();
    for doc in DOCS {
        for sentence in sentences(&read(doc)) {
            let w = words(&sentence);
            if !w.iter().any(|x| x == topic) {
                continue;
            }
            for (i, word) in w.iter().enumerate() {
                let names_noun = (1..=2).any(|k| w.get(i + k).is_some_and(|x| x == noun));
                if let (Some(n), true) = (number(word), names_noun) {
                    out.push((n, doc, sentence.clone()));
                }
            }
        }
    }
    out
}

#[test]
fn bench_position_counts_are_the_benchs() {
    let found = counts("positions", "bench");
    assert!(!found.is_empty(), "no document counts the bench positions");
    for (n, doc, sentence) in found {
        assert_eq!(n, POSITIONS.len(), "{doc}: \"{sentence}\"");
    }
}

#[test]
fn option_counts_are_the_declared_options() {
    let found = counts("options", "options");
    assert!(!found.is_empty(), "no document counts the options");
    for (n, doc, sentence) in found {
        assert_eq!(n, OPTIONS.len(), "{doc}: \"{sentence}\"");
    }
}

/// Node totals given as the signature: a number in a sentence about the signature
/// (a past one is written `then N` or `was N`), or `menhir bench`'s output line
/// `<nodes> nodes <nps> nps`, must be `SIGNATURE`.
#[test]
fn signatures_quoted_as_current_are_the_recorded_one() {
    let mut linked = false;
    for doc in DOCS {
        for sentence in sentences(&read(doc)) {
            let w = words(&sentence);
            let about = w.iter().any(|x| x.starts_with("signature"));
            linked |= about && sentence.contains("src/bench.rs");
            for (i, word) in w.iter().enumerate() {
                let digits = word.replace([',', '_'], "");
                let Ok(n) = digits.parse::<u64>() else {
                    continue;
                };
                let past = i > 0 && matches!(w[i - 1].as_str(), "then" | "was");
                let output = w.get(i + 1).is_some_and(|x| x == "nodes")
                    && w.get(i + 3).is_some_and(|x| x == "nps");
                if (about && digits.len() >= 4 && !past) || output {
                    let fix = "link to src/bench.rs, or write a past one as 'then N'";
                    assert_eq!(n, SIGNATURE, "{doc}: \"{sentence}\" ({fix})");
                }
            }
        }
    }
    assert!(
        linked,
        "no document points to src/bench.rs for the signature"
    );
}

/// Each identification block in `text` (`id name Menhir` … `teiok`, with or without
/// the transcripts' `< `), as written.
fn identification_blocks(text: &str) -> Vec<Vec<String>> {
    let mut blocks = Vec::new();
    let mut block: Option<Vec<String>> = None;
    for line in text.lines() {
        let line = line.strip_prefix("< ").unwrap_or(line).trim_end();
        if line == "id name Menhir" {
            block = Some(Vec::new());
        }
        let Some(lines) = block.as_mut() else {
            continue;
        };
        let belongs = ["id ", "size ", "option ", "teiok"]
            .iter()
            .any(|p| line.starts_with(p));
        if belongs {
            lines.push(line.to_string());
        }
        if !belongs || line == "teiok" {
            blocks.extend(block.take());
        }
    }
    blocks
}

#[test]
fn tei_md_identification_blocks_are_what_the_binary_prints() {
    let live = Engine::start().handshake();
    let blocks = identification_blocks(&read("docs/tei.md"));
    assert!(
        blocks.len() >= 2,
        "tei.md shows §4.1's block and §10's: {blocks:?}"
    );
    for block in blocks {
        assert_eq!(block, live, "tei.md's identification block");
    }
}

/// A table cell's integer, with the typographic minus.
fn integer(cell: &str) -> i64 {
    let text = cell.trim().replace('−', "-");
    text.parse()
        .unwrap_or_else(|_| panic!("not an integer: '{cell}'"))
}

#[test]
fn tei_md_option_tables_hold_every_declared_option() {
    let text = read("docs/tei.md");
    let section = text
        .split("\n## 5. Options")
        .nth(1)
        .and_then(|s| s.split("\n## ").next())
        .expect("tei.md has §5");
    let mut named = Vec::new();
    for row in section.lines().filter(|l| l.starts_with("| `")) {
        let cells: Vec<&str> = row.split('|').collect();
        let (min, max) = cells[2].split_once('…').expect("a range 'min … max'");
        for name in cells[1].split('`').skip(1).step_by(2) {
            let spec = OPTIONS.iter().find(|s| s.name == name);
            let spec = spec.unwrap_or_else(|| panic!("§5 names '{name}', not an option"));
            assert_eq!((integer(min), integer(max)), (spec.min, spec.max), "{row}");
            assert_eq!(integer(cells[3]), spec.default, "{row}");
            named.push(name);
        }
    }
    let topics = text
        .lines()
        .find(|l| l.starts_with("| options ("))
        .expect("a topic row");
    for spec in &OPTIONS {
        assert!(named.contains(&spec.name), "§5's table lacks {}", spec.name);
        let listed = is_piece_count(spec) || topics.contains(&format!("`{}`", spec.name));
        assert!(listed, "the topics table's options row lacks {}", spec.name);
    }
}

#[test]
fn tei_md_unreadable_positions_are_refused_as_it_says() {
    let text = read("docs/tei.md");
    let transition = text
        .lines()
        .find(|l| l.starts_with("| `position …` of unreadable shape"))
        .expect("§2's row for an unreadable position");
    assert_eq!(transition.split('|').nth(3).map(str::trim), Some("refused"));
    let row = text
        .lines()
        .find(|l| l.starts_with("| `position` line of unreadable shape"))
        .expect("§9's row for an unreadable position");
    let examples: Vec<&str> = row
        .split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with("position "))
        .collect();
    assert!(!examples.is_empty(), "§9's row gives examples");
    let mut e = Engine::start();
    for example in examples {
        e.send("teinewgame 5");
        e.send("position startpos");
        e.send(example);
        e.send("go depth 1");
        let lines = e.until("bestmove", PATIENCE);
        assert_eq!(lines.len(), 2, "{example}: {lines:?}");
        assert!(lines[0].starts_with("info error "), "{example}: {lines:?}");
        assert_eq!(lines[1], "bestmove --", "{example}");
    }
}

fn mem_available_mib() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    Some(line.split_whitespace().nth(1)?.parse::<u64>().ok()? / 1024)
}

#[test]
fn tei_md_hash_note_is_what_the_binary_prints() {
    let text = flat(&read("docs/tei.md"));
    let quote = text
        .split("`info string Hash ")
        .nth(1)
        .and_then(|s| s.split('`').next())
        .expect("tei.md §5 quotes the Hash note");
    let want: Vec<&str> = quote.split_whitespace().collect();
    let mib: u64 = want[0]
        .parse()
        .expect("the note starts with the size asked");
    let mut e = Engine::start();
    e.send(&format!("setoption name Hash value {mib}"));
    e.send("isready");
    let lines = e.until("readyok", PATIENCE);
    if lines.len() == 1 {
        let free = mem_available_mib().unwrap_or(u64::MAX);
        assert!(
            free / 2 >= mib,
            "no note, yet {mib} MiB is above half of {free} MiB"
        );
        return;
    }
    assert_eq!(lines.len(), 2, "{lines:?}");
    let got: Vec<&str> = lines[0].split_whitespace().skip(3).collect();
    assert_eq!(got.len(), want.len(), "{} against '{quote}'", lines[0]);
    for (g, w) in got.iter().zip(&want) {
        let placeholder = *w == "N" && g.parse::<u64>().is_ok();
        assert!(placeholder || g == w, "{} against '{quote}'", lines[0]);
    }
}

/// An engine line with the clock's fields (`time`, `nps`) masked.
fn masked(line: &str) -> String {
    let mut out: Vec<&str> = line.split_whitespace().collect();
    for i in 1..out.len() {
        if matches!(out[i - 1], "time" | "nps") {
            out[i] = "*";
        }
    }
    out.join(" ")
}

#[test]
fn calibration_md_example_lines_are_what_the_binary_prints() {
    let text = read("docs/calibration.md");
    let block = text
        .split("```")
        .find(|b| b.contains("\n> go depth"))
        .expect("calibration.md shows a TEI session with a depth-limited go");
    let mut e = Engine::start();
    let mut want = Vec::new();
    for line in block.lines() {
        if let Some(input) = line.strip_prefix("> ") {
            e.send(input);
        } else if let Some(answer) = line.strip_prefix("< ") {
            want.push(masked(answer));
        }
    }
    assert!(want.iter().any(|l| l.contains(" wdl ")), "{want:?}");
    let got: Vec<String> = e
        .until("bestmove", PATIENCE)
        .iter()
        .map(|l| masked(l))
        .collect();
    assert_eq!(got, want, "calibration.md §1's session");
}

/// The names of the repository's files (outside `target`, `.git`, `node_modules`).
fn file_names(dir: &Path, names: &mut HashSet<OsString>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name();
        if entry.path().is_dir() {
            if !["target", ".git", "node_modules"].contains(&name.to_string_lossy().as_ref()) {
                file_names(&entry.path(), names);
            }
        } else {
            names.insert(name);
        }
    }
}

/// A path (`tools/…`) must exist as written; a bare script name somewhere.
#[test]
fn scripts_named_in_the_docs_exist() {
    let mut names = HashSet::new();
    file_names(root(), &mut names);
    let mut seen = 0;
    for doc in DOCS.iter().chain(&["README.md"]) {
        for word in read(doc).split(|c: char| c.is_whitespace() || "`()[]'\"".contains(c)) {
            let word = word.trim_end_matches([',', '.', ':', ';']);
            let script = Path::new(word)
                .extension()
                .is_some_and(|e| e == "py" || e == "sh");
            if !(script || word.starts_with("tools/")) || word.contains('*') {
                continue;
            }
            seen += 1;
            let found = if word.contains('/') {
                root().join(word).exists()
            } else {
                names.contains(OsStr::new(word))
            };
            assert!(found, "{doc} names {word}, which is not in the repository");
        }
    }
    assert!(seen > 10, "only {seen} script paths found");
}

/// The ways the docs start the binary.
const INVOCATIONS: [&str; 4] = [
    "menhir ",
    "./target/release/menhir ",
    "target/release/menhir ",
    "cargo run --release -- ",
];

/// The `menhir …` commands of a document, without the invocation: its inline code,
/// and the lines of its code blocks (after a `$ ` prompt, with indented
/// continuation lines).
fn example_commands(text: &str) -> Vec<String> {
    let strip = |s: &str| {
        INVOCATIONS
            .iter()
            .find_map(|p| s.strip_prefix(p))
            .map(str::to_string)
    };
    let mut out = Vec::new();
    for (k, chunk) in text.split("```").enumerate() {
        if k % 2 == 0 {
            out.extend(flat(chunk).split('`').skip(1).step_by(2).filter_map(strip));
            continue;
        }
        let mut command: Option<String> = None;
        for line in chunk.lines() {
            if let (Some(c), true) = (command.as_mut(), line.starts_with(' ')) {
                c.push_str(line);
                continue;
            }
            out.extend(command.take());
            let line = line.split(" #").next().unwrap_or(line);
            command = strip(line.strip_prefix("$ ").unwrap_or(line));
        }
        out.extend(command);
    }
    out
}

/// A command's words, split on blanks outside double quotes, quotes removed.
fn tokens(command: &str) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut quoted = false;
    for c in command.chars() {
        match c {
            '"' => quoted = !quoted,
            c if c.is_whitespace() && !quoted => out.push(String::new()),
            c => out.last_mut().expect("a word").push(c),
        }
    }
    out.retain(|w| !w.is_empty());
    out
}

#[test]
fn example_commands_use_real_subcommands_and_flags() {
    let help = stdout(&menhir(&["--help"]));
    let subcommands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .and_then(|s| s.split("\n\n").next())
        .expect("menhir --help lists its commands")
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    let mut checked = 0;
    for doc in DOCS {
        for command in example_commands(&read(doc)) {
            let words = tokens(&command);
            let sub = words[0].as_str();
            assert!(
                subcommands.contains(&sub),
                "{doc}: `{command}`: no command '{sub}'"
            );
            let help = stdout(&menhir(&[sub, "--help"])).replace(['\n', ','], " ");
            for word in &words {
                let flag = word
                    .trim_start_matches('[')
                    .split(['=', ']'])
                    .next()
                    .unwrap_or("");
                let known = !flag.starts_with("--") || help.contains(&format!("{flag} "));
                assert!(known, "{doc}: `{command}`: `menhir {sub}` has no {flag}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 10, "only {checked} example commands found");
}

/// Runs a `menhir` command of the docs, as written.
fn run(command: &str) -> Output {
    let words = tokens(command);
    menhir(&words.iter().map(String::as_str).collect::<Vec<_>>())
}

#[test]
fn tinue_md_example_and_exit_codes_are_the_binarys() {
    let text = read("docs/tinue.md");
    assert!(flat(&text).contains("Exit code 0 proven, 1 not proven or unknown, 2 bad input"));
    let block = text
        .split("```")
        .find(|b| b.trim_start().starts_with("$ menhir tinue"))
        .expect("tinue.md shows a run of menhir tinue");
    let mut lines = block.trim().lines();
    let command = lines
        .next()
        .and_then(|l| l.strip_prefix("$ menhir "))
        .expect("a command");
    let out = run(command);
    assert_eq!(out.status.code(), Some(0), "`{command}` is proven");
    let got = stdout(&out);
    let mut rest = got.lines();
    for want in lines.filter(|l| l.trim() != "...") {
        assert!(
            rest.any(|l| l == want),
            "`{command}` prints '{want}' (in order):\n{got}"
        );
    }
    let not_proven = run("tinue x5/x5/x5/x5/x5 1 1 --max-plies 3");
    assert!(stdout(&not_proven).contains("verdict: not proven"));
    assert_eq!(not_proven.status.code(), Some(1));
    assert_eq!(run("tinue x5").status.code(), Some(2), "a bad TPS");
}

/// The quick commands of performance.md run, and `bench` prints what it says.
#[test]
fn performance_md_quick_commands_run() {
    let text = read("docs/performance.md");
    assert!(flat(&text).contains("prints `<nodes> nodes <nps> nps`"));
    let bench = run("bench --depth 2");
    assert!(bench.status.success());
    let got = stdout(&bench);
    let words: Vec<&str> = got.split_whitespace().collect();
    let numbers = words.len() == 4 && [0, 2].iter().all(|&i| words[i].parse::<u64>().is_ok());
    assert!(numbers && words[1] == "nodes" && words[3] == "nps", "{got}");
    let quick: Vec<String> = example_commands(&text)
        .into_iter()
        .filter(|c| {
            let w = tokens(c);
            let placeholder =
                |x: &String| x.contains('<') || x.chars().all(|c| c.is_ascii_uppercase());
            let depth = w
                .iter()
                .position(|x| x == "--depth")
                .and_then(|i| w.get(i + 1));
            w[0] == "analyze"
                && !w.iter().any(placeholder)
                && depth
                    .and_then(|d| d.parse::<u32>().ok())
                    .is_some_and(|d| d <= 10)
        })
        .collect();
    assert!(!quick.is_empty(), "performance.md shows a quick analyze");
    for command in quick {
        assert!(run(&command).status.success(), "`menhir {command}` fails");
    }
}
