//! Every tunable number of the search in one place: depths and ply limits,
//! pruning and reduction margins, move-ordering values, the aspiration window
//! and the clock. Changing one changes play: run `menhir bench` and update the
//! signature (`SIGNATURE` in `src/bench.rs`) in the same commit.

// --- Depth and ply limits -------------------------------------------------

/// Deepest nominal depth iterative deepening goes to.
pub const MAX_DEPTH: u32 = 100;
/// Deepest ply a search path may reach.
pub const MAX_PLY: usize = 128;
/// Threat extensions allowed on one path. One is enough to see a defence fail
/// within 3 plies; more made depth 1 explode in positions full of threats.
pub const MAX_EXTENSIONS: u32 = 2;

// --- Aspiration windows at the root ---------------------------------------

/// Iterations from this depth on search a window around the previous score.
pub const ASPIRATION_MIN_DEPTH: i32 = 4;
/// The first window's half-width, in centiflats.
pub const ASPIRATION_WINDOW: i32 = 40;
/// A failed window grows by this factor.
pub const ASPIRATION_GROWTH: i32 = 3;

// --- Pruning ---------------------------------------------------------------

/// Reverse futility: depths up to this one may stand pat far above beta.
pub const RFP_DEPTH: i32 = 3;
/// Reverse futility margin per ply of remaining depth, in centiflats.
pub const RFP_MARGIN: i32 = 100;
/// Null-move pruning from this remaining depth on.
pub const NULL_MOVE_MIN_DEPTH: i32 = 3;
/// The null move's reduction: `NULL_MOVE_BASE + depth / NULL_MOVE_DIVISOR`.
pub const NULL_MOVE_BASE: i32 = 2;
/// See `NULL_MOVE_BASE`.
pub const NULL_MOVE_DIVISOR: i32 = 4;
/// Null moves only while both reserves and the empty squares exceed this (so
/// that passing cannot hide a flat ending).
pub const NULL_MOVE_MIN_PIECES: u32 = 3;
/// Late-move pruning: at non-PV nodes of depth ≤ `LMP_DEPTH` that face no road
/// threat, quiet moves after the first `LMP_BASE + LMP_SCALE · depth²` are skipped
/// unless they make a road threat themselves.
pub const LMP_DEPTH: i32 = 3;
/// See `LMP_DEPTH`.
pub const LMP_BASE: usize = 6;
/// See `LMP_DEPTH`.
pub const LMP_SCALE: usize = 3;

// --- Singular extensions --------------------------------------------------

/// The singular test runs from this remaining depth on ...
pub const SINGULAR_MIN_DEPTH: i32 = 6;
/// ... when the TT's entry is at most this many plies shallower than the node.
pub const SINGULAR_TT_DEPTH_SLACK: i32 = 3;
/// The other moves must stay this far below the TT's score, per ply of depth,
/// in centiflats, for the TT's move to count as singular.
pub const SINGULAR_MARGIN: i32 = 3;

/// With threads, a node this many plies or more from the horizon shares its
/// moves after the first with idle threads (`worker/split.rs`).
pub const SPLIT_MIN_DEPTH: i32 = 3;

// --- Late-move reductions --------------------------------------------------

/// Reductions start at this remaining depth ...
pub const LMR_MIN_DEPTH: i32 = 3;
/// ... and at this move index (0-based).
pub const LMR_MIN_INDEX: usize = 3;
/// The reduction is `LMR_BASE + ln(depth) · ln(index) / LMR_DIVISOR` plies.
pub const LMR_BASE: f64 = 0.5;
/// See `LMR_BASE`.
pub const LMR_DIVISOR: f64 = 2.5;

// --- Move ordering -----------------------------------------------------------

/// Order score of the table's move (first).
pub const ORDER_TT_MOVE: i32 = 1 << 28;
/// Order score of a killer move.
pub const ORDER_KILLER: i32 = 1 << 24;
/// Prior of a flat placement.
pub const PRIOR_FLAT: i32 = 300;
/// Prior of a capstone placement.
pub const PRIOR_CAP: i32 = 200;
/// Prior of a wall placement.
pub const PRIOR_WALL: i32 = 0;
/// Prior of a spread: base, plus per enemy stack it lands on, plus per piece
/// carried.
pub const PRIOR_SPREAD: i32 = 100;
/// See `PRIOR_SPREAD`.
pub const PRIOR_SPREAD_CAPTURE: i32 = 60;
/// See `PRIOR_SPREAD`.
pub const PRIOR_SPREAD_PIECE: i32 = 10;
/// History bonus of a cut-off: `HISTORY_BONUS_SCALE` · depth², at most
/// `HISTORY_MAX_BONUS`. Large enough that a move's record outweighs the
/// prior once it has cut off a few times.
pub const HISTORY_BONUS_SCALE: i32 = 16;
/// See `HISTORY_BONUS_SCALE`.
pub const HISTORY_MAX_BONUS: i32 = 6400;
/// History entries decay towards this bound (gravity).
pub const HISTORY_LIMIT: i32 = 16_384;

// --- Threads and limits --------------------------------------------------------

/// Nodes a worker counts locally before adding them to the shared total and
/// checking the clock.
pub const NODE_BATCH: u64 = 256;
/// Time reserved for process and pipe latency on every clock move, in ms.
pub const CLOCK_OVERHEAD_MS: u64 = 60;
/// Margin under `movetime`, in ms.
pub const MOVETIME_MARGIN_MS: u64 = 4;
/// A clock move aims at `own / CLOCK_SHARE` plus `CLOCK_INC_SHARE` of the
/// increment ...
pub const CLOCK_SHARE: u64 = 20;
/// ... (as a fraction: numerator, denominator) ...
pub const CLOCK_INC_SHARE: (u64, u64) = (3, 4);
/// ... and stops by `CLOCK_HARD_FACTOR` times that, never past this fraction
/// of the usable time.
pub const CLOCK_HARD_FACTOR: u64 = 4;
/// See `CLOCK_HARD_FACTOR`.
pub const CLOCK_HARD_SHARE: (u64, u64) = (2, 5);
/// On boards up to `CLOCK_MOVES_MAX_SIZE`, `CLOCK_SHARE` gives way to the moves
/// the side to move can expect before the game ends, when fewer: `CLOCK_MOVES_PER_PIECE`
/// (numerator, denominator) times the smaller reserve (stones and capstones)
/// plus `CLOCK_MOVES_SLACK`. A game ends when a reserve runs out, and spreads
/// stretch it: over 400 4x4 games against Tiltak the side to move still made
/// 3.6 moves on average with one piece in the smaller reserve, 9.5 with five,
/// 16.8 with ten and 21.7 with fifteen (`tools/moves_left.py`).
pub const CLOCK_MOVES_PER_PIECE: (u64, u64) = (1, 1);
/// See `CLOCK_MOVES_PER_PIECE`.
pub const CLOCK_MOVES_SLACK: u64 = 2;
/// The largest board whose clock follows the reserves (`CLOCK_MOVES_PER_PIECE`):
/// measured in games on 4x4 only, so larger boards keep `CLOCK_SHARE`.
pub const CLOCK_MOVES_MAX_SIZE: usize = 4;

// --- How much of the target a move takes (`steadiness.rs`) ---------------------

/// From this completed depth on, the soft target is scaled by how steady the
/// answer has been; shallower iterations keep the whole target.
pub const STEADY_FROM_DEPTH: u32 = 5;
/// Percent of the target once the best move has stood for several iterations.
pub const STEADY_STILL: u32 = 50;
/// Each change of the best move adds this many percent, halved with every
/// iteration since.
pub const STEADY_CHANGE: u32 = 100;
/// A fall of this many centiflats from the last iteration's score ...
pub const STEADY_SCORE_DROP: i32 = 30;
/// ... adds this many percent.
pub const STEADY_SCORE_DROP_EXTRA: u32 = 40;
/// The scaled target stays within these percentages.
pub const STEADY_MIN: u32 = 40;
/// See `STEADY_MIN`.
pub const STEADY_MAX: u32 = 300;
