//! The tricky rule cases listed in `docs/rules.md`, one test each.

mod common;

use common::rules_support::*;
use menhir::board::Direction;
use menhir::notation::PlayPtn;
use menhir::notation::{
    move_to_ptn, parse_legal_move, parse_move, parse_tps, write_tps, MoveError, TpsError,
};
use menhir::{Color, Game, GameResult, Move, PieceKind, Position, Square};
use std::collections::BTreeSet;
// ---------------------------------------------------------------------------
// §4, cases 1–24
// ---------------------------------------------------------------------------

#[test]
fn case_01_start_has_25_flat_placements() {
    let pos = Position::start(5).expect("5x5");
    let moves = legal(&pos);
    assert_eq!(moves.len(), 25);
    assert_eq!(pos.count_legal_moves(), 25);
    assert!(moves
        .iter()
        .all(|m| !m.is_spread() && m.kind() == PieceKind::Flat));
    let squares: BTreeSet<Square> = moves.iter().map(|m| m.square()).collect();
    assert_eq!(squares.len(), 25);
    for token in ["Sa1", "Ca1", "Sc3", "Ce5"] {
        assert_illegal(&pos, token);
    }
    assert_eq!(pos.result(), None);
}

#[test]
fn case_02_second_ply_is_a_flat_placement_only() {
    let mut game = Game::new(Position::start(5).expect("5x5"));
    game.play_ptn("a1").expect("a1 is legal at the start");
    assert_eq!(write_tps(game.position()), "x5/x5/x5/x5/2,x4 2 1");
    let pos = tps("x5/x5/x5/x5/2,x4 2 1");
    assert!(*game.position() == pos);
    // White's first ply put down a Black flat, taken from Black's reserve.
    assert_eq!(pos.top(sq("a1")), Some((Color::Black, PieceKind::Flat)));
    assert_eq!(pos.stones(Color::Black), 20);
    assert_eq!(pos.stones(Color::White), 21);

    let moves = legal(&pos);
    assert_eq!(moves.len(), 24);
    assert!(moves
        .iter()
        .all(|m| !m.is_spread() && m.kind() == PieceKind::Flat));
    assert!(!moves.iter().any(|m| m.square() == sq("a1")));
    for token in ["a1>", "a1+", "Sb1", "Cb1"] {
        assert_illegal(&pos, token);
    }
    // Black's placement puts down a White flat.
    let next = after(&pos, "e5");
    assert_eq!(next.top(sq("e5")), Some((Color::White, PieceKind::Flat)));
}

#[test]
fn case_03_after_two_plies_71_moves() {
    let mut game = Game::new(Position::start(5).expect("5x5"));
    game.play_ptn("a1").expect("a1");
    game.play_ptn("e5").expect("e5");
    let pos = game.position().clone();
    assert_eq!(write_tps(&pos), "x4,1/x5/x5/x5/2,x4 1 2");
    assert!(pos == tps("x4,1/x5/x5/x5/2,x4 1 2"));

    let moves = legal(&pos);
    assert_eq!(moves.len(), 71);
    let placements: Vec<&Move> = moves.iter().filter(|m| !m.is_spread()).collect();
    assert_eq!(placements.len(), 69);
    for kind in [PieceKind::Flat, PieceKind::Wall, PieceKind::Cap] {
        assert_eq!(placements.iter().filter(|m| m.kind() == kind).count(), 23);
    }
    let spreads: BTreeSet<String> = moves
        .iter()
        .filter(|m| m.is_spread())
        .map(|&m| move_to_ptn(m))
        .collect();
    let expected: BTreeSet<String> = ["e5-", "e5<"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(spreads, expected);
    // The Black flat on a1 is not White's to move.
    assert_illegal(&pos, "a1+");
    assert_illegal(&pos, "a1>");
}

const CAP_WALL: &str = "x5/x5/x,1121C,x,2S,x/x5/x5 1 12";

#[test]
fn case_04_capstone_alone_flattens() {
    let pos = tps(CAP_WALL);
    let next = after(&pos, "3b3>21");
    assert_eq!(write_tps(&next), "x5/x5/x,1,12,21C,x/x5/x5 2 12");
    // The wall on d3 became a Black flat under White's capstone.
    assert_eq!(next.top(sq("d3")), Some((Color::White, PieceKind::Cap)));
    assert_eq!(next.color_at(sq("d3"), 0), Color::Black);
    assert!(next.walls().is_empty());
    assert_eq!(next.result(), None);
}

#[test]
fn case_05_single_drops_then_capstone_flattens() {
    let pos = tps(CAP_WALL);
    let next = after(&pos, "2b3>11");
    assert_eq!(write_tps(&next), "x5/x5/x,11,2,21C,x/x5/x5 2 12");
    assert!(next.walls().is_empty());
}

#[test]
fn case_06_illegal_wall_entries_and_overlong_count() {
    let pos = tps(CAP_WALL);
    // Two pieces onto the wall.
    assert_illegal(&pos, "3b3>12");
    // A non-capstone drop onto the wall in the middle of the path.
    assert_illegal(&pos, "3b3>111");
    // Count 5 exceeds the stack height 4 (though not the carry limit).
    assert_illegal(&pos, "5b3>");
    // More pieces onto the wall, with more carried.
    assert_illegal(&pos, "4b3>22");
    assert_illegal(&pos, "4b3>13");
}

#[test]
fn case_07_other_spreads_legal_and_star_ignored() {
    let pos = tps(CAP_WALL);
    for token in ["b3>", "2b3>", "4b3>", "3b3>21*"] {
        after(&pos, token);
    }
    assert_eq!(
        parse_legal_move(&pos, "3b3>21*").expect("legal"),
        parse_legal_move(&pos, "3b3>21").expect("legal")
    );
    assert_eq!(
        write_tps(&after(&pos, "3b3>21*")),
        "x5/x5/x,1,12,21C,x/x5/x5 2 12"
    );
    assert_eq!(
        write_tps(&after(&pos, "b3>")),
        "x5/x5/x,112,1C,2S,x/x5/x5 2 12"
    );
    assert_eq!(
        write_tps(&after(&pos, "2b3>")),
        "x5/x5/x,11,21C,2S,x/x5/x5 2 12"
    );
    assert_eq!(
        write_tps(&after(&pos, "4b3>")),
        "x5/x5/x2,1121C,2S,x/x5/x5 2 12"
    );
}

#[test]
fn case_08_carry_limit_caps_spreads_at_60() {
    let pos = tps("x5/x5/x5/x5/1212121,x4 1 15");
    let a1 = sq("a1");
    let spreads: Vec<Move> = legal(&pos)
        .into_iter()
        .filter(|m| m.is_spread() && m.square() == a1)
        .collect();
    assert_eq!(spreads.len(), 60);
    assert!(spreads.iter().all(|m| m.count() <= 5));
    assert_eq!(spreads.iter().filter(|m| m.count() == 5).count(), 30);
    for dir in [Direction::Up, Direction::Right] {
        assert_eq!(
            spreads.iter().filter(|m| m.direction() == dir).count(),
            30,
            "{dir:?}"
        );
    }
    // The count digit 6 is beyond the carry limit: rejected already as a parse error.
    assert_malformed("6a1+", 5);
    assert!(parse_legal_move(&pos, "6a1+").is_err());
    assert!(!pos.is_legal(Move::spread_from_drops(a1, Direction::Up, &[6])));
    assert!(!pos.is_legal(Move::spread_from_drops(a1, Direction::Up, &[2, 2, 2])));
    after(&pos, "5a1+");
    after(&pos, "5a1>2111");
}

#[test]
fn case_09_double_road_goes_to_the_mover() {
    let pos = tps("x4/1,x,1,1/2,21,2,2/x4 1 6");
    assert_eq!(pos.result(), None);
    let next = after(&pos, "b2+");
    assert_eq!(write_tps(&next), "x4/1,1,1,1/2,2,2,2/x4 2 6");
    assert_eq!(next.result(), Some(GameResult::Road(Color::White)));
    assert_eq!(next.result().map(GameResult::ptn), Some("R-0"));
    assert!(next.is_over());
}

#[test]
fn case_10_uncovering_enemy_road_loses() {
    let pos = tps("x4/1,12,1,1/x4/x4 2 6");
    assert_eq!(pos.result(), None);
    for token in ["b3+", "b3-"] {
        let next = after(&pos, token);
        assert_eq!(
            next.result(),
            Some(GameResult::Road(Color::White)),
            "{token}"
        );
        assert_eq!(next.result().map(GameResult::ptn), Some("R-0"));
        assert!(next.is_over());
    }
}

#[test]
fn case_11_covering_the_road_square_continues() {
    let pos = tps("x4/1,12,1,1/x4/x4 2 6");
    let next = after(&pos, "b3<");
    assert_eq!(write_tps(&next), "x4/12,1,1,1/x4/x4 1 7");
    assert_eq!(next.result(), None);
    assert!(!next.is_over());
}

#[test]
fn case_12_road_beats_flat_count_on_full_board() {
    let pos = tps("2,2,1/2,2,x/2,2,1 1 8");
    assert_eq!(pos.size(), 3);
    // As first written down, the board already holds Black roads (files a and
    // b), so the loaded position is itself over; c2 adds a White road, and the
    // double road then goes to White, the mover.
    assert_eq!(pos.result(), Some(GameResult::Road(Color::Black)));
    let next = after(&pos, "c2");
    assert!(next.empty().is_empty());
    assert_eq!(next.flats(Color::White).count(), 3);
    assert_eq!(next.flats(Color::Black).count(), 6);
    assert_eq!(next.result(), Some(GameResult::Road(Color::White)));
    assert_eq!(next.result().map(GameResult::ptn), Some("R-0"));
}

#[test]
fn case_13_last_stone_ends_game_with_komi() {
    let pos = tps(LAST_STONE);
    assert_eq!(pos.stones(Color::White), 1);
    assert_eq!(pos.capstones(Color::White), 0);
    assert_eq!(pos.result(), None);
    let next = after(&pos, "d4");
    assert_eq!(next.stones(Color::White), 0);
    assert_eq!(next.flats(Color::White).count(), 3);
    assert_eq!(next.flats(Color::Black).count(), 3);
    assert_eq!(next.half_komi(), 0);
    assert_eq!(next.result(), Some(GameResult::Draw));
    assert_eq!(next.result().map(GameResult::ptn), Some("1/2-1/2"));

    let mut k1 = next.clone();
    k1.set_half_komi(1);
    assert_eq!(k1.result(), Some(GameResult::Flats(Color::Black)));
    assert_eq!(k1.result().map(GameResult::ptn), Some("0-F"));

    // Komi set through a Game before the ply.
    let mut game = game_from(LAST_STONE);
    game.set_half_komi(1);
    game.play_ptn("d4").expect("d4");
    assert_eq!(game.position().half_komi(), 1);
    assert_eq!(game.result(), Some(GameResult::Flats(Color::Black)));

    // D = 2(W − B) − K: negative komi favours White.
    let mut neg = next.clone();
    neg.set_half_komi(-1);
    assert_eq!(neg.result(), Some(GameResult::Flats(Color::White)));
}

#[test]
fn case_14_last_stone_as_wall_does_not_count() {
    let pos = tps(LAST_STONE);
    let next = after(&pos, "Sd4");
    assert_eq!(next.flats(Color::White).count(), 2);
    assert_eq!(next.flats(Color::Black).count(), 3);
    assert_eq!(next.result(), Some(GameResult::Flats(Color::Black)));
    assert_eq!(next.result().map(GameResult::ptn), Some("0-F"));
}

const CAP_ONLY: &str = "x5/x5/x5/x5/111111111111111111111,2,x3 1 30";

#[test]
fn case_15_capstone_left_means_not_out_of_pieces() {
    let pos = tps(CAP_ONLY);
    assert_eq!(pos.stones(Color::White), 0);
    assert_eq!(pos.capstones(Color::White), 1);
    assert_eq!(pos.result(), None);
    assert!(!pos.is_over());
    let moves = legal(&pos);
    assert_eq!(moves.len(), 83);
    let placements: Vec<&Move> = moves.iter().filter(|m| !m.is_spread()).collect();
    assert_eq!(placements.len(), 23);
    assert!(placements.iter().all(|m| m.kind() == PieceKind::Cap));
    let spreads: Vec<&Move> = moves.iter().filter(|m| m.is_spread()).collect();
    assert_eq!(spreads.len(), 60);
    assert!(spreads.iter().all(|m| m.square() == sq("a1")));
    assert_illegal(&pos, "c3");
    assert_illegal(&pos, "Sc3");
}

#[test]
fn case_16_last_capstone_ends_game() {
    let pos = tps(CAP_ONLY);
    let next = after(&pos, "Cc3");
    assert_eq!(next.stones(Color::White), 0);
    assert_eq!(next.capstones(Color::White), 0);
    assert_eq!(next.flats(Color::White).count(), 1);
    assert_eq!(next.flats(Color::Black).count(), 1);
    assert_eq!(next.result(), Some(GameResult::Draw));
    assert_eq!(next.result().map(GameResult::ptn), Some("1/2-1/2"));
}

#[test]
fn case_17_road_through_capstone() {
    // As first written down the board is 4x4, where players have no capstone
    // (see the reserves in `docs/rules.md`), so the TPS itself must be rejected (a reserve would go
    // negative).
    assert_eq!(
        parse_tps("1,x3/1,x3/1C,x3/x4 1 5").err(),
        Some(TpsError::TooManyPieces(Color::White))
    );
    // The rule itself, on 5x5 (which has capstones) and on 6x6.
    for (text, ply) in [
        ("1,x4/1,x4/1,x4/1C,x4/x5 1 5", "a1"),
        ("1,x5/1,x5/1C,x5/1,x5/1,x5/x6 1 6", "a1"),
        ("x5/x5/1,1,1C,1,x/x5/x5 1 5", "e3"),
    ] {
        let pos = tps(text);
        assert_eq!(pos.result(), None, "{text}");
        let next = after(&pos, ply);
        assert_eq!(
            next.result(),
            Some(GameResult::Road(Color::White)),
            "{text} {ply}"
        );
        assert_eq!(next.result().map(GameResult::ptn), Some("R-0"));
    }
}

#[test]
fn case_18_wall_breaks_road() {
    let pos = tps("1,x3/1,x3/1S,x3/x4 1 5");
    let next = after(&pos, "a1");
    assert_eq!(next.result(), None);
    assert!(!next.is_over());
}

#[test]
fn case_19_bad_plies_are_parse_errors_not_illegal() {
    for size in 3..=8 {
        for token in ["3b3>11", "a1>11", "9a1+"] {
            assert_malformed(token, size);
            let pos = Position::start(size).expect("size");
            match parse_legal_move(&pos, token) {
                Err(MoveError::Malformed { .. }) => {}
                other => panic!("{token} on {size}x{size}: expected Malformed, got {other:?}"),
            }
        }
    }
    // Also in a position where `3b3>` itself would be legal.
    let pos = tps(CAP_WALL);
    for token in ["3b3>11", "a1>11", "9a1+"] {
        assert!(matches!(
            parse_legal_move(&pos, token),
            Err(MoveError::Malformed { .. })
        ));
    }
    let mut game = game_from(CAP_WALL);
    assert!(matches!(
        game.play_ptn("3b3>11"),
        Err(MoveError::Malformed { .. })
    ));
    assert!(*game.position() == pos);
}

#[test]
fn case_20_midgame_6x6() {
    let pos = tps(MIDGAME);
    assert_eq!(write_tps(&pos), MIDGAME);
    assert_eq!(pos.count_legal_moves(), 80);
    assert_eq!(legal(&pos).len(), 80);
    assert_eq!(pos.result(), None);
    let next = after(&pos, "3e5<21");
    assert_eq!(
        write_tps(&next),
        "2,1S,2,2,2,x/x2,2121C,122,x2/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 2 21"
    );
    assert_eq!(after(&pos, "3e5<21*"), next);
    assert_eq!(next.result(), None);
}

#[test]
fn case_21_spread_off_the_board_is_rejected() {
    let pos = tps("x5/x5/x5/x5/1,x3,1 1 3");
    for token in ["a1<", "e1>", "a1-", "e1-", "2d1>11", "2a2-11", "4e2+1111"] {
        match parse_legal_move(&pos, token) {
            Err(MoveError::OffBoard { size: 5, .. }) => {}
            other => panic!("{token}: expected OffBoard, got {other:?}"),
        }
        assert!(parse_move(token, 5).is_err());
    }
    // The same spreads built by hand are not legal either.
    assert!(!pos.is_legal(Move::spread_from_drops(sq("a1"), Direction::Left, &[1])));
    assert!(!pos.is_legal(Move::spread_from_drops(sq("e1"), Direction::Right, &[1])));
    let spreads: BTreeSet<String> = legal(&pos)
        .into_iter()
        .filter(|m| m.is_spread())
        .map(move_to_ptn)
        .collect();
    let expected: BTreeSet<String> = ["a1+", "a1>", "e1+", "e1<"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(spreads, expected);
    // On a bigger board the same text is on the board.
    assert!(parse_move("e1>", 6).is_ok());
}

#[test]
fn case_22_tps_with_black_to_move_at_move_1_is_in_the_swap() {
    let pos = tps("x6/x6/x6/x6/x6/x6 2 1");
    assert_eq!(pos.to_move(), Color::Black);
    assert_eq!(pos.ply(), 1);
    let moves = legal(&pos);
    assert_eq!(moves.len(), 36);
    assert!(moves
        .iter()
        .all(|m| !m.is_spread() && m.kind() == PieceKind::Flat));
    assert_illegal(&pos, "Sc3");
    assert_illegal(&pos, "Cc3");
    let next = after(&pos, "c3");
    assert_eq!(write_tps(&next), "x6/x6/x6/x2,1,x3/x6/x6 1 2");
    assert_eq!(next.top(sq("c3")), Some((Color::White, PieceKind::Flat)));
    assert_eq!(next.stones(Color::White), 29);
    assert_eq!(next.stones(Color::Black), 30);
}

#[test]
fn case_23_capstone_cannot_cover_capstone() {
    let pos = tps("x5/x5/2C,1C,x3/x5/x5 2 12");
    assert_illegal(&pos, "a3>");
    let from_a3: BTreeSet<String> = legal(&pos)
        .into_iter()
        .filter(|m| m.is_spread() && m.square() == sq("a3"))
        .map(move_to_ptn)
        .collect();
    let expected: BTreeSet<String> = ["a3+", "a3-"]
        .iter()
        .map(std::string::ToString::to_string)
        .collect();
    assert_eq!(from_a3, expected);
}

#[test]
fn case_24_own_capstone_blocks() {
    let pos = tps("x5/x5/21,1C,1,x2/x5/x5 1 12");
    assert_illegal(&pos, "2a3>11");
    assert_illegal(&pos, "2a3>");
    assert_illegal(&pos, "a3>");
    // The capstone itself may move onto the flat at c3.
    after(&pos, "b3>");
    assert!(!legal_ptn(&pos).iter().any(|m| m.contains("a3>")));
}
