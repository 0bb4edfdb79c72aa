//! One WebSocket connection: a TEI session with an engine of its own, exactly as
//! over stdin/stdout. Text messages in (one message may hold several lines), one
//! text message out per output line. The loop polls: it reads with a short
//! timeout, then passes on the search's reports and sends the lines they made.

use crate::tei::command::{self, Command};
use crate::tei::{Flow, Session};
use crossbeam_channel::{Receiver, Sender};
use std::io::{self, Read, Write};
use std::net::TcpStream;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tungstenite::error::{CapacityError, Error as WsError};
use tungstenite::protocol::frame::coding::CloseCode;
use tungstenite::protocol::CloseFrame;
use tungstenite::{Message, WebSocket};

/// How long one read waits before the loop looks at the search's reports.
pub(crate) const POLL: Duration = Duration::from_millis(10);

/// The session's output: bytes in, one `String` per complete line out.
struct LineWriter {
    lines: Sender<String>,
    partial: Vec<u8>,
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.partial.extend_from_slice(buf);
        while let Some(end) = self.partial.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.partial.drain(..=end).collect();
            let text = String::from_utf8_lossy(&line[..end]).trim_end().to_string();
            // The receiver lives as long as the connection loop.
            let _ = self.lines.send(text);
        }
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Why a connection ended, for the log.
#[derive(Debug)]
pub(crate) enum End {
    /// The client said `quit`.
    Quit,
    /// The client closed the connection, or it broke.
    Gone(String),
    /// The client broke a rule of the transport; closed with this code.
    Refused(CloseCode, String),
    /// The server is shutting down.
    Shutdown,
}

impl std::fmt::Display for End {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            End::Quit => write!(f, "quit"),
            End::Gone(why) => write!(f, "the client is gone ({why})"),
            End::Refused(code, why) => write!(f, "closed with code {code}: {why}"),
            End::Shutdown => write!(f, "server shutdown"),
        }
    }
}

/// A byte stream a connection runs over: a TCP stream, or memory (for tests
/// and fuzzing).
pub trait Stream: Read + Write {
    /// Ends the sending half, so that the client sees the end of the stream.
    fn shutdown_write(&mut self) {}
}

impl Stream for TcpStream {
    fn shutdown_write(&mut self) {
        let _ = self.shutdown(std::net::Shutdown::Write);
    }
}

/// What the connection needs from the server.
pub(crate) struct Limits {
    /// The most `Threads` one connection may use.
    pub threads_cap: usize,
}

/// Runs the session over `ws` until the client leaves, breaks a rule, says
/// `quit`, or `stop` is set. The search is stopped and joined before it returns.
pub(crate) fn serve<S: Stream>(ws: &mut WebSocket<S>, limits: &Limits, stop: &AtomicBool) -> End {
    let (lines_tx, lines_rx) = crossbeam_channel::unbounded();
    let mut session = Session::new(LineWriter {
        lines: lines_tx,
        partial: Vec::new(),
    });
    let reports = session.reports();
    let end = run_loop(ws, &mut session, &reports, &lines_rx, limits, stop);
    // Stops and joins the search whatever ended the connection.
    session.handle(Command::Quit);
    let close = match &end {
        End::Quit => Some(CloseFrame {
            code: CloseCode::Normal,
            reason: "quit".into(),
        }),
        End::Shutdown => Some(CloseFrame {
            code: CloseCode::Away,
            reason: "the server is shutting down".into(),
        }),
        End::Refused(code, reason) => Some(CloseFrame {
            code: *code,
            reason: reason.clone().into(),
        }),
        End::Gone(_) => None,
    };
    if let Some(frame) = close {
        send_lines(ws, &lines_rx).ok();
        close_politely(ws, frame);
    }
    end
}

fn run_loop<S: Stream>(
    ws: &mut WebSocket<S>,
    session: &mut Session<LineWriter>,
    reports: &Receiver<crate::search::Report>,
    lines: &Receiver<String>,
    limits: &Limits,
    stop: &AtomicBool,
) -> End {
    loop {
        if stop.load(Ordering::Relaxed) {
            return End::Shutdown;
        }
        match ws.read() {
            Ok(Message::Text(text)) => {
                for line in text.as_str().lines() {
                    if handle_line(session, line, limits) == Flow::Quit {
                        return End::Quit;
                    }
                    // Answers go out in order, before the next line is read.
                    if let Err(e) = send_lines(ws, lines) {
                        return End::Gone(e.to_string());
                    }
                }
            }
            Ok(Message::Binary(_)) => {
                return End::Refused(CloseCode::Unsupported, "TEI takes text messages".into());
            }
            Ok(Message::Close(_)) => return End::Gone("closed by the client".into()),
            Ok(Message::Ping(_) | Message::Pong(_) | Message::Frame(_)) => {}
            Err(WsError::Io(e))
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) => {}
            Err(WsError::Capacity(CapacityError::MessageTooLong { size, max_size })) => {
                let reason = format!("message of {size} bytes; the limit is {max_size}");
                return End::Refused(CloseCode::Size, reason);
            }
            Err(WsError::Capacity(e)) => return End::Refused(CloseCode::Size, e.to_string()),
            Err(WsError::Utf8(_)) => {
                return End::Refused(CloseCode::Invalid, "text that is not UTF-8".into());
            }
            Err(WsError::Protocol(e)) => return End::Refused(CloseCode::Protocol, e.to_string()),
            Err(e) => return End::Gone(e.to_string()),
        }
        while let Ok(report) = reports.try_recv() {
            session.on_report(report);
        }
        if let Err(e) = send_lines(ws, lines).and_then(|()| ws.flush()) {
            if !matches!(&e, WsError::Io(io) if io.kind() == io::ErrorKind::WouldBlock) {
                return End::Gone(e.to_string());
            }
        }
    }
}

/// Hands one input line to the session, holding `Threads` to the server's cap
/// (with an `info string` saying so).
fn handle_line(session: &mut Session<LineWriter>, line: &str, limits: &Limits) -> Flow {
    log::debug!("< {line}");
    let mut parsed = command::parse(line);
    if let Command::SetOption { name, value } = &mut parsed {
        let asked = value
            .as_deref()
            .and_then(|v| v.trim().parse::<usize>().ok());
        if name.eq_ignore_ascii_case("Threads") && asked.is_some_and(|n| n > limits.threads_cap) {
            let cap = limits.threads_cap;
            session.say(&format!(
                "info string Threads {} is more than this server gives one connection; using {cap} \
                 (cores / --max-connections)",
                asked.unwrap_or(cap)
            ));
            *value = Some(cap.to_string());
        }
    }
    session.handle(parsed)
}

/// Sends every complete output line as a text message.
fn send_lines<S: Stream>(ws: &mut WebSocket<S>, lines: &Receiver<String>) -> Result<(), WsError> {
    let mut sent = false;
    while let Ok(line) = lines.try_recv() {
        log::debug!("> {line}");
        ws.write(Message::text(line))?;
        sent = true;
    }
    if sent {
        ws.flush()?;
    }
    Ok(())
}

/// Sends a close frame, then reads and drops whatever the client still sends
/// (its close answer, the rest of an oversized message) for a moment, so that
/// the close frame is not lost to a reset of a connection with unread data.
fn close_politely<S: Stream>(ws: &mut WebSocket<S>, frame: CloseFrame) {
    if ws.close(Some(frame)).is_err() || ws.flush().is_err() {
        return;
    }
    let stream = ws.get_mut();
    stream.shutdown_write();
    let deadline = std::time::Instant::now() + Duration::from_secs(2);
    let mut sink = [0u8; 16 * 1024];
    while std::time::Instant::now() < deadline {
        match stream.read(&mut sink) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return,
        }
    }
}
