//! A small learned correction to the evaluation: one hidden layer over sparse
//! facts about the board, seen from the side to move. Each square gives the top
//! piece (own or enemy flat, wall or capstone), how many own and enemy pieces
//! lie under it and whose piece lies right under it; the reserves give how many
//! stones and capstones each side has left; each side's road facts (threats,
//! widest span, groups, distance), the flat margin and the empty squares count
//! once each. The hidden layer is clipped to 0..1 and its weighted sum, in
//! centiflats, is added to the hand-built evaluation. Sizes without fitted
//! weights get no correction. `menhir-tools tune net` fits the weights
//! (`src/tune/net.rs`).

use super::features::{completing_squares, measures_and_roads, RoadFacts};
use super::net_weights;
use crate::board::{Color, PieceKind, Position, Square};

/// The widths a hidden layer may have; each board size's file picks one.
pub const WIDTHS: [usize; 3] = [64, 128, 256];
/// Hidden units when a fit is not told otherwise.
pub const DEFAULT_HIDDEN: usize = 128;
/// Input planes, 64 inputs each (one per square index, or per count).
pub const PLANES: usize = 20;
/// Inputs in all.
pub const INPUTS: usize = PLANES * 64;
/// Most inputs that can be on at once: four per square (the top, own pieces
/// under it, enemy pieces under it, whose piece lies right under the top), four
/// for the reserves, four road facts a side, the flat margin and the empty
/// squares.
pub const MAX_ACTIVE: usize = 4 * 64 + 4 + 8 + 2;
/// Planes below this one have a square as their slot.
const SQUARE_PLANES: usize = STONES;

/// True when `plane` holds one input per square, which a symmetry of the board
/// moves; the others (from `SQUARE_PLANES` up to `UNDER_TOP`) hold counts.
pub const fn is_square_plane(plane: usize) -> bool {
    plane < SQUARE_PLANES || plane >= UNDER_TOP
}

/// Plane of an own top piece of each kind; enemy tops follow at +3.
const TOP: usize = 0;
/// Planes of 1, 2 and 3+ own pieces under the top.
const OWN_UNDER: usize = 6;
/// Planes of 1, 2 and 3+ enemy pieces under the top.
const ENEMY_UNDER: usize = 9;
/// Own stones left (input = count), then enemy stones left.
const STONES: usize = 12;
/// Capstones left: own at `count`, enemy at `8 + count`.
const CAPS_LEFT: usize = 14;
/// Road facts, own from slot 0 and enemy from slot 32: placement threats
/// (0, 1, 2+) at 0..3, the widest span at 3 + span, the road distance at
/// 12 + distance (18 when over the limit; none when there is a threat), the
/// road groups at 19 + groups (12 or more at 31).
const ROADS: usize = 15;
/// The flat margin from the side to move in half-flats, komi counted, at
/// 32 + margin (clipped to 0..63).
const MARGIN: usize = 16;
/// Empty squares (clipped to 63).
const EMPTY: usize = 17;
/// The piece right under the top: own at 18, enemy at 19.
const UNDER_TOP: usize = 18;

/// The fitted weights of one board size, as `menhir-tools tune net` writes
/// them (`net_weights/`). The hidden layer's width is the length of `bias`, one
/// of `WIDTHS`.
#[derive(Clone, Debug, PartialEq)]
pub struct NetWeights {
    /// `INPUTS × width`, input-major.
    pub input: Vec<f32>,
    pub bias: Vec<f32>,
    /// Hidden to output, in centiflats.
    pub output: Vec<f32>,
    pub output_bias: f32,
}

impl NetWeights {
    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.bias.len()
    }
}

/// The fitted weights for board size `n`, if any.
pub fn weights_for(n: usize) -> Option<&'static NetWeights> {
    net_weights::weights_for(n)
}

/// The road-fact slots of one side, from `base`.
fn road_slots(r: &RoadFacts, base: usize, mut push: impl FnMut(usize)) {
    push(base + (r.threats as usize).min(2));
    push(base + 3 + r.span.min(8));
    if r.threats == 0 {
        push(base + 12 + r.distance.unwrap_or(6).min(6));
    }
    push(base + 19 + r.groups.min(12));
}

/// The active inputs of `pos` from the side to move's view, after mapping each
/// square through `map` (a symmetry of the board; the identity in play);
/// `roads` are the road facts, White's first. Returns how many of `out` were
/// filled.
pub fn active_inputs(
    pos: &Position,
    roads: &[RoadFacts; 2],
    map: impl Fn(Square) -> Square,
    out: &mut [u16; MAX_ACTIVE],
) -> usize {
    let us = pos.to_move();
    let mut len = 0;
    let mut push = |plane: usize, slot: usize| {
        out[len] = (plane * 64 + slot) as u16;
        len += 1;
    };
    for sq in pos.occupied().squares() {
        let Some((color, kind)) = pos.top(sq) else {
            continue;
        };
        let slot = map(sq).index();
        let kind = match kind {
            PieceKind::Flat => 0,
            PieceKind::Wall => 1,
            PieceKind::Cap => 2,
        };
        let enemy_top = if color == us { 0 } else { 3 };
        push(TOP + enemy_top + kind, slot);
        let h = pos.height(sq);
        if h > 1 {
            let bits = pos.stack_bits(sq) & ((1u128 << (h - 1)) - 1);
            let black = bits.count_ones() as usize;
            let (own, enemy) = match us {
                Color::White => (h - 1 - black, black),
                Color::Black => (black, h - 1 - black),
            };
            if own > 0 {
                push(OWN_UNDER + own.min(3) - 1, slot);
            }
            if enemy > 0 {
                push(ENEMY_UNDER + enemy.min(3) - 1, slot);
            }
            let under_is_ours = pos.color_at(sq, h - 2) == us;
            push(UNDER_TOP + usize::from(!under_is_ours), slot);
        }
    }
    let them = us.opponent();
    push(STONES, (pos.stones(us) as usize).min(63));
    push(STONES + 1, (pos.stones(them) as usize).min(63));
    push(CAPS_LEFT, (pos.capstones(us) as usize).min(7));
    push(CAPS_LEFT, 8 + (pos.capstones(them) as usize).min(7));
    let (own, enemy) = match us {
        Color::White => (&roads[0], &roads[1]),
        Color::Black => (&roads[1], &roads[0]),
    };
    road_slots(own, 0, |slot| push(ROADS, slot));
    road_slots(enemy, 32, |slot| push(ROADS, slot));
    let margin = match us {
        Color::White => pos.flat_margin(),
        Color::Black => -pos.flat_margin(),
    };
    push(MARGIN, (margin + 32).clamp(0, 63) as usize);
    push(EMPTY, pos.empty().count().min(63) as usize);
    len
}

/// Each side's road facts, White's first, as the evaluation finds them.
pub fn road_facts(pos: &Position) -> [RoadFacts; 2] {
    measures_and_roads(pos, completing_squares(pos)).2
}

/// The output, in centiflats, for the given active inputs: the input rows summed
/// into the hidden layer, clipped to 0..1 and weighted. Each width of `WIDTHS`
/// gets code compiled for it, so the sums vectorise with no tail.
pub fn output(w: &NetWeights, active: &[u16]) -> f32 {
    // One arm for each entry of `WIDTHS`.
    match w.hidden() {
        64 => output_of::<64>(w, active),
        128 => output_of::<128>(w, active),
        256 => output_of::<256>(w, active),
        // `net_weights::decode` admits no other width.
        _ => 0.0,
    }
}

/// `output` for a layer of `H` units.
fn output_of<const H: usize>(w: &NetWeights, active: &[u16]) -> f32 {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: `forward_avx2` needs nothing but AVX2, which this CPU has
        // just been found to support. Measured: the same sums in half the time
        // of the SSE2 build (see `docs/performance.md`).
        return unsafe { forward_avx2::<H>(w, active) };
    }
    forward::<H>(w, active)
}

/// Lanes of the output sum: independent partial sums the compiler can keep in
/// one vector register, where a single running sum would make each of the
/// additions wait for the one before.
const LANES: usize = 8;

/// `output`'s work: adds the input weight row of each active input to the
/// biases, then sums the clipped hidden units times their output weights.
#[inline(always)]
fn forward<const H: usize>(w: &NetWeights, active: &[u16]) -> f32 {
    let (Ok(bias), Ok(out)) = (
        <&[f32; H]>::try_from(w.bias.as_slice()),
        <&[f32; H]>::try_from(w.output.as_slice()),
    ) else {
        return 0.0;
    };
    let mut acc = *bias;
    for &i in active {
        let row = &w.input[i as usize * H..(i as usize + 1) * H];
        for (a, r) in acc.iter_mut().zip(row) {
            *a += r;
        }
    }
    let mut lanes = [0.0f32; LANES];
    for (h, o) in acc.chunks_exact(LANES).zip(out.chunks_exact(LANES)) {
        for ((l, h), o) in lanes.iter_mut().zip(h).zip(o) {
            *l += h.clamp(0.0, 1.0) * o;
        }
    }
    lanes.iter().sum::<f32>() + w.output_bias
}

/// `forward` compiled for AVX2 (eight floats an instruction instead of SSE2's
/// four); the same sums in the same order.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn forward_avx2<const H: usize>(w: &NetWeights, active: &[u16]) -> f32 {
    forward::<H>(w, active)
}

/// The correction for `pos` from the side to move, in centiflats (0 when the
/// size has no weights).
pub fn correction(pos: &Position) -> i32 {
    correction_with(pos, &road_facts(pos))
}

/// `correction` when the road facts (White's first) are known.
pub fn correction_with(pos: &Position, roads: &[RoadFacts; 2]) -> i32 {
    let Some(w) = weights_for(pos.size()) else {
        return 0;
    };
    let mut active = [0u16; MAX_ACTIVE];
    let len = active_inputs(pos, roads, |sq| sq, &mut active);
    output(w, &active[..len]).clamp(-3000.0, 3000.0) as i32
}
