//! The record of results (`docs/results.tsv`, issue 103): its rows add up,
//! `docs/strength.md`'s tables are the ones the record makes, no other doc
//! restates an Elo interval (README.md: one headline, a row's), and every row
//! a doc links to exists. Then the checks themselves, on small records.

use menhir_tools::results::check::{check, trinomial_interval};
use menhir_tools::results::render::{cited_rows, intervals, outside_blocks, splice};
use menhir_tools::results::{Elo, Record};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn record() -> Record {
    Record::parse(&read(&root().join("docs/results.tsv"))).expect("the record parses")
}

/// Every Markdown file of the repository, but for build output, npm's and
/// fuzzing's folders.
fn markdown(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a readable folder") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(
                name,
                "target" | "node_modules" | "dist" | "corpus" | "artifacts"
            ) && !name.starts_with('.')
            {
                markdown(&path, found);
            }
        } else if path.extension().is_some_and(|ext| ext == "md") {
            found.push(path);
        }
    }
}

#[test]
fn the_record_adds_up() {
    let record = record();
    assert!(record.rows.len() > 20, "the record holds the docs' matches");
    let problems = check(&record);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn strength_md_tables_are_the_records() {
    let path = root().join("docs/strength.md");
    let doc = read(&path);
    let made = splice(&doc, &record()).expect("every block has rows");
    assert!(
        made == doc,
        "docs/strength.md's tables differ from docs/results.tsv: run \
         `cargo run --release -p menhir-tools -- results write`"
    );
}

#[test]
fn no_doc_restates_an_interval() {
    let record = record();
    let mut docs = Vec::new();
    markdown(&root(), &mut docs);
    assert!(docs.len() > 10, "found the docs");
    let mut restated = Vec::new();
    for path in docs {
        let text = outside_blocks(&read(&path));
        let found = intervals(&text);
        let readme = path == root().join("README.md");
        if readme && found.len() == 1 {
            // The headline: one figure, linked to the row it comes from.
            let (line, figure) = &found[0];
            let text_line = text.lines().nth(line - 1).unwrap_or("");
            let rows = cited_rows(text_line);
            let matching = rows.iter().filter_map(|(_, id)| record.get(id)).any(|row| {
                figure.replace("−", "-").replace("**", "")
                    == format!("{} [{}, {}]", row.elo, row.lo, row.hi).replace("−", "-")
            });
            assert!(
                matching,
                "README.md:{line}: the headline {figure} links no row that has it"
            );
            continue;
        }
        for (line, figure) in found {
            restated.push(format!("{}:{line}: {figure}", path.display()));
        }
    }
    assert!(
        restated.is_empty(),
        "Elo intervals outside the record and strength.md's tables (link the row instead):\n{}",
        restated.join("\n")
    );
}

#[test]
fn every_cited_row_exists() {
    let record = record();
    let mut docs = Vec::new();
    markdown(&root(), &mut docs);
    let mut missing = Vec::new();
    for path in docs {
        for (line, id) in cited_rows(&read(&path)) {
            if record.get(&id).is_none() {
                missing.push(format!("{}:{line}: {id}", path.display()));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "links to rows the record lacks:\n{}",
        missing.join("\n")
    );
}

const HEADER: &str = "id\tdate\tbuild\tbench\tpairing\tsize\tkomi\tcontrol\topenings\tgames\tw\td\tl\telo\tlo\thi\tkind\tparts\ttables\twhat\tlog\tcommand";

fn small(rows: &[&str]) -> Record {
    let text = format!("# a comment\n{HEADER}\n{}\n", rows.join("\n"));
    Record::parse(&text).expect("a small record parses")
}

fn row(id: &str, wdl: (u64, u64, u64), elo: (&str, &str, &str), kind: &str, parts: &str) -> String {
    let games = wdl.0 + wdl.1 + wdl.2;
    format!(
        "{id}\t2026-12-07\tabc1234\t118606\tMenhir vs Tiltak\t6\t2\t10+0.1\t6s book 1-200\t{games}\t{}\t{}\t{}\t{}\t{}\t{}\t{kind}\t{parts}\tmain\ta match\t§8.1\ttools/match.sh",
        wdl.0, wdl.1, wdl.2, elo.0, elo.1, elo.2
    )
}

#[test]
fn a_sound_record_passes_and_pools() {
    // The pooled interval of §3.4: 236-47-117 is +107, from +74 to +141.
    let a = row("R1", (150, 7, 43), ("+208", "+150", "+270"), "run", "");
    let b = row("R2", (86, 40, 74), ("+21", "-20", "+60"), "run", "");
    let pooled = row(
        "R3",
        (236, 47, 117),
        ("+107", "+74", "+141"),
        "pooled",
        "R1 R2",
    );
    let record = small(&[&a, &b, &pooled]);
    assert_eq!(check(&record), Vec::<String>::new());
    let (lo, hi) = trinomial_interval(record.rows[2].wdl.expect("a W-D-L"));
    assert_eq!((lo.round(), hi.round()), (74.0, 141.0));
}

#[test]
fn check_names_each_kind_of_fault() {
    let cases = [
        (
            row("R1", (10, 0, 10), ("+50", "-100", "+100"), "run", ""),
            "not the score's",
        ),
        (
            row("R1", (10, 0, 10), ("0", "+10", "+100"), "run", ""),
            "does not hold",
        ),
        (
            row("R1", (10, 0, 10), ("0", "-100", "+100"), "run", "R2"),
            "only a pooled",
        ),
        (
            row("R1", (10, 0, 10), ("0", "-100", "+100"), "pooled", "R5 R6"),
            "not a row",
        ),
    ];
    for (text, fault) in cases {
        let problems = check(&small(&[&text]));
        assert!(
            problems.iter().any(|p| p.contains(fault)),
            "{fault}: {problems:?}"
        );
    }
    let twice = row("R1", (10, 0, 10), ("0", "-100", "+100"), "run", "");
    assert!(check(&small(&[&twice, &twice]))
        .iter()
        .any(|p| p.contains("twice")));
    let bad_games = twice.replacen("\t20\t", "\t21\t", 1);
    assert!(check(&small(&[&bad_games]))
        .iter()
        .any(|p| p.contains("adds up to 20 games")));
}

#[test]
fn parse_refuses_a_bad_row_and_names_its_line() {
    let good = row("R1", (10, 0, 10), ("0", "-100", "+100"), "run", "");
    for (bad, says) in [
        (good.replacen("R1", "X1", 1), "id 'X1'"),
        (good.replacen("2026-12-07", "7 Dec", 1), "date"),
        (good.replacen("\t6\t", "\t9\t", 1), "size 9"),
        (good.replacen("\trun\t", "\tmatch\t", 1), "kind 'match'"),
        (good.replacen("\t+100\t", "\tlots\t", 1), "hi 'lots'"),
        (good.replacen('\t', " ", 1), "fields"),
    ] {
        let text = format!("{HEADER}\n{bad}\n");
        let error = Record::parse(&text).expect_err("refused");
        assert!(
            error.starts_with("line 2: ") && error.contains(says),
            "{says}: {error}"
        );
    }
    assert!(Record::parse("id\tdate\n")
        .expect_err("header")
        .contains("header"));
}

#[test]
fn splice_writes_blocks_and_anchors_a_row_once() {
    let record = small(&[
        &row("R1", (10, 0, 10), ("0", "-100", "+100"), "run", "").replacen(
            "\tmain\t",
            "\tmain other\t",
            1,
        ),
    ]);
    let doc = "# S\n<!-- results main -->\nold\n<!-- end results -->\ntext\n<!-- results other -->\n<!-- end results -->\n";
    let made = splice(doc, &record).expect("spliced");
    assert_eq!(made.matches("<a id=\"r1\"></a>R1").count(), 1);
    assert_eq!(made.matches("[R1](#r1)").count(), 1);
    assert!(!made.contains("old") && made.contains("text"));
    assert_eq!(splice(&made, &record).expect("again"), made, "idempotent");
    assert!(outside_blocks(&made).trim_end().ends_with("text"));
    assert!(splice("<!-- results main -->\n", &record).is_err());
    assert!(splice("no blocks\n", &record)
        .expect_err("a table without a block")
        .contains("`main`"));
    assert_eq!(record.rows[0].elo, Elo::Value(0));
}

#[test]
fn intervals_are_found_in_every_spelling() {
    let text = "a +216 [+175, +255] b\n−39 [−73, −6] and **+759 [+648, +1117]**\n+700 [+602, +∞]\n**+24** [+4, +44]\n[1, 2] list, s [0.6, 0.7]\n";
    let found: Vec<String> = intervals(text).into_iter().map(|(_, f)| f).collect();
    assert_eq!(
        found,
        [
            "+216 [+175, +255]",
            "−39 [−73, −6]",
            "+759 [+648, +1117]",
            "+700 [+602, +∞]",
            "+24** [+4, +44]"
        ]
    );
    assert_eq!(
        cited_rows("see [R12](strength.md#r12) and [R3](#r3), not #r4x"),
        [(1, "R12".to_string()), (1, "R3".to_string())]
    );
}
