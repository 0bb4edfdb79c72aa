//! A teacher for the tuner: an external TEI engine (for example Tiltak) that plays
//! the self-play games instead of Menhir, at a fixed node count per move. Its
//! games price what Menhir's own games hold too few of, such as walls.

use menhir::board::Move;
use menhir::game::Game;
use menhir::notation::{move_to_ptn, parse_legal_move};
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
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the teacher stopped reading: {e}"))
    }

    /// Reads lines until one starts with `word`; returns that line.
    fn wait_for(&mut self, word: &str) -> Result<String, String> {
        self.wait_for_any(&[word])
    }

    /// Reads lines until one starts with one of `words`; returns that line.
    fn wait_for_any(&mut self, words: &[&str]) -> Result<String, String> {
        let mut line = String::new();
        loop {
            line.clear();
            let read = self
                .output
                .read_line(&mut line)
                .map_err(|e| format!("cannot read the teacher: {e}"))?;
            if read == 0 {
                return Err(format!("the teacher quit before '{}'", words[0]));
            }
            let first = line.split_whitespace().next().unwrap_or("");
            if words.contains(&first) {
                return Ok(line.trim().to_string());
            }
        }
    }

    /// The engine's move in `game`, checked for legality, and its last reported
    /// win probability for the side to move (from `info … wdl W D L`, if it
    /// reports one; Tiltak does).
    pub fn choose(&mut self, game: &Game) -> Result<(Move, Option<f64>), String> {
        let moves: Vec<String> = game.moves().iter().map(|&m| move_to_ptn(m)).collect();
        let position = if moves.is_empty() {
            "position startpos".to_string()
        } else {
            format!("position startpos moves {}", moves.join(" "))
        };
        self.send(&position)?;
        self.send(&format!("go nodes {}", self.nodes))?;
        let mut win = None;
        let line = loop {
            let line = self.wait_for_any(&["bestmove", "info"])?;
            if line.starts_with("bestmove") {
                break line;
            }
            win = wdl_probability(&line).or(win);
        };
        let token = line.split_whitespace().nth(1).unwrap_or("");
        let mv = parse_legal_move(game.position(), token)
            .map_err(|e| format!("the teacher played '{token}': {e}"))?;
        Ok((mv, win))
    }
}

/// The win probability in an `info` line's `wdl W D L` (permille for the side
/// to move, usually permille): (W + D/2) / (W + D + L), if the three numbers
/// are there, none negative, and their sum above zero.
pub fn wdl_probability(line: &str) -> Option<f64> {
    let mut words = line.split_whitespace();
    words.find(|&w| w == "wdl")?;
    let mut next = || words.next()?.parse::<f64>().ok().filter(|v| *v >= 0.0);
    let (w, d, l) = (next()?, next()?, next()?);
    let total = w + d + l;
    (total > 0.0).then(|| (w + d / 2.0) / total)
}

impl Drop for Teacher {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}
