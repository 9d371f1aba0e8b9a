//! The discrete-event engine (issue 3): CPUs, runqueues, tasks, PELT, idle states, load
//! balancing, interrupts, and the task-behaviour language that workloads are written in.
//!
//! Determinism: integer-nanosecond time, one seeded RNG owned by the simulation ([`Sim`]),
//! a (time, seq) ordered event queue with FIFO ties, no hash-map iteration.

pub mod balance;
pub mod behaviour;
pub(crate) mod channel;
mod error;
pub mod params;
pub(crate) mod queue;
pub(crate) mod rq;
pub mod sim;
pub mod stats;
pub(crate) mod task;
pub(crate) mod view;

pub use behaviour::{
    Amount, Inbox, IoCompletion, IrqRoute, Op, Phase, SchedClass, TaskRef, TaskSpec,
};
pub use channel::{
    PIPE_EMPTY_READ_CYCLES, TCP_EMPTY_READ_CYCLES, TCP_LOOPBACK_NET_RX_CYCLES,
    TCP_LOOPBACK_NET_RX_LOCAL_CYCLES, UNIX_EMPTY_READ_CYCLES,
};
pub use error::{InvariantViolation, ProgramError, SimInputError};
pub use params::EngineParams;
pub use queue::{EventQueue, Nanos};
pub use sim::{Sim, SimInput, StopReason};
pub use stats::{
    FreqSample, Histogram, PlainWake, RunStats, ShadowStats, TimelineSeg, WakePreempt, WakeRecord,
};
pub use task::TaskId;

/// A periodic interrupt source (ping flood, timer storm) on one CPU.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct IrqSource {
    pub cpu: crate::cpumask::Cpu,
    pub period_ns: u64,
    pub duration_ns: u64,
}

/// Most tasks one run may have (initial + forked). See docs/limits.md.
pub const MAX_TASKS: usize = 65_536;
