//! The TEI session: the state machine of `docs/tei.md` over typed commands. It
//! turns commands into calls on the `Engine` (which owns the options, the game
//! and the search) and is the only writer of protocol output.

use super::command::Command;
use super::format::{identification, info_line};
use crate::engine::{Engine, EngineOptions, OptionError};
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
        }
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
        match command {
            Command::Empty => {}
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
            Command::Stop => self.finish_search(),
            Command::Quit => {
                self.engine.stop();
                self.engine.wait();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => {
                self.finish_search();
                match self.engine.set_option(&name, value.as_deref()) {
                    Ok(()) => {}
                    Err(e @ OptionError::Unknown(_)) => log::warn!("setoption: {e}; ignored"),
                    Err(e) => log::warn!("setoption: {e}; keeping the old value"),
                }
            }
            Command::NewGame { size, half_komi } => {
                self.finish_search();
                if let Err(e) = self.engine.new_game(size, half_komi) {
                    log::warn!("teinewgame: {e}; no game");
                }
            }
            Command::Position { tps, moves } => {
                self.finish_search();
                if let Err(reason) = self.engine.set_position(tps.as_deref(), &moves) {
                    log::warn!("position rejected: {reason}");
                }
            }
            Command::BadPosition(reason) => {
                self.finish_search();
                log::warn!("position rejected: {reason}");
                self.engine.refuse_position(reason);
            }
            Command::Go(limits) => {
                self.finish_search();
                self.go(limits);
            }
            Command::Unknown(reason) => log::warn!("ignored: {reason}"),
        }
        Flow::Continue
    }

    fn go(&mut self, limits: Limits) {
        let tx = self.reports_tx.clone();
        if let Err(reason) = self.engine.go(limits, tx) {
            self.send(&format!("info error {reason}"));
            self.send("bestmove --");
        }
    }
}
