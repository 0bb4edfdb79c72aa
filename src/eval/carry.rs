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
//! chances. A proven result is not moved. It carries on as the result itself:
//! the next position's read, if its search proves nothing, keeps only the
//! share `Gains::after_proof` of its distance from that result when the
//! winner has moved, and none of it when the loser has. A winner who leaves a
//! proof's line mostly keeps the win at a greater length, which the next
//! search, from the loser's side, cannot see; a loser's move cannot undo a
//! proof at all. That read's own report moves; the position after it carries
//! on the search's read, not one pushed toward a certainty.

use super::lean::lean_for;
use super::score::{Score, MAX_HEURISTIC};
use crate::board::{Color, Position};
use crate::movegen::MoveList;

/// A read carried to the next position.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Carry {
    /// A search's read: White's score, the search's lean taken off, in
    /// internal units.
    Read(f64),
    /// A proven result: White's score in the game, 1 or 0.
    Proof(f64),
}

/// The shares of a read that an analysis keeps: of its move from the last
/// position's read (the size's `lean::gain_for` at the read's depth), and of
/// its distance from the result the last position's search proved.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    /// After a read.
    pub read: f64,
    /// After a proof.
    pub after_proof: f64,
}

/// The mover's `score` from a search of `depth` on `size`, moved toward the
/// read or the proven result carried from the position before (`before`) by
/// `gains`, and the read to carry on; `expected` is the mover's expected
/// score, `(W + D/2) / 1000`, that a score reads as. A proven score carries
/// its result on unmoved. A search that completed no iteration (depth 0: its
/// score is a placeholder), or a size without a fitted lean, is read as it is
/// and carries nothing.
pub fn carried(
    gains: Gains,
    size: usize,
    to_move: Color,
    score: Score,
    depth: u32,
    before: Option<Carry>,
    expected: impl Fn(Score) -> f64,
) -> (Score, Option<Carry>) {
    if depth == 0 {
        return (score, None);
    }
    let Some(lean) = lean_for(size, depth) else {
        return (score, None);
    };
    let white = to_move == Color::White;
    if score.is_proven() {
        let white_wins = (score.0 > 0) == white;
        return (
            score,
            Some(Carry::Proof(if white_wins { 1.0 } else { 0.0 })),
        );
    }
    let to_white = |mover: f64| if white { mover } else { -mover };
    let now = to_white(f64::from(score.0) - lean);
    if let Some(Carry::Proof(result)) = before {
        let result = if white { result } else { 1.0 - result };
        if let Some(moved) = toward_proof(result, gains.after_proof, score, expected) {
            // Only this report moves: the next position carries the
            // search's own read, not one pushed to a certainty.
            return (moved, Some(Carry::Read(now)));
        }
    }
    let read = match before {
        Some(Carry::Read(last)) => last + gains.read * (now - last),
        _ => now,
    };
    let shift = if white { read - now } else { now - read };
    let moved = (f64::from(score.0) + shift).round() as i32;
    (
        Score(moved.clamp(-MAX_HEURISTIC, MAX_HEURISTIC)),
        Some(Carry::Read(read)),
    )
}

/// The mover's `score` moved toward the mover's proven `result` (1 or 0) of
/// the position before: keeping `after_proof` of its way from it when the
/// winner has just moved (the mover lost), none when the loser has, since no
/// move of the loser's undoes a proof. None when all of it is kept.
fn toward_proof(
    result: f64,
    after_proof: f64,
    score: Score,
    expected: impl Fn(Score) -> f64,
) -> Option<Score> {
    let kept = if result > 0.5 { 0.0 } else { after_proof };
    if kept >= 1.0 {
        return None;
    }
    let target = result + kept * (expected(score) - result);
    // No surer than a heuristic read may be (`outlook::per_mille`).
    Some(reading(target.clamp(SUREST_LOSS, SUREST_WIN), expected))
}

/// The expected scores of the surest heuristic reads: a win or a loss of 999
/// per mille.
const SUREST_WIN: f64 = 0.999;
const SUREST_LOSS: f64 = 0.001;

/// The lowest heuristic score whose `expected` score reaches `target` (the
/// highest one when none does): `expected` rises with the score.
fn reading(target: f64, expected: impl Fn(Score) -> f64) -> Score {
    let (mut low, mut high) = (-MAX_HEURISTIC, MAX_HEURISTIC);
    while low < high {
        let mid = low + (high - low) / 2;
        if expected(Score(mid)) >= target {
            high = mid;
        } else {
            low = mid + 1;
        }
    }
    Score(low)
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

    /// Gains of `read` after a read, every read after a proof kept.
    fn gains(read: f64) -> Gains {
        Gains {
            read,
            after_proof: 1.0,
        }
    }

    /// A mover's expected score rising with the score, as the outlook's does.
    fn expected(score: Score) -> f64 {
        1.0 / (1.0 + (-f64::from(score.0) / 200.0).exp())
    }

    fn read_of(carry: Option<Carry>) -> f64 {
        match carry {
            Some(Carry::Read(white)) => white,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_first_read_or_a_gain_of_one_reads_the_score_as_it_is() {
        let (score, carry) = carried(gains(1.0), 5, Color::White, Score(120), 8, None, expected);
        assert_eq!(score, Score(120));
        assert!((read_of(carry) - white_read(Color::White, 120, 8)).abs() < 1e-9);
        let (again, _) = carried(gains(1.0), 5, Color::Black, Score(-40), 8, carry, expected);
        assert_eq!(again, Score(-40));
        let (first, _) = carried(gains(0.9), 5, Color::Black, Score(-40), 8, None, expected);
        assert_eq!(first, Score(-40));
    }

    #[test]
    fn a_read_keeps_the_gain_of_its_move_from_the_last_one() {
        // White read +100 (the lean off); now Black to move reads White at
        // −100: with gain 0.8, White's read is 100 + 0.8·(−200) = −60.
        let before = Some(Carry::Read(100.0));
        let lean = lean_for(5, 8).unwrap();
        let black = (100.0 + lean).round() as i32;
        assert!((white_read(Color::Black, black, 8) + 100.0).abs() < 0.5);
        let (score, carry) = carried(
            gains(0.8),
            5,
            Color::Black,
            Score(black),
            8,
            before,
            expected,
        );
        let white = read_of(carry);
        assert!((white - (-60.0)).abs() < 0.5, "{white}");
        // Black's score falls by the 40 units White's read rose.
        assert!(
            (f64::from(black - score.0) - 40.0).abs() <= 1.0,
            "{score:?}"
        );
        assert!((white_read(Color::Black, score.0, 8) - white).abs() <= 1.0);
    }

    #[test]
    fn proofs_carry_their_result_and_sizes_without_a_lean_nothing() {
        let before = Some(Carry::Read(300.0));
        let cases = [
            (Color::White, Score::win_at(5), 1.0),
            (Color::White, Score::loss_at(4), 0.0),
            (Color::Black, Score::win_at(5), 0.0),
            (Color::Black, Score::loss_at(4), 1.0),
        ];
        for (to_move, proven, white) in cases {
            assert_eq!(
                carried(gains(0.5), 5, to_move, proven, 9, before, expected),
                (proven, Some(Carry::Proof(white)))
            );
        }
        assert_eq!(
            carried(gains(0.5), 3, Color::White, Score(10), 9, before, expected),
            (Score(10), None)
        );
        assert_eq!(
            carried(gains(0.5), 5, Color::White, Score(0), 0, before, expected),
            (Score(0), None)
        );
    }

    #[test]
    fn a_read_after_a_proof_keeps_its_share_of_the_distance_from_the_result() {
        // White's win was proven; Black to move reads 0.6 for Black (White
        // 0.4). Keeping a quarter of the 0.6 from White's 1: White 0.85,
        // Black 0.15.
        let black = (200.0 * (0.6f64 / 0.4).ln()).round() as i32;
        assert!((expected(Score(black)) - 0.6).abs() < 0.001);
        let after_proof = Gains {
            read: 0.9,
            after_proof: 0.25,
        };
        let before = Some(Carry::Proof(1.0));
        let (score, carry) = carried(
            after_proof,
            5,
            Color::Black,
            Score(black),
            8,
            before,
            expected,
        );
        assert!((expected(score) - 0.15).abs() < 0.001, "{score:?}");
        // The next position carries the search's own read.
        assert!((read_of(carry) - white_read(Color::Black, black, 8)).abs() < 1e-9);
        // After the loser's move (White, the winner, to move) the proven
        // result stands: none of the read is kept.
        let (certain, _) = carried(
            after_proof,
            5,
            Color::White,
            Score(-black),
            8,
            before,
            expected,
        );
        assert!(expected(certain) >= 0.999, "{certain:?}");
        assert!(
            expected(Score(certain.0 - 1)) < 0.999,
            "the lowest such score"
        );
        // Keeping all of it reads the score as it is.
        let (kept, _) = carried(
            gains(0.9),
            5,
            Color::Black,
            Score(black),
            8,
            before,
            expected,
        );
        assert_eq!(kept, Score(black));
        // A proof of the position after a proof reads as proven.
        let proven = Score::loss_at(6);
        assert_eq!(
            carried(after_proof, 5, Color::Black, proven, 8, before, expected).0,
            proven
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
