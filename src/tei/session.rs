//! The TEI session: the state machine of tei.md §2 over typed commands. It owns the
//! engine and the current game, and is the only writer of protocol output.

use super::command::Command;
use super::format::{identification, info_line};
use crate::board::Position;
use crate::engine::{Engine, EngineOptions};
use crate::game::Game;
use crate::notation::{move_to_ptn, parse_tps};
use crate::search::{Limits, Report};
use crossbeam_channel::{Receiver, Sender};
use std::io::Write;

/// Where the session stands on positions.
enum Board {
    /// No `teinewgame` (or an unsupported size) and no TPS yet.
    NoGame,
    /// A valid game.
    Ready(Box<Game>),
    /// The last `position` was rejected, for this reason.
    Invalid(String),
}

/// What the caller should do after a command.
#[derive(PartialEq, Eq, Debug)]
pub enum Flow {
    Continue,
    Quit,
}

/// A TEI session writing to `out`.
pub struct Session<W: Write> {
    out: W,
    engine: Engine,
    size: Option<usize>,
    board: Board,
    reports_tx: Sender<Report>,
    reports_rx: Receiver<Report>,
}

impl<W: Write> Session<W> {
    pub fn new(out: W) -> Session<W> {
        let (reports_tx, reports_rx) = crossbeam_channel::unbounded();
        Session {
            out,
            engine: Engine::new(EngineOptions::default()),
            size: None,
            board: Board::NoGame,
            reports_tx,
            reports_rx,
        }
    }

    /// The channel the search reports on (for the caller's select loop).
    pub fn reports(&self) -> Receiver<Report> {
        self.reports_rx.clone()
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
                self.engine.ensure_hash();
                self.send("readyok");
            }
            Command::Stop => self.finish_search(),
            Command::Quit => {
                self.engine.stop();
                return Flow::Quit;
            }
            Command::SetOption { name, value } => {
                self.finish_search();
                self.set_option(&name, value.as_deref());
            }
            Command::NewGame { size, half_komi } => {
                self.finish_search();
                self.new_game(size, half_komi);
            }
            Command::Position { tps, moves } => {
                self.finish_search();
                self.board = match self.load_position(tps.as_deref(), &moves) {
                    Ok(game) => Board::Ready(Box::new(game)),
                    Err(reason) => {
                        log::warn!("position rejected: {reason}");
                        Board::Invalid(reason)
                    }
                };
            }
            Command::Go(limits) => {
                self.finish_search();
                self.go(limits);
            }
            Command::Unknown(reason) => log::warn!("ignored: {reason}"),
        }
        Flow::Continue
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let number = value.and_then(|v| v.trim().parse::<i64>().ok());
        let in_range = |lo: i64, hi: i64| number.filter(|n| (lo..=hi).contains(n));
        let options = &mut self.engine.options;
        let applied = match name.to_ascii_lowercase().as_str() {
            "halfkomi" => in_range(-10, 10).map(|k| {
                options.half_komi = k as i32;
                if let Board::Ready(game) = &mut self.board {
                    game.set_half_komi(k as i32);
                }
            }),
            "hash" => in_range(1, 65536).map(|m| options.hash_mib = m as usize),
            "threads" => in_range(1, 256).map(|t| options.threads = t as usize),
            "multipv" => in_range(1, 16).map(|k| options.multipv = k as usize),
            _ => {
                log::warn!("setoption: unknown option '{name}' ignored");
                return;
            }
        };
        if applied.is_none() {
            log::warn!("setoption: bad value {value:?} for {name}; keeping the old value");
        }
    }

    fn new_game(&mut self, size: Option<usize>, half_komi: Option<i32>) {
        if let Some(k) = half_komi {
            self.engine.options.half_komi = k.clamp(-10, 10);
        }
        self.engine.ensure_hash();
        self.engine.clear_hash();
        match size.and_then(Position::start) {
            Some(mut pos) => {
                pos.set_half_komi(self.engine.options.half_komi);
                self.size = Some(pos.size());
                self.board = Board::Ready(Box::new(Game::new(pos)));
            }
            None => {
                log::warn!("teinewgame: unsupported or missing size {size:?}; no game");
                self.size = None;
                self.board = Board::NoGame;
            }
        }
    }

    fn load_position(&mut self, tps: Option<&str>, moves: &[String]) -> Result<Game, String> {
        let mut pos = match tps {
            None => {
                let size = self.size.ok_or("position startpos before any teinewgame")?;
                Position::start(size).expect("stored sizes are valid")
            }
            Some(tps) => {
                let pos = parse_tps(tps).map_err(|e| e.to_string())?;
                match self.size {
                    Some(n) if n != pos.size() => {
                        return Err(format!(
                            "TPS is {0}x{0} but the game is {n}x{n}",
                            pos.size()
                        ))
                    }
                    Some(_) => {}
                    None => self.size = Some(pos.size()),
                }
                pos
            }
        };
        pos.set_half_komi(self.engine.options.half_komi);
        let mut game = Game::new(pos);
        for token in moves {
            game.play_ptn(token).map_err(|e| e.to_string())?;
        }
        Ok(game)
    }

    fn go(&mut self, limits: Limits) {
        let game = match &self.board {
            Board::Ready(game) => game.as_ref().clone(),
            Board::NoGame => {
                self.send("info error no game size: send teinewgame <size> first");
                self.send("bestmove --");
                return;
            }
            Board::Invalid(reason) => {
                let line = format!("info error {reason}");
                self.send(&line);
                self.send("bestmove --");
                return;
            }
        };
        let tx = self.reports_tx.clone();
        self.engine.go(&game, limits, tx);
    }
}
