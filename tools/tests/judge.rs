//! The fixed-node judge: books are read strictly, a match of an engine against
//! itself is exactly even, and games follow the book and the colours asked for.

use menhir::board::Color;
use menhir_tools::judge::{judge, play_game, read_book, JudgeConfig, Verdict};
use std::path::PathBuf;

mod common;
use common::menhir_binary;

fn config(opponent: PathBuf) -> JudgeConfig {
    JudgeConfig {
        size: 3,
        half_komi: 0,
        nodes: 300,
        max_plies: 200,
        engine: menhir_binary(),
        opponent,
        sprt: Some((0.0, 15.0)),
    }
}

#[test]
fn books_are_read_strictly() {
    let book = read_book("a1 c3\n\nb2 a2 c1\n", 3, 0).unwrap();
    assert_eq!(book.len(), 2);
    assert_eq!(book[1].moves().len(), 3);
    assert_eq!(book[1].position().to_move(), Color::Black);
    let err = read_book("a1 c3\na1 a1\n", 3, 0).unwrap_err();
    assert!(err.contains("line 2"), "{err}");
    assert!(read_book("\n \n", 3, 0).is_err());
    assert!(read_book("a1 z9", 3, 0).is_err());
    assert!(read_book("a1 b1", 9, 0).is_err());
    // White's road on the first rank ends the game inside the opening.
    let over = read_book("a3 c3 a1 c2 b1 b2 c1", 3, 0).unwrap_err();
    assert!(over.contains("over"), "{over}");
}

#[test]
fn an_engine_against_itself_is_exactly_even() {
    // The same deterministic engine on both sides plays the same game with
    // either colour, so every pair scores exactly one point: an even match,
    // which leans a little towards H0 and decides nothing.
    let book = read_book("a1 c3\nb2 a1\nc1 a3 b2\na1 b2 c3 a3\n", 3, 0).unwrap();
    let outcome = judge(&config(menhir_binary()), &book);
    let p = outcome.pairs;
    assert_eq!(p.count(), 4);
    assert_eq!(p.pairs, [0, 0, 4, 0, 0]);
    assert_eq!(p.wins, p.losses);
    assert_eq!(p.wins + p.draws + p.losses, 8);
    let llr = p.llr(0.0, 15.0);
    assert!(llr < 0.0 && llr > -0.1, "LLR {llr}");
    assert_eq!(outcome.verdict, Verdict::Undecided);
    assert_eq!(outcome.abandoned, 0);
    // The two colours of one opening are the same game from each side.
    let a = play_game(&config(menhir_binary()), &book[0], true).unwrap();
    let b = play_game(&config(menhir_binary()), &book[0], false).unwrap();
    assert_eq!(a + b, 1.0);
}

#[test]
fn a_broken_opponent_abandons_the_pair_and_is_reported() {
    let book = read_book("a1 c3\n", 3, 0).unwrap();
    let outcome = judge(&config(PathBuf::from("/no/such/engine")), &book);
    assert_eq!(outcome.pairs.count(), 0);
    assert_eq!(outcome.abandoned, 1);
    let err = play_game(&config(PathBuf::from("/no/such/engine")), &book[0], true).unwrap_err();
    assert!(err.contains("cannot start"), "{err}");
}
