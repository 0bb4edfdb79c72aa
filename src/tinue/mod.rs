//! Tinuë: proving forced wins. A position is **n-ply tinuë** for the side to move
//! when it can force a road in at most n plies (its own and the opponent's,
//! n odd) whatever the opponent does (`docs/rules.md` §1.11, `docs/tinue.md`).
//!
//! `solve` runs a depth-first proof-number search (df-pn, `dfpn.rs`) over a
//! bounded transposition table (`table.rs`) for lengths 1, 3, 5, … up to the
//! limit, so the first length proven is the shortest. After a proof it lists
//! every first move that wins at that length (or, on request, at any length up
//! to the limit), each with a line (`lines.rs`).
//!
//! By default the attacker only tries moves after which it still threatens a
//! road (tak): a proof stands, but "not proven" then means "no tinuë by
//! threats". With `exact` every move is tried. The defender always tries every
//! legal move, and a road made by either side ends the line by the rules.
//! Threefold repetition is not modelled (a line of at most a few plies rarely
//! repeats a position three times).

mod dfpn;
mod lines;
mod solved;
mod table;

pub use solved::{go_solved, SolvedSetup, SOLVED_MAX_PLIES};

use crate::board::{GameResult, Move, Position};
use dfpn::Dfpn;
use std::sync::atomic::AtomicBool;
use table::INF;

/// Which wins count for the attacker.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Goal {
    /// Only a road: tinuë proper.
    Road,
    /// A road, or the game ending on flats in the attacker's favour (komi
    /// included).
    RoadOrFlats,
}

/// How a proven win ends along its principal line.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinKind {
    /// A road.
    Road,
    /// The flat count.
    Flats,
}

/// What to prove and within which limits.
#[derive(Clone, Debug)]
pub struct TinueOptions {
    /// The longest win looked for, in plies (odd; an even number is read as
    /// the odd number below it).
    pub max_plies: u32,
    /// Try every attacker move, not only those that keep a road threat.
    pub exact: bool,
    /// Which wins count.
    pub goal: Goal,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Stop after about this many milliseconds.
    pub time_ms: Option<u64>,
    /// Table size in MiB.
    pub table_mib: usize,
    /// List first moves that win at any length up to `max_plies`, not only at
    /// the shortest.
    pub any_length: bool,
}

impl Default for TinueOptions {
    fn default() -> TinueOptions {
        TinueOptions {
            max_plies: 15,
            exact: false,
            goal: Goal::Road,
            nodes: None,
            time_ms: None,
            table_mib: 64,
            any_length: false,
        }
    }
}

/// The answer about the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// The side to move wins by force in `plies` plies, and not in fewer.
    Proven {
        /// The shortest proven length.
        plies: u32,
    },
    /// No forced win within `max_plies` (by threats alone unless exact).
    Disproven,
    /// The budget ran out first; no win shorter than `searched` plies exists
    /// (by threats alone unless exact).
    Unknown {
        /// The longest length fully disproven (0 when none).
        searched: u32,
    },
}

/// One winning first move.
#[derive(Clone, Debug)]
pub struct WinningMove {
    /// The move.
    pub mv: Move,
    /// The shortest length it wins in.
    pub plies: u32,
    /// A line from it to the end: the move, the defender's most stubborn reply
    /// the search found, and so on.
    pub line: Vec<Move>,
}

/// Everything `solve` found.
#[derive(Clone, Debug)]
pub struct TinueReport {
    /// Proven, disproven or unknown.
    pub verdict: Verdict,
    /// How the principal line ends, after a proof.
    pub kind: Option<WinKind>,
    /// Every first move that wins (at the proven length, or any length with
    /// `any_length`), in move generation order; the principal line is the
    /// first one's.
    pub winning: Vec<WinningMove>,
    /// False when the budget ran out while listing the winning moves.
    pub listing_complete: bool,
    /// True when attacker moves were restricted to threats.
    pub restricted: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds taken in all.
    pub time_ms: u64,
    /// Milliseconds to the verdict on the root, before the winning moves were
    /// listed.
    pub verdict_ms: u64,
    /// Table use, per mille.
    pub table_permille: u32,
}

/// Proves or disproves a forced win for the side to move of `pos` within the
/// options' length and budget; `stop` ends the search early (the answer is
/// then unknown). Errors when the game is already over.
pub fn solve(
    pos: &Position,
    options: &TinueOptions,
    stop: &AtomicBool,
) -> Result<TinueReport, String> {
    if pos.result().is_some() {
        return Err("the game is already over".to_string());
    }
    let max = if options.max_plies.is_multiple_of(2) {
        options.max_plies.saturating_sub(1)
    } else {
        options.max_plies
    };
    let mut s = Dfpn::new(pos.clone(), options, stop);
    let verdict = s.root_verdict(max);
    let mut report = TinueReport {
        verdict,
        kind: None,
        winning: Vec::new(),
        listing_complete: true,
        restricted: !options.exact,
        nodes: 0,
        time_ms: 0,
        verdict_ms: s.start.elapsed().as_millis() as u64,
        table_permille: 0,
    };
    if let Verdict::Proven { plies } = verdict {
        let until = if options.any_length { max } else { plies };
        let (winning, complete) = s.winning_moves(plies, until);
        report.kind = winning.first().map(|w| s.line_kind(&w.line));
        report.winning = winning;
        report.listing_complete = complete;
    }
    report.nodes = s.nodes;
    report.time_ms = s.start.elapsed().as_millis() as u64;
    report.table_permille = s.table.permille_full();
    Ok(report)
}

impl Dfpn<'_> {
    /// Searches the root at 1, 3, 5, … plies up to `max` and says what it found:
    /// the first length proven, or how far the disproofs got.
    fn root_verdict(&mut self, max: u32) -> Verdict {
        let mut searched = 0;
        for plies in (1..=max).step_by(2) {
            let proven = match self.status(plies) {
                Some(decided) => decided,
                None => self.mid(plies, INF, INF).0 == 0,
            };
            if proven {
                return Verdict::Proven { plies };
            }
            if self.aborted {
                return Verdict::Unknown { searched };
            }
            searched = plies;
        }
        Verdict::Disproven
    }

    /// How the game ends after `line` from the root.
    fn line_kind(&mut self, line: &[Move]) -> WinKind {
        let mut undos = Vec::with_capacity(line.len());
        for &mv in line {
            undos.push(self.pos.make(mv));
        }
        let kind = match self.pos.result() {
            Some(GameResult::Flats(_)) => WinKind::Flats,
            _ => WinKind::Road,
        };
        for (&mv, undo) in line.iter().zip(undos).rev() {
            self.pos.unmake(mv, undo);
        }
        kind
    }
}

/// After `mv` from `pos` (a legal move of the side to move): the shortest
/// length, counting `mv`, in which it wins by force, if the search proves one
/// within the options' length and budget. For marking the plies of a game.
pub fn move_wins(
    pos: &Position,
    mv: Move,
    options: &TinueOptions,
    stop: &AtomicBool,
) -> Option<u32> {
    let mut s = Dfpn::new(pos.clone(), options, stop);
    s.pos.make(mv);
    let mut left = 0;
    while left < options.max_plies {
        let proven = match s.status(left) {
            Some(decided) => decided,
            None => s.mid(left, INF, INF).0 == 0,
        };
        if proven {
            return Some(left + 1);
        }
        if s.aborted {
            return None;
        }
        left += 2;
    }
    None
}
