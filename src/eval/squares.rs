//! Where the flats and capstones on top stand: each square belongs to a class
//! by its distances to the nearest file edge and the nearest rank edge (the
//! board's eight symmetries map a square only onto squares of its class), and
//! the evaluation weighs own pieces per class, a piece-square table that the
//! tuner fits.

use crate::board::{Bitboard, Square};

/// Square classes on the largest board (8x8: distances 0..=3 each way).
pub const CLASSES: usize = 10;

/// The class of `sq` on an n-board: with a ≤ b the distances to the nearest
/// edges, b(b + 1)/2 + a, so the corner is 0 and the classes of a smaller board
/// come first.
pub fn class(sq: Square, n: usize) -> usize {
    let f = sq.file();
    let r = sq.rank();
    let x = f.min(n - 1 - f);
    let y = r.min(n - 1 - r);
    let (a, b) = (x.min(y), x.max(y));
    b * (b + 1) / 2 + a
}

/// The name of class `i` as its two edge distances, nearest first: `0_0` for a
/// corner, `0_1` for the edge square next to it.
pub fn class_name(i: usize) -> String {
    let b = (0..4).rev().find(|b| b * (b + 1) / 2 <= i).unwrap_or(0);
    format!("{}_{}", i - b * (b + 1) / 2, b)
}

/// Adds `sign` to `out[class]` for every square of `area`.
pub fn count_by_class(area: Bitboard, n: usize, sign: i32, out: &mut [i32]) {
    for sq in area.squares() {
        out[class(sq, n)] += sign;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_follow_the_symmetries_and_fill_their_range() {
        for n in 3..=8 {
            let mut seen = [false; CLASSES];
            for r in 0..n {
                for f in 0..n {
                    let c = class(Square::new(f, r), n);
                    seen[c] = true;
                    for (g, s) in [(n - 1 - f, r), (f, n - 1 - r), (r, f)] {
                        assert_eq!(class(Square::new(g, s), n), c);
                    }
                }
            }
            let half = n.div_ceil(2);
            assert_eq!(seen.iter().filter(|&&s| s).count(), half * (half + 1) / 2);
            assert!(seen[..half * (half + 1) / 2].iter().all(|&s| s));
        }
        assert_eq!(class_name(0), "0_0");
        assert_eq!(class_name(4), "1_2");
        assert_eq!(class_name(9), "3_3");
    }
}
