//! Squares, bitboards, directions and the per-size geometry of the board.
//!
//! Every size 3–8 uses one layout: square index = rank * 8 + file, so moving up is
//! `+8` and moving right is `+1` whatever the size. Bits outside the `n x n` corner
//! are never set in a position's bitboards.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// Smallest supported board size.
pub const MIN_SIZE: usize = 3;
/// Largest supported board size.
pub const MAX_SIZE: usize = 8;

/// A square, `rank * 8 + file`, both 0-based.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(pub u8);

impl Square {
    /// The square at `file` (0 = `a`) and `rank` (0 = `1`).
    pub const fn new(file: usize, rank: usize) -> Square {
        Square((rank * 8 + file) as u8)
    }
    /// 0-based file (0 = `a`).
    pub const fn file(self) -> usize {
        (self.0 & 7) as usize
    }
    /// 0-based rank (0 = rank `1`).
    pub const fn rank(self) -> usize {
        (self.0 >> 3) as usize
    }
    /// Index into 64-entry arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The single-bit bitboard of this square.
    pub const fn bit(self) -> Bitboard {
        Bitboard(1u64 << self.0)
    }
    /// The neighbour in `dir`, or `None` off a board of size `n`.
    pub fn step(self, dir: Direction, n: usize) -> Option<Square> {
        let (f, r) = (self.file() as isize, self.rank() as isize);
        let (df, dr) = dir.delta();
        let (nf, nr) = (f + df, r + dr);
        if nf < 0 || nr < 0 || nf >= n as isize || nr >= n as isize {
            None
        } else {
            Some(Square::new(nf as usize, nr as usize))
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// True when no square is set.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many squares are set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }
    /// True when `sq` is set.
    pub const fn contains(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }
    /// True when the two share a square.
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }
    /// Squares adjacent (by edge) to any square of the set, not clipped to a board.
    #[must_use]
    pub const fn neighbours(self) -> Bitboard {
        const NOT_FILE_A: u64 = !0x0101_0101_0101_0101;
        const NOT_FILE_H: u64 = !0x8080_8080_8080_8080;
        let b = self.0;
        Bitboard(((b << 1) & NOT_FILE_A) | ((b >> 1) & NOT_FILE_H) | (b << 8) | (b >> 8))
    }
    /// Iterates the squares, lowest index first.
    pub fn squares(self) -> BitIter {
        BitIter(self.0)
    }
}

/// Iterator over the squares of a bitboard.
pub struct BitIter(u64);

impl Iterator for BitIter {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(Square(sq))
        }
    }
}

macro_rules! bit_ops {
    ($($tr:ident $f:ident $tra:ident $fa:ident $op:tt),*) => {$(
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard { Bitboard(self.0 $op rhs.0) }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) { self.0 = self.0 $op rhs.0; }
        }
    )*};
}
bit_ops!(BitAnd bitand BitAndAssign bitand_assign &, BitOr bitor BitOrAssign bitor_assign |,
         BitXor bitxor BitXorAssign bitxor_assign ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

/// The four spread directions.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Direction {
    /// `+`, towards higher ranks.
    Up = 0,
    /// `-`, towards rank 1.
    Down = 1,
    /// `<`, towards file `a`.
    Left = 2,
    /// `>`, towards the last file.
    Right = 3,
}

impl Direction {
    /// The four directions, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];
    /// The direction with index `i` (the order of `ALL`).
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i & 3]
    }
    /// (file delta, rank delta).
    pub const fn delta(self) -> (isize, isize) {
        match self {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        }
    }
    /// Change of the square index for one step.
    pub const fn offset(self) -> i8 {
        match self {
            Direction::Up => 8,
            Direction::Down => -8,
            Direction::Left => -1,
            Direction::Right => 1,
        }
    }
    /// The PTN symbol.
    pub const fn symbol(self) -> char {
        match self {
            Direction::Up => '+',
            Direction::Down => '-',
            Direction::Left => '<',
            Direction::Right => '>',
        }
    }
    /// The direction of a PTN symbol (`+`, `-`, `<`, `>`).
    pub const fn from_symbol(c: char) -> Option<Direction> {
        match c {
            '+' => Some(Direction::Up),
            '-' => Some(Direction::Down),
            '<' => Some(Direction::Left),
            '>' => Some(Direction::Right),
            _ => None,
        }
    }
}

/// Everything about a board size that does not change during a game.
#[derive(Debug)]
pub struct Geometry {
    /// Board size n.
    pub size: usize,
    /// All squares of the board.
    pub board: Bitboard,
    /// File `a`, the last file, rank 1 and rank n.
    pub left: Bitboard,
    /// The last file (h side).
    pub right: Bitboard,
    /// The first rank (rank 1).
    pub bottom: Bitboard,
    /// The last rank.
    pub top: Bitboard,
    /// Stones per player at the start.
    pub stones: u8,
    /// Capstones per player at the start.
    pub capstones: u8,
    /// Number of steps from each square to the edge, per direction.
    pub edge_distance: [[u8; 4]; 64],
    /// The squares from each square (excluded) to the edge, per direction.
    pub rays: [[Bitboard; 4]; 64],
    /// Per square and reach k (0..=8): the squares within k steps along its row
    /// and column, the square itself included, and their neighbours: every
    /// square a spread of up to k pieces from there changes or lies beside.
    pub near_cross: [[Bitboard; 9]; 64],
}

/// `near_cross` of square (r, f) on an n-board for every reach.
const fn near_crosses(n: usize, r: usize, f: usize, board: u64) -> [Bitboard; 9] {
    let mut out = [Bitboard(0); 9];
    let mut k = 0;
    while k <= 8 {
        let mut cross = 1u64 << (r * 8 + f);
        let mut d = 1;
        while d <= k {
            if r + d < n {
                cross |= 1 << ((r + d) * 8 + f);
            }
            if d <= r {
                cross |= 1 << ((r - d) * 8 + f);
            }
            if f + d < n {
                cross |= 1 << (r * 8 + f + d);
            }
            if d <= f {
                cross |= 1 << (r * 8 + f - d);
            }
            d += 1;
        }
        let not_file_a = !0x0101_0101_0101_0101u64;
        let not_file_h = !0x8080_8080_8080_8080u64;
        let near = cross
            | ((cross << 1) & not_file_a)
            | ((cross >> 1) & not_file_h)
            | (cross << 8)
            | (cross >> 8);
        out[k] = Bitboard(near & board);
        k += 1;
    }
    out
}

const fn geometry(n: usize) -> Geometry {
    let mut board = 0u64;
    let mut left = 0u64;
    let mut right = 0u64;
    let mut edge_distance = [[0u8; 4]; 64];
    let mut rays = [[Bitboard(0); 4]; 64];
    let mut r = 0;
    while r < n {
        let mut f = 0;
        while f < n {
            let sq = r * 8 + f;
            board |= 1 << sq;
            if f == 0 {
                left |= 1 << sq;
            }
            if f == n - 1 {
                right |= 1 << sq;
            }
            edge_distance[sq] = [(n - 1 - r) as u8, r as u8, f as u8, (n - 1 - f) as u8];
            let mut up = 0u64;
            let mut k = r + 1;
            while k < n {
                up |= 1 << (k * 8 + f);
                k += 1;
            }
            let mut down = 0u64;
            let mut k = 0;
            while k < r {
                down |= 1 << (k * 8 + f);
                k += 1;
            }
            let mut left = 0u64;
            let mut k = 0;
            while k < f {
                left |= 1 << (r * 8 + k);
                k += 1;
            }
            let mut right = 0u64;
            let mut k = f + 1;
            while k < n {
                right |= 1 << (r * 8 + k);
                k += 1;
            }
            rays[sq] = [
                Bitboard(up),
                Bitboard(down),
                Bitboard(left),
                Bitboard(right),
            ];
            f += 1;
        }
        r += 1;
    }
    let mut near_cross = [[Bitboard(0); 9]; 64];
    let mut sq = 0;
    while sq < 64 {
        if sq / 8 < n && sq % 8 < n {
            near_cross[sq] = near_crosses(n, sq / 8, sq % 8, board);
        }
        sq += 1;
    }
    let bottom = board & 0xff;
    let top = board & (0xffu64 << (8 * (n - 1)));
    let (stones, capstones) = match n {
        3 => (10, 0),
        4 => (15, 0),
        5 => (21, 1),
        6 => (30, 1),
        7 => (40, 2),
        _ => (50, 2),
    };
    Geometry {
        size: n,
        board: Bitboard(board),
        left: Bitboard(left),
        right: Bitboard(right),
        bottom: Bitboard(bottom),
        top: Bitboard(top),
        stones,
        capstones,
        edge_distance,
        rays,
        near_cross,
    }
}

static GEOMETRIES: [Geometry; 6] = [
    geometry(3),
    geometry(4),
    geometry(5),
    geometry(6),
    geometry(7),
    geometry(8),
];

/// The geometry of size `n`, or `None` outside 3–8.
pub fn geometry_of(n: usize) -> Option<&'static Geometry> {
    if (MIN_SIZE..=MAX_SIZE).contains(&n) {
        Some(&GEOMETRIES[n - MIN_SIZE])
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::{geometry_of, Bitboard, Direction, Square, MAX_SIZE, MIN_SIZE};

    /// `near_cross` against the squares reached by stepping: up to k steps each
    /// way from the square, then one more step in any direction.
    #[test]
    fn near_cross_is_the_stepped_cross_and_its_neighbours() {
        for n in MIN_SIZE..=MAX_SIZE {
            let g = geometry_of(n).expect("size");
            for sq in g.board.squares() {
                for k in 0..=8 {
                    let mut cross = vec![sq];
                    for dir in Direction::ALL {
                        let mut at = sq;
                        for _ in 0..k {
                            match at.step(dir, n) {
                                Some(to) => {
                                    cross.push(to);
                                    at = to;
                                }
                                None => break,
                            }
                        }
                    }
                    let near = cross.iter().fold(Bitboard::EMPTY, |acc, &s: &Square| {
                        let beside = Direction::ALL.iter().filter_map(|&d| s.step(d, n));
                        beside.fold(acc | s.bit(), |acc, t| acc | t.bit())
                    });
                    assert_eq!(g.near_cross[sq.index()][k], near, "n {n} {sq} k {k}");
                }
            }
        }
    }
}
