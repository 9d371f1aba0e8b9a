//! Scheduler traces in: `perf script` / `trace-cmd report` text of the sched (and power)
//! tracepoints, read into a neutral event stream ([`events`]), summarised the way a scheduler
//! developer looks at a trace first ([`summary`]), and turned into a closed-loop workload in the
//! behaviour language ([`mod@derive`]). Wakelab's own simulated run becomes the same event stream
//! ([`from_sim`]), so the real and the modelled run are summarised by the same code.
//!
//! docs/interop.md ("Importing a scheduler trace") is the user guide; docs/workloads.md
//! ("Derived from a trace") describes the derivation and its limits.

pub mod derive;
pub mod events;
pub mod from_sim;
pub mod parse;
mod repair;
pub mod summary;
pub mod text;

pub use derive::{DeriveOptions, DerivedWorkload, derive_workload};
pub use events::{Event, EventKind, EventStream, TaskInfo, TraceSource, comm_group};
pub use from_sim::stream_of_point;
pub use parse::{TraceReadError, read_trace};
pub use summary::{SUMMARY_VERSION, TraceSummary, summarise};
pub use text::summary_text;
