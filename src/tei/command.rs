//! TEI commands: one input line into a typed command (`docs/tei.md`). Tolerates
//! `\r\n`, surrounding blanks and runs of spaces or tabs.

use crate::search::Limits;

/// A parsed client line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `tei`: identify and list the options.
    Tei,
    /// `isready`: answer `readyok` once ready.
    IsReady,
    /// `setoption name <name> [value <value>]`.
    SetOption {
        /// The option's name (words joined by single spaces).
        name: String,
        /// The value text, if any.
        value: Option<String>,
    },
    /// `teinewgame N` (`half_komi` None) or `teinewgame size N [halfkomi K]`
    /// (`half_komi` Some, 0 when absent). `size` None when missing or unreadable.
    NewGame {
        /// The board size.
        size: Option<usize>,
        /// The half-komi of the `size` dialect.
        half_komi: Option<i32>,
    },
    /// `position startpos|tps <3 fields> [moves ...]`.
    Position {
        /// The TPS, or `None` for `startpos`.
        tps: Option<String>,
        /// The plies after it, as written.
        moves: Vec<String>,
    },
    /// `go` with its limits.
    Go(Limits),
    /// A `position` line that cannot be read, with the reason: the engine then
    /// holds no position until a good one arrives.
    BadPosition(String),
    /// `stop`: end the search and send `bestmove`.
    Stop,
    /// `quit`: end the session.
    Quit,
    /// An empty line: skipped silently.
    Empty,
    /// Anything else, with the reason it was not understood.
    Unknown(String),
}

impl Command {
    /// True for the commands that end a running search before they are
    /// handled (`docs/tei.md`): everything but `tei`, `isready`, empty lines
    /// and lines not understood, which are answered while it runs.
    pub fn ends_search(&self) -> bool {
        !matches!(
            self,
            Command::Tei | Command::IsReady | Command::Empty | Command::Unknown(_)
        )
    }
}

/// Parses one line.
pub fn parse(line: &str) -> Command {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(&first) = words.first() else {
        return Command::Empty;
    };
    let rest = &words[1..];
    match first {
        "tei" => Command::Tei,
        "isready" => Command::IsReady,
        "setoption" => parse_setoption(rest),
        "teinewgame" => parse_newgame(rest),
        "position" => parse_position(rest),
        "go" => Command::Go(parse_go(rest)),
        "stop" => Command::Stop,
        "quit" => Command::Quit,
        _ => Command::Unknown(format!("unknown command '{first}'")),
    }
}

fn parse_setoption(words: &[&str]) -> Command {
    if words.first() != Some(&"name") {
        return Command::Unknown("setoption needs 'name <name> [value <value>]'".into());
    }
    let value_at = words.iter().position(|w| *w == "value");
    let name_words = &words[1..value_at.unwrap_or(words.len())];
    if name_words.is_empty() {
        return Command::Unknown("setoption has an empty name".into());
    }
    Command::SetOption {
        name: name_words.join(" "),
        value: value_at.map(|i| words[i + 1..].join(" ")),
    }
}

fn parse_newgame(words: &[&str]) -> Command {
    let number = |w: Option<&&str>| w.and_then(|w| w.parse::<i64>().ok());
    match words.first() {
        Some(&"size") => {
            let size = number(words.get(1)).and_then(|n| usize::try_from(n).ok());
            let mut half_komi = 0;
            let mut i = 2;
            while i < words.len() {
                if words[i] == "halfkomi" || words[i] == "komi" {
                    if words[i] == "komi" {
                        log::warn!(
                            "teinewgame: reading 'komi {0}' as 'halfkomi {0}'",
                            words.get(i + 1).unwrap_or(&"")
                        );
                    }
                    match number(words.get(i + 1)).and_then(|k| i32::try_from(k).ok()) {
                        Some(k) => half_komi = k,
                        None => log::warn!("teinewgame: bad half-komi, using 0"),
                    }
                    i += 1;
                }
                i += 1;
            }
            Command::NewGame {
                size,
                half_komi: Some(half_komi),
            }
        }
        w => Command::NewGame {
            size: number(w).and_then(|n| usize::try_from(n).ok()),
            half_komi: None,
        },
    }
}

/// The most plies a `position` line may list: far beyond any real game (long
/// games run to a few hundred plies), and a bound on the work one line asks for.
pub const MAX_POSITION_PLIES: usize = 10_000;

fn parse_position(words: &[&str]) -> Command {
    let (tps, rest) = match words.first() {
        Some(&"startpos") => (None, &words[1..]),
        Some(&"tps") if words.len() >= 4 => (Some(words[1..4].join(" ")), &words[4..]),
        Some(&"tps") => return Command::BadPosition("position tps needs three TPS fields".into()),
        _ => return Command::BadPosition("position needs 'startpos' or 'tps <TPS>'".into()),
    };
    let moves = match rest.first() {
        None => Vec::new(),
        Some(&"moves") if rest.len() - 1 > MAX_POSITION_PLIES => {
            return Command::BadPosition(format!(
                "position lists {} plies, more than {MAX_POSITION_PLIES}",
                rest.len() - 1
            ))
        }
        Some(&"moves") => rest[1..].iter().map(|m| (*m).to_string()).collect(),
        Some(other) => {
            return Command::BadPosition(format!("position: expected 'moves', found '{other}'"))
        }
    };
    Command::Position { tps, moves }
}

fn parse_go(words: &[&str]) -> Limits {
    let mut limits = Limits::default();
    let mut i = 0;
    while i < words.len() {
        let value = words.get(i + 1).and_then(|w| w.parse::<u64>().ok());
        let slot = match words[i] {
            "wtime" => Some(&mut limits.wtime),
            "btime" => Some(&mut limits.btime),
            "winc" => Some(&mut limits.winc),
            "binc" => Some(&mut limits.binc),
            "movetime" => Some(&mut limits.movetime),
            "nodes" => Some(&mut limits.nodes),
            "depth" => {
                limits.depth = value.map(|d| d.clamp(1, 1000) as u32);
                None
            }
            "infinite" => {
                limits.infinite = true;
                None
            }
            "solved" => {
                limits.solved = true;
                None
            }
            "movestogo" => None,
            other => {
                log::warn!("go: ignoring unknown keyword '{other}'");
                None
            }
        };
        if let Some(slot) = slot {
            *slot = value;
        }
        // Skip the number after any keyword (known or not).
        i += if value.is_some() { 2 } else { 1 };
    }
    limits
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_the_protocol_lines() {
        assert_eq!(parse("  tei\r"), Command::Tei);
        assert_eq!(parse(""), Command::Empty);
        assert_eq!(
            parse("setoption name Hash value 128"),
            Command::SetOption {
                name: "Hash".into(),
                value: Some("128".into())
            }
        );
        assert_eq!(
            parse("teinewgame size 6 halfkomi 4"),
            Command::NewGame {
                size: Some(6),
                half_komi: Some(4)
            }
        );
        assert_eq!(
            parse("teinewgame 5"),
            Command::NewGame {
                size: Some(5),
                half_komi: None
            }
        );
        assert_eq!(
            parse("position startpos moves "),
            Command::Position {
                tps: None,
                moves: vec![]
            }
        );
        let Command::Go(l) = parse("go wtime 100 btime 200 winc 1 binc 2 frob 7 depth 3") else {
            panic!("not go");
        };
        assert_eq!(
            (l.wtime, l.btime, l.winc, l.binc, l.depth),
            (Some(100), Some(200), Some(1), Some(2), Some(3))
        );
        assert!(matches!(parse("position tps x5"), Command::BadPosition(_)));
        assert!(matches!(parse("position frob"), Command::BadPosition(_)));
        assert!(matches!(parse("uci"), Command::Unknown(_)));
    }
}
