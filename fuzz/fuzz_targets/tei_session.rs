//! A whole TEI session without searching: every line is parsed and handled by a
//! session (options, `teinewgame`, `position`, `isready`, `stop`, …) except
//! `go`, which would start a search; the output must stay well formed.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menhir::tei::command::{parse, Command};
use menhir::tei::input::{read_line, Input};
use menhir::tei::{Flow, Session};

fuzz_target!(|data: &[u8]| {
    let mut input = std::io::Cursor::new(data);
    let mut session = Session::new(Vec::new());
    // A small table: every `teinewgame` makes it anew, and the fuzzer's time
    // is for the parsers and the session's states.
    session.handle(parse("setoption name Hash value 1"));
    while let Ok(Some(line)) = read_line(&mut input, 4096) {
        let Input::Line(text) = line else { continue };
        let command = parse(&text);
        match &command {
            Command::Go(_) => continue,
            // Tables of gigabytes are taken lazily, but keep the fuzzer's
            // memory for the parsers.
            Command::SetOption { name, .. } if name.eq_ignore_ascii_case("Hash") => continue,
            _ => {}
        }
        if session.handle(command) == Flow::Quit {
            break;
        }
    }
});
