//! The engine's side of `eval::carry`: the last position searched and what
//! its search read, kept from one search to the next, and the search's
//! reports moved toward that read when the new position follows it by one
//! move. The move played and the search's own score are untouched; only
//! `cp` and `wdl` change.

use crate::board::Position;
use crate::eval::carry::{carried, follows, Carry};
use crate::eval::lean::gain_for;
use crate::eval::outlook::{outlook, Outlook};
use crate::eval::score::{Score, MAX_HEURISTIC};
use crate::search::{Report, SearchInfo};
use std::sync::{Arc, Mutex, PoisonError};

/// The last position searched and the reads around it.
#[derive(Clone, Debug)]
pub(super) struct LastRead {
    position: Position,
    /// The read carried into its search (so searching it again reads the same).
    before: Option<Carry>,
    /// The read its search carries on.
    after: Option<Carry>,
}

/// Where an engine keeps its `LastRead` between searches.
pub(super) type LastReadSlot = Arc<Mutex<Option<LastRead>>>;

/// What a running search's reports carry: the position, the read carried in,
/// and, as the search reports, the shift of its best line and the read to
/// carry on.
pub(super) struct Carrier {
    position: Position,
    before: Option<Carry>,
    state: Mutex<(i32, Option<Carry>)>,
    slot: LastReadSlot,
}

impl Carrier {
    /// A carrier for a search of `position`, with the read the engine kept
    /// in `slot` when `position` is that one, or follows it by one move.
    pub(super) fn new(position: &Position, slot: &LastReadSlot) -> Carrier {
        let before = slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .and_then(|last| {
                // `Position`'s equality leaves out the komi.
                let komi = last.position.half_komi() == position.half_komi();
                if komi && last.position == *position {
                    last.before
                } else if follows(&last.position, position) {
                    last.after
                } else {
                    None
                }
            });
        Carrier {
            position: position.clone(),
            before,
            state: Mutex::new((0, None)),
            slot: Arc::clone(slot),
        }
    }

    /// `report` with its `cp` and `wdl` read through the carry: the best
    /// line moved toward the read carried in, every other line of the same
    /// iteration by as much. Proofs and proven draws pass as they are.
    pub(super) fn adjust(&self, report: Report) -> Report {
        let Report::Info(mut info) = report else {
            return report;
        };
        if info.solved.is_some() {
            return Report::Info(info);
        }
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let best = info.multipv.is_none_or(|k| k == 1);
        let heuristic = !info.reported.is_proven() && info.outlook != Outlook::DRAWN;
        if best {
            *state = if heuristic {
                self.best_line(&info)
            } else {
                (0, None)
            };
        }
        if heuristic && state.0 != 0 {
            let moved = (info.reported.0 + state.0).clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
            info.outlook = outlook(&self.position, Score(moved), Some(info.depth));
        }
        Report::Info(info)
    }

    /// The shift of a best line's score and the read it carries on.
    fn best_line(&self, info: &SearchInfo) -> (i32, Option<Carry>) {
        let size = self.position.size();
        let (moved, after) = carried(
            gain_for(size),
            size,
            self.position.to_move(),
            info.reported,
            info.depth,
            self.before,
        );
        (moved.0 - info.reported.0, after)
    }

    /// Keeps the position and the read its search carries on, for the next
    /// search.
    pub(super) fn keep(&self) {
        let after = self.state.lock().unwrap_or_else(PoisonError::into_inner).1;
        *self.slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(LastRead {
            position: self.position.clone(),
            before: self.before,
            after,
        });
    }
}
