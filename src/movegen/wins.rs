//! Immediate road wins: squares where one placement completes a road (pure
//! bitboards), and spreads that complete one (the road after each spread worked out
//! on bitboards from the carried colours, behind a cheap reachability filter).

use super::{free_run, MoveList, SPREADS};
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
        let can_place = self.ply() >= 2 && self.pieces_left(color) > 0;
        can_place && !self.road_completing_squares(color).is_empty()
    }

    /// True when `color` could end the game on flats with its next ply: its last
    /// piece, or a ply that may fill the board.
    pub fn can_end_on_flats(&self, color: Color) -> bool {
        self.pieces_left(color) <= 1 || self.board_may_fill()
    }

    /// True when one ply might fill every empty square: one is left, or fewer than
    /// the board's size and all in one row or column (a spread drops on a line).
    pub fn board_may_fill(&self) -> bool {
        let empty = self.empty();
        let count = empty.count() as usize;
        if count <= 1 {
            return true;
        }
        let Some(first) = empty.squares().next().filter(|_| count < self.size()) else {
            return false;
        };
        let rank = Bitboard(0xFF << (8 * first.rank()));
        let file = Bitboard(0x0101_0101_0101_0101 << first.file());
        (empty & !rank).is_empty() || (empty & !file).is_empty()
    }

    /// True when `color`'s next ply could end the game on flats without losing the
    /// count: a ply may fill the board (`board_may_fill`, taken as a threat
    /// whatever the count), or `color` has one piece left and placing it — as a
    /// flat when it has a stone — would leave it level or ahead, komi included.
    pub fn flat_end_threat(&self, color: Color) -> bool {
        if self.board_may_fill() {
            return true;
        }
        if self.pieces_left(color) > 1 {
            return false;
        }
        let white_margin = self.flat_margin();
        let margin = match color {
            Color::White => white_margin,
            Color::Black => -white_margin,
        };
        let placed_flat = if self.stones(color) > 0 { 2 } else { 0 };
        margin + placed_flat >= 0
    }

    /// A move that wins on the spot for the side to move — by a road, or by ending
    /// the game with the flat count ahead — if any.
    pub fn winning_move(&mut self, scratch: &mut MoveList) -> Option<Move> {
        if self.in_swap() {
            return None;
        }
        self.road_win().or_else(|| self.flat_end_win(scratch))
    }

    /// A ply that ends the game on flats in the mover's favour.
    fn flat_end_win(&mut self, scratch: &mut MoveList) -> Option<Move> {
        let me = self.to_move();
        if !self.can_end_on_flats(me) {
            return None;
        }
        let spreads_may_fill = self.board_may_fill();
        self.legal_moves(scratch);
        for &mv in scratch.iter() {
            if mv.is_spread() && !spreads_may_fill {
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
    fn road_win(&self) -> Option<Move> {
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
        self.spread_road_win(me, road)
    }

    /// A spread that completes a road for `me`, found without making moves: a
    /// spread changes only the tops of its start square and the squares it drops
    /// on, and which of those become `me`'s road squares follows from the carried
    /// pieces' colours and the drop mask alone.
    fn spread_road_win(&self, me: Color, road: Bitboard) -> Option<Move> {
        let blockers = self.walls() | self.caps();
        let n = self.size();
        let black = me == Color::Black;
        for sq in self.controlled(me).squares() {
            let h = self.height(sq);
            let carry = h.min(n);
            let is_cap = self.caps().contains(sq);
            let moves_wall = self.walls().contains(sq);
            // Colour bits of the top `carry` pieces, bottom first, set = `me`'s.
            let stack = self.stack_bits(sq);
            let all_mine = if black { stack } else { !stack };
            let mine = (all_mine >> (h - carry)) as u32 & ((1u32 << carry) - 1);
            for dir in Direction::ALL {
                let (dist, wall) = free_run(self, sq, dir, blockers);
                let flatten = is_cap && wall;
                let reach = dist + flatten as usize;
                if reach == 0 {
                    continue;
                }
                // The ray's squares, nearest first.
                let mut ray = [Bitboard::EMPTY; 8];
                let mut ray_all = Bitboard::EMPTY;
                let mut s = sq;
                for slot in ray.iter_mut().take(reach) {
                    s = s.step(dir, n).expect("free run stays on the board");
                    *slot = s.bit();
                    ray_all |= s.bit();
                }
                if !connects(self, road | ray_all | sq.bit()) {
                    continue;
                }
                let masks = SPREADS.masks(carry, dist);
                let flat_masks = if flatten {
                    SPREADS.flatten_masks(carry, dist)
                } else {
                    &[]
                };
                // The road bits of the start square (bit 0) and the ray (bits
                // 1..) before the spread; a spread rewrites some of them, and
                // spreads that leave the same pattern need one road test.
                let mut before = road.contains(sq) as usize;
                for (i, &square) in ray.iter().take(reach).enumerate() {
                    before |= (road.intersects(square) as usize) << (i + 1);
                }
                let mut tested = [0u64; 8];
                let outside = road & !(ray_all | sq.bit());
                for &mask in masks.iter().chain(flat_masks) {
                    let count = 8 - mask.leading_zeros() as usize;
                    // The piece left on top of the start square is a flat.
                    let start_mine = count < h && ((all_mine >> (h - count - 1)) & 1 == 1);
                    let mut pattern = (before & !1) | start_mine as usize;
                    let mut bits = mask as u32;
                    let mut i = 1;
                    while bits != 0 {
                        let top = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        // Carried piece `top` counted from the bottom of the
                        // `count` lifted ones: in `mine` it sits `carry - count` higher.
                        let owned = (mine >> (top + carry - count)) & 1 == 1;
                        let road_top = owned && !(bits == 0 && moves_wall);
                        pattern = (pattern & !(1 << i)) | (road_top as usize) << i;
                        i += 1;
                    }
                    if tested[pattern / 64] >> (pattern % 64) & 1 == 1 {
                        continue;
                    }
                    tested[pattern / 64] |= 1 << (pattern % 64);
                    let mut after = outside;
                    if pattern & 1 == 1 {
                        after |= sq.bit();
                    }
                    for (j, &square) in ray.iter().take(reach).enumerate() {
                        if pattern >> (j + 1) & 1 == 1 {
                            after |= square;
                        }
                    }
                    if connects(self, after) {
                        return Some(Move::spread(sq, dir, mask));
                    }
                }
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

#[cfg(test)]
mod tests {
    use super::MoveList;
    use crate::board::Position;
    use crate::notation::tps::write_tps;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// Every spread made and tested: does one complete the mover's road?
    fn brute_force_spread_win(pos: &mut Position) -> bool {
        let me = pos.to_move();
        let mut moves = MoveList::new();
        pos.spreads(&mut moves);
        moves.iter().any(|&mv| {
            let undo = pos.make(mv);
            let wins = pos.has_road(me);
            pos.unmake(mv, undo);
            wins
        })
    }

    /// Random games on small boards, where reserves run out and the board fills.
    /// Every ply is made and its result read: whenever one (a placement or a
    /// spread) ends the game on flats level or ahead for the mover,
    /// `flat_end_threat` says so; while no spread can fill the board, it holds
    /// exactly when placing the last piece would, and never while more than one
    /// piece is left.
    #[test]
    fn flat_end_threat_covers_every_flat_ending() {
        use crate::board::GameResult;
        let mut rng = StdRng::seed_from_u64(11);
        let mut moves = MoveList::new();
        let (mut endings, mut by_spread, mut quiet, mut behind) = (0, 0, 0, 0);
        for game in 0..2000 {
            let size = 3 + game % 3;
            let mut pos = Position::start(size).expect("size");
            pos.set_half_komi(game as i32 % 5 - 2);
            while pos.result().is_none() {
                let me = pos.to_move();
                pos.legal_moves(&mut moves);
                let mut own_road = false;
                let mut ending = None;
                for &mv in moves.iter() {
                    let undo = pos.make(mv);
                    let result = pos.result();
                    pos.unmake(mv, undo);
                    own_road |= result == Some(GameResult::Road(me));
                    let level_or_ahead = matches!(result, Some(GameResult::Flats(c)) if c == me)
                        || result == Some(GameResult::Draw);
                    if level_or_ahead && ending.is_none_or(|m: crate::moves::Move| m.is_spread()) {
                        ending = Some(mv);
                    }
                }
                if let Some(mv) = ending {
                    endings += 1;
                    by_spread += (mv.is_spread() && pos.empty().count() > 1) as usize;
                    assert!(pos.flat_end_threat(me), "{}", write_tps(&pos));
                }
                let pieces = pos.pieces_left(me);
                let no_fill = pos.empty().count() as usize >= size;
                if pieces == 1 && no_fill && !own_road {
                    // Only a placement ends it: the threat is exactly that.
                    assert_eq!(pos.flat_end_threat(me), ending.is_some());
                    behind += ending.is_none() as usize;
                }
                if pieces > 1 && no_fill {
                    quiet += 1;
                    assert!(!pos.flat_end_threat(me), "{}", write_tps(&pos));
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                pos.make(mv);
            }
        }
        assert!(
            endings > 200 && by_spread > 20 && quiet > 1000 && behind > 50,
            "{endings} endings ({by_spread} by a spread filling 2+ squares), {quiet} quiet, {behind} behind"
        );
    }

    /// Random games on every size: the bitboard spread finder agrees with making
    /// every spread, and the spread it names really completes a road.
    #[test]
    fn spread_road_win_matches_making_every_spread() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut moves = MoveList::new();
        let mut found = 0;
        for game in 0..600 {
            let size = 3 + game % 6;
            let mut pos = Position::start(size).expect("size");
            // Mostly spreads once the board fills, so tall stacks appear.
            while pos.result().is_none() && pos.ply() < 300 {
                let me = pos.to_move();
                let expected = !pos.in_swap() && brute_force_spread_win(&mut pos);
                let got = if pos.in_swap() {
                    None
                } else {
                    pos.spread_road_win(me, pos.road_squares(me))
                };
                assert_eq!(got.is_some(), expected, "{}", write_tps(&pos));
                if expected && !pos.has_placement_win(me) {
                    // Through the reach filter too.
                    assert!(pos.road_win().is_some_and(|m| m.is_spread()));
                }
                if let Some(mv) = got {
                    found += 1;
                    assert!(pos.is_legal(mv));
                    let undo = pos.make(mv);
                    assert!(pos.has_road(me), "{}", mv.to_bits());
                    pos.unmake(mv, undo);
                }
                pos.legal_moves(&mut moves);
                let spreads: Vec<_> = moves.iter().filter(|m| m.is_spread()).collect();
                let mv = if !spreads.is_empty() && rng.gen_bool(0.7) {
                    *spreads[rng.gen_range(0..spreads.len())]
                } else {
                    moves[rng.gen_range(0..moves.len())]
                };
                pos.make(mv);
            }
        }
        assert!(found > 500, "only {found} spread wins met");
    }
}
