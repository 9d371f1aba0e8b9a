//! The DOM side of "Import a scheduler trace" (data shaping is in [`crate::sched_import`]): the
//! file input and drop zone, the summary tables and per-CPU utilisation bars, the derivation's
//! options (the recording clock, the comm groups ticked in the group table, the minimum bursts:
//! `trace-import --workload`'s `--mhz`, `--groups`, `--min-bursts`) and "Run this workload".
//! The file is read and parsed by a simulation worker (`App::request_import`);
//! this module keeps its own state. Text from the file (comm names, perf's header) is only
//! ever set with `textContent`.

use crate::dom::{DomExt, NodeExt};
use std::cell::RefCell;
use std::collections::BTreeSet;

use plotters::prelude::*;
use wasm_bindgen::prelude::*;
use web_sys::{Element, HtmlCanvasElement, HtmlInputElement};

use crate::app::with_app;
use crate::canvas::MeasuredCanvas;
use crate::dom::{
    clear, el, fit_canvas, listen, make, on_click, set_hidden, set_text, theme, typed,
};
use crate::dto::{ImportTraceDone, TraceSummaryDto};
use crate::sched_import::{self, micros, pct};

#[derive(Default)]
struct State {
    /// The file last loaded (kept to read it again when an option changes).
    file: Option<(web_sys::Blob, String)>,
    /// The comm groups whose box in the group table is cleared (none: every group, the CLI's
    /// default). Reset by a new file.
    unticked: BTreeSet<String>,
    /// The next summary is a new file's: draw the tables again. (A reply to a changed option
    /// only updates the kept counts, so a box keeps its focus and the table its scroll.)
    fresh: bool,
    /// The summary shown and the name of its file.
    done: Option<(ImportTraceDone, String)>,
    /// A file is being read (by a worker).
    reading: bool,
    /// Run was pressed while the file was being read: run its workload when it arrives.
    /// (Editing the clock and then pressing Run reads the file again first: the field's
    /// `change` fires on the button's mousedown.)
    run_when_read: bool,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// Install the panel's handlers (once, at start).
pub(crate) fn install() {
    listen(&el("sched-file"), "change", |_| {
        let input = typed::<HtmlInputElement>("sched-file");
        if let Some(f) = input.files().and_then(|f| f.get(0)) {
            load(f);
        }
        // choosing the same file again (after editing it) fires `change` again
        input.set_value("");
    });
    let card = el("sched-card");
    listen(&card, "dragover", |ev| {
        // accepting the drag is what makes the drop fire
        ev.prevent_default();
        el("sched-card").set_attr("data-drag", "");
    });
    listen(&card, "dragleave", |_| {
        el("sched-card").remove_attr("data-drag")
    });
    listen(&card, "drop", |ev| {
        ev.prevent_default();
        el("sched-card").remove_attr("data-drag");
        let file = ev
            .dyn_ref::<web_sys::DragEvent>()
            .and_then(|d| d.data_transfer())
            .and_then(|t| t.files())
            .and_then(|f| f.get(0));
        if let Some(f) = file {
            load(f);
        }
    });
    listen(&el("sched-mhz"), "change", |_| derive_again());
    listen(&el("sched-min-bursts"), "change", |_| derive_again());
    // the group table's checkboxes (drawn again with each new file): one listener on the table
    listen(&el("sched-groups"), "change", |ev| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(group) = input.get_attribute("data-group") else {
            return;
        };
        STATE.with(|s| {
            let mut s = s.borrow_mut();
            if input.checked() {
                s.unticked.remove(&group);
            } else {
                s.unticked.insert(group);
            }
        });
        derive_again();
    });
    on_click("sched-run", || {
        let reading = STATE.with(|s| {
            let mut s = s.borrow_mut();
            s.run_when_read = s.reading;
            s.reading
        });
        if reading {
            set_text(
                "sched-status",
                "Reading the trace again; its workload runs when it is read…",
            );
        } else {
            run();
        }
    });
}

/// Put the derived workload into the form and run it.
fn run() {
    let picked = STATE.with(|s| {
        let s = s.borrow();
        let (d, name) = s.done.as_ref()?;
        Some((d.workload.clone()?, name.clone()))
    });
    if let Some((json, name)) = picked {
        with_app(|a| {
            if let Err(e) = a.run_derived(&json, &name) {
                on_error(&e);
            }
        });
    }
}

fn load(file: web_sys::File) {
    let name = file.name();
    if let Some(why) = sched_import::size_refusal(file.size()) {
        on_error(&why);
        return;
    }
    let blob: web_sys::Blob = file.into();
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.file = Some((blob.clone(), name.clone()));
        s.unticked.clear();
        s.fresh = true;
    });
    post(blob, name);
}

/// An option of the derivation changed: post the file again with it. The worker that read it
/// keeps its events and derives from them without parsing (`sched_import::LastTrace`); another
/// worker (the pool's choice) reads it anew.
fn derive_again() {
    let file = STATE.with(|s| s.borrow().file.clone());
    if let Some((blob, name)) = file {
        post(blob, name);
    }
}

fn mhz() -> Result<u32, String> {
    let v = typed::<HtmlInputElement>("sched-mhz").value_as_number();
    if v.is_finite() && v >= 1.0 && v <= sched_import::MAX_MHZ as f64 && v.fract() == 0.0 {
        Ok(v as u32)
    } else {
        Err(format!(
            "The recording machine's clock must be a whole number of MHz between 1 and {}.",
            sched_import::MAX_MHZ
        ))
    }
}

/// The comm groups ticked in the group table, as `--groups` (empty: every group).
fn groups() -> Result<Vec<String>, String> {
    STATE.with(|s| {
        let s = s.borrow();
        let shown: Vec<String> = match &s.done {
            // a new file's table is not drawn yet: its boxes are all ticked
            Some((d, _)) if !s.fresh => d.summary.groups.iter().map(|g| g.group.clone()).collect(),
            _ => return Ok(Vec::new()),
        };
        sched_import::chosen_groups(&shown, &s.unticked)
    })
}

fn post(blob: web_sys::Blob, name: String) {
    // the two number fields; the group table's message says where to tick
    let fields = [el("sched-mhz"), el("sched-min-bursts")];
    for f in &fields {
        f.remove_attr("aria-invalid");
    }
    let min_bursts = sched_import::min_bursts_of(
        typed::<HtmlInputElement>("sched-min-bursts").value_as_number(),
    );
    let options = match (mhz(), min_bursts, groups()) {
        (Err(e), _, _) => Err((0, e)),
        (_, Err(e), _) => Err((1, e)),
        (_, _, Err(e)) => Err((2, e)),
        (Ok(m), Ok(b), Ok(g)) => Ok((m, b, g)),
    };
    let (mhz, min_bursts, groups) = match options {
        Ok(o) => o,
        Err((field, e)) => {
            // the workload shown is not the options' any more: nothing to run until they are,
            // and a derivation still in flight (the previous options') is not shown
            with_app(|a| a.cancel_import());
            if let Some(f) = fields.get(field) {
                f.set_attr("aria-invalid", "true");
            }
            el("sched-run").set_attr("disabled", "");
            clear(&el("sched-derived"));
            return on_error(&e);
        }
    };
    set_hidden(&el("sched-error"), true);
    el("sched-card").set_attr("data-state", "running");
    STATE.with(|s| s.borrow_mut().reading = true);
    set_text(
        "sched-status",
        &format!("Reading {name} ({:.1} MB) in a worker…", blob.size() / 1e6),
    );
    with_app(|a| a.request_import(blob, mhz, groups, min_bursts));
}

/// The worker could not read the trace (or the import was refused): the parser's message,
/// which names the line; any summary shown stays.
pub(crate) fn on_error(message: &str) {
    let err = el("sched-error");
    err.set_text_content(Some(message));
    set_hidden(&err, false);
    set_text("sched-status", "");
    el("sched-card").set_attr("data-state", "error");
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.reading = false;
        s.run_when_read = false;
    });
}

/// The worker read the trace: show its summary and offer its workload.
pub(crate) fn on_done(d: ImportTraceDone) {
    let name = STATE.with(|s| {
        s.borrow()
            .file
            .as_ref()
            .map(|f| f.1.clone())
            .unwrap_or_default()
    });
    set_hidden(&el("sched-error"), true);
    set_text(
        "sched-status",
        &if d.reused {
            format!(
                "Derived again from {name}'s events, kept by the worker that read it, in {:.0} ms.",
                d.elapsed_ms
            )
        } else {
            format!("Read {name} in {:.0} ms.", d.elapsed_ms)
        },
    );
    if STATE.with(|s| std::mem::take(&mut s.borrow_mut().fresh)) {
        render(&d.summary);
    } else {
        update_kept(&d.summary);
    }
    let derived = el("sched-derived");
    clear(&derived);
    match (&d.workload, &d.derive_error) {
        (Some(_), _) => {
            el("sched-run").remove_attr("disabled");
            derived.append(&make(
                "p",
                "",
                &format!(
                    "Derived workload: {} tasks in a closed loop (who wakes whom and the CPU \
                     bursts between wake-ups, at {} MHz), from {} with at least {} bursts \
                     each. Run replaces the form's workload and interference with it and runs \
                     it once per variant (1 client) on the form's machine.",
                    d.derived_tasks,
                    d.mhz,
                    if d.groups.is_empty() {
                        "every comm group".to_string()
                    } else {
                        format!("the {} ticked comm groups", d.groups.len())
                    },
                    d.min_bursts
                ),
            ));
        }
        (None, why) => {
            el("sched-run").set_attr("disabled", "");
            derived.append(&make(
                "p",
                "",
                &format!(
                    "No workload could be derived: {}",
                    why.as_deref().unwrap_or("no task qualifies")
                ),
            ));
        }
    }
    for n in &d.derive_notes {
        derived.append(&make("p", "note", n));
    }
    if let Some(cmd) = sched_import::cli_command(&name, d.mhz, &d.groups, d.min_bursts) {
        let p = make("p", "note sched-cli", "The CLI derives the same: ");
        p.append(&make("code", "", &cmd));
        derived.append(&p);
    }
    el("sched-card").set_attr("data-state", "done");
    let run_now = STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.done = Some((d, name));
        s.reading = false;
        std::mem::take(&mut s.run_when_read)
    });
    redraw();
    if run_now {
        // on_done runs inside the app's worker-reply handler: run after it returns
        let cb = Closure::once_into_js(run);
        // Ignored: setTimeout cannot fail here; without it Run can be pressed again.
        let _ = crate::dom::window()
            .set_timeout_with_callback_and_timeout_and_arguments_0(cb.unchecked_ref(), 0);
    }
}

fn row(cells: &[(&str, String)], head: &str) -> Element {
    let tr = make("tr", "", "");
    tr.append(&make("th", "", head));
    for (class, text) in cells {
        tr.append(&make("td", class, text));
    }
    tr
}

fn table(id: &str, headers: &[&str], rows: Vec<Element>) {
    let t = el(id);
    clear(&t);
    let thead = make("thead", "", "");
    let tr = make("tr", "", "");
    for h in headers {
        tr.append(&make("th", "", h));
    }
    thead.append(&tr);
    t.append(&thead);
    let tbody = make("tbody", "", "");
    for r in rows {
        tbody.append(&r);
    }
    t.append(&tbody);
}

/// The group table's first cell: a checkbox (is the group in the derived workload) labelled
/// with the group's name.
fn group_box(group: &str, ticked: bool) -> Element {
    let label = make("label", "sched-group", "");
    let input: HtmlInputElement = make("input", "", "").unchecked_into();
    input.set_attr("type", "checkbox");
    input.set_attr("data-group", group);
    input.set_checked(ticked);
    label.append(&input);
    label.append(&make("span", "", group));
    label
}

/// A new derivation of the file shown: only the kept counts change.
fn update_kept(s: &TraceSummaryDto) {
    let rows = el("sched-groups").query_selector_all("tbody tr[data-group]");
    let Ok(rows) = rows else { return };
    for i in 0..rows.length() {
        let Some(tr) = rows.item(i).and_then(|n| n.dyn_into::<Element>().ok()) else {
            continue;
        };
        let group = tr.get_attribute("data-group").unwrap_or_default();
        if let (Some(g), Ok(Some(td))) = (
            s.groups.iter().find(|g| g.group == group),
            tr.query_selector("td.kept"),
        ) {
            td.set_text_content(Some(&format!("{} ({})", g.tasks, g.kept)));
        }
    }
}

fn render(s: &TraceSummaryDto) {
    let unticked = STATE.with(|st| st.borrow().unticked.clone());
    set_hidden(&el("sched-summary"), false);
    set_text(
        "sched-overview",
        &format!(
            "{}: {} CPUs, {:.1} ms, {} tasks, {} context switches, {} wake-ups ({} onto idle \
             CPUs), {} migrations ({} at wake-up).",
            s.source,
            s.nr_cpus,
            s.span_ms,
            s.tasks,
            s.context_switches,
            s.wakeups,
            pct(s.woken_to_idle),
            s.migrations,
            s.wake_migrations
        ),
    );
    let meta = el("sched-meta");
    clear(&meta);
    for (k, v) in &s.meta {
        meta.append(&make("li", "", &format!("{k}: {v}")));
    }
    if !s.skipped.is_empty() {
        let list: Vec<String> = s.skipped.iter().map(|(k, v)| format!("{k} {v}")).collect();
        meta.append(&make(
            "li",
            "",
            &format!("skipped events: {}", list.join(", ")),
        ));
    }
    let num = "num";
    table(
        "sched-groups",
        &[
            "comm group (in the workload)",
            "tasks (kept)",
            "CPU",
            "run p50",
            "run p90",
            "burst p50",
            "burst p90",
            "sleep p50",
            "wake-ups issued per block",
            "woken onto idle CPU",
            "migrations (at wake-up)",
        ],
        s.groups
            .iter()
            .map(|g| {
                let tr = row(
                    &[
                        ("num kept", format!("{} ({})", g.tasks, g.kept)),
                        (num, pct(Some(g.cpu_share))),
                        (num, micros(g.run_p50_us)),
                        (num, micros(g.run_p90_us)),
                        (num, micros(g.burst_p50_us)),
                        (num, micros(g.burst_p90_us)),
                        (num, micros(g.sleep_p50_us)),
                        (
                            num,
                            g.wakes_per_block.map_or("–".into(), |w| format!("{w:.2}")),
                        ),
                        (num, pct(g.woken_to_idle)),
                        (num, format!("{} ({})", g.migrations, g.wake_migrations)),
                    ],
                    "",
                );
                tr.set_attr("data-group", &g.group);
                if let Some(th) = tr.first_element_child() {
                    th.append(&group_box(&g.group, !unticked.contains(&g.group)));
                }
                tr
            })
            .collect(),
    );
    table(
        "sched-edges",
        &["waker", "wakee", "wake-ups", "share", "onto idle"],
        s.edges
            .iter()
            .map(|e| {
                row(
                    &[
                        ("name", e.wakee.clone()),
                        (num, e.count.to_string()),
                        (num, pct(Some(e.share))),
                        (num, pct(Some(e.to_idle))),
                    ],
                    &e.waker,
                )
            })
            .collect(),
    );
    let has_freq = s.cpus.iter().any(|c| c.mean_mhz.is_some());
    let has_idle = s.cpus.iter().any(|c| !c.idle_states.is_empty());
    let mut heads = vec!["CPU", "busy", "context switches"];
    if has_freq {
        heads.push("mean MHz");
    }
    if has_idle {
        heads.push("idle-state residency");
    }
    table(
        "sched-cpus",
        &heads,
        s.cpus
            .iter()
            .map(|c| {
                let mut cells = vec![
                    (num, pct(Some(c.busy))),
                    (num, c.context_switches.to_string()),
                ];
                if has_freq {
                    cells.push((num, c.mean_mhz.map_or("–".into(), |m| format!("{m:.0}"))));
                }
                if has_idle {
                    let states: Vec<String> = c
                        .idle_states
                        .iter()
                        .map(|(st, sh)| format!("state {st}: {}", pct(Some(*sh))))
                        .collect();
                    cells.push(("name", states.join(", ")));
                }
                row(&cells, &c.cpu.to_string())
            })
            .collect(),
    );
    let notes = el("sched-notes");
    clear(&notes);
    for n in &s.notes {
        notes.append(&make("li", "", n));
    }
}

/// Draw the per-CPU bars again (resize, colour scheme).
pub(crate) fn redraw() {
    STATE.with(|s| {
        if let Some((d, _)) = &s.borrow().done
            && let Err(e) = draw_cpus(&d.summary)
        {
            crate::dom::report_error("drawing the per-CPU chart", &e);
        }
    });
}

fn draw_cpus(s: &TraceSummaryDto) -> Result<(), String> {
    let canvas: HtmlCanvasElement = typed("sched-cpu-canvas");
    let chart = sched_import::cpu_chart(s);
    let dpr = fit_canvas(&canvas);
    let backend = MeasuredCanvas::new(&canvas).ok_or("the canvas has no 2d context")?;
    wakelab_plot::draw_bar_chart(backend.into_drawing_area(), &chart, &theme(dpr))?;
    canvas.set_attr("data-categories", &chart.categories.join("|"));
    Ok(())
}
