//! `menhir-tools results check|write`: the record of results
//! (`docs/results.tsv`) and the tables of `docs/strength.md` made from it.

use clap::{Args, Subcommand};
use menhir_tools::results::{check::check, render::splice, Record};
use std::path::{Path, PathBuf};

#[derive(Args)]
pub struct ResultsArgs {
    #[command(subcommand)]
    step: Step,
    /// The record.
    #[arg(long, global = true, default_value = "docs/results.tsv")]
    record: PathBuf,
    /// The doc whose generated blocks hold the tables.
    #[arg(long, global = true, default_value = "docs/strength.md")]
    doc: PathBuf,
}

#[derive(Subcommand)]
enum Step {
    /// Check the record's rows and that the doc's tables are the record's.
    Check,
    /// Check the record's rows and write the doc's tables from it.
    Write,
}

pub fn run(args: &ResultsArgs) -> Result<(), String> {
    let record = Record::parse(&read(&args.record)?)
        .map_err(|e| format!("{}: {e}", args.record.display()))?;
    let problems = check(&record);
    if !problems.is_empty() {
        return Err(format!(
            "{} has {} problem(s):\n  {}",
            args.record.display(),
            problems.len(),
            problems.join("\n  ")
        ));
    }
    let doc = read(&args.doc)?;
    let made = splice(&doc, &record).map_err(|e| format!("{}: {e}", args.doc.display()))?;
    let tables = record.rows.iter().flat_map(|row| &row.tables).count();
    match args.step {
        Step::Check if made != doc => Err(format!(
            "the tables of {} are not the record's: run `menhir-tools results write`",
            args.doc.display()
        )),
        Step::Check => {
            println!(
                "{} rows, {tables} table entries: {} is the record's",
                record.rows.len(),
                args.doc.display()
            );
            Ok(())
        }
        Step::Write => {
            std::fs::write(&args.doc, made)
                .map_err(|e| format!("cannot write {}: {e}", args.doc.display()))?;
            println!(
                "{} rows, {tables} table entries written into {}",
                record.rows.len(),
                args.doc.display()
            );
            Ok(())
        }
    }
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}
