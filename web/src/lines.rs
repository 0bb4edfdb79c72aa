//! The session's output: bytes written up to each newline become one call of
//! the page's output function with that line.

use js_sys::Function;
use std::io::{self, Write};
use wasm_bindgen::JsValue;

/// Writes whole lines to a JavaScript function.
pub struct Lines {
    output: Function,
    partial: Vec<u8>,
}

impl Lines {
    /// Lines for `output`.
    pub fn new(output: Function) -> Lines {
        Lines {
            output,
            partial: Vec::new(),
        }
    }
}

impl Write for Lines {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                self.output
                    .call1(&JsValue::NULL, &JsValue::from_str(&line))
                    .map_err(|e| io::Error::other(format!("{e:?}")))?;
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}
