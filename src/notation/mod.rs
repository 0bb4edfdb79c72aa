//! Notation: PTN moves, TPS positions and PTN game files, each parsed with typed
//! errors and printed in canonical form.

mod error;
pub mod ptn_file;
pub mod ptn_move;
pub mod reserve_tags;
pub mod tps;

pub use error::{MoveError, PtnError, TpsError};
pub use ptn_file::{parse_ptn_games, PtnGame};
pub use ptn_move::{move_to_ptn, parse_legal_move, parse_move, PlayPtn};
pub use reserve_tags::reserve_tags;
pub use tps::{parse_tps, parse_tps_with, write_tps};
