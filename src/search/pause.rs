//! Handing control back to a host that runs the search on its only thread (a
//! browser's Web Worker, `web/`): every `every` of search time the search
//! pauses, and the host may run its event loop — and set the stop flag —
//! before the search goes on. A pause never changes what is searched: it
//! happens between nodes, and nothing the search reads changes during it but
//! the stop flag.
//!
//! Natively a pause is `Report::Pause` through the search's callback. In
//! wasm32 it is a direct call of the page's `menhirPause` (`web/js/driver.js`),
//! which unwinds the stack with Asyncify: Asyncify instruments only the
//! functions that can reach that call by direct calls, and a call through the
//! callback (an indirect call) would make it instrument nearly everything.

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
        pause(self.spec.report);
        self.last = Instant::now();
        true
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn pause(report: &(dyn Fn(Report) + Sync)) {
    report(Report::Pause);
}

#[cfg(target_arch = "wasm32")]
fn pause(_: &(dyn Fn(Report) + Sync)) {
    menhir_pause();
}

#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// The page's pause (`web/js/driver.js`): returns after the worker took
    /// its messages.
    #[wasm_bindgen(js_name = menhirPause)]
    fn menhir_pause();
}
