//! The evaluation's features: integer measures of a position from White's point
//! of view (White's measure minus Black's, or signed by who it favours). Each
//! measure has two weights, one for the start of the game and one for its end,
//! blended by the game's progress (tapered evaluation); the tuner sees that as
//! two features per measure, scaled by how far the game has gone, and fits the
//! weights by regression on the same numbers the engine evaluates.

use super::layout::{offset, slot_name, total, Block};
use super::roads::{blocked_line_squares, line_fill, road_distance, widest_span};
use super::squares::{centre_sum, count_by_class};
use crate::board::{Bitboard, Color, Direction, Position, MAX_SIZE};

/// The largest road distance with a measure of its own.
const DISTANCE_LIMIT: usize = 5;
/// The narrowest span and the shortest distance with a measure of their own.
const SPAN_FIRST: usize = 2;
const DISTANCE_FIRST: usize = 2;

/// The measures in weight-row order, each a block of one or more slots: the
/// one list their indices (the constants below) and names come from.
const LAYOUT: [Block; 29] = [
    Block::one("flats"),
    Block::one("flats_endgame"),
    Block::one("reserves"),
    Block::one("reserves_endgame"),
    Block::one("walls"),
    Block::one("caps"),
    Block::one("reserve_under_own"),
    Block::one("captives"),
    Block::one("centre"),
    Block::one("tempo"),
    Block::one("threat_one"),
    Block::one("threat_many"),
    Block::numbered("span", SPAN_FIRST, MAX_SIZE + 1 - SPAN_FIRST),
    Block::numbered(
        "distance",
        DISTANCE_FIRST,
        DISTANCE_LIMIT + 1 - DISTANCE_FIRST,
    ),
    Block::numbered("line", 1, MAX_SIZE),
    Block::one("wall_block"),
    Block::one("cap_attack"),
    Block::one("groups"),
    Block::one("line_blocked"),
    Block::one("cap_on_own"),
    Block::one("cap_mobility"),
    Block::one("stack_reach"),
    Block::one("tempo_endgame"),
    Block::one("reserve_under_hard"),
    Block::one("captives_under_hard"),
    Block::one("edge_flats"),
    Block::one("flats_exposed"),
    Block::classes("flat_at"),
    Block::classes("cap_at"),
];

/// The flat margin in half-flats, komi included: 2(W − B) − K.
const FLATS: usize = offset(&LAYOUT, "flats");
/// The flat margin times the endgame pressure (0 early, 100 when the emptier
/// reserve or the board has run out).
const FLATS_ENDGAME: usize = offset(&LAYOUT, "flats_endgame");
/// Stones left in reserve.
const RESERVES: usize = offset(&LAYOUT, "reserves");
/// Stones left in reserve times the endgame pressure.
const RESERVES_ENDGAME: usize = offset(&LAYOUT, "reserves_endgame");
/// Walls on top.
const WALLS: usize = offset(&LAYOUT, "walls");
/// Capstones on the board.
const CAPS: usize = offset(&LAYOUT, "caps");
/// Own pieces buried under an own top.
const RESERVE_UNDER_OWN: usize = offset(&LAYOUT, "reserve_under_own");
/// Opponent pieces held captive under an own top.
const CAPTIVES: usize = offset(&LAYOUT, "captives");
/// Closeness to the centre of the flats and capstones on top.
const CENTRE: usize = offset(&LAYOUT, "centre");
/// +1 when White is to move, −1 when Black is.
const TEMPO: usize = offset(&LAYOUT, "tempo");
/// Exactly one square where a placement completes a road.
const THREAT_ONE: usize = offset(&LAYOUT, "threat_one");
/// Two or more such squares.
const THREAT_MANY: usize = offset(&LAYOUT, "threat_many");
/// The widest span of one road group is k squares, k = 2..=8.
const SPAN: usize = offset(&LAYOUT, "span");
/// The fewest placements a road still needs is d, d = 2..=5.
const DISTANCE: usize = offset(&LAYOUT, "distance");
/// Rows and columns holding exactly k road squares, k = 1..=8.
const LINE: usize = offset(&LAYOUT, "line");
/// Walls next to an enemy road square.
const WALL_BLOCK: usize = offset(&LAYOUT, "wall_block");
/// Enemy flats next to an own capstone.
const CAP_ATTACK: usize = offset(&LAYOUT, "cap_attack");
/// Separate road groups (fewer, larger groups are nearer a road).
const GROUPS: usize = offset(&LAYOUT, "groups");
/// Road squares counted once per own row and column that holds an enemy wall
/// or capstone (lines a road cannot simply run along).
const LINE_BLOCKED: usize = offset(&LAYOUT, "line_blocked");
/// Own capstones sitting on an own piece.
const CAP_ON_OWN: usize = offset(&LAYOUT, "cap_on_own");
/// Squares next to own capstones that hold no capstone (where they can go).
const CAP_MOBILITY: usize = offset(&LAYOUT, "cap_mobility");
/// Enemy flats that an own-topped stack of two or more could reach in a spread
/// along a row or column (no farther than its height, walls and capstones stop it).
const STACK_REACH: usize = offset(&LAYOUT, "stack_reach");
/// Tempo times the endgame pressure: the move matters most in the flat race.
const TEMPO_ENDGAME: usize = offset(&LAYOUT, "tempo_endgame");
/// Own pieces buried under an own wall or capstone (a stack hard to take).
const RESERVE_UNDER_HARD: usize = offset(&LAYOUT, "reserve_under_hard");
/// Opponent pieces held captive under an own wall or capstone.
const CAPTIVES_UNDER_HARD: usize = offset(&LAYOUT, "captives_under_hard");
/// Own flats on top on the edge of the board.
const EDGE_FLATS: usize = offset(&LAYOUT, "edge_flats");
/// Own flats on top next to an enemy-topped stack of two or more (flats such a
/// stack can cover in one spread).
const FLATS_EXPOSED: usize = offset(&LAYOUT, "flats_exposed");
/// Own flats on top per square class (`squares.rs`), one measure per class.
const FLAT_AT: usize = offset(&LAYOUT, "flat_at");
/// Own capstones on top per square class.
const CAP_AT: usize = offset(&LAYOUT, "cap_at");
/// How many measures there are.
pub(crate) const MEASURES: usize = total(&LAYOUT);
/// How many features (weights per size) there are: measure `i` weighs in at the
/// start of the game as feature `i` and at its end as feature `MEASURES + i`.
pub(crate) const COUNT: usize = 2 * MEASURES;
/// Game progress runs from 0 (start) to `PHASE_SCALE` (a reserve or the board
/// used up); the two weights of a measure are blended in that proportion.
pub const PHASE_SCALE: i32 = 64;

/// The name of measure `i`, as the weights files and `explain` show it.
pub(crate) fn measure_name(i: usize) -> String {
    slot_name(&LAYOUT, i).unwrap_or_else(|| format!("measure_{i}"))
}

/// A name per feature, for the tuner's report and the weights file: the
/// measure's name, with `_end` for its end-of-game weight.
pub(crate) fn name(i: usize) -> String {
    if i >= MEASURES {
        return format!("{}_end", measure_name(i - MEASURES));
    }
    measure_name(i)
}

/// Game progress, 0..=100: how close the emptier reserve or the board is to
/// running out.
pub(crate) fn progress(pos: &Position) -> i32 {
    let g = pos.geometry();
    // Each player's reserve against what that player started with (the game's
    // own counts, standard or custom); the emptier one counts.
    let reserves = pos.reserves();
    let used_up = |c: Color| {
        let start = reserves.pieces(c) as i32;
        let left = pos.pieces_left(c) as i32;
        100 - 100 * left.min(start) / start.max(1)
    };
    let n2 = (g.size * g.size) as i32;
    let empty = pos.empty().count() as i32;
    let reserve_pressure = used_up(Color::White).max(used_up(Color::Black));
    let board_pressure = 100 - 100 * empty / n2;
    reserve_pressure.max(board_pressure)
}

/// Endgame pressure, 0..=100: the game's progress squared, so it matters only
/// near the end.
fn pressure(progress: i32) -> i32 {
    progress * progress / 100
}

/// One side's road facts as the measures found them, kept whole for the
/// learned correction (`net.rs`), which can combine them with the rest of the
/// board where the weighted sum only adds them up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RoadFacts {
    /// Squares where a placement completes a road.
    pub threats: u32,
    /// The widest span of one road group, in squares.
    pub span: usize,
    /// Separate road groups.
    pub groups: usize,
    /// The fewest placements a road still needs, when no placement completes
    /// one and it needs at most `DISTANCE_LIMIT`.
    pub distance: Option<usize>,
}

/// Adds `color`'s measures into `out` with `sign` (+1 White, −1 Black) and
/// returns its road facts; `completing` is `pos.road_completing_squares(color)`.
fn side(
    pos: &Position,
    color: Color,
    completing: Bitboard,
    sign: i32,
    out: &mut [i32; MEASURES],
) -> RoadFacts {
    let mine = pos.controlled(color);
    let theirs = pos.controlled(color.opponent());
    let my_walls = mine & pos.walls();
    let my_caps = mine & pos.caps();
    out[WALLS] += sign * my_walls.count() as i32;
    out[CAPS] += sign * my_caps.count() as i32;
    let hard = pos.walls() | pos.caps();
    let (mut own, mut captive, mut own_hard, mut captive_hard) = (0, 0, 0, 0);
    for sq in mine.squares() {
        let h = pos.height(sq);
        if h > 1 {
            let bits = pos.stack_bits(sq) & ((1u128 << (h - 1)) - 1);
            let black = bits.count_ones() as i32;
            let below = h as i32 - 1;
            let (o, c) = match color {
                Color::White => (below - black, black),
                Color::Black => (black, below - black),
            };
            own += o;
            captive += c;
            if hard.contains(sq) {
                own_hard += o;
                captive_hard += c;
            }
        }
    }
    out[RESERVE_UNDER_OWN] += sign * own;
    out[CAPTIVES] += sign * captive;
    out[RESERVE_UNDER_HARD] += sign * own_hard;
    out[CAPTIVES_UNDER_HARD] += sign * captive_hard;
    let g = pos.geometry();
    let my_flats = pos.flats(color);
    out[EDGE_FLATS] += sign * (my_flats & (g.left | g.right | g.bottom | g.top)).count() as i32;
    out[FLATS_EXPOSED] += sign * (my_flats & tall_stacks(pos, theirs).neighbours()).count() as i32;
    count_by_class(my_flats, g.size, sign, &mut out[FLAT_AT..CAP_AT]);
    count_by_class(my_caps, g.size, sign, &mut out[CAP_AT..MEASURES]);
    let road = pos.road_squares(color);
    let (span, groups) = widest_span(pos, road);
    if span >= SPAN_FIRST {
        out[SPAN + span - SPAN_FIRST] += sign;
    }
    out[GROUPS] += sign * groups as i32;
    out[CENTRE] += sign * centre_sum(road, g.size);
    let threats = completing.count();
    match threats {
        0 => {}
        1 => out[THREAT_ONE] += sign,
        _ => out[THREAT_MANY] += sign,
    }
    let mut distance = None;
    if threats == 0 {
        distance = road_distance(pos, color, DISTANCE_LIMIT);
        if let Some(d) = distance {
            if d >= DISTANCE_FIRST {
                out[DISTANCE + d - DISTANCE_FIRST] += sign;
            }
        }
    }
    line_fill(pos, road, sign, &mut out[LINE..WALL_BLOCK]);
    let enemy_road = pos.road_squares(color.opponent());
    out[WALL_BLOCK] += sign * (my_walls & enemy_road.neighbours()).count() as i32;
    let enemy_flats = pos.flats(color.opponent());
    out[CAP_ATTACK] += sign * (enemy_flats & my_caps.neighbours()).count() as i32;
    out[LINE_BLOCKED] += sign * blocked_line_squares(pos, road, theirs & hard);
    let board = pos.geometry().board;
    out[CAP_MOBILITY] += sign * (my_caps.neighbours() & board & !pos.caps()).count() as i32;
    let cap_on_own = my_caps
        .squares()
        .filter(|&sq| {
            let h = pos.height(sq);
            h > 1 && pos.color_at(sq, h - 2) == color
        })
        .count();
    out[CAP_ON_OWN] += sign * cap_on_own as i32;
    out[STACK_REACH] += sign * stack_reach(pos, mine, enemy_flats);
    RoadFacts {
        threats,
        span,
        groups,
        distance,
    }
}

/// The squares of `area` holding two or more pieces.
fn tall_stacks(pos: &Position, area: Bitboard) -> Bitboard {
    area.squares()
        .filter(|&sq| pos.height(sq) > 1)
        .fold(Bitboard::EMPTY, |acc, sq| acc | sq.bit())
}

/// Enemy flats within spread reach of the tall stacks in `mine`.
fn stack_reach(pos: &Position, mine: Bitboard, enemy_flats: Bitboard) -> i32 {
    let stoppers = pos.walls() | pos.caps();
    let n = pos.size();
    let mut reached = Bitboard::EMPTY;
    for sq in mine.squares() {
        let h = pos.height(sq).min(n);
        if h < 2 {
            continue;
        }
        for dir in Direction::ALL {
            let mut at = sq;
            for _ in 0..h {
                match at.step(dir, n) {
                    Some(to) if !stoppers.contains(to) => {
                        reached |= to.bit();
                        at = to;
                    }
                    _ => break,
                }
            }
        }
    }
    (reached & enemy_flats).count() as i32
}

/// Every measure of `pos`, from White's point of view, and the game's phase
/// (0..=`PHASE_SCALE`).
pub(crate) fn measures(pos: &Position) -> ([i32; MEASURES], i32) {
    measures_with(pos, completing_squares(pos))
}

/// The squares where a placement would complete a road, White's first.
pub(crate) fn completing_squares(pos: &Position) -> [Bitboard; 2] {
    [Color::White, Color::Black].map(|c| pos.road_completing_squares(c))
}

/// `measures` when the squares where a placement would complete a road are
/// known already, White's first (the search has them from its win test).
pub(crate) fn measures_with(pos: &Position, completing: [Bitboard; 2]) -> ([i32; MEASURES], i32) {
    let (m, phase, _) = measures_and_roads(pos, completing);
    (m, phase)
}

/// `measures_with` and each side's road facts, White's first.
pub(crate) fn measures_and_roads(
    pos: &Position,
    completing: [Bitboard; 2],
) -> ([i32; MEASURES], i32, [RoadFacts; 2]) {
    let mut out = [0; MEASURES];
    let progress = progress(pos);
    let p = pressure(progress);
    let margin = pos.flat_margin();
    out[FLATS] = margin;
    out[FLATS_ENDGAME] = margin * p;
    let reserves = pos.stones(Color::White) as i32 - pos.stones(Color::Black) as i32;
    out[RESERVES] = reserves;
    out[RESERVES_ENDGAME] = reserves * p;
    out[TEMPO] = match pos.to_move() {
        Color::White => 1,
        Color::Black => -1,
    };
    out[TEMPO_ENDGAME] = out[TEMPO] * p;
    let white = side(pos, Color::White, completing[0], 1, &mut out);
    let black = side(pos, Color::Black, completing[1], -1, &mut out);
    (out, progress * PHASE_SCALE / 100, [white, black])
}
