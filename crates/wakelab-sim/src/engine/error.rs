//! The engine's errors: a task program that does not compile ([`ProgramError`]), an input the
//! engine refuses ([`SimInputError`]) and a broken invariant after a run ([`InvariantViolation`]).

use crate::scenario::ScenarioError;

/// Why a task program (a phase list) does not compile; `Display` is the message users see,
/// naming the step's field from the step's kind on (`recv.bytes: must be ...`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProgramError {
    /// A step's field is outside its range: `field` is its path from the step's kind
    /// (`run.cycles`, `send.bytes`, `recv.inbox`, `inbox.pages`, ...).
    #[error("{field}: {message}")]
    Field {
        field: &'static str,
        message: String,
    },
    /// A `wake` or `send` (`step`) names a task that does not exist.
    #[error("{step}: task {task} does not exist ({n_tasks} tasks)")]
    NoSuchTask {
        step: &'static str,
        task: u32,
        n_tasks: u32,
    },
    /// A per-CPU `wake` or `send` (`step`) starts beyond the last task.
    #[error("{step}: per-CPU tasks from {base} do not exist")]
    NoSuchPerCpuTasks { step: &'static str, base: u32 },
    #[error("fork: template {template} does not exist")]
    NoSuchTemplate { template: u32 },
    #[error("barrier.parties must be at least 1")]
    NoBarrierParties,
    /// A `syscall` block holds a step one call cannot (a loop, fork, exec, barrier, exit or
    /// another call).
    #[error(
        "syscall.body: {step} cannot be part of a system call here (allowed: run, wake, wait, sleep, send, recv, io, io_wait, cond_resched, commit_wait, flush_workqueue, ops)"
    )]
    NotInSyscall { step: &'static str },
    /// A step that only means something in kernel mode (`cond_resched`) outside a `syscall`.
    #[error("{step}: only inside a syscall block (a preemption point of kernel mode)")]
    OutsideSyscall { step: &'static str },
    #[error("loops nest deeper than {max}")]
    TooDeep { max: usize },
    /// The compiled program (with its final exit) has more than `max` steps.
    #[error("program has {steps} steps; the limit is {max}")]
    TooLong { steps: usize, max: usize },
    /// Compiling stopped once the program grew past `max` steps.
    #[error("program is longer than {max} steps")]
    Overlong { max: usize },
}

impl ProgramError {
    /// The field path from the step's kind, where the error names one.
    pub fn field(&self) -> Option<&'static str> {
        match self {
            ProgramError::Field { field, .. } => Some(field),
            ProgramError::NoSuchTask { step, .. }
            | ProgramError::NoSuchPerCpuTasks { step, .. } => Some(step),
            ProgramError::NoSuchTemplate { .. } => Some("fork"),
            ProgramError::NoBarrierParties => Some("barrier.parties"),
            ProgramError::NotInSyscall { .. } => Some("syscall.body"),
            ProgramError::OutsideSyscall { step } => Some(step),
            _ => None,
        }
    }
}

pub(crate) fn program_field(field: &'static str, message: impl Into<String>) -> ProgramError {
    ProgramError::Field {
        field,
        message: message.into(),
    }
}

/// Why [`super::Sim::new`] refuses its input. Inputs built from a validated scenario never hit
/// these; they guard inputs built another way (tests, fuzzing).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SimInputError {
    /// The engine or placement parameters are out of range (their scenario paths).
    #[error(transparent)]
    Params(#[from] ScenarioError),
    /// A field of the input names something that does not exist; `field` is its path in
    /// [`super::SimInput`] (`tasks[3] (hog/0).start_cpu`, `irqs[0].cpu`).
    #[error("{field}: {message}")]
    Field { field: String, message: String },
    /// A per-CPU wake target needs one task per CPU from `base`.
    #[error("wake: per-CPU tasks {base}..{end} do not all exist ({tasks} tasks)")]
    PerCpuTasks { base: u32, end: usize, tasks: u32 },
    /// The programs do not match the tasks and templates one to one.
    #[error("internal: program count does not match tasks + templates")]
    ProgramCount,
}

/// An engine invariant that does not hold (a bug in the engine, not in the input): what was
/// found, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InvariantViolation(pub String);
