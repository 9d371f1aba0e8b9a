//! The editor in the page: draws [`fields`] into their sections and reads their text back.
//! Every label is tied to its control, hints and messages are announced through
//! `aria-describedby`, and user text (names, cpulists, programs) is only set as values or
//! `textContent`.

use crate::dom::DomExt;
use serde_json::Value;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};

use super::actions::Action;
use super::fields::{self, FieldSpec, GOVERNORS, Kind, Section};
use crate::dom::{self, append, attr, by_id, doc, make};
use wakelab_sim::scenario::Experiment;
use wakelab_sim::workload::{Interference, WorkloadConfig};

fn button(id: &str, text: &str, action: &str, index: Option<usize>, label: &str) -> Element {
    let b = make("button", "small-button", text);
    attr(&b, "type", "button");
    if !id.is_empty() {
        b.set_id(id);
    }
    attr(&b, "data-action", action);
    if let Some(i) = index {
        attr(&b, "data-index", &i.to_string());
    }
    if !label.is_empty() {
        attr(&b, "aria-label", label);
    }
    b
}

/// Containers of the fixed sections (in web/index.html).
fn container(s: Section) -> &'static str {
    match s {
        Section::Title => "fields-title",
        Section::Experiment => "fields-exp",
        Section::Machine => "ed-machine",
        Section::Pstates => "ed-pstates",
        Section::Freq => "ed-freq",
        Section::HwpController => "ed-hwpctl",
        Section::Variant(_) | Section::Interference(_) | Section::Task(..) => "",
    }
}

/// The control of one field, with its value from `json`.
fn control(f: &FieldSpec, json: &Value) -> Element {
    let text = fields::format(f, json);
    let select = |opts: &[(String, String)]| {
        let s = make("select", "", "");
        for (value, label) in opts {
            let o = make("option", "", label);
            attr(&o, "value", value);
            append(&s, &o);
        }
        s.unchecked_ref::<HtmlSelectElement>().set_value(&text);
        s
    };
    let e = match &f.kind {
        Kind::Select(opts) | Kind::NumSelect(opts) => select(opts),
        Kind::Tri => select(&[
            (String::new(), "version default".into()),
            ("on".into(), "on".into()),
            ("off".into(), "off".into()),
        ]),
        Kind::GovOverride => {
            let mut opts = vec![(String::new(), "the scenario's".to_string())];
            opts.extend(
                GOVERNORS
                    .iter()
                    .map(|(v, l)| (v.to_string(), l.to_string())),
            );
            select(&opts)
        }
        Kind::ClassSelect => select(&[
            ("fair".into(), "SCHED_NORMAL (fair)".into()),
            ("fifo".into(), "SCHED_FIFO (RT)".into()),
        ]),
        Kind::Check | Kind::Toggle(_) | Kind::Patch(_) => {
            let i = make("input", "", "");
            attr(&i, "type", "checkbox");
            i.unchecked_ref::<HtmlInputElement>()
                .set_checked(text == "true");
            i
        }
        Kind::Program => {
            let t = make("textarea", "mono program", "");
            attr(&t, "spellcheck", "false");
            attr(&t, "rows", &text.lines().count().clamp(3, 16).to_string());
            t.unchecked_ref::<HtmlTextAreaElement>().set_value(&text);
            t
        }
        Kind::Int { min, max } | Kind::OptInt { min, max } => {
            let i = make("input", "", "");
            attr(&i, "type", "number");
            attr(&i, "inputmode", "numeric");
            attr(&i, "min", &min.to_string());
            attr(&i, "max", &max.to_string());
            attr(&i, "step", "1");
            i.unchecked_ref::<HtmlInputElement>().set_value(&text);
            i
        }
        Kind::IntList { .. } => {
            let i = make("input", "", "");
            attr(&i, "type", "text");
            attr(&i, "inputmode", "numeric");
            attr(&i, "autocomplete", "off");
            i.unchecked_ref::<HtmlInputElement>().set_value(&text);
            i
        }
        Kind::CpuList { .. } => {
            let i = make("input", "", "");
            attr(&i, "type", "text");
            attr(&i, "autocomplete", "off");
            attr(&i, "spellcheck", "false");
            i.unchecked_ref::<HtmlInputElement>().set_value(&text);
            i
        }
        Kind::Text { max } | Kind::OptText { max } => {
            let i = make("input", "", "");
            attr(&i, "type", "text");
            attr(&i, "autocomplete", "off");
            attr(&i, "maxlength", &max.to_string());
            i.unchecked_ref::<HtmlInputElement>().set_value(&text);
            i
        }
    };
    e.set_id(&f.id);
    attr(&e, "data-path", &f.path);
    attr(&e, "data-editor", "");
    e
}

/// A field with its label, hint and message slot.
fn field_el(f: &FieldSpec, json: &Value) -> Element {
    let c = control(f, json);
    let is_check = matches!(f.kind, Kind::Check | Kind::Toggle(_));
    let wide = matches!(f.kind, Kind::Program);
    // A checkbox with a hint takes the whole row: its hint wraps below it, not beside it.
    let class = match (is_check, wide || !f.hint.is_empty()) {
        (true, true) => "field check wide",
        (true, false) => "field check",
        (false, true) if wide => "field wide",
        _ => "field",
    };
    let wrap = make("div", class, "");
    let label = make("label", "", &f.label);
    attr(&label, "for", &f.id);
    if is_check {
        append(&wrap, &c);
        append(&wrap, &label);
    } else {
        append(&wrap, &label);
        append(&wrap, &c);
    }
    let err_id = format!("{}-error", f.id);
    let mut described = err_id.clone();
    if !f.hint.is_empty() {
        let h = make("small", "hint", &f.hint);
        let hid = format!("{}-hint", f.id);
        h.set_id(&hid);
        described = format!("{hid} {err_id}");
        append(&wrap, &h);
    }
    attr(&c, "aria-describedby", &described);
    if !f.details.is_empty() {
        // folded like a patch's; opened, the field takes the grid's whole row (style.css)
        let det = make("details", "", "");
        append(&det, &make("summary", "", "What it does"));
        append(&det, &make("p", "", &f.details));
        append(&wrap, &det);
    }
    let e = make("p", "field-error", "");
    e.set_id(&err_id);
    attr(&e, "data-for", &f.path);
    attr(&e, "aria-live", "polite");
    append(&wrap, &e);
    wrap
}

/// A patch toggle: checkbox, title, id and landing, explanation folded.
fn patch_el(f: &FieldSpec, json: &Value) -> Element {
    let li = make("li", "patch", "");
    let c = control(f, json);
    let label = make("label", "", &f.label);
    attr(&label, "for", &f.id);
    let meta = make("small", "landed", &f.hint);
    let hid = format!("{}-hint", f.id);
    meta.set_id(&hid);
    attr(&c, "aria-describedby", &hid);
    append(&li, &c);
    append(&li, &label);
    append(&li, &meta);
    if !f.details.is_empty() {
        let det = make("details", "", "");
        append(&det, &make("summary", "", "What it changes"));
        append(&det, &make("p", "", &f.details));
        append(&li, &det);
    }
    li
}

/// One box per variant / interference source / task, built on first use.
struct Boxes {
    /// (section, grid for plain fields, list for patches, grid for sched features)
    list: Vec<(Section, Element, Option<Element>, Option<Element>)>,
}

impl Boxes {
    fn get(&mut self, exp: &Experiment, s: Section) -> (Element, Option<Element>, Option<Element>) {
        if let Some((_, g, p, f)) = self.list.iter().find(|(x, ..)| *x == s) {
            return (g.clone(), p.clone(), f.clone());
        }
        let (parent, legend, remove, kind) = match s {
            Section::Variant(i) => (
                "variants",
                format!("Variant {}", i + 1),
                button(
                    &format!("remove-v{i}"),
                    "Remove",
                    "remove-variant",
                    Some(i),
                    &format!("Remove variant {}", i + 1),
                ),
                "variant",
            ),
            Section::Interference(i) => {
                let what = match &exp.scenario.interference[i] {
                    Interference::Rt(_) => "Periodic RT tasks (rt-app)",
                    Interference::Irq(_) => "Interrupt load",
                    Interference::Hog(_) => "CPU hogs",
                    Interference::Tasks(_) => "Task list",
                };
                (
                    "ed-interference",
                    format!("{} · source {}", what, i + 1),
                    button(
                        &format!("remove-itf{i}"),
                        "Remove",
                        "remove-interference",
                        Some(i),
                        &format!("Remove interference source {}", i + 1),
                    ),
                    "interference",
                )
            }
            Section::Task(templates, j) => {
                let (what, action) = if templates {
                    ("Template", "remove-template")
                } else {
                    ("Task", "remove-task")
                };
                let list = if templates { "templates" } else { "tasks" };
                (
                    if templates {
                        "ed-templates"
                    } else {
                        "ed-tasks"
                    },
                    format!("{what} {j}"),
                    button(
                        &format!("remove-ct-{list}{j}"),
                        "Remove",
                        action,
                        Some(j),
                        &format!("Remove {} {j}", what.to_lowercase()),
                    ),
                    "task",
                )
            }
            _ => unreachable!("fixed sections have containers"),
        };
        let fs = make("fieldset", &format!("item {kind}"), "");
        let lg = make("legend", "", &legend);
        append(&fs, &lg);
        let head = make("div", "item-head", "");
        append(&head, &remove);
        append(&fs, &head);
        let grid = make("div", "grid", "");
        append(&fs, &grid);
        let (patches, feats) = if let Section::Variant(i) = s {
            let p = make("ul", "patches", "");
            attr(&p, "aria-label", &format!("Patches of variant {}", i + 1));
            append(&fs, &p);
            let h = make("h4", "sub", "Sched features");
            append(&fs, &h);
            let f = make("div", "grid", "");
            append(&fs, &f);
            (Some(p), Some(f))
        } else {
            (None, None)
        };
        // Messages about the whole item (e.g. a kernel config that does not resolve).
        let e = make("p", "field-error", "");
        let path = match s {
            Section::Variant(i) => format!("variants[{i}]"),
            Section::Interference(i) => format!("scenario.interference[{i}]"),
            Section::Task(t, j) => format!(
                "scenario.workload.{}[{j}]",
                if t { "templates" } else { "tasks" }
            ),
            _ => String::new(),
        };
        attr(&e, "data-for", &path);
        attr(&e, "aria-live", "polite");
        append(&fs, &e);
        if let Some(p) = by_id(parent) {
            append(&p, &fs);
        }
        self.list
            .push((s, grid.clone(), patches.clone(), feats.clone()));
        (grid, patches, feats)
    }
}

fn clear(id: &str) {
    if let Some(e) = by_id(id) {
        dom::clear(&e);
    }
}

fn set_hidden(id: &str, hidden: bool) {
    if let Some(e) = by_id(id) {
        dom::set_hidden(&e, hidden);
    }
}

/// Draw every editor field of `exp`, keeping the focus on the control that had it.
pub fn render(exp: &Experiment) {
    let focused = doc().active_element().map(|e| e.id()).unwrap_or_default();
    let json = serde_json::to_value(exp).unwrap_or(Value::Null);
    for id in [
        "fields-title",
        "fields-exp",
        "ed-machine",
        "ed-pstates",
        "ed-freq",
        "ed-hwpctl",
        "variants",
        "ed-interference",
        "ed-tasks",
        "ed-templates",
    ] {
        clear(id);
    }
    let mut boxes = Boxes { list: Vec::new() };
    // Variants, interference sources and tasks without fields still get their box.
    for i in 0..exp.variants.len() {
        let (grid, ..) = boxes.get(exp, Section::Variant(i));
        if !fields::governor_only(exp, i) {
            append(
                &grid,
                &make(
                    "p",
                    "hint wide",
                    "This variant has frequency settings of its own beyond the governor: \
                     edit them in the JSON editor below.",
                ),
            );
        }
    }
    for i in 0..exp.scenario.interference.len() {
        let (grid, ..) = boxes.get(exp, Section::Interference(i));
        if let Interference::Tasks(t) = &exp.scenario.interference[i] {
            append(
                &grid,
                &make(
                    "p",
                    "hint wide",
                    &format!(
                        "{} tasks; edit them in the JSON editor below.",
                        t.tasks.len()
                    ),
                ),
            );
        }
    }
    let mut hwpctl = false;
    for f in fields::fields(exp) {
        let dom = if matches!(f.kind, Kind::Patch(_)) {
            patch_el(&f, &json)
        } else {
            field_el(&f, &json)
        };
        let fixed = container(f.section);
        if f.section == Section::HwpController {
            hwpctl = true;
        }
        if !fixed.is_empty() {
            if let Some(c) = by_id(fixed) {
                // The controller's anchors come in groups of six, each under its own heading.
                if f.id.starts_with("f-anchor") && f.id.ends_with("-epp") {
                    let n = f.label.split(':').next().unwrap_or_default();
                    append(&c, &make("h4", "sub wide", n));
                }
                append(&c, &dom);
            }
            continue;
        }
        let (grid, patches, feats) = boxes.get(exp, f.section);
        let target = match (&f.kind, patches, feats) {
            (Kind::Patch(_), Some(p), _) => p,
            (Kind::Tri, _, Some(x)) => x,
            _ => grid,
        };
        append(&target, &dom);
    }
    set_hidden("hwpctl-box", !hwpctl);
    let custom = matches!(exp.scenario.workload, WorkloadConfig::Custom(_));
    set_hidden("ed-custom", !custom);
    if let Some(b) = by_id("add-variant") {
        if exp.variants.len() >= super::actions::MAX_VARIANTS {
            attr(&b, "disabled", "");
        } else {
            b.remove_attr("disabled");
        }
    }
    if exp.variants.len() == 1
        && let Some(b) = by_id("remove-v0")
    {
        attr(&b, "disabled", "");
    }
    if !focused.is_empty()
        && let Some(e) = by_id(&focused).and_then(|e| e.dyn_into::<HtmlElement>().ok())
    {
        // Ignored: moving the focus is a convenience; an element that cannot take it
        // leaves the focus where it was.
        let _ = e.focus();
    }
}

/// The current text of a field's control (`"true"`/`"false"` for checkboxes), or `None` when
/// it is not on the page.
pub fn raw(f: &FieldSpec) -> Option<String> {
    let e = by_id(&f.id)?;
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        return Some(if i.type_() == "checkbox" {
            i.checked().to_string()
        } else {
            i.value()
        });
    }
    if let Some(s) = e.dyn_ref::<HtmlSelectElement>() {
        return Some(s.value());
    }
    e.dyn_ref::<HtmlTextAreaElement>().map(|t| t.value())
}

/// The editor button `target` is (or is inside), if any.
pub fn action_of(target: &Element) -> Option<Action> {
    let b = target.closest("[data-action]").ok().flatten()?;
    if b.has_attribute("disabled") {
        return None;
    }
    let index = b
        .get_attribute("data-index")
        .and_then(|i| i.parse::<usize>().ok());
    Action::parse(&b.get_attribute("data-action")?, index)
}

/// Show a message about the last button in the editor's status line.
pub fn status(message: &str) {
    if let Some(e) = by_id("editor-status") {
        e.set_text_content(Some(message));
    }
}

/// Move the keyboard focus to `id` if it exists.
pub fn focus(id: &str) {
    if let Some(e) = by_id(id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        // Ignored: moving the focus is a convenience; an element that cannot take it
        // leaves the focus where it was.
        let _ = e.focus();
    }
}
