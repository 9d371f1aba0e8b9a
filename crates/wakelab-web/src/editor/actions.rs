//! The editor's buttons: add and remove variants, interference sources and custom tasks.
//! Each returns a message when the action is not possible (shown in the form's status line).

use wakelab_sim::engine::behaviour::{Amount, Phase, TaskSpec};
use wakelab_sim::scenario::{Experiment, Variant};
use wakelab_sim::workload::{
    CustomConfig, HogInterference, Interference, IrqInterference, RtInterference, WorkloadConfig,
};

/// Most variants an experiment takes (`Experiment::validate`).
pub const MAX_VARIANTS: usize = 8;
/// Most interference sources the form adds (the format has no limit; the JSON editor does).
pub const MAX_INTERFERENCE: usize = 16;
/// Most custom tasks the form adds.
pub const MAX_TASKS: usize = 64;

/// Add a variant: a copy of the last one (same baseline, patches, governor) under a new name,
/// ready to have one thing changed.
pub fn add_variant(exp: &mut Experiment) -> Result<(), String> {
    if exp.variants.len() >= MAX_VARIANTS {
        return Err(format!(
            "an experiment compares at most {MAX_VARIANTS} variants"
        ));
    }
    let mut v = exp.variants.last().cloned().unwrap_or(Variant {
        name: String::new(),
        kernel: None,
        freq: None,
    });
    let mut n = exp.variants.len() + 1;
    v.name = loop {
        let name = format!("variant-{n}");
        if !exp.variants.iter().any(|x| x.name == name) {
            break name;
        }
        n += 1;
    };
    exp.variants.push(v);
    Ok(())
}

pub fn remove_variant(exp: &mut Experiment, i: usize) -> Result<(), String> {
    if exp.variants.len() <= 1 {
        return Err("an experiment needs at least one variant".into());
    }
    if i < exp.variants.len() {
        exp.variants.remove(i);
    }
    Ok(())
}

/// Add an interference source of `kind` (`rt`, `irq`, `hog`) with the format's defaults; the
/// IRQ load, which has no default CPU set, starts on CPU 0.
pub fn add_interference(exp: &mut Experiment, kind: &str) -> Result<(), String> {
    if exp.scenario.interference.len() >= MAX_INTERFERENCE {
        return Err(format!("the form adds at most {MAX_INTERFERENCE} sources"));
    }
    let itf = match kind {
        "rt" => Interference::Rt(RtInterference::default()),
        "irq" => Interference::Irq(
            serde_json::from_value::<IrqInterference>(serde_json::json!({"cpus": "0"}))
                .map_err(|e| e.to_string())?,
        ),
        "hog" => Interference::Hog(HogInterference::default()),
        _ => return Err(format!("unknown interference kind {kind:?}")),
    };
    exp.scenario.interference.push(itf);
    Ok(())
}

pub fn remove_interference(exp: &mut Experiment, i: usize) -> Result<(), String> {
    if i < exp.scenario.interference.len() {
        exp.scenario.interference.remove(i);
    }
    Ok(())
}

/// A task that does something visible at once: run ~33 µs at 3 GHz, count an operation,
/// sleep 100 µs, forever.
fn example_task(name: String) -> TaskSpec {
    TaskSpec::new(
        name,
        vec![Phase::Loop {
            count: None,
            body: vec![
                Phase::Run {
                    cycles: Amount::Fixed(100_000),
                },
                Phase::Ops { n: 1 },
                Phase::Sleep {
                    ns: Amount::Fixed(100_000),
                },
            ],
        }],
    )
}

fn custom(exp: &mut Experiment) -> Result<&mut CustomConfig, String> {
    match &mut exp.scenario.workload {
        WorkloadConfig::Custom(c) => Ok(c),
        _ => Err("choose the custom workload first".into()),
    }
}

/// Add a task (or a fork template) to the custom workload.
pub fn add_task(exp: &mut Experiment, templates: bool) -> Result<(), String> {
    let c = custom(exp)?;
    let list = if templates {
        &mut c.templates
    } else {
        &mut c.tasks
    };
    if list.len() >= MAX_TASKS {
        return Err(format!("the form adds at most {MAX_TASKS} tasks"));
    }
    let name = format!(
        "{}{}",
        if templates { "template" } else { "task" },
        list.len()
    );
    list.push(example_task(name));
    Ok(())
}

pub fn remove_task(exp: &mut Experiment, templates: bool, j: usize) -> Result<(), String> {
    let c = custom(exp)?;
    let list = if templates {
        &mut c.templates
    } else {
        &mut c.tasks
    };
    if j < list.len() {
        list.remove(j);
    }
    Ok(())
}

/// Switch to the custom workload with one example task (the empty default would not run).
pub fn ensure_custom_task(exp: &mut Experiment) {
    if let WorkloadConfig::Custom(c) = &mut exp.scenario.workload
        && c.tasks.is_empty()
    {
        c.tasks.push(example_task("task0".into()));
    }
}

/// A button of the editor (`data-action` / `data-index` in the page).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    AddVariant,
    RemoveVariant(usize),
    AddInterference(String),
    RemoveInterference(usize),
    AddTask { templates: bool },
    RemoveTask { templates: bool, index: usize },
}

impl Action {
    /// From the button's `data-action` and `data-index`.
    pub fn parse(action: &str, index: Option<usize>) -> Option<Action> {
        Some(match (action, index) {
            ("add-variant", _) => Action::AddVariant,
            ("remove-variant", Some(i)) => Action::RemoveVariant(i),
            ("add-rt", _) => Action::AddInterference("rt".into()),
            ("add-irq", _) => Action::AddInterference("irq".into()),
            ("add-hog", _) => Action::AddInterference("hog".into()),
            ("remove-interference", Some(i)) => Action::RemoveInterference(i),
            ("add-task", _) => Action::AddTask { templates: false },
            ("add-template", _) => Action::AddTask { templates: true },
            ("remove-task", Some(i)) => Action::RemoveTask {
                templates: false,
                index: i,
            },
            ("remove-template", Some(i)) => Action::RemoveTask {
                templates: true,
                index: i,
            },
            _ => return None,
        })
    }
}

/// Do `a`; on success, the id of the control to focus next (the new item's first field, or
/// the add button after a removal) so keyboard users stay where they were.
pub fn perform(exp: &mut Experiment, a: &Action) -> Result<String, String> {
    match a {
        Action::AddVariant => {
            add_variant(exp)?;
            Ok(format!("v{}-name", exp.variants.len() - 1))
        }
        Action::RemoveVariant(i) => remove_variant(exp, *i).map(|_| "add-variant".into()),
        Action::AddInterference(kind) => {
            add_interference(exp, kind)?;
            Ok(format!("remove-itf{}", exp.scenario.interference.len() - 1))
        }
        Action::RemoveInterference(i) => remove_interference(exp, *i).map(|_| "add-rt".into()),
        Action::AddTask { templates } => {
            add_task(exp, *templates)?;
            let n = match &exp.scenario.workload {
                WorkloadConfig::Custom(c) if *templates => c.templates.len(),
                WorkloadConfig::Custom(c) => c.tasks.len(),
                _ => 1,
            };
            let list = if *templates { "templates" } else { "tasks" };
            Ok(format!("ct-{list}{}-name", n - 1))
        }
        Action::RemoveTask { templates, index } => remove_task(exp, *templates, *index).map(|_| {
            if *templates {
                "add-template"
            } else {
                "add-task"
            }
            .into()
        }),
    }
}
