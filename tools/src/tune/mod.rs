//! The evaluation tuner: self-play data generation and a logistic-regression fit
//! of the weights, written back into the weights module; and the fit of the
//! learned correction (`net`), written into `eval/net_weights/`.

pub mod fit;
pub mod net;
pub mod net_file;
pub mod progress;
pub mod selfplay;
pub mod teacher;
pub mod weights_file;
