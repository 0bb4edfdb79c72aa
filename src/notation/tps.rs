//! TPS: reads both the `x3` and the `x,x,x` spellings and every error of
//! `docs/rules.md`; writes the compact form with merged empty runs.

use super::error::TpsError;
use crate::board::{Color, PieceKind, Position, Reserves, Square, MAX_SIZE, MIN_SIZE};
use std::fmt::Write;

/// One parsed cell: a run of empty squares, or one stack.
enum Cell {
    Empty(usize),
    Stack(Vec<Color>, PieceKind),
}

fn parse_cell(cell: &str, row: usize) -> Result<Cell, TpsError> {
    let bad = |reason| TpsError::BadCell {
        row,
        cell: cell.to_string(),
        reason,
    };
    if let Some(run) = cell.strip_prefix('x') {
        if run.is_empty() {
            return Ok(Cell::Empty(1));
        }
        return match run.parse::<usize>() {
            // A run longer than the board is reported as the row's width.
            Ok(n) if (1..=MAX_SIZE).contains(&n) => Ok(Cell::Empty(n)),
            _ => Err(bad("'x' must be followed by a count of empty squares")),
        };
    }
    if cell.is_empty() {
        return Err(bad("empty cell; use 'x' for an empty square"));
    }
    let mut colors = Vec::with_capacity(cell.len());
    let mut kind = PieceKind::Flat;
    let bytes = cell.as_bytes();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'1' | b'2' if kind == PieceKind::Flat => colors.push(Color::from_bit(c == b'2')),
            b'S' | b'C' if i + 1 == bytes.len() && !colors.is_empty() => {
                kind = if c == b'S' {
                    PieceKind::Wall
                } else {
                    PieceKind::Cap
                };
            }
            b'S' | b'C' => return Err(bad("'S' or 'C' may only follow the last digit of a stack")),
            _ => return Err(bad("a stack is digits 1 and 2, bottom to top, then S or C")),
        }
    }
    Ok(Cell::Stack(colors, kind))
}

/// Reads a TPS string for a game with the size's standard reserves. The board
/// size is the number of rows.
pub fn parse_tps(tps: &str) -> Result<Position, TpsError> {
    parse_tps_with(tps, &|n| {
        Reserves::standard(n).expect("parse_tps_with asks only for supported sizes")
    })
}

/// Reads a TPS string for a game whose players started with `reserves(size)`
/// (TPS itself carries no piece counts): a colour with more pieces on the board
/// than that is an error.
pub fn parse_tps_with(
    tps: &str,
    reserves: &dyn Fn(usize) -> Reserves,
) -> Result<Position, TpsError> {
    let fields: Vec<&str> = tps.split_whitespace().collect();
    if fields.len() != 3 {
        return Err(TpsError::FieldCount(fields.len()));
    }
    let rows: Vec<&str> = fields[0].split('/').collect();
    let size = rows.len();
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return Err(TpsError::UnsupportedSize(size));
    }
    let mut stacks = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        let rank = size - 1 - r;
        let mut file = 0;
        for cell in row.split(',') {
            match parse_cell(cell, r + 1)? {
                Cell::Empty(n) => file += n,
                Cell::Stack(colors, kind) => {
                    if file < size {
                        stacks.push((Square::new(file, rank), colors, kind));
                    }
                    file += 1;
                }
            }
        }
        if file != size {
            return Err(TpsError::RowWidth {
                row: r + 1,
                expected: size,
                found: file,
            });
        }
    }
    let to_move = match fields[1] {
        "1" => Color::White,
        "2" => Color::Black,
        t => return Err(TpsError::BadTurn(t.to_string())),
    };
    let move_number = match fields[2].parse::<u32>() {
        Ok(m) if (1..=1_000_000).contains(&m) => m,
        _ => return Err(TpsError::BadMoveNumber(fields[2].to_string())),
    };
    let ply = 2 * (move_number - 1) + to_move as u32;
    Position::from_stacks(size, reserves(size), &stacks, to_move, ply)
        .map_err(TpsError::TooManyPieces)
}

/// A stack as TPS writes it: colour digits bottom to top, then `S` or `C`.
pub fn stack_text(pos: &Position, sq: Square, kind: PieceKind) -> String {
    let mut cell: String = (0..pos.height(sq))
        .map(|h| pos.color_at(sq, h).digit())
        .collect();
    match kind {
        PieceKind::Wall => cell.push('S'),
        PieceKind::Cap => cell.push('C'),
        PieceKind::Flat => {}
    }
    cell
}

/// Writes the compact TPS of `pos` (empty runs merged as `xN`).
pub fn write_tps(pos: &Position) -> String {
    let n = pos.size();
    let mut out = String::with_capacity(n * n * 2 + 8);
    for rank in (0..n).rev() {
        let mut cells: Vec<String> = Vec::with_capacity(n);
        let mut run = 0;
        for file in 0..n {
            let sq = Square::new(file, rank);
            let Some((_, kind)) = pos.top(sq) else {
                run += 1;
                continue;
            };
            if run > 0 {
                cells.push(if run == 1 {
                    "x".into()
                } else {
                    format!("x{run}")
                });
                run = 0;
            }
            cells.push(stack_text(pos, sq, kind));
        }
        if run > 0 {
            cells.push(if run == 1 {
                "x".into()
            } else {
                format!("x{run}")
            });
        }
        out.push_str(&cells.join(","));
        if rank > 0 {
            out.push('/');
        }
    }
    let turn = pos.to_move().digit();
    let _ = write!(out, " {turn} {}", pos.move_number());
    out
}
