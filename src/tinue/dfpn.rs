//! Depth-first proof-number search (df-pn) bounded by a number of plies.
//!
//! The attacker's nodes are OR nodes (one winning move proves them), the
//! defender's AND nodes (every reply must lose). A node is a position with a
//! number of plies left; the table keys both, so a proof at 5 plies is not taken
//! for one at 3. Terminal nodes are recognised before any move is generated:
//! a finished game, the attacker's immediate win, the defender's immediate road
//! (or flat win when flats count), and an attacker out of plies.

use super::table::{Table, INF};
use super::{Goal, TinueOptions};
use crate::board::{Color, GameResult, Move, Position};
use crate::clock::Instant;
use crate::movegen::MoveList;
use crate::search::pause::{PauseEvery, Pauses};
use std::sync::atomic::{AtomicBool, Ordering};

/// A child of the node being searched: its move and what is known of it.
#[derive(Clone, Copy)]
pub(super) struct Child {
    pub mv: Move,
    pub hash: u64,
    /// `Some(true)` proven, `Some(false)` disproven, `None` open.
    pub decided: Option<bool>,
}

/// The search state: the position (made and unmade in place), the table and the
/// limits.
pub(super) struct Dfpn<'a> {
    pub pos: Position,
    pub attacker: Color,
    pub options: &'a TinueOptions,
    pub table: Table,
    pub nodes: u64,
    pub stop: &'a AtomicBool,
    pub start: Instant,
    /// Set once a limit is reached: every search returns at once.
    pub aborted: bool,
    scratch: MoveList,
    /// Pauses for a host with one thread (`search::pause`).
    pauses: Option<Pauses<'a>>,
}

impl<'a> Dfpn<'a> {
    /// A search for the side to move of `pos`.
    pub fn new(pos: Position, options: &'a TinueOptions, stop: &'a AtomicBool) -> Dfpn<'a> {
        Dfpn::for_attacker(pos.to_move(), pos, options, stop)
    }

    /// A search for `attacker`, who need not be the side to move: with the
    /// defender to move at the root, a proof says every move of the defender's
    /// loses.
    pub fn for_attacker(
        attacker: Color,
        pos: Position,
        options: &'a TinueOptions,
        stop: &'a AtomicBool,
    ) -> Dfpn<'a> {
        Dfpn {
            attacker,
            pos,
            options,
            table: Table::new(options.table_mib),
            nodes: 0,
            stop,
            start: Instant::now(),
            aborted: false,
            scratch: MoveList::new(),
            pauses: None,
        }
    }

    /// The same search, handing control to its host as `pause` says.
    pub fn pausing(mut self, pause: Option<PauseEvery<'a>>) -> Dfpn<'a> {
        self.pauses = pause.map(Pauses::start);
        self
    }

    fn counts(&self, result: GameResult) -> bool {
        match result {
            GameResult::Road(c) => c == self.attacker,
            GameResult::Flats(c) => c == self.attacker && self.options.goal == Goal::RoadOrFlats,
            GameResult::Draw => false,
        }
    }

    /// What is known of the current position with `plies` left before any move
    /// is generated: `Some(true)` the attacker wins in time, `Some(false)` it
    /// cannot, `None` open.
    pub fn status(&mut self, plies: u32) -> Option<bool> {
        if let Some(result) = self.pos.result() {
            return Some(self.counts(result));
        }
        let flats = self.options.goal == Goal::RoadOrFlats;
        if self.pos.to_move() == self.attacker {
            if plies == 0 {
                return Some(false);
            }
            let wins = if flats {
                self.pos.winning_move(&mut self.scratch).is_some()
            } else {
                self.pos.road_winning_move().is_some()
            };
            if wins {
                return Some(true);
            }
            if plies == 1 {
                Some(false)
            } else {
                None
            }
        } else {
            let escapes = plies < 2
                || if flats {
                    self.pos.winning_move(&mut self.scratch).is_some()
                } else {
                    self.pos.road_winning_move().is_some()
                };
            if escapes {
                Some(false)
            } else {
                None
            }
        }
    }

    /// True when the attacker keeps a threat after its move: a road next ply
    /// (or, when flats count, a possible end on flats).
    fn keeps_threat(&mut self) -> bool {
        self.pos.is_tak(self.attacker)
            || (self.options.goal == Goal::RoadOrFlats && self.pos.flat_end_threat(self.attacker))
    }

    /// The children of the current position (`plies` left), decided ones marked.
    /// An attacker's move that leaves no threat is left out unless the search is
    /// exact. Stops early at a decided child that decides the node.
    pub fn children(&mut self, plies: u32, restrict: bool) -> Vec<Child> {
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        let or = self.pos.to_move() == self.attacker;
        let mut out = Vec::with_capacity(moves.len());
        for mv in moves {
            let undo = self.pos.make(mv);
            let mut decided = self.status(plies - 1);
            if or && restrict && decided.is_none() && !self.keeps_threat() {
                decided = Some(false);
            }
            let hash = self.pos.hash();
            self.pos.unmake(mv, undo);
            // A child decided for the other side of the node changes nothing.
            if decided == Some(!or) {
                continue;
            }
            let cut = decided == Some(or);
            out.push(Child { mv, hash, decided });
            if cut {
                break;
            }
        }
        out
    }

    /// (pn, dn) of a child from its mark or the table (a proof with two plies
    /// fewer also stands); (1, 1) when unknown.
    pub fn probe(&self, child: &Child, plies: u32) -> (u32, u32) {
        match child.decided {
            Some(true) => (0, INF),
            Some(false) => (INF, 0),
            None => self.table.get(child.hash, plies).unwrap_or_else(|| {
                match plies
                    .checked_sub(2)
                    .and_then(|p| self.table.get(child.hash, p))
                {
                    Some((0, _)) => (0, INF),
                    _ => (1, 1),
                }
            }),
        }
    }

    fn out_of_budget(&mut self) -> bool {
        if self.options.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        // The clock and the flag every 16 nodes, from the first: a node makes
        // and tests every child, so it costs far more than reading the clock.
        if self.nodes % 16 == 1 {
            let over_time = self
                .options
                .time_ms
                .is_some_and(|ms| self.start.elapsed().as_millis() >= u128::from(ms));
            if let Some(p) = &mut self.pauses {
                p.tick();
            }
            if over_time || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Searches the current (open) position with `plies` left until its proof or
    /// disproof number reaches its threshold; returns and stores (pn, dn).
    pub fn mid(&mut self, plies: u32, th_pn: u32, th_dn: u32) -> (u32, u32) {
        let start_nodes = self.nodes;
        self.nodes += 1;
        let hash = self.pos.hash();
        let or = self.pos.to_move() == self.attacker;
        let restrict = or && !self.options.exact && plies > 1;
        let children = self.children(plies, restrict);
        loop {
            let (pn, dn, best, second) = self.combine(&children, plies - 1, or);
            let done = pn == 0 || dn == 0 || pn >= th_pn || dn >= th_dn;
            if done || self.out_of_budget() {
                self.table
                    .put(hash, plies, pn, dn, self.nodes - start_nodes);
                return (pn, dn);
            }
            let child = children[best];
            let (cpn, cdn) = self.probe(&child, plies - 1);
            let (c_th_pn, c_th_dn) = if or {
                (
                    th_pn.min(grow(second)),
                    (th_dn - dn).saturating_add(cdn).min(INF),
                )
            } else {
                (
                    (th_pn - pn).saturating_add(cpn).min(INF),
                    th_dn.min(grow(second)),
                )
            };
            let undo = self.pos.make(child.mv);
            self.mid(plies - 1, c_th_pn, c_th_dn);
            self.pos.unmake(child.mv, undo);
        }
    }

    /// The node's (pn, dn) from its children, the index of the child to search
    /// and the runner-up's number (pn at an OR node, dn at an AND node).
    fn combine(&self, children: &[Child], plies: u32, or: bool) -> (u32, u32, usize, u32) {
        let (mut least, mut second, mut best) = (INF, INF, 0);
        let mut sum = 0u64;
        for (i, child) in children.iter().enumerate() {
            let (pn, dn) = self.probe(child, plies);
            let (minimised, summed) = if or { (pn, dn) } else { (dn, pn) };
            sum += u64::from(summed);
            if minimised < least {
                second = least;
                least = minimised;
                best = i;
            } else if minimised < second {
                second = minimised;
            }
        }
        let total = if sum >= u64::from(INF) {
            // Only a decided child may make the sum infinite.
            let infinite = children.iter().any(|c| {
                let (pn, dn) = self.probe(c, plies);
                if or {
                    dn >= INF
                } else {
                    pn >= INF
                }
            });
            if infinite {
                INF
            } else {
                INF - 1
            }
        } else {
            sum as u32
        };
        if or {
            (least, total, best, second)
        } else {
            (total, least, best, second)
        }
    }
}

/// The 1 + ε trick: a child may run a quarter past its runner-up before the
/// search comes back to compare them.
fn grow(second: u32) -> u32 {
    if second >= INF {
        INF
    } else {
        (second + second / 4 + 1).min(INF)
    }
}
