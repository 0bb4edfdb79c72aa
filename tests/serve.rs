//! `menhir serve`: PTN Ninja's message sequences over a real WebSocket, against
//! an in-process server on a free loopback port (and once against the binary),
//! and the transport's limits: origins, message size, connection cap, threads,
//! vanished clients and shutdown. Only generous liveness timeouts, no
//! wall-clock thresholds.

use menhir::serve::{ServeConfig, Server, ShutdownHandle};
use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use tungstenite::client::IntoClientRequest;
use tungstenite::http::HeaderValue;
use tungstenite::{Message, WebSocket};

/// A liveness bound: far above what any step here needs.
const LIVE: Duration = Duration::from_secs(60);

struct Running {
    addr: SocketAddr,
    handle: ShutdownHandle,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    fn start(config: ServeConfig) -> Running {
        let server = Server::bind(ServeConfig { port: 0, ..config }).expect("bind");
        let addr = server.local_addr().expect("bound");
        let handle = server.shutdown_handle();
        let thread = std::thread::spawn(move || server.run());
        Running {
            addr,
            handle,
            thread: Some(thread),
        }
    }

    fn default() -> Running {
        Running::start(ServeConfig::default())
    }

    /// Shuts down and checks that `run` returns.
    fn stop(&mut self) {
        self.handle.shutdown();
        if let Some(t) = self.thread.take() {
            let deadline = Instant::now() + LIVE;
            while !t.is_finished() {
                assert!(Instant::now() < deadline, "the server did not stop");
                std::thread::sleep(Duration::from_millis(20));
            }
            t.join().expect("the server thread");
        }
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.handle.shutdown();
    }
}

type Handshake = Result<WebSocket<TcpStream>, tungstenite::Error>;

fn try_connect(addr: SocketAddr, origin: Option<&str>) -> Handshake {
    let mut request = format!("ws://{addr}/")
        .into_client_request()
        .expect("a URL");
    if let Some(o) = origin {
        request
            .headers_mut()
            .insert("Origin", HeaderValue::from_str(o).expect("a header"));
    }
    let stream = TcpStream::connect(addr).expect("the server listens");
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .expect("timeout");
    tungstenite::client::client(request, stream)
        .map(|(ws, _)| ws)
        .map_err(|e| match e {
            tungstenite::HandshakeError::Failure(e) => e,
            tungstenite::HandshakeError::Interrupted(_) => panic!("handshake interrupted"),
        })
}

/// The HTTP status of a refused handshake.
fn refused_status(result: Handshake) -> u16 {
    match result {
        Err(tungstenite::Error::Http(response)) => response.status().as_u16(),
        Err(e) => panic!("expected an HTTP refusal, got {e}"),
        Ok(_) => panic!("expected an HTTP refusal, got a connection"),
    }
}

struct Client {
    ws: WebSocket<TcpStream>,
}

impl Client {
    fn connect(addr: SocketAddr) -> Client {
        Client::with_origin(addr, Some("https://ptn.ninja"))
    }

    fn with_origin(addr: SocketAddr, origin: Option<&str>) -> Client {
        Client {
            ws: try_connect(addr, origin).expect("handshake"),
        }
    }

    fn send(&mut self, text: &str) {
        self.ws.send(Message::text(text)).expect("send");
    }

    /// The next message, waiting at most until `deadline` (`what` names what
    /// was awaited when it does not come); `None` once the connection is gone.
    fn next_message(&mut self, deadline: Instant, what: &str) -> Option<Message> {
        loop {
            match self.ws.read() {
                Ok(message) => return Some(message),
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) => {}
                Err(_) => return None,
            }
            assert!(Instant::now() < deadline, "{what} did not come in time");
        }
    }

    /// The next text line, `None` when the server closed the connection.
    fn next_line(&mut self, timeout: Duration) -> Option<String> {
        let deadline = Instant::now() + timeout;
        loop {
            match self.next_message(deadline, "a line")? {
                Message::Text(t) => return Some(t.as_str().to_string()),
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self
                .next_line(LIVE)
                .unwrap_or_else(|| panic!("closed while waiting for {prefix}: {lines:?}"));
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn ready(&mut self) {
        self.send("isready");
        self.until("readyok");
    }

    /// The close code once the server closes, skipping lines before it.
    fn close_code(&mut self) -> Option<u16> {
        let deadline = Instant::now() + LIVE;
        loop {
            if let Message::Close(frame) = self.next_message(deadline, "the close")? {
                return frame.map(|f| u16::from(f.code));
            }
        }
    }
}

fn bestmove(lines: &[String]) -> String {
    let last = lines.last().expect("lines");
    last.strip_prefix("bestmove ")
        .expect("a bestmove line")
        .to_string()
}

/// PTN Ninja's v1 (`size` line) session: handshake, options, a new game, live
/// analysis, `stop` when the user steps to another ply, the next search.
#[test]
fn ptn_ninja_v1_interactive_analysis() {
    let server = Running::default();
    let mut c = Client::connect(server.addr);
    c.send("tei");
    let block = c.until("teiok");
    assert!(block
        .iter()
        .any(|l| l.starts_with("size 3 4 5 6 7 8 halfkomi")));
    assert!(block
        .iter()
        .any(|l| l.starts_with("option name Caps type spin")));
    c.send("setoption name Hash value 16");
    c.send("setoption name MultiPV value 1");
    c.ready();
    c.send("teinewgame size 6 halfkomi 4");
    c.ready();
    c.send("position startpos moves a1 f6");
    c.send("go infinite");
    let first = c.until("info ");
    assert!(first.last().expect("a line").contains(" pv "), "{first:?}");
    // The user moves on: stop, bestmove, then the next position.
    c.send("stop");
    let best = bestmove(&c.until("bestmove"));
    assert_ne!(best, "--");
    c.send("position startpos moves a1 f6 c3");
    c.send("go infinite");
    c.until("info ");
    c.send("stop");
    let best = bestmove(&c.until("bestmove"));
    assert_ne!(best, "--");
    c.send("quit");
    assert_eq!(c.close_code(), Some(1000));
}

/// The v0 dialect: the komi as an option, then a bare `teinewgame N`; several
/// lines in one message.
#[test]
fn ptn_ninja_v0_dialect_and_several_lines_per_message() {
    let server = Running::default();
    let mut c = Client::connect(server.addr);
    c.send("tei");
    c.until("teiok");
    c.send("setoption name HalfKomi value 4\nteinewgame 6\nisready");
    c.until("readyok");
    c.send("position startpos moves a1 f6\r\ngo depth 3\n");
    let lines = c.until("bestmove");
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 3")),
        "{lines:?}"
    );
    assert_ne!(bestmove(&lines), "--");
}

#[test]
fn multipv_3_and_game_analysis_over_several_positions() {
    let server = Running::default();
    let mut c = Client::connect(server.addr);
    c.send("teinewgame size 5 halfkomi 0");
    c.send("setoption name MultiPV value 3");
    c.ready();
    c.send("position startpos moves a1 e5");
    c.send("go depth 3");
    let lines = c.until("bestmove");
    for k in 1..=3 {
        let tag = format!("info multipv {k} depth 3 ");
        assert!(
            lines.iter().any(|l| l.starts_with(&tag)),
            "{tag}: {lines:?}"
        );
    }
    c.send("setoption name MultiPV value 1");
    let plies = ["a1", "e5", "c3", "c2", "d3"];
    for n in 0..=plies.len() {
        c.send(&format!("position startpos moves {}", plies[..n].join(" ")));
        c.send("go movetime 200");
        let lines = c.until("bestmove");
        assert_ne!(bestmove(&lines), "--", "after {n} plies: {lines:?}");
        assert!(
            !lines.iter().any(|l| l.starts_with("info error")),
            "{lines:?}"
        );
    }
}

#[test]
fn custom_piece_counts_as_ptn_ninja_sends_them() {
    let server = Running::default();
    let mut c = Client::connect(server.addr);
    c.send("tei");
    c.until("teiok");
    // 6x6 with two capstones: the second capstone placement is legal.
    c.send("teinewgame size 6 halfkomi 4");
    c.send("setoption name Flats value 30");
    c.send("setoption name Caps value 2");
    c.ready();
    c.send("position startpos moves a1 f6 Cc3 Cd4 Cc4");
    c.send("go depth 2");
    let lines = c.until("bestmove");
    assert!(
        !lines.iter().any(|l| l.starts_with("info error")),
        "{lines:?}"
    );
    assert_ne!(bestmove(&lines), "--");
    // 5x5 with no capstone: a capstone placement is an illegal ply.
    c.send("teinewgame size 5 halfkomi 0");
    c.send("setoption name Caps value 0");
    c.ready();
    c.send("position startpos moves a1 e5 Cc3");
    c.send("go depth 1");
    let lines = c.until("bestmove");
    assert_eq!(
        lines,
        [
            "info error illegal ply 'Cc3': no capstone left in the reserve",
            "bestmove --"
        ]
    );
    // The next game without piece-count options is a standard one again.
    c.send("teinewgame size 5 halfkomi 0");
    c.ready();
    c.send("position startpos moves a1 e5 Cc3");
    c.send("go depth 1");
    assert_ne!(bestmove(&c.until("bestmove")), "--");
}

#[test]
fn origins_outside_the_allow_list_are_refused() {
    let server = Running::start(ServeConfig {
        allowed_origins: vec!["https://my.ninja.example".into()],
        ..ServeConfig::default()
    });
    assert_eq!(
        refused_status(try_connect(server.addr, Some("https://evil.example"))),
        403
    );
    for ok in [
        None,
        Some("https://ptn.ninja"),
        Some("http://localhost:8080"),
        Some("https://my.ninja.example"),
    ] {
        let mut c = Client::with_origin(server.addr, ok);
        c.send("isready");
        assert_eq!(c.until("readyok"), ["readyok"], "{ok:?}");
    }
}

#[test]
fn bad_frames_close_only_their_own_connection() {
    let server = Running::default();
    let mut other = Client::connect(server.addr);
    other.send("teinewgame 5");
    other.ready();

    let mut big = Client::connect(server.addr);
    // The write may fail once the server has closed: only the close matters.
    let _ = big.ws.send(Message::text("x".repeat((1 << 20) + 1024)));
    assert_eq!(big.close_code(), Some(1009), "message too big");

    let mut binary = Client::connect(server.addr);
    binary
        .ws
        .send(Message::binary(b"tei".to_vec()))
        .expect("send");
    assert_eq!(binary.close_code(), Some(1003), "binary frame");

    other.send("position startpos moves a1 e5");
    other.send("go depth 2");
    assert_ne!(bestmove(&other.until("bestmove")), "--");
}

/// Connects, retrying while the server still counts a connection that just ended.
fn connect_when_free(addr: SocketAddr) -> Client {
    let deadline = Instant::now() + LIVE;
    loop {
        match try_connect(addr, None) {
            Ok(ws) => return Client { ws },
            Err(tungstenite::Error::Http(r)) if r.status().as_u16() == 503 => {
                assert!(Instant::now() < deadline, "the slot was never freed");
                std::thread::sleep(Duration::from_millis(50));
            }
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn a_client_vanishing_mid_search_leaves_the_others_served() {
    let server = Running::start(ServeConfig {
        max_connections: 2,
        ..ServeConfig::default()
    });
    let mut stays = Client::connect(server.addr);
    let mut leaves = Client::connect(server.addr);
    leaves.send("teinewgame size 6 halfkomi 4\nsetoption name Threads value 1");
    leaves.send("position startpos moves a1 f6\ngo infinite");
    leaves.until("info ");
    // Gone without a close frame, mid-search.
    drop(leaves);
    stays.send("teinewgame 5\nposition startpos moves a1 e5\ngo depth 3");
    assert_ne!(bestmove(&stays.until("bestmove")), "--");
    // The vanished client's slot is given back (its search stopped and joined).
    let mut next = connect_when_free(server.addr);
    next.send("isready");
    next.until("readyok");
}

#[test]
fn a_fifth_connection_is_refused_at_the_default_cap_of_four() {
    let server = Running::default();
    let mut open: Vec<Client> = (0..4).map(|_| Client::connect(server.addr)).collect();
    for c in &mut open {
        c.ready();
    }
    assert_eq!(refused_status(try_connect(server.addr, None)), 503);
    let mut first = open.remove(0);
    first.send("quit");
    assert_eq!(first.close_code(), Some(1000));
    let mut fifth = connect_when_free(server.addr);
    fifth.ready();
}

#[test]
fn threads_are_clamped_to_the_cores_shared_by_the_connections() {
    let server = Running::start(ServeConfig {
        cores: 4,
        max_connections: 2,
        ..ServeConfig::default()
    });
    let mut c = Client::connect(server.addr);
    c.send("setoption name Threads value 2");
    c.ready();
    c.send("setoption name Threads value 8");
    let lines = c.until("info string");
    assert!(
        lines[0].contains("Threads 8") && lines[0].contains("using 2"),
        "{lines:?}"
    );
    c.send("teinewgame 5\nposition startpos moves a1 e5\ngo depth 2");
    assert_ne!(bestmove(&c.until("bestmove")), "--");
}

#[test]
fn shutdown_stops_every_search_and_closes_every_connection() {
    let mut server = Running::default();
    let mut clients: Vec<Client> = (0..2).map(|_| Client::connect(server.addr)).collect();
    for c in &mut clients {
        c.send("teinewgame 6\nposition startpos moves a1 f6\ngo infinite");
        c.until("info ");
    }
    server.stop();
    for c in &mut clients {
        assert_eq!(c.close_code(), Some(1001));
    }
}

/// Starts `menhir serve --port 0` and reads the address it listens on.
fn serve_binary() -> (std::process::Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_menhir"))
        .args(["serve", "--port", "0", "--max-connections", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("menhir runs");
    let mut stderr = BufReader::new(child.stderr.take().expect("stderr"));
    let mut line = String::new();
    let addr: SocketAddr = loop {
        line.clear();
        assert!(
            stderr.read_line(&mut line).expect("stderr") > 0,
            "no address"
        );
        if let Some(at) = line.find("ws://") {
            let rest = &line[at + 5..];
            let end = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
            break rest[..end].parse().expect("an address");
        }
    };
    assert!(addr.ip().is_loopback());
    std::thread::spawn(move || for _ in stderr.lines() {});
    (child, addr)
}

/// Waits for `child` to exit, and checks that it exited with status 0.
fn exits_cleanly(child: &mut std::process::Child) {
    let deadline = Instant::now() + LIVE;
    loop {
        if let Some(status) = child.try_wait().expect("wait") {
            assert!(status.success(), "{status}");
            return;
        }
        assert!(Instant::now() < deadline, "menhir serve did not stop");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The binary: `menhir serve --port 0` says where it listens, serves a session
/// and stops on `quit` from stdin.
#[test]
fn the_serve_command_listens_serves_and_quits() {
    let (mut child, addr) = serve_binary();
    let mut c = Client::connect(addr);
    c.send("tei");
    c.until("teiok");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "quit").expect("write");
    assert_eq!(c.close_code(), Some(1001));
    exits_cleanly(&mut child);
}

/// Ctrl-C (SIGINT) during a search stops it, closes the connection and ends
/// the process with status 0.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_searches_and_exits_cleanly() {
    let (mut child, addr) = serve_binary();
    let mut c = Client::connect(addr);
    c.send("tei");
    c.until("teiok");
    c.send("teinewgame 6");
    c.send("go infinite");
    assert!(c.next_line(LIVE).is_some_and(|l| l.starts_with("info")));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    assert_eq!(c.close_code(), Some(1001));
    exits_cleanly(&mut child);
}

/// A client's text frame (masked, as a client must send it).
fn client_text_frame(text: &str, key: [u8; 4]) -> Vec<u8> {
    let payload = text.as_bytes();
    assert!(payload.len() < 126, "a short frame");
    let mut frame = vec![0x81, 0x80 | payload.len() as u8];
    frame.extend_from_slice(&key);
    frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ key[i % 4]));
    frame
}

/// A connection in memory: the frames to read, and a shared record of what the
/// server wrote.
struct Memory {
    input: std::io::Cursor<Vec<u8>>,
    output: std::sync::Arc<std::sync::Mutex<Vec<u8>>>,
}

impl std::io::Read for Memory {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.input.read(buf)
    }
}

impl Write for Memory {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.output.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl menhir::serve::Stream for Memory {}

#[test]
fn the_frame_path_runs_in_memory() {
    let run = |frames: Vec<u8>| {
        let output = std::sync::Arc::default();
        let memory = Memory {
            input: std::io::Cursor::new(frames),
            output: std::sync::Arc::clone(&output),
        };
        let end = menhir::serve::serve_stream(memory, 1);
        let written = String::from_utf8_lossy(&output.lock().unwrap()).into_owned();
        (end, written)
    };
    let mut frames = client_text_frame("tei\nisready", [1, 2, 3, 4]);
    frames.extend(client_text_frame("quit", [9, 8, 7, 6]));
    let (end, written) = run(frames);
    assert_eq!(end, "quit");
    assert!(
        written.contains("teiok") && written.contains("readyok"),
        "{written}"
    );

    // A frame that is not masked breaks the protocol: the connection is closed
    // with a reason, and nothing panics.
    let (end, _) = run(vec![0x81, 0x03, b'a', b'b', b'c']);
    assert!(end.contains("closed with code"), "{end}");
    // The stream ending mid-frame: the client is gone.
    let (end, _) = run(client_text_frame("isready", [1, 1, 1, 1])[..5].to_vec());
    assert!(!end.is_empty());
}
