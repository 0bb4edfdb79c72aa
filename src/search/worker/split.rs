//! Sharing one node's moves between threads (young brothers wait): once a
//! node's first move is searched and did not cut, and while another thread
//! waits for work, the node's remaining moves are searched by whichever
//! threads are free, each taking the next move from a list they share,
//! against the best score found so far and with the owner's killer moves. A cut by any of them stops the others
//! at that node (and under it). The thread that owned the node, its moves
//! handed out, helps at the nodes its helpers split in turn until all of them
//! are back, then goes on with the node's result.

use super::moves::{Best, Child, Node, Taken};
use super::Worker;
use crate::board::{Move, Position};
use crate::eval::NetStack;
use crate::search::ordering::ScoredMoves;
use crate::search::params::SPLIT_MIN_DEPTH;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// A node whose moves several threads search.
pub(in crate::search) struct SplitPoint {
    pos: Position,
    keys: Vec<u64>,
    resets: Vec<usize>,
    node: Node,
    /// The owner's iteration depth (which bounds singular extensions).
    iteration: i32,
    /// The owner's killer moves, ply by ply, when it shared the node.
    killers: Vec<[Option<Move>; 2]>,
    state: Mutex<SplitState>,
    /// Threads other than the owner searching its moves now.
    helpers: AtomicUsize,
    /// Set on a cut: whoever searches under this node stops.
    cut: AtomicBool,
    /// The split point the owner was searching under, if any.
    parent: Option<Arc<SplitPoint>>,
}

/// A thread's own line, put aside while it helps at a split point.
struct SavedLine {
    pos: Position,
    net: NetStack,
    keys: Vec<u64>,
    resets: Vec<usize>,
    depth: i32,
    killers: Vec<[Option<Move>; 2]>,
    under: Option<Arc<SplitPoint>>,
}

/// What the threads of a split point share and update under its lock.
struct SplitState {
    scored: ScoredMoves,
    next: usize,
    best: Best,
    pv: Vec<Move>,
}

impl SplitPoint {
    /// True when this node or one it descends from has been cut.
    pub(in crate::search) fn is_aborted(&self) -> bool {
        let mut sp = Some(self);
        while let Some(p) = sp {
            if p.cut.load(Ordering::Relaxed) {
                return true;
            }
            sp = p.parent.as_deref();
        }
        false
    }

    /// True when `self` lies under `other`.
    fn descends_from(&self, other: &SplitPoint) -> bool {
        let mut sp = self.parent.as_deref();
        while let Some(p) = sp {
            if std::ptr::eq(p, other) {
                return true;
            }
            sp = p.parent.as_deref();
        }
        false
    }

    fn has_moves_left(&self) -> bool {
        let state = self.state();
        state.next < state.scored.len()
    }

    fn state(&self) -> MutexGuard<'_, SplitState> {
        // A thread that panicked holding the lock leaves a state as good as
        // any other: every update is one step.
        self.state
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// The split points open for help, and how many threads wait for some.
#[derive(Default)]
pub(in crate::search) struct Splits {
    open: Mutex<Vec<Arc<SplitPoint>>>,
    idle: AtomicUsize,
}

impl Splits {
    fn open(&self) -> MutexGuard<'_, Vec<Arc<SplitPoint>>> {
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Joins the open split point nearest the root with moves left, if any
    /// (within `within` only, when given): the caller becomes its helper.
    fn join(&self, within: Option<&SplitPoint>) -> Option<Arc<SplitPoint>> {
        let open = self.open();
        let sp = open
            .iter()
            .filter(|sp| within.is_none_or(|w| sp.descends_from(w)))
            .filter(|sp| !sp.is_aborted() && sp.has_moves_left())
            .max_by_key(|sp| sp.node.depth)?;
        sp.helpers.fetch_add(1, Ordering::AcqRel);
        Some(Arc::clone(sp))
    }

    fn withdraw(&self, sp: &Arc<SplitPoint>) {
        self.open().retain(|o| !Arc::ptr_eq(o, sp));
    }
}

impl Worker<'_> {
    /// Whether a node whose first move is searched should share the moves it
    /// has `left`: a thread waits for work, the node is far enough from the
    /// horizon, and it has at least two moves left to share.
    pub(super) fn may_split(&self, node: &Node, left: usize) -> bool {
        self.shared.threads > 1
            && node.depth >= SPLIT_MIN_DEPTH
            && left >= 2
            && !self.stopped
            && self.shared.splits.idle.load(Ordering::Relaxed) > 0
    }

    /// Shares the moves of `node` from the `next`-th on (those before it are
    /// searched, with `best` their result) and searches them with whoever
    /// joins; returns the node's best once every helper is back. The node's
    /// line is left in `pv[ply]`.
    pub(super) fn split(
        &mut self,
        node: &Node,
        scored: &mut ScoredMoves,
        best: Best,
        next: usize,
    ) -> Best {
        let sp = Arc::new(SplitPoint {
            pos: self.pos.clone(),
            keys: self.keys.clone(),
            resets: self.resets.clone(),
            node: *node,
            iteration: self.depth,
            killers: self.killers.clone(),
            state: Mutex::new(SplitState {
                scored: std::mem::take(scored),
                next,
                best,
                pv: self.pv[node.ply].clone(),
            }),
            helpers: AtomicUsize::new(0),
            cut: AtomicBool::new(false),
            parent: self.under.clone(),
        });
        self.shared.splits.open().push(Arc::clone(&sp));
        let outer = self.under.replace(Arc::clone(&sp));
        self.search_split(&sp);
        self.shared.splits.withdraw(&sp);
        self.under = outer;
        self.resume_after_split();
        self.help_while(Some(&sp), |_| sp.helpers.load(Ordering::Acquire) > 0);
        let mut state = sp.state();
        *scored = std::mem::take(&mut state.scored);
        std::mem::swap(&mut self.pv[node.ply], &mut state.pv);
        if node.ply == 0 && state.best.alpha > best.alpha {
            self.root_best = state.best.alpha;
        }
        state.best
    }

    /// Searches moves of `sp` until none is left, it is cut, or the search
    /// stops.
    fn search_split(&mut self, sp: &SplitPoint) {
        let node = sp.node;
        loop {
            let (i, mv, best) = {
                let mut state = sp.state();
                if state.next >= state.scored.len() || sp.is_aborted() {
                    return;
                }
                let i = state.next;
                state.next += 1;
                (i, state.scored.pick(i), state.best)
            };
            let Child::Searched(score) = self.search_child(&node, i, mv, &best) else {
                continue;
            };
            if self.stopped {
                return;
            }
            let mut state = sp.state();
            if sp.is_aborted() {
                return;
            }
            let taken = state.best.take(mv, score, node.beta);
            if taken == Taken::Below {
                continue;
            }
            state.pv.clear();
            state.pv.push(mv);
            state.pv.extend_from_slice(&self.pv[node.ply + 1]);
            if taken == Taken::Cut {
                sp.cut.store(true, Ordering::Relaxed);
                let tried: Vec<Move> = state.scored.picked(i).to_vec();
                drop(state);
                self.note_cut(&node, mv, tried.into_iter());
                return;
            }
        }
    }

    /// After searching under a split point: stopped only if the search is,
    /// or the split point this thread is back under was cut.
    fn resume_after_split(&mut self) {
        self.stopped = self.shared.stop.load(Ordering::Relaxed)
            || self.under.as_ref().is_some_and(|sp| sp.is_aborted());
    }

    /// Searches moves of `sp`, which this thread has joined, from its
    /// position, then puts this thread's own line back.
    fn help_at(&mut self, sp: &Arc<SplitPoint>) {
        let own = self.enter(sp);
        self.search_split(sp);
        self.leave(own);
        sp.helpers.fetch_sub(1, Ordering::AcqRel);
    }

    /// Takes up the owner's line at `sp` (its position, the game keys, its
    /// iteration and its killer moves) and returns this thread's own. The
    /// killers say which moves count as quiet, and so which are reduced: with
    /// its own, a helper reduced the shared moves differently from the owner
    /// (two threads' nodes to a depth were 1.15 times one thread's, with the
    /// owner's 1.08; `docs/performance.md`, "Threads").
    fn enter(&mut self, sp: &Arc<SplitPoint>) -> SavedLine {
        let own = SavedLine {
            pos: std::mem::replace(&mut self.pos, sp.pos.clone()),
            net: std::mem::replace(&mut self.net, NetStack::new(&sp.pos)),
            keys: std::mem::replace(&mut self.keys, sp.keys.clone()),
            resets: std::mem::replace(&mut self.resets, sp.resets.clone()),
            depth: std::mem::replace(&mut self.depth, sp.iteration),
            killers: std::mem::replace(&mut self.killers, sp.killers.clone()),
            under: self.under.replace(Arc::clone(sp)),
        };
        self.stopped = false;
        own
    }

    /// Puts back the line `enter` took this thread off.
    fn leave(&mut self, own: SavedLine) {
        self.pos = own.pos;
        self.net = own.net;
        self.keys = own.keys;
        self.resets = own.resets;
        self.depth = own.depth;
        self.killers = own.killers;
        self.under = own.under;
        self.resume_after_split();
    }

    /// Waits for work (under `within` only, when given) while `waiting`
    /// holds, helping wherever a node is shared; the main thread keeps
    /// watching the clock meanwhile.
    fn help_while(&mut self, within: Option<&SplitPoint>, waiting: impl Fn(&Self) -> bool) {
        let splits = &self.shared.splits;
        splits.idle.fetch_add(1, Ordering::Relaxed);
        let mut rounds = 0u32;
        while waiting(self) {
            if let Some(sp) = splits.join(within) {
                splits.idle.fetch_sub(1, Ordering::Relaxed);
                self.help_at(&sp);
                splits.idle.fetch_add(1, Ordering::Relaxed);
                rounds = 0;
                continue;
            }
            // Map a large fresh table while waiting; the main thread still
            // watches the clock after each piece, however large the table.
            if self.shared.tt.map_next_pages() {
                self.watch_clock();
                continue;
            }
            rounds = rounds.wrapping_add(1);
            if rounds.is_multiple_of(64) {
                self.watch_clock();
                std::thread::yield_now();
            } else {
                std::hint::spin_loop();
            }
        }
        splits.idle.fetch_sub(1, Ordering::Relaxed);
    }

    /// A helper thread's whole search: help wherever a node is shared until
    /// the search stops.
    pub(in crate::search) fn help_until_stop(&mut self) {
        self.help_while(None, |w| !w.shared.stop.load(Ordering::Relaxed));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    fn split_under(parent: Option<Arc<SplitPoint>>) -> Arc<SplitPoint> {
        let pos = Position::start(5).expect("5x5");
        let depth = parent.as_ref().map_or(8, |p| p.node.depth - 1);
        Arc::new(SplitPoint {
            keys: vec![pos.hash()],
            resets: vec![0],
            pos,
            node: Node {
                depth,
                ply: 1,
                beta: 10,
                extensions: 0,
                threatened: false,
                tt_move: None,
                tt_extension: 0,
                prune_after: None,
            },
            iteration: 6,
            killers: vec![[None; 2]; crate::search::params::MAX_PLY + 2],
            state: Mutex::new(SplitState {
                scored: ScoredMoves::default(),
                next: 1,
                best: Best {
                    alpha: 0,
                    score: 0,
                    mv: None,
                },
                pv: Vec::new(),
            }),
            helpers: AtomicUsize::new(0),
            cut: AtomicBool::new(false),
            parent,
        })
    }

    /// A cut stops every thread under the node, however deep, and no thread
    /// above or beside it; a waiting owner joins only nodes under its own.
    #[test]
    fn a_cut_reaches_the_nodes_under_it_only() {
        let top = split_under(None);
        let middle = split_under(Some(Arc::clone(&top)));
        let low = split_under(Some(Arc::clone(&middle)));
        let beside = split_under(Some(Arc::clone(&top)));
        assert!(low.descends_from(&top) && low.descends_from(&middle));
        assert!(!beside.descends_from(&middle) && !top.descends_from(&middle));
        assert!(!top.descends_from(&top), "a node is not under itself");
        middle.cut.store(true, Ordering::Relaxed);
        assert!(middle.is_aborted() && low.is_aborted());
        assert!(!top.is_aborted() && !beside.is_aborted());
    }

    /// Only a split point with moves left is joined, the one nearest the root
    /// first, and within the waiting owner's node when one is given.
    #[test]
    fn threads_join_open_nodes_with_moves_left() {
        let splits = Splits::default();
        let top = split_under(None);
        let low = split_under(Some(Arc::clone(&top)));
        assert!(splits.join(None).is_none(), "nothing open");
        splits.open().push(Arc::clone(&low));
        assert!(splits.join(None).is_none(), "no moves left");
        let mut moves = crate::movegen::MoveList::new();
        top.pos.legal_moves(&mut moves);
        for sp in [&top, &low] {
            sp.state().scored.score(
                &sp.pos,
                &moves,
                None,
                [None; 2],
                &crate::search::ordering::History::new(),
            );
        }
        let joined = splits.join(None).expect("low has moves");
        assert!(Arc::ptr_eq(&joined, &low));
        assert_eq!(low.helpers.load(Ordering::Relaxed), 1);
        splits.open().push(Arc::clone(&top));
        assert!(
            Arc::ptr_eq(&splits.join(None).unwrap(), &top),
            "nearest the root"
        );
        assert!(Arc::ptr_eq(&splits.join(Some(&top)).unwrap(), &low));
        splits.withdraw(&low);
        assert!(splits.join(Some(&top)).is_none(), "low withdrawn");
        assert_eq!(top.helpers.load(Ordering::Relaxed), 1);
    }

    /// A helper takes up the owner's position and killer moves at a split
    /// point, and gets its own back when it leaves.
    #[test]
    fn a_helper_searches_with_the_owners_killers() {
        use crate::clock::Instant;
        use crate::search::{Limits, SearchParams, Shared, TranspositionTable};
        let tt = TranspositionTable::new(1);
        let stop = AtomicBool::new(false);
        let params = SearchParams {
            limits: Limits::default(),
            threads: 2,
            multipv: 1,
            contempt: 0,
            start: Instant::now(),
            pause_every: None,
        };
        let own_pos = crate::notation::parse_tps("x5/x5/x5/x5/2,x4 2 1").expect("5x5");
        let shared = Shared::new(&tt, &stop, &params, &own_pos);
        let mut helper = Worker::new(1, own_pos.clone(), &[own_pos.hash()], &shared);
        let sp = split_under(None);
        let place = |col| {
            Some(Move::place(
                crate::board::Square::new(col, 0),
                crate::board::PieceKind::Flat,
            ))
        };
        helper.killers[2] = [place(1), None];
        let mut owners = sp.killers.clone();
        owners[2] = [place(3), place(4)];
        let sp = Arc::new(SplitPoint {
            killers: owners.clone(),
            ..Arc::into_inner(sp).expect("one owner")
        });
        assert_ne!(own_pos.hash(), sp.pos.hash());
        let own = helper.enter(&sp);
        assert_eq!(helper.killers, owners);
        assert_eq!(helper.pos.hash(), sp.pos.hash());
        assert!(helper.under.as_ref().is_some_and(|u| Arc::ptr_eq(u, &sp)));
        helper.leave(own);
        assert_eq!(helper.killers[2], [place(1), None]);
        assert_eq!(helper.pos.hash(), own_pos.hash());
        assert!(helper.under.is_none());
    }
}
