//! Rules that need the game history: a terminal TPS reports its result when
//! loaded, threefold repetition by spreads (with and without the flag, and reset
//! by a placement), and plies after the end of the game being rejected.

mod common;

use common::rules_support::*;
use menhir::notation::PlayPtn;
use menhir::notation::{parse_move, MoveError};
use menhir::{Color, Game, GameResult, Position};
// ---------------------------------------------------------------------------
// Extras: terminal TPS, repetition, plies after the end
// ---------------------------------------------------------------------------

#[test]
fn extra_terminal_tps_reports_result_when_loaded() {
    // A White road, Black to move: White (the mover) wins the double road.
    let pos = tps("x4/1,1,1,1/2,2,2,2/x4 2 6");
    assert_eq!(pos.result(), Some(GameResult::Road(Color::White)));
    assert!(pos.is_over());
    // The same board with White to move: the mover is Black, who wins it.
    let pos = tps("x4/1,1,1,1/2,2,2,2/x4 1 7");
    assert_eq!(pos.result(), Some(GameResult::Road(Color::Black)));
    assert_eq!(pos.result().map(GameResult::ptn), Some("0-R"));
    // Only the opponent of the mover has a road: the opponent wins.
    let pos = tps("x4/1,1,1,1/x4/x4 1 7");
    assert_eq!(pos.result(), Some(GameResult::Road(Color::White)));
    // Full board, no road.
    let pos = tps("1,2,1/2,1,2/2,1,2 2 8");
    assert_eq!(pos.result(), Some(GameResult::Flats(Color::Black)));
    assert_eq!(pos.result().map(GameResult::ptn), Some("0-F"));
    // A reserve used up.
    let pos = tps("x3,1/x4/2,x3/1111111,1111111,2,2 2 20");
    assert_eq!(pos.result(), Some(GameResult::Draw));

    let game = game_from("x4/1,1,1,1/2,2,2,2/x4 2 6");
    assert_eq!(game.result(), Some(GameResult::Road(Color::White)));
}

/// 5x5: `1. a1 e5`, then both sides walk their stone away and back.
const CYCLE: [&str; 4] = ["e5-", "a1+", "e4+", "a2-"];

fn opened_game() -> Game {
    let mut game = Game::new(Position::start(5).expect("5x5"));
    game.play_ptn("a1").expect("a1");
    game.play_ptn("e5").expect("e5");
    game
}

fn play_cycle(game: &mut Game) {
    for token in CYCLE {
        assert_eq!(game.result(), None, "before {token}");
        game.play_ptn(token)
            .unwrap_or_else(|e| panic!("{token}: {e}"));
    }
}

#[test]
fn extra_threefold_repetition_by_spreads_is_a_draw() {
    let mut game = opened_game();
    assert!(game.repetition_draw, "repetition_draw is on by default");
    let start = board_and_turn(game.position());
    let start_hash = game.position().hash();
    assert_eq!(game.repetitions(), 1);
    play_cycle(&mut game);
    assert_eq!(board_and_turn(game.position()), start);
    assert_eq!(game.position().hash(), start_hash);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.result(), None);
    play_cycle(&mut game);
    assert_eq!(board_and_turn(game.position()), start);
    assert_eq!(game.position().hash(), start_hash);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.position().result(), None);
    assert_eq!(game.result(), Some(GameResult::Draw));
    assert_eq!(game.result().map(GameResult::ptn), Some("1/2-1/2"));
}

#[test]
fn extra_threefold_repetition_is_no_draw_when_flag_off() {
    let mut game = opened_game();
    game.repetition_draw = false;
    play_cycle(&mut game);
    play_cycle(&mut game);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.result(), None);
    // Play goes on.
    play_cycle(&mut game);
    assert_eq!(game.repetitions(), 4);
    assert_eq!(game.result(), None);
}

#[test]
fn extra_placement_resets_repetition_count() {
    let mut game = opened_game();
    play_cycle(&mut game);
    assert_eq!(game.repetitions(), 2);
    // White places; Black's position now has no history.
    game.play_ptn("c3").expect("c3");
    assert_eq!(game.repetitions(), 1);
    assert_eq!(game.repetition_history().len(), 1);
    let after_placement = board_and_turn(game.position());
    let black_cycle = ["a1+", "e5-", "a2-", "e4+"];
    for token in black_cycle {
        assert_eq!(game.result(), None);
        game.play_ptn(token).expect(token);
    }
    assert_eq!(board_and_turn(game.position()), after_placement);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.result(), None);
    for token in black_cycle {
        assert_eq!(game.result(), None);
        game.play_ptn(token).expect(token);
    }
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.result(), Some(GameResult::Draw));
}

#[test]
fn extra_ply_after_end_is_rejected() {
    // Road win (case 9).
    let mut game = game_from("x4/1,x,1,1/2,21,2,2/x4 1 6");
    game.play_ptn("b2+").expect("b2+");
    assert_eq!(game.result(), Some(GameResult::Road(Color::White)));
    let before = game.position().clone();
    // a4 would be a legal placement if the game were not over.
    assert!(before.is_legal(parse_move("a4", 4).expect("a4")));
    assert!(matches!(
        game.play_ptn("a4"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(game.play(parse_move("a4", 4).expect("a4")).is_err());
    assert!(*game.position() == before);
    assert_eq!(game.moves().len(), 1);

    // Flat end (case 13).
    let mut game = game_from(LAST_STONE);
    game.play_ptn("d4").expect("d4");
    assert_eq!(game.result(), Some(GameResult::Draw));
    assert!(matches!(
        game.play_ptn("b4"),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(game.moves().len(), 1);

    // A TPS that is already over.
    let mut game = game_from("x4/1,1,1,1/2,2,2,2/x4 2 6");
    assert!(matches!(
        game.play_ptn("a1"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(game.moves().is_empty());

    // Repetition draw.
    let mut game = opened_game();
    play_cycle(&mut game);
    play_cycle(&mut game);
    assert_eq!(game.result(), Some(GameResult::Draw));
    assert!(matches!(
        game.play_ptn("e5-"),
        Err(MoveError::Illegal { .. })
    ));
    assert_eq!(game.moves().len(), 10);
}
