//! What an analysis carries from one position of a game to the next.
//!
//! A search misjudges a position by some amount that the next position's
//! search, a move later, misjudges differently. Read alone, each position's
//! score then rises where the last one fell and falls where it rose: the bar
//! steps back on every other ply, though no forecast of the result should
//! (`docs/calibration.md` §2). A reader who has just read the position before
//! the move knows more than either read: it keeps the new read, less a share
//! of how far it moved from the last, as a filter of a noisy series does. The
//! share kept is the size's `gain` (`eval::lean`, fitted on games by
//! `menhir-tools calibrate lean`): 1 keeps every read as it is.
//!
//! The reads carried are White's, in internal units, with the search's lean
//! (`eval::lean`) taken off: the quantity the outlook model turns into win
//! chances. A proven result is not moved and carries nothing on.

use super::lean::lean_for;
use super::score::{Score, MAX_HEURISTIC};
use crate::board::{Color, Position};
use crate::movegen::MoveList;

/// A read carried to the next position: White's score, the search's lean
/// taken off, in internal units.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Carry {
    white: f64,
}

/// The mover's `score` from a search of `depth` on `size`, moved toward the
/// read carried from the position before (`before`) by `gain` (the size's is
/// `lean::gain_for`), and the read to carry on. A proven score, a search
/// that completed no iteration (depth 0: its score is a placeholder), or a
/// size without a fitted lean, is read as it is and carries nothing.
pub fn carried(
    gain: f64,
    size: usize,
    to_move: Color,
    score: Score,
    depth: u32,
    before: Option<Carry>,
) -> (Score, Option<Carry>) {
    if score.is_proven() || depth == 0 {
        return (score, None);
    }
    let Some(lean) = lean_for(size, depth) else {
        return (score, None);
    };
    let white = to_move == Color::White;
    let mover = f64::from(score.0) - lean;
    let now = if white { mover } else { -mover };
    let read = before.map_or(now, |b| b.white + gain * (now - b.white));
    let shift = if white { read - now } else { now - read };
    let moved = (f64::from(score.0) + shift).round() as i32;
    (
        Score(moved.clamp(-MAX_HEURISTIC, MAX_HEURISTIC)),
        Some(Carry { white: read }),
    )
}

/// True when `now` is `before` after one legal move: the next position of the
/// same game, whether the GUI sent the game's plies or only the position.
pub fn follows(before: &Position, now: &Position) -> bool {
    if before.size() != now.size()
        || before.ply() + 1 != now.ply()
        || before.half_komi() != now.half_komi()
        || before.result().is_some()
    {
        return false;
    }
    let mut moves = MoveList::new();
    before.legal_moves(&mut moves);
    let mut after = before.clone();
    moves.iter().any(|&mv| {
        let undo = after.make(mv);
        let same = after.hash() == now.hash() && after == *now;
        after.unmake(mv, undo);
        same
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;
    use crate::movegen::MoveList;

    /// White's read of a mover's `score` at `depth` on 5x5, the lean off.
    fn white_read(to_move: Color, score: i32, depth: u32) -> f64 {
        let mover = f64::from(score) - lean_for(5, depth).unwrap();
        if to_move == Color::White {
            mover
        } else {
            -mover
        }
    }

    #[test]
    fn a_first_read_or_a_gain_of_one_reads_the_score_as_it_is() {
        let (score, carry) = carried(1.0, 5, Color::White, Score(120), 8, None);
        assert_eq!(score, Score(120));
        let carry = carry.unwrap();
        assert!((carry.white - white_read(Color::White, 120, 8)).abs() < 1e-9);
        let (again, _) = carried(1.0, 5, Color::Black, Score(-40), 8, Some(carry));
        assert_eq!(again, Score(-40));
        let (first, _) = carried(0.9, 5, Color::Black, Score(-40), 8, None);
        assert_eq!(first, Score(-40));
    }

    #[test]
    fn a_read_keeps_the_gain_of_its_move_from_the_last_one() {
        // White read +100 (the lean off); now Black to move reads White at
        // −100: with gain 0.8, White's read is 100 + 0.8·(−200) = −60.
        let before = Carry { white: 100.0 };
        let lean = lean_for(5, 8).unwrap();
        let black = (100.0 + lean).round() as i32;
        assert!((white_read(Color::Black, black, 8) + 100.0).abs() < 0.5);
        let (score, carry) = carried(0.8, 5, Color::Black, Score(black), 8, Some(before));
        let white = carry.unwrap().white;
        assert!((white - (-60.0)).abs() < 0.5, "{white}");
        // Black's score falls by the 40 units White's read rose.
        assert!(
            (f64::from(black - score.0) - 40.0).abs() <= 1.0,
            "{score:?}"
        );
        assert!((white_read(Color::Black, score.0, 8) - white).abs() <= 1.0);
    }

    #[test]
    fn proofs_and_sizes_without_a_lean_are_read_as_they_are() {
        let before = Some(Carry { white: 300.0 });
        for proven in [Score::win_at(5), Score::loss_at(4)] {
            assert_eq!(
                carried(0.5, 5, Color::White, proven, 9, before),
                (proven, None)
            );
        }
        assert_eq!(
            carried(0.5, 3, Color::White, Score(10), 9, before),
            (Score(10), None)
        );
        assert_eq!(
            carried(0.5, 5, Color::White, Score(0), 0, before),
            (Score(0), None)
        );
    }

    #[test]
    fn the_next_position_follows_and_no_other_does() {
        let start = Position::start(5).unwrap();
        let mut moves = MoveList::new();
        start.legal_moves(&mut moves);
        let mut next = start.clone();
        next.make(moves[3]);
        assert!(follows(&start, &next));
        assert!(!follows(&next, &start));
        assert!(!follows(&start, &start));
        let mut later = next.clone();
        let mut replies = MoveList::new();
        later.legal_moves(&mut replies);
        later.make(replies[0]);
        assert!(!follows(&start, &later));
        let mut other_komi = next.clone();
        other_komi.set_half_komi(next.half_komi() + 1);
        assert!(!follows(&start, &other_komi));
    }
}
