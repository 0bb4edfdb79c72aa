//! Every evaluation weight, one row per board size (3x3 first), one entry per
//! feature of `features.rs` in its order. Units: 1/16 of a centiflat per unit of
//! the feature, so the evaluation is the dot product divided by `SCALE`.
//!
//! `menhir tune fit --write` rewrites this file; the comment on each row says
//! where its numbers came from.

use super::features::COUNT;

/// Weights are in 1/SCALE centiflats.
pub const SCALE: i32 = 16;

/// Per size 3..=8, per feature.
pub const WEIGHTS: [[i32; COUNT]; 6] = [
    // 3x3: hand-set
    [
        800,   // flats
        10,    // flats_endgame
        0,     // reserves
        0,     // reserves_endgame
        720,   // walls
        960,   // caps
        192,   // reserve_under_own
        128,   // captives
        48,    // centre
        320,   // tempo
        2880,  // threat_one
        14400, // threat_many
        96,    // span_2
        256,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        0,     // distance_2
        0,     // distance_3
        0,     // distance_4
        0,     // distance_5
        0,     // line_1
        0,     // line_2
        0,     // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        0,     // wall_block
        0,     // cap_attack
    ],
    // 4x4: hand-set
    [
        800,   // flats
        10,    // flats_endgame
        0,     // reserves
        0,     // reserves_endgame
        720,   // walls
        960,   // caps
        192,   // reserve_under_own
        128,   // captives
        48,    // centre
        320,   // tempo
        2880,  // threat_one
        14400, // threat_many
        96,    // span_2
        256,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        0,     // distance_2
        0,     // distance_3
        0,     // distance_4
        0,     // distance_5
        0,     // line_1
        0,     // line_2
        0,     // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        0,     // wall_block
        0,     // cap_attack
    ],
    // 5x5: hand-set
    [
        800,   // flats
        10,    // flats_endgame
        0,     // reserves
        0,     // reserves_endgame
        720,   // walls
        960,   // caps
        192,   // reserve_under_own
        128,   // captives
        48,    // centre
        320,   // tempo
        2880,  // threat_one
        14400, // threat_many
        96,    // span_2
        256,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        0,     // distance_2
        0,     // distance_3
        0,     // distance_4
        0,     // distance_5
        0,     // line_1
        0,     // line_2
        0,     // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        0,     // wall_block
        0,     // cap_attack
    ],
    // 6x6: hand-set
    [
        800,   // flats
        10,    // flats_endgame
        0,     // reserves
        0,     // reserves_endgame
        720,   // walls
        960,   // caps
        192,   // reserve_under_own
        128,   // captives
        48,    // centre
        320,   // tempo
        2880,  // threat_one
        14400, // threat_many
        96,    // span_2
        256,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        0,     // distance_2
        0,     // distance_3
        0,     // distance_4
        0,     // distance_5
        0,     // line_1
        0,     // line_2
        0,     // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        0,     // wall_block
        0,     // cap_attack
    ],
    // 7x7: hand-set
    [
        800,   // flats
        10,    // flats_endgame
        0,     // reserves
        0,     // reserves_endgame
        720,   // walls
        960,   // caps
        192,   // reserve_under_own
        128,   // captives
        48,    // centre
        320,   // tempo
        2880,  // threat_one
        14400, // threat_many
        96,    // span_2
        256,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        0,     // distance_2
        0,     // distance_3
        0,     // distance_4
        0,     // distance_5
        0,     // line_1
        0,     // line_2
        0,     // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        0,     // wall_block
        0,     // cap_attack
    ],
    // 8x8: hand-set
    [
        800,   // flats
        10,    // flats_endgame
        0,     // reserves
        0,     // reserves_endgame
        720,   // walls
        960,   // caps
        192,   // reserve_under_own
        128,   // captives
        48,    // centre
        320,   // tempo
        2880,  // threat_one
        14400, // threat_many
        96,    // span_2
        256,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        0,     // distance_2
        0,     // distance_3
        0,     // distance_4
        0,     // distance_5
        0,     // line_1
        0,     // line_2
        0,     // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        0,     // wall_block
        0,     // cap_attack
    ],
];
