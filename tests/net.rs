//! The evaluation's learned correction: its inputs read real positions the same
//! way from either side. (The weights files are tested in `eval::net_weights`;
//! that sizes without weights are left alone and that the correction is the
//! float network's output, with the fit, in `tools/tests/net.rs`.)

use menhir::board::Square;
use menhir::eval::tuning::{correction_inputs, INPUTS, MAX_ACTIVE};
use menhir::notation::parse_tps;

fn inputs(tps: &str) -> Vec<u16> {
    let pos = parse_tps(tps).unwrap();
    let mut buf = [0u16; MAX_ACTIVE];
    let len = correction_inputs(&pos, &mut buf);
    let mut v = buf[..len].to_vec();
    v.sort_unstable();
    v
}

#[test]
fn inputs_read_tops_stacks_and_reserves_from_the_side_to_move() {
    // 5x5, White to move: a White flat on a1, a Black wall on b1, and on c1 a
    // White capstone over two White pieces and one Black one (bottom first).
    let v = inputs("x5/x5/x5/x5/1,2S,1121C,x2 1 5");
    let a1 = Square::new(0, 0).index() as u16;
    let b1 = Square::new(1, 0).index() as u16;
    let c1 = Square::new(2, 0).index() as u16;
    assert!(v.contains(&a1), "own flat");
    assert!(v.contains(&(4 * 64 + b1)), "enemy wall");
    assert!(v.contains(&(2 * 64 + c1)), "own capstone");
    assert!(v.contains(&(7 * 64 + c1)), "two own pieces under the top");
    assert!(v.contains(&(9 * 64 + c1)), "one enemy piece under the top");
    assert!(
        v.contains(&(19 * 64 + c1)),
        "an enemy piece right under the top"
    );
    assert!(!v.contains(&(18 * 64 + c1)), "not an own one");
    // 21 stones a side on 5x5: White has used 3 and its capstone, Black 2.
    assert!(v.contains(&(12 * 64 + 18)), "own stones left");
    assert!(v.contains(&(13 * 64 + 19)), "enemy stones left");
    assert!(v.contains(&(14 * 64)), "no own capstone left");
    assert!(v.contains(&(14 * 64 + 9)), "one enemy capstone left");
    let board: Vec<u16> = v.iter().copied().filter(|&i| i < 15 * 64).collect();
    assert_eq!(
        board.len(),
        3 + 2 + 4,
        "three tops, two counts under c1, four reserves"
    );
    assert_eq!(
        v.len(),
        board.len() + 4 + 4 + 2 + 1 + 1,
        "road facts, margin, empty, the piece under c1's top, komi"
    );
    assert!(v.contains(&(20 * 64 + 16)), "no komi");
    assert!(v.iter().all(|&i| (i as usize) < INPUTS));
}

#[test]
fn inputs_read_each_sides_road_facts_the_margin_and_the_empty_squares() {
    // 5x5, Black to move, no komi: White flats on a1..d1 threaten e1; Black
    // has flats on a3 and c3, two groups of span 1.
    let v = inputs("x5/x5/2,x,2,x2/x5/1,1,1,1,x 2 3");
    let roads = 15 * 64;
    // Own (Black's) facts from slot 0: no threat, span 1, distance 3 (b3, d3,
    // e3), two groups.
    for (slot, what) in [(0, "no threat"), (3 + 1, "span 1"), (12 + 3, "distance 3")] {
        assert!(v.contains(&(roads + slot)), "own {what}");
    }
    assert!(v.contains(&(roads + 19 + 2)), "own groups");
    // Enemy (White's) facts from slot 32: one threat, span 4, one group, and
    // no distance (a threat stands in for it).
    assert!(v.contains(&(roads + 32 + 1)), "enemy threat");
    assert!(v.contains(&(roads + 32 + 3 + 4)), "enemy span 4");
    assert!(v.contains(&(roads + 32 + 19 + 1)), "enemy one group");
    assert!(!v
        .iter()
        .any(|&i| (roads + 32 + 12..roads + 32 + 19).contains(&i)));
    // The margin in half-flats from Black: 2(2 - 4).
    assert!(v.contains(&(16 * 64 + 32 - 4)), "flat margin");
    assert!(v.contains(&(17 * 64 + 19)), "empty squares");
}

#[test]
fn swapping_the_colours_and_the_mover_gives_the_same_inputs() {
    let komi = 20 * 64;
    let board = |v: Vec<u16>| -> Vec<u16> { v.into_iter().filter(|&i| i < komi).collect() };
    let white = inputs("1,2S,1121C,x2/x2,12,x2/x5/x5/x5 1 5");
    let black = inputs("2,1S,2212C,x2/x2,21,x2/x5/x5/x5 2 5");
    assert_eq!(board(white.clone()), board(black.clone()));
    // Without komi the komi input is the same for both.
    assert_eq!(white, black);
    assert!(white.contains(&(komi + 16)));
    assert_ne!(white, inputs("1,2S,1121C,x2/x2,12,x2/x5/x5/x5 2 5"));
}

#[test]
fn the_komi_is_an_input() {
    let mut pos = parse_tps("x5/x5/x2,1,x2/x5/x5 2 1").unwrap();
    let mut buf = [0u16; MAX_ACTIVE];
    for (half_komi, slot) in [(0, 16), (4, 20), (40, 31)] {
        pos.set_half_komi(half_komi);
        let len = correction_inputs(&pos, &mut buf);
        assert!(
            buf[..len].contains(&(20 * 64 + slot)),
            "half-komi {half_komi}"
        );
    }
}
