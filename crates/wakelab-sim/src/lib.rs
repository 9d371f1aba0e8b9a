//! Wakelab's simulation core: a deterministic discrete-event model of a machine running the Linux
//! fair class's wake-up placement and CPU frequency control.
//!
//! Invariants (see ARCHITECTURE.md): no IO, no clock, no global RNG, nothing about wasm or the
//! DOM. Time is integer nanoseconds; the only randomness is the simulation's own seeded RNG.
//! The behavioural spec is shared/spec/kernel-model.md; doc comments cite its sections as `§N`.

pub mod capacity;
mod check;
pub mod cost;
pub mod cpumask;
pub mod engine;
pub mod experiment;
pub mod freq;
mod json;
pub mod kernel;
pub mod pelt;
pub mod placement;
pub mod presets;
pub mod report;
pub mod scenario;
pub mod topology;
mod wide;
pub mod workload;
