//! Draws a position for people: one row per rank (top rank first), each stack
//! bottom to top as `1` (White) and `2` (Black) with `S`/`C` for a wall or
//! capstone on top, coloured by who controls it when the output is a terminal.

use menhir::board::{Color, Position, Square};
use menhir::notation::tps::stack_text;
use std::fmt::Write;

const RESET: &str = "\x1b[0m";
const WHITE_TOP: &str = "\x1b[1;33m";
const BLACK_TOP: &str = "\x1b[1;36m";

fn cell_text(pos: &Position, sq: Square) -> (String, Option<Color>) {
    let Some((color, kind)) = pos.top(sq) else {
        return (".".to_string(), None);
    };
    (stack_text(pos, sq, kind), Some(color))
}

/// The board and a summary as text lines; `colour` adds ANSI colours.
pub fn render(pos: &Position, colour: bool) -> Vec<String> {
    let n = pos.size();
    let cells: Vec<Vec<(String, Option<Color>)>> = (0..n)
        .rev()
        .map(|rank| {
            (0..n)
                .map(|file| cell_text(pos, Square::new(file, rank)))
                .collect()
        })
        .collect();
    let width = cells
        .iter()
        .flatten()
        .map(|(t, _)| t.len())
        .max()
        .unwrap_or(1)
        .max(2);
    let mut lines = Vec::new();
    for (r, row) in cells.iter().enumerate() {
        let mut line = format!("{:>2} ", n - r);
        for (text, owner) in row {
            let padded = format!(" {text:<width$}");
            match (colour, owner) {
                (true, Some(Color::White)) => {
                    let _ = write!(line, "{WHITE_TOP}{padded}{RESET}");
                }
                (true, Some(Color::Black)) => {
                    let _ = write!(line, "{BLACK_TOP}{padded}{RESET}");
                }
                _ => line.push_str(&padded),
            }
        }
        lines.push(line);
    }
    let mut files = String::new();
    for f in 0..n {
        let _ = write!(files, " {:<width$}", (b'a' + f as u8) as char);
    }
    lines.push(format!("   {files}"));
    let side = |c: Color| {
        format!(
            "{}: {} flats on top, reserve {} stones + {} caps",
            if c == Color::White {
                "White (1)"
            } else {
                "Black (2)"
            },
            pos.flats(c).count(),
            pos.stones(c),
            pos.capstones(c)
        )
    };
    lines.push(String::new());
    lines.push(format!("TPS {}", menhir::notation::write_tps(pos)));
    lines.push(side(Color::White));
    lines.push(side(Color::Black));
    lines.push(format!(
        "Komi {}, move {}, {} to move. Stacks read bottom to top; S = wall, C = capstone.",
        pos.half_komi() as f64 / 2.0,
        pos.move_number(),
        if pos.to_move() == Color::White {
            "White"
        } else {
            "Black"
        }
    ));
    lines
}
