//! Immediate wins for the side to move. Road wins: squares where one placement
//! completes a road (pure bitboards), and spreads that complete one (the road after
//! each spread worked out on bitboards from the carried colours, only for lines
//! that join road groups on opposite edges). Flat wins: the last placement judged
//! by the count, and spreads made only when they drop on every empty square.

use super::{free_run, MoveList, SPREADS};
use crate::board::{flood, Bitboard, Color, Direction, PieceKind, Position, Square};
use crate::board::{GameResult, Move};

/// True when `area` connects two opposite edges.
fn connects(pos: &Position, area: Bitboard) -> bool {
    let g = pos.geometry();
    (area.intersects(g.left) && flood(area & g.left, area).intersects(g.right))
        || (area.intersects(g.bottom) && flood(area & g.bottom, area).intersects(g.top))
}

/// The first `k` squares from `sq` (not counted) towards `dir`; `k` must not pass
/// the edge.
fn ray_prefix(pos: &Position, sq: Square, dir: Direction, k: usize) -> Bitboard {
    let i = sq.index() & 63;
    let ray = pos.geometry().rays[i][dir as usize & 3];
    let step = match dir {
        Direction::Up | Direction::Down => 8,
        Direction::Left | Direction::Right => 1,
    };
    let span = step * k;
    let within = match dir {
        // Squares up to index i + span.
        Direction::Up | Direction::Right => u64::MAX >> (63 - (i + span).min(63)),
        // Squares from index i - span.
        Direction::Down | Direction::Left => u64::MAX << (i - span),
    };
    ray & Bitboard(within)
}

/// The road groups that touch each edge, worked out once (four flood fills) for
/// both the placements that complete a road and the spreads that might.
struct EdgeGroups {
    /// The edges: left, right, bottom, top.
    edges: [Bitboard; 4],
    /// Per edge, every road square connected to it.
    groups: [Bitboard; 4],
    /// Per edge, its group and the edge itself: what a joining line must touch.
    targets: [Bitboard; 4],
}

impl EdgeGroups {
    fn new(pos: &Position, road: Bitboard) -> EdgeGroups {
        let g = pos.geometry();
        let edges = [g.left, g.right, g.bottom, g.top];
        let groups = edges.map(|edge| flood(road & edge, road));
        let targets = [0, 1, 2, 3].map(|e| groups[e] | edges[e]);
        EdgeGroups {
            edges,
            groups,
            targets,
        }
    }

    /// True when the road plus `line`, a connected set of squares, connects two
    /// opposite edges (the same answer as `connects(pos, road | line)` when the
    /// road alone does not). `line` joins every group it touches or lies beside.
    fn joined_by(&self, line: Bitboard) -> bool {
        self.joined_near(line | line.neighbours())
    }

    /// `joined_by` for a line given with its neighbours (`near`).
    fn joined_near(&self, near: Bitboard) -> bool {
        let [left, right, bottom, top] = self.targets.map(|t| near.intersects(t));
        (left && right) || (bottom && top)
    }

    /// Empty squares on or beside both ends of an edge pair: one piece there
    /// joins them.
    fn completing(&self, pos: &Position) -> Bitboard {
        let board = pos.geometry().board;
        let [left, right, bottom, top] =
            [0, 1, 2, 3].map(|e| (self.groups[e].neighbours() | self.edges[e]) & board);
        ((left & right) | (bottom & top)) & pos.empty()
    }
}

impl Position {
    /// Empty squares where a flat or capstone of `color` would complete a road:
    /// those that touch (or lie on) both ends of an edge pair through `color`'s
    /// road groups.
    pub fn road_completing_squares(&self, color: Color) -> Bitboard {
        EdgeGroups::new(self, self.road_squares(color)).completing(self)
    }

    /// True when `color` has a placement that completes its road now.
    pub fn has_placement_win(&self, color: Color) -> bool {
        self.places_own_piece(color) && !self.road_completing_squares(color).is_empty()
    }

    /// True when `color`'s next placement would be one of its own pieces: past
    /// the opening swap, with a piece left in reserve.
    pub fn places_own_piece(&self, color: Color) -> bool {
        self.ply() >= 2 && self.pieces_left(color) > 0
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

    /// A ply that ends the game on flats in the mover's favour. `road_win` has
    /// found no road for the mover, and a placement cannot make the opponent's,
    /// so a placement that ends the game is judged by the count alone; a spread
    /// is made and the result read.
    fn flat_end_win(&mut self, scratch: &mut MoveList) -> Option<Move> {
        let me = self.to_move();
        if !self.can_end_on_flats(me) {
            return None;
        }
        let empty = self.empty();
        let placement_ends = self.pieces_left(me) == 1 || empty.count() == 1;
        if let Some(sq) = empty.squares().next().filter(|_| placement_ends) {
            let white_margin = self.flat_margin();
            let margin = match me {
                Color::White => white_margin,
                Color::Black => -white_margin,
            };
            // A flat adds one flat (two half-flats) to the count; a capstone none.
            if self.stones(me) > 0 && margin + 2 > 0 {
                return Some(Move::place(sq, PieceKind::Flat));
            }
            if self.stones(me) == 0 && self.capstones(me) > 0 && margin > 0 {
                return Some(Move::place(sq, PieceKind::Cap));
            }
        }
        if !self.board_may_fill() {
            return None;
        }
        // A spread ends the game only by filling the board (a road for `me` is
        // ruled out, one for the opponent loses): it must drop on every empty square.
        scratch.clear();
        self.spreads(scratch);
        for &mv in scratch.iter() {
            let covered = ray_prefix(self, mv.square(), mv.direction(), mv.drop_count());
            if !(empty & !covered).is_empty() {
                continue;
            }
            let undo = self.make(mv);
            let result = self.result();
            self.unmake(mv, undo);
            if result.and_then(GameResult::winner) == Some(me) {
                return Some(mv);
            }
        }
        None
    }

    /// A ply that completes a road for the side to move, if any (none during
    /// the opening swap, when a placement puts down the opponent's stone).
    pub fn road_winning_move(&self) -> Option<Move> {
        if self.in_swap() {
            return None;
        }
        self.road_win()
    }

    /// True when `color` is in **tak**: it could complete a road with its next
    /// ply if it were its turn (`docs/rules.md` §1.11).
    pub fn is_tak(&mut self, color: Color) -> bool {
        let pass = self.to_move() != color;
        if pass {
            self.make_null();
        }
        let tak = self.road_winning_move().is_some();
        if pass {
            self.unmake_null();
        }
        tak
    }

    /// A ply that completes a road for the side to move.
    fn road_win(&self) -> Option<Move> {
        let me = self.to_move();
        let road = self.road_squares(me);
        let edges = EdgeGroups::new(self, road);
        let squares = edges.completing(self);
        if let Some(sq) = squares.squares().next() {
            if self.stones(me) > 0 {
                return Some(Move::place(sq, PieceKind::Flat));
            }
            if self.capstones(me) > 0 {
                return Some(Move::place(sq, PieceKind::Cap));
            }
        }
        self.spread_road_win(me, road, &edges)
    }

    /// A spread that completes a road for `me`, found without making moves: a
    /// spread changes only the tops of its start square and the squares it drops
    /// on, and which of those become `me`'s road squares follows from the carried
    /// pieces' colours and the drop mask alone.
    fn spread_road_win(&self, me: Color, road: Bitboard, edges: &EdgeGroups) -> Option<Move> {
        let blockers = self.walls() | self.caps();
        let n = self.size();
        let black = me == Color::Black;
        for sq in self.controlled(me).squares() {
            let h = self.height(sq);
            let carry = h.min(n);
            // Every square a spread from here could change, blockers ignored: a
            // connected cross through `sq`. If even all of it cannot join the
            // road's edges, no spread from here wins.
            if !edges.joined_near(self.geometry().near_cross[sq.index() & 63][carry]) {
                continue;
            }
            let is_cap = self.caps().contains(sq);
            let moves_wall = self.walls().contains(sq);
            // Colour bits of the top `carry` pieces, bottom first, set = `me`'s.
            let stack = self.stack_bits(sq);
            let all_mine = if black { stack } else { !stack };
            let mine = (all_mine >> (h - carry)) as u32 & ((1u32 << carry) - 1);
            // The start square stays `me`'s only if one of `me`'s pieces lies at
            // a depth of 1 to `carry` below its top, to be left on top.
            let left_on_top = h.min(carry + 1) - 1;
            let start_may_stay = left_on_top > 0
                && (all_mine >> (h - 1 - left_on_top)) & ((1 << left_on_top) - 1) != 0;
            let start = if start_may_stay {
                sq.bit()
            } else {
                Bitboard::EMPTY
            };
            for dir in Direction::ALL {
                let (dist, wall) = free_run(self, sq, dir, blockers);
                let flatten = is_cap && wall;
                let reach = dist + flatten as usize;
                if reach == 0 {
                    continue;
                }
                // Every square a spread here can make `me`'s, a connected line.
                let dropped_on = ray_prefix(self, sq, dir, reach.min(carry));
                if !edges.joined_by(dropped_on | start) {
                    continue;
                }
                // Even with every square it can change made `me`'s, no road: no
                // spread here wins, and its drop patterns need no look.
                if !connects(self, road | dropped_on | start) {
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
}

#[cfg(test)]
mod tests {
    use super::MoveList;
    use crate::board::{GameResult, Move, Position};
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
                for &mv in &moves {
                    let undo = pos.make(mv);
                    let result = pos.result();
                    pos.unmake(mv, undo);
                    own_road |= result == Some(GameResult::Road(me));
                    let level_or_ahead = matches!(result, Some(GameResult::Flats(c)) if c == me)
                        || result == Some(GameResult::Draw);
                    if level_or_ahead && ending.is_none_or(|m: crate::board::Move| m.is_spread()) {
                        ending = Some(mv);
                    }
                }
                if let Some(mv) = ending {
                    endings += 1;
                    by_spread += (mv.is_spread() && pos.empty().count() > 1) as usize;
                    assert!(pos.flat_end_threat(me), "{pos:?}");
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
                    assert!(!pos.flat_end_threat(me), "{pos:?}");
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

    /// Random games on every size: the squares said to complete a road are
    /// exactly the empty squares whose piece would connect two opposite edges,
    /// for both colours.
    #[test]
    fn road_completing_squares_match_the_definition() {
        use crate::board::Color;
        let mut rng = StdRng::seed_from_u64(3);
        let mut moves = MoveList::new();
        let mut completing = 0;
        for game in 0..600 {
            let size = 3 + game % 6;
            let mut pos = Position::start(size).expect("size");
            while pos.result().is_none() {
                for color in [Color::White, Color::Black] {
                    let road = pos.road_squares(color);
                    let expected: Vec<_> = pos
                        .empty()
                        .squares()
                        .filter(|sq| super::connects(&pos, road | sq.bit()))
                        .collect();
                    let got: Vec<_> = pos.road_completing_squares(color).squares().collect();
                    assert_eq!(got, expected, "{pos:?}");
                    completing += got.len();
                }
                pos.legal_moves(&mut moves);
                let mv = moves[rng.gen_range(0..moves.len())];
                pos.make(mv);
            }
        }
        assert!(
            completing > 1000,
            "only {completing} completing squares met"
        );
    }

    /// Random games on small boards, to their end: `winning_move` finds a win
    /// exactly when making every legal ply finds one, and the ply it names wins.
    #[test]
    fn winning_move_matches_making_every_ply() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut moves = MoveList::new();
        let mut scratch = MoveList::new();
        let (mut by_road, mut by_flats) = (0, 0);
        for game in 0..1500 {
            let size = 3 + game % 4;
            let mut pos = Position::start(size).expect("size");
            pos.set_half_komi(game as i32 % 5 - 2);
            while pos.result().is_none() {
                let me = pos.to_move();
                pos.legal_moves(&mut moves);
                let wins = |pos: &mut Position, mv| {
                    let undo = pos.make(mv);
                    let winner = pos.result().and_then(GameResult::winner);
                    pos.unmake(mv, undo);
                    winner == Some(me)
                };
                let expected = !pos.in_swap() && moves.iter().any(|&mv| wins(&mut pos, mv));
                let got = pos.winning_move(&mut scratch);
                assert_eq!(got.is_some(), expected, "{pos:?}");
                // The search relies on this to skip the mover's road squares in
                // the evaluation: no win found means no placement completes one.
                if got.is_none() && pos.pieces_left(me) > 0 {
                    let squares = pos.road_completing_squares(me);
                    assert!(squares.is_empty(), "{pos:?}");
                }
                if let Some(mv) = got {
                    assert!(pos.is_legal(mv) && wins(&mut pos, mv), "{pos:?}");
                    let undo = pos.make(mv);
                    match pos.result() {
                        Some(GameResult::Road(_)) => by_road += 1,
                        _ => by_flats += 1,
                    }
                    pos.unmake(mv, undo);
                }
                let mv = moves[rng.gen_range(0..moves.len())];
                pos.make(mv);
            }
        }
        assert!(
            by_road > 500 && by_flats > 200,
            "{by_road} road wins, {by_flats} flat wins"
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
                    let road = pos.road_squares(me);
                    pos.spread_road_win(me, road, &super::EdgeGroups::new(&pos, road))
                };
                assert_eq!(got.is_some(), expected, "{pos:?}");
                if expected && !pos.has_placement_win(me) {
                    assert!(pos.road_win().is_some_and(Move::is_spread));
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
