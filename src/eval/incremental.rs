//! The correction's hidden sums kept along the search's line: one
//! accumulator (`quant.rs`) per ply, each made from its parent's by taking
//! away the square inputs of the squares the move touched as they were and
//! adding them as they are. A placement touches one square, a spread its
//! start and each square it drops on (at most 9 on 8x8); a null move touches
//! none.
//!
//! The work is done when a position is evaluated, not when its move is made:
//! a made move only notes the touched squares' facts (`SquareFacts`) before
//! it, and its first child's move notes them after it, since many positions
//! the search reaches are never evaluated (cut by the table, decided, or found
//! in the evaluation cache). An evaluation then works down from the nearest
//! ancestor whose sums are known. Sizes without a network keep nothing.

use super::net::{facts_inputs, SquareFacts, PER_SQUARE};
use super::quant::quant_for;
use super::quant::QuantNet;
use crate::board::{Color, Move, Position, Square};

/// Most squares one move touches: the start of a spread and 8 drops.
const MAX_TOUCHED: usize = 9;
/// Most square inputs of the touched squares, in one view.
const LIST: usize = MAX_TOUCHED * PER_SQUARE;

/// One ply of the line: the squares its move touched and how far its sums
/// are known. The touched squares' facts live in `NetStack::before` and
/// `NetStack::after`, in the same order.
#[derive(Clone, Copy)]
struct Frame {
    /// The squares the move touched (none at the root), the first `len`.
    squares: [Square; MAX_TOUCHED],
    len: u8,
    /// The facts after the move are noted (a child has been made, or the
    /// position was evaluated).
    after_known: bool,
    /// The accumulator is worked out.
    ready: bool,
}

/// The accumulators of the positions on the search's current line.
pub struct NetStack {
    net: Option<&'static QuantNet>,
    /// `2 · hidden` sums per frame, frame k's at `k · 2 · hidden`.
    accs: Vec<i16>,
    frames: Vec<Frame>,
    /// Per frame, the facts of the touched squares before its move.
    before: Vec<[SquareFacts; MAX_TOUCHED]>,
    /// Per frame, the same squares' facts after it.
    after: Vec<[SquareFacts; MAX_TOUCHED]>,
    size: usize,
}

/// Square inputs of one view, gathered for an update.
struct Inputs {
    list: [u16; LIST],
    len: usize,
}

impl Inputs {
    fn gather(facts: &[SquareFacts], squares: &[Square], view: Color) -> Inputs {
        let mut out = Inputs {
            list: [0; LIST],
            len: 0,
        };
        for (f, &sq) in facts.iter().zip(squares) {
            facts_inputs(*f, sq, view, |i| {
                out.list[out.len] = i as u16;
                out.len += 1;
            });
        }
        out
    }
}

/// The squares `mv` touches on a board of size `n`: its square, then each
/// square a spread drops on.
fn touched(mv: Move, n: usize) -> impl Iterator<Item = Square> {
    let steps = if mv.is_spread() { mv.drop_count() } else { 0 };
    let mut next = Some(mv.square());
    let mut left = steps + 1;
    std::iter::from_fn(move || {
        if left == 0 {
            return None;
        }
        left -= 1;
        let sq = next?;
        next = sq.step(mv.direction(), n);
        Some(sq)
    })
}

impl NetStack {
    /// The stack for a search from `pos`: its accumulator summed from scratch.
    pub fn new(pos: &Position) -> NetStack {
        NetStack::with_net(quant_for(pos.size()), pos)
    }

    /// The stack of `net` (or of none) from `pos`.
    pub(crate) fn with_net(net: Option<&'static QuantNet>, pos: &Position) -> NetStack {
        let root = Frame {
            squares: [Square(0); MAX_TOUCHED],
            len: 0,
            after_known: true,
            ready: true,
        };
        let none = [SquareFacts::default(); MAX_TOUCHED];
        NetStack {
            net,
            accs: net.map(|n| n.refresh(pos)).unwrap_or_default(),
            frames: vec![root],
            before: vec![none],
            after: vec![none],
            size: pos.size(),
        }
    }

    /// Notes the facts after the move of frame `k` from `pos`, the position
    /// it led to.
    fn note_after(&mut self, k: usize, pos: &Position) {
        let frame = &mut self.frames[k];
        if frame.after_known {
            return;
        }
        frame.after_known = true;
        let squares = &frame.squares[..frame.len as usize];
        for (slot, &sq) in self.after[k].iter_mut().zip(squares) {
            *slot = SquareFacts::of(pos, sq);
        }
    }

    /// Call with the position before `mv` is made: notes the squares it
    /// touches and their facts as they are (a placement's square is empty).
    #[inline]
    pub fn leave(&mut self, pos: &Position, mv: Move) {
        if self.net.is_none() {
            return;
        }
        let parent = self.frames.len() - 1;
        self.note_after(parent, pos);
        let k = parent + 1;
        if self.before.len() <= k {
            let none = [SquareFacts::default(); MAX_TOUCHED];
            self.before.push(none);
            self.after.push(none);
        }
        let mut squares = [mv.square(); MAX_TOUCHED];
        let mut len = 0;
        for (slot, sq) in self.before[k].iter_mut().zip(touched(mv, self.size)) {
            *slot = if mv.is_spread() {
                SquareFacts::of(pos, sq)
            } else {
                SquareFacts::default()
            };
            squares[len] = sq;
            len += 1;
        }
        self.frames.push(Frame {
            squares,
            len: len as u8,
            after_known: false,
            ready: false,
        });
    }

    /// Drops the frame of the move unmade.
    #[inline]
    pub fn pop(&mut self) {
        if self.net.is_some() {
            self.frames.pop();
        }
    }

    /// The network and the accumulator of `pos`, the position at the end of
    /// the line, if the size has a network.
    pub fn current(&mut self, pos: &Position) -> Option<(&'static QuantNet, &[i16])> {
        let net = self.net?;
        let h2 = 2 * net.hidden();
        let top = self.frames.len() - 1;
        if self.accs.len() < (top + 1) * h2 {
            self.accs.resize((top + 1) * h2, 0);
        }
        if !self.frames[top].ready {
            self.work_out(net, pos, top);
        }
        Some((net, &self.accs[top * h2..(top + 1) * h2]))
    }

    /// Fills frame `top`'s accumulator, and those of the frames between it
    /// and the nearest ready one, each from its parent's.
    fn work_out(&mut self, net: &QuantNet, pos: &Position, top: usize) {
        let h2 = 2 * net.hidden();
        self.note_after(top, pos);
        let Some(ready) = self.frames[..top].iter().rposition(|f| f.ready) else {
            self.accs[top * h2..(top + 1) * h2].copy_from_slice(&net.refresh(pos));
            self.frames[top].ready = true;
            return;
        };
        for j in ready + 1..=top {
            let (parents, this) = self.accs.split_at_mut(j * h2);
            let (parent, this) = (&parents[(j - 1) * h2..], &mut this[..h2]);
            let frame = self.frames[j];
            let squares = &frame.squares[..frame.len as usize];
            for ((view, from), row) in [Color::White, Color::Black]
                .into_iter()
                .zip(parent.chunks_exact(h2 / 2))
                .zip(this.chunks_exact_mut(h2 / 2))
            {
                let adds = Inputs::gather(&self.after[j], squares, view);
                let subs = Inputs::gather(&self.before[j], squares, view);
                net.update_row(from, row, &adds.list[..adds.len], &subs.list[..subs.len]);
            }
            self.frames[j].ready = true;
        }
    }
}
