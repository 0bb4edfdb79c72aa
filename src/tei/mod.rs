//! TEI (`docs/tei.md`): a reader thread turns input lines into commands and never
//! blocks on a search; the session loop answers commands and prints the search's
//! reports, and is the only writer to the output.

pub mod command;
pub mod format;
pub mod input;
mod refusals;
mod session;

pub use session::{Flow, Session};

use crossbeam_channel::select;
use input::{read_line, Input, MAX_LINE_BYTES};
use std::io::{BufRead, Write};

/// Lines read ahead of the session at most: a client that floods the engine
/// waits for it instead of filling memory (at most this many lines of
/// `MAX_LINE_BYTES`, 16 MiB, wait in the queue).
const LINES_AHEAD: usize = 16;

/// Runs a session until `quit` or the end of `input`.
pub fn run<R, W>(mut input: R, out: W)
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let (lines_tx, lines_rx) = crossbeam_channel::bounded::<Input>(LINES_AHEAD);
    let reader = std::thread::Builder::new()
        .name("tei-reader".into())
        .spawn(move || loop {
            match read_line(&mut input, MAX_LINE_BYTES) {
                Ok(Some(line)) => {
                    if lines_tx.send(line).is_err() {
                        break;
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    log::warn!("input error: {e}; treating it as the end of input");
                    break;
                }
            }
        });
    if let Err(e) = reader {
        log::error!("could not start the input thread: {e}");
        return;
    }
    let mut session = Session::new(out);
    let reports = session.reports();
    loop {
        select! {
            recv(lines_rx) -> line => match line {
                Ok(Input::Line(line)) => {
                    log::debug!("< {line}");
                    if session.handle(command::parse(&line)) == Flow::Quit {
                        return;
                    }
                }
                Ok(bad) => {
                    let reason = bad.error().unwrap_or_default();
                    log::warn!("{reason}");
                    session.say(&format!("info error {reason}"));
                }
                Err(_) => {
                    // EOF: the client is gone. Stop any search and leave.
                    session.handle(command::Command::Quit);
                    return;
                }
            },
            recv(reports) -> report => {
                if let Ok(report) = report {
                    session.on_report(report);
                }
            }
        }
    }
}
