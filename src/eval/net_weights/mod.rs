//! The fitted weights of the evaluation's learned correction (`eval::net`): one
//! binary file per board size (`s3.bin` to `s8.bin`), compiled in with
//! `include_bytes!` (feature `embedded-networks`, on by default; the browser
//! build installs them from files instead) and decoded once, on first use,
//! into a `OnceLock` per size. An empty file means the size has no correction (yet).
//! `menhir-tools tune net --write src/eval/net_weights` writes `s<size>.bin`.
//!
//! # The file format
//!
//! Every number is little-endian.
//!
//! | bytes | what |
//! |---|---|
//! | 8 | the magic `MENHIRNN` |
//! | 4 | `u32` format version, 1 |
//! | 4 | `u32` board size, 3 to 8 |
//! | 4 | `u32` input count, `net::INPUTS` (1344) |
//! | 4 | `u32` hidden width H, one of `net::WIDTHS` |
//! | 4 | `u32` note length N |
//! | N | the note: UTF-8, where the weights came from |
//! | 4 · INPUTS · H | `f32` input weights, input-major (input i's H weights at i · H) |
//! | 4 · H | `f32` hidden biases |
//! | 4 · H | `f32` output weights, in centiflats |
//! | 4 | `f32` output bias, in centiflats |
//! | 8 | `u64` FNV-1a 64 of every byte before it |
//!
//! `decode` checks every field, the exact length and the checksum; a test
//! decodes every shipped file.

use super::net::{INPUTS, WIDTHS};
use crate::board::{MAX_SIZE, MIN_SIZE};
use std::sync::OnceLock;

/// The first eight bytes of every weights file.
pub const MAGIC: [u8; 8] = *b"MENHIRNN";
/// The format version this build reads and writes.
pub const VERSION: u32 = 1;
/// The fixed part of the header: magic, version, size, inputs, width, note length.
const HEADER: usize = MAGIC.len() + 5 * 4;
/// The checksum's bytes at the end.
const CHECKSUM: usize = 8;

/// The fitted weights of one board size, as `menhir-tools tune net` writes
/// them (`net_weights/`). The hidden layer's width is the length of `bias`, one
/// of `WIDTHS`.
#[derive(Clone, Debug, PartialEq)]
pub struct NetWeights {
    /// `INPUTS × width`, input-major.
    pub input: Vec<f32>,
    /// One bias per hidden unit.
    pub bias: Vec<f32>,
    /// Hidden to output, in centiflats.
    pub output: Vec<f32>,
    /// The output's bias, in centiflats.
    pub output_bias: f32,
}

impl NetWeights {
    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.bias.len()
    }
}

/// A decoded weights file.
#[derive(Clone, Debug, PartialEq)]
pub struct NetFile {
    /// The board size the weights are for.
    pub size: usize,
    /// Where the weights came from.
    pub note: String,
    /// The decoded network.
    pub weights: NetWeights,
}

/// FNV-1a, 64 bits, of `bytes`.
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The file of `weights` for board size `size`, with `note` saying where they
/// came from.
pub fn encode(size: usize, weights: &NetWeights, note: &str) -> Vec<u8> {
    let hidden = weights.hidden();
    let floats = weights.input.len() + 2 * hidden + 1;
    let mut out = Vec::with_capacity(HEADER + note.len() + 4 * floats + CHECKSUM);
    out.extend_from_slice(&MAGIC);
    for field in [VERSION, size as u32, INPUTS as u32, hidden as u32] {
        out.extend_from_slice(&field.to_le_bytes());
    }
    out.extend_from_slice(&(note.len() as u32).to_le_bytes());
    out.extend_from_slice(note.as_bytes());
    let all = weights
        .input
        .iter()
        .chain(&weights.bias)
        .chain(&weights.output);
    for x in all.chain([&weights.output_bias]) {
        out.extend_from_slice(&x.to_le_bytes());
    }
    let sum = fnv1a64(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads the bytes of a file written by `encode`, checking each field.
pub fn decode(bytes: &[u8]) -> Result<NetFile, String> {
    let body = bytes
        .len()
        .checked_sub(CHECKSUM)
        .filter(|&n| n >= HEADER)
        .ok_or("too short for a weights file")?;
    let (body, sum) = bytes.split_at(body);
    if fnv1a64(body) != u64::from_le_bytes(sum.try_into().map_err(|_| "no checksum")?) {
        return Err("the checksum does not match".into());
    }
    if body[..MAGIC.len()] != MAGIC {
        return Err("not a Menhir weights file".into());
    }
    let field = |k: usize| {
        let at = MAGIC.len() + 4 * k;
        u32::from_le_bytes([body[at], body[at + 1], body[at + 2], body[at + 3]]) as usize
    };
    let (version, size, inputs, hidden, note_len) =
        (field(0), field(1), field(2), field(3), field(4));
    if version != VERSION as usize {
        return Err(format!(
            "format version {version}, this build reads {VERSION}"
        ));
    }
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(format!("board size {size}"));
    }
    if inputs != INPUTS || !WIDTHS.contains(&hidden) {
        return Err(format!(
            "{inputs} inputs and {hidden} hidden units, not {INPUTS} and one of {WIDTHS:?}"
        ));
    }
    let floats = body
        .get(HEADER + note_len..)
        .ok_or("the note runs past the end")?;
    let note = std::str::from_utf8(&body[HEADER..HEADER + note_len])
        .map_err(|_| "the note is not UTF-8")?
        .to_string();
    if floats.len() != 4 * (INPUTS * hidden + 2 * hidden + 1) {
        return Err(format!(
            "{} bytes of weights for a width of {hidden}",
            floats.len()
        ));
    }
    let mut values = floats
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]));
    let mut take = |n: usize| values.by_ref().take(n).collect::<Vec<f32>>();
    let weights = NetWeights {
        input: take(INPUTS * hidden),
        bias: take(hidden),
        output: take(hidden),
        output_bias: take(1)[0],
    };
    Ok(NetFile {
        size,
        note,
        weights,
    })
}

/// The shipped files, per size from `MIN_SIZE`; empty for a size without a
/// network, and for every size in a build without `embedded-networks`.
#[cfg(feature = "embedded-networks")]
const FILES: [&[u8]; MAX_SIZE - MIN_SIZE + 1] = [
    include_bytes!("s3.bin"),
    include_bytes!("s4.bin"),
    include_bytes!("s5.bin"),
    include_bytes!("s6.bin"),
    include_bytes!("s7.bin"),
    include_bytes!("s8.bin"),
];
#[cfg(not(feature = "embedded-networks"))]
const FILES: [&[u8]; MAX_SIZE - MIN_SIZE + 1] = [&[]; MAX_SIZE - MIN_SIZE + 1];

/// Each size's network, decoded on first use (or installed by the host).
static DECODED: [OnceLock<NetWeights>; MAX_SIZE - MIN_SIZE + 1] =
    [const { OnceLock::new() }; MAX_SIZE - MIN_SIZE + 1];

/// The shipped file for board size `size`, if there is one, undecoded.
pub fn shipped_file(size: usize) -> Option<&'static [u8]> {
    let bytes = *FILES.get(size.checked_sub(MIN_SIZE)?)?;
    (!bytes.is_empty()).then_some(bytes)
}

/// True when the network of board size `size` is at hand: compiled in, or
/// installed. A build without `embedded-networks` has none until its host
/// installs them.
pub fn has_network(size: usize) -> bool {
    shipped_file(size).is_some()
        || size
            .checked_sub(MIN_SIZE)
            .and_then(|i| DECODED.get(i))
            .is_some_and(|d| d.get().is_some())
}

/// Installs the network file `bytes` (the format above, as `s<size>.bin`
/// holds it) for board size `size`: how a build without `embedded-networks`
/// (the browser's) gets the networks it loads when first needed. A size that
/// already has one keeps it.
pub fn install(size: usize, bytes: &[u8]) -> Result<(), String> {
    let file = decode(bytes)?;
    if file.size != size {
        return Err(format!(
            "the file holds a {0}x{0} network, not {size}x{size}",
            file.size
        ));
    }
    let slot = DECODED
        .get(size - MIN_SIZE)
        .ok_or_else(|| format!("board size {size}"))?;
    let _ = slot.set(file.weights);
    Ok(())
}

/// The fitted weights for board size `size`, if any.
pub fn weights_for(size: usize) -> Option<&'static NetWeights> {
    let slot = DECODED.get(size.checked_sub(MIN_SIZE)?)?;
    if let Some(weights) = slot.get() {
        return Some(weights);
    }
    let bytes = shipped_file(size)?;
    Some(slot.get_or_init(|| {
        let file = decode(bytes).unwrap_or_else(|e| panic!("s{size}.bin: {e}"));
        assert_eq!(file.size, size, "s{size}.bin holds another size's weights");
        file.weights
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_file_checks_out_and_reads_back_the_same() {
        let mut shipped = 0;
        for size in MIN_SIZE..=MAX_SIZE {
            let Some(bytes) = shipped_file(size) else {
                continue;
            };
            shipped += 1;
            let (body, sum) = bytes.split_at(bytes.len() - CHECKSUM);
            assert_eq!(fnv1a64(body).to_le_bytes(), sum, "s{size}.bin");
            let file = decode(bytes).unwrap();
            assert_eq!(file.size, size);
            assert!(WIDTHS.contains(&file.weights.hidden()), "s{size}.bin");
            assert!(!file.note.is_empty());
            assert_eq!(encode(size, &file.weights, &file.note), bytes);
            assert_eq!(weights_for(size), Some(&file.weights));
        }
        assert!(shipped >= 2, "5x5 and 6x6 at least");
        assert_eq!(weights_for(9), None);
        assert_eq!(weights_for(2), None);
    }

    #[test]
    fn a_damaged_file_is_refused() {
        let bytes = shipped_file(5).unwrap();
        let mut flipped = bytes.to_vec();
        flipped[HEADER + 100] ^= 1;
        assert!(decode(&flipped).unwrap_err().contains("checksum"));
        assert!(decode(&bytes[..bytes.len() - 4]).is_err());
        assert!(decode(&bytes[..10]).is_err());
        let file = decode(bytes).unwrap();
        let mut other = encode(5, &file.weights, "note");
        other[MAGIC.len()] = 2;
        let n = other.len() - CHECKSUM;
        let sum = fnv1a64(&other[..n]);
        other[n..].copy_from_slice(&sum.to_le_bytes());
        assert!(decode(&other).unwrap_err().contains("version 2"));
    }

    #[test]
    fn fnv1a64_matches_the_reference_values() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
