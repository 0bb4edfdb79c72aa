//! One TEI line, as the reader cuts it (bounded, UTF-8 checked), through the
//! command parser: any bytes must give a command or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menhir::tei::command::parse;
use menhir::tei::input::{read_line, Input};

fuzz_target!(|data: &[u8]| {
    let mut input = std::io::Cursor::new(data);
    while let Ok(Some(line)) = read_line(&mut input, 4096) {
        if let Input::Line(text) = line {
            let _ = parse(&text);
        }
    }
});
