//! The scenario form: the preset, machine, kernel and workload pickers, the fields, reading
//! them into the experiment and validating, the JSON editor, and the machine picture.

use crate::dom::{DomExt, NodeExt};
use serde_json::Value;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::App;
use crate::dom::{clear, doc, el, make, set_hidden, set_text, typed};
use crate::glue;
use crate::runbar::{self, Trigger};
use wakelab_sim::kernel::{KernelVersion, PatchId};
use wakelab_sim::presets;
use wakelab_sim::scenario::Experiment;
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

/// How each published result of a gallery preset relates to the model (issue 23): a list of
/// "calibrated on" / "predicted" / "true by construction" tags with the result, and with
/// `notes` the parameter it set or why it is a prediction (without, only short notes). None
/// without published results.
pub(super) fn results_roles(g: &presets::GalleryEntry, notes: bool) -> Option<Element> {
    if g.results.is_empty() {
        return None;
    }
    let ul = make("ul", "roles", "");
    ul.set_attr("aria-label", "How each published result was used");
    for r in g.results {
        let role = match r.used {
            presets::ResultUse::Calibration => "calibration",
            presets::ResultUse::Prediction => "prediction",
            presets::ResultUse::ByConstruction => "by-construction",
        };
        let li = make("li", "", "");
        li.set_attr("data-role", role);
        li.append(&make("span", &format!("role role-{role}"), r.used.label()));
        // A card has room for a short note ("missed"), the results card for every note.
        let text = if !r.note.is_empty() && (notes || r.note.len() <= 40) {
            format!(" {} ({})", r.result, r.note)
        } else {
            format!(" {}", r.result)
        };
        li.append(&doc().create_text_node(&text));
        ul.append(&li);
    }
    Some(ul)
}

/// The gallery's cards: what each preset asks and one button to run it.
fn build_gallery() {
    let list = el("gallery-cards");
    for (i, g) in presets::gallery().into_iter().enumerate() {
        let li = make("li", "gallery-card", "");
        li.set_attr("data-card", g.id);
        li.append(&make(
            "span",
            "tag",
            if i == 0 {
                "Start here"
            } else {
                "Published result"
            },
        ));
        let h = make("h3", "", g.title);
        let hid = format!("card-{}", g.id);
        h.set_id(&hid);
        li.append(&h);
        li.append(&make("p", "", g.summary));
        // Which published results set a parameter and which the model predicts (issue 23).
        if let Some(roles) = results_roles(&g, false) {
            li.append(&roles);
        }
        let b = make("button", "", "Run it");
        b.set_attr("type", "button");
        b.set_attr("data-preset", g.id);
        b.set_attr("aria-describedby", &hid);
        li.append(&b);
        list.append(&li);
    }
}

/// Mark the card of the preset the form shows (none once edited).
pub(super) fn mark_card(preset: &str) {
    let cards = doc()
        .query_selector_all("#gallery-cards [data-card]")
        .expect_throw("querySelectorAll");
    for i in 0..cards.length() {
        if let Some(c) = cards.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
            if c.get_attribute("data-card").as_deref() == Some(preset) {
                c.set_attr("aria-current", "true");
            } else {
                c.remove_attr("aria-current");
            }
        }
    }
}

pub(super) fn build_static_options() {
    build_gallery();
    let sel = el("preset");
    for g in presets::gallery() {
        let o = make("option", "", g.title);
        o.set_attr("value", g.id);
        sel.append(&o);
    }
    let o = make("option", "", "Custom (edited or from a link)");
    o.set_attr("value", "");
    sel.append(&o);
    let m = el("machine-preset");
    let o = make("option", "", "(custom)");
    o.set_attr("value", "");
    m.append(&o);
    for id in presets::machine_ids() {
        let o = make("option", "", id);
        o.set_attr("value", id);
        m.append(&o);
    }
    let k = el("kernel-version");
    for v in KernelVersion::ALL {
        let o = make("option", "", v.name());
        o.set_attr("value", v.name());
        k.append(&o);
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
        o.set_attr("value", kind);
        w.append(&o);
    }
}

impl App {
    // --- the form ---------------------------------------------------------------------------

    pub(super) fn fill_form(&mut self) {
        typed::<HtmlSelectElement>("preset").set_value(&self.preset);
        mark_card(&self.preset);
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
        let model = entry.as_ref().map_or("", |g| g.model);
        set_text("preset-model", model);
        set_hidden(&el("preset-model"), model.is_empty());
        // ... and which of the published results are calibrations, predictions or true by
        // construction, so an agreement is read as the evidence it is (issue 23).
        let roles = el("preset-results");
        clear(&roles);
        let list = entry.as_ref().and_then(|g| results_roles(g, true));
        if let Some(list) = &list {
            roles.append(list);
        }
        set_hidden(&roles, list.is_none());
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
                    i.set_attr("type", "checkbox");
                    i.unchecked_ref::<HtmlInputElement>().set_checked(*b);
                    (i, true)
                }
                Value::Number(n) => {
                    let i = make("input", "", "");
                    i.set_attr("type", "number");
                    let int = n.is_u64() || n.is_i64();
                    i.set_attr("step", if int { "1" } else { "any" });
                    i.set_attr("data-num", if int { "int" } else { "float" });
                    i.unchecked_ref::<HtmlInputElement>()
                        .set_value(&n.to_string());
                    (i, false)
                }
                Value::String(s) => {
                    let i = make("input", "", "");
                    i.set_attr("type", "text");
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
            control.set_attr("data-wkey", key);
            control.set_attr("data-path", &path);
            let wrap = make("div", if is_check { "field check" } else { "field" }, "");
            let label = make("label", "", &key.replace('_', " "));
            label.set_attr("for", &id);
            if is_check {
                wrap.append(&control);
                wrap.append(&label);
            } else {
                wrap.append(&label);
                wrap.append(&control);
            }
            let e = make("p", "field-error", "");
            e.set_attr("data-for", &path);
            wrap.append(&e);
            root.append(&wrap);
        }
        if !nested.is_empty() {
            root.append(&make(
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
                    // Ignored on purpose: `Set::NoParent` is a field of a section being
                    // switched off, whose value is dropped (editor::path::Set).
                    let _ = crate::editor::path::set(&mut v, &path, x, false);
                }
                Err(e) => local.push((path, e)),
            }
        }
        if !local.is_empty() {
            self.show_problems(&local);
            self.after_change();
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
                self.show_problems(&[(String::new(), e.to_string())]);
                self.after_change();
            }
        }
    }

    /// Show the form's problems: by their fields (with `aria-invalid`) and as a list of links
    /// next to the Run button; no problems = valid.
    pub(super) fn show_problems(&mut self, errors: &[(String, String)]) {
        self.valid = errors.is_empty();
        self.errors = runbar::error_links(errors, &field_refs(&self.exp));
        show_errors(errors, &self.errors);
        let list = el("run-errors");
        clear(&list);
        for e in &self.errors {
            let li = make("li", "", "");
            match &e.field_id {
                Some(id) => {
                    let a = make("a", "", &format!("{}: {}", e.label, e.message));
                    a.set_attr("href", &format!("#{id}"));
                    a.set_attr("data-focus", id);
                    li.append(&a);
                }
                None => li.set_text_content(Some(&format!("{}: {}", e.label, e.message))),
            }
            list.append(&li);
        }
        set_text(
            "run-errors-title",
            &match self.errors.len() {
                1 => "Fix this to run:".to_string(),
                n => format!("Fix these {n} problems to run:"),
            },
        );
        set_hidden(&el("run-errors-box"), self.errors.is_empty());
        self.sync_run_button();
        self.show_run_summary();
    }

    /// The run bar's summary: what Run will do and roughly how long it takes.
    pub(super) fn show_run_summary(&self) {
        if !self.valid {
            set_text("run-summary", "");
            return;
        }
        let points = wakelab_sim::experiment::points(&self.exp).len();
        let s = |n: usize| if n == 1 { "" } else { "s" };
        let (v, c, i) = (
            self.exp.variants.len(),
            self.exp.client_counts().len(),
            self.exp.iterations as usize,
        );
        let workers = self.slots.len().max(1);
        let est = self.cost.estimate_ms(&self.exp, workers);
        set_text(
            "run-summary",
            &format!(
                "{points} run{}: {v} variant{} × {c} {} count{} × {i} iteration{} · {} · Ctrl+Enter \
                 runs",
                s(points),
                s(v),
                glue::clients_word(&self.exp).trim_end_matches('s'),
                s(c),
                s(i),
                runbar::fmt_duration(est),
            ),
        );
    }

    /// Whether the shown results are for another experiment than the form's, and what happens
    /// next (an automatic run of a cheap experiment, or Run).
    pub(super) fn update_stale(&mut self) {
        let stale = self.run.as_ref().is_some_and(|r| r.exp != self.exp);
        let results = el("results");
        if stale {
            results.set_attr("data-stale", "");
        } else {
            results.remove_attr("data-stale");
        }
        set_hidden(&el("stale-note"), !stale);
        el("plot").set_attr("data-stale", if stale { "true" } else { "false" });
        if stale {
            let action = if !self.valid {
                "Fix the problems listed by the Run button to run it.".to_string()
            } else if self.cheap() {
                "It runs again by itself in a moment.".to_string()
            } else {
                format!(
                    "Press Run (Ctrl+Enter) to update: {}.",
                    runbar::fmt_duration(self.cost.estimate_ms(&self.exp, self.slots.len()))
                )
            };
            set_text("stale-action", &action);
        }
    }

    pub(super) fn cheap(&self) -> bool {
        self.cost.estimate_ms(&self.exp, self.slots.len()) <= runbar::AUTO_RUN_MS
    }

    /// After any change of the form: the title, the address bar, the stale mark, and an
    /// automatic run when the experiment is cheap.
    pub(super) fn after_change(&mut self) {
        // An edit replaces a broken link in the address bar by the form's (the banner keeps
        // the message and its copy button).
        self.keep_address = false;
        self.update_link();
        self.update_stale();
        // every change cancels an automatic run still waiting for quiet
        self.auto_gen = self.auto_gen.wrapping_add(1);
        if self.valid && self.cheap() && self.embed.is_none() {
            let generation = self.auto_gen;
            let cb = Closure::once_into_js(move || {
                super::with_app(|a| {
                    if a.auto_gen == generation {
                        a.start_run(Trigger::Edit);
                    }
                })
            });
            // The handle is not kept: a newer edit bumps `auto_gen`, which turns this callback
            // into a no-op instead of cancelling it. setTimeout itself cannot fail here.
            let _ = crate::dom::window().set_timeout_with_callback_and_timeout_and_arguments_0(
                cb.unchecked_ref(),
                runbar::AUTO_RUN_DELAY_MS,
            );
        }
    }

    /// While the title is not the user's own, it follows the scenario.
    fn retitle(&mut self) {
        if self.title_own {
            return;
        }
        let t = runbar::derived_title(&self.exp);
        if t != self.exp.scenario.title {
            self.exp.scenario.title = t;
            if let Some(i) =
                crate::dom::by_id("f-title").and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            {
                i.set_value(&self.exp.scenario.title);
            }
        }
    }

    pub(super) fn mark_custom(&mut self) {
        if !self.preset.is_empty() {
            self.preset.clear();
            typed::<HtmlSelectElement>("preset").set_value("");
            mark_card("");
            set_text("preset-summary", "A custom experiment.");
            // the gallery's "what Wakelab shows" describes the preset as it was, not this edit
            set_hidden(&el("preset-model"), true);
            set_hidden(&el("preset-results"), true);
        }
    }

    /// Validate, show the messages by their fields, redraw the machine, refresh the JSON;
    /// after an edit (`edited`) also retitle, mark the results stale and maybe re-run.
    pub(super) fn after_edit(&mut self, edited: bool) {
        if edited {
            self.retitle();
        }
        // The core's field checks plus whether the parts fit together (editor::check).
        let errors = crate::editor::check::check(&self.exp);
        self.show_problems(&errors);
        render_machine(&self.exp);
        if let Ok(j) = glue::to_json_pretty(&self.exp) {
            typed::<HtmlTextAreaElement>("json").set_value(&j);
        }
        if edited {
            self.after_change();
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
        self.origin = id.to_string();
        self.published = gallery_published(id);
        self.published_sis = gallery_published_sis(id);
        self.detail = None;
        self.title_own = false;
        self.keep_address = false;
        self.fill_form();
        self.start_run(Trigger::Load);
    }

    pub(super) fn load_machine(&mut self, id: &str) {
        if let Some(m) = presets::machine(id) {
            self.exp.scenario.machine = m;
            self.mark_custom();
            self.retitle();
            self.fill_form();
            self.after_change();
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
            Err(e) => self.show_problems(&[(
                "scenario.workload".into(),
                format!("{kind} needs parameters: {e}; use the JSON editor"),
            )]),
        }
    }

    pub(super) fn apply_json(&mut self) {
        let text = typed::<HtmlTextAreaElement>("json").value();
        let out = el("json-error");
        let parsed = glue::experiment_from_text(&text);
        match parsed {
            Ok(exp) => {
                let err = exp.validate().err();
                self.title_own = runbar::title_is_own(&exp, &self.preset_titles);
                self.exp = exp;
                self.mark_custom();
                self.fill_form();
                self.after_change();
                match err {
                    Some(e) => out.set_text_content(Some(&format!(
                        "Applied, but not valid yet: {}: {}",
                        e.field,
                        runbar::plain_message(&e.message)
                    ))),
                    None => out.set_text_content(Some("Applied.")),
                }
            }
            Err(e) => {
                out.set_text_content(Some(&format!(
                    "Not applied: {}: {}",
                    e.field,
                    runbar::plain_message(&e.message)
                )));
            }
        }
    }
}

/// The form's fields as [`runbar::error_links`] needs them: the editor's and the workload's.
fn field_refs(exp: &Experiment) -> Vec<runbar::FieldRef> {
    let mut refs: Vec<runbar::FieldRef> = crate::editor::fields::fields(exp)
        .into_iter()
        .map(|f| runbar::FieldRef {
            id: f.id,
            path: f.path,
            label: f.label,
        })
        .collect();
    let params = doc()
        .query_selector_all("#workload-params [data-wkey]")
        .expect_throw("querySelectorAll");
    for n in 0..params.length() {
        if let Some(e) = params.item(n).and_then(|x| x.dyn_into::<Element>().ok()) {
            let key = e.get_attribute("data-wkey").unwrap_or_default();
            refs.push(runbar::FieldRef {
                id: e.id(),
                path: format!("scenario.workload.{key}"),
                label: key.replace('_', " "),
            });
        }
    }
    refs
}

/// Show validation messages next to their fields (longest matching `data-for`), clearing the
/// others; mark the field each message names (`links`, in the same order) `aria-invalid`. An
/// empty path goes to the form-wide slot.
fn show_errors(errors: &[(String, String)], links: &[runbar::ErrorLink]) {
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
            e.remove_attr("aria-invalid");
        }
    }
    for (i, (path, message)) in errors.iter().enumerate() {
        let message = runbar::plain_message(message);
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
            // a path deeper than its slot (a step of a program, an entry of a list) keeps the
            // part below the slot, so the message says which step: `[2].run.cycles: ...`
            let text = if f.is_empty() && !path.is_empty() {
                format!("{path}: {message}")
            } else if path.len() > f.len() {
                let below = path[f.len()..].trim_start_matches('.');
                format!("{below}: {message}")
            } else {
                message.clone()
            };
            e.set_text_content(Some(&text));
        }
        if let Some(input) = links
            .get(i)
            .and_then(|l| l.field_id.as_deref())
            .and_then(crate::dom::by_id)
        {
            input.set_attr("aria-invalid", "true");
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
    root.set_attr("aria-label", &format!("Machine picture. {caption}"));
    let small = n > 64;
    for (s, sock) in pic.iter().enumerate() {
        let sd = make("div", "socket", "");
        sd.append(&make("span", "pic-label", &format!("Socket {s}")));
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
            ld.append(&make("span", "pic-label", &label));
            let cd = make("div", if small { "cores small" } else { "cores" }, "");
            for core in &llc.cores {
                let c = make("div", "core", "");
                for (t, cpu) in core.iter().enumerate() {
                    let th = make("span", &format!("thread t{t}"), &cpu.to_string());
                    th.set_attr("title", &format!("CPU {cpu} (thread {t})"));
                    c.append(&th);
                }
                cd.append(&c);
            }
            ld.append(&cd);
            llcs.append(&ld);
        }
        sd.append(&llcs);
        root.append(&sd);
    }
    set_text("machine-caption", &caption);
}
