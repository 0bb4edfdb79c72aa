//! A progress bar for long tuner runs: drawn in place on a terminal, logged every
//! tenth of the way otherwise.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// Counts finished units of work out of a known total; safe to share between
/// threads.
pub struct Progress {
    label: String,
    total: usize,
    done: AtomicUsize,
    start: Instant,
    terminal: bool,
}

impl Progress {
    /// A bar labelled `label` for `total` steps.
    pub fn new(label: &str, total: usize) -> Progress {
        Progress {
            label: label.to_string(),
            total: total.max(1),
            done: AtomicUsize::new(0),
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Marks one more unit done and redraws.
    pub fn tick(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        let tenth = (self.total / 10).max(1);
        if self.terminal {
            let width = 30;
            let filled = width * done.min(self.total) / self.total;
            let elapsed = self.start.elapsed().as_secs_f64();
            let eta = elapsed / done as f64 * (self.total.saturating_sub(done)) as f64;
            let bar = format!("{}{}", "#".repeat(filled), "-".repeat(width - filled));
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r{} [{bar}] {done}/{} {elapsed:.0}s eta {eta:.0}s ",
                self.label, self.total
            );
            if done >= self.total {
                let _ = writeln!(err);
            }
        } else if done.is_multiple_of(tenth) || done == self.total {
            log::info!("{}: {done}/{}", self.label, self.total);
        }
    }
}
