//! Drives the real `menhir` binary over stdin/stdout for TEI transcript tests.

#![allow(dead_code)]

pub mod rules_support;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// A running engine process.
pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Engine {
    pub fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_menhir"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the menhir binary starts");
        let stdout = child.stdout.take().expect("piped stdout");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Engine {
            child,
            stdin,
            lines: rx,
        }
    }

    /// Sends raw text (callers add the line ending).
    pub fn send_raw(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin
            .write_all(text.as_bytes())
            .expect("engine reads stdin");
        stdin.flush().expect("flush");
    }

    /// Sends raw bytes, which need not be UTF-8.
    pub fn send_bytes(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("engine reads stdin");
        stdin.flush().expect("flush");
    }

    /// The process's peak resident memory so far, in KiB (Linux's `VmHWM`).
    pub fn peak_rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).ok()?;
        let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// The exit code, if the process exits within `timeout` (and not by a
    /// signal).
    pub fn exit_code_within(&mut self, timeout: Duration) -> Option<i32> {
        self.exit_status_within(timeout)?.code()
    }

    pub fn send(&mut self, line: &str) {
        self.send_raw(&format!("{line}\n"));
    }

    /// Closes stdin (EOF).
    pub fn close(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` after `timeout`.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        self.lines.recv_timeout(timeout).ok()
    }

    /// Lines up to and including the first that starts with `prefix`.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut out = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .next_line(left)
                .unwrap_or_else(|| panic!("no '{prefix}' line within {timeout:?}; got {out:?}"));
            let done = line.starts_with(prefix);
            out.push(line);
            if done {
                return out;
            }
        }
    }

    /// Asserts that nothing is printed for `wait`.
    pub fn silent_for(&mut self, wait: Duration) {
        if let Some(line) = self.next_line(wait) {
            panic!("unexpected output: {line}");
        }
    }

    /// `tei` … `teiok`, returning the block.
    pub fn handshake(&mut self) -> Vec<String> {
        self.send("tei");
        self.until("teiok", Duration::from_secs(5))
    }

    /// Waits for the process to exit, returning whether it did within `timeout`.
    pub fn exits_within(&mut self, timeout: Duration) -> bool {
        self.exit_status_within(timeout).is_some()
    }

    /// How the process exited, if it did within `timeout`.
    fn exit_status_within(&mut self, timeout: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The move of a `bestmove` line.
pub fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("some lines");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 2, "bestmove has exactly two tokens: {last}");
    assert_eq!(words[0], "bestmove");
    words[1].to_string()
}
