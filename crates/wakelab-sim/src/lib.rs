//! Wakelab's simulation core: a deterministic discrete-event model of a machine running the Linux
//! fair class's wake-up placement and CPU frequency control.
//!
//! Invariants (see ARCHITECTURE.md): no IO, no clock, no global RNG, nothing about wasm or the
//! DOM. Time is integer nanoseconds; the only randomness is the simulation's own seeded RNG.
//! The behavioural spec is shared/spec/kernel-model.md; doc comments cite its sections as `§N`.
//!
//! The public surface is what the CLI, the page, the link and interop crates, the fuzz targets
//! and this crate's own tests and benches use:
//! - [`scenario`] (`Experiment`, `Scenario`, `from_json`, validation) and [`presets`] (gallery,
//!   machines); [`experiment`] runs one point (`run_point`, `run_point_detailed`,
//!   `build_input`; errors are `RunError`); [`report`] and [`cost`] summarise and estimate;
//!   [`patch_effects`] says which seed patch changes decisions on an experiment.
//! - [`workload`] (configurations, `build`, `rtapp` import/export), [`kernel`] (versions,
//!   patches, features, `Behaviour`), [`freq`], [`topology`], [`cpumask`], [`pelt`].
//! - [`placement`] (`select_task_rq` over `SchedView`, `explain`, the `snapshot` of `wakelab
//!   decide`) and [`engine`] (`Sim`, `SimInput`, the task-behaviour language in `behaviour`,
//!   `params`, `stats`, and of the balancer `balance::snapshot` and `balance::env`).
//!
//! The internals under them (the engine's runqueues, queue, channels and views, the balancer's
//! parts, `placement::fair`, the kernel's feature and patch tables) are `pub(crate)`; their
//! public items are reached through the re-exports of their parent module.

pub mod capacity;
mod check;
pub mod cost;
pub mod cpumask;
pub mod engine;
pub mod experiment;
pub mod freq;
mod json;
pub mod kernel;
pub mod patch_effects;
pub mod pelt;
pub mod placement;
pub mod presets;
pub mod report;
pub mod scenario;
pub mod topology;
mod wide;
pub mod workload;
