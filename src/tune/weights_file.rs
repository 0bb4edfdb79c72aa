//! Writing fitted weights back into `src/eval/weights.rs`: the row of one board
//! size is replaced in place, every other line is kept.

use crate::eval::features::{name, COUNT};

/// `text` (the weights file) with the row for `size` replaced by `row`, headed by
/// the comment `// {size}x{size}: {note}`.
pub fn replace_row(
    text: &str,
    size: usize,
    row: &[i32; COUNT],
    note: &str,
) -> Result<String, String> {
    let head = format!("    // {size}x{size}:");
    let lines: Vec<&str> = text.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with(&head))
        .ok_or_else(|| format!("no '{}' row in the weights file", head.trim()))?;
    let last = lines[first..]
        .iter()
        .position(|l| l.trim() == "],")
        .map(|i| first + i)
        .ok_or_else(|| format!("the {size}x{size} row is not closed by '],'"))?;
    let mut out: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
    out.push(format!("{head} {note}"));
    out.push("    [".to_string());
    // Trailing comments aligned one space after the widest number, as rustfmt
    // leaves them.
    let width = row
        .iter()
        .map(|w| w.to_string().len() + 1)
        .max()
        .unwrap_or(0);
    for (i, w) in row.iter().enumerate() {
        let number = format!("{w},");
        out.push(format!("        {number:<width$} // {}", name(i)));
    }
    out.push("    ],".to_string());
    out.extend(lines[last + 1..].iter().map(|l| l.to_string()));
    Ok(out.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_one_row_and_keeps_the_rest() {
        let text = include_str!("../eval/weights.rs");
        let row = [7; COUNT];
        let out = replace_row(text, 5, &row, "test").unwrap();
        assert!(out.contains("    // 5x5: test\n    [\n        7, // flats\n"));
        assert_eq!(out.lines().count(), text.lines().count());
        let again = replace_row(&out, 5, &row, "test").unwrap();
        assert_eq!(again, out);
        assert!(replace_row(text, 9, &row, "x").is_err());
    }
}
