//! Where the flats and capstones on top stand: each square belongs to a class
//! by its distances to the nearest file edge and the nearest rank edge (the
//! board's eight symmetries map a square only onto squares of its class), and
//! the evaluation weighs own pieces per class, a piece-square table that the
//! tuner fits.

use crate::board::Bitboard;

/// Square classes on the largest board (8x8: distances 0..=3 each way).
pub const CLASSES: usize = 10;

/// The class of the square on file `f` and rank `r` of an n-board: with a ≤ b
/// the distances to the nearest edges, b(b + 1)/2 + a, so the corner is 0 and
/// the classes of a smaller board come first.
const fn class(f: usize, r: usize, n: usize) -> usize {
    let x = if f < n - 1 - f { f } else { n - 1 - f };
    let y = if r < n - 1 - r { r } else { n - 1 - r };
    let (a, b) = if x < y { (x, y) } else { (y, x) };
    b * (b + 1) / 2 + a
}

/// The two edge distances (a ≤ b) of class `i`: the inverse of `class`.
const fn distances(i: usize) -> (usize, usize) {
    let mut b = 0;
    while (b + 1) * (b + 2) / 2 <= i {
        b += 1;
    }
    (i - b * (b + 1) / 2, b)
}

/// The name of class `i` as its two edge distances, nearest first: `0_0` for a
/// corner, `0_1` for the edge square next to it.
pub fn class_name(i: usize) -> String {
    let (a, b) = distances(i);
    format!("{a}_{b}")
}

/// Per class, the distance to the nearer edge.
const NEARER_EDGE: [i32; CLASSES] = {
    let mut near = [0; CLASSES];
    let mut i = 0;
    while i < CLASSES {
        near[i] = distances(i).0 as i32;
        i += 1;
    }
    near
};

/// Per board size (index n, 0..=8), the squares of each class.
const CLASS_MASKS: [[u64; CLASSES]; 9] = class_masks();

const fn class_masks() -> [[u64; CLASSES]; 9] {
    let mut masks = [[0u64; CLASSES]; 9];
    let mut n = 1;
    while n <= 8 {
        let mut i = 0;
        while i < 64 {
            let (f, r) = (i % 8, i / 8);
            if f < n && r < n {
                masks[n][class(f, r, n)] |= 1 << i;
            }
            i += 1;
        }
        n += 1;
    }
    masks
}

/// Adds `sign` times the number of `area`'s squares in each class to `out`.
pub fn count_by_class(area: Bitboard, n: usize, sign: i32, out: &mut [i32]) {
    for (total, mask) in out.iter_mut().zip(CLASS_MASKS[n.min(8)]) {
        *total += sign * (area.0 & mask).count_ones() as i32;
    }
}

/// The sum over `area`'s squares of their distance to the nearest edge.
pub fn centre_sum(area: Bitboard, n: usize) -> i32 {
    CLASS_MASKS[n.min(8)]
        .iter()
        .zip(NEARER_EDGE)
        .map(|(mask, near)| near * (area.0 & mask).count_ones() as i32)
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Square, MAX_SIZE, MIN_SIZE};

    #[test]
    fn classes_follow_the_symmetries_and_fill_their_range() {
        for n in MIN_SIZE..=MAX_SIZE {
            let mut seen = [false; CLASSES];
            for r in 0..n {
                for f in 0..n {
                    let c = class(f, r, n);
                    seen[c] = true;
                    for (g, s) in [(n - 1 - f, r), (f, n - 1 - r), (r, f)] {
                        assert_eq!(class(g, s, n), c);
                    }
                }
            }
            let half = n.div_ceil(2);
            assert_eq!(seen.iter().filter(|&&s| s).count(), half * (half + 1) / 2);
            assert!(seen[..half * (half + 1) / 2].iter().all(|&s| s));
        }
        for n in MIN_SIZE..=MAX_SIZE {
            let mut area = Bitboard::EMPTY;
            for (i, sq) in (0..n * n).map(|i| Square::new(i % n, i / n)).enumerate() {
                if i % 3 != 1 {
                    area |= sq.bit();
                }
            }
            let mut counts = [0; CLASSES];
            count_by_class(area, n, 2, &mut counts);
            let mut expected = [0; CLASSES];
            let mut centre = 0;
            for sq in area.squares() {
                expected[class(sq.file(), sq.rank(), n)] += 2;
                let (f, r) = (sq.file(), sq.rank());
                centre += f.min(n - 1 - f).min(r.min(n - 1 - r)) as i32;
            }
            assert_eq!(counts, expected, "{n}");
            assert_eq!(centre_sum(area, n), centre, "{n}");
        }
        assert_eq!(class_name(0), "0_0");
        assert_eq!(class_name(4), "1_2");
        assert_eq!(class_name(9), "3_3");
    }
}
