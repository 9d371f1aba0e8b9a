//! Interop with the tools scheduler developers already use. Pure functions on plain data (no IO,
//! no clock), so the CLI and the browser call the same code:
//!
//! * [`trace`]: one simulated run as a Chrome trace-event JSON document that ui.perfetto.dev and
//!   chrome://tracing open ([`trace::chrome_trace`]).
//! * [`measured`]: measured results in: `compare-mmtests.pl` text output, its `--json-export`
//!   file (plain or gzip'ed) and a simple CSV, parsed defensively into [`MeasuredResults`]
//!   ([`measured::parse_measured`]).
//! * [`overlay`]: measured results next to a simulated [`ExperimentReport`]: side-by-side text
//!   for the CLI and `(measured)` series for plots.
//! * [`rtapp`]: a workload of an experiment as rt-app JSON (wrapping `workload::rtapp`).
//!
//! See `docs/interop.md` for the guide and the format choices.
//!
//! [`ExperimentReport`]: wakelab_sim::report::ExperimentReport

pub mod gz;
pub mod measured;
pub mod overlay;
pub mod rtapp;
pub mod sched_trace;
pub mod trace;
pub mod validate;

pub use measured::{
    InputFormat, MeasuredResults, MeasuredRow, ParseError, parse_measured, parse_measured_bytes,
};
pub use overlay::{MeasuredSeries, measured_series, side_by_side_text};
pub use trace::{TraceError, TraceOptions, chrome_trace, chrome_trace_with};
