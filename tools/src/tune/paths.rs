//! Where the tuner writes and what it records of where data came from.

use std::path::{Path, PathBuf};

/// The file of board size `size` for `--write target`: `target/s{size}.{ext}`
/// when `target` is a directory (`src/eval/weights`, `src/eval/net_weights`),
/// otherwise `target` itself.
pub fn size_file(target: &Path, size: usize, ext: &str) -> PathBuf {
    if target.is_dir() {
        target.join(format!("s{size}.{ext}"))
    } else {
        target.to_path_buf()
    }
}

/// The file name alone: a weights file should not record where data lived.
pub fn file_name(p: &Path) -> String {
    p.file_name()
        .unwrap_or(p.as_os_str())
        .to_string_lossy()
        .into_owned()
}

/// The file names of `paths`, separated by spaces, for a provenance note.
pub fn file_names(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| file_name(p))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_directory_names_the_size_file() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../src/eval/weights");
        assert_eq!(size_file(&dir, 6, "rs"), dir.join("s6.rs"));
        let file = dir.join("s4.rs");
        assert_eq!(size_file(&file, 6, "rs"), file);
        let data = [PathBuf::from("/data/a.tsv"), PathBuf::from("b.tsv")];
        assert_eq!(file_names(&data), "a.tsv b.tsv");
    }
}
