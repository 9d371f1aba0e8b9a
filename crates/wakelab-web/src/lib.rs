//! The browser playground.
