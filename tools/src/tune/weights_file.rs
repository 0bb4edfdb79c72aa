//! Writing fitted weights back into `src/eval/weights/`: the row of one board
//! size (in its file `s{size}.rs`) is replaced in place, every other line is kept.

use std::path::{Path, PathBuf};

use menhir::eval::tuning::{feature_name as name, FEATURES as COUNT};

/// The file that holds `size`'s row: `target` itself, or `target/s{size}.rs`
/// when `target` is the weights directory.
pub fn row_file(target: &Path, size: usize) -> PathBuf {
    if target.is_dir() {
        target.join(format!("s{size}.rs"))
    } else {
        target.to_path_buf()
    }
}

/// `text` (a row file) with the row for `size` replaced by `row`: the comment
/// `// {size}x{size}: {note}`, the line that opens the array as it was, one line
/// per weight, and `];`.
pub fn replace_row(
    text: &str,
    size: usize,
    row: &[i32; COUNT],
    note: &str,
) -> Result<String, String> {
    let head = format!("// {size}x{size}:");
    let lines: Vec<&str> = text.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with(&head))
        .ok_or_else(|| format!("no '{head}' row in the weights file"))?;
    let open = lines
        .get(first + 1)
        .filter(|l| l.trim_end().ends_with('['))
        .ok_or_else(|| format!("the {size}x{size} row does not open with '['"))?;
    let last = lines[first..]
        .iter()
        .position(|l| l.trim() == "];")
        .map(|i| first + i)
        .ok_or_else(|| format!("the {size}x{size} row is not closed by '];'"))?;
    let mut out: Vec<String> = lines[..first].iter().map(|l| l.to_string()).collect();
    out.push(format!("{head} {note}"));
    out.push(open.to_string());
    // Trailing comments aligned one space after the widest number, as rustfmt
    // leaves them.
    let width = row
        .iter()
        .map(|w| w.to_string().len() + 1)
        .max()
        .unwrap_or(0);
    for (i, w) in row.iter().enumerate() {
        let number = format!("{w},");
        out.push(format!("    {number:<width$} // {}", name(i)));
    }
    out.push("];".to_string());
    out.extend(lines[last + 1..].iter().map(|l| l.to_string()));
    Ok(out.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_one_row_and_keeps_the_rest() {
        let text = include_str!("../../../src/eval/weights/s5.rs");
        let row = [7; COUNT];
        let out = replace_row(text, 5, &row, "test").unwrap();
        assert!(out.contains("// 5x5: test\npub const ROW: [i32; COUNT] = [\n    7, // flats\n"));
        assert!(out.ends_with("    7, // cap_at_3_3_end\n];\n"));
        assert_eq!(out.lines().count(), text.lines().count());
        let again = replace_row(&out, 5, &row, "test").unwrap();
        assert_eq!(again, out);
        assert!(replace_row(text, 9, &row, "x").is_err());
        assert!(replace_row(text, 6, &row, "x").is_err());
    }

    #[test]
    fn a_directory_names_the_size_file() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src/eval/weights");
        assert_eq!(row_file(&dir, 6), dir.join("s6.rs"));
        let file = dir.join("s4.rs");
        assert_eq!(row_file(&file, 6), file);
    }
}
