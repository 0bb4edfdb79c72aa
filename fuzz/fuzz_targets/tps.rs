//! TPS: any text is a position or an error; a position read back from its own
//! TPS is the same position.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menhir::notation::{parse_tps, write_tps};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(pos) = parse_tps(text) {
        let written = write_tps(&pos);
        let again = parse_tps(&written).expect("Menhir reads the TPS it writes");
        assert_eq!(write_tps(&again), written);
        assert_eq!(again.hash(), pos.hash());
    }
});
