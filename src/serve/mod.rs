//! `menhir serve`: TEI over WebSocket, for PTN Ninja and other browser GUIs
//! (`docs/tei.md` §12). Each connection is its own TEI session with its own
//! engine, exactly as over stdin/stdout. Safe by default: it listens on
//! loopback, lets in only browser pages of an allow-list (`origin.rs`), caps the
//! message size, the connections and the threads each may search with, and a
//! client that breaks a rule or vanishes loses its own connection only.

mod connection;
pub mod origin;

pub use connection::Stream;

use std::io;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;
use tungstenite::handshake::server::{ErrorResponse, Request, Response};
use tungstenite::http::StatusCode;
use tungstenite::protocol::WebSocketConfig;

/// The largest message or frame a client may send, in bytes.
pub const MAX_MESSAGE: usize = 1 << 20;

/// The WebSocket limits of every connection: messages and frames of at most
/// `MAX_MESSAGE` bytes.
fn ws_config() -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_MESSAGE))
        .max_frame_size(Some(MAX_MESSAGE))
}

/// Runs one TEI session over `stream`, which carries a WebSocket connection
/// already past its handshake (the server's side), with the server's limits,
/// until the client leaves, breaks a rule or says `quit`; returns why it ended.
/// The frame path without a socket: for tests and fuzzing.
pub fn serve_stream<S: Stream>(stream: S, threads_cap: usize) -> String {
    let mut ws = tungstenite::WebSocket::from_raw_socket(
        stream,
        tungstenite::protocol::Role::Server,
        Some(ws_config()),
    );
    let limits = connection::Limits { threads_cap };
    connection::serve(&mut ws, &limits, &AtomicBool::new(false)).to_string()
}

/// How the server listens and what it allows.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to bind: loopback unless the user says otherwise.
    pub host: String,
    /// The port; 0 picks a free one (see `Server::local_addr`).
    pub port: u16,
    /// Origins allowed besides PTN Ninja's site and local pages.
    pub allowed_origins: Vec<String>,
    /// Connections served at once; one more is refused with HTTP 503.
    pub max_connections: usize,
    /// The cores the engines share (`Threads` × `max_connections` stays within).
    pub cores: usize,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            host: "127.0.0.1".into(),
            port: 7731,
            allowed_origins: Vec::new(),
            max_connections: 4,
            cores: std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        }
    }
}

impl ServeConfig {
    /// The most `Threads` one connection may search with: the cores divided
    /// among the connections the server allows, at least 1.
    pub fn threads_cap(&self) -> usize {
        (self.cores / self.max_connections.max(1)).max(1)
    }
}

/// A bound server; `run` serves until `shutdown`.
pub struct Server {
    listener: TcpListener,
    config: Arc<ServeConfig>,
    stop: Arc<AtomicBool>,
    active: Arc<AtomicUsize>,
}

/// Sets the stop flag of a running server from another thread.
#[derive(Clone)]
pub struct ShutdownHandle(Arc<AtomicBool>);

impl ShutdownHandle {
    /// Asks the server to stop: every connection's search is stopped and joined,
    /// each client gets a close frame, and `run` returns.
    pub fn shutdown(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

impl Server {
    /// Binds the listening socket.
    pub fn bind(config: ServeConfig) -> io::Result<Server> {
        let listener = TcpListener::bind((config.host.as_str(), config.port))?;
        listener.set_nonblocking(true)?;
        Ok(Server {
            listener,
            config: Arc::new(config),
            stop: Arc::new(AtomicBool::new(false)),
            active: Arc::new(AtomicUsize::new(0)),
        })
    }

    /// The address actually bound (the port chosen for port 0).
    pub fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// A handle that stops `run` from another thread.
    pub fn shutdown_handle(&self) -> ShutdownHandle {
        ShutdownHandle(Arc::clone(&self.stop))
    }

    /// Accepts connections until shut down, one thread each; then waits for
    /// every connection to end (their searches stopped and joined).
    pub fn run(&self) {
        let mut threads: Vec<JoinHandle<()>> = Vec::new();
        while !self.stop.load(Ordering::Relaxed) {
            match self.listener.accept() {
                Ok((stream, peer)) => {
                    let config = Arc::clone(&self.config);
                    let stop = Arc::clone(&self.stop);
                    let active = Arc::clone(&self.active);
                    let spawned = std::thread::Builder::new()
                        .name(format!("ws {peer}"))
                        .spawn(move || connect(stream, peer, &config, &stop, &active));
                    match spawned {
                        Ok(handle) => threads.push(handle),
                        Err(e) => log::error!("{peer}: could not start a thread: {e}"),
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => {
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(e) => {
                    log::warn!("accept: {e}");
                    std::thread::sleep(Duration::from_millis(20));
                }
            }
            threads.retain(|t| !t.is_finished());
        }
        for t in threads {
            if t.join().is_err() {
                log::error!("a connection thread panicked");
            }
        }
    }
}

/// Takes one connection slot if fewer than `max` are in use.
fn take_slot(active: &AtomicUsize, max: usize) -> bool {
    active
        .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
            (n < max).then_some(n + 1)
        })
        .is_ok()
}

fn refusal(status: StatusCode, text: String) -> ErrorResponse {
    let mut response = ErrorResponse::new(Some(text));
    *response.status_mut() = status;
    response
}

/// The handshake (origin and connection cap checked), then the session.
// tungstenite's handshake callback returns its HTTP error response by value.
#[allow(clippy::result_large_err)]
fn connect(
    stream: TcpStream,
    peer: SocketAddr,
    config: &ServeConfig,
    stop: &AtomicBool,
    active: &AtomicUsize,
) {
    let setup = stream
        .set_nonblocking(false)
        .and_then(|()| stream.set_read_timeout(Some(Duration::from_secs(10))))
        .and_then(|()| stream.set_write_timeout(Some(Duration::from_secs(30))))
        .and_then(|()| stream.set_nodelay(true));
    if let Err(e) = setup {
        log::warn!("{peer}: {e}");
        return;
    }
    let slot = Mutex::new(false);
    let check = |request: &Request, response: Response| {
        let origin = request
            .headers()
            .get("origin")
            .map(|v| v.to_str().unwrap_or("(unreadable)"));
        if !origin::allowed(origin, &config.allowed_origins) {
            let origin = origin.unwrap_or_default();
            log::warn!("{peer}: refused the page {origin} (not in the allowed origins)");
            return Err(refusal(
                StatusCode::FORBIDDEN,
                format!("origin {origin} is not allowed; start menhir serve with --allow-origin {origin}\n"),
            ));
        }
        if !take_slot(active, config.max_connections) {
            log::warn!(
                "{peer}: refused: {} connections already",
                config.max_connections
            );
            return Err(refusal(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "menhir serve takes {} connections at once\n",
                    config.max_connections
                ),
            ));
        }
        *slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = true;
        Ok(response)
    };
    let handshake = tungstenite::accept_hdr_with_config(stream, check, Some(ws_config()));
    let took_slot = *slot
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match handshake {
        Ok(mut ws) => {
            log::info!("{peer}: connected");
            if let Err(e) = ws.get_mut().set_read_timeout(Some(connection::POLL)) {
                log::warn!("{peer}: {e}");
            } else {
                let limits = connection::Limits {
                    threads_cap: config.threads_cap(),
                };
                let end = connection::serve(&mut ws, &limits, stop);
                log::info!("{peer}: connection ended: {end}");
            }
        }
        Err(e) => log::info!("{peer}: no WebSocket handshake: {e}"),
    }
    if took_slot {
        active.fetch_sub(1, Ordering::AcqRel);
    }
}
