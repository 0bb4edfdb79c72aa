//! Immediate road wins: squares where one placement completes a road (pure
//! bitboards), and spreads that complete one (made and tested, behind a cheap
//! reachability filter).

use super::MoveList;
use crate::board::{flood, Bitboard, Color, Direction, PieceKind, Position, Square};
use crate::moves::Move;

/// True when `area` connects two opposite edges.
fn connects(pos: &Position, area: Bitboard) -> bool {
    let g = pos.geometry();
    (area.intersects(g.left) && flood(area & g.left, area).intersects(g.right))
        || (area.intersects(g.bottom) && flood(area & g.bottom, area).intersects(g.top))
}

impl Position {
    /// Empty squares where a flat or capstone of `color` would complete a road:
    /// those that touch (or lie on) both ends of an edge pair through `color`'s
    /// road groups.
    pub fn road_completing_squares(&self, color: Color) -> Bitboard {
        let g = self.geometry();
        let area = self.road_squares(color);
        let reach = |edge: Bitboard| (flood(area & edge, area).neighbours() | edge) & g.board;
        let across = reach(g.left) & reach(g.right);
        let along = reach(g.bottom) & reach(g.top);
        (across | along) & self.empty()
    }

    /// True when the side to move has a placement that completes its road now.
    pub fn has_placement_win(&self, color: Color) -> bool {
        let can_place = self.ply() >= 2 && self.stones(color) + self.capstones(color) > 0;
        can_place && !self.road_completing_squares(color).is_empty()
    }

    /// True when `color` could end the game on flats with its next ply: its last
    /// piece, or a ply onto the last empty square.
    pub fn can_end_on_flats(&self, color: Color) -> bool {
        self.stones(color) as u32 + self.capstones(color) as u32 <= 1 || self.empty().count() <= 1
    }

    /// A move that wins on the spot for the side to move — by a road, or by ending
    /// the game with the flat count ahead — if any.
    pub fn winning_move(&mut self, scratch: &mut MoveList) -> Option<Move> {
        if self.in_swap() {
            return None;
        }
        self.road_win(scratch)
            .or_else(|| self.flat_end_win(scratch))
    }

    /// A ply that ends the game on flats in the mover's favour.
    fn flat_end_win(&mut self, scratch: &mut MoveList) -> Option<Move> {
        let me = self.to_move();
        if !self.can_end_on_flats(me) {
            return None;
        }
        let last_square = self.empty().count() == 1;
        self.legal_moves(scratch);
        for &mv in scratch.iter() {
            if mv.is_spread() && !last_square {
                continue;
            }
            let undo = self.make(mv);
            let result = self.result();
            self.unmake(mv, undo);
            if result.and_then(|r| r.winner()) == Some(me) {
                return Some(mv);
            }
        }
        None
    }

    /// A ply that completes a road for the side to move.
    fn road_win(&mut self, scratch: &mut MoveList) -> Option<Move> {
        let me = self.to_move();
        let squares = self.road_completing_squares(me);
        if let Some(sq) = squares.squares().next() {
            if self.stones(me) > 0 {
                return Some(Move::place(sq, PieceKind::Flat));
            }
            if self.capstones(me) > 0 {
                return Some(Move::place(sq, PieceKind::Cap));
            }
        }
        let road = self.road_squares(me);
        if !connects(self, road | self.spread_reach(me)) {
            return None;
        }
        scratch.clear();
        self.spreads(scratch);
        // Spreads come grouped by start square and direction: test each group's
        // reach once and skip groups that cannot complete a road.
        let mut group = None;
        let mut group_can_win = false;
        for &mv in scratch.iter() {
            let key = (mv.square(), mv.direction());
            if group != Some(key) {
                group = Some(key);
                let reach = self.ray_reach(mv.square(), mv.direction());
                group_can_win = connects(self, road | reach);
            }
            if !group_can_win {
                continue;
            }
            let undo = self.make(mv);
            let wins = self.has_road(me);
            self.unmake(mv, undo);
            if wins {
                return Some(mv);
            }
        }
        None
    }

    /// A superset of the squares `color`'s spreads can change: its stacks and every
    /// square within carry range along the rays from them.
    fn spread_reach(&self, color: Color) -> Bitboard {
        let mut reach = Bitboard::EMPTY;
        for sq in self.controlled(color).squares() {
            for dir in Direction::ALL {
                reach |= self.ray_reach(sq, dir);
            }
        }
        reach
    }

    /// The squares spreads from `sq` towards `dir` can change: `sq` itself and the
    /// squares within carry range before a capstone or the edge.
    fn ray_reach(&self, sq: Square, dir: Direction) -> Bitboard {
        let n = self.size();
        let mut reach = sq.bit();
        let mut s = sq;
        for _ in 0..self.height(sq).min(n) {
            match s.step(dir, n) {
                Some(next) if !self.caps().contains(next) => {
                    reach |= next.bit();
                    s = next;
                }
                _ => break,
            }
        }
        reach
    }
}
