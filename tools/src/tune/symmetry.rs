//! The eight symmetries of a square board, as maps of square indices: what
//! the correction's fit sees each position under, and what the book maker
//! tells openings apart up to.

use menhir::board::Square;

/// The eight symmetries of an `n × n` board as square maps (index → index);
/// squares off the board map to themselves. Map 0 is the identity; bit 0 of
/// the map's number mirrors the files, bit 1 the ranks, bit 2 transposes first.
pub fn symmetries(n: usize) -> [[u8; 64]; 8] {
    let mut maps = [[0u8; 64]; 8];
    for (s, map) in maps.iter_mut().enumerate() {
        for (i, slot) in map.iter_mut().enumerate() {
            let (f, r) = (i % 8, i / 8);
            if f >= n || r >= n {
                *slot = i as u8;
                continue;
            }
            let (mut f, mut r) = if s & 4 != 0 { (r, f) } else { (f, r) };
            if s & 1 != 0 {
                f = n - 1 - f;
            }
            if s & 2 != 0 {
                r = n - 1 - r;
            }
            *slot = Square::new(f, r).0;
        }
    }
    maps
}
