//! The evaluation tuner: self-play data generation (with Menhir or a teacher
//! engine), a logistic-regression fit of the hand-built weights, written as
//! their size's file in `src/eval/weights/`; and the fit of the learned
//! correction (`net`), written into `src/eval/net_weights/`.

pub mod fit;
pub mod float_net;
pub mod logistic;
pub mod net;
pub mod net_file;
mod net_start;
pub mod paths;
pub mod progress;
pub mod selfplay;
pub mod symmetry;
mod targets;
pub mod teacher;
pub mod weights_file;
