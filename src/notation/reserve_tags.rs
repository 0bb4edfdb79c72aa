//! The PTN tags for custom piece counts: `Flats` and `Caps` (both players), and
//! `Flats1`, `Flats2`, `Caps1`, `Caps2` (White's, Black's), as PTN Ninja writes
//! them. A game without them uses the size's standard reserves.

use crate::board::{Color, Reserves, MAX_CAPSTONES, MAX_STONES};

/// A reserve tag that cannot be used: its name, value and what it should be.
pub(crate) type BadReserveTag = (String, String, &'static str);

/// The reserves of a game of size `size` (3–8) from its tags; `get` finds a
/// tag's value by name, whatever its case. Per-player tags win over `Flats` and
/// `Caps`.
pub(crate) fn reserves_from_tags<'a>(
    get: &dyn Fn(&str) -> Option<&'a str>,
    size: usize,
) -> Result<Reserves, BadReserveTag> {
    let standard = Reserves::standard(size).expect("callers pass a supported size");
    let read = |name: &str, max: u8, default: u8| -> Result<u8, BadReserveTag> {
        match get(name) {
            None => Ok(default),
            Some(v) => v.parse::<u8>().ok().filter(|n| *n <= max).ok_or_else(|| {
                let expected = if max == MAX_STONES {
                    "a number of stones from 1 to 60"
                } else {
                    "a number of capstones from 0 to 2"
                };
                (name.to_string(), v.to_string(), expected)
            }),
        }
    };
    let mut stones = [0; 2];
    let mut capstones = [0; 2];
    for (i, c) in [Color::White, Color::Black].into_iter().enumerate() {
        let both = read("Flats", MAX_STONES, standard.stones(c))?;
        stones[i] = read(&format!("Flats{}", i + 1), MAX_STONES, both)?;
        let both = read("Caps", MAX_CAPSTONES, standard.capstones(c))?;
        capstones[i] = read(&format!("Caps{}", i + 1), MAX_CAPSTONES, both)?;
    }
    Reserves::new(stones, capstones).map_err(|_| {
        let flats = get("Flats1")
            .or(get("Flats2"))
            .or(get("Flats"))
            .unwrap_or("0");
        (
            "Flats".to_string(),
            flats.to_string(),
            "a number of stones from 1 to 60",
        )
    })
}

/// The tags that record `reserves` in a PTN game of size `size`: none for the
/// standard set, `Flats` and `Caps` when both players have the same, else the
/// four per-player tags.
pub fn reserve_tags(reserves: Reserves, size: usize) -> Vec<(String, String)> {
    if reserves.is_standard(size) {
        return Vec::new();
    }
    let (w, b) = (Color::White, Color::Black);
    let tag = |name: &str, n: u8| (name.to_string(), n.to_string());
    if reserves.stones(w) == reserves.stones(b) && reserves.capstones(w) == reserves.capstones(b) {
        vec![
            tag("Flats", reserves.stones(w)),
            tag("Caps", reserves.capstones(w)),
        ]
    } else {
        vec![
            tag("Flats1", reserves.stones(w)),
            tag("Flats2", reserves.stones(b)),
            tag("Caps1", reserves.capstones(w)),
            tag("Caps2", reserves.capstones(b)),
        ]
    }
}
