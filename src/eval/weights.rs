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
        0,     // groups
        0,     // line_blocked
        0,     // cap_on_own
        0,     // cap_mobility
        0,     // stack_reach
        0,     // tempo_endgame
    ],
    // 4x4: fitted by `menhir tune fit` to 67094 positions (s4_hk0_n5000_g2000_seed4.tsv), k 0.2177, validation loss 0.126670
    [
        3324,  // flats
        -6,    // flats_endgame
        -3101, // reserves
        15,    // reserves_endgame
        2549,  // walls
        960,   // caps
        3187,  // reserve_under_own
        -1041, // captives
        703,   // centre
        4541,  // tempo
        1444,  // threat_one
        5550,  // threat_many
        -479,  // span_2
        664,   // span_3
        512,   // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        1053,  // distance_2
        741,   // distance_3
        503,   // distance_4
        575,   // distance_5
        421,   // line_1
        1011,  // line_2
        -493,  // line_3
        0,     // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        1530,  // wall_block
        0,     // cap_attack
        0,     // groups
        0,     // line_blocked
        0,     // cap_on_own
        0,     // cap_mobility
        0,     // stack_reach
        0,     // tempo_endgame
    ],
    // 5x5: fitted by `menhir tune fit` to 452158 positions (s5_hk4_n5000_g3000_seed5.tsv s5_r2_hk4_n5000_g3000_seed15.tsv s5_r3_hk4_n5000_g3000_seed25.tsv), k 0.2266, validation loss 0.174779
    [
        450,   // flats
        13,    // flats_endgame
        -2561, // reserves
        8,     // reserves_endgame
        1728,  // walls
        4564,  // caps
        2028,  // reserve_under_own
        -323,  // captives
        699,   // centre
        3345,  // tempo
        934,   // threat_one
        2477,  // threat_many
        507,   // span_2
        998,   // span_3
        2169,  // span_4
        928,   // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        400,   // distance_2
        -133,  // distance_3
        -429,  // distance_4
        -961,  // distance_5
        684,   // line_1
        1541,  // line_2
        2539,  // line_3
        3273,  // line_4
        0,     // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        539,   // wall_block
        920,   // cap_attack
        0,     // groups
        0,     // line_blocked
        0,     // cap_on_own
        0,     // cap_mobility
        0,     // stack_reach
        0,     // tempo_endgame
    ],
    // 6x6: fitted by `menhir tune fit` to 666380 positions (s6_hk4_n5000_g2400_seed6.tsv s6_r2_hk4_n5000_g2400_seed16.tsv s6_r3_hk4_n5000_g2400_seed26.tsv s6_r4_hk4_n5000_g2400_seed36.tsv), k 0.2150, validation loss 0.162428
    [
        876,   // flats
        11,    // flats_endgame
        -782,  // reserves
        -6,    // reserves_endgame
        3571,  // walls
        3968,  // caps
        2646,  // reserve_under_own
        -1430, // captives
        553,   // centre
        2831,  // tempo
        2849,  // threat_one
        4329,  // threat_many
        1633,  // span_2
        2057,  // span_3
        2484,  // span_4
        3263,  // span_5
        1440,  // span_6
        2080,  // span_7
        2720,  // span_8
        1765,  // distance_2
        910,   // distance_3
        293,   // distance_4
        94,    // distance_5
        593,   // line_1
        1181,  // line_2
        1946,  // line_3
        2658,  // line_4
        2197,  // line_5
        0,     // line_6
        0,     // line_7
        0,     // line_8
        -1227, // wall_block
        924,   // cap_attack
        0,     // groups
        0,     // line_blocked
        0,     // cap_on_own
        0,     // cap_mobility
        0,     // stack_reach
        0,     // tempo_endgame
    ],
    // 7x7: the 6x6 row stretched by a square (spans and lines one longer)
    [
        876,   // flats
        11,    // flats_endgame
        -782,  // reserves
        -6,    // reserves_endgame
        3571,  // walls
        3968,  // caps
        2646,  // reserve_under_own
        -1430, // captives
        553,   // centre
        2831,  // tempo
        2849,  // threat_one
        4329,  // threat_many
        1633,  // span_2
        2057,  // span_3
        2484,  // span_4
        3263,  // span_5
        3263,  // span_6
        2080,  // span_7
        2720,  // span_8
        1765,  // distance_2
        910,   // distance_3
        293,   // distance_4
        94,    // distance_5
        593,   // line_1
        1181,  // line_2
        1946,  // line_3
        2658,  // line_4
        2658,  // line_5
        2197,  // line_6
        0,     // line_7
        0,     // line_8
        -1227, // wall_block
        924,   // cap_attack
        0,     // groups
        0,     // line_blocked
        0,     // cap_on_own
        0,     // cap_mobility
        0,     // stack_reach
        0,     // tempo_endgame
    ],
    // 8x8: the 6x6 row stretched by two squares (spans and lines two longer)
    [
        876,   // flats
        11,    // flats_endgame
        -782,  // reserves
        -6,    // reserves_endgame
        3571,  // walls
        3968,  // caps
        2646,  // reserve_under_own
        -1430, // captives
        553,   // centre
        2831,  // tempo
        2849,  // threat_one
        4329,  // threat_many
        1633,  // span_2
        2057,  // span_3
        2484,  // span_4
        3263,  // span_5
        3263,  // span_6
        3263,  // span_7
        2720,  // span_8
        1765,  // distance_2
        910,   // distance_3
        293,   // distance_4
        94,    // distance_5
        593,   // line_1
        1181,  // line_2
        1946,  // line_3
        2658,  // line_4
        2658,  // line_5
        2658,  // line_6
        2197,  // line_7
        0,     // line_8
        -1227, // wall_block
        924,   // cap_attack
        0,     // groups
        0,     // line_blocked
        0,     // cap_on_own
        0,     // cap_mobility
        0,     // stack_reach
        0,     // tempo_endgame
    ],
];
