//! `Position`: the stacks, the top-piece bitboards, reserves, side to move, hash and
//! komi; construction, queries and the game-end rules (`docs/rules.md`).
//!
//! Invariants: `white`/`black` hold the squares whose top piece is that colour's;
//! `walls`/`caps` the squares whose top is a wall/capstone; `stacks[sq]` has the
//! colours of its `heights[sq]` pieces as bits, bottom = bit 0, set = Black; no bit
//! at or above the height is set; `hash` equals `compute_hash()`.

use super::geometry::{geometry_of, Bitboard, Geometry, Square};
use super::reserves::Reserves;
use super::stacks::Stacks;
use super::zobrist::KEYS;
use super::{Color, PieceKind};

/// How a finished game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// A road win for the colour.
    Road(Color),
    /// A win on flats (with komi) for the colour.
    Flats(Color),
    /// Equal flat count with komi, or a repetition draw.
    Draw,
}

impl GameResult {
    /// The PTN result token: `R-0`, `0-R`, `F-0`, `0-F` or `1/2-1/2`.
    pub fn ptn(self) -> &'static str {
        match self {
            GameResult::Road(Color::White) => "R-0",
            GameResult::Road(Color::Black) => "0-R",
            GameResult::Flats(Color::White) => "F-0",
            GameResult::Flats(Color::Black) => "0-F",
            GameResult::Draw => "1/2-1/2",
        }
    }
    /// The winner, if any.
    pub fn winner(self) -> Option<Color> {
        match self {
            GameResult::Road(c) | GameResult::Flats(c) => Some(c),
            GameResult::Draw => None,
        }
    }
}

/// A Tak position of any size 3–8.
#[derive(Clone)]
pub struct Position {
    pub(super) geometry: &'static Geometry,
    pub(super) white: Bitboard,
    pub(super) black: Bitboard,
    pub(super) walls: Bitboard,
    pub(super) caps: Bitboard,
    pub(super) heights: [u8; 64],
    pub(super) stacks: Stacks,
    pub(super) stones: [u8; 2],
    pub(super) capstones: [u8; 2],
    /// What each player started the game with.
    pub(super) reserves: Reserves,
    pub(super) to_move: Color,
    pub(super) ply: u32,
    pub(super) hash: u64,
    pub(super) half_komi: i32,
}

impl Position {
    /// The empty start position of size `size` (3–8) with the size's standard
    /// reserves, White to move.
    pub fn start(size: usize) -> Option<Position> {
        Position::start_with(size, Reserves::standard(size)?)
    }

    /// The empty start position of size `size` (3–8) with these reserves.
    pub fn start_with(size: usize, reserves: Reserves) -> Option<Position> {
        let geometry = geometry_of(size)?;
        Some(Position {
            geometry,
            white: Bitboard::EMPTY,
            black: Bitboard::EMPTY,
            walls: Bitboard::EMPTY,
            caps: Bitboard::EMPTY,
            heights: [0; 64],
            stacks: Stacks::new(),
            stones: [reserves.stones(Color::White), reserves.stones(Color::Black)],
            capstones: [
                reserves.capstones(Color::White),
                reserves.capstones(Color::Black),
            ],
            reserves,
            to_move: Color::White,
            ply: 0,
            hash: 0,
            half_komi: 0,
        })
    }

    /// Builds a position from stacks (bottom to top, per square) and the top kinds,
    /// for a game started with `reserves`. Used by the TPS reader; fails with the
    /// colour that has more pieces than its reserve allows.
    pub(crate) fn from_stacks(
        size: usize,
        reserves: Reserves,
        stacks: &[(Square, Vec<Color>, PieceKind)],
        to_move: Color,
        ply: u32,
    ) -> Result<Position, Color> {
        let mut pos = Position::start_with(size, reserves).expect("callers pass a supported size");
        for (sq, pieces, kind) in stacks {
            let mut bits = 0u128;
            for (h, c) in pieces.iter().enumerate() {
                let is_cap = h + 1 == pieces.len() && *kind == PieceKind::Cap;
                if is_cap {
                    pos.capstones[c.index()] = pos.capstones[c.index()].checked_sub(1).ok_or(*c)?;
                } else {
                    pos.stones[c.index()] = pos.stones[c.index()].checked_sub(1).ok_or(*c)?;
                }
                // Reserves bound every stack below 128 pieces, so the shift fits.
                bits |= (*c as u128) << h;
            }
            let i = sq.index();
            pos.stacks.set(i, bits);
            pos.heights[i] = pieces.len() as u8;
            pos.refresh_top(*sq);
            match kind {
                PieceKind::Wall => pos.walls |= sq.bit(),
                PieceKind::Cap => pos.caps |= sq.bit(),
                PieceKind::Flat => {}
            }
        }
        pos.to_move = to_move;
        pos.ply = ply;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Sets `white`/`black` for `sq` from its stack, and clears its wall/cap bits.
    #[inline(always)]
    pub(super) fn refresh_top(&mut self, sq: Square) {
        let bit = sq.bit();
        self.white &= !bit;
        self.black &= !bit;
        self.walls &= !bit;
        self.caps &= !bit;
        let h = self.heights[sq.index()];
        if h > 0 {
            if self.stacks.bit(sq.index(), h as usize - 1) {
                self.black |= bit;
            } else {
                self.white |= bit;
            }
        }
    }

    /// The hash computed from scratch; `hash()` must always equal it.
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in self.occupied().squares() {
            let i = sq.index();
            h ^= KEYS.stack(sq, self.heights[i] as usize, self.stacks.get(i));
            if self.walls.contains(sq) {
                h ^= KEYS.wall(sq);
            }
            if self.caps.contains(sq) {
                h ^= KEYS.cap(sq);
            }
        }
        if self.to_move == Color::Black {
            h ^= KEYS.black_to_move;
        }
        h
    }

    /// Board size n.
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.geometry.size
    }
    #[inline(always)]
    /// The board's masks and sizes (edges, reserves, carry limit).
    pub fn geometry(&self) -> &'static Geometry {
        self.geometry
    }
    /// The side to move.
    #[inline(always)]
    pub fn to_move(&self) -> Color {
        self.to_move
    }
    /// Plies played since the start (0 at the start; TPS: 2·(move−1) + turn − 1).
    #[inline(always)]
    pub fn ply(&self) -> u32 {
        self.ply
    }
    /// The PTN/TPS full-move number.
    pub fn move_number(&self) -> u32 {
        self.ply / 2 + 1
    }
    /// True on the first two plies, when each side places the other's flat.
    #[inline(always)]
    pub fn in_swap(&self) -> bool {
        self.ply < 2
    }
    /// The Zobrist hash (komi is not part of it).
    #[inline(always)]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Half-komi K: Black gets K/2 flats at a flat count.
    pub fn half_komi(&self) -> i32 {
        self.half_komi
    }
    /// Sets half-komi K (komi K/2 flats for Black); the hash does not change.
    pub fn set_half_komi(&mut self, half_komi: i32) {
        self.half_komi = half_komi;
    }
    /// Stones left in `color`'s reserve.
    #[inline(always)]
    pub fn stones(&self, color: Color) -> u8 {
        self.stones[color.index()]
    }
    /// Capstones left in `color`'s reserve.
    #[inline(always)]
    pub fn capstones(&self, color: Color) -> u8 {
        self.capstones[color.index()]
    }
    /// What each player started the game with.
    #[inline(always)]
    pub fn reserves(&self) -> Reserves {
        self.reserves
    }
    /// Pieces (stones and capstones) left in `color`'s reserve.
    #[inline(always)]
    pub fn pieces_left(&self, color: Color) -> u32 {
        self.stones(color) as u32 + self.capstones(color) as u32
    }
    /// Squares whose top piece is `color`'s.
    #[inline(always)]
    pub fn controlled(&self, color: Color) -> Bitboard {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }
    #[inline(always)]
    /// Squares holding at least one piece.
    pub fn occupied(&self) -> Bitboard {
        self.white | self.black
    }
    #[inline(always)]
    /// Squares of the board holding nothing.
    pub fn empty(&self) -> Bitboard {
        self.geometry.board & !(self.white | self.black)
    }
    #[inline(always)]
    /// Squares topped by a wall.
    pub fn walls(&self) -> Bitboard {
        self.walls
    }
    #[inline(always)]
    /// Squares topped by a capstone.
    pub fn caps(&self) -> Bitboard {
        self.caps
    }
    /// Squares topped by `color`'s flats.
    #[inline(always)]
    pub fn flats(&self, color: Color) -> Bitboard {
        self.controlled(color) & !(self.walls | self.caps)
    }
    /// Squares that count for `color`'s roads: flats and capstones on top.
    #[inline(always)]
    pub fn road_squares(&self, color: Color) -> Bitboard {
        self.controlled(color) & !self.walls
    }
    /// Number of pieces on `sq`.
    #[inline(always)]
    pub fn height(&self, sq: Square) -> usize {
        self.heights[sq.index()] as usize
    }
    /// The colour of the piece at `level` (0 = bottom) on `sq`; `level < height`.
    pub fn color_at(&self, sq: Square, level: usize) -> Color {
        Color::from_bit(self.stacks.bit(sq.index(), level))
    }
    /// The colours of the stack on `sq` as bits, bottom = bit 0, set = Black.
    #[inline(always)]
    pub fn stack_bits(&self, sq: Square) -> u128 {
        self.stacks.get(sq.index())
    }
    /// Top piece of `sq`: colour and kind, or `None` when empty.
    pub fn top(&self, sq: Square) -> Option<(Color, PieceKind)> {
        let h = self.height(sq);
        if h == 0 {
            return None;
        }
        let kind = if self.walls.contains(sq) {
            PieceKind::Wall
        } else if self.caps.contains(sq) {
            PieceKind::Cap
        } else {
            PieceKind::Flat
        };
        Some((self.color_at(sq, h - 1), kind))
    }

    /// The flat-count margin D = 2(W − B) − K of `docs/rules.md`.
    pub fn flat_margin(&self) -> i32 {
        let w = self.flats(Color::White).count() as i32;
        let b = self.flats(Color::Black).count() as i32;
        2 * (w - b) - self.half_komi
    }

    /// True when the board is full or either reserve is empty (a flat count is due
    /// if there is no road).
    #[inline]
    pub fn flat_end_reached(&self) -> bool {
        self.empty().is_empty()
            || self.pieces_left(Color::White) == 0
            || self.pieces_left(Color::Black) == 0
    }

    /// The game-end rules in order: roads (the player who made the last ply wins a
    /// double road), then the flat count. `None` while the game goes on.
    pub fn result(&self) -> Option<GameResult> {
        let mover = self.to_move.opponent();
        if self.has_road(mover) {
            return Some(GameResult::Road(mover));
        }
        if self.has_road(self.to_move) {
            return Some(GameResult::Road(self.to_move));
        }
        if self.flat_end_reached() {
            let d = self.flat_margin();
            return Some(match d.signum() {
                1 => GameResult::Flats(Color::White),
                -1 => GameResult::Flats(Color::Black),
                _ => GameResult::Draw,
            });
        }
        None
    }

    /// True when the game is over (same rules as `result`, without building it).
    #[inline]
    pub fn is_over(&self) -> bool {
        self.flat_end_reached() || self.has_road(Color::White) || self.has_road(Color::Black)
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.geometry.size == other.geometry.size
            && self.white == other.white
            && self.black == other.black
            && self.walls == other.walls
            && self.caps == other.caps
            && self.heights == other.heights
            && self.stacks == other.stacks
            && self.stones == other.stones
            && self.capstones == other.capstones
            && self.reserves == other.reserves
            && self.to_move == other.to_move
            && self.ply == other.ply
            && self.hash == other.hash
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Rows from the top, each square's stack bottom to top (`1`/`2`, then
        // `S`/`C` for a wall or capstone on top), `x` when empty: readable
        // without the notation layer, and close to TPS.
        let n = self.size();
        let mut rows = Vec::with_capacity(n);
        for rank in (0..n).rev() {
            let cells: Vec<String> = (0..n)
                .map(|file| {
                    let sq = Square::new(file, rank);
                    let h = self.height(sq);
                    if h == 0 {
                        return "x".to_string();
                    }
                    let mut cell: String = (0..h).map(|i| self.color_at(sq, i).digit()).collect();
                    match self.top(sq).map(|(_, kind)| kind) {
                        Some(PieceKind::Wall) => cell.push('S'),
                        Some(PieceKind::Cap) => cell.push('C'),
                        _ => {}
                    }
                    cell
                })
                .collect();
            rows.push(cells.join(","));
        }
        write!(
            f,
            "Position({} {} {})",
            rows.join("/"),
            self.to_move().digit(),
            self.move_number()
        )
    }
}
