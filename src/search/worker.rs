//! One search thread: negamax with principal variation search, aspiration
//! windows at the root, the shared TT, null-move pruning and late-move reductions
//! where Tak allows them, immediate road-win detection at every node, and a
//! threat extension at the horizon so short road wins and losses are never missed,
//! reverse futility pruning near the horizon, singular extensions of a TT move
//! that stands alone, logarithmic late-move reductions and late-move pruning of
//! quiet moves near the horizon.

mod moves;
mod shortcuts;
pub(super) mod split;

use super::eval_cache::EvalCache;
use super::ordering::{History, Reductions, ScoredMoves};
use super::params::{
    MAX_EXTENSIONS, MAX_PLY, NODE_BATCH, NULL_MOVE_MIN_DEPTH, RFP_DEPTH, RFP_MARGIN,
};
use super::score::{Score, PROVEN};
use super::Shared;
use crate::board::Move;
use crate::board::{Bitboard, Position};
use crate::eval::{evaluate, evaluate_knowing, NetStack};
use crate::movegen::MoveList;
use moves::{Node, Window};
use shortcuts::Singular;
use std::sync::atomic::Ordering;

/// What a node knows of its position before it is evaluated.
#[derive(Clone, Copy)]
enum Leaf {
    /// Found quiet earlier in this search, with its evaluation.
    Quiet(i32),
    /// Worked out now: the squares where a placement completes a road for
    /// the mover and for the opponent, and whether the position is quiet.
    Roads {
        mine: Bitboard,
        theirs: Bitboard,
        quiet: bool,
    },
}

/// What the opponent threatens to win with on its next ply.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Threat {
    /// Nothing seen.
    None,
    /// Ending the game on flats (its last piece, or a ply that may fill the
    /// board) without losing the count.
    Flats,
    /// A road, by a placement.
    Road,
}

/// State of one search thread.
pub struct Worker<'a> {
    pub id: usize,
    pub(super) pos: Position,
    shared: &'a Shared<'a>,
    pub(super) history: &'a History,
    reductions: Reductions,
    killers: Vec<[Option<Move>; 2]>,
    lists: Vec<MoveList>,
    scored: Vec<ScoredMoves>,
    scratch: MoveList,
    pv: Vec<Vec<Move>>,
    keys: Vec<u64>,
    resets: Vec<usize>,
    /// Static evaluations already made in this search.
    eval_cache: EvalCache,
    /// The correction's square sums along the current line.
    net: NetStack,
    /// The split point whose moves this thread is searching, if any: when it
    /// (or one it descends from) is cut, this thread stops there.
    under: Option<std::sync::Arc<split::SplitPoint>>,
    /// Nodes searched by this thread in this search.
    pub nodes: u64,
    pub seldepth: usize,
    /// Set once the search must end; results found after it are discarded.
    pub stopped: bool,
    /// Score of the best root move completed in the current iteration.
    root_best: i32,
    /// The iteration in progress; deadlines do not cut depth 1.
    pub(super) depth: i32,
    /// The main thread's share of its soft target, in percent, from how steady
    /// its answer has been (`steadiness.rs`).
    pub(super) time_scale: u32,
    /// The main thread's pauses for a host with one thread (`pause.rs`).
    pauses: Option<super::pause::Pauses<'a>>,
}

impl<'a> Worker<'a> {
    /// A worker for `pos`, whose game history since the last placement is
    /// `history_keys` (the current position last).
    pub fn new(id: usize, pos: Position, history_keys: &[u64], shared: &'a Shared<'a>) -> Self {
        let mut keys = history_keys.to_vec();
        if keys.last() != Some(&pos.hash()) {
            keys = vec![pos.hash()];
        }
        Worker {
            id,
            net: NetStack::new(&pos),
            pos,
            shared,
            history: &shared.history,
            reductions: Reductions::new(),
            killers: vec![[None; 2]; MAX_PLY + 2],
            lists: (0..MAX_PLY + 2)
                .map(|_| MoveList::with_capacity(256))
                .collect(),
            scored: (0..MAX_PLY + 2)
                .map(|_| ScoredMoves::with_capacity(256))
                .collect(),
            scratch: MoveList::with_capacity(256),
            pv: vec![Vec::new(); MAX_PLY + 2],
            keys,
            resets: vec![0],
            eval_cache: EvalCache::default(),
            under: None,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_best: 0,
            depth: 1,
            time_scale: 100,
            pauses: shared
                .pause
                .filter(|_| id == 0)
                .map(super::pause::Pauses::start),
        }
    }

    /// The search's deadlines.
    pub fn deadline(&self) -> super::Deadline {
        self.shared.deadline
    }

    /// Nodes of the whole search so far: exact with one thread.
    pub fn total_nodes(&self) -> u64 {
        if self.shared.threads == 1 {
            self.nodes
        } else {
            self.shared.nodes.load(Ordering::Relaxed).max(self.nodes)
        }
    }

    /// The TT's fill, in permille.
    pub fn hashfull(&self) -> u32 {
        self.shared.tt.hashfull()
    }

    /// Checks the stop flag, node limit and hard deadline.
    #[inline]
    fn check_stop(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.shared.stop.load(Ordering::Relaxed)
            || self.under.as_ref().is_some_and(|sp| sp.is_aborted())
        {
            self.stopped = true;
            return true;
        }
        if let Some(limit) = self.shared.node_limit {
            let total = if self.shared.threads == 1 {
                self.nodes
            } else {
                self.shared.nodes.load(Ordering::Relaxed)
            };
            if total >= limit {
                self.stopped = true;
                self.shared.stop.store(true, Ordering::Relaxed);
                return true;
            }
        }
        if self.nodes.is_multiple_of(NODE_BATCH) {
            self.shared.nodes.fetch_add(NODE_BATCH, Ordering::Relaxed);
            if self.id == 0 && self.shared.deadline.hard_passed() {
                self.stopped = true;
                self.shared.stop.store(true, Ordering::Relaxed);
                return true;
            }
            let paused = self.pauses.as_mut().is_some_and(super::pause::Pauses::tick);
            if paused && self.shared.stop.load(Ordering::Relaxed) {
                self.stopped = true;
                return true;
            }
        }
        false
    }

    /// The main thread's clock check for a thread that searches no nodes
    /// (waiting for helpers): stops the search at the hard deadline.
    fn watch_clock(&mut self) {
        if self.id == 0 && self.shared.deadline.hard_passed() {
            self.stopped = true;
            self.shared.stop.store(true, Ordering::Relaxed);
        }
    }

    fn push(&mut self, mv: Move) -> crate::board::Undo {
        self.net.leave(&self.pos, mv);
        let undo = self.pos.make(mv);
        self.keys.push(self.pos.hash());
        let reset = if mv.is_spread() {
            *self.resets.last().expect("root reset")
        } else {
            self.keys.len() - 1
        };
        self.resets.push(reset);
        undo
    }

    fn pop(&mut self, mv: Move, undo: crate::board::Undo) {
        self.keys.pop();
        self.resets.pop();
        self.net.pop();
        self.pos.unmake(mv, undo);
    }

    /// True when the current position occurred before since the last placement.
    fn is_repetition(&self) -> bool {
        let n = self.keys.len();
        let h = self.keys[n - 1];
        let reset = *self.resets.last().expect("root reset");
        n >= 2 && (reset..n - 1).rev().any(|i| self.keys[i] == h)
    }

    /// Searches the root to `depth` within (alpha, beta), skipping `excluded`
    /// moves (earlier MultiPV lines). Returns the score and the principal
    /// variation (empty on a fail-low, when no move reached alpha), or `None` if
    /// the search was stopped.
    pub fn search_root(
        &mut self,
        depth: i32,
        alpha: i32,
        beta: i32,
        excluded: &[Move],
    ) -> Option<(Score, Vec<Move>)> {
        self.depth = depth;
        let score = self.negamax(depth, 0, Window { alpha, beta }, excluded, 0);
        if self.stopped {
            return None;
        }
        Some((Score(score), self.pv[0].clone()))
    }

    /// The best root line completed before a stop in the current iteration, if
    /// any, with its score.
    pub fn partial_root(&self) -> Option<(Score, Vec<Move>)> {
        (!self.pv[0].is_empty()).then(|| (Score(self.root_best), self.pv[0].clone()))
    }

    /// A draw's score for the side to move: the root side's contempt below zero
    /// when that is the root side, above zero for its opponent.
    fn draw_score(&self) -> i32 {
        if self.pos.to_move() == self.shared.root_side {
            -self.shared.contempt
        } else {
            self.shared.contempt
        }
    }

    /// Score of a finished game at `ply` for the side to move there, if over.
    fn terminal_score(&self, ply: usize) -> Option<i32> {
        let result = self.pos.result()?;
        Some(match result.winner() {
            None => self.draw_score(),
            Some(c) if c == self.pos.to_move() => Score::win_at(ply).0,
            Some(_) => Score::loss_at(ply).0,
        })
    }

    /// True when the side not to move would have a winning ply if it were its
    /// turn: a road by placement or spread, or a won flat count.
    fn opponent_wins_next(&mut self) -> bool {
        if self.pos.ply() < 2 {
            return false;
        }
        self.pos.make_null();
        let wins = self.pos.winning_move(&mut self.scratch).is_some();
        self.pos.unmake_null();
        wins
    }

    /// The static evaluation of the current position (see `evaluate_knowing`),
    /// from the cache when this search has evaluated it before.
    fn leaf_eval(&mut self, facts: Leaf) -> i32 {
        match facts {
            Leaf::Quiet(eval) => eval,
            Leaf::Roads {
                mine,
                theirs,
                quiet,
            } => {
                let (pos, net) = (&self.pos, &mut self.net);
                self.eval_cache.get_or(pos.hash(), quiet, || {
                    evaluate_knowing(pos, mine, theirs, Some(net)).0
                })
            }
        }
    }

    /// The win test and the threat test of a node not known to be quiet:
    /// `Err(score)` when the mover wins at once (with a move not `excluded`),
    /// else what the opponent threatens to win with and what the evaluation
    /// can reuse.
    fn wins_and_threats(&mut self, ply: usize, excluded: &[Move]) -> Result<(Threat, Leaf), i32> {
        let win = self.pos.winning_move(&mut self.scratch);
        if let Some(win) = win.filter(|w| !excluded.contains(w)) {
            self.pv[ply].push(win);
            return Err(Score::win_at(ply + 1).0);
        }
        // With no win found and a piece to place, no placement completes a road
        // for the mover; the opponent's such squares are the threat. The
        // evaluation reuses both instead of working them out again.
        let me = self.pos.to_move();
        let mine = if win.is_none() && self.pos.pieces_left(me) > 0 {
            Bitboard::EMPTY
        } else {
            self.pos.road_completing_squares(me)
        };
        let opponent = me.opponent();
        let theirs = self.pos.road_completing_squares(opponent);
        let threat = if self.pos.places_own_piece(opponent) && !theirs.is_empty() {
            Threat::Road
        } else if self.pos.flat_end_threat(opponent) {
            Threat::Flats
        } else {
            Threat::None
        };
        let quiet = win.is_none() && threat == Threat::None;
        Ok((
            threat,
            Leaf::Roads {
                mine,
                theirs,
                quiet,
            },
        ))
    }

    fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&tail[0]);
    }

    fn negamax(
        &mut self,
        mut depth: i32,
        ply: usize,
        window: Window,
        excluded: &[Move],
        extensions: u32,
    ) -> i32 {
        let Window { alpha, beta } = window;
        self.pv[ply].clear();
        if self.check_stop() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        // A position this search found quiet before (no win for the mover, no
        // threat against it: `eval_cache.rs`) is not over either, and needs
        // neither the win test nor the threat test again.
        let mut known_quiet = None;
        if ply > 0 {
            known_quiet = self.eval_cache.quiet(self.pos.hash());
            if known_quiet.is_none() {
                if let Some(score) = self.terminal_score(ply) {
                    return score;
                }
            }
            if self.is_repetition() {
                return self.draw_score();
            }
            if let Some(eval) = known_quiet.filter(|_| depth <= 0) {
                return eval;
            }
        }
        // Interior nodes (depth > 0) ask the TT first: a node with an immediate
        // win is never stored (it returns below, before any store), so a cut
        // cannot hide one, and the win test is saved wherever the TT answers.
        // Leaves ask only once a threat extends them, as before: the same tree.
        let pv_node = beta - alpha > 1;
        let mut probed = None;
        if depth > 0 {
            match self.probe_tt(depth, ply, alpha, beta, excluded.is_empty()) {
                Err(score) => return score,
                Ok(hint) => probed = Some(hint),
            }
        }
        let (threat, facts) = match known_quiet {
            Some(eval) => (Threat::None, Leaf::Quiet(eval)),
            None => match self.wins_and_threats(ply, excluded) {
                Ok(known) => known,
                Err(win) => return win,
            },
        };
        let threatened = threat != Threat::None;
        // The horizon extends a road threat, whose replies are few that matter.
        // A threat to end the game on flats is not extended: late in a game it
        // stands at nearly every node, and its full-width ply made the tree
        // several times larger (the win test of each child still sees it).
        let mut extensions = extensions;
        if depth <= 0 {
            if threat != Threat::Road || ply >= MAX_PLY - 2 || extensions >= MAX_EXTENSIONS {
                return self.leaf_eval(facts);
            }
            depth = 1;
            extensions += 1;
        }
        if ply >= MAX_PLY - 2 {
            return self.leaf_eval(facts);
        }
        let hint = match probed {
            Some(hint) => hint,
            None => match self.probe_tt(depth, ply, alpha, beta, excluded.is_empty()) {
                Err(score) => return score,
                Ok(hint) => hint,
            },
        };
        let tt_move = hint.mv;
        let quiet_node =
            !pv_node && ply > 0 && !threatened && beta.abs() < PROVEN && excluded.is_empty();
        let static_eval = if quiet_node { self.leaf_eval(facts) } else { 0 };
        // Reverse futility: far enough above beta near the horizon, stand pat.
        // Not while the opponent could win on its next ply: `threatened` sees
        // road wins by placement and flat endings only, this sees spreads too.
        if quiet_node
            && depth <= RFP_DEPTH
            && static_eval - RFP_MARGIN * depth >= beta
            && !self.opponent_wins_next()
        {
            return static_eval;
        }
        if quiet_node
            && depth >= NULL_MOVE_MIN_DEPTH
            && static_eval >= beta
            && self.null_move_safe()
        {
            if let Some(score) = self.null_move_cut(depth, ply, beta, extensions) {
                return score;
            }
        }
        let mut tt_extension = 0;
        if ply > 0 && excluded.is_empty() && !threatened {
            match self.singular(hint, depth, ply, beta, extensions) {
                Singular::Cut(score) => return score,
                Singular::Extend => tt_extension = 1,
                Singular::No => {}
            }
        }
        let node = Node::new(
            depth,
            ply,
            window,
            extensions,
            threatened,
            (tt_move, tt_extension),
        );
        self.search_moves(node, alpha, excluded)
            .unwrap_or_else(|| evaluate(&self.pos).0)
    }
}
