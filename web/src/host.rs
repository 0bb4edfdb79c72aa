//! The engine in a worker: the hosted TEI session, the lines waiting for it,
//! and the searches it runs on the worker's one thread.

use crate::lines::Lines;
use crate::Driver;
use js_sys::Function;
use menhir::engine::{self, Job};
use menhir::search::Report;
use menhir::tei::command;
use menhir::tei::input::{Input, MAX_LINE_BYTES};
use menhir::tei::{Flow, Session};
use send_wrapper::SendWrapper;
use std::cell::{Cell, OnceCell, RefCell};
use std::collections::VecDeque;
use std::time::Duration;

/// How often a search hands the worker back to its event loop: short enough
/// that `stop` is answered at once, long enough to cost little.
pub const PAUSE_EVERY: Duration = Duration::from_millis(10);

/// The largest `Hash`, MiB: a wasm32 memory holds 4 GiB at most, browsers
/// often grant less, and the table shares it with everything else.
pub const MAX_HASH_MIB: usize = 1024;

/// Bytes kept for the stack Asyncify saves at a pause: the frames of the
/// deepest search with room to spare.
const ASYNCIFY_STACK_BYTES: usize = 1 << 20;

/// The engine of one worker.
pub struct Host {
    session: RefCell<Session<Lines>>,
    /// Lines that wait for the session, oldest first.
    inbox: RefCell<VecDeque<String>>,
    driver: OnceCell<Driver>,
    quit: Cell<bool>,
    asyncify_stack: Box<[u8]>,
}

impl Host {
    /// An engine that writes to `output`.
    pub fn new(output: Function) -> Host {
        let limits = engine::Host {
            max_threads: 1,
            max_hash_mib: MAX_HASH_MIB,
            pause_every: Some(PAUSE_EVERY),
        };
        Host {
            session: RefCell::new(Session::hosted(Lines::new(output), limits)),
            inbox: RefCell::new(VecDeque::new()),
            driver: OnceCell::new(),
            quit: Cell::new(false),
            asyncify_stack: vec![0; ASYNCIFY_STACK_BYTES].into_boxed_slice(),
        }
    }

    /// Where Asyncify keeps the stack at a pause, and its length.
    pub fn asyncify_stack(&self) -> (u32, u32) {
        (
            self.asyncify_stack.as_ptr() as usize as u32,
            self.asyncify_stack.len() as u32,
        )
    }

    /// Gives the host its driver (once, right after it is made).
    pub fn set_driver(&self, driver: Driver) {
        let _ = self.driver.set(driver);
    }

    fn driver(&self) -> &Driver {
        self.driver.get().expect("start_engine sets the driver")
    }

    /// Takes a message from the client: each of its lines either waits for
    /// the session, or — while a search runs and nothing waits — is answered
    /// at once when it does not end the search (`isready`). A line that ends
    /// the search stops it.
    pub fn receive(&self, text: &str) {
        if self.quit.get() {
            return;
        }
        for line in text.split('\n') {
            if line.len() > MAX_LINE_BYTES {
                let reason = Input::TooLong(line.len()).error().unwrap_or_default();
                self.session
                    .borrow_mut()
                    .say(&format!("info error {reason}"));
                continue;
            }
            self.take(line);
        }
    }

    fn take(&self, line: &str) {
        let searching = self.session.borrow().is_searching();
        if searching {
            let command = command::parse(line);
            if command.ends_search() {
                self.session.borrow().interrupt();
            } else if self.inbox.borrow().is_empty() {
                self.session.borrow_mut().handle(command);
                return;
            }
        }
        self.inbox.borrow_mut().push_back(line.to_string());
        if !searching {
            self.driver().wake();
        }
    }

    /// Handles the waiting lines in order, running each search on this
    /// thread until it ends (it pauses for the client's messages meanwhile).
    pub fn pump(&self) {
        while !self.quit.get() {
            let Some(line) = self.inbox.borrow_mut().pop_front() else {
                return;
            };
            let flow = self.session.borrow_mut().handle(command::parse(&line));
            if flow == Flow::Quit {
                self.quit.set(true);
                self.inbox.borrow_mut().clear();
                return;
            }
            let job = self.session.borrow_mut().take_job();
            if let Some(job) = job {
                self.search(job);
            }
        }
    }

    fn search(&self, job: Job) {
        let size = job.size();
        if !menhir::eval::has_network(size) {
            self.driver().load_network(size as u32);
        }
        let me = SendWrapper::new(self);
        job.run(&move |report: Report| me.report(report));
    }

    fn report(&self, report: Report) {
        // In wasm32 the search pauses by calling the page directly, so no
        // `Report::Pause` comes here; the session would ignore one.
        self.session.borrow_mut().on_report(report);
    }

    /// The network of board size `size` could not be loaded: the search
    /// goes on without it, and the client is told.
    pub fn network_failed(&self, size: usize, reason: &str) {
        self.session.borrow_mut().say(&format!(
            "info string no network for {size}x{size} ({reason}): searching without it"
        ));
    }
}
