//! PTN plies: every accepted spelling in (optional `F`, counts and drops that may be
//! omitted, a trailing `*`, marks), canonical form out (`docs/rules.md`).

use super::error::MoveError;
use crate::board::Move;
use crate::board::{Direction, PieceKind, Position, Square};
use crate::game::Game;
use crate::movegen::explain_illegal;

const EXPECTED: &str = "a placement like 'a1', 'Sb2', 'Cc3' or a spread like 'a1>', '3c3>12'";

/// The ply without its trailing marks (`'`, `"`, `!`, `?`) and `*`.
fn strip_marks(token: &str) -> &str {
    let t = token.trim_end_matches(['\'', '"', '!', '?']);
    t.strip_suffix('*').unwrap_or(t)
}

/// A square's (file, rank), 0-based, not yet checked against the board size.
fn parse_square(bytes: &[u8]) -> Option<(usize, usize)> {
    match bytes {
        [f, r] if f.is_ascii_lowercase() && (b'1'..=b'9').contains(r) => {
            Some(((f - b'a') as usize, (r - b'1') as usize))
        }
        _ => None,
    }
}

fn malformed(token: &str, expected: &'static str) -> MoveError {
    MoveError::Malformed {
        token: token.to_string(),
        expected,
    }
}

/// Reads one PTN ply for a board of `size`, checking the grammar and that every
/// square it touches is on the board. Legality in a position is not checked.
pub fn parse_move(token: &str, size: usize) -> Result<Move, MoveError> {
    let ply = strip_marks(token);
    let b = ply.as_bytes();
    let off_board = || MoveError::OffBoard {
        token: token.to_string(),
        size,
    };
    let on_board = |(file, rank): (usize, usize)| {
        (file < size && rank < size).then(|| Square::new(file, rank))
    };
    if b.is_empty() {
        return Err(malformed(token, EXPECTED));
    }
    let (kind, rest) = match b[0] {
        b'F' => (Some(PieceKind::Flat), &b[1..]),
        b'S' => (Some(PieceKind::Wall), &b[1..]),
        b'C' => (Some(PieceKind::Cap), &b[1..]),
        _ => (None, b),
    };
    if let Some(kind) = kind {
        let sq = parse_square(rest)
            .ok_or_else(|| malformed(token, "a square after the piece letter, like 'Sb2'"))?;
        return on_board(sq)
            .map(|sq| Move::place(sq, kind))
            .ok_or_else(off_board);
    }
    let (count, rest) = match b[0] {
        b'1'..=b'9' => ((b[0] - b'0') as usize, &b[1..]),
        b'0' => return Err(malformed(token, "a count from 1 to the board size")),
        _ => (0, b),
    };
    if rest.len() < 2 {
        return Err(malformed(token, EXPECTED));
    }
    let sq = parse_square(&rest[..2]).ok_or_else(|| malformed(token, EXPECTED))?;
    let sq = on_board(sq).ok_or_else(off_board)?;
    let rest = &rest[2..];
    if rest.is_empty() {
        return if count == 0 {
            Ok(Move::place(sq, PieceKind::Flat))
        } else {
            Err(malformed(
                token,
                "a direction (+ - < >) after the square of a spread",
            ))
        };
    }
    let dir = Direction::from_symbol(rest[0] as char)
        .ok_or_else(|| malformed(token, "a direction (+ - < >) after the square"))?;
    let count = if count == 0 { 1 } else { count };
    if count > size {
        return Err(malformed(token, "a count no larger than the board size"));
    }
    let mut drops: Vec<u8> = Vec::new();
    for &c in &rest[1..] {
        match c {
            b'1'..=b'9' => drops.push(c - b'0'),
            _ => return Err(malformed(token, "only drop digits 1-9 after the direction")),
        }
    }
    if drops.is_empty() {
        drops.push(count as u8);
    }
    if drops.iter().map(|&d| d as usize).sum::<usize>() != count {
        return Err(malformed(token, "drops that add up to the count"));
    }
    if drops.len() >= size {
        return Err(malformed(token, "at most size-1 drops"));
    }
    let mut s = Some(sq);
    for _ in 0..drops.len() {
        s = s.and_then(|x| x.step(dir, size));
    }
    if s.is_none() {
        return Err(off_board());
    }
    Ok(Move::spread_from_drops(sq, dir, &drops))
}

/// Reads one ply and checks that it is legal in `pos`.
pub fn parse_legal_move(pos: &Position, token: &str) -> Result<Move, MoveError> {
    let mv = parse_move(token, pos.size())?;
    if pos.is_legal(mv) {
        Ok(mv)
    } else {
        Err(MoveError::Illegal {
            token: token.to_string(),
            reason: explain_illegal(pos, mv),
        })
    }
}

/// Playing PTN plies in a `Game`: reading the token, then `Game::play`, with
/// errors that name the token.
pub trait PlayPtn {
    /// Reads a PTN ply and plays it.
    fn play_ptn(&mut self, token: &str) -> Result<Move, MoveError>;
}

impl PlayPtn for Game {
    fn play_ptn(&mut self, token: &str) -> Result<Move, MoveError> {
        let mv = parse_move(token, self.position().size())?;
        self.play(mv).map_err(|e| MoveError::Illegal {
            token: token.to_string(),
            reason: e.reason,
        })?;
        Ok(mv)
    }
}

/// The canonical PTN of a move: no `F`, count only when > 1, drops only when the
/// spread visits two or more squares, no `*`, no marks.
pub fn move_to_ptn(mv: Move) -> String {
    let sq = mv.square();
    if !mv.is_spread() {
        let prefix = match mv.kind() {
            PieceKind::Flat => "",
            PieceKind::Wall => "S",
            PieceKind::Cap => "C",
        };
        return format!("{prefix}{sq}");
    }
    let mut s = String::with_capacity(12);
    if mv.count() > 1 {
        s.push((b'0' + mv.count() as u8) as char);
    }
    s.push_str(&sq.to_string());
    s.push(mv.direction().symbol());
    if mv.drop_count() > 1 {
        for d in mv.drops() {
            s.push((b'0' + d) as char);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_agree() {
        for (a, b) in [
            ("a1", "Fa1"),
            ("a1>", "1a1>1"),
            ("3c3>", "3c3>3"),
            ("a1>", "a1>'"),
        ] {
            assert_eq!(
                parse_move(a, 5).unwrap(),
                parse_move(b, 5).unwrap(),
                "{a} {b}"
            );
        }
        for canon in ["a1", "Sc3", "Cd4", "a1>", "3c3>", "3c3>12", "5b4>212"] {
            assert_eq!(move_to_ptn(parse_move(canon, 6).unwrap()), canon);
        }
        assert_eq!(move_to_ptn(parse_move("3e5<21*'", 6).unwrap()), "3e5<21");
    }

    #[test]
    fn malformed_plies_are_rejected() {
        for bad in [
            "3b3>11", "a1>11", "9a1+", "a1d", "", "x", "Sa", "a9", "0a1>", "2a1", "a1>0",
        ] {
            assert!(parse_move(bad, 5).is_err(), "{bad}");
        }
        assert!(matches!(
            parse_move("a1<", 5),
            Err(MoveError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_move("f1", 5),
            Err(MoveError::OffBoard { .. })
        ));
    }
}
