//! PTN plies on a real game: the first byte picks the size, the rest is a list
//! of plies played one by one from the start; each is legal and played, or
//! refused with an error, and a ply that is played writes back to a ply that
//! reads as the same move.
#![no_main]

use libfuzzer_sys::fuzz_target;
use menhir::notation::{move_to_ptn, parse_legal_move, parse_move, PlayPtn};
use menhir::{Game, Position};

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else { return };
    let size = 3 + usize::from(first % 6);
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut game = Game::new(Position::start(size).expect("sizes 3-8"));
    for token in text.split_whitespace().take(500) {
        let _ = parse_move(token, size);
        match parse_legal_move(game.position(), token) {
            Ok(mv) => {
                let written = move_to_ptn(mv);
                assert_eq!(parse_move(&written, size).ok(), Some(mv));
                if game.play_ptn(token).is_err() {
                    break;
                }
            }
            Err(_) => {
                assert!(game.play_ptn(token).is_err());
            }
        }
    }
});
