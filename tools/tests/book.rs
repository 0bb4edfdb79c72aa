//! Opening books: reproducible from the seed on any thread count, every line a
//! legal opening of flat placements, no two alike up to symmetry, every score
//! within the bar, and a clear error when too few openings pass it (or, when
//! asked, every opening that does).

use menhir::board::PieceKind;
use menhir::notation::parse_legal_move;
use menhir::{Game, Position};
use menhir_tools::book::{make_book, BookConfig, Opening};
use menhir_tools::tune::symmetry::symmetries;
use std::collections::HashSet;

fn config(size: usize, count: usize, max_score: i32, seed: u64) -> BookConfig {
    // Komi 2, as 5x5 is played: the scores then sit near zero.
    BookConfig {
        size,
        half_komi: 4,
        count,
        plies: 4,
        nodes: 1500,
        max_score,
        seed,
        fewer_ok: false,
    }
}

fn on_threads(n: usize, config: &BookConfig) -> Result<Vec<Opening>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .unwrap();
    pool.install(|| make_book(config))
}

/// The sorted (square index, colour) cells of every symmetric image of a final
/// position (the symmetries are tested in `net.rs`), so a test can tell two
/// openings apart up to symmetry.
fn images(size: usize, line: &str) -> Vec<Vec<(u8, String)>> {
    let mut game = Game::new(Position::start(size).unwrap());
    let mut cells = Vec::new();
    for token in line.split_whitespace() {
        let mv = parse_legal_move(game.position(), token).unwrap();
        assert!(!mv.is_spread() && mv.kind() == PieceKind::Flat, "{line}");
        let owner = format!("{:?}", game.position().placement_owner());
        cells.push((mv.square().index(), owner));
        game.play(mv).unwrap();
    }
    assert!(game.result().is_none(), "{line} ends the game");
    symmetries(size)
        .iter()
        .map(|map| {
            let mut image: Vec<_> = cells.iter().map(|(i, c)| (map[*i], c.clone())).collect();
            image.sort();
            image
        })
        .collect()
}

/// Every opening of `book` is legal and none repeats an earlier one up to symmetry.
fn assert_distinct(size: usize, book: &[Opening]) {
    let mut seen = HashSet::new();
    for o in book {
        let all = images(size, &o.line());
        assert!(
            all.iter().all(|image| !seen.contains(image)),
            "{} repeats an earlier opening up to symmetry",
            o.line()
        );
        seen.insert(all[0].clone());
    }
}

#[test]
fn books_are_reproducible_legal_distinct_and_even() {
    let cfg = config(5, 24, 150, 3);
    let one = on_threads(1, &cfg).unwrap();
    let two = on_threads(2, &cfg).unwrap();
    assert_eq!(one, two, "the thread count changed the book");
    assert_ne!(one, on_threads(2, &config(5, 24, 150, 4)).unwrap());
    assert_eq!(one.len(), 24);
    for o in &one {
        assert_eq!(o.moves.len(), 4);
        assert!(
            o.white_score.abs() <= 150,
            "{} scored {}",
            o.line(),
            o.white_score
        );
    }
    assert_distinct(5, &one);
}

#[test]
fn an_impossible_bar_is_an_error_not_a_short_book() {
    // 3x3 has only a few hundred distinct four-ply openings: 5000 cannot be found.
    let err = on_threads(2, &config(3, 5000, 1000, 1)).unwrap_err();
    assert!(err.contains("openings"), "{err}");
    assert!(on_threads(
        1,
        &BookConfig {
            plies: 1,
            ..config(5, 4, 80, 1)
        }
    )
    .is_err());
}

#[test]
fn fewer_ok_keeps_every_opening_there_is() {
    // The same impossible count, allowed to fall short: a book of every distinct
    // 3x3 opening that scores within the bar, none repeated up to symmetry.
    let short = on_threads(
        2,
        &BookConfig {
            fewer_ok: true,
            plies: 3,
            ..config(3, 5000, 100_000, 1)
        },
    )
    .unwrap();
    assert!(!short.is_empty() && short.len() < 5000, "{}", short.len());
    assert_distinct(3, &short);
}
