//! Menhir's tools, outside the engine: the evaluation tuner (self-play data,
//! a teacher engine driver, the weight fit, the learned correction's fit and
//! the files they write), the opening-book maker, a fixed-node match judge
//! and the record of results. They use only the public API of the `menhir`
//! library: `Engine` for every search, `eval::tuning` for what the fits need
//! of the evaluation.

pub mod book;
pub mod calibrate;
pub mod judge;
pub mod results;
pub mod tune;
