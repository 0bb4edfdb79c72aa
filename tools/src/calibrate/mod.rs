//! Calibrating what the engine reports: games that record the search's score at
//! every position with the game's outcome and final flat margin (`gen`), and the
//! fit of the per-size model that turns a score into honest win/draw/loss
//! probabilities and a `cp` in flats (`fit`), with its figures (calibration error,
//! Brier score) and a reliability diagram (`plot`).

pub mod fit;
pub mod gen;
pub mod plot;
pub mod table;
