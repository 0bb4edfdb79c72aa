//! Helpers shared by the rule tests: positions from TPS, plies, legality checks.

#![allow(dead_code)]

use std::collections::BTreeSet;

use menhir::notation::{
    move_to_ptn, parse_legal_move, parse_move, parse_tps, write_tps, MoveError,
};
use menhir::{Game, Move, Position, Square};

pub const MIDGAME: &str =
    "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21";

/// Parses a TPS that must be valid.
pub fn tps(text: &str) -> Position {
    parse_tps(text).unwrap_or_else(|e| panic!("TPS {text:?} should parse: {e}"))
}

/// The legal moves, checked against the generation-free counter.
pub fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert_eq!(
        moves.len() as u64,
        pos.count_legal_moves(),
        "legal_moves and count_legal_moves disagree on {pos:?}"
    );
    let distinct: BTreeSet<u32> = moves.iter().map(|m| m.to_bits()).collect();
    assert_eq!(distinct.len(), moves.len(), "duplicate moves on {pos:?}");
    moves
}

/// The legal moves in canonical PTN.
pub fn legal_ptn(pos: &Position) -> BTreeSet<String> {
    legal(pos).into_iter().map(move_to_ptn).collect()
}

/// Plays `token` (which must be legal) on `pos`; checks that the hash stays
/// consistent and that unmake restores the position exactly.
pub fn after(pos: &Position, token: &str) -> Position {
    let mv = parse_legal_move(pos, token)
        .unwrap_or_else(|e| panic!("{token} should be legal in {pos:?}: {e}"));
    assert!(pos.is_legal(mv), "{token}");
    let mut next = pos.clone();
    let undo = next.make(mv);
    assert_eq!(
        next.hash(),
        next.compute_hash(),
        "hash after {token} on {pos:?}"
    );
    let result = next.clone();
    next.unmake(mv, undo);
    assert!(next == *pos, "unmake of {token} did not restore {pos:?}");
    assert_eq!(next.hash(), pos.hash());
    result
}

/// `token` reads as a ply of this size but is not legal in `pos`.
pub fn assert_illegal(pos: &Position, token: &str) {
    let mv = parse_move(token, pos.size())
        .unwrap_or_else(|e| panic!("{token} should be well-formed: {e}"));
    assert!(!pos.is_legal(mv), "{token} should be illegal in {pos:?}");
    assert!(!legal(pos).contains(&mv), "{token} is generated in {pos:?}");
    match parse_legal_move(pos, token) {
        Err(MoveError::Illegal { token: t, .. }) => assert_eq!(t, token),
        other => panic!("{token} in {pos:?}: expected MoveError::Illegal, got {other:?}"),
    }
}

/// `token` is a parse error (not merely illegal) on a board of `size`.
pub fn assert_malformed(token: &str, size: usize) {
    match parse_move(token, size) {
        Err(MoveError::Malformed { token: t, .. }) => assert_eq!(t, token),
        other => panic!("{token} on {size}x{size}: expected Malformed, got {other:?}"),
    }
}

pub fn sq(name: &str) -> Square {
    let b = name.as_bytes();
    Square::new((b[0] - b'a') as usize, (b[1] - b'1') as usize)
}

/// Board and side to move: what a repetition compares (the move number differs).
pub fn board_and_turn(pos: &Position) -> String {
    let tps = write_tps(pos);
    let mut fields = tps.split(' ');
    format!(
        "{} {}",
        fields.next().expect("board"),
        fields.next().expect("turn")
    )
}

pub fn game_from(text: &str) -> Game {
    Game::new(tps(text))
}

/// Case 13/14: White holds its last stone.
pub const LAST_STONE: &str = "x4/x4/2,x3/1111111,1111111,2,2 1 20";
