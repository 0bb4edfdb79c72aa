//! The opening books in `bench-positions/`: every line of every book is a legal
//! opening of its size and of the ply count its name gives, no game is over after it,
//! and no opening appears twice in a book.

use std::collections::HashSet;
use std::path::Path;

use menhir::notation::parse_move;
use menhir::{Game, Position};

/// `5s_4ply_menhir_openings.txt` → (5, Some(4)); the 3x3 book names no ply count.
fn size_and_plies(name: &str) -> Option<(usize, Option<usize>)> {
    let (size, rest) = name.split_once("s_")?;
    let size = size.parse().ok()?;
    let plies = rest
        .split_once("ply_")
        .and_then(|(plies, _)| plies.parse().ok());
    Some((size, plies))
}

#[test]
fn every_book_opening_is_legal_and_distinct() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("bench-positions");
    let mut books = 0;
    for entry in std::fs::read_dir(&dir).expect("bench-positions is readable") {
        let path = entry.expect("directory entry").path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with("_openings.txt") {
            continue;
        }
        let (size, plies) = size_and_plies(&name).expect("book name gives its size");
        let text = std::fs::read_to_string(&path).expect("book is readable");
        let mut seen = HashSet::new();
        for (n, line) in text.lines().enumerate() {
            let tokens: Vec<&str> = line.split_whitespace().collect();
            assert!(!tokens.is_empty(), "{name}:{}: empty line", n + 1);
            if let Some(plies) = plies {
                assert_eq!(tokens.len(), plies, "{name}:{}: {line}", n + 1);
            }
            let mut game = Game::new(Position::start(size).expect("board size"));
            for token in &tokens {
                let mv = parse_move(token, size)
                    .unwrap_or_else(|e| panic!("{name}:{}: {token}: {e:?}", n + 1));
                game.play(mv)
                    .unwrap_or_else(|e| panic!("{name}:{}: {token}: {e:?}", n + 1));
            }
            assert!(game.result().is_none(), "{name}:{}: game over", n + 1);
            assert!(seen.insert(line.to_string()), "{name}:{}: repeated", n + 1);
        }
        assert!(!seen.is_empty(), "{name} is empty");
        books += 1;
    }
    assert!(books >= 7, "found only {books} books");
}
