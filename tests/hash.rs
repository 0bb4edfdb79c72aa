//! The incremental hash equals the hash computed from scratch after every move of
//! many seeded random games on every size, and unmake restores positions exactly.

use menhir::notation::PlayPtn;
use menhir::{Move, Position};

/// A tiny fixed generator, so the games never change between versions.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Picks spreads often, so stacks grow tall.
fn pick(moves: &[Move], rng: &mut SplitMix) -> Move {
    let spreads: Vec<Move> = moves.iter().copied().filter(|m| m.is_spread()).collect();
    if !spreads.is_empty() && rng.below(4) != 0 {
        spreads[rng.below(spreads.len())]
    } else {
        moves[rng.below(moves.len())]
    }
}

#[test]
fn incremental_hash_matches_scratch_on_every_size() {
    let mut rng = SplitMix(2026);
    for size in 3..=8 {
        let mut tallest = 0;
        for _game in 0..40 {
            let mut pos = Position::start(size).expect("supported size");
            let mut moves = Vec::new();
            for _ply in 0..300 {
                if pos.is_over() {
                    break;
                }
                pos.legal_moves(&mut moves);
                assert_eq!(moves.len() as u64, pos.count_legal_moves());
                // Every legal move made and unmade restores the position.
                let before = pos.clone();
                for &mv in &moves {
                    let undo = pos.make(mv);
                    assert_eq!(pos.hash(), pos.compute_hash(), "after {mv:?}");
                    pos.unmake(mv, undo);
                    assert!(pos == before, "unmake of {mv:?} did not restore");
                }
                let mv = pick(&moves, &mut rng);
                pos.make(mv);
                assert_eq!(pos.hash(), pos.compute_hash());
                for sq in pos.occupied().squares() {
                    tallest = tallest.max(pos.height(sq));
                }
            }
        }
        assert!(tallest >= 5, "size {size}: stacks stayed short");
    }
}

#[test]
fn tall_stacks_hash_and_move_correctly() {
    // 8x8: one stack of 100 pieces, every stone of both players, Black on top.
    let stack: String = (0..100)
        .map(|i| if i % 2 == 0 { '1' } else { '2' })
        .collect();
    let tps = format!("x8/x8/x8/x8/x8/x8/x8/{stack},x7 2 60");
    let mut pos = menhir::notation::parse_tps(&tps).expect("valid tall stack");
    assert_eq!(pos.height(menhir::Square::new(0, 0)), 100);
    assert_eq!(pos.hash(), pos.compute_hash());
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let before = pos.clone();
    for &mv in &moves {
        let undo = pos.make(mv);
        assert_eq!(pos.hash(), pos.compute_hash(), "after {mv:?}");
        pos.unmake(mv, undo);
        assert!(pos == before);
    }
    assert_eq!(menhir::notation::write_tps(&pos), tps);
}

#[test]
fn equal_positions_reached_differently_hash_equally() {
    let play = |plies: &[&str]| {
        let mut game = menhir::Game::new(Position::start(5).expect("5x5"));
        for p in plies {
            game.play_ptn(p).expect("legal");
        }
        game.position().hash()
    };
    let a = play(&["a1", "e5", "b2", "d4", "c3", "e1"]);
    assert_eq!(a, play(&["a1", "e5", "c3", "d4", "b2", "e1"]));
    assert_ne!(a, play(&["a1", "e5", "b2", "d4", "c3", "Se1"]));
    assert_ne!(a, play(&["a1", "e5", "b2", "d4", "c3", "e2"]));
}
