//! The tables of `docs/strength.md`, made from the record. A generated block
//! is the text between `<!-- results NAME -->` and `<!-- end results -->`;
//! it holds the table of every row whose `tables` names NAME, in the record's
//! order. The row cell of a row's first table carries the anchor `r<N>`, so
//! other docs link `strength.md#r<N>`.

use super::{Record, Row};
use std::collections::HashSet;

/// Opens a generated block; the table's name follows.
pub const OPEN: &str = "<!-- results ";
/// Closes a generated block.
pub const CLOSE: &str = "<!-- end results -->";

const HEADER: &str = "| row | what | pairing | size, komi | control | openings | games | W-D-L | Elo (95%) | build (bench) | log |\n|---|---|---|---|---|---|---:|---|---|---|---|\n";

/// The anchor of a row: `r12` for `R12`.
pub fn anchor(id: &str) -> String {
    id.to_lowercase()
}

/// A generated block found in a text, as byte offsets into it.
struct Block<'a> {
    /// Where its opening marker starts.
    start: usize,
    /// The table's name.
    name: &'a str,
    /// Where its body starts, after the opening marker.
    body: usize,
    /// Where its closing marker starts.
    close: usize,
}

/// The next generated block of `text`: `None` when no block is left, an
/// error for a marker left open.
fn next_block(text: &str) -> Option<Result<Block<'_>, String>> {
    let start = text.find(OPEN)?;
    let after_open = &text[start + OPEN.len()..];
    let Some(end_name) = after_open.find("-->") else {
        return Some(Err("a `<!-- results` marker is not closed by `-->`".into()));
    };
    let name = after_open[..end_name].trim();
    let body = start + OPEN.len() + end_name + 3;
    Some(match text[body..].find(CLOSE) {
        Some(len) => Ok(Block {
            start,
            name,
            body,
            close: body + len,
        }),
        None => Err(format!("the block `{name}` has no `{CLOSE}`")),
    })
}

/// Writes every generated block of `doc` afresh from the record. Fails on an
/// unclosed block, a block no row names, or a table name no block has.
pub fn splice(doc: &str, record: &Record) -> Result<String, String> {
    let mut out = String::with_capacity(doc.len());
    let mut rest = doc;
    let mut anchored = HashSet::new();
    let mut names = HashSet::new();
    while let Some(block) = next_block(rest) {
        let block = block?;
        out.push_str(&rest[..block.body]);
        out.push('\n');
        out.push_str(&table(record, block.name, &mut anchored)?);
        names.insert(block.name.to_string());
        rest = &rest[block.close..];
    }
    out.push_str(rest);
    for row in &record.rows {
        if let Some(missing) = row.tables.iter().find(|t| !names.contains(*t)) {
            return Err(format!(
                "{} names the table `{missing}`, which has no block in the doc",
                row.id
            ));
        }
    }
    Ok(out)
}

/// The text of `doc` outside its generated blocks (what may not restate a
/// figure of the record); a block left open hides the rest of the text.
pub fn outside_blocks(doc: &str) -> String {
    let mut out = String::new();
    let mut rest = doc;
    while let Some(block) = next_block(rest) {
        let Ok(block) = block else {
            return out + &rest[..rest.find(OPEN).unwrap_or(0)];
        };
        out.push_str(&rest[..block.start]);
        rest = &rest[block.close + CLOSE.len()..];
    }
    out.push_str(rest);
    out
}

fn table(record: &Record, name: &str, anchored: &mut HashSet<String>) -> Result<String, String> {
    let rows: Vec<&Row> = record
        .rows
        .iter()
        .filter(|row| row.tables.iter().any(|t| t == name))
        .collect();
    if rows.is_empty() {
        return Err(format!("no row of the record names the table `{name}`"));
    }
    let mut text = String::from(HEADER);
    for row in rows {
        let id = if anchored.insert(row.id.clone()) {
            format!("<a id=\"{}\"></a>{}", anchor(&row.id), row.id)
        } else {
            format!("[{}](#{})", row.id, anchor(&row.id))
        };
        let cells = [
            id,
            cell(&row.what),
            cell(&row.pairing),
            format!("{0}x{0}, komi {1}", row.size, row.komi),
            cell(&row.control),
            cell(&row.openings),
            row.games.to_string(),
            row.wdl
                .map_or("—".into(), |x| format!("{}-{}-{}", x.w, x.d, x.l)),
            format!("{} [{}, {}]", row.elo, row.lo, row.hi),
            match row.bench {
                Some(bench) => format!("{} ({bench})", cell(&row.build)),
                None => cell(&row.build),
            },
            cell(&row.log),
        ];
        text.push_str("| ");
        text.push_str(&cells.join(" | "));
        text.push_str(" |\n");
    }
    Ok(text)
}

/// A field as a table cell: a `|` would end the cell.
fn cell(text: &str) -> String {
    text.replace('|', "\\|")
}

/// Every Elo interval figure in `text` (`+216 [+175, +255]`, minus signs
/// ASCII or typographic, `∞` or `inf` ends), with its line number.
pub fn intervals(text: &str) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let chars: Vec<char> = line.chars().collect();
        for (at, _) in chars.iter().enumerate().filter(|(_, c)| **c == '[') {
            if let Some(figure) = interval_at(&chars, at) {
                found.push((index + 1, figure));
            }
        }
    }
    found
}

/// The interval whose `[` is at `open`, with the estimate before it.
fn interval_at(chars: &[char], open: usize) -> Option<String> {
    // Backwards: a space, perhaps bold's `**`, then a signed number.
    let mut start = open.checked_sub(1).filter(|&i| chars[i] == ' ')?;
    while start > 0 && chars[start - 1] == '*' {
        start -= 1;
    }
    let digits_end = start;
    while start > 0 && chars[start - 1].is_ascii_digit() {
        start -= 1;
    }
    if start == digits_end {
        return None;
    }
    if start > 0 && is_sign(chars[start - 1]) {
        start -= 1;
    }
    // Forwards: number, comma, space, number, `]`.
    let mut at = signed_number(chars, open + 1)?;
    if chars.get(at) != Some(&',') {
        return None;
    }
    at += 1;
    while chars.get(at) == Some(&' ') {
        at += 1;
    }
    at = signed_number(chars, at)?;
    (chars.get(at) == Some(&']')).then(|| chars[start..=at].iter().collect())
}

fn is_sign(c: char) -> bool {
    matches!(c, '+' | '-' | '−')
}

/// The index after a signed number (or `∞`/`inf`) starting at `at`.
fn signed_number(chars: &[char], mut at: usize) -> Option<usize> {
    if chars.get(at).is_some_and(|c| is_sign(*c)) {
        at += 1;
    }
    if chars.get(at) == Some(&'∞') {
        return Some(at + 1);
    }
    if chars[at.min(chars.len())..].starts_with(&['i', 'n', 'f']) {
        return Some(at + 3);
    }
    let first = at;
    while chars.get(at).is_some_and(char::is_ascii_digit) {
        at += 1;
    }
    (at > first).then_some(at)
}

/// The row ids `text` cites as links (`#r12`), with their line numbers.
pub fn cited_rows(text: &str) -> Vec<(usize, String)> {
    let mut cited = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(at) = rest.find("#r") {
            let digits: String = rest[at + 2..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            if !digits.is_empty() && rest[at + 2 + digits.len()..].starts_with(')') {
                cited.push((index + 1, format!("R{digits}")));
            }
            rest = &rest[at + 2..];
        }
    }
    cited
}
