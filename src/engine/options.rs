//! The engine's settable options, declared once. The TEI `option` lines and every
//! `setoption` check are generated from `OPTIONS`; nothing else knows the names,
//! defaults or ranges.

use crate::board::{Color, Reserves, MAX_CAPSTONES, MAX_STONES};

/// The values of the settable options.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineOptions {
    /// Transposition table size in MiB.
    pub hash_mib: usize,
    /// Search threads.
    pub threads: usize,
    /// Ranked root lines to report.
    pub multipv: usize,
    /// Half-komi K (komi = K/2 flats for Black).
    pub half_komi: i32,
    /// What a draw (a tied game end, or a position repeated along a searched
    /// line) costs the side to move at the root, in centiflats: positive
    /// avoids draws, negative seeks them.
    pub contempt: i32,
    /// The stones and capstones each player starts a game with.
    pub pieces: PieceCounts,
}

/// The piece-count options: per player (White's first), `None` for the board
/// size's standard count (`docs/tei.md` §5).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceCounts {
    /// Stones (`Flats`, `Flats1`, `Flats2`; 0 = standard).
    pub stones: [Option<u8>; 2],
    /// Capstones (`Caps`, `Caps1`, `Caps2`; -1 = standard).
    pub capstones: [Option<u8>; 2],
}

impl PieceCounts {
    /// The reserves of a game of size `n` (3–8): the standard set with these
    /// counts in place of it where set.
    pub fn reserves(self, n: usize) -> Option<Reserves> {
        let standard = Reserves::standard(n)?;
        let mut stones = [0; 2];
        let mut capstones = [0; 2];
        for c in [Color::White, Color::Black] {
            let i = c.index();
            stones[i] = self.stones[i].unwrap_or(standard.stones(c));
            capstones[i] = self.capstones[i].unwrap_or(standard.capstones(c));
        }
        Reserves::new(stones, capstones).ok()
    }
}

/// A stones option's value: 0 is the size's standard.
fn stones_value(v: i64) -> Option<u8> {
    (v > 0).then_some(v as u8)
}

/// A capstones option's value: -1 is the size's standard.
fn capstones_value(v: i64) -> Option<u8> {
    (v >= 0).then_some(v as u8)
}

/// One integer (`spin`) option: its TEI name, default, range and where its value
/// goes.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// The name as TEI spells it (matched without regard to case).
    pub name: &'static str,
    /// The value before any `setoption`.
    pub default: i64,
    /// The smallest accepted value.
    pub min: i64,
    /// The largest accepted value.
    pub max: i64,
    /// Stores an accepted value (already within `min..=max`).
    apply: fn(&mut EngineOptions, i64),
}

impl OptionSpec {
    /// The option's line in the reply to `tei`.
    pub fn tei_line(&self) -> String {
        format!(
            "option name {} type spin default {} min {} max {}",
            self.name, self.default, self.min, self.max
        )
    }
}

/// The half-komi option's entry (its range is also the `size … halfkomi` list).
pub const HALF_KOMI: OptionSpec = OptionSpec {
    name: "HalfKomi",
    default: 0,
    min: -10,
    max: 10,
    apply: |o, v| o.half_komi = v as i32,
};

/// A stones option: `apply` stores the value for the players it names.
const fn stones_option(name: &'static str, apply: fn(&mut EngineOptions, i64)) -> OptionSpec {
    OptionSpec {
        name,
        default: 0,
        min: 0,
        max: MAX_STONES as i64,
        apply,
    }
}

/// A capstones option: `apply` stores the value for the players it names.
const fn capstones_option(name: &'static str, apply: fn(&mut EngineOptions, i64)) -> OptionSpec {
    OptionSpec {
        name,
        default: -1,
        min: -1,
        max: MAX_CAPSTONES as i64,
        apply,
    }
}

/// Every option, in the order the engine declares them.
pub const OPTIONS: [OptionSpec; 11] = [
    HALF_KOMI,
    OptionSpec {
        name: "Hash",
        default: 64,
        min: 1,
        max: 65536,
        apply: |o, v| o.hash_mib = v as usize,
    },
    OptionSpec {
        name: "Threads",
        default: 1,
        min: 1,
        max: 256,
        apply: |o, v| o.threads = v as usize,
    },
    OptionSpec {
        name: "MultiPV",
        default: 1,
        min: 1,
        max: 16,
        apply: |o, v| o.multipv = v as usize,
    },
    OptionSpec {
        name: "Contempt",
        default: 0,
        min: -500,
        max: 500,
        apply: |o, v| o.contempt = v as i32,
    },
    stones_option("Flats", |o, v| o.pieces.stones = [stones_value(v); 2]),
    capstones_option("Caps", |o, v| o.pieces.capstones = [capstones_value(v); 2]),
    stones_option("Flats1", |o, v| o.pieces.stones[0] = stones_value(v)),
    stones_option("Flats2", |o, v| o.pieces.stones[1] = stones_value(v)),
    capstones_option("Caps1", |o, v| o.pieces.capstones[0] = capstones_value(v)),
    capstones_option("Caps2", |o, v| o.pieces.capstones[1] = capstones_value(v)),
];

/// True for the options that set piece counts.
pub fn is_piece_count(spec: &OptionSpec) -> bool {
    spec.name.starts_with("Flats") || spec.name.starts_with("Caps")
}

impl Default for EngineOptions {
    fn default() -> Self {
        let mut options = EngineOptions {
            hash_mib: 0,
            threads: 0,
            multipv: 0,
            half_komi: 0,
            contempt: 0,
            pieces: PieceCounts::default(),
        };
        for spec in &OPTIONS {
            (spec.apply)(&mut options, spec.default);
        }
        options
    }
}

/// Why a `setoption` was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionError {
    /// No option has this name.
    Unknown(String),
    /// The value is not a number within the option's range.
    BadValue {
        /// The option's name as declared.
        name: &'static str,
        /// The value as given (`None` when missing).
        value: Option<String>,
    },
}

impl std::fmt::Display for OptionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OptionError::Unknown(name) => write!(f, "unknown option '{name}'"),
            OptionError::BadValue { name, value } => {
                let spec = find(name).expect("declared");
                match value {
                    Some(v) => write!(
                        f,
                        "bad value '{v}' for {name} (an integer from {} to {})",
                        spec.min, spec.max
                    ),
                    None => write!(f, "{name} needs a value"),
                }
            }
        }
    }
}

/// The declared option called `name`, whatever its case.
pub fn find(name: &str) -> Option<&'static OptionSpec> {
    OPTIONS.iter().find(|s| s.name.eq_ignore_ascii_case(name))
}

impl EngineOptions {
    /// Sets the option `name` from its TEI value text; on an error nothing
    /// changes. Returns the declared option on success.
    pub fn set(
        &mut self,
        name: &str,
        value: Option<&str>,
    ) -> Result<&'static OptionSpec, OptionError> {
        let spec = find(name).ok_or_else(|| OptionError::Unknown(name.to_string()))?;
        let number = value
            .and_then(|v| v.trim().parse::<i64>().ok())
            .filter(|n| (spec.min..=spec.max).contains(n));
        match number {
            Some(n) => {
                (spec.apply)(self, n);
                Ok(spec)
            }
            None => Err(OptionError::BadValue {
                name: spec.name,
                value: value.map(str::to_string),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_ranges_and_names_come_from_the_table() {
        let mut o = EngineOptions::default();
        assert_eq!(
            (o.hash_mib, o.threads, o.multipv, o.half_komi),
            (64, 1, 1, 0)
        );
        assert!(o.set("hash", Some("128")).is_ok());
        assert_eq!(o.hash_mib, 128);
        assert!(o.set("Hash", Some("0")).is_err());
        assert!(o.set("HalfKomi", Some("11")).is_err());
        assert!(o.set("HalfKomi", Some("-10")).is_ok());
        assert_eq!(o.half_komi, -10);
        assert!(matches!(
            o.set("Frob", Some("1")),
            Err(OptionError::Unknown(_))
        ));
        assert_eq!(o.hash_mib, 128, "a refused value changes nothing");
        let err = o.set("Threads", Some("lots")).unwrap_err().to_string();
        assert!(err.contains("1 to 256"), "{err}");
    }

    #[test]
    fn piece_counts_default_to_the_standard_and_apply_per_player() {
        let mut o = EngineOptions::default();
        assert_eq!(o.pieces.reserves(6), Reserves::standard(6));
        assert!(o.set("Caps", Some("2")).is_ok());
        assert!(o.set("Flats2", Some("25")).is_ok());
        let r = o.pieces.reserves(6).expect("valid");
        assert_eq!((r.stones(Color::White), r.stones(Color::Black)), (30, 25));
        assert_eq!(
            (r.capstones(Color::White), r.capstones(Color::Black)),
            (2, 2)
        );
        assert!(o.set("Caps1", Some("0")).is_ok());
        assert_eq!(
            o.pieces.reserves(6).expect("valid").capstones(Color::White),
            0
        );
        assert!(o.set("Caps", Some("-1")).is_ok());
        assert!(o.set("Flats", Some("0")).is_ok());
        assert_eq!(o.pieces.reserves(5), Reserves::standard(5));
        assert!(o.set("Caps", Some("3")).is_err());
        assert!(o.set("Flats", Some("61")).is_err());
    }
}
