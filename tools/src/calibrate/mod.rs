//! Calibrating what the engine reports: games that record the search's score at
//! every position with the game's outcome and final flat margin (`gen`), and the
//! fit of the per-size model that turns a score into honest win/draw/loss
//! probabilities and a `cp` in flats (`fit`), with its figures (calibration error,
//! Brier score) and a reliability diagram (`plot`); and how steady the reported
//! expected score is over finished games, replayed through the engine
//! (`replay`), as PTN Ninja's evaluation bar and Analyze Game marks show it
//! (`steadiness`), with how far its zigzag figure can be trusted (`bootstrap`),
//! how far such a reading leans toward the side to move by the search's
//! depth (`lean`), and how much of each read an analysis keeps from one ply to
//! the next (`gain`).

pub mod bootstrap;
pub mod fit;
pub mod gain;
pub mod gen;
pub mod lean;
pub mod plot;
pub mod replay;
pub mod scored;
pub mod steadiness;
pub mod table;
