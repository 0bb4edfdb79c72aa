//! Annotating whole games (to come).
