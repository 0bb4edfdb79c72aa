//! PTN files: any text is a list of games or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menhir::notation::parse_ptn_games;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = parse_ptn_games(text);
    }
});
