//! Every evaluation weight, in centiflats (hundredths of a flat). One place to
//! tune them.

/// A flat on top, counted as the flat-count margin (komi included).
pub const FLAT: i32 = 100;
/// Extra weight of the flat margin as the game nears a flat count: added in
/// proportion to how close the emptier reserve or the board is to running out.
pub const FLAT_ENDGAME: i32 = 120;
/// A wall on top: a blocker, worth less than a flat that counts.
pub const WALL: i32 = 45;
/// A capstone on the board.
pub const CAP: i32 = 60;
/// Own pieces buried under an own top (future flats when spread).
pub const RESERVE_UNDER_OWN: i32 = 12;
/// Opponent pieces held captive under an own top.
pub const CAPTIVE: i32 = 8;
/// Road progress: per square of the widest span of one connected road group.
pub const SPAN: [i32; 9] = [0, 0, 6, 16, 32, 58, 90, 130, 170];
/// A square where one placement completes a road.
pub const THREAT: i32 = 180;
/// Two or more such squares: nearly decisive.
pub const DOUBLE_THREAT: i32 = 900;
/// Centre preference per square of closeness to the centre, for flats and caps.
pub const CENTRE: i32 = 3;
/// Having the move.
pub const TEMPO: i32 = 20;
