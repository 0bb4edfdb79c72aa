//! What the tools' integration tests share.

use std::path::PathBuf;

/// The engine's binary, which the workspace's `cargo test` builds beside this
/// crate's own.
pub fn menhir_binary() -> PathBuf {
    let tools = std::path::Path::new(env!("CARGO_BIN_EXE_menhir-tools"));
    let path = tools.with_file_name(format!("menhir{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: run the tests from the workspace root, which builds the engine too",
        path.display()
    );
    path
}
