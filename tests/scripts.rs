//! Every script of the repository answers `--help` (issue 103): each `*.py` and
//! `*.sh` under `tools/` that is a script, its first line a `#!` (found at test
//! time, so a new script is covered without a line here), and `web/build.sh`, is
//! run with `--help` and must exit 0 and print its usage on stdout; on Unix it
//! must be executable too, since the documents run it as `tools/NAME.py`. The
//! modules of the tools' Python package (`tools/menhirpy/`) have no `#!` line:
//! they are imported, not run, and `tools/tests/python.rs` tests them. Printing
//! the usage is all `--help` may do, so the test builds nothing and writes
//! nothing (Python runs with `-B`, no bytecode cache).

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How long one script may take to print its usage.
const TIMEOUT: Duration = Duration::from_secs(20);

/// The `*.py` and `*.sh` scripts under `dir` (a `#!` first line), recursively,
/// in name order; `node_modules` (tools/gui_check's npm install) is skipped.
fn scripts_under(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            if path.file_name().is_some_and(|name| name != "node_modules") {
                scripts_under(&path, found);
            }
        } else if path
            .extension()
            .is_some_and(|ext| ext == "py" || ext == "sh")
            && is_script(&path)
        {
            found.push(path);
        }
    }
}

/// True when the file starts with `#!`: a script, not a module to import.
fn is_script(path: &Path) -> bool {
    let mut start = [0u8; 2];
    std::fs::File::open(path)
        .and_then(|mut file| file.read_exact(&mut start))
        .is_ok_and(|()| &start == b"#!")
}

/// True when the file may be run as a program (always, off Unix).
fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::metadata(path).is_ok_and(|meta| meta.permissions().mode() & 0o111 != 0)
    }
    #[cfg(not(unix))]
    {
        path.exists()
    }
}

/// Runs `command` with stdin closed, killing it after `TIMEOUT`; returns its
/// exit code (None when killed by a signal), stdout and stderr.
fn run(mut command: Command, what: &str) -> (Option<i32>, String, String) {
    let mut child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
    // Read both pipes on threads, so that a long usage cannot fill a pipe and
    // stall the script while this loop waits for it to exit.
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut stderr = child.stderr.take().expect("piped stderr");
    let out = std::thread::spawn(move || {
        let mut text = String::new();
        stdout.read_to_string(&mut text).map(|_| text)
    });
    let err = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).map(|_| text)
    });
    let start = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("waiting for the script") {
            break status;
        }
        if start.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what} --help still running after {TIMEOUT:?}: killed");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = out.join().expect("stdout reader").expect("stdout as UTF-8");
    let err = err.join().expect("stderr reader").expect("stderr as UTF-8");
    (status.code(), out, err)
}

#[test]
fn every_script_answers_help() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut scripts = Vec::new();
    scripts_under(&root.join("tools"), &mut scripts);
    scripts.push(root.join("web/build.sh"));
    for expected in [
        "tools/gui_check/run.sh",
        "tools/match.sh",
        "tools/ptn_stats.py",
        "tools/sprt_llr.py",
    ] {
        assert!(
            scripts.contains(&root.join(expected)),
            "{expected} not found among the scripts: {scripts:?}"
        );
    }
    assert!(
        !scripts.contains(&root.join("tools/menhirpy/ptn.py")),
        "a module of the Python package is taken for a script"
    );
    let python = Command::new("python3").arg("--version").output();
    assert!(
        python.is_ok_and(|out| out.status.success()),
        "python3 is needed to run the Python scripts' --help (install it)"
    );

    let mut failures = Vec::new();
    for script in &scripts {
        let name = script
            .strip_prefix(root)
            .unwrap_or(script)
            .display()
            .to_string();
        if !is_executable(script) {
            failures.push(format!("{name}: not executable (chmod +x)"));
        }
        for flag in ["--help", "-h"] {
            let mut command = if script.extension().is_some_and(|ext| ext == "py") {
                let mut python = Command::new("python3");
                python.arg("-B");
                python
            } else {
                Command::new("bash")
            };
            command.arg(script).arg(flag).current_dir(root);
            let (code, out, err) = run(command, &name);
            if code != Some(0) {
                failures.push(format!("{name} {flag}: exit {code:?}, stderr: {err}"));
            } else if !out.to_lowercase().contains("usage") {
                failures.push(format!(
                    "{name} {flag}: no usage on stdout: {out:?} (stderr: {err})"
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures over {} scripts, each run with --help and -h:\n{}",
        failures.len(),
        scripts.len(),
        failures.join("\n")
    );
}
