//! mmtests-style statistics and the compare-mmtests text layout.
//!
//! * [`stats`]: Amean, Hmean, Gmean, standard deviations, CoeffVar, Min/Max,
//!   best-N% means, as mmtests' `Stat.pm` / `Summarise.pm` compute them.
//! * [`significance`]: `pdiff`/`pndiff` percentages and the
//!   `mean ± 1.96 σ` interval-overlap significance rule.
//! * [`compare`]: a [`Comparison`] of several kernels rendered like
//!   `compare-mmtests.pl`, plus a serialisable [`CompareReport`].
//! * [`schedstat`]: [`SisCounters`] and the `Ops SIS ...` block.
//! * [`format`](mod@format): Perl-compatible number formatting and header splitting.
//!
//! See `docs/statistics.md` for formulas and their mmtests sources.

pub mod compare;
pub mod format;
pub mod schedstat;
pub mod significance;
pub mod stats;

pub use compare::{Cell, CompareReport, Comparison, OperationSamples, ReportRow, StatKind};
pub use schedstat::{OpsBlock, OpsRow, SisCounters, SisDerived};
pub use significance::{PctOp, is_significant, mean_interval, pdiff, pndiff};
pub use stats::{Direction, Summary};
