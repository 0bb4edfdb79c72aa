//! A small learned correction to the evaluation: one hidden layer over sparse
//! facts about the board, seen from the side to move. Each square gives the top
//! piece (own or enemy flat, wall or capstone) and how many own and enemy pieces
//! lie under it; the reserves give how many stones and capstones each side has
//! left. The hidden layer is clipped to 0..1 and its weighted sum, in centiflats,
//! is added to the hand-built evaluation. Sizes without fitted weights get no
//! correction. `menhir tune net` fits the weights (`src/tune/net.rs`).

use super::net_weights;
use crate::board::{Color, PieceKind, Position, Square};

/// Hidden units.
pub const HIDDEN: usize = 32;
/// Input planes, 64 inputs each (one per square index, or per count).
pub const PLANES: usize = 15;
/// Inputs in all.
pub const INPUTS: usize = PLANES * 64;
/// Most inputs that can be on at once: three per square (the top, own pieces
/// under it, enemy pieces under it) and four for the reserves.
pub const MAX_ACTIVE: usize = 3 * 64 + 4;
/// Planes whose slot is a square; the others hold counts, which no symmetry
/// of the board moves.
pub const SQUARE_PLANES: usize = STONES;

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

/// The fitted weights of one board size, as `menhir tune net` writes them.
#[derive(Debug)]
pub struct NetWeights {
    /// `INPUTS × HIDDEN`, input-major.
    pub input: &'static [f32],
    pub bias: &'static [f32; HIDDEN],
    /// Hidden to output, in centiflats.
    pub output: &'static [f32; HIDDEN],
    pub output_bias: f32,
}

/// The dense `INPUTS × HIDDEN` input weights from the rows a weights file
/// lists (input index, its weights); inputs not listed get zeros. Run at
/// compile time by each `net_weights` file.
pub const fn dense_input(rows: &[(u16, [f32; HIDDEN])]) -> [f32; INPUTS * HIDDEN] {
    let mut input = [0.0; INPUTS * HIDDEN];
    let mut r = 0;
    while r < rows.len() {
        let (i, row) = &rows[r];
        let mut h = 0;
        while h < HIDDEN {
            input[*i as usize * HIDDEN + h] = row[h];
            h += 1;
        }
        r += 1;
    }
    input
}

/// The fitted weights for board size `n`, if any.
pub fn weights_for(n: usize) -> Option<&'static NetWeights> {
    net_weights::WEIGHTS
        .get(n.wrapping_sub(3))
        .and_then(|w| w.as_ref())
}

/// The active inputs of `pos` from the side to move's view, after mapping each
/// square through `map` (a symmetry of the board; the identity in play). Returns
/// how many of `out` were filled.
pub fn active_inputs(
    pos: &Position,
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
        }
    }
    let them = us.opponent();
    push(STONES, (pos.stones(us) as usize).min(63));
    push(STONES + 1, (pos.stones(them) as usize).min(63));
    push(CAPS_LEFT, (pos.capstones(us) as usize).min(7));
    push(CAPS_LEFT, 8 + (pos.capstones(them) as usize).min(7));
    len
}

/// The hidden layer's activations for the given active inputs.
pub fn hidden(w: &NetWeights, active: &[u16]) -> [f32; HIDDEN] {
    let mut acc = *w.bias;
    for &i in active {
        let row = &w.input[i as usize * HIDDEN..(i as usize + 1) * HIDDEN];
        for (a, r) in acc.iter_mut().zip(row) {
            *a += r;
        }
    }
    acc.map(|a| a.clamp(0.0, 1.0))
}

/// The correction for `pos` from the side to move, in centiflats (0 when the
/// size has no weights).
pub fn correction(pos: &Position) -> i32 {
    let Some(w) = weights_for(pos.size()) else {
        return 0;
    };
    let mut active = [0u16; MAX_ACTIVE];
    let len = active_inputs(pos, |sq| sq, &mut active);
    let h = hidden(w, &active[..len]);
    let out: f32 = h.iter().zip(w.output).map(|(h, o)| h * o).sum::<f32>() + w.output_bias;
    out.clamp(-3000.0, 3000.0) as i32
}
