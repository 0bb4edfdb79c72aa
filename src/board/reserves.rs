//! `Reserves`: the stones and capstones each player starts a game with. Every
//! size has its standard set (`docs/rules.md` §1.2); PTN Ninja, playtak and the
//! PTN `Flats`/`Caps` tags allow others, per player.

use super::geometry::geometry_of;
use super::Color;

/// The most stones a player may start with. With `MAX_CAPSTONES` it keeps every
/// stack at most 124 pieces high: the stack bits and hash keys cover 128 levels,
/// and the hash update of a spread reads the keys of the 8 levels above a stack
/// of up to 123.
pub const MAX_STONES: u8 = 60;
/// The most capstones a player may start with.
pub const MAX_CAPSTONES: u8 = 2;

fn player(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The pieces each player starts with.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Reserves {
    stones: [u8; 2],
    capstones: [u8; 2],
}

impl Reserves {
    /// The standard set of size `n` (3–8), the same for both players.
    pub fn standard(n: usize) -> Option<Reserves> {
        let g = geometry_of(n)?;
        Some(Reserves {
            stones: [g.stones; 2],
            capstones: [g.capstones; 2],
        })
    }

    /// Custom reserves, White's first: each player needs at least one stone
    /// (the first plies place flats), at most `MAX_STONES` stones and
    /// `MAX_CAPSTONES` capstones.
    pub fn new(stones: [u8; 2], capstones: [u8; 2]) -> Result<Reserves, String> {
        for c in [Color::White, Color::Black] {
            let (s, k) = (stones[c.index()], capstones[c.index()]);
            if !(1..=MAX_STONES).contains(&s) {
                return Err(format!(
                    "{s} stones for {}: a player starts with 1 to {MAX_STONES}",
                    player(c)
                ));
            }
            if k > MAX_CAPSTONES {
                return Err(format!(
                    "{k} capstones for {}: a player starts with 0 to {MAX_CAPSTONES}",
                    player(c)
                ));
            }
        }
        Ok(Reserves { stones, capstones })
    }

    /// Stones `color` starts with.
    pub fn stones(self, color: Color) -> u8 {
        self.stones[color.index()]
    }

    /// Capstones `color` starts with.
    pub fn capstones(self, color: Color) -> u8 {
        self.capstones[color.index()]
    }

    /// Pieces (stones and capstones) `color` starts with.
    pub fn pieces(self, color: Color) -> u32 {
        self.stones(color) as u32 + self.capstones(color) as u32
    }

    /// True when these are size `n`'s standard reserves.
    pub fn is_standard(self, n: usize) -> bool {
        Reserves::standard(n) == Some(self)
    }
}

impl std::fmt::Display for Reserves {
    /// `30 stones and 1 capstone each`, or per player when they differ.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let one = |c: Color| {
            let (s, k) = (self.stones(c), self.capstones(c));
            let plural = if k == 1 { "" } else { "s" };
            format!("{s} stones and {k} capstone{plural}")
        };
        if self.stones[0] == self.stones[1] && self.capstones[0] == self.capstones[1] {
            write!(f, "{} each", one(Color::White))
        } else {
            write!(
                f,
                "{} for white, {} for black",
                one(Color::White),
                one(Color::Black)
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn standard_and_custom_sets() {
        let six = Reserves::standard(6).expect("6x6");
        assert_eq!(
            (six.stones(Color::White), six.capstones(Color::Black)),
            (30, 1)
        );
        assert!(six.is_standard(6) && !six.is_standard(5));
        assert_eq!(six.to_string(), "30 stones and 1 capstone each");
        let custom = Reserves::new([25, 25], [0, 0]).expect("valid");
        assert_eq!(custom.pieces(Color::Black), 25);
        assert!(Reserves::new([0, 30], [1, 1]).is_err());
        assert!(Reserves::new([30, 61], [1, 1]).is_err());
        assert!(Reserves::new([30, 30], [1, 3]).is_err());
        assert_eq!(Reserves::standard(9), None);
    }
}
