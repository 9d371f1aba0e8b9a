//! The scenario editor: machine (shape, capacities, numbering, frequency table), variants
//! (baseline, patches, sched features, governor), governor parameters, interference sources
//! and the custom workload's tasks, as form fields over the experiment.
//!
//! The form is a function of the experiment ([`fields::fields`]); reading it writes each
//! field's text into the experiment's JSON at the field's validation path ([`read`]), so the
//! core's messages ([`check`]) land next to the field they name and the share link, which
//! carries the experiment, carries every edit. Only `dom` touches the page.

pub mod actions;
pub mod check;
pub mod fields;
pub mod path;

#[cfg(target_arch = "wasm32")]
pub mod dom;

use serde_json::Value;
use wakelab_sim::kernel::{PatchId, SchedFeature};
use wakelab_sim::scenario::Experiment;

use fields::FieldSpec;

/// A message for the field at a validation path.
pub type FieldError = (String, String);

/// Write the form's text into `v` (the JSON of `before`, possibly already edited by other
/// parts of the page). `raw` gives a field's current text, or `None` when it is not on the
/// page. Field messages are appended to `errors`.
pub fn read(
    before: &Experiment,
    v: &mut Value,
    raw: impl Fn(&FieldSpec) -> Option<String>,
    errors: &mut Vec<FieldError>,
) {
    // Variants without their own kernel run the scenario's: give them a copy to edit
    // (`normalise` drops it again when nothing changed).
    let base = path::get(v, "scenario.kernel").clone();
    for i in 0..before.variants.len() {
        let p = format!("variants[{i}].kernel");
        if path::get(v, &p).is_null() {
            path::set(v, &p, base.clone(), false);
        }
    }
    for f in fields::fields(before) {
        if let Some(text) = raw(&f)
            && let Err(e) = fields::apply(&f, &text, v)
        {
            errors.push((f.path.clone(), e));
        }
    }
}

/// Tidy an experiment read from the form: a variant whose baseline changed loses the patches
/// and feature overrides its new version does not have (as the kernel picker does), and a
/// variant that had no kernel of its own gets none back when it still equals the scenario's.
pub fn normalise(exp: &mut Experiment, before: &Experiment) {
    let scenario_kernel = exp.scenario.kernel;
    for (i, var) in exp.variants.iter_mut().enumerate() {
        let Some(k) = var.kernel.as_mut() else {
            continue;
        };
        for p in PatchId::ALL {
            if !p.info().applies_to.contains(&k.version) {
                k.patches.remove(p);
            }
        }
        for f in SchedFeature::ALL {
            if f.default_in(k.version).is_none() {
                k.features.set(f, None);
            }
        }
        let had_none = before.variants.get(i).is_some_and(|b| b.kernel.is_none());
        if had_none && *k == scenario_kernel {
            var.kernel = None;
        }
    }
}

/// Whether the form must be redrawn for `after` (different fields, not just other values).
pub fn layout_changed(before: &Experiment, after: &Experiment) -> bool {
    let key = |e: &Experiment| {
        fields::fields(e)
            .into_iter()
            .map(|f| (f.id, f.label, f.hint))
            .collect::<Vec<_>>()
    };
    key(before) != key(after)
}

#[cfg(test)]
mod tests;
