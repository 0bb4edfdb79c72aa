//! TEI (`docs/tei.md`): a reader thread turns input lines into commands and never
//! blocks on a search; the session loop answers commands and prints the search's
//! reports, and is the only writer to the output.

pub mod command;
pub mod format;
mod session;

pub use session::{Flow, Session};

use crossbeam_channel::select;
use std::io::{BufRead, Write};

/// Runs a session until `quit` or the end of `input`.
pub fn run<R, W>(input: R, out: W)
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let (lines_tx, lines_rx) = crossbeam_channel::unbounded::<String>();
    let reader = std::thread::Builder::new()
        .name("tei-reader".into())
        .spawn(move || {
            for line in input.lines() {
                match line {
                    Ok(l) => {
                        if lines_tx.send(l).is_err() {
                            break;
                        }
                    }
                    Err(e) => {
                        log::warn!("input error: {e}; treating it as the end of input");
                        break;
                    }
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
                Ok(line) => {
                    log::debug!("< {line}");
                    if session.handle(command::parse(&line)) == Flow::Quit {
                        return;
                    }
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
