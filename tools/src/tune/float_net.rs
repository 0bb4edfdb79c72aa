//! The correction network in floats, as the fit trains it (`tune net`): the
//! forward pass over a position's active inputs, with an AVX2 kernel. The
//! engine plays the same network in 16-bit integers (`menhir::eval`'s
//! `quant.rs`); only the trainer needs the floats, so they live here.

use menhir::eval::tuning::NetWeights;

/// The float forward pass of a correction network.
pub trait FloatNet {
    /// The output for the given active inputs: the input rows summed into the
    /// hidden layer, clipped to 0..1 and weighted (in centiflats for the
    /// shipped weights). Each width of `WIDTHS` gets code compiled for it, so
    /// the sums vectorise with no tail.
    fn output(&self, active: &[u16]) -> f32;

    /// `output`, the same sums, with the hidden layer before clipping left in
    /// `hidden` (one value per unit): what a fit needs for the gradient.
    fn output_and_hidden(&self, active: &[u16], hidden: &mut Vec<f32>) -> f32;
}

impl FloatNet for NetWeights {
    fn output(&self, active: &[u16]) -> f32 {
        // One arm for each entry of `WIDTHS`.
        match self.hidden() {
            64 => output_of::<64>(self, active),
            128 => output_of::<128>(self, active),
            256 => output_of::<256>(self, active),
            512 => output_of::<512>(self, active),
            1024 => output_of::<1024>(self, active),
            // `net_weights::decode` admits no other width.
            _ => 0.0,
        }
    }

    fn output_and_hidden(&self, active: &[u16], hidden: &mut Vec<f32>) -> f32 {
        match self.hidden() {
            64 => keeping_hidden::<64>(self, active, hidden),
            128 => keeping_hidden::<128>(self, active, hidden),
            256 => keeping_hidden::<256>(self, active, hidden),
            512 => keeping_hidden::<512>(self, active, hidden),
            1024 => keeping_hidden::<1024>(self, active, hidden),
            _ => 0.0,
        }
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

/// `output_and_hidden` for a layer of `H` units.
fn keeping_hidden<const H: usize>(w: &NetWeights, active: &[u16], hidden: &mut Vec<f32>) -> f32 {
    let Some(acc) = hidden_layer::<H>(w, active) else {
        return 0.0;
    };
    hidden.clear();
    hidden.extend_from_slice(&acc);
    output_layer::<H>(w, &acc)
}

/// Lanes of the output sum: independent partial sums the compiler can keep in
/// one vector register, where a single running sum would make each of the
/// additions wait for the one before.
const LANES: usize = 8;

/// `output`'s work: the hidden layer, then the output layer.
#[inline(always)]
fn forward<const H: usize>(w: &NetWeights, active: &[u16]) -> f32 {
    match hidden_layer::<H>(w, active) {
        Some(acc) => output_layer::<H>(w, &acc),
        None => 0.0,
    }
}

/// The biases plus the input weight row of each active input (`None` when the
/// weights are not `H` wide).
#[inline(always)]
fn hidden_layer<const H: usize>(w: &NetWeights, active: &[u16]) -> Option<[f32; H]> {
    let mut acc = *<&[f32; H]>::try_from(w.bias.as_slice()).ok()?;
    for &i in active {
        let row = &w.input[i as usize * H..(i as usize + 1) * H];
        for (a, r) in acc.iter_mut().zip(row) {
            *a += r;
        }
    }
    Some(acc)
}

/// The clipped hidden units times their output weights, plus the output bias.
#[inline(always)]
fn output_layer<const H: usize>(w: &NetWeights, acc: &[f32; H]) -> f32 {
    let Ok(out) = <&[f32; H]>::try_from(w.output.as_slice()) else {
        return 0.0;
    };
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
