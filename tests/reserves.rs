//! Custom piece counts: reserves other than the size's standard set, as PTN
//! Ninja, playtak and the PTN `Flats`/`Caps` tags allow. Move generation, the
//! end of the game, TPS validation, the PTN tags and the engine's options all
//! follow the game's own counts.

mod common;

use common::rules_support::{after, assert_illegal, legal};
use menhir::board::Reserves;
use menhir::engine::EngineError;
use menhir::movegen::{perft, PerftMode};
use menhir::notation::{
    parse_ptn_games, parse_tps, parse_tps_with, reserve_tags, write_tps, PlayPtn,
};
use menhir::search::Limits;
use menhir::{Color, Engine, Game, GameResult, PieceKind, Position};

fn custom(stones: u8, capstones: u8) -> Reserves {
    Reserves::new([stones; 2], [capstones; 2]).expect("valid reserves")
}

/// Bulk and full perft agree, and the count is returned.
fn counted(pos: &Position, depth: u32) -> u64 {
    let bulk = perft(pos, depth, PerftMode::Bulk, 1);
    assert_eq!(
        bulk,
        perft(pos, depth, PerftMode::Full, 1),
        "{pos:?} depth {depth}"
    );
    bulk
}

fn play(pos: &Position, plies: &[&str]) -> Position {
    plies.iter().fold(pos.clone(), |p, token| after(&p, token))
}

#[test]
fn five_by_five_without_capstones_loses_exactly_the_capstone_placements() {
    let standard = Position::start(5).expect("5x5");
    let capless = Position::start_with(5, custom(25, 0)).expect("5x5");
    assert_eq!(capless.capstones(Color::White), 0);
    assert_eq!(capless.stones(Color::Black), 25);
    for depth in 1..=2 {
        assert_eq!(counted(&capless, depth), counted(&standard, depth));
    }
    // Ply 3 is the first where a capstone could be placed, on any of 23 empty
    // squares after each of the 25 x 24 openings; at depth 3 those are leaves.
    assert_eq!(counted(&capless, 3), counted(&standard, 3) - 25 * 24 * 23);
    assert!(counted(&capless, 4) < counted(&standard, 4));
    let pos = play(&capless, &["a1", "e5"]);
    assert_illegal(&pos, "Cc3");
    assert!(legal(&pos)
        .iter()
        .all(|m| m.is_spread() || m.kind() != PieceKind::Cap));
}

#[test]
fn six_by_six_with_two_capstones_places_the_second() {
    let plies = ["a1", "f6", "Cc3", "Cd4"];
    let standard = play(&Position::start(6).expect("6x6"), &plies);
    let two = play(
        &Position::start_with(6, custom(30, 2)).expect("6x6"),
        &plies,
    );
    assert_eq!(two.capstones(Color::White), 1);
    assert_illegal(&standard, "Cc4");
    let empty = u64::from(two.empty().count());
    assert_eq!(counted(&two, 1), counted(&standard, 1) + empty);
    assert!(counted(&two, 2) > counted(&standard, 2));
    let next = after(&two, "Cc4");
    assert_eq!(next.capstones(Color::White), 0);
    assert_illegal(&after(&next, "a2"), "Ce4");
    assert_eq!(
        counted(&Position::start_with(6, custom(30, 2)).expect("6x6"), 3),
        {
            // Until a side could place its second capstone the game is the standard one.
            counted(&Position::start(6).expect("6x6"), 3)
        }
    );
}

#[test]
fn a_custom_reserve_running_out_ends_the_game_on_flats() {
    let start = Position::start_with(5, custom(3, 0)).expect("5x5");
    let mut game = Game::new(start);
    for token in ["a1", "e5", "b1", "d5"] {
        game.play_ptn(token).expect("legal");
        assert_eq!(game.result(), None, "after {token}");
    }
    // White's third and last stone: the flat count decides, 3 flats to 2.
    game.play_ptn("c1").expect("legal");
    assert_eq!(game.position().pieces_left(Color::White), 0);
    assert_eq!(game.result(), Some(GameResult::Flats(Color::White)));
    assert!(game.play_ptn("c5").is_err(), "no ply after the end");
    // With komi 2 for Black the same count is a Black win.
    let mut komi = Position::start_with(5, custom(3, 0)).expect("5x5");
    komi.set_half_komi(4);
    let mut game = Game::new(komi);
    for token in ["a1", "e5", "b1", "d5", "c1"] {
        game.play_ptn(token).expect("legal");
    }
    assert_eq!(game.result(), Some(GameResult::Flats(Color::Black)));
}

#[test]
fn tps_is_validated_against_the_game_s_reserves() {
    let crowded = "x5/x5/x5/x5/111111111111,1111111111,2,2,x 2 12";
    assert!(parse_tps(crowded).is_err(), "22 white stones exceed 21");
    let pos = parse_tps_with(crowded, &|_| custom(25, 0)).expect("25 stones hold 22");
    assert_eq!(pos.stones(Color::White), 3);
    assert_eq!(pos.reserves(), custom(25, 0));
    assert_eq!(write_tps(&pos), crowded);
    let capped = "x5/x5/x2,1C,x2/x5/2,x3,1 2 2";
    assert!(parse_tps(capped).is_ok());
    assert!(
        parse_tps_with(capped, &|_| custom(21, 0)).is_err(),
        "no capstone to place"
    );
}

#[test]
fn ptn_tags_set_the_reserves_and_are_written_back() {
    let text = "[Size \"6\"]\n[Flats \"30\"]\n[Caps \"2\"]\n1. a1 f6 2. Cc3 Cd4 3. Cc4 *";
    let games = parse_ptn_games(text).expect("a custom game");
    let pos = games[0].game.position();
    assert_eq!(pos.reserves(), custom(30, 2));
    assert_eq!(pos.capstones(Color::White), 0);
    let tags = reserve_tags(pos.reserves(), 6);
    assert_eq!(
        tags,
        [("Flats".into(), "30".into()), ("Caps".into(), "2".into())]
    );
    assert!(reserve_tags(Reserves::standard(6).expect("6x6"), 6).is_empty());

    let per_player = "[Size \"5\"]\n[Flats1 \"20\"]\n[Flats2 \"22\"]\n[Caps \"0\"]\n1. a1 e5";
    let games = parse_ptn_games(per_player).expect("per-player tags");
    let r = games[0].game.position().reserves();
    assert_eq!((r.stones(Color::White), r.stones(Color::Black)), (20, 22));
    assert_eq!(
        (r.capstones(Color::White), r.capstones(Color::Black)),
        (0, 0)
    );
    let written = reserve_tags(r, 5);
    assert_eq!(written.len(), 4);
    assert_eq!(written[1], ("Flats2".into(), "22".into()));

    let refused = parse_ptn_games("[Size \"5\"]\n[Caps \"0\"]\n1. a1 e5 2. Cc3");
    assert!(refused.is_err(), "{refused:?}");
    for bad in [
        "[Size \"5\"]\n[Caps \"9\"]\n1. a1",
        "[Size \"5\"]\n[Flats \"0\"]\n1. a1",
    ] {
        let err = parse_ptn_games(bad).expect_err(bad).to_string();
        assert!(err.contains("Caps") || err.contains("Flats"), "{err}");
    }
}

#[test]
fn engine_options_set_the_counts_of_the_game_and_later_positions() {
    let mut engine = Engine::default();
    engine.new_game(Some(6), Some(4)).expect("6x6");
    engine
        .set_option("Caps", Some("2"))
        .expect("a declared option");
    let game = engine.game().expect("the new game");
    assert_eq!(game.position().reserves(), custom(30, 2));
    engine
        .set_position(None, &["a1", "f6", "Cc3", "Cd4", "Cc4"].map(String::from))
        .expect("the second capstone is legal with Caps 2");
    // The next teinewgame goes back to the standard set.
    engine.new_game(Some(6), Some(4)).expect("6x6");
    let err = engine
        .set_position(None, &["a1", "f6", "Cc3", "Cd4", "Cc4"].map(String::from))
        .expect_err("one capstone");
    assert!(matches!(err, EngineError::Ply(_)), "{err}");
    assert!(err.to_string().contains("no capstone"), "{err}");
    // Counts set after a position refuse it until the next position.
    engine
        .set_position(None, &["a1", "f6"].map(String::from))
        .expect("legal");
    engine.set_option("Flats", Some("25")).expect("declared");
    engine.set_option("Caps", Some("0")).expect("declared");
    let shallow = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let err = engine.think(shallow.clone(), &|_| {}).expect_err("refused");
    assert_eq!(err, EngineError::PiecesChanged, "{err}");
    let crowded = "x5/x5/x5/x5/111111111111,1111111111,2,2,x 2 12";
    engine.new_game(Some(5), None).expect("5x5");
    engine.set_option("Flats", Some("25")).expect("declared");
    engine.set_option("Caps", Some("0")).expect("declared");
    engine.set_position(Some(crowded), &[]).expect("25 stones");
    let thought = engine.think(shallow, &|_| {}).expect("a search");
    assert!(thought.best.is_some());
}

#[test]
fn counts_set_before_the_first_new_game_hold_for_every_game() {
    let mut engine = Engine::default();
    engine.set_option("Caps", Some("0")).expect("declared");
    engine.set_option("Flats", Some("25")).expect("declared");
    for _ in 0..2 {
        engine.new_game(Some(5), None).expect("5x5");
        let reserves = engine.game().expect("a game").position().reserves();
        assert_eq!(reserves, custom(25, 0));
    }
}
