//! Starting a fit from an existing network (`tune net --init`): its units
//! come first in the network to train, and what only it learned is kept.

use super::net::new_net;
use menhir::eval::tuning::NetWeights;
use rand::rngs::StdRng;

/// The network to train from `start` (output in centiflats): a random one of
/// `hidden` units whose first units are `start`'s, its output turned into
/// logit units by the logistic scale `k`. Refused when `start` is wider.
pub(super) fn start_from(
    start: &NetWeights,
    hidden: usize,
    k: f64,
    rng: &mut StdRng,
) -> Result<NetWeights, String> {
    let width = start.hidden();
    if width > hidden {
        return Err(format!(
            "the starting network has {width} hidden units, more than the {hidden} asked for"
        ));
    }
    let to_logits = (k / 100.0) as f32;
    let mut net = new_net(hidden, rng);
    for (row, old) in net.input.chunks_mut(hidden).zip(start.input.chunks(width)) {
        row[..width].copy_from_slice(old);
    }
    net.bias[..width].copy_from_slice(&start.bias);
    for (o, &old) in net.output.iter_mut().zip(&start.output) {
        *o = old * to_logits;
    }
    net.output_bias = start.output_bias * to_logits;
    Ok(net)
}

/// Inputs the starting network `start` learned but this data never showed
/// keep its weights as they were (no gradient reached them, only the decay):
/// they count as seen, and the units added beside its own get 0 from them
/// instead of their untrained random start.
pub(super) fn keep_learned_inputs(net: &mut NetWeights, start: &NetWeights, seen: &mut [bool]) {
    let (hidden, width) = (net.hidden(), start.hidden());
    let rows = net.input.chunks_mut(hidden).zip(start.input.chunks(width));
    for ((row, old), seen) in rows.zip(seen.iter_mut()) {
        if !*seen && old.iter().any(|&w| w != 0.0) {
            row[..width].copy_from_slice(old);
            row[width..].fill(0.0);
            *seen = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::float_net::FloatNet;
    use menhir::eval::tuning::INPUTS;
    use rand::SeedableRng;

    #[test]
    fn a_starting_network_keeps_its_units_and_its_play() {
        let mut rng = StdRng::seed_from_u64(7);
        let mut start = new_net(64, &mut rng);
        start.output.iter_mut().for_each(|o| *o *= 1000.0);
        let k = 2.0;
        let wider = start_from(&start, 128, k, &mut rng).unwrap();
        for i in 0..INPUTS {
            assert_eq!(
                wider.input[i * 128..i * 128 + 64],
                start.input[i * 64..(i + 1) * 64]
            );
        }
        assert_eq!(wider.bias[..64], start.bias[..]);
        assert!((wider.output[5] - start.output[5] * 0.02).abs() < 1e-6);
        let same = start_from(&start, 64, k, &mut rng).unwrap();
        let active = [3u16, 70, 200, 900];
        let expected = start.output(&active) * 0.02;
        assert!((same.output(&active) - expected).abs() < 1e-4);
        assert!(start_from(&start, 32, k, &mut rng).is_err());
    }

    #[test]
    fn inputs_only_the_starting_network_knew_keep_its_weights() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut start = new_net(64, &mut rng);
        // Input 1 was never learned by the start (all zeros).
        start.input[64..128].fill(0.0);
        let mut net = new_net(128, &mut rng);
        let mut seen = vec![false; INPUTS];
        seen[2] = true;
        let trained = net.input[2 * 128..3 * 128].to_vec();
        keep_learned_inputs(&mut net, &start, &mut seen);
        // Input 0: the start's weights back, the added units 0; now seen.
        assert_eq!(net.input[..64], start.input[..64]);
        assert!(net.input[64..128].iter().all(|&w| w == 0.0));
        assert!(seen[0]);
        // Input 1: unknown to both, stays unseen (the file writes zeros).
        assert!(!seen[1]);
        // Input 2: seen in the data, left as trained.
        assert_eq!(net.input[2 * 128..3 * 128], trained[..]);
    }
}
