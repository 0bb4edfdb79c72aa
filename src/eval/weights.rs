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
    // 5x5: fitted by `menhir tune fit` to 153584 positions (/work/tune/s5_hk4_n5000_g3000_seed5.tsv), k 0.2027, validation loss 0.170989
    [
        1039,  // flats
        9,     // flats_endgame
        -1231, // reserves
        -1,    // reserves_endgame
        1923,  // walls
        5511,  // caps
        1942,  // reserve_under_own
        -888,  // captives
        428,   // centre
        2578,  // tempo
        1117,  // threat_one
        5552,  // threat_many
        182,   // span_2
        293,   // span_3
        985,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        1228,  // distance_2
        929,   // distance_3
        1607,  // distance_4
        2218,  // distance_5
        740,   // line_1
        1503,  // line_2
        2461,  // line_3
        1833,  // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        1223,  // wall_block
        1104,  // cap_attack
    ],
    // 6x6: fitted by `menhir tune fit` to 197019 positions (/work/tune/s6_hk4_n5000_g2400_seed6.tsv), k 0.1727, validation loss 0.176546
    [
        1090,  // flats
        8,     // flats_endgame
        -995,  // reserves
        6,     // reserves_endgame
        3690,  // walls
        6917,  // caps
        2156,  // reserve_under_own
        -1412, // captives
        397,   // centre
        2336,  // tempo
        903,   // threat_one
        5791,  // threat_many
        -607,  // span_2
        -495,  // span_3
        -94,   // span_4
        -4,    // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        1576,  // distance_2
        755,   // distance_3
        934,   // distance_4
        1219,  // distance_5
        841,   // line_1
        1422,  // line_2
        1983,  // line_3
        2265,  // line_4
        2350,  // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        682,   // wall_block
        457,   // cap_attack
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
