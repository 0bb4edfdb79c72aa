//! Road detection by bitboard flood fill from one edge towards the opposite one.

use super::geometry::Bitboard;
use super::{Color, Position};

/// Grows `seed` inside `area` until it stops changing, returning the filled set.
#[inline(always)]
pub fn flood(seed: Bitboard, area: Bitboard) -> Bitboard {
    let mut cur = seed & area;
    loop {
        let next = (cur | cur.neighbours()) & area;
        if next == cur {
            return cur;
        }
        cur = next;
    }
}

impl Position {
    /// True when `color` has a road: a connected chain of its flats and capstones
    /// touching two opposite edges.
    #[inline]
    pub fn has_road(&self, color: Color) -> bool {
        let area = self.road_squares(color);
        let g = self.geometry;
        if area.intersects(g.left) && area.intersects(g.right) {
            let reached = flood(area & g.left, area);
            if reached.intersects(g.right) {
                return true;
            }
        }
        if area.intersects(g.bottom) && area.intersects(g.top) {
            let reached = flood(area & g.bottom, area);
            if reached.intersects(g.top) {
                return true;
            }
        }
        false
    }
}
