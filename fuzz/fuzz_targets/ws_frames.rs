//! The WebSocket frame path of `menhir serve`: any bytes, read as frames from a
//! client past the handshake, end the connection cleanly (a rule broken, the
//! client gone, or `quit`). Sessions here may search: `go` runs until the
//! connection ends, which stops and joins it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menhir::serve::{serve_stream, Stream};
use std::io::{self, Cursor, Read, Write};

struct Memory {
    input: Cursor<Vec<u8>>,
}

impl Read for Memory {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.input.read(buf)
    }
}

impl Write for Memory {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Stream for Memory {}

fuzz_target!(|data: &[u8]| {
    let _ = serve_stream(
        Memory {
            input: Cursor::new(data.to_vec()),
        },
        1,
    );
});
