//! The engine facade: owns the options, the transposition table and the running
//! search. `go` starts a search on its own thread, which sends `Report`s over a
//! channel; `stop` asks it to finish and `wait` joins it. Nothing here prints.

use crate::game::Game;
use crate::search::{self, Limits, Report, SearchParams, TranspositionTable};
use crossbeam_channel::Sender;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Instant;

/// The settable options (tei.md §5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Ranked root lines to report.
    pub multipv: usize,
    /// Half-komi K (komi = K/2 flats for Black).
    pub half_komi: i32,
}

impl Default for EngineOptions {
    fn default() -> Self {
        EngineOptions {
            hash_mib: 64,
            threads: 1,
            multipv: 1,
            half_komi: 0,
        }
    }
}

/// Memory available for new allocations, in MiB (Linux; `None` elsewhere).
fn available_mib() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<()>,
}

/// Options, hash table and the search in progress.
#[derive(Default)]
pub struct Engine {
    pub options: EngineOptions,
    tt: Option<Arc<TranspositionTable>>,
    /// The `Hash` value the table was allocated for (it may be smaller).
    tt_requested: usize,
    running: Option<Running>,
}

impl Engine {
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            options,
            tt: None,
            tt_requested: 0,
            running: None,
        }
    }

    /// Allocates the table at the size of the `Hash` option if it differs. Only
    /// while idle.
    pub fn ensure_hash(&mut self) {
        if self.running.is_some() {
            return;
        }
        let want = self.options.hash_mib.max(1);
        if self.tt.is_none() || self.tt_requested != want {
            self.tt = None;
            let mut size = want;
            if let Some(cap) = available_mib().map(|m| (m / 4).max(1)) {
                if size > cap {
                    log::warn!("Hash {want} MiB is more than a quarter of the free memory; using {cap} MiB");
                    size = cap;
                }
            }
            self.tt = Some(Arc::new(TranspositionTable::new(size)));
            self.tt_requested = want;
        }
    }

    /// Empties the table (a new game).
    pub fn clear_hash(&mut self) {
        if let Some(tt) = &self.tt {
            tt.clear();
        }
    }

    /// True while a search runs (its `BestMove` may not have been sent yet).
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Starts searching the current position of `game`; reports go to `reports`,
    /// ending with exactly one `Report::BestMove`.
    pub fn go(&mut self, game: &Game, limits: Limits, reports: Sender<Report>) {
        self.wait();
        self.ensure_hash();
        let tt = Arc::clone(self.tt.as_ref().expect("ensure_hash allocated it"));
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let pos = game.position().clone();
        let history = game.repetition_history().to_vec();
        let params = SearchParams {
            limits,
            threads: self.options.threads.max(1),
            multipv: self.options.multipv.max(1),
            start: Instant::now(),
        };
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                let report = |r: Report| {
                    let _ = reports.send(r);
                };
                let run = || search::search(&pos, &history, &params, &tt, &flag, &report);
                // A bug in the search must not leave the client without a move.
                if std::panic::catch_unwind(std::panic::AssertUnwindSafe(run)).is_err() {
                    log::error!("the search panicked; answering a legal move");
                    let mut moves = crate::movegen::MoveList::new();
                    pos.legal_moves(&mut moves);
                    report(Report::BestMove(moves.first().copied()));
                }
            });
        match spawned {
            Ok(handle) => self.running = Some(Running { stop, handle }),
            Err(e) => log::error!("could not start the search thread: {e}"),
        }
    }

    /// Asks the running search to stop; its `BestMove` follows on the channel.
    pub fn stop(&self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Waits for the running search thread to end.
    pub fn wait(&mut self) {
        if let Some(r) = self.running.take() {
            if r.handle.join().is_err() {
                log::error!("the search thread panicked");
            }
        }
    }
}
