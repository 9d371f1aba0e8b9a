//! Why a workload cannot be built ([`WorkloadError`]): which section (the benchmark, an
//! interference source, a task's program) and, inside it, which field ([`ConfigError`]).

use crate::engine::ProgramError;

/// A workload that [`super::build`] refuses. `Display` is the message users see: the section
/// first (`workload (tbench): `, `interference[2] (rt): `, `task "x": `), then the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WorkloadError {
    #[error("clients: must be between 1 and {max} (got {got})")]
    Clients { got: u32, max: u32 },
    /// The benchmark's own configuration (`kind` as in [`super::WorkloadConfig::kind`]).
    #[error("workload ({kind}): {error}")]
    Workload {
        kind: &'static str,
        error: ConfigError,
    },
    /// Interference source `index` (`kind` as in [`super::Interference::kind`]).
    #[error("interference[{index}] ({kind}): {error}")]
    Interference {
        index: usize,
        kind: &'static str,
        error: ConfigError,
    },
    /// The interference sources up to `index` have more than `max` tasks.
    #[error("interference[{index}]: more than {max} tasks")]
    InterferenceTasks { index: usize, max: usize },
    #[error(
        "the workload needs {total} tasks (initial + templates + forked); the engine's limit is \
         {max}"
    )]
    TooManyTasks { total: usize, max: usize },
    /// The program of the task (or fork template) named `task` does not compile.
    #[error("task {task:?}: {error}")]
    Program { task: String, error: ProgramError },
    /// Placing a task list after the others moved a task reference past `u32`.
    #[error("task reference overflows")]
    RefOverflow,
}

/// A problem inside one section of a workload: the benchmark's configuration or one
/// interference source.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// A field of the section, by its path inside it (`tasks_per_group`, `start.launcher.cpu`).
    #[error("{field}: {message}")]
    Field {
        field: &'static str,
        message: String,
    },
    /// A generated program (`what`: whose) is longer than the engine accepts.
    #[error(
        "{what}: the generated program needs {steps} steps; the engine's limit is {max} (use \
         fewer clients or a smaller group)"
    )]
    ProgramTooLong {
        what: &'static str,
        steps: usize,
        max: usize,
    },
    /// The fields together ask for more than the engine holds (tasks, barrier parties, steps);
    /// the message says which.
    #[error("{0}")]
    TooLarge(String),
    /// A problem with one task of a task list (`task` is its name).
    #[error("task {task:?}: {error}")]
    Task {
        task: String,
        error: Box<ConfigError>,
    },
    #[error("interference tasks cannot fork")]
    Forks,
    /// Replicating a task list moved a task reference past `u32`.
    #[error("task reference overflows")]
    RefOverflow,
}

pub(crate) fn field(field: &'static str, message: impl Into<String>) -> ConfigError {
    ConfigError::Field {
        field,
        message: message.into(),
    }
}
