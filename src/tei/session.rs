//! The TEI session: the state machine of `docs/tei.md` over typed commands. It
//! turns commands into calls on the `Engine` (which owns the options, the game
//! and the search) and is the only writer of protocol output.

use super::command::Command;
use super::format::{identification, info_line};
use crate::engine::{Engine, EngineOptions, Host, Job, OptionError};
use crate::notation::move_to_ptn;
use crate::search::{Limits, Report};
use crossbeam_channel::{Receiver, Sender};
use std::io::Write;

/// What the caller should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    /// Read the next command.
    Continue,
    /// The client said `quit`: the search has been stopped and joined.
    Quit,
}

/// A TEI session writing to `out`.
pub struct Session<W: Write> {
    out: W,
    engine: Engine,
    reports_tx: Sender<Report>,
    reports_rx: Receiver<Report>,
    /// A host with one thread (`web/`) runs the searches itself: `go` leaves
    /// its job here (`take_job`) instead of starting a thread.
    hosted: bool,
    job: Option<Job>,
}

impl<W: Write> Session<W> {
    /// A session with a fresh engine at the default options.
    pub fn new(out: W) -> Session<W> {
        let (reports_tx, reports_rx) = crossbeam_channel::unbounded();
        Session {
            out,
            engine: Engine::new(EngineOptions::default()),
            reports_tx,
            reports_rx,
            hosted: false,
            job: None,
        }
    }

    /// A session for a host that runs every search itself, on its one thread,
    /// within `host`'s limits: after a `go`, the host takes the search with
    /// `take_job`, runs it, and passes its reports to `on_report`.
    pub fn hosted(out: W, host: Host) -> Session<W> {
        let mut session = Session::new(out);
        session.engine.set_host(host);
        session.hosted = true;
        session
    }

    /// The search the last `go` prepared, for a hosted session.
    pub fn take_job(&mut self) -> Option<Job> {
        self.job.take()
    }

    /// True while a search runs (until its `bestmove` is printed).
    pub fn is_searching(&self) -> bool {
        self.engine.is_searching()
    }

    /// Asks the running search to stop, without waiting for it: its
    /// `bestmove` follows through `on_report`.
    pub fn interrupt(&self) {
        self.engine.stop();
    }

    /// The channel the search reports on (for the caller's select loop).
    pub fn reports(&self) -> Receiver<Report> {
        self.reports_rx.clone()
    }

    /// Writes one line of protocol output (say, an `info string` from the
    /// transport), between the lines of the session.
    pub fn say(&mut self, line: &str) {
        self.send(line);
    }

    fn send(&mut self, line: &str) {
        // A closed stdout means the client is gone; the reader will see EOF.
        let _ = writeln!(self.out, "{line}");
        let _ = self.out.flush();
    }

    /// Prints one search report; a `BestMove` ends the search.
    pub fn on_report(&mut self, report: Report) {
        match report {
            Report::Info(info) => self.send(&info_line(&info)),
            Report::Note(text) => self.send(&format!("info string {text}")),
            Report::Pause => {}
            Report::BestMove(mv) => {
                let text = mv.map_or_else(|| "--".to_string(), move_to_ptn);
                self.send(&format!("bestmove {text}"));
                self.engine.wait();
            }
        }
    }

    /// Stops a running search and prints everything it reports up to `bestmove`.
    fn finish_search(&mut self) {
        if !self.engine.is_searching() {
            return;
        }
        self.engine.stop();
        if self.hosted {
            // The host runs the search and prints its `bestmove`; it never
            // hands a command over while one runs, so this is only a guard.
            return;
        }
        while let Ok(report) = self.reports_rx.recv() {
            let done = matches!(report, Report::BestMove(_));
            self.on_report(report);
            if done {
                break;
            }
        }
    }

    /// Handles one command.
    pub fn handle(&mut self, command: Command) -> Flow {
        if command.ends_search() && command != Command::Quit {
            self.finish_search();
        }
        match command {
            // `stop` ended the search above; an empty line asks for nothing.
            Command::Empty | Command::Stop => {}
            Command::Tei => {
                for line in identification() {
                    self.send(&line);
                }
                self.send("teiok");
            }
            Command::IsReady => {
                if let Some(note) = self.engine.ensure_hash() {
                    self.send(&format!("info string {note}"));
                }
                self.send("readyok");
            }
            Command::Quit => {
                self.engine.stop();
                self.engine.wait();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => {
                match self.engine.set_option_noted(&name, value.as_deref()) {
                    Ok(None) => {}
                    Ok(Some(note)) => self.send(&format!("info string {note}")),
                    Err(e @ OptionError::Unknown(_)) => log::warn!("setoption: {e}; ignored"),
                    Err(e) => log::warn!("setoption: {e}; keeping the old value"),
                }
            }
            Command::NewGame { size, half_komi } => {
                if let Err(e) = self.engine.new_game(size, half_komi) {
                    log::warn!("teinewgame: {e}; no game");
                }
            }
            Command::Position { tps, moves } => {
                if let Err(reason) = self.engine.set_position(tps.as_deref(), &moves) {
                    log::warn!("position rejected: {reason}");
                }
            }
            Command::BadPosition(reason) => {
                log::warn!("position rejected: {reason}");
                self.engine.refuse_position(reason);
            }
            Command::Go(limits) => self.go(limits),
            Command::Unknown(reason) => log::warn!("ignored: {reason}"),
        }
        Flow::Continue
    }

    fn go(&mut self, limits: Limits) {
        let started = if self.hosted {
            self.engine.start(limits).map(|job| self.job = Some(job))
        } else {
            let tx = self.reports_tx.clone();
            self.engine.go(limits, tx)
        };
        if let Err(reason) = started {
            self.send(&format!("info error {reason}"));
            self.send("bestmove --");
        }
    }
}
