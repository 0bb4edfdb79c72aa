//! A teacher for the tuner: an external TEI engine (for example Tiltak) that plays
//! the self-play games instead of Menhir, at a fixed node count per move. Its
//! games price what Menhir's own games hold too few of, such as walls.

use crate::game::Game;
use crate::moves::Move;
use crate::notation::{move_to_ptn, parse_legal_move};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// One running TEI engine, set up for one board size and komi.
pub struct Teacher {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    nodes: u64,
}

impl Teacher {
    /// Starts `path`, sets its komi, opens a game of `size` and waits until it
    /// is ready.
    pub fn start(path: &Path, size: usize, half_komi: i32, nodes: u64) -> Result<Teacher, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let input = child.stdin.take().ok_or("the teacher has no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("the teacher has no stdout")?);
        let mut teacher = Teacher {
            child,
            input,
            output,
            nodes,
        };
        teacher.send("tei")?;
        teacher.wait_for("teiok")?;
        if half_komi != 0 {
            teacher.send(&format!("setoption name HalfKomi value {half_komi}"))?;
        }
        teacher.send(&format!("teinewgame {size}"))?;
        teacher.send("isready")?;
        teacher.wait_for("readyok")?;
        Ok(teacher)
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|_| self.input.flush())
            .map_err(|e| format!("the teacher stopped reading: {e}"))
    }

    /// Reads lines until one starts with `word`; returns that line.
    fn wait_for(&mut self, word: &str) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("cannot read the teacher: {e}"))?;
            if read == 0 {
                return Err(format!("the teacher quit before '{word}'"));
            }
            if line.split_whitespace().next() == Some(word) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// The engine's move in `game`, checked for legality.
    pub fn choose(&mut self, game: &Game) -> Result<Move, String> {
        let moves: Vec<String> = game.moves().iter().map(|&m| move_to_ptn(m)).collect();
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        self.send(&position)?;
        self.send(&format!("go nodes {}", self.nodes))?;
        let line = self.wait_for("bestmove")?;
        let token = line.split_whitespace().nth(1).unwrap_or("");
        parse_legal_move(game.position(), token)
            .map_err(|e| format!("the teacher played '{token}': {e}"))
    }
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
