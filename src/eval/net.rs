//! A small learned correction to the evaluation: one hidden layer over sparse
//! facts about the board, seen from the side to move. Each square gives the top
//! piece (own or enemy flat, wall or capstone), how many own and enemy pieces
//! lie under it and whose piece lies right under it; the reserves give how many
//! stones and capstones each side has left; each side's road facts (threats,
//! widest span, groups, distance), the flat margin and the empty squares count
//! once each, and so does the komi. The hidden layer is clipped to 0..1 and its
//! weighted sum, in centiflats, is added to the hand-built evaluation. Sizes
//! without fitted weights get no correction. `menhir-tools tune net` fits the
//! weights (`tools/src/tune/net.rs`) and writes them into `net_weights/`.
//!
//! This file defines the inputs. The weights and their files are
//! `net_weights/`; the fit trains the network in floats (the trainer's
//! `tools/src/tune/float_net.rs`); the
//! engine plays it in 16-bit integers (`quant.rs`), its square inputs summed
//! once per position and updated move by move (`incremental.rs`): the square
//! inputs of one view depend on one square's stack alone (`square_inputs`),
//! the rest are few (`global_inputs`).

use super::features::RoadFacts;
use super::layout::{offset, total, Block};
use crate::board::{Color, PieceKind, Position, Square};

/// The widths a hidden layer may have; each board size's file picks one.
pub const WIDTHS: [usize; 5] = [64, 128, 256, 512, 1024];
/// Hidden units when a fit is not told otherwise.
pub const DEFAULT_HIDDEN: usize = 128;
/// Inputs per plane: one per square index (0..64), or per count.
const SLOTS: usize = 64;
/// Top pieces per colour: flat, wall, capstone.
const KINDS: usize = 3;

/// The input planes, in order: the one list their offsets come from.
const PLANE_LAYOUT: [Block; 10] = [
    // An own top piece of each kind, then an enemy one (`KINDS` each).
    Block::numbered("top", 0, 2 * KINDS),
    // 1, 2 and 3+ own pieces under the top.
    Block::numbered("own_under", 1, 3),
    // 1, 2 and 3+ enemy pieces under the top.
    Block::numbered("enemy_under", 1, 3),
    // Own stones left (slot = count), then enemy stones left.
    Block::numbered("stones", 0, 2),
    // Capstones left: own at slot `count`, enemy at `ENEMY_CAPS + count`.
    Block::one("caps_left"),
    // Road facts (`ROAD_LAYOUT`), own from slot 0, enemy from `ENEMY_ROADS`.
    Block::one("roads"),
    // The flat margin from the side to move in half-flats, komi counted, at
    // `MARGIN_ZERO + margin` (clipped to the plane).
    Block::one("margin"),
    // Empty squares (clipped to the plane).
    Block::one("empty"),
    // The piece right under the top: own, then enemy.
    Block::numbered("under_top", 0, 2),
    // The half-komi from the side to move's view (komi is Black's: against
    // White, for Black), clipped to ±15, at `KOMI_ZERO + komi`: with no komi
    // both sides see the same slot, so the evaluation stays colour-blind.
    Block::one("komi"),
];
const TOP: usize = offset(&PLANE_LAYOUT, "top");
const OWN_UNDER: usize = offset(&PLANE_LAYOUT, "own_under");
const ENEMY_UNDER: usize = offset(&PLANE_LAYOUT, "enemy_under");
const STONES: usize = offset(&PLANE_LAYOUT, "stones");
const CAPS_LEFT: usize = offset(&PLANE_LAYOUT, "caps_left");
const ROADS: usize = offset(&PLANE_LAYOUT, "roads");
const MARGIN: usize = offset(&PLANE_LAYOUT, "margin");
const EMPTY: usize = offset(&PLANE_LAYOUT, "empty");
const UNDER_TOP: usize = offset(&PLANE_LAYOUT, "under_top");
const KOMI: usize = offset(&PLANE_LAYOUT, "komi");
/// Input planes.
pub const PLANES: usize = total(&PLANE_LAYOUT);
/// Inputs in all.
pub const INPUTS: usize = PLANES * SLOTS;

/// The slot of the enemy's capstones-left count in the `caps_left` plane.
const ENEMY_CAPS: usize = 8;
/// The slot of an even flat margin in the `margin` plane.
const MARGIN_ZERO: usize = SLOTS / 2;
/// The largest half-komi the `komi` plane tells apart.
const KOMI_MAX: i32 = 15;
/// The `komi` plane's slot for no komi.
const KOMI_ZERO: i32 = 16;

/// One side's road facts in the `roads` plane, in order.
const ROAD_LAYOUT: [Block; 4] = [
    // Placement threats: 0, 1, 2+.
    Block::numbered("threats", 0, 3),
    // The widest span, 0..=8.
    Block::numbered("span", 0, 9),
    // The road distance, 0..=5, then `FAR` when over the limit; no slot at all
    // when there is a threat.
    Block::numbered("distance", 0, 7),
    // The road groups, 12 or more in the last slot.
    Block::numbered("groups", 0, 13),
];
const THREATS: usize = offset(&ROAD_LAYOUT, "threats");
const SPAN: usize = offset(&ROAD_LAYOUT, "span");
const DISTANCE: usize = offset(&ROAD_LAYOUT, "distance");
const GROUPS: usize = offset(&ROAD_LAYOUT, "groups");
/// Where the enemy's road facts start.
const ENEMY_ROADS: usize = total(&ROAD_LAYOUT);
/// The distance slot for a road farther than the evaluation measures.
const FAR: usize = ROAD_LAYOUT[2].width() - 1;

/// Most square inputs one square can have on at once: the top, own pieces
/// under it, enemy pieces under it, whose piece lies right under the top.
pub const PER_SQUARE: usize = 4;
/// Most global inputs on at once: four for the reserves, four road facts a
/// side, the flat margin, the empty squares and the komi.
pub const MAX_GLOBAL: usize = 4 + 2 * ROAD_LAYOUT.len() + 3;
/// Most inputs that can be on at once.
pub const MAX_ACTIVE: usize = PER_SQUARE * SLOTS + MAX_GLOBAL;
/// The correction is clamped to ±this many centiflats.
pub const MAX_CORRECTION: i32 = 3000;

/// True when `plane` holds one input per square, which a symmetry of the board
/// moves; the others (the counts: from `STONES` up to `UNDER_TOP`, and the
/// komi) stay.
pub const fn is_square_plane(plane: usize) -> bool {
    plane < STONES || (plane >= UNDER_TOP && plane < KOMI)
}

/// The road-fact slots of one side, from `base`.
fn road_slots(r: &RoadFacts, base: usize, mut push: impl FnMut(usize)) {
    push(base + THREATS + (r.threats as usize).min(SPAN - THREATS - 1));
    push(base + SPAN + r.span.min(DISTANCE - SPAN - 1));
    if r.threats == 0 {
        push(base + DISTANCE + r.distance.unwrap_or(FAR).min(FAR));
    }
    push(base + GROUPS + r.groups.min(ENEMY_ROADS - GROUPS - 1));
}

/// Groups of inputs of which at most so many are on at once (the count) on a
/// board of size `n`: each square's top, own pieces under it, enemy pieces
/// under it and the piece right under the top, then each count plane. What
/// the quantisation bounds a hidden unit's sum by (`quant.rs`).
pub(crate) fn exclusive_groups(n: usize) -> Vec<(Vec<usize>, usize)> {
    let mut groups = Vec::new();
    let planes = |from: usize, width: usize, slot: usize| -> Vec<usize> {
        (from..from + width).map(|p| p * SLOTS + slot).collect()
    };
    for rank in 0..n {
        for file in 0..n {
            let slot = Square::new(file, rank).index();
            groups.push((planes(TOP, 2 * KINDS, slot), 1));
            groups.push((planes(OWN_UNDER, 3, slot), 1));
            groups.push((planes(ENEMY_UNDER, 3, slot), 1));
            groups.push((planes(UNDER_TOP, 2, slot), 1));
        }
    }
    let whole = |plane: usize| (plane * SLOTS..(plane + 1) * SLOTS).collect::<Vec<usize>>();
    let counts = [
        (STONES, 1),
        (STONES + 1, 1),
        (CAPS_LEFT, 2),
        (ROADS, 2 * ROAD_LAYOUT.len()),
        (MARGIN, 1),
        (EMPTY, 1),
        (KOMI, 1),
    ];
    for (plane, count) in counts {
        groups.push((whole(plane), count));
    }
    groups
}

/// The input of a top piece of `kind` on `sq`, own or not.
#[inline]
pub(crate) fn top_input(own: bool, kind: PieceKind, sq: Square) -> usize {
    let kind = match kind {
        PieceKind::Flat => 0,
        PieceKind::Wall => 1,
        PieceKind::Cap => 2,
    };
    let enemy_top = if own { 0 } else { KINDS };
    (TOP + enemy_top + kind) * SLOTS + sq.index()
}

/// What a square's inputs are made of: the top piece, and under it how
/// many pieces there are, how many of them are Black, and whether the one
/// right under the top is Black.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SquareFacts {
    top: Option<(Color, PieceKind)>,
    under: u8,
    under_black: u8,
    right_under_black: bool,
}

impl SquareFacts {
    /// The facts of `sq` in `pos`.
    #[inline]
    pub(crate) fn of(pos: &Position, sq: Square) -> SquareFacts {
        let top = pos.top(sq);
        let h = pos.height(sq);
        if h < 2 {
            return SquareFacts {
                top,
                ..SquareFacts::default()
            };
        }
        let bits = pos.stack_bits(sq) & ((1u128 << (h - 1)) - 1);
        SquareFacts {
            top,
            under: (h - 1).min(255) as u8,
            under_black: bits.count_ones().min(255) as u8,
            right_under_black: bits >> (h - 2) & 1 == 1,
        }
    }
}

/// The square inputs of `sq` seen from `view` (its pieces are "own"): each
/// `plane · 64 + slot` is handed to `push`. They depend on the square's stack
/// alone, so a move changes only those of the squares it touches.
#[inline]
pub(crate) fn square_inputs(pos: &Position, sq: Square, view: Color, push: impl FnMut(usize)) {
    facts_inputs(SquareFacts::of(pos, sq), sq, view, push);
}

/// `square_inputs` from the square's facts.
#[inline]
pub(crate) fn facts_inputs(
    facts: SquareFacts,
    sq: Square,
    view: Color,
    mut push: impl FnMut(usize),
) {
    let Some((color, kind)) = facts.top else {
        return;
    };
    let slot = sq.index();
    push(top_input(color == view, kind, sq));
    if facts.under == 0 {
        return;
    }
    let (black, white) = (
        facts.under_black as usize,
        (facts.under - facts.under_black) as usize,
    );
    let (own, enemy) = match view {
        Color::White => (white, black),
        Color::Black => (black, white),
    };
    if own > 0 {
        push((OWN_UNDER + own.min(3) - 1) * SLOTS + slot);
    }
    if enemy > 0 {
        push((ENEMY_UNDER + enemy.min(3) - 1) * SLOTS + slot);
    }
    let under_is_ours = facts.right_under_black == (view == Color::Black);
    push((UNDER_TOP + usize::from(!under_is_ours)) * SLOTS + slot);
}

/// The inputs that are not tied to one square, from the side to move's view:
/// reserves, road facts (`roads`, White's first), flat margin, empty squares
/// and komi; each is handed to `push`.
pub(crate) fn global_inputs(pos: &Position, roads: &[RoadFacts; 2], mut push: impl FnMut(usize)) {
    let us = pos.to_move();
    let mut at = |plane: usize, slot: usize| push(plane * SLOTS + slot);
    let them = us.opponent();
    at(STONES, (pos.stones(us) as usize).min(SLOTS - 1));
    at(STONES + 1, (pos.stones(them) as usize).min(SLOTS - 1));
    let caps_max = ENEMY_CAPS - 1;
    at(CAPS_LEFT, (pos.capstones(us) as usize).min(caps_max));
    at(
        CAPS_LEFT,
        ENEMY_CAPS + (pos.capstones(them) as usize).min(caps_max),
    );
    let (own, enemy) = match us {
        Color::White => (&roads[0], &roads[1]),
        Color::Black => (&roads[1], &roads[0]),
    };
    road_slots(own, 0, |slot| at(ROADS, slot));
    road_slots(enemy, ENEMY_ROADS, |slot| at(ROADS, slot));
    let margin = match us {
        Color::White => pos.flat_margin(),
        Color::Black => -pos.flat_margin(),
    };
    let last = SLOTS as i32 - 1;
    at(
        MARGIN,
        (margin + MARGIN_ZERO as i32).clamp(0, last) as usize,
    );
    at(EMPTY, pos.empty().count().min(SLOTS as u32 - 1) as usize);
    let komi = pos.half_komi().clamp(-KOMI_MAX, KOMI_MAX);
    let ours = if us == Color::Black { komi } else { -komi };
    at(KOMI, (KOMI_ZERO + ours) as usize);
}

/// The active inputs of `pos` from the side to move's view; `roads` are the
/// road facts, White's first. Returns how many of `out` were filled.
pub(crate) fn active_inputs(
    pos: &Position,
    roads: &[RoadFacts; 2],
    out: &mut [u16; MAX_ACTIVE],
) -> usize {
    let us = pos.to_move();
    let mut len = 0;
    let mut push = |i: usize| {
        out[len] = i as u16;
        len += 1;
    };
    for sq in pos.occupied().squares() {
        square_inputs(pos, sq, us, &mut push);
    }
    global_inputs(pos, roads, &mut push);
    len
}
