//! The engine facade, the one door to searching: it owns the options, the game
//! being analysed (position history included, for repetitions), the
//! transposition table and the running search. `go` searches on a thread of its
//! own and sends `Report`s over a channel; `think` searches on the caller's
//! thread and returns what it found. The TEI session, `analyze`, `bench`,
//! `tactics` and the tools all search through it. Nothing here prints.

mod carrier;
mod error;
mod memory;
mod options;
mod run;

pub use error::{Cut, EngineError};
pub use options::{
    find as find_option, is_piece_count, EngineOptions, OptionError, OptionSpec, PieceCounts,
    HALF_KOMI, OPTIONS,
};

use crate::board::{Move, Position, Reserves};
use crate::clock::Instant;
use crate::game::Game;
use crate::notation::{parse_tps_with, PlayPtn};
use crate::search::{Limits, Report, SearchInfo, SearchParams, TranspositionTable};
use carrier::{Carrier, LastReadSlot};
use crossbeam_channel::Sender;
use memory::available_mib;
use run::{prove_again, run};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Where the engine stands on positions.
#[derive(Clone, Debug)]
enum Board {
    /// No game started and no position given yet.
    NoGame,
    /// A game to search.
    Ready(Box<Game>),
    /// The last position was refused, for this reason.
    Invalid(EngineError),
}

struct Running {
    stop: Arc<AtomicBool>,
    /// The search's thread; `None` for a `Job` its host runs.
    handle: Option<JoinHandle<()>>,
}

/// What the host the engine runs in can give it. Natively: every thread and
/// all the memory asked for. In a browser (`web/`): one thread, a wasm32
/// address space, and a search that pauses for the page's messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Host {
    /// The most search threads (`Threads` above it is cut to it).
    pub max_threads: usize,
    /// The largest table, MiB (`Hash` above it is cut to it).
    pub max_hash_mib: usize,
    /// Searches report `Report::Pause` this often (`search::pause`).
    pub pause_every: Option<Duration>,
}

impl Default for Host {
    fn default() -> Host {
        Host {
            max_threads: usize::MAX,
            max_hash_mib: usize::MAX,
            pause_every: None,
        }
    }
}

/// A search ready to run, taken from `Engine::start`: `go` runs it on a
/// thread of its own; a host with one thread (`web/`) runs it itself.
pub struct Job {
    game: Game,
    params: SearchParams,
    solver_mib: usize,
    tt: Arc<TranspositionTable>,
    stop: Arc<AtomicBool>,
    carrier: Carrier,
}

impl Job {
    /// The board size of the position to search.
    pub fn size(&self) -> usize {
        self.game.position().size()
    }

    /// Searches, reporting to `report` and ending with exactly one
    /// `Report::BestMove`; returns the move.
    pub fn run(self, report: &(dyn Fn(Report) + Sync)) -> Option<Move> {
        let carried = |r: Report| report(self.carrier.adjust(r));
        let proven_before = self.carrier.proven_before();
        // `go solved` proves by itself; an infinite search may not answer
        // before `stop`, so it searches as usual.
        let limits = &self.params.limits;
        let may_prove = !limits.solved && !limits.is_infinite();
        if let Some(plies) = proven_before.filter(|_| may_prove) {
            let again = prove_again(
                &self.game,
                &self.params,
                plies,
                self.solver_mib,
                &self.stop,
                &carried,
            );
            if again.is_some() {
                self.carrier.keep();
                return again;
            }
        }
        let best = run(
            &self.game,
            &self.params,
            self.solver_mib,
            &self.tt,
            &self.stop,
            &carried,
        );
        self.carrier.keep();
        best
    }
}

/// What a one-shot `think` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Thought {
    /// The move to play; `None` when the position has no legal move.
    pub best: Option<Move>,
    /// The closing summary line (its `pv` starts with `best`), when there was a
    /// search.
    pub summary: Option<SearchInfo>,
}

/// Options, the game, the hash table and the search in progress. Dropping it
/// stops and joins the search.
pub struct Engine {
    options: EngineOptions,
    /// The board size of the current game, if one was started or loaded.
    size: Option<usize>,
    board: Board,
    tt: Option<Arc<TranspositionTable>>,
    /// The `Hash` value the table was allocated for (it may be smaller).
    tt_requested: usize,
    running: Option<Running>,
    /// The piece counts set before the first `teinewgame`, which every later
    /// `teinewgame` restores; `None` until the first one.
    session_pieces: Option<PieceCounts>,
    /// What the host gives the engine.
    host: Host,
    /// The last position searched and what its search read, carried to a
    /// search of the next position (`eval::carry`).
    last_read: LastReadSlot,
    /// Whether searches carry `last_read` (`set_carrying`).
    carrying: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(EngineOptions::default())
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

impl Engine {
    /// An engine with these options and no game.
    pub fn new(options: EngineOptions) -> Engine {
        Engine {
            options,
            size: None,
            board: Board::NoGame,
            tt: None,
            tt_requested: 0,
            running: None,
            session_pieces: None,
            host: Host::default(),
            last_read: LastReadSlot::default(),
            carrying: true,
        }
    }

    /// Whether a search of the position after the one searched last carries
    /// that one's read and proof (`eval::carry`, `run::prove_again`): on by
    /// default, for a GUI analysing a game; off for self-play that searches
    /// both sides' moves with one engine, whose play and records must not
    /// depend on the move before.
    pub fn set_carrying(&mut self, on: bool) {
        self.carrying = on;
    }

    /// Forgets the last position searched: the next search carries nothing.
    fn forget_last_read(&mut self) {
        *self
            .last_read
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = None;
    }

    /// Runs within what `host` gives (the browser build's limits).
    pub fn set_host(&mut self, host: Host) {
        self.host = host;
        self.options.threads = self.options.threads.min(host.max_threads);
    }

    /// The current option values.
    pub fn options(&self) -> &EngineOptions {
        &self.options
    }

    /// Sets a declared option from its TEI text (see `OPTIONS`). A new half-komi
    /// also applies to the current game; new piece counts restart a game still at
    /// its start, and otherwise take effect from the next `position`. Stops
    /// nothing: callers set options between searches.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), OptionError> {
        self.set_option_noted(name, value).map(|_| ())
    }

    /// `set_option`, with a note for the user when the host cut the value
    /// (`Threads` above what it can run).
    pub fn set_option_noted(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<Option<Cut>, OptionError> {
        let before = self.options.pieces;
        let spec = self.options.set(name, value)?;
        if spec.name == HALF_KOMI.name {
            let k = self.options.half_komi;
            if let Board::Ready(game) = &mut self.board {
                game.set_half_komi(k);
            }
        }
        if is_piece_count(spec) && self.options.pieces != before {
            self.pieces_changed();
        }
        let most = self.host.max_threads;
        if spec.name == "Threads" && self.options.threads > most {
            let asked = self.options.threads;
            self.options.threads = most;
            return Ok(Some(Cut::Threads { asked, most }));
        }
        Ok(None)
    }

    /// The reserves a game of size `n` starts with under the current options.
    pub fn reserves(&self, n: usize) -> Option<Reserves> {
        self.options.pieces.reserves(n)
    }

    /// After a change of piece counts: a game still at its empty start (the one
    /// `teinewgame` set up) starts again with them; a position given before them
    /// is refused until the next `position`.
    fn pieces_changed(&mut self) {
        self.wait();
        self.clear_hash();
        let Board::Ready(game) = &self.board else {
            return;
        };
        let at_start = game.moves().is_empty() && game.position().occupied().is_empty();
        let fresh = self
            .size
            .and_then(|n| Position::start_with(n, self.reserves(n)?));
        match fresh {
            Some(mut pos) if at_start && game.position().ply() == 0 => {
                pos.set_half_komi(self.options.half_komi);
                self.board = Board::Ready(Box::new(Game::new(pos)));
            }
            _ => self.board = Board::Invalid(EngineError::PiecesChanged),
        }
    }

    /// Starts a game of `size` (and half-komi, when given, clamped to the
    /// option's range) and clears the table. An unsupported size leaves no game.
    /// The piece counts go back to those set before the first `teinewgame`
    /// (`docs/tei.md` §5): counts set after a `teinewgame` hold for that game only.
    pub fn new_game(
        &mut self,
        size: Option<usize>,
        half_komi: Option<i32>,
    ) -> Result<(), EngineError> {
        self.wait();
        if let Some(k) = half_komi {
            self.options.half_komi = k.clamp(HALF_KOMI.min as i32, HALF_KOMI.max as i32);
        }
        match self.session_pieces {
            Some(pieces) => self.options.pieces = pieces,
            None => self.session_pieces = Some(self.options.pieces),
        }
        let _ = self.ensure_hash();
        self.clear_hash();
        self.forget_last_read();
        let start = size.and_then(|n| Position::start_with(n, self.reserves(n)?));
        match start {
            Some(mut pos) => {
                pos.set_half_komi(self.options.half_komi);
                self.size = Some(pos.size());
                self.board = Board::Ready(Box::new(Game::new(pos)));
                Ok(())
            }
            None => {
                self.size = None;
                self.board = Board::NoGame;
                Err(EngineError::UnsupportedSize(size))
            }
        }
    }

    /// Sets the position to search: the start position of the current game
    /// (`tps` None) or a TPS, then the PTN plies of `moves`, with the half-komi
    /// option. On an error the engine remembers the reason, and `go` answers
    /// with it until a good position arrives.
    pub fn set_position(&mut self, tps: Option<&str>, moves: &[String]) -> Result<(), EngineError> {
        self.wait();
        match self.load(tps, moves) {
            Ok(game) => {
                self.board = Board::Ready(Box::new(game));
                Ok(())
            }
            Err(reason) => {
                self.board = Board::Invalid(reason.clone());
                Err(reason)
            }
        }
    }

    fn load(&mut self, tps: Option<&str>, moves: &[String]) -> Result<Game, EngineError> {
        let mut pos = match tps {
            None => {
                let size = self.size.ok_or(EngineError::StartBeforeGame)?;
                self.reserves(size)
                    .and_then(|reserves| Position::start_with(size, reserves))
                    .ok_or(EngineError::NoStartPosition)?
            }
            Some(tps) => {
                let pieces = self.options.pieces;
                let reserves = |n: usize| {
                    pieces
                        .reserves(n)
                        .or_else(|| Reserves::standard(n))
                        .expect("the TPS reader asks for supported sizes")
                };
                let pos = parse_tps_with(tps, &reserves).map_err(EngineError::Tps)?;
                match self.size {
                    Some(game) if game != pos.size() => {
                        return Err(EngineError::SizeMismatch {
                            tps: pos.size(),
                            game,
                        })
                    }
                    Some(_) => {}
                    None => self.size = Some(pos.size()),
                }
                pos
            }
        };
        pos.set_half_komi(self.options.half_komi);
        let mut game = Game::new(pos);
        for token in moves {
            game.play_ptn(token).map_err(EngineError::Ply)?;
        }
        Ok(game)
    }

    /// Holds no position, for `reason` (a position line that could not be
    /// read): `go` answers with the reason until a good position arrives.
    pub fn refuse_position(&mut self, reason: String) {
        self.wait();
        self.board = Board::Invalid(EngineError::Unreadable(reason));
    }

    /// Sets the game to search as it is (its half-komi included).
    pub fn set_game(&mut self, game: Game) {
        self.wait();
        self.size = Some(game.position().size());
        self.board = Board::Ready(Box::new(game));
    }

    /// The game being analysed, if the last position was good.
    pub fn game(&self) -> Option<&Game> {
        match &self.board {
            Board::Ready(game) => Some(game),
            _ => None,
        }
    }

    /// The game to search, or the reason there is none.
    fn searchable(&self) -> Result<Game, EngineError> {
        match &self.board {
            Board::Ready(game) => Ok(game.as_ref().clone()),
            Board::NoGame => Err(EngineError::NoGame),
            Board::Invalid(reason) => Err(reason.clone()),
        }
    }

    /// Allocates the table at the size of the `Hash` option if it differs (the
    /// memory is taken lazily, so this is quick at any size). Only while idle.
    /// Returns a note for the user when the table had to be made smaller than
    /// asked: more than half of the free memory is not taken.
    pub fn ensure_hash(&mut self) -> Option<Cut> {
        if self.running.is_some() {
            return None;
        }
        let want = self.options.hash_mib.max(1);
        if self.tt.is_some() && self.tt_requested == want {
            return None;
        }
        self.tt = None;
        let mut size = want;
        let mut note = None;
        if size > self.host.max_hash_mib {
            size = self.host.max_hash_mib;
            note = Some(Cut::HashAddressable {
                asked: want,
                used: size,
            });
        }
        if let Some(cap) = available_mib().map(|m| (m / 2).max(1)) {
            if size > cap {
                note = Some(Cut::HashFreeMemory {
                    asked: want,
                    used: cap,
                });
                size = cap;
            }
        }
        let tt = TranspositionTable::new(size);
        if tt.mib() < size {
            note = Some(Cut::HashAllocation {
                tried: size,
                used: tt.mib(),
            });
        }
        if let Some(n) = &note {
            log::warn!("{n}");
        }
        self.tt = Some(Arc::new(tt));
        self.tt_requested = want;
        note
    }

    /// Empties the table (a new game). While idle the engine holds the only
    /// handle, and the table is swapped for fresh zeroed memory at once.
    pub fn clear_hash(&mut self) {
        if let Some(tt) = &mut self.tt {
            match Arc::get_mut(tt) {
                Some(table) => table.reset(),
                None => tt.clear(),
            }
        }
    }

    /// True while a search runs (its `BestMove` may not have been sent yet).
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    fn params(&self, limits: Limits) -> SearchParams {
        SearchParams {
            limits,
            threads: self.options.threads.max(1),
            multipv: self.options.multipv.max(1),
            contempt: self.options.contempt,
            start: Instant::now(),
            pause_every: self.host.pause_every,
        }
    }

    /// Prepares a search of the current position within `limits`, to be run
    /// by the caller (`Job::run`); the engine counts as searching until the
    /// job's `BestMove` is handled (`wait`). Without a game to search, returns
    /// the reason.
    pub fn start(&mut self, limits: Limits) -> Result<Job, EngineError> {
        self.wait();
        let game = self.searchable()?;
        let _ = self.ensure_hash();
        let stop = Arc::new(AtomicBool::new(false));
        self.running = Some(Running {
            stop: Arc::clone(&stop),
            handle: None,
        });
        if !self.carrying {
            self.forget_last_read();
        }
        Ok(Job {
            carrier: Carrier::new(game.position(), &self.last_read),
            game,
            params: self.params(limits),
            solver_mib: self.options.hash_mib.min(self.host.max_hash_mib),
            tt: Arc::clone(self.tt.as_ref().expect("ensure_hash allocated it")),
            stop,
        })
    }

    /// Starts searching the current position on a thread of its own; reports go
    /// to `reports`, ending with exactly one `Report::BestMove`. Without a game
    /// to search, sends nothing and returns the reason.
    pub fn go(&mut self, limits: Limits, reports: Sender<Report>) -> Result<(), EngineError> {
        let job = self.start(limits)?;
        let spawned = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                job.run(&|r: Report| {
                    let _ = reports.send(r);
                });
            });
        match spawned {
            Ok(handle) => {
                if let Some(r) = &mut self.running {
                    r.handle = Some(handle);
                }
                Ok(())
            }
            Err(e) => {
                self.running = None;
                Err(EngineError::Thread(e.to_string()))
            }
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
        let handle = self.running.take().and_then(|r| r.handle);
        if handle.is_some_and(|h| h.join().is_err()) {
            log::error!("the search thread panicked");
        }
    }

    /// Searches the current position on the calling thread within `limits`
    /// (which must end by themselves: a depth, nodes or a time), passing every
    /// report to `on_report`, and returns the move and the closing summary.
    pub fn think(
        &mut self,
        limits: Limits,
        on_report: &(dyn Fn(Report) + Sync),
    ) -> Result<Thought, EngineError> {
        let job = self.start(limits)?;
        let summary = Mutex::new(None);
        let report = |r: Report| {
            if let Report::Info(info) = &r {
                if info.multipv.is_none() {
                    *summary
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(info.clone());
                }
            }
            on_report(r);
        };
        let best = job.run(&report);
        self.wait();
        Ok(Thought {
            best,
            summary: summary
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        })
    }
}
