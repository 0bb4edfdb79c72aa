//! The record of results: every match Menhir's docs report, once, one row a
//! match, in `docs/results.tsv`. `docs/strength.md`'s tables are generated
//! from it (`render`), and `check` holds each row to its own arithmetic: the
//! games add up, the Elo is the score's, a pooled row is the sum of its runs.
//!
//! The file is tab-separated text: lines starting with `#` are comments, the
//! first other line is the header naming the columns of [`COLUMNS`], in that
//! order, and every further line is a row.

pub mod check;
pub mod render;

/// The record's columns, in file order.
pub const COLUMNS: [&str; 22] = [
    "id", "date", "build", "bench", "pairing", "size", "komi", "control", "openings", "games", "w",
    "d", "l", "elo", "lo", "hi", "kind", "parts", "tables", "what", "log", "command",
];

/// How a row's games were played and counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// One match run.
    Run,
    /// Several runs pooled (their W-D-L summed, the interval recomputed).
    Pooled,
    /// A sequential test, stopped by its log-likelihood ratio or its cap.
    Sprt,
}

/// The games' wins, draws and losses, from the first-named side's view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub w: u64,
    /// Games drawn.
    pub d: u64,
    /// Games lost.
    pub l: u64,
}

impl Wdl {
    /// Games played.
    pub fn games(self) -> u64 {
        self.w + self.d + self.l
    }

    /// The score s = (W + D/2) / N.
    pub fn score(self) -> f64 {
        (self.w as f64 + self.d as f64 / 2.0) / self.games() as f64
    }
}

/// An Elo figure as printed: a signed integer, or an infinite interval end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elo {
    /// A finite value.
    Value(i64),
    /// +inf (everything won) or −inf.
    Infinite(bool),
}

impl Elo {
    /// The value as a float (±infinity for the infinite ends).
    pub fn as_f64(self) -> f64 {
        match self {
            Elo::Value(v) => v as f64,
            Elo::Infinite(true) => f64::INFINITY,
            Elo::Infinite(false) => f64::NEG_INFINITY,
        }
    }
}

impl std::fmt::Display for Elo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Elo::Value(v) if *v < 0 => write!(f, "−{}", -v),
            Elo::Value(v) => write!(f, "+{v}"),
            Elo::Infinite(true) => write!(f, "+∞"),
            Elo::Infinite(false) => write!(f, "−∞"),
        }
    }
}

/// One match of the record.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// `R1`, `R2`, …: how the docs cite the row.
    pub id: String,
    /// When the result was recorded, YYYY-MM-DD.
    pub date: String,
    /// The commit(s) of the build that played.
    pub build: String,
    /// Its bench signature, when known.
    pub bench: Option<u64>,
    /// `A vs B`, the side whose results are given first.
    pub pairing: String,
    /// Board size.
    pub size: u8,
    /// Komi in flats, as written (`2`, `0`, `2.5`).
    pub komi: String,
    /// The time control or node count.
    pub control: String,
    /// Which openings of which book.
    pub openings: String,
    /// Games played.
    pub games: u64,
    /// Wins, draws and losses, when recorded.
    pub wdl: Option<Wdl>,
    /// The Elo estimate.
    pub elo: Elo,
    /// The 95% interval's lower end.
    pub lo: Elo,
    /// The 95% interval's upper end.
    pub hi: Elo,
    /// Run, pooled or SPRT.
    pub kind: Kind,
    /// For a pooled row, the ids of its runs.
    pub parts: Vec<String>,
    /// The generated tables of `docs/strength.md` it appears in.
    pub tables: Vec<String>,
    /// What was measured, in a line.
    pub what: String,
    /// Sections of the experiment log kept in git.
    pub log: String,
    /// The command that played it.
    pub command: String,
}

/// The record's rows, in file order.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Every row.
    pub rows: Vec<Row>,
}

impl Record {
    /// Reads the record's text; an error names the line and the field.
    pub fn parse(text: &str) -> Result<Record, String> {
        let mut lines = text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'));
        let (_, header) = lines.next().ok_or("the record has no header line")?;
        let names: Vec<&str> = header.split('\t').collect();
        if names != COLUMNS {
            return Err(format!(
                "the header must name the columns {} (tab-separated); it names {}",
                COLUMNS.join(" "),
                names.join(" ")
            ));
        }
        let mut rows = Vec::new();
        for (index, line) in lines {
            let row = parse_row(line).map_err(|e| format!("line {}: {e}", index + 1))?;
            rows.push(row);
        }
        Ok(Record { rows })
    }

    /// The row with this id.
    pub fn get(&self, id: &str) -> Option<&Row> {
        self.rows.iter().find(|row| row.id == id)
    }
}

fn parse_row(line: &str) -> Result<Row, String> {
    let fields: Vec<&str> = line.split('\t').map(str::trim).collect();
    if fields.len() != COLUMNS.len() {
        return Err(format!(
            "{} fields, the header has {}",
            fields.len(),
            COLUMNS.len()
        ));
    }
    let field = |name: &str| fields[COLUMNS.iter().position(|c| *c == name).expect("a column")];
    let number = |name: &str| -> Result<u64, String> {
        field(name)
            .parse()
            .map_err(|_| format!("{name} '{}' is not a count", field(name)))
    };
    let wdl = match (field("w"), field("d"), field("l")) {
        ("", "", "") => None,
        _ => Some(Wdl {
            w: number("w")?,
            d: number("d")?,
            l: number("l")?,
        }),
    };
    let words =
        |name: &str| -> Vec<String> { field(name).split_whitespace().map(String::from).collect() };
    Ok(Row {
        id: parse_id(field("id"))?,
        date: parse_date(field("date"))?,
        build: field("build").to_string(),
        bench: match field("bench") {
            "" => None,
            _ => Some(number("bench")?),
        },
        pairing: required(field("pairing"), "pairing")?,
        size: match number("size")? {
            s @ 3..=8 => s as u8,
            s => return Err(format!("size {s} is not 3 to 8")),
        },
        komi: required(field("komi"), "komi")?,
        control: required(field("control"), "control")?,
        openings: field("openings").to_string(),
        games: number("games")?,
        wdl,
        elo: parse_elo(field("elo"), "elo")?,
        lo: parse_elo(field("lo"), "lo")?,
        hi: parse_elo(field("hi"), "hi")?,
        kind: match field("kind") {
            "run" => Kind::Run,
            "pooled" => Kind::Pooled,
            "sprt" => Kind::Sprt,
            other => return Err(format!("kind '{other}' is not run, pooled or sprt")),
        },
        parts: words("parts"),
        tables: words("tables"),
        what: required(field("what"), "what")?,
        log: field("log").to_string(),
        command: field("command").to_string(),
    })
}

fn required(value: &str, name: &str) -> Result<String, String> {
    if value.is_empty() {
        Err(format!("{name} is empty"))
    } else {
        Ok(value.to_string())
    }
}

fn parse_id(id: &str) -> Result<String, String> {
    match id.strip_prefix('R') {
        Some(n) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => Ok(id.to_string()),
        _ => Err(format!("id '{id}' is not R followed by a number")),
    }
}

fn parse_date(date: &str) -> Result<String, String> {
    let parts: Vec<&str> = date.split('-').collect();
    let shape = [4, 2, 2];
    let ok = parts.len() == 3
        && parts
            .iter()
            .zip(shape)
            .all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_digit()));
    if ok {
        Ok(date.to_string())
    } else {
        Err(format!("date '{date}' is not YYYY-MM-DD"))
    }
}

/// Reads `+216`, `-39`, `−39`, `0`, `+inf`.
pub fn parse_elo(text: &str, name: &str) -> Result<Elo, String> {
    let text = text.replace('−', "-");
    match text.as_str() {
        "+inf" | "inf" | "+∞" => return Ok(Elo::Infinite(true)),
        "-inf" | "-∞" => return Ok(Elo::Infinite(false)),
        _ => {}
    }
    text.trim_start_matches('+')
        .parse()
        .map(Elo::Value)
        .map_err(|_| format!("{name} '{text}' is not a signed whole number or +inf"))
}
