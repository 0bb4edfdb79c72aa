//! Proven draws, for the report. The search scores a drawn game end and a
//! level evaluation alike, so a line that ends the game in a draw would read as
//! an even position with its win and loss chances. A root line whose first
//! move leads to a proven draw reports `wdl 0 1000 0` instead (issue 102).
//!
//! A draw is proven when the player to move after the line's first move can
//! hold at least a draw and cannot get more, every line of both proofs ending
//! in a finished game within `PROOF_PLIES` plies; a position reached for the
//! third time (threefold repetition) is a finished draw. Within a proof a
//! repetition counts as play going on, which can only make a proof fail, never
//! succeed wrongly: a repetition's draw satisfies both "at least" and "at most"
//! a draw. Past `PROOF_NODES` positions the proof gives up, and the line reads
//! as the search scored it.

use super::{Line, Score};
use crate::board::{Move, Position};
use crate::movegen::MoveList;

/// The plies a proof may look ahead from the position after the line's move.
pub(super) const PROOF_PLIES: u32 = 3;

/// The positions a proof may visit (each made and its end tested) before it
/// gives up.
const PROOF_NODES: u64 = 100_000;

/// The proofs one search has tried, by the line's first move.
#[derive(Clone, Debug, Default)]
pub(super) struct Drawn {
    tried: Vec<(Move, bool)>,
}

impl Drawn {
    /// Marks each line of `lines` whose score is `draw` (what a drawn game end
    /// scores at the root) and whose first move leads to a proven draw; a line
    /// of any other score is not a proven draw.
    pub(super) fn mark(
        &mut self,
        root: &Position,
        history: &[u64],
        draw: Score,
        lines: &mut [Line],
    ) {
        for line in lines {
            line.drawn = match line.pv.first() {
                Some(&mv) if line.score == draw => self.proven(root, history, mv),
                _ => false,
            };
        }
    }

    fn proven(&mut self, root: &Position, history: &[u64], mv: Move) -> bool {
        if let Some(&(_, drawn)) = self.tried.iter().find(|(m, _)| *m == mv) {
            return drawn;
        }
        let drawn = is_proven_draw(root, history, mv);
        self.tried.push((mv, drawn));
        drawn
    }
}

/// True when `mv`, played in `root` (whose game since the last placement is
/// `history`, `root` last), leads to a proven draw.
pub(super) fn is_proven_draw(root: &Position, history: &[u64], mv: Move) -> bool {
    let mut pos = root.clone();
    pos.make(mv);
    if history.iter().filter(|&&h| h == pos.hash()).count() >= 2 {
        return true;
    }
    let mut proof = Proof { nodes: 0 };
    proof.holds(&mut pos, PROOF_PLIES, true) && proof.holds(&mut pos, PROOF_PLIES, false)
}

struct Proof {
    nodes: u64,
}

impl Proof {
    /// The finished game's result for the side to move: 1 won, 0 drawn, −1
    /// lost; `None` while the game goes on.
    fn finished(pos: &Position) -> Option<i8> {
        pos.result().map(|r| match r.winner() {
            None => 0,
            Some(c) if c == pos.to_move() => 1,
            Some(_) => -1,
        })
    }

    /// False when the proof has used up its positions.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= PROOF_NODES
    }

    /// With `at_least`, the side to move can make sure of at least a draw;
    /// without it, whatever the side to move plays, its opponent can hold it
    /// to a draw at most. Either way the game ends within `plies` plies on
    /// every line, and each bound rests on the other one ply further on.
    fn holds(&mut self, pos: &mut Position, plies: u32, at_least: bool) -> bool {
        if !self.visit() {
            return false;
        }
        if let Some(result) = Self::finished(pos) {
            return if at_least { result >= 0 } else { result <= 0 };
        }
        if plies == 0 {
            return false;
        }
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        for mv in moves {
            let undo = pos.make(mv);
            let held = self.holds(pos, plies - 1, !at_least);
            pos.unmake(mv, undo);
            // "At least": one move that holds is enough; "at most": one move
            // that escapes is too many.
            if held == at_least {
                return at_least;
            }
        }
        !at_least
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{parse_move, parse_tps};

    fn proven(tps: &str, half_komi: i32, mv: &str) -> bool {
        let mut root = parse_tps(tps).expect("a good TPS");
        root.set_half_komi(half_komi);
        let mv = parse_move(mv, root.size()).expect("a move");
        is_proven_draw(&root, &[root.hash()], mv)
    }

    /// Filling the last square with the flats level ends the game drawn; a
    /// move that leaves the game open, or ends it with a win, is no draw.
    #[test]
    fn a_move_that_ends_the_game_level_is_a_proven_draw() {
        // 3x3, one empty square (c1); White to move has 4 flats, Black 4.
        let tps = "2,1,2/1,2,1/2,1,x 1 5";
        assert!(
            proven(tps, 2, "c1"),
            "a flat makes it 5-4, komi 1 levels it"
        );
        assert!(!proven(tps, 0, "c1"), "without komi White wins on flats");
        assert!(
            !proven(tps, 2, "Sc1"),
            "a wall leaves it 4-4 and Black ahead on komi"
        );
    }

    /// A position reached for the third time ends the game drawn.
    #[test]
    fn a_third_repetition_is_a_proven_draw() {
        let root = parse_tps("2,x,x/x,x,x/x,x,1 1 2").expect("a good TPS");
        let mv = parse_move("c1+", 3).expect("a move");
        let mut child = root.clone();
        child.make(mv);
        let history = [child.hash(), root.hash(), child.hash(), root.hash()];
        assert!(is_proven_draw(&root, &history, mv));
        assert!(
            !is_proven_draw(&root, &history[2..], mv),
            "a second time plays on"
        );
    }
}
