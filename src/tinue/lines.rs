//! After a proof: every winning first move, and a principal line for each — the
//! attacker's shortest known win against the defender's longest resistance.

use super::dfpn::Dfpn;
use super::table::INF;
use super::{Goal, WinningMove};
use crate::board::{Move, Undo};
use crate::movegen::MoveList;

impl Dfpn<'_> {
    /// Whether the current position is won with `plies` left: `None` when the
    /// budget ran out.
    fn proves(&mut self, plies: u32) -> Option<bool> {
        match self.status(plies) {
            Some(decided) => Some(decided),
            None => match self.mid(plies, INF, INF) {
                (0, _) => Some(true),
                (_, 0) => Some(false),
                _ => None,
            },
        }
    }

    /// The shortest length from `from` to `most` (stepping by two) at which the
    /// current position is won, if any and within the budget.
    fn shortest(&mut self, from: u32, most: u32) -> Option<u32> {
        let mut plies = from;
        while plies <= most {
            match self.proves(plies) {
                Some(true) => return Some(plies),
                Some(false) => plies += 2,
                None => return None,
            }
        }
        None
    }

    /// Every root move that wins in `shortest` plies (the root's proven length)
    /// or, when `until` is longer, in up to `until` plies; and whether the list
    /// is complete (the budget may run out).
    pub fn winning_moves(&mut self, shortest: u32, until: u32) -> (Vec<WinningMove>, bool) {
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        let mut out = Vec::new();
        for mv in moves {
            let undo = self.pos.make(mv);
            let found = self.shortest(shortest - 1, until - 1);
            let line = found.map(|left| self.line(left));
            self.pos.unmake(mv, undo);
            if self.aborted {
                return (out, false);
            }
            if let (Some(left), Some(line)) = (found, line) {
                let mut full = vec![mv];
                full.extend(line);
                out.push(WinningMove {
                    mv,
                    plies: left + 1,
                    line: full,
                });
            }
        }
        (out, true)
    }

    /// A line from the current position, won with `plies` left.
    pub fn line(&mut self, plies: u32) -> Vec<Move> {
        let mut line: Vec<(Move, Undo)> = Vec::new();
        let mut left = plies;
        while !self.aborted && self.pos.result().is_none() {
            let next = if self.pos.to_move() == self.attacker {
                self.attacker_choice(left)
            } else {
                self.defender_choice(left)
            };
            let Some((mv, after)) = next else { break };
            line.push((mv, self.pos.make(mv)));
            left = after;
        }
        let moves = line.iter().map(|&(mv, _)| mv).collect();
        for (mv, undo) in line.into_iter().rev() {
            self.pos.unmake(mv, undo);
        }
        moves
    }

    /// The attacker's move with the shortest win the table knows (an immediate
    /// win first), and the plies left after it.
    fn attacker_choice(&mut self, left: u32) -> Option<(Move, u32)> {
        if let Some(mv) = self.pos.road_winning_move() {
            return Some((mv, 0));
        }
        if self.options.goal == Goal::RoadOrFlats {
            if let Some(mv) = self.pos.winning_move(&mut MoveList::new()) {
                return Some((mv, 0));
            }
        }
        if left < 3 {
            return None;
        }
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        for after in (2..left).step_by(2) {
            for &mv in &moves {
                let undo = self.pos.make(mv);
                let known = self
                    .table
                    .get(self.pos.hash(), after)
                    .is_some_and(|e| e.0 == 0);
                self.pos.unmake(mv, undo);
                if known {
                    return Some((mv, after));
                }
            }
        }
        // The table lost it: prove one again.
        for &mv in &moves {
            let undo = self.pos.make(mv);
            let won = self.proves(left - 1) == Some(true);
            self.pos.unmake(mv, undo);
            if won {
                return Some((mv, left - 1));
            }
        }
        None
    }

    /// The defender's reply that holds out longest, and the plies left after it.
    fn defender_choice(&mut self, left: u32) -> Option<(Move, u32)> {
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        let mut best: Option<(Move, u32)> = None;
        for mv in moves {
            let undo = self.pos.make(mv);
            let found = if self.pos.result().is_some() {
                Some(0)
            } else {
                self.shortest(1, left - 1)
            };
            self.pos.unmake(mv, undo);
            let after = found?;
            if best.is_none_or(|(_, b)| after > b) {
                best = Some((mv, after));
            }
        }
        best
    }
}
