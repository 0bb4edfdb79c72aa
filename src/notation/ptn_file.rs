//! PTN game files: tag pairs, movetext with move numbers, comments, marks and
//! results, several games per file, a `TPS` tag for a non-standard start and the
//! `Flats`/`Caps` tags for custom reserves.

use super::error::PtnError;
use super::ptn_move::PlayPtn;
use super::reserve_tags::reserves_from_tags;
use super::tps::parse_tps_with;
use crate::board::{Position, Reserves, MAX_SIZE, MIN_SIZE};
use crate::game::Game;

/// One game read from a PTN file, its plies played and checked.
#[derive(Clone, Debug)]
pub struct PtnGame {
    /// Tags in file order (unknown ones kept).
    pub tags: Vec<(String, String)>,
    /// The game, with every ply played.
    pub game: Game,
    /// The result token, if the movetext has one.
    pub result: Option<String>,
    /// Comments with the number of plies played before each.
    pub comments: Vec<(usize, String)>,
}

impl PtnGame {
    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

enum Token {
    Tag(String, String),
    Comment(String),
    Word(String),
}

const RESULTS: [&str; 10] = [
    "R-0", "0-R", "F-0", "0-F", "1-0", "0-1", "1/2-1/2", "0-0", "1/2", "*",
];

/// Splits the text into tags, comments and words, each with its 1-based line.
fn tokenize(text: &str) -> Result<Vec<(usize, Token)>, PtnError> {
    let mut out = Vec::new();
    let mut chars = text.chars().peekable();
    let mut line = 1;
    while let Some(&c) = chars.peek() {
        let start = line;
        match c {
            '\n' => {
                line += 1;
                chars.next();
            }
            c if c.is_whitespace() => {
                chars.next();
            }
            '[' => {
                chars.next();
                let mut body = String::new();
                let mut in_quotes = false;
                loop {
                    let Some(c) = chars.next() else {
                        return Err(syntax(start, &body, "a tag closed by ']'"));
                    };
                    match c {
                        '\\' if in_quotes => body.extend(chars.next()),
                        '"' => {
                            in_quotes = !in_quotes;
                            body.push('\u{0}');
                        }
                        ']' if !in_quotes => break,
                        '\n' => {
                            line += 1;
                            body.push(' ');
                        }
                        c => body.push(c),
                    }
                }
                out.push((start, parse_tag(&body, start)?));
            }
            '{' => {
                chars.next();
                let mut body = String::new();
                loop {
                    match chars.next() {
                        None => return Err(syntax(start, "{", "a comment closed by '}'")),
                        Some('}') => break,
                        Some(c) => {
                            line += (c == '\n') as usize;
                            body.push(c);
                        }
                    }
                }
                out.push((start, Token::Comment(body.trim().to_string())));
            }
            _ => {
                let mut word = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || c == '{' || c == '[' {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                out.push((start, Token::Word(word)));
            }
        }
    }
    Ok(out)
}

fn syntax(line: usize, token: &str, expected: &'static str) -> PtnError {
    PtnError::Syntax {
        line,
        token: token.replace('\u{0}', "\""),
        expected,
    }
}

/// `Name\0value\0` (quotes marked by NUL during tokenizing) into a tag.
fn parse_tag(body: &str, line: usize) -> Result<Token, PtnError> {
    let expected = "a tag like [Name \"value\"]";
    let (name, rest) = body
        .split_once('\u{0}')
        .ok_or_else(|| syntax(line, body, expected))?;
    let name = name.trim();
    let (value, tail) = rest
        .split_once('\u{0}')
        .ok_or_else(|| syntax(line, body, expected))?;
    let name_ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !name_ok || !tail.trim().is_empty() {
        return Err(syntax(line, body, expected));
    }
    Ok(Token::Tag(name.to_string(), value.to_string()))
}

/// A move-number token (`12.` or `12...`), possibly glued to a ply (`12.a1`):
/// returns the ply part, empty when there is none.
fn strip_move_number(word: &str) -> Option<&str> {
    let digits = word.len() - word.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 || !word[digits..].starts_with('.') {
        return None;
    }
    Some(word[digits..].trim_start_matches('.'))
}

/// Builds the starting game from the tags: `Size`, `TPS`, `Komi`, and the
/// reserve tags (`reserve_tags.rs`).
fn start_game(tags: &[(String, String)], game_no: usize, line: usize) -> Result<Game, PtnError> {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim())
    };
    let bad_tag = |name: &str, value: &str, expected| PtnError::BadTag {
        line,
        name: name.to_string(),
        value: value.to_string(),
        expected,
    };
    let size = match get("Size") {
        Some(v) => Some(
            v.parse::<usize>()
                .ok()
                .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
                .ok_or_else(|| bad_tag("Size", v, "a board size from 3 to 8"))?,
        ),
        None => None,
    };
    let tps = get("TPS").filter(|v| !v.is_empty());
    let rows = tps
        .and_then(|t| t.split_whitespace().next())
        .map(|b| b.split('/').count());
    let sized = size.or(rows).filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n));
    let reserves = match sized {
        Some(n) => Some(
            reserves_from_tags(&get, n)
                .map_err(|(name, value, expected)| bad_tag(&name, &value, expected))?,
        ),
        None => None,
    };
    let reserves_for = |n: usize| match reserves {
        Some(r) if sized == Some(n) => r,
        _ => Reserves::standard(n).expect("the TPS reader asks for supported sizes"),
    };
    let mut position = match tps {
        Some(tps) => {
            let p = parse_tps_with(tps, &reserves_for).map_err(|error| PtnError::Tps {
                game: game_no,
                error,
            })?;
            if size.is_some_and(|n| n != p.size()) {
                return Err(bad_tag(
                    "TPS",
                    tps,
                    "a position of the size in the Size tag",
                ));
            }
            p
        }
        None => {
            let n = size.ok_or(PtnError::MissingSize { game: game_no })?;
            Position::start_with(n, reserves_for(n)).expect("size checked to be a supported one")
        }
    };
    if let Some(k) = get("Komi") {
        let komi: f64 = k
            .parse()
            .ok()
            .filter(|x: &f64| x.is_finite() && (x * 2.0).fract() == 0.0 && x.abs() <= 100.0)
            .ok_or_else(|| bad_tag("Komi", k, "a komi in flats, a multiple of 0.5"))?;
        position.set_half_komi((komi * 2.0) as i32);
    }
    Ok(Game::new(position))
}

/// Reads every game of a PTN file, playing and checking each ply.
pub fn parse_ptn_games(text: &str) -> Result<Vec<PtnGame>, PtnError> {
    let mut games = Vec::new();
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut current: Option<PtnGame> = None;
    let mut last_line = 1;
    for (line, token) in tokenize(text)? {
        last_line = line;
        match token {
            Token::Tag(name, value) => {
                if let Some(done) = current.take() {
                    games.push(done);
                }
                tags.push((name, value));
            }
            Token::Comment(text) => {
                if let Some(g) = current.as_mut() {
                    g.comments.push((g.game.moves().len(), text));
                }
            }
            Token::Word(word) => {
                if current.is_none() {
                    let game = start_game(&tags, games.len() + 1, line)?;
                    current = Some(PtnGame {
                        tags: std::mem::take(&mut tags),
                        game,
                        result: None,
                        comments: Vec::new(),
                    });
                }
                let g = current.as_mut().expect("created above");
                read_word(g, &word, line)?;
            }
        }
    }
    if let Some(done) = current.take() {
        games.push(done);
    } else if !tags.is_empty() {
        let game = start_game(&tags, games.len() + 1, last_line)?;
        games.push(PtnGame {
            tags,
            game,
            result: None,
            comments: Vec::new(),
        });
    }
    Ok(games)
}

/// Handles one movetext word: a move number, a result or a ply.
fn read_word(g: &mut PtnGame, word: &str, line: usize) -> Result<(), PtnError> {
    if g.result.is_some() {
        return Err(syntax(
            line,
            word,
            "a tag starting the next game after the result",
        ));
    }
    if RESULTS.contains(&word) {
        g.result = Some(word.to_string());
        return Ok(());
    }
    let ply = strip_move_number(word).unwrap_or(word);
    if ply.is_empty() {
        return Ok(());
    }
    if g.game.result().is_some() {
        return Err(PtnError::AfterEnd {
            line,
            token: ply.to_string(),
        });
    }
    let ply_no = g.game.moves().len() + 1;
    g.game
        .play_ptn(ply)
        .map(|_| ())
        .map_err(|error| PtnError::Move {
            line,
            ply: ply_no,
            error,
        })
}
