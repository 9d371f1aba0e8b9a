//! The scenario form: the preset, machine, kernel and workload pickers, the fields, reading
//! them into the experiment and validating, the JSON editor, and the machine picture.

use serde_json::Value;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::App;
use crate::dom::{clear, doc, el, make, set_hidden, set_text, typed};
use crate::glue;
use wakelab_sim::kernel::{KernelVersion, PatchId};
use wakelab_sim::presets;
use wakelab_sim::scenario::{Experiment, ScenarioError};
use wakelab_stats::SisCounters;

pub(super) fn gallery_entry(preset: &str) -> Option<presets::GalleryEntry> {
    presets::gallery().into_iter().find(|g| g.id == preset)
}

pub(super) fn gallery_published_sis(preset: &str) -> Option<[SisCounters; 2]> {
    gallery_entry(preset).and_then(|g| g.published_sis)
}

pub(super) fn gallery_published(preset: &str) -> Vec<(u32, f64, f64)> {
    gallery_entry(preset)
        .map(|g| g.published.to_vec())
        .unwrap_or_default()
}

pub(super) fn build_static_options() {
    let sel = el("preset");
    for g in presets::gallery() {
        let o = make("option", "", g.title);
        let _ = o.set_attribute("value", g.id);
        let _ = sel.append_child(&o);
    }
    let o = make("option", "", "Custom (edited or from a link)");
    let _ = o.set_attribute("value", "");
    let _ = sel.append_child(&o);
    let m = el("machine-preset");
    let o = make("option", "", "(custom)");
    let _ = o.set_attribute("value", "");
    let _ = m.append_child(&o);
    for id in presets::machine_ids() {
        let o = make("option", "", id);
        let _ = o.set_attribute("value", id);
        let _ = m.append_child(&o);
    }
    let k = el("kernel-version");
    for v in KernelVersion::ALL {
        let o = make("option", "", v.name());
        let _ = o.set_attribute("value", v.name());
        let _ = k.append_child(&o);
    }
    let w = el("workload-kind");
    for kind in [
        "tbench",
        "dbench",
        "hackbench",
        "pgbench",
        "netperf",
        "schbench",
        "barrier",
        "custom",
    ] {
        let o = make("option", "", kind);
        let _ = o.set_attribute("value", kind);
        let _ = w.append_child(&o);
    }
}

impl App {
    // --- the form ---------------------------------------------------------------------------

    pub(super) fn fill_form(&mut self) {
        typed::<HtmlSelectElement>("preset").set_value(&self.preset);
        typed::<HtmlSelectElement>("machine-preset")
            .set_value(self.exp.scenario.machine.preset.as_deref().unwrap_or(""));
        typed::<HtmlSelectElement>("kernel-version")
            .set_value(self.exp.scenario.kernel.version.name());
        typed::<HtmlSelectElement>("workload-kind").set_value(self.exp.scenario.workload.kind());
        crate::editor::dom::render(&self.exp);
        self.fill_workload();
        self.after_edit(false);
        let entry = gallery_entry(&self.preset);
        set_text(
            "preset-summary",
            entry.as_ref().map_or("A custom experiment.", |g| g.summary),
        );
        // what the model shows against the published result, beside the published overlay
        let model = entry.map_or("", |g| g.model);
        set_text("preset-model", model);
        set_hidden(&el("preset-model"), model.is_empty());
    }

    pub(super) fn fill_workload(&self) {
        let root = el("workload-params");
        clear(&root);
        let v = serde_json::to_value(&self.exp.scenario.workload).unwrap_or(Value::Null);
        let Some(obj) = v.as_object() else {
            return;
        };
        let mut nested = Vec::new();
        for (key, val) in obj {
            if key == "kind" {
                continue;
            }
            let id = format!("w-{key}");
            let path = format!("scenario.workload.{key}");
            let (control, is_check) = match val {
                Value::Bool(b) => {
                    let i = make("input", "", "");
                    let _ = i.set_attribute("type", "checkbox");
                    i.unchecked_ref::<HtmlInputElement>().set_checked(*b);
                    (i, true)
                }
                Value::Number(n) => {
                    let i = make("input", "", "");
                    let _ = i.set_attribute("type", "number");
                    let int = n.is_u64() || n.is_i64();
                    let _ = i.set_attribute("step", if int { "1" } else { "any" });
                    let _ = i.set_attribute("data-num", if int { "int" } else { "float" });
                    i.unchecked_ref::<HtmlInputElement>()
                        .set_value(&n.to_string());
                    (i, false)
                }
                Value::String(s) => {
                    let i = make("input", "", "");
                    let _ = i.set_attribute("type", "text");
                    i.unchecked_ref::<HtmlInputElement>().set_value(s);
                    (i, false)
                }
                _ => {
                    // A custom workload's tasks and templates have their own editor.
                    let custom = self.exp.scenario.workload.kind() == "custom";
                    if !(custom && (key == "tasks" || key == "templates")) {
                        nested.push(key.clone());
                    }
                    continue;
                }
            };
            control.set_id(&id);
            let _ = control.set_attribute("data-wkey", key);
            let _ = control.set_attribute("data-path", &path);
            let wrap = make("div", if is_check { "field check" } else { "field" }, "");
            let label = make("label", "", &key.replace('_', " "));
            let _ = label.set_attribute("for", &id);
            if is_check {
                let _ = wrap.append_child(&control);
                let _ = wrap.append_child(&label);
            } else {
                let _ = wrap.append_child(&label);
                let _ = wrap.append_child(&control);
            }
            let e = make("p", "field-error", "");
            let _ = e.set_attribute("data-for", &path);
            let _ = wrap.append_child(&e);
            let _ = root.append_child(&wrap);
        }
        if !nested.is_empty() {
            let _ = root.append_child(&make(
                "p",
                "hint wide",
                &format!("More in the JSON editor below: {}.", nested.join(", ")),
            ));
        }
    }

    /// Read every field into the experiment, then validate.
    pub(super) fn read_form(&mut self) {
        let mut v = match serde_json::to_value(&self.exp) {
            Ok(v) => v,
            Err(e) => return self.fail(&e.to_string()),
        };
        let mut local: Vec<(String, String)> = Vec::new();
        // Every field of the form (editor::fields): title, machine, frequency, variants,
        // interference, custom tasks, what to run.
        crate::editor::read(&self.exp, &mut v, crate::editor::dom::raw, &mut local);
        // Workload parameters.
        let params = doc()
            .query_selector_all("#workload-params [data-wkey]")
            .expect_throw("querySelectorAll");
        for n in 0..params.length() {
            let Some(input) = params
                .item(n)
                .and_then(|x| x.dyn_into::<HtmlInputElement>().ok())
            else {
                continue;
            };
            let key = input.get_attribute("data-wkey").unwrap_or_default();
            let path = format!("scenario.workload.{key}");
            let val = if input.type_() == "checkbox" {
                Ok(Value::Bool(input.checked()))
            } else if let Some(num) = input.get_attribute("data-num") {
                let s = input.value();
                if num == "int" {
                    s.trim()
                        .parse::<u64>()
                        .map(Value::from)
                        .map_err(|_| "enter a whole number (0 or more)".to_string())
                } else {
                    s.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|x| x.is_finite())
                        .and_then(serde_json::Number::from_f64)
                        .map(Value::Number)
                        .ok_or_else(|| "enter a number".to_string())
                }
            } else {
                Ok(Value::String(input.value()))
            };
            match val {
                Ok(x) => {
                    let _ = crate::editor::path::set(&mut v, &path, x, false);
                }
                Err(e) => local.push((path, e)),
            }
        }
        if !local.is_empty() {
            self.set_valid(false);
            show_errors(&local);
            return;
        }
        match serde_json::from_value::<Experiment>(v) {
            Ok(mut exp) => {
                crate::editor::normalise(&mut exp, &self.exp);
                let machine_changed = exp.scenario.machine.shape != self.exp.scenario.machine.shape;
                let relayout = crate::editor::layout_changed(&self.exp, &exp);
                self.exp = exp;
                if relayout {
                    crate::editor::dom::render(&self.exp);
                }
                if machine_changed {
                    self.exp.scenario.machine.preset = None;
                    typed::<HtmlSelectElement>("machine-preset").set_value("");
                }
                self.mark_custom();
                self.after_edit(true);
            }
            Err(e) => {
                self.set_valid(false);
                show_errors(&[(String::new(), e.to_string())]);
            }
        }
    }

    pub(super) fn set_valid(&mut self, valid: bool) {
        self.valid = valid;
        let run = el("run");
        if valid {
            let _ = run.remove_attribute("disabled");
        } else {
            let _ = run.set_attribute("disabled", "");
            set_text("run-summary", "Fix the highlighted fields to run.");
        }
    }

    pub(super) fn mark_custom(&mut self) {
        if !self.preset.is_empty() {
            self.preset.clear();
            typed::<HtmlSelectElement>("preset").set_value("");
            set_text("preset-summary", "A custom experiment.");
            // the gallery's "what Wakelab shows" describes the preset as it was, not this edit
            set_hidden(&el("preset-model"), true);
        }
    }

    /// Validate, show the messages by their fields, redraw the machine, refresh the JSON.
    pub(super) fn after_edit(&mut self, edited: bool) {
        // The core's field checks plus whether the parts fit together (editor::check).
        let errors = crate::editor::check::check(&self.exp);
        self.valid = errors.is_empty();
        show_errors(&errors);
        self.set_valid(self.valid);
        render_machine(&self.exp);
        if let Ok(j) = glue::to_json_pretty(&self.exp) {
            typed::<HtmlTextAreaElement>("json").set_value(&j);
        }
        let points = if self.valid {
            wakelab_sim::experiment::points(&self.exp).len()
        } else {
            0
        };
        set_text(
            "run-summary",
            &if self.valid {
                format!(
                    "{points} runs: {} variant{} × {} client count{} × {} iteration{}",
                    self.exp.variants.len(),
                    if self.exp.variants.len() == 1 {
                        ""
                    } else {
                        "s"
                    },
                    self.exp.client_counts().len(),
                    if self.exp.client_counts().len() == 1 {
                        ""
                    } else {
                        "s"
                    },
                    self.exp.iterations,
                    if self.exp.iterations == 1 { "" } else { "s" },
                )
            } else {
                "Fix the highlighted fields to run.".to_string()
            },
        );
        if edited && self.run.as_ref().is_some_and(|r| r.finished) {
            set_text(
                "status",
                "The scenario changed: press Run to update the results.",
            );
        }
    }

    /// An editor button (add/remove a variant, an interference source, a task).
    pub(super) fn editor_action(&mut self, a: &crate::editor::actions::Action) {
        match crate::editor::actions::perform(&mut self.exp, a) {
            Ok(focus) => {
                crate::editor::dom::status("");
                self.mark_custom();
                crate::editor::dom::render(&self.exp);
                crate::editor::dom::focus(&focus);
                self.after_edit(true);
            }
            Err(m) => crate::editor::dom::status(&m),
        }
    }

    pub(super) fn load_preset(&mut self, id: &str) {
        let Some(exp) = presets::experiment(id) else {
            return;
        };
        self.exp = exp;
        self.preset = id.to_string();
        self.published = gallery_published(id);
        self.published_sis = gallery_published_sis(id);
        self.detail = None;
        self.fill_form();
        self.start_run();
    }

    pub(super) fn load_machine(&mut self, id: &str) {
        if let Some(m) = presets::machine(id) {
            self.exp.scenario.machine = m;
            self.mark_custom();
            self.fill_form();
        }
    }

    pub(super) fn set_kernel_version(&mut self, name: &str) {
        let Some(v) = KernelVersion::parse(name) else {
            return;
        };
        let keep = |mut k: wakelab_sim::kernel::KernelConfig| {
            k.version = v;
            for p in PatchId::ALL {
                if !p.info().applies_to.contains(&v) {
                    k.patches.remove(p);
                }
            }
            k.features = Default::default();
            k
        };
        self.exp.scenario.kernel = keep(self.exp.scenario.kernel);
        for var in &mut self.exp.variants {
            if let Some(k) = var.kernel {
                var.kernel = Some(keep(k));
            }
        }
        self.mark_custom();
        crate::editor::dom::render(&self.exp);
        self.after_edit(true);
    }

    pub(super) fn set_workload_kind(&mut self, kind: &str) {
        match serde_json::from_value(serde_json::json!({ "kind": kind })) {
            Ok(w) => {
                self.exp.scenario.workload = w;
                // An empty custom workload cannot run: start from one example task.
                crate::editor::actions::ensure_custom_task(&mut self.exp);
                self.mark_custom();
                self.fill_workload();
                crate::editor::dom::render(&self.exp);
                self.after_edit(true);
            }
            Err(e) => show_errors(&[(
                "scenario.workload".into(),
                format!("{kind} needs parameters: {e}; use the JSON editor"),
            )]),
        }
    }

    pub(super) fn apply_json(&mut self) {
        let text = typed::<HtmlTextAreaElement>("json").value();
        let out = el("json-error");
        let parsed = wakelab_sim::scenario::read_json(&text).and_then(|v| {
            serde_json::from_value::<Experiment>(v).map_err(|e| ScenarioError {
                field: "experiment".into(),
                message: e.to_string(),
            })
        });
        match parsed {
            Ok(exp) => {
                let err = exp.validate().err();
                self.exp = exp;
                self.mark_custom();
                self.fill_form();
                match err {
                    Some(e) => out.set_text_content(Some(&format!(
                        "Applied, but not valid yet: {}: {}",
                        e.field, e.message
                    ))),
                    None => out.set_text_content(Some("Applied.")),
                }
            }
            Err(e) => {
                out.set_text_content(Some(&format!("Not applied: {}: {}", e.field, e.message)));
            }
        }
    }
}

/// Show validation messages next to their fields (longest matching `data-for`), clearing the
/// others. An empty path goes to the form-wide slot.
fn show_errors(errors: &[(String, String)]) {
    let slots = doc()
        .query_selector_all("#scenario [data-for]")
        .expect_throw("querySelectorAll");
    let mut els = Vec::new();
    for i in 0..slots.length() {
        if let Some(e) = slots.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            e.set_text_content(None);
            els.push(e);
        }
    }
    let invalid = doc()
        .query_selector_all("#scenario [aria-invalid]")
        .expect_throw("querySelectorAll");
    for i in 0..invalid.length() {
        if let Some(e) = invalid.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            let _ = e.remove_attribute("aria-invalid");
        }
    }
    for (path, message) in errors {
        let best = els
            .iter()
            .filter_map(|e| {
                let f = e.get_attribute("data-for")?;
                let m = f.is_empty()
                    || *path == f
                    || path.starts_with(&format!("{f}."))
                    || path.starts_with(&format!("{f}["));
                m.then_some((f.len(), e))
            })
            .max_by_key(|(l, _)| *l);
        if let Some((_, e)) = best {
            let f = e.get_attribute("data-for").unwrap_or_default();
            let text = if f.is_empty() && !path.is_empty() {
                format!("{path}: {message}")
            } else {
                message.clone()
            };
            e.set_text_content(Some(&text));
            if let Ok(Some(input)) = doc().query_selector(&format!("#scenario [data-path=\"{f}\"]"))
            {
                let _ = input.set_attribute("aria-invalid", "true");
            }
        }
    }
}

fn render_machine(exp: &Experiment) {
    let root = el("machine-pic");
    clear(&root);
    let shape = &exp.scenario.machine.shape;
    let pic = match glue::machine_picture(shape) {
        Ok(p) => p,
        Err(e) => {
            root.set_text_content(Some(&format!("No picture: {e}")));
            return;
        }
    };
    let n = shape.nr_cpus();
    let cores =
        shape.sockets as usize * shape.llcs_per_socket as usize * shape.cores_per_llc as usize;
    let caption = format!(
        "{n} CPUs: {} socket{} × {} LLC{} × {} cores × {} thread{} · {}",
        shape.sockets,
        if shape.sockets == 1 { "" } else { "s" },
        shape.llcs_per_socket,
        if shape.llcs_per_socket == 1 { "" } else { "s" },
        shape.cores_per_llc,
        shape.smt,
        if shape.smt == 1 { "" } else { "s" },
        match (shape.numbering, shape.smt > 1) {
            (wakelab_sim::topology::Numbering::X86, true) => {
                format!("x86 numbering: CPU n's sibling is CPU n+{cores}")
            }
            (_, true) => "linear numbering: siblings are adjacent".to_string(),
            _ => "no SMT".to_string(),
        }
    );
    let _ = root.set_attribute("aria-label", &format!("Machine picture. {caption}"));
    let small = n > 64;
    for (s, sock) in pic.iter().enumerate() {
        let sd = make("div", "socket", "");
        let _ = sd.append_child(&make("span", "pic-label", &format!("Socket {s}")));
        let llcs = make("div", "llcs", "");
        for llc in &sock.llcs {
            let ld = make("div", "llc", "");
            let first = llc
                .cores
                .first()
                .and_then(|c| c.first())
                .copied()
                .unwrap_or(0);
            let label = match llc.capacity {
                Some(c) => format!("LLC · capacity {c}"),
                None => format!("LLC (CPU {first}…)"),
            };
            let _ = ld.append_child(&make("span", "pic-label", &label));
            let cd = make("div", if small { "cores small" } else { "cores" }, "");
            for core in &llc.cores {
                let c = make("div", "core", "");
                for (t, cpu) in core.iter().enumerate() {
                    let th = make("span", &format!("thread t{t}"), &cpu.to_string());
                    let _ = th.set_attribute("title", &format!("CPU {cpu} (thread {t})"));
                    let _ = c.append_child(&th);
                }
                let _ = cd.append_child(&c);
            }
            let _ = ld.append_child(&cd);
            let _ = llcs.append_child(&ld);
        }
        let _ = sd.append_child(&llcs);
        let _ = root.append_child(&sd);
    }
    set_text("machine-caption", &caption);
}
