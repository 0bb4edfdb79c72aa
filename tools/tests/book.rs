//! Opening books: reproducible from the seed on any thread count, every line a
//! legal opening of flat placements, no two alike up to symmetry, every score
//! within the bar, and a clear error when too few openings pass it (or, when
//! asked, every opening that does); and the same of every book shipped in
//! `bench-positions/`.

use menhir::board::PieceKind;
use menhir::notation::parse_legal_move;
use menhir::{Game, Position};
use menhir_tools::book::{make_book, BookConfig, Opening};
use menhir_tools::judge::read_book;
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
    let lines: Vec<String> = book.iter().map(Opening::line).collect();
    assert_lines_distinct(size, &lines);
}

/// Every line is a legal flat opening and none repeats an earlier one up to symmetry.
fn assert_lines_distinct(size: usize, lines: &[String]) {
    let mut seen = HashSet::new();
    for line in lines {
        let all = images(size, line);
        assert!(
            all.iter().all(|image| !seen.contains(image)),
            "{line} repeats an earlier opening up to symmetry"
        );
        seen.insert(all[0].clone());
    }
}

/// `5s_4ply_menhir_openings.txt` → (5, Some(4)); the 3x3 book names no ply count.
fn size_and_plies(name: &str) -> Option<(usize, Option<usize>)> {
    let (size, rest) = name.split_once("s_")?;
    let plies = rest
        .split_once("ply_")
        .and_then(|(plies, _)| plies.parse().ok());
    Some((size.parse().ok()?, plies))
}

#[test]
fn the_shipped_books_are_legal_and_distinct() {
    // Every book in `bench-positions/`: as many plies a line as its name says, read
    // by the judge's reader, and no opening repeated up to symmetry.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../bench-positions");
    let mut books = 0;
    for entry in std::fs::read_dir(&dir).expect("bench-positions is readable") {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        if !name.ends_with("_openings.txt") {
            continue;
        }
        let (size, plies) = size_and_plies(&name).expect("the name gives the size");
        let text = std::fs::read_to_string(dir.join(&name)).unwrap();
        let lines: Vec<String> = text.lines().map(str::to_string).collect();
        let games = read_book(&text, size, 0).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(games.len(), lines.len(), "{name} has blank lines");
        if let Some(plies) = plies {
            assert!(games.iter().all(|g| g.moves().len() == plies), "{name}");
        }
        assert_lines_distinct(size, &lines);
        books += 1;
    }
    assert!(books >= 7, "found only {books} books");
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
