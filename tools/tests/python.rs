//! The tools' Python package (`tools/menhirpy/`: the PTN reader, the TEI client
//! and the SPRT) passes its own tests: `python3 -B -m unittest discover` over
//! `tools/menhirpy/tests`, with `MENHIR_BIN` naming the engine binary so that the
//! TEI client's tests drive the real engine rather than being skipped.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The engine's binary beside this crate's own (the workspace's `cargo test`
/// builds both); built here when a run of this crate alone did not.
fn engine_binary() -> PathBuf {
    let tools = Path::new(env!("CARGO_BIN_EXE_menhir-tools"));
    let path = tools.with_file_name(format!("menhir{}", std::env::consts::EXE_SUFFIX));
    if !path.exists() {
        let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let mut cargo = Command::new(env!("CARGO"));
        cargo
            .args(["build", "-p", "menhir", "--bin", "menhir"])
            .current_dir(workspace);
        if tools.parent().is_some_and(|dir| dir.ends_with("release")) {
            cargo.arg("--release");
        }
        let status = cargo.status().expect("cargo runs");
        assert!(status.success(), "cargo build of the engine failed");
    }
    assert!(path.exists(), "{} is missing after a build", path.display());
    path
}

#[test]
fn the_python_package_passes_its_tests() {
    let tools = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg("-B")
        .args(["-m", "unittest", "discover", "-s"])
        .arg(tools.join("menhirpy").join("tests"))
        .arg("-t")
        .arg(tools)
        .env("MENHIR_BIN", engine_binary())
        .current_dir(tools)
        .output()
        .expect("python3 runs (CI installs it)");
    let report = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "the Python tests failed:\n{report}");
    assert!(
        report.contains("\nOK") && !report.contains("skipped"),
        "every Python test should run and pass:\n{report}"
    );
}
