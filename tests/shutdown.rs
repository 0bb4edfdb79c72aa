//! `quit` stops and joins every search thread before the session returns: a
//! two-thread infinite search is running (its threads are seen in
//! `/proc/self/task`), `quit` arrives, and when `tei::run` returns no search
//! thread is left. Its own test binary, so no other test's threads are counted.

use std::io::{BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Threads of this process whose name starts with "search" (the search
/// thread, and its helpers, which inherit the name).
fn search_threads() -> usize {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0;
    };
    tasks
        .filter_map(Result::ok)
        .filter(|t| {
            std::fs::read_to_string(t.path().join("comm"))
                .is_ok_and(|name| name.starts_with("search"))
        })
        .count()
}

#[derive(Clone, Default)]
struct Output(Arc<Mutex<Vec<u8>>>);

impl Write for Output {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn no_search_thread_outlives_quit() {
    assert!(
        std::path::Path::new("/proc/self/task").exists(),
        "this test reads Linux's /proc"
    );
    assert_eq!(search_threads(), 0);
    let (reader, mut writer) = std::io::pipe().expect("a pipe");
    let out = Output::default();
    let session_out = out.clone();
    let session = std::thread::spawn(move || menhir::tei::run(BufReader::new(reader), session_out));
    writeln!(
        writer,
        "setoption name Threads value 2\nteinewgame 6\ngo infinite"
    )
    .unwrap();
    let start = Instant::now();
    let reported = || String::from_utf8_lossy(&out.0.lock().unwrap()).contains("info depth");
    while search_threads() < 2 || !reported() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the search threads never started"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    writeln!(writer, "quit").unwrap();
    session.join().expect("the session ends without a panic");
    assert_eq!(search_threads(), 0, "a search thread outlived quit");
}
