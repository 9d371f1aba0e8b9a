//! Validation for the form: the core's checks, with each message on the field it names.
//!
//! `Experiment::validate` checks fields one by one; whether they fit together (a cluster table
//! per LLC, a governor the hardware has, interference CPUs inside the machine, task references
//! of a custom workload) is only known when a run is built. Those checks are run here too, on
//! each variant, so a mistake shows by its field before Run instead of as a failed run.

use wakelab_sim::freq::FreqModel;
use wakelab_sim::scenario::Experiment;
use wakelab_sim::topology::Topology;
use wakelab_sim::workload::{self, ConfigError, WorkloadConfig, WorkloadError};

use super::FieldError;

/// Every problem found, by validation path (empty when the experiment can run).
pub fn check(exp: &Experiment) -> Vec<FieldError> {
    if let Err(e) = exp.validate() {
        return vec![(e.field, e.message)];
    }
    let mut out: Vec<FieldError> = Vec::new();
    let clients = exp.client_counts().into_iter().min().unwrap_or(1);
    for v in 0..exp.variants.len() {
        let sc = exp.variant_scenario(v);
        let topo = match Topology::new(&sc.machine.shape) {
            Ok(t) => t,
            Err(e) => {
                push(
                    &mut out,
                    format!("scenario.machine.shape.{}", e.field),
                    e.message,
                );
                continue;
            }
        };
        if let Err(e) = sc.kernel.resolve() {
            push(&mut out, format!("variants[{v}].kernel"), e.to_string());
        }
        let mut cfg = sc.freq.clone();
        cfg.tick_ns = sc.engine.tick_ns();
        if let Err(e) = FreqModel::new(&sc.machine.hw, &cfg, &topo, sc.kernel.version) {
            let path = if e.field == "freq.governor" {
                if exp.variants[v].freq.is_some() {
                    format!("variants[{v}].freq")
                } else {
                    "scenario.freq.governor".to_string()
                }
            } else {
                format!("scenario.machine.hw.{}", e.field)
            };
            push(&mut out, path, e.message);
        }
        if let Err(e) = workload::build(&sc.workload, &sc.interference, clients, &topo) {
            let (p, m) = workload_path(&sc.workload, &e);
            push(&mut out, p, m);
        }
    }
    out
}

fn push(out: &mut Vec<FieldError>, path: String, message: String) {
    if !out.iter().any(|(p, m)| *p == path && *m == message) {
        out.push((path, message));
    }
}

/// Put a workload build error on its field: `interference[2] (rt): prio: ...` goes to that
/// source's `prio`, `task "x": wake: ...` to custom task x's program.
pub fn workload_path(w: &WorkloadConfig, e: &WorkloadError) -> FieldError {
    match e {
        WorkloadError::Interference { index, error, .. } => {
            let base = format!("scenario.interference[{index}]");
            match error {
                ConfigError::Field { field, message } if field.bytes().all(is_key_byte) => {
                    (format!("{base}.{field}"), message.clone())
                }
                e => (base, e.to_string()),
            }
        }
        WorkloadError::InterferenceTasks { index, max } => (
            format!("scenario.interference[{index}]"),
            format!("more than {max} tasks"),
        ),
        WorkloadError::Program { task, error } => {
            if let WorkloadConfig::Custom(c) = w {
                // Replicated copies are named `name/k`.
                let base = task.rsplit_once('/').map_or(task.as_str(), |(b, _)| b);
                for (list, tasks) in [("tasks", &c.tasks), ("templates", &c.templates)] {
                    if let Some(j) = tasks.iter().position(|t| t.name == *task || t.name == base) {
                        return (
                            format!("scenario.workload.{list}[{j}].program"),
                            error.to_string(),
                        );
                    }
                }
            }
            ("scenario.workload".into(), e.to_string())
        }
        // The generators' own problems: `workload (custom): tasks: ...` names the task list.
        WorkloadError::Workload { error, .. } => match (w, error) {
            (WorkloadConfig::Custom(_), ConfigError::Field { field, message })
                if *field == "tasks" =>
            {
                ("scenario.workload.tasks".into(), message.clone())
            }
            (_, error) => ("scenario.workload".into(), error.to_string()),
        },
        e => ("scenario.workload".into(), e.to_string()),
    }
}

/// A byte of a plain key (`prio`, `period_ns`), as opposed to a pair (`runtime_us/period_us`).
fn is_key_byte(b: u8) -> bool {
    b.is_ascii_lowercase() || b == b'_'
}
