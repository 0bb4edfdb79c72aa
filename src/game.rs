//! `Game`: a start position, the plies played from it, and the rules that need the
//! history — threefold repetition (a draw, behind a flag that is on by default) and
//! refusing plies after the game has ended.

use crate::board::{GameResult, Move, Position};
use crate::movegen::explain_illegal;

/// Why `Game::play` refused a move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct IllegalPlay {
    /// What is wrong, in a player's words.
    pub reason: &'static str,
}

impl std::fmt::Display for IllegalPlay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "illegal ply: {}", self.reason)
    }
}

impl std::error::Error for IllegalPlay {}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    /// Hashes of the positions since the last placement, the current one last.
    since_placement: Vec<u64>,
    /// Whether a third occurrence of a position is a draw.
    pub repetition_draw: bool,
}

impl Game {
    /// A game starting from `start` (the start position or one loaded from TPS).
    pub fn new(start: Position) -> Game {
        let hash = start.hash();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            since_placement: vec![hash],
            repetition_draw: true,
        }
    }
    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }
    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.start
    }
    /// The plies played, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }
    /// Hashes of the positions since the last placement (current last), for the
    /// search's repetition checks.
    pub fn repetition_history(&self) -> &[u64] {
        &self.since_placement
    }
    /// Sets half-komi for the start and current positions.
    pub fn set_half_komi(&mut self, half_komi: i32) {
        self.start.set_half_komi(half_komi);
        self.position.set_half_komi(half_komi);
    }

    /// How often the current position has occurred since the last placement.
    pub fn repetitions(&self) -> usize {
        let h = self.position.hash();
        self.since_placement.iter().filter(|&&x| x == h).count()
    }

    /// The result: roads and flats by the position, then threefold repetition.
    pub fn result(&self) -> Option<GameResult> {
        self.position.result().or_else(|| {
            (self.repetition_draw && self.repetitions() >= 3).then_some(GameResult::Draw)
        })
    }

    /// Plays `mv` after checking that the game is not over and the ply is legal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalPlay> {
        if let Some(result) = self.result() {
            return Err(IllegalPlay {
                reason: match result {
                    GameResult::Draw => "the game is already over (draw)",
                    _ => "the game is already over",
                },
            });
        }
        if !self.position.is_legal(mv) {
            return Err(IllegalPlay {
                reason: explain_illegal(&self.position, mv),
            });
        }
        self.position.make(mv);
        self.moves.push(mv);
        if !mv.is_spread() {
            self.since_placement.clear();
        }
        self.since_placement.push(self.position.hash());
        Ok(())
    }
}
