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
    // 5x5: fitted by `menhir tune fit` to 300238 positions (/work/tune/s5_hk4_n5000_g3000_seed5.tsv /work/tune/s5_r2_hk4_n5000_g3000_seed15.tsv), k 0.2165, validation loss 0.176342
    [
        629,   // flats
        12,    // flats_endgame
        -2354, // reserves
        6,     // reserves_endgame
        1672,  // walls
        5114,  // caps
        2095,  // reserve_under_own
        -465,  // captives
        595,   // centre
        3220,  // tempo
        870,   // threat_one
        2772,  // threat_many
        445,   // span_2
        893,   // span_3
        1755,  // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        360,   // distance_2
        -136,  // distance_3
        -505,  // distance_4
        -842,  // distance_5
        635,   // line_1
        1451,  // line_2
        2466,  // line_3
        2943,  // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        573,   // wall_block
        1087,  // cap_attack
    ],
    // 6x6: fitted by `menhir tune fit` to 341784 positions (/work/tune/s6_hk4_n5000_g2400_seed6.tsv /work/tune/s6_r2_hk4_n5000_g2400_seed16.tsv), k 0.2897, validation loss 0.128694
    [
        1031,  // flats
        13,    // flats_endgame
        597,   // reserves
        -7,    // reserves_endgame
        2820,  // walls
        4349,  // caps
        2249,  // reserve_under_own
        -1694, // captives
        197,   // centre
        1626,  // tempo
        -77,   // threat_one
        1410,  // threat_many
        1667,  // span_2
        1683,  // span_3
        1903,  // span_4
        2184,  // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        616,   // distance_2
        35,    // distance_3
        171,   // distance_4
        99,    // distance_5
        347,   // line_1
        863,   // line_2
        1244,  // line_3
        1561,  // line_4
        1463,  // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        -937,  // wall_block
        87,    // cap_attack
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
