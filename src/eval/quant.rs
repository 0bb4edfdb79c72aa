//! The correction network as the engine plays it: the float input weights and
//! biases of `net.rs` rounded to 16-bit integers, so that a hidden unit's sum
//! is a row of `i16` additions the CPU does 16 at a time (AVX2).
//!
//! The scale is chosen per file when it is decoded: `ceiling`, what a hidden
//! unit's 1.0 becomes (at most 8192), is the largest that keeps every hidden
//! unit's sum within ±32,000 in any position of the board size: the bias plus,
//! for each group of inputs of which only so many can be on at once
//! (`net::exclusive_groups`), that many times the group's largest weight. Sums
//! are added with wrapping, so an update in any order gives the same bits as
//! a sum from scratch. The shipped 5x5 and 6x6 files get 1746 and 4701.
//!
//! The output layer is in integers too: the output weights are rounded to
//! `i16` at a scale (`output_scale`) small enough that the sum of every
//! clipped unit times its weight stays within `i32` even if every unit sat at
//! the ceiling, so the products can be summed in any order (16 at a time,
//! in pairs, as AVX2's `madd` does) with the same exact result; one float
//! multiply turns the sum into centiflats.
//!
//! The hidden sums of the square inputs (plus the biases) are kept per
//! position, one row of `hidden` sums for each view: White's pieces as "own",
//! then Black's, `2 · hidden` numbers in all (the accumulator). The
//! evaluation adds the few global inputs to the side to move's row, clips it
//! to 0..=ceiling and takes the dot product with the output weights, with
//! the row held in registers while the global rows are added to it.

use super::net::{exclusive_groups, square_inputs, MAX_CORRECTION};
use super::net_weights::{weights_for, NetWeights};
use crate::board::{Color, Position};
use crate::board::{MAX_SIZE, MIN_SIZE};
use std::sync::OnceLock;

/// What 1.0 of a hidden unit becomes, at most.
const MAX_CEILING: f32 = 8192.0;
/// Hidden units taken at once by the portable output layer; every width of
/// `net::WIDTHS` is a multiple.
const CHUNK: usize = 64;
/// The bound kept on every hidden unit's sum (below `i16::MAX`).
const SUM_LIMIT: f32 = 32_000.0;

/// The network in integers.
#[derive(Clone, Debug, PartialEq)]
pub struct QuantNet {
    hidden: usize,
    /// `INPUTS × hidden`, input-major.
    input: Vec<i16>,
    bias: Vec<i16>,
    /// The output weights in integers: the float weight (centiflats per 1.0
    /// of a unit) times the ceiling's reciprocal and `output_scale`'s.
    output: Vec<i16>,
    /// Centiflats per unit of the integer output sum.
    output_scale: f32,
    /// What a hidden unit's 1.0 became: the clip's top.
    ceiling: i16,
    /// The output bias, in centiflats.
    output_bias: f32,
    /// True when the AVX2 kernels run (false: the portable ones).
    avx2: bool,
}

/// Each shipped network in integers, made on first use.
static QUANTISED: [OnceLock<QuantNet>; MAX_SIZE - MIN_SIZE + 1] =
    [const { OnceLock::new() }; MAX_SIZE - MIN_SIZE + 1];

/// The network for board size `size` in integers, as the engine plays it.
pub fn quant_for(size: usize) -> Option<&'static QuantNet> {
    let weights = weights_for(size)?;
    Some(QUANTISED[size - MIN_SIZE].get_or_init(|| QuantNet::new(weights, size)))
}

fn round_i16(x: f32) -> i16 {
    x.round().clamp(-32767.0, 32767.0) as i16
}

/// The output weights `output` (centiflats per 1.0 of a unit) as integers
/// times a scale, and the centiflats per unit of the scale: as large a scale
/// as keeps every weight within `i16` and `ceiling · Σ|weight|` within `i32`,
/// the bound on the output sum.
fn output_in_integers(output: &[f32], ceiling: i32) -> (Vec<i16>, f32) {
    let largest = output.iter().fold(0.0f32, |m, o| m.max(o.abs())).max(1e-6);
    let total: f64 = output.iter().map(|o| f64::from(o.abs()) + 0.5).sum();
    let mut scale =
        (32767.0 / largest).min((f64::from(i32::MAX) / (f64::from(ceiling) * total)) as f32);
    loop {
        let weights: Vec<i16> = output.iter().map(|o| round_i16(o * scale)).collect();
        let worst: i64 =
            weights.iter().map(|&w| i64::from(w).abs()).sum::<i64>() * i64::from(ceiling);
        if worst <= i64::from(i32::MAX) {
            return (weights, 1.0 / scale);
        }
        scale *= 0.99;
    }
}

impl QuantNet {
    /// `net` (for board size `size`) in integers, with the fastest kernels
    /// this CPU runs.
    pub fn new(net: &NetWeights, size: usize) -> QuantNet {
        let h = net.hidden();
        let groups = exclusive_groups(size);
        let mut bound = 0.0f32;
        for j in 0..h {
            let mut sum = net.bias[j].abs();
            for (inputs, count) in &groups {
                let largest = inputs
                    .iter()
                    .map(|&i| net.input[i * h + j].abs())
                    .fold(0.0f32, f32::max);
                sum += largest * *count as f32;
            }
            bound = bound.max(sum);
        }
        let ceiling = (SUM_LIMIT / bound.max(1e-6))
            .min(MAX_CEILING)
            .floor()
            .max(1.0);
        let (output, output_scale) = output_in_integers(&net.output, ceiling as i32);
        QuantNet {
            hidden: h,
            input: net.input.iter().map(|w| round_i16(w * ceiling)).collect(),
            bias: net.bias.iter().map(|b| round_i16(b * ceiling)).collect(),
            output,
            output_scale: output_scale / ceiling,
            ceiling: ceiling as i16,
            output_bias: net.output_bias,
            avx2: avx2_available(),
        }
    }

    /// The same network with the portable kernels only (what a CPU without
    /// AVX2 runs); for the tests that hold the two equal.
    pub fn portable(mut self) -> QuantNet {
        self.avx2 = false;
        self
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// What a hidden unit's 1.0 became.
    pub fn ceiling(&self) -> i16 {
        self.ceiling
    }

    /// The accumulator of `pos` summed from scratch: White's view's row,
    /// then Black's.
    pub fn refresh(&self, pos: &Position) -> Vec<i16> {
        let mut acc = vec![0; 2 * self.hidden];
        let mut inputs = Vec::with_capacity(4 * 64);
        for (view, row) in [Color::White, Color::Black]
            .into_iter()
            .zip(acc.chunks_exact_mut(self.hidden))
        {
            inputs.clear();
            for sq in pos.occupied().squares() {
                square_inputs(pos, sq, view, |i| inputs.push(i as u16));
            }
            self.update_row(&self.bias, row, &inputs, &[]);
        }
        acc
    }

    /// Sets `row` (`hidden` sums) to `from` plus the weight rows of `adds`
    /// minus those of `subs`.
    pub fn update_row(&self, from: &[i16], row: &mut [i16], adds: &[u16], subs: &[u16]) {
        match self.hidden {
            64 => self.update_width::<64>(from, row, adds, subs),
            128 => self.update_width::<128>(from, row, adds, subs),
            256 => self.update_width::<256>(from, row, adds, subs),
            512 => self.update_width::<512>(from, row, adds, subs),
            1024 => self.update_width::<1024>(from, row, adds, subs),
            // `net_weights::decode` admits no other width.
            _ => {}
        }
    }

    #[inline(always)]
    fn update_width<const H: usize>(
        &self,
        from: &[i16],
        row: &mut [i16],
        adds: &[u16],
        subs: &[u16],
    ) {
        let from: &[i16; H] = from.try_into().expect("width");
        let row: &mut [i16; H] = row.try_into().expect("width");
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: `avx2` is set only when this CPU was found to support
            // AVX2, all `add_rows_avx2` needs. Measured: see
            // docs/performance.md (the incremental network).
            return unsafe { add_rows_avx2::<H>(from, row, &self.input, adds, subs) };
        }
        *row = *from;
        add_rows::<H>(row, &self.input, adds, subs);
    }

    /// The correction in centiflats, within ±`MAX_CORRECTION`, from the side
    /// to move's row of the accumulator `acc` and the global inputs `globals`.
    pub fn correction(&self, acc: &[i16], us: Color, globals: &[u16]) -> i32 {
        let row = &acc[us as usize * self.hidden..][..self.hidden];
        let sum = match self.hidden {
            64 => self.dot_width::<64>(row, globals),
            128 => self.dot_width::<128>(row, globals),
            256 => self.dot_width::<256>(row, globals),
            512 => self.dot_width::<512>(row, globals),
            1024 => self.dot_width::<1024>(row, globals),
            _ => 0,
        };
        let limit = MAX_CORRECTION as f32;
        (sum as f32 * self.output_scale + self.output_bias).clamp(-limit, limit) as i32
    }

    #[inline(always)]
    fn dot_width<const H: usize>(&self, row: &[i16], globals: &[u16]) -> i32 {
        let row: &[i16; H] = row.try_into().expect("width");
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: as in `update_width`: AVX2 was found on this CPU.
            return unsafe { dot_avx2::<H>(self, row, globals) };
        }
        dot::<H>(self, row, globals)
    }
}

/// True when this CPU runs AVX2.
fn avx2_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `row += Σ input rows of adds − Σ input rows of subs`, wrapping.
#[inline(always)]
fn add_rows<const H: usize>(row: &mut [i16; H], input: &[i16], adds: &[u16], subs: &[u16]) {
    for &i in adds {
        let w: &[i16; H] = input[i as usize * H..][..H].try_into().expect("row");
        for (a, w) in row.iter_mut().zip(w) {
            *a = a.wrapping_add(*w);
        }
    }
    for &i in subs {
        let w: &[i16; H] = input[i as usize * H..][..H].try_into().expect("row");
        for (a, w) in row.iter_mut().zip(w) {
            *a = a.wrapping_sub(*w);
        }
    }
}

/// The output layer's integer sum (without its bias): the row plus the
/// global inputs' weight rows, clipped to 0..=ceiling, times the output
/// weights, a chunk of units at a time.
#[inline(always)]
fn dot<const H: usize>(net: &QuantNet, row: &[i16; H], globals: &[u16]) -> i32 {
    let top = net.ceiling;
    let mut total = 0i32;
    for (c, chunk) in row.chunks_exact(CHUNK).enumerate() {
        let mut hidden: [i16; CHUNK] = chunk.try_into().expect("chunk");
        for &g in globals {
            let w = &net.input[g as usize * H + c * CHUNK..][..CHUNK];
            for (a, w) in hidden.iter_mut().zip(w) {
                *a = a.wrapping_add(*w);
            }
        }
        let out = &net.output[c * CHUNK..][..CHUNK];
        for (h, o) in hidden.iter().zip(out) {
            total += i32::from((*h).clamp(0, top)) * i32::from(*o);
        }
    }
    total
}

/// Units one pass of the AVX2 kernels holds in registers: 16 sums to a
/// register, all 16 registers. Wider layers are taken in blocks this wide.
#[cfg(target_arch = "x86_64")]
const AVX2_BLOCK: usize = 256;

/// Units `start..start + B` (B = `H` up to `AVX2_BLOCK`) of `from` plus the
/// weight rows of `adds` minus those of `subs`, held in AVX2 registers (the
/// first `B / 16` are used), for the two kernels below.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn sums_avx2<const H: usize>(
    from: &[i16; H],
    input: &[i16],
    adds: &[u16],
    subs: &[u16],
    start: usize,
) -> [std::arch::x86_64::__m256i; 16] {
    use std::arch::x86_64::{
        _mm256_add_epi16, _mm256_loadu_si256, _mm256_setzero_si256, _mm256_sub_epi16,
    };
    let block = H.min(AVX2_BLOCK);
    let mut all = [_mm256_setzero_si256(); 16];
    let sums = &mut all[..block / 16];
    let from = &from[start..start + block];
    for (r, s) in sums.iter_mut().enumerate() {
        // SAFETY: `from` holds `block` values and 16 · r + 16 <= block.
        *s = _mm256_loadu_si256(from.as_ptr().add(16 * r).cast());
    }
    for &i in adds {
        let w = &input[i as usize * H + start..][..block];
        for (r, s) in sums.iter_mut().enumerate() {
            // SAFETY: as for `from`: `w` holds `block` values.
            *s = _mm256_add_epi16(*s, _mm256_loadu_si256(w.as_ptr().add(16 * r).cast()));
        }
    }
    for &i in subs {
        let w = &input[i as usize * H + start..][..block];
        for (r, s) in sums.iter_mut().enumerate() {
            // SAFETY: as for `from`: `w` holds `block` values.
            *s = _mm256_sub_epi16(*s, _mm256_loadu_si256(w.as_ptr().add(16 * r).cast()));
        }
    }
    all
}

/// `row = from` plus `add_rows`, in AVX2 instructions: a block of the row is
/// held in registers while the weight rows are added and taken away, and
/// stored once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn add_rows_avx2<const H: usize>(
    from: &[i16; H],
    row: &mut [i16; H],
    input: &[i16],
    adds: &[u16],
    subs: &[u16],
) {
    use std::arch::x86_64::_mm256_storeu_si256;
    let block = H.min(AVX2_BLOCK);
    for start in (0..H).step_by(block) {
        let sums = sums_avx2::<H>(from, input, adds, subs, start);
        let out = &mut row[start..start + block];
        for (r, s) in sums[..block / 16].iter().enumerate() {
            // SAFETY: `out` holds `block` values and 16 · r + 16 <= block.
            _mm256_storeu_si256(out.as_mut_ptr().add(16 * r).cast(), *s);
        }
    }
}

/// `dot` in AVX2 instructions: a block of the row's sums sits in registers
/// while the global rows are added, then is clipped and multiplied by the
/// output weights in pairs (`madd`). The same integers as `dot`: the sums
/// wrap alike and the output sum cannot overflow.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn dot_avx2<const H: usize>(net: &QuantNet, row: &[i16; H], globals: &[u16]) -> i32 {
    use std::arch::x86_64::{
        _mm256_add_epi32, _mm256_loadu_si256, _mm256_madd_epi16, _mm256_max_epi16,
        _mm256_min_epi16, _mm256_set1_epi16, _mm256_setzero_si256, _mm256_storeu_si256,
    };
    let block = H.min(AVX2_BLOCK);
    let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(net.ceiling));
    let mut total = _mm256_setzero_si256();
    for start in (0..H).step_by(block) {
        let hidden = sums_avx2::<H>(row, &net.input, globals, &[], start);
        let out = &net.output[start..start + block];
        for (r, h) in hidden[..block / 16].iter().enumerate() {
            let clipped = _mm256_min_epi16(_mm256_max_epi16(*h, zero), top);
            // SAFETY: `out` holds `block` values and 16 · r + 16 <= block.
            let o = _mm256_loadu_si256(out.as_ptr().add(16 * r).cast());
            total = _mm256_add_epi32(total, _mm256_madd_epi16(clipped, o));
        }
    }
    let mut lanes = [0i32; 8];
    // SAFETY: `lanes` is 8 × 4 bytes, one register's width.
    _mm256_storeu_si256(lanes.as_mut_ptr().cast(), total);
    lanes.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::super::incremental::NetStack;
    use super::super::net::{active_inputs, global_inputs, MAX_ACTIVE, MAX_GLOBAL};
    use super::super::net_weights::weights_for;
    use super::super::{features, net::INPUTS};
    use super::quant_for;
    use super::*;
    use crate::movegen::MoveList;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// The float network's output, summed plainly: the reference the integers
    /// are held to (the trainer's fast float pass is `tools/src/tune/float_net.rs`).
    fn float_output(w: &NetWeights, active: &[u16]) -> f32 {
        let hidden = w.bias.len();
        let mut sum = w.output_bias;
        for unit in 0..hidden {
            let pre: f32 = w.bias[unit]
                + active
                    .iter()
                    .map(|&i| w.input[i as usize * hidden + unit])
                    .sum::<f32>();
            sum += pre.clamp(0.0, 1.0) * w.output[unit];
        }
        sum
    }

    /// A network of random weights, `hidden` wide, leaked for a `'static` life.
    fn random_net(hidden: usize, size: usize, seed: u64) -> &'static QuantNet {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut w = |n: usize, s: f32| (0..n).map(|_| rng.gen_range(-s..s)).collect::<Vec<f32>>();
        let net = NetWeights {
            input: w(INPUTS * hidden, 0.3),
            bias: w(hidden, 0.5),
            output: w(hidden, 200.0),
            output_bias: 3.0,
        };
        Box::leak(Box::new(QuantNet::new(&net, size)))
    }

    fn globals(pos: &Position) -> Vec<u16> {
        let (_, _, roads) = features::measures_and_roads(pos, features::completing_squares(pos));
        let mut out = Vec::with_capacity(MAX_GLOBAL);
        global_inputs(pos, &roads, |i| out.push(i as u16));
        out
    }

    /// Plays random games of `size` with `net`, checking at every ply that
    /// the accumulator kept move by move equals the one summed from scratch,
    /// after the move and again after it is unmade; returns the positions
    /// seen.
    fn walk(net: &'static QuantNet, size: usize, seed: u64) -> Vec<Position> {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut seen = Vec::new();
        for _ in 0..6 {
            let mut pos = Position::start(size).unwrap();
            let mut stack = NetStack::with_net(Some(net), &pos);
            let mut moves = MoveList::new();
            for _ in 0..120 {
                if pos.is_over() {
                    break;
                }
                pos.legal_moves(&mut moves);
                // Spreads more often than their share, to stack the board.
                let spreads: Vec<_> = moves.iter().copied().filter(|m| m.is_spread()).collect();
                let mv = if !spreads.is_empty() && rng.gen_bool(0.6) {
                    spreads[rng.gen_range(0..spreads.len())]
                } else {
                    moves[rng.gen_range(0..moves.len())]
                };
                let before = pos.clone();
                stack.leave(&pos, mv);
                let undo = pos.make(mv);
                // Some positions are left unevaluated, so that their children
                // are summed from scratch.
                if rng.gen_bool(0.9) {
                    assert_eq!(stack.current(&pos).unwrap().1, net.refresh(&pos), "{mv:?}");
                }
                if rng.gen_bool(0.2) {
                    stack.pop();
                    pos.unmake(mv, undo);
                    assert_eq!(pos, before);
                    assert_eq!(stack.current(&pos).unwrap().1, net.refresh(&pos));
                    continue;
                }
                seen.push(pos.clone());
            }
        }
        seen
    }

    #[test]
    fn the_sums_kept_move_by_move_equal_the_sums_from_scratch() {
        let mut tall = 0;
        for size in 3..=8 {
            for (hidden, seed) in [(64, 1), (256, 2), (512, 3), (1024, 4)] {
                let net = random_net(hidden, size, seed + size as u64);
                let seen = walk(net, size, 10 + size as u64);
                tall += seen
                    .iter()
                    .filter(|p| p.occupied().squares().any(|s| p.height(s) >= 3))
                    .count();
            }
        }
        for size in [5, 6] {
            walk(quant_for(size).unwrap(), size, 7);
        }
        // The walks must have built stacks, or spreads were not tried.
        assert!(tall > 100, "{tall}");
    }

    #[test]
    fn the_portable_kernels_give_the_same_sums_and_output() {
        for (size, net) in [
            (6, quant_for(6).unwrap()),
            (7, random_net(256, 7, 5)),
            (4, random_net(64, 4, 6)),
            (5, random_net(512, 5, 8)),
            (4, random_net(1024, 4, 9)),
        ] {
            let portable = net.clone().portable();
            for pos in walk(net, size, 3) {
                let (fast, slow) = (net.refresh(&pos), portable.refresh(&pos));
                assert_eq!(fast, slow);
                let g = globals(&pos);
                let us = pos.to_move();
                assert_eq!(
                    net.correction(&fast, us, &g),
                    portable.correction(&slow, us, &g)
                );
            }
        }
    }

    /// Every unit at the top of its clip, the worst case for the output
    /// sum: both kernels give the exact sum, worked out here in `i64`, and
    /// the integer weights use the range that the bound leaves them.
    #[test]
    fn the_output_sum_cannot_overflow() {
        for (hidden, seed) in [(64, 21), (128, 22), (256, 23), (512, 24), (1024, 25)] {
            let net = random_net(hidden, 8, seed);
            let (fast, slow) = (net, &net.clone().portable());
            let top = vec![net.ceiling; hidden];
            let exact: i64 = net
                .output
                .iter()
                .map(|&o| i64::from(o) * i64::from(net.ceiling))
                .sum();
            let worst: i64 = net.output.iter().map(|&o| i64::from(o).abs()).sum::<i64>()
                * i64::from(net.ceiling);
            assert!(worst <= i64::from(i32::MAX), "{worst}");
            let sum = |q: &QuantNet| match hidden {
                64 => q.dot_width::<64>(&top, &[]),
                128 => q.dot_width::<128>(&top, &[]),
                256 => q.dot_width::<256>(&top, &[]),
                512 => q.dot_width::<512>(&top, &[]),
                _ => q.dot_width::<1024>(&top, &[]),
            };
            assert_eq!(i64::from(sum(fast)), exact);
            assert_eq!(i64::from(sum(slow)), exact);
            // The integer weights are as large as the bound allows: the
            // largest within a few percent of i16's top or of the sum's bound.
            let largest = net
                .output
                .iter()
                .map(|&o| i32::from(o).abs())
                .max()
                .unwrap();
            assert!(
                largest > 30_000 || worst > i64::from(i32::MAX) * 9 / 10,
                "{largest} {worst}"
            );
        }
    }

    #[test]
    fn the_integers_stay_within_two_centiflats_of_the_floats_on_average() {
        // 4x4's network is 1024 units wide, 5x5's and 6x6's 256.
        for size in [4, 5, 6] {
            let (float, quant) = (weights_for(size).unwrap(), quant_for(size).unwrap());
            let positions = walk(quant, size, 11);
            let mut total = 0.0;
            let mut worst = 0.0f32;
            for pos in &positions {
                let (_, _, roads) =
                    features::measures_and_roads(pos, features::completing_squares(pos));
                let mut active = [0u16; MAX_ACTIVE];
                let len = active_inputs(pos, &roads, &mut active);
                let limit = MAX_CORRECTION as f32;
                let exact = float_output(float, &active[..len]).clamp(-limit, limit);
                let acc = quant.refresh(pos);
                let q = quant.correction(&acc, pos.to_move(), &globals(pos)) as f32;
                total += (q - exact).abs();
                worst = worst.max((q - exact).abs());
            }
            let mean = total / positions.len() as f32;
            eprintln!("{size}x{size}: integers against floats, mean {mean:.3} cf, worst {worst:.1} cf over {} positions", positions.len());
            assert!(
                mean < 2.0 && worst < 15.0,
                "{size}x{size}: mean {mean}, worst {worst}"
            );
        }
    }
}
