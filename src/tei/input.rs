//! Reading the client's lines with bounded memory: a line longer than
//! `MAX_LINE_BYTES` is read through and dropped (only its length is kept), bytes
//! that are not UTF-8 make the line an error rather than the end of input, and
//! a final line without a newline still counts.

use std::io::{self, BufRead};

/// The longest line Menhir reads, in bytes (without the newline): 1 MiB, room
/// for a `position` with tens of thousands of plies.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One line of input as read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A line, without its newline (a trailing `\r` is left for the parser).
    Line(String),
    /// A line that was not valid UTF-8.
    NotUtf8,
    /// A line longer than `MAX_LINE_BYTES`, of this many bytes: dropped.
    TooLong(usize),
}

impl Input {
    /// The complaint to send the client about a line that cannot be read.
    pub fn error(&self) -> Option<String> {
        match self {
            Input::Line(_) => None,
            Input::NotUtf8 => Some("input line is not UTF-8; ignored".into()),
            Input::TooLong(n) => Some(format!(
                "input line of {n} bytes is longer than {MAX_LINE_BYTES}; ignored"
            )),
        }
    }
}

/// Reads the next line of at most `max` bytes from `input`; `Ok(None)` at the
/// end of input. Never holds more than `max` bytes of a line.
pub fn read_line(input: &mut impl BufRead, max: usize) -> io::Result<Option<Input>> {
    let mut line = Vec::new();
    let mut length = 0usize;
    let mut any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !any {
                return Ok(None);
            }
            break;
        }
        any = true;
        let (chunk, newline) = match available.iter().position(|&b| b == b'\n') {
            Some(at) => (&available[..at], true),
            None => (available, false),
        };
        if length + chunk.len() <= max {
            line.extend_from_slice(chunk);
        } else {
            line = Vec::new();
        }
        length += chunk.len();
        let used = chunk.len() + usize::from(newline);
        input.consume(used);
        if newline {
            break;
        }
    }
    if length > max {
        return Ok(Some(Input::TooLong(length)));
    }
    Ok(Some(match String::from_utf8(line) {
        Ok(text) => Input::Line(text),
        Err(_) => Input::NotUtf8,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    fn all(bytes: &[u8], max: usize) -> Vec<Input> {
        // A tiny buffer, so that lines cross many refills.
        let mut input = io::BufReader::with_capacity(3, Cursor::new(bytes.to_vec()));
        let mut out = Vec::new();
        while let Some(line) = read_line(&mut input, max).unwrap() {
            out.push(line);
        }
        out
    }

    #[test]
    fn lines_long_lines_bad_bytes_and_the_last_line() {
        let got = all(b"tei\r\nisready\n0123456789\n\xff\xfe\n\nquit", 8);
        assert_eq!(
            got,
            vec![
                Input::Line("tei\r".into()),
                Input::Line("isready".into()),
                Input::TooLong(10),
                Input::NotUtf8,
                Input::Line(String::new()),
                Input::Line("quit".into()),
            ]
        );
        assert_eq!(all(b"", 8), vec![]);
        assert_eq!(all(b"12345678\n", 8), vec![Input::Line("12345678".into())]);
        assert!(Input::TooLong(10).error().unwrap().contains("10 bytes"));
        assert_eq!(Input::Line("x".into()).error(), None);
    }
}
