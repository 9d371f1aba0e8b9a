//! Validation for the form: the core's checks, with each message on the field it names.
//!
//! `Experiment::validate` checks fields one by one; whether they fit together (a cluster table
//! per LLC, a governor the hardware has, interference CPUs inside the machine, task references
//! of a custom workload) is only known when a run is built. Those checks are run here too, on
//! each variant, so a mistake shows by its field before Run instead of as a failed run.

use wakelab_sim::freq::FreqModel;
use wakelab_sim::scenario::Experiment;
use wakelab_sim::topology::Topology;
use wakelab_sim::workload::{self, WorkloadConfig};

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
        if let Err(m) = sc.kernel.resolve() {
            push(&mut out, format!("variants[{v}].kernel"), m);
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
        if let Err(m) = workload::build(&sc.workload, &sc.interference, clients, &topo) {
            let (p, m) = workload_path(&sc.workload, &m);
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

/// Turn a workload build message into (path, message): `interference[2] (rt): prio: ...` goes
/// to that source's `prio`, `task "x": wake: ...` to custom task x's program.
pub fn workload_path(w: &WorkloadConfig, m: &str) -> FieldError {
    if let Some(rest) = m.strip_prefix("interference[")
        && let Some((idx, rest)) = rest.split_once(']')
    {
        let rest = rest.split_once("): ").map_or(rest, |(_, r)| r);
        let base = format!("scenario.interference[{idx}]");
        return match rest.split_once(": ") {
            Some((key, msg)) if key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') => {
                (format!("{base}.{key}"), msg.to_string())
            }
            _ => (base, rest.trim_start_matches(": ").to_string()),
        };
    }
    // The generators name the workload first: `workload (custom): tasks: ...`.
    let m = match m.strip_prefix("workload (") {
        Some(rest) => rest.split_once("): ").map_or(m, |(_, r)| r),
        None => m,
    };
    if let WorkloadConfig::Custom(c) = w {
        if let Some(rest) = m.strip_prefix("task \"")
            && let Some((name, msg)) = rest.split_once("\": ")
        {
            // Replicated copies are named `name/k`.
            let base = name.rsplit_once('/').map_or(name, |(b, _)| b);
            for (list, tasks) in [("tasks", &c.tasks), ("templates", &c.templates)] {
                if let Some(j) = tasks.iter().position(|t| t.name == name || t.name == base) {
                    return (
                        format!("scenario.workload.{list}[{j}].program"),
                        msg.to_string(),
                    );
                }
            }
        }
        if let Some(msg) = m.strip_prefix("tasks: ") {
            return ("scenario.workload.tasks".into(), msg.to_string());
        }
    }
    ("scenario.workload".into(), m.to_string())
}
