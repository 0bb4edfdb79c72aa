//! TPS, PTN plies and PTN game files: round trips, the worked examples of
//! `docs/rules.md` (TPS), every TPS error, multi-game files, and malformed input
//! of every kind returning a typed error, never a panic.

use menhir::notation::{
    move_to_ptn, parse_move, parse_ptn_games, parse_tps, write_tps, MoveError, PtnError, TpsError,
};
use menhir::{Color, GameResult, Position};

const MIDGAME: &str =
    "2,1S,2,2,2,x/x2,212S,1,221C,x/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 1 21";

/// `x3` → `x,x,x`: racetrack's spelling of the same TPS.
fn expand_empty_runs(tps: &str) -> String {
    let (board, rest) = tps.split_once(' ').expect("three fields");
    let rows: Vec<String> = board
        .split('/')
        .map(|row| {
            row.split(',')
                .map(
                    |cell| match cell.strip_prefix('x').map(str::parse::<usize>) {
                        Some(Ok(n)) => vec!["x"; n].join(","),
                        _ => cell.to_string(),
                    },
                )
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    format!("{} {rest}", rows.join("/"))
}

#[test]
fn tps_round_trips_in_both_spellings() {
    let table = include_str!("../bench-positions/perft.tsv");
    let mut n = 0;
    for line in table.lines().skip(1) {
        let tps = line.split('\t').nth(1).expect("tps column");
        let pos = parse_tps(tps).expect("reference TPS parses");
        assert_eq!(write_tps(&pos), tps, "compact writer");
        let long = expand_empty_runs(tps);
        let again = parse_tps(&long).expect("x,x,x spelling parses");
        assert!(again == pos, "{long}");
        assert_eq!(write_tps(&again), tps);
        n += 1;
    }
    assert!(n >= 40);
}

#[test]
fn worked_examples_of_section_3_3() {
    let start = parse_tps("x5/x5/x5/x5/x5 1 1").expect("start");
    assert!(start == Position::start(5).expect("5x5"));
    let long = parse_tps("x,x,x,x,x/x,x,x,x,x/x,x,x,x,x/x,x,x,x,x/x,x,x,x,x 1 1").expect("long");
    assert!(long == start);

    let pos = parse_tps(MIDGAME).expect("midgame");
    assert_eq!(pos.to_move(), Color::White);
    assert_eq!(pos.ply(), 40);
    assert_eq!(
        (pos.stones(Color::White), pos.capstones(Color::White)),
        (16, 0)
    );
    assert_eq!(
        (pos.stones(Color::Black), pos.capstones(Color::Black)),
        (17, 0)
    );
    assert_eq!(pos.flats(Color::White).count(), 9);
    assert_eq!(pos.flats(Color::Black).count(), 8);
    assert_eq!(pos.result(), None);
    assert_eq!(pos.count_legal_moves(), 80);
    let mv = menhir::notation::parse_legal_move(&pos, "3e5<21*").expect("legal");
    let mut after = pos.clone();
    after.make(mv);
    assert_eq!(
        write_tps(&after),
        "2,1S,2,2,2,x/x2,2121C,122,x2/1,12,x,1,2,1/x2,1,2,112C,x/x2,1,2,1,x/x3,1,21,x 2 21"
    );
}

#[test]
fn every_tps_error_is_reported() {
    type Check = fn(&TpsError) -> bool;
    let cases: &[(&str, Check)] = &[
        ("x5/x5/x5/x5/x5 1", |e| matches!(e, TpsError::FieldCount(2))),
        ("x5/x5/x5/x5/x5 1 1 extra", |e| {
            matches!(e, TpsError::FieldCount(4))
        }),
        ("x5/x5 1 1", |e| matches!(e, TpsError::UnsupportedSize(2))),
        ("x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1", |e| {
            matches!(e, TpsError::UnsupportedSize(9))
        }),
        ("x5/x5/x4/x5/x5 1 1", |e| {
            matches!(e, TpsError::RowWidth { row: 3, .. })
        }),
        ("x5/x5/x6/x5/x5 1 1", |e| {
            // A run wider than the board is a row too wide, not a bad cell.
            matches!(
                e,
                TpsError::RowWidth {
                    row: 3,
                    expected: 5,
                    found: 6
                }
            )
        }),
        ("x5/x5/x3,1,1,1/x5/x5 1 1", |e| {
            matches!(e, TpsError::RowWidth { .. })
        }),
        ("x5/x5/x4,1S2/x5/x5 1 1", |e| {
            matches!(e, TpsError::BadCell { .. })
        }),
        ("x5/x5/x4,S/x5/x5 1 1", |e| {
            matches!(e, TpsError::BadCell { .. })
        }),
        ("x5/x5/x4,13/x5/x5 1 1", |e| {
            matches!(e, TpsError::BadCell { .. })
        }),
        ("x5/x5/x4,1/x5,/x5 1 1", |e| {
            matches!(e, TpsError::BadCell { .. })
        }),
        ("x5/x5/x4,1/x5/x5 3 1", |e| {
            matches!(e, TpsError::BadTurn(_))
        }),
        ("x5/x5/x4,1/x5/x5 1 0", |e| {
            matches!(e, TpsError::BadMoveNumber(_))
        }),
        ("x5/x5/x4,1/x5/x5 1 -2", |e| {
            matches!(e, TpsError::BadMoveNumber(_))
        }),
        ("x5/x5/x4,1C/x5/x4,1C 1 9", |e| {
            matches!(e, TpsError::TooManyPieces(Color::White))
        }),
        ("1111111111111111111111,x4/x5/x5/x5/x5 2 30", |e| {
            matches!(e, TpsError::TooManyPieces(Color::White))
        }),
    ];
    for (tps, ok) in cases {
        let err = parse_tps(tps).expect_err(tps);
        assert!(ok(&err), "{tps}: wrong error {err:?}");
        assert!(!err.to_string().is_empty());
    }
}

#[test]
fn every_legal_move_round_trips_through_ptn() {
    for line in include_str!("../bench-positions/perft.tsv").lines().skip(1) {
        let tps = line.split('\t').nth(1).expect("tps column");
        let pos = parse_tps(tps).expect("valid");
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        for mv in moves {
            let text = move_to_ptn(mv);
            assert_eq!(parse_move(&text, pos.size()), Ok(mv), "{text}");
            assert!(!text.contains(['F', '*', '\'']), "{text} is not canonical");
        }
    }
}

#[test]
fn malformed_plies_give_typed_errors() {
    for (token, size) in [
        ("3b3>11", 5),
        ("a1>11", 5),
        ("9a1+", 5),
        ("a1d", 5),
        ("", 5),
        ("9", 5),
    ] {
        assert!(
            matches!(parse_move(token, size), Err(MoveError::Malformed { .. })),
            "{token}"
        );
    }
    for (token, size) in [
        ("a1<", 5),
        ("e1>", 5),
        ("f1", 5),
        ("Ci9", 8),
        ("5a1>11111", 5),
    ] {
        let e = parse_move(token, size).expect_err(token);
        assert!(
            matches!(e, MoveError::OffBoard { .. } | MoveError::Malformed { .. }),
            "{token}"
        );
    }
    let pos = parse_tps(MIDGAME).expect("valid");
    let e = menhir::notation::parse_legal_move(&pos, "a6").expect_err("occupied");
    assert!(e.to_string().contains("a6"), "{e}");
}

const TWO_GAMES: &str = r#"
[Player1 "Alice"]
[Player2 "Bob \"the builder\""]
[Date "2026.01.15"]
[Size "5"]
[Komi "0"]
[Result "R-0"]

1. a5 e1 2. d1 a4 {Bob plays along the edge} 3. c1 a3
4. b1' a2' {both threaten a1} 5. a1 R-0

[Player1 "Carol"]
[Player2 "Dave"]
[Size "6"]
[Komi "2"]
[TPS "x6/x6/x6/x6/x6/x6 2 1"]
[Result "*"]

1... c3 2. d4 Sf6! 3. 1d4<1*? c5
"#;

#[test]
fn multi_game_file_with_comments_and_results() {
    let games = parse_ptn_games(TWO_GAMES).expect("valid file");
    assert_eq!(games.len(), 2);
    let first = &games[0];
    assert_eq!(first.tag("player2"), Some("Bob \"the builder\""));
    assert_eq!(first.result.as_deref(), Some("R-0"));
    assert_eq!(first.game.moves().len(), 9);
    assert_eq!(first.game.result(), Some(GameResult::Road(Color::White)));
    assert_eq!(
        write_tps(first.game.position()),
        "2,x4/2,x4/2,x4/2,x4/1,1,1,1,1 2 5"
    );
    assert_eq!(first.comments.len(), 2);
    assert_eq!(first.comments[1], (8, "both threaten a1".to_string()));

    let second = &games[1];
    assert_eq!(second.game.position().half_komi(), 4);
    assert_eq!(second.game.moves().len(), 5);
    assert_eq!(second.result, None);
    assert_eq!(second.tag("Result"), Some("*"));
    assert_eq!(
        second
            .game
            .moves()
            .iter()
            .map(|m| move_to_ptn(*m))
            .collect::<Vec<_>>(),
        ["c3", "d4", "Sf6", "d4<", "c5"]
    );
}

#[test]
fn malformed_ptn_files_give_typed_errors() {
    let err = |text: &str| parse_ptn_games(text).expect_err(text);
    assert!(matches!(
        err("[Size \"5\"]\n1. a1 e5 2. a1"),
        PtnError::Move {
            ply: 3,
            line: 2,
            ..
        }
    ));
    assert!(matches!(
        err("[Size \"5\"]\n1. a1 e5 2. Zz9"),
        PtnError::Move { .. }
    ));
    assert!(matches!(
        err("[Size \"9\"]\n1. a1"),
        PtnError::BadTag { .. }
    ));
    assert!(matches!(
        err("[Komi \"x\"]\n[Size \"5\"]\n1. a1"),
        PtnError::BadTag { .. }
    ));
    assert!(matches!(
        err("[Player1 \"A\"]\n1. a1"),
        PtnError::MissingSize { game: 1 }
    ));
    assert!(matches!(
        err("[Size \"5\"]\n1. a1 {open"),
        PtnError::Syntax { .. }
    ));
    assert!(matches!(err("[Size \"5\"\n1. a1"), PtnError::Syntax { .. }));
    assert!(matches!(err("[Size 5]\n1. a1"), PtnError::Syntax { .. }));
    assert!(matches!(
        err("[Size \"5\"]\n1. a1 e5 R-0 c3"),
        PtnError::Syntax { .. }
    ));
    assert!(matches!(
        err("[TPS \"x5/x5 1 1\"]\n1. a1"),
        PtnError::Tps { .. }
    ));
    let road = "[Size \"5\"]\n1. a5 e1 2. d1 a4 3. c1 a3 4. b1 a2 5. a1 b5";
    assert!(matches!(err(road), PtnError::AfterEnd { .. }));
    for e in [err(road), err("[Size \"5\"]\n1. a1 e5 2. a1")] {
        assert!(e.to_string().contains("line"), "{e}");
    }
}

/// Seeded mutations of valid input: every reader must return, never panic.
#[test]
fn garbage_never_panics() {
    let mut state = 7u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let alphabet: Vec<char> = "x12SC,/ 0123456789abcdefghi+-<>*'\"!?[]{}.FRn\t"
        .chars()
        .collect();
    let seeds = [MIDGAME, TWO_GAMES, "x5/x5/x5/x5/x5 1 1", "3c3>12"];
    for round in 0..20_000 {
        let seed: Vec<char> = seeds[round % seeds.len()].chars().collect();
        let mut s = seed.clone();
        for _ in 0..=(next() % 4) {
            let at = (next() as usize) % (s.len() + 1);
            let c = alphabet[(next() as usize) % alphabet.len()];
            match next() % 3 {
                0 if at < s.len() => s[at] = c,
                1 if at < s.len() => {
                    s.remove(at);
                }
                _ => s.insert(at, c),
            }
        }
        let text: String = s.into_iter().collect();
        let _ = parse_tps(&text);
        let _ = parse_ptn_games(&text);
        for size in 3..=8 {
            let _ = parse_move(&text, size);
        }
        if let Ok(pos) = parse_tps(&text) {
            let _ = pos.result();
            let _ = write_tps(&pos);
            let _ = menhir::notation::parse_legal_move(&pos, "a1");
        }
    }
}
