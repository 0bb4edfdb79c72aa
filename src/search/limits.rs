//! What ends a search: depth, nodes, a fixed move time, or the clock. The clock
//! gives a soft target (do not start another iteration past about half of it) and
//! a hard deadline that is never crossed, leaving room for racetrack, which charges
//! from writing `position` to reading `bestmove`.

use crate::clock::Instant;
use std::time::Duration;

/// The limits of one `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Nominal depth to stop at.
    pub depth: Option<u32>,
    /// Nodes to stop at.
    pub nodes: Option<u64>,
    /// Milliseconds to think.
    pub movetime: Option<u64>,
    /// White's clock, ms.
    pub wtime: Option<u64>,
    /// Black's clock, ms.
    pub btime: Option<u64>,
    /// White's increment, ms.
    pub winc: Option<u64>,
    /// Black's increment, ms.
    pub binc: Option<u64>,
    /// Search until `stop` whatever else is set.
    pub infinite: bool,
    /// `go solved`: run the proof search alone, until a proof, a disproof,
    /// `stop`, or the `depth` (as plies), `nodes` or `movetime` given with it.
    pub solved: bool,
}

impl Limits {
    /// True when nothing limits the search (bare `go`): it runs until `stop`.
    pub fn is_infinite(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.movetime.is_none()
                && self.wtime.is_none()
                && self.btime.is_none())
    }
}

use super::params::{
    CLOCK_HARD_FACTOR, CLOCK_HARD_SHARE, CLOCK_INC_SHARE, CLOCK_MOVES_MAX_SIZE,
    CLOCK_MOVES_PER_PIECE, CLOCK_MOVES_SLACK, CLOCK_SHARE,
};
pub use super::params::{CLOCK_OVERHEAD_MS, MOVETIME_MARGIN_MS};
use crate::board::{Color, Position};

/// The deadlines of one search.
#[derive(Clone, Copy, Debug)]
pub struct Deadline {
    /// When the search started.
    pub start: Instant,
    /// Past this, no new iteration starts (checked between iterations).
    pub soft: Option<Duration>,
    /// Past this, the search stops at once.
    pub hard: Option<Duration>,
    /// True when the soft target comes from the clock alone (no `movetime`):
    /// only then may the search scale it (`soft_passed_at`).
    pub clock: bool,
}

impl Deadline {
    /// Deadlines for the side to move of `pos`, its clock shared over the moves
    /// it can expect to have left (`clock_share`).
    pub fn for_position(limits: &Limits, pos: &Position, start: Instant) -> Deadline {
        let white = pos.to_move() == Color::White;
        Deadline::shared(limits, white, clock_share(pos), start)
    }
    /// Deadlines for the side to move (`white` true for White) from the limits,
    /// the clock shared over `CLOCK_SHARE` moves.
    pub fn new(limits: &Limits, white: bool, start: Instant) -> Deadline {
        Deadline::shared(limits, white, CLOCK_SHARE, start)
    }
    /// Deadlines for the side to move, a clock move aiming at `own / share`
    /// plus a share of the increment.
    fn shared(limits: &Limits, white: bool, share: u64, start: Instant) -> Deadline {
        if limits.infinite {
            return Deadline {
                start,
                soft: None,
                hard: None,
                clock: false,
            };
        }
        let (time, inc) = if white {
            (limits.wtime, limits.winc.unwrap_or(0))
        } else {
            (limits.btime, limits.binc.unwrap_or(0))
        };
        let mut soft = None;
        let mut hard = None;
        if let Some(own) = time {
            // racetrack adds the increment only after the move: the move must fit
            // in `own` alone.
            let usable = own.saturating_sub(CLOCK_OVERHEAD_MS).max(own / 4).max(1);
            let target =
                (own / share.max(1) + inc * CLOCK_INC_SHARE.0 / CLOCK_INC_SHARE.1).min(usable);
            let limit = (target * CLOCK_HARD_FACTOR)
                .min(usable * CLOCK_HARD_SHARE.0 / CLOCK_HARD_SHARE.1)
                .max(target.min(usable));
            soft = Some(Duration::from_millis(target));
            hard = Some(Duration::from_millis(limit.max(1)));
        }
        if let Some(mt) = limits.movetime {
            let mt = Duration::from_millis(mt.saturating_sub(MOVETIME_MARGIN_MS).max(1));
            hard = Some(hard.map_or(mt, |h| h.min(mt)));
            soft = Some(soft.map_or(mt, |s| s.min(mt)));
        }
        let clock = soft.is_some() && limits.movetime.is_none();
        Deadline {
            start,
            soft,
            hard,
            clock,
        }
    }
    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
    /// True when the hard deadline has passed.
    pub fn hard_passed(&self) -> bool {
        self.hard.is_some_and(|h| self.start.elapsed() >= h)
    }
    /// The soft target taken at `percent` of itself when it comes from the
    /// clock (`steadiness.rs`), never past the hard deadline.
    fn scaled_soft(&self, percent: u32) -> Option<Duration> {
        let soft = self.soft?;
        if !self.clock || percent == 100 {
            return Some(soft);
        }
        let scaled = soft * percent / 100;
        Some(self.hard.map_or(scaled, |h| scaled.min(h)))
    }
    /// True when another iteration should not start, with the soft target at
    /// `percent` of itself.
    pub fn soft_passed_at(&self, percent: u32) -> bool {
        self.scaled_soft(percent)
            .is_some_and(|s| self.start.elapsed() * 2 >= s || self.hard_passed())
    }
}

/// The number of moves a clock move's share is taken over: `CLOCK_SHARE`, or
/// on small boards fewer when the smaller reserve says the game is nearer its
/// end (`CLOCK_MOVES_PER_PIECE`).
fn clock_share(pos: &Position) -> u64 {
    if pos.size() > CLOCK_MOVES_MAX_SIZE {
        return CLOCK_SHARE;
    }
    let fewest = pos
        .pieces_left(Color::White)
        .min(pos.pieces_left(Color::Black)) as u64;
    let expected = fewest * CLOCK_MOVES_PER_PIECE.0 / CLOCK_MOVES_PER_PIECE.1 + CLOCK_MOVES_SLACK;
    expected.min(CLOCK_SHARE)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both clocks at `own` ms with an increment of `inc` ms.
    fn clock(own: u64, inc: u64) -> Limits {
        Limits {
            wtime: Some(own),
            btime: Some(own),
            winc: Some(inc),
            binc: Some(inc),
            ..Limits::default()
        }
    }

    #[test]
    fn clock_deadlines_fit_the_clock() {
        let start = Instant::now();
        let limits = clock(10_000, 100);
        let d = Deadline::new(&limits, true, start);
        assert!(d.soft.unwrap() <= d.hard.unwrap());
        assert!(d.hard.unwrap() < Duration::from_millis(10_000 - CLOCK_OVERHEAD_MS));
        for own in [0, 1, 30, 60, 100, 500] {
            let l = Limits {
                wtime: Some(own),
                ..Limits::default()
            };
            let d = Deadline::new(&l, true, start);
            assert!(
                d.hard.unwrap() <= Duration::from_millis(own.max(1)),
                "{own}"
            );
        }
    }

    #[test]
    fn only_a_clock_target_is_scaled_and_never_past_the_hard_deadline() {
        let start = Instant::now();
        let clock = Limits {
            wtime: Some(10_000),
            winc: Some(100),
            ..Limits::default()
        };
        let d = Deadline::new(&clock, true, start);
        let (soft, hard) = (d.soft.unwrap(), d.hard.unwrap());
        assert_eq!(d.scaled_soft(100), Some(soft));
        assert_eq!(d.scaled_soft(50), Some(soft / 2));
        assert_eq!(
            d.scaled_soft(1000),
            Some(hard),
            "capped by the hard deadline"
        );
        let fixed = Limits {
            wtime: Some(10_000),
            movetime: Some(300),
            ..Limits::default()
        };
        let d = Deadline::new(&fixed, true, start);
        assert_eq!(d.scaled_soft(50), d.soft, "movetime is not scaled");
    }

    #[test]
    fn the_clock_is_shared_over_fewer_moves_as_a_reserve_runs_low() {
        let start = crate::notation::parse_tps("x4/x4/x4/x4 1 1").expect("4x4");
        let expected = |pieces: u64| {
            (pieces * CLOCK_MOVES_PER_PIECE.0 / CLOCK_MOVES_PER_PIECE.1 + CLOCK_MOVES_SLACK)
                .min(CLOCK_SHARE)
        };
        assert_eq!(clock_share(&start), expected(15), "15 stones each");
        // Larger boards keep the usual share, even with a reserve nearly out.
        let five = crate::notation::parse_tps("x5/x5/x5/x5/111111111111111111111,22,x3 2 12")
            .expect("5x5");
        assert_eq!(five.pieces_left(crate::board::Color::White), 1);
        assert_eq!(clock_share(&five), CLOCK_SHARE);
        // White has one stone left (14 on a1), Black thirteen.
        let late = crate::notation::parse_tps("x4/x4/x4/11111111111111,22,x2 2 9").expect("late");
        assert_eq!(late.pieces_left(crate::board::Color::White), 1);
        assert_eq!(clock_share(&late), expected(1));
        assert!(clock_share(&late) < clock_share(&start));
        let limits = clock(4_000, 100);
        let now = Instant::now();
        let early = Deadline::for_position(&limits, &start, now);
        let near_the_end = Deadline::for_position(&limits, &late, now);
        assert!(near_the_end.soft.unwrap() > early.soft.unwrap() * 3);
        assert!(near_the_end.hard.unwrap() <= Duration::from_millis(4_000 * 2 / 5));
    }

    #[test]
    fn bare_go_is_infinite() {
        assert!(Limits::default().is_infinite());
        let l = Limits {
            movetime: Some(100),
            ..Limits::default()
        };
        assert!(!l.is_infinite());
    }
}
