//! The engine's side of `eval::carry`: the last position searched and what
//! its search read, kept from one search to the next, and the search's
//! reports moved toward that read when the new position follows it by one
//! move. The move played and the search's own score are untouched; only
//! `cp` and `wdl` change. A proven result is kept too: the next position is
//! near the end of a forced line, and `Job::run` tries to prove it again
//! (`run::prove_again`); when that and the search prove nothing, the read is
//! moved toward the proven result (`eval::carry`).

use crate::board::Position;
use crate::eval::carry::{carried, follows, Carry, Gains};
use crate::eval::lean::{gain_for, AFTER_PROOF};
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
    /// The proven result its search reported, from its side to move.
    proof: Option<Score>,
    /// The length of the proof of the position before it, when there was one
    /// (so searching it again tries the same).
    proven_before: Option<u32>,
}

/// What the best line of a running search has read so far.
#[derive(Clone, Copy, Debug, Default)]
struct BestRead {
    /// Internal units the heuristic lines move by.
    shift: i32,
    /// The read to carry on.
    after: Option<Carry>,
    /// A proven result.
    proof: Option<Score>,
}

/// Where an engine keeps its `LastRead` between searches.
pub(super) type LastReadSlot = Arc<Mutex<Option<LastRead>>>;

/// What a running search's reports carry: the position, the read carried in,
/// and, as the search reports, the shift of its best line and the read to
/// carry on.
pub(super) struct Carrier {
    position: Position,
    before: Option<Carry>,
    proven_before: Option<u32>,
    state: Mutex<BestRead>,
    slot: LastReadSlot,
}

impl Carrier {
    /// A carrier for a search of `position`, with the read the engine kept
    /// in `slot` when `position` is that one, or follows it by one move.
    pub(super) fn new(position: &Position, slot: &LastReadSlot) -> Carrier {
        let (before, proven_before) = slot
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_ref()
            .map_or((None, None), |last| {
                // `Position`'s equality leaves out the komi.
                let komi = last.position.half_komi() == position.half_komi();
                if komi && last.position == *position {
                    (last.before, last.proven_before)
                } else if follows(&last.position, position) {
                    let plies = last.proof.and_then(Score::plies_to_end);
                    (last.after, plies.map(i32::unsigned_abs))
                } else {
                    (None, None)
                }
            });
        Carrier {
            position: position.clone(),
            before,
            proven_before,
            state: Mutex::new(BestRead::default()),
            slot: Arc::clone(slot),
        }
    }

    /// The length of the proof the position before this one had, when this
    /// position follows a proven one.
    pub(super) fn proven_before(&self) -> Option<u32> {
        self.proven_before
    }

    /// `report` with its `cp` and `wdl` read through the carry: the best
    /// line moved toward the read carried in, every other line of the same
    /// iteration by as much. Proofs and proven draws pass as they are; a
    /// proof of the best line is kept.
    pub(super) fn adjust(&self, report: Report) -> Report {
        let Report::Info(mut info) = report else {
            return report;
        };
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let best = info.multipv.is_none_or(|k| k == 1);
        let marked = info.outlook == Outlook::DRAWN || info.solved.is_some();
        let heuristic = !info.reported.is_proven() && !marked;
        if best {
            *state = if marked {
                BestRead::default()
            } else {
                self.best_line(&info)
            };
        }
        if heuristic && state.shift != 0 {
            let moved = (info.reported.0 + state.shift).clamp(-MAX_HEURISTIC, MAX_HEURISTIC);
            info.outlook = outlook(&self.position, Score(moved), Some(info.depth));
        }
        Report::Info(info)
    }

    /// The shift of a best line's score, the read it carries on, and its
    /// proven result.
    fn best_line(&self, info: &SearchInfo) -> BestRead {
        let size = self.position.size();
        let gains = Gains {
            read: gain_for(size, info.depth, None),
            after_proof: AFTER_PROOF,
        };
        let (moved, after) = carried(
            gains,
            size,
            self.position.to_move(),
            info.reported,
            info.depth,
            self.before,
            |s| outlook(&self.position, s, Some(info.depth)).expected(),
        );
        BestRead {
            shift: moved.0 - info.reported.0,
            after,
            proof: info.reported.is_proven().then_some(info.reported),
        }
    }

    /// Keeps the position and the read its search carries on, for the next
    /// search.
    pub(super) fn keep(&self) {
        let read = *self.state.lock().unwrap_or_else(PoisonError::into_inner);
        *self.slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(LastRead {
            position: self.position.clone(),
            before: self.before,
            after: read.after,
            proof: read.proof,
            proven_before: self.proven_before,
        });
    }
}
