//! Handing control back to a host that runs the search on its only thread (a
//! browser's Web Worker, `web/`): every `every` of search time the search
//! reports `Report::Pause`, and the host's callback may run its event loop —
//! and set the stop flag — before it returns. A pause never changes what is
//! searched: it happens between nodes, and nothing the search reads changes
//! during it but the stop flag.

use super::Report;
use crate::clock::Instant;
use std::time::Duration;

/// How often to pause, and where to report it.
#[derive(Clone, Copy)]
pub struct PauseEvery<'a> {
    /// Search time between two pauses.
    pub every: Duration,
    /// The search's report callback, which receives `Report::Pause`.
    pub report: &'a (dyn Fn(Report) + Sync),
}

/// The pauses of one searcher.
pub struct Pauses<'a> {
    spec: PauseEvery<'a>,
    last: Instant,
}

impl<'a> Pauses<'a> {
    /// Pauses from now on, as `spec` says.
    pub fn start(spec: PauseEvery<'a>) -> Pauses<'a> {
        Pauses {
            spec,
            last: Instant::now(),
        }
    }

    /// Reports a pause when `every` has passed since the last one; true when
    /// it did (the stop flag may have been set meanwhile).
    pub fn tick(&mut self) -> bool {
        if self.last.elapsed() < self.spec.every {
            return false;
        }
        (self.spec.report)(Report::Pause);
        self.last = Instant::now();
        true
    }
}
