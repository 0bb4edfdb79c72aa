//! The clock every search reads. Natively it is `std::time::Instant`; in a
//! browser (wasm32) the standard clock panics, and web-time reads
//! `performance.now()` behind the same API.

#[cfg(not(target_arch = "wasm32"))]
pub use std::time::Instant;
#[cfg(target_arch = "wasm32")]
pub use web_time::Instant;
