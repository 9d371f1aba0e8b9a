//! Plain Rust between the core and the page (tested natively): running jobs for the worker,
//! and turning reports and timelines into chart and table inputs for the main thread.

use std::collections::BTreeMap;

use wakelab_plot::{TimelineChart, TimelineLane};
use wakelab_sim::experiment::{self, DetailOptions, PointResult};
use wakelab_sim::report::ExperimentReport;
use wakelab_sim::scenario::Experiment;
use wakelab_sim::topology::{MachineShape, Topology};

use crate::dto::{
    DetailDone, DetailJob, FreqDto, PointJob, RunnableDto, SegDto, ShadowDto, WakeDto,
};

/// Read a share link (a URL, `#w1...` or `w1...`) into its DTO and the validated experiment.
///
/// Uses wakelab-link's envelope and DTO, but deserializes the experiment here with the same
/// code the page uses everywhere else (one copy of the core's deserializers in the wasm); a
/// type error is located with `wakelab_link::located_serde_error`, which needs no second
/// copy, so the page names the same field as the CLI.
pub fn decode_link(input: &str) -> Result<(wakelab_link::LinkV1, Experiment), String> {
    let json = wakelab_link::decode_payload(input).map_err(|e| e.to_string())?;
    let link = wakelab_link::parse_content(&json).map_err(|e| e.to_string())?;
    let doc = link.experiment.to_document().map_err(|e| e.to_string())?;
    let exp = match serde_json::from_value::<Experiment>(doc.clone()) {
        Ok(exp) => exp,
        // Name the field, as the native decoder does, by searching with this same reader.
        Err(e) => {
            let good = link.experiment.reference_document();
            return Err(
                wakelab_link::located_serde_error(&doc, &good, e.to_string(), |v| {
                    serde_json::from_value::<Experiment>(v.clone()).is_ok()
                })
                .to_string(),
            );
        }
    };
    exp.validate()
        .map_err(|e| format!("the experiment in the link is invalid: {e}"))?;
    link.view.validate(&exp).map_err(|e| e.to_string())?;
    Ok((link, exp))
}

/// The experiment as compact JSON (through `serde_json::Value`, which the page needs anyway).
pub fn to_json<T: serde::Serialize>(v: &T) -> Result<String, String> {
    serde_json::to_value(v)
        .map(|v| v.to_string())
        .map_err(|e| e.to_string())
}

/// Pretty JSON through `serde_json::Value`.
pub fn to_json_pretty<T: serde::Serialize>(v: &T) -> Result<String, String> {
    serde_json::to_value(v)
        .and_then(|v| serde_json::to_string_pretty(&v))
        .map_err(|e| e.to_string())
}

/// Most wake-ups a detail reply lists.
pub const MAX_WAKES: usize = 4000;
/// Longest timeline window (ms): longer windows are unreadable and heavy to ship.
pub const MAX_WINDOW_MS: f64 = 200.0;

/// The worker's progress callback: (simulated ns, duration ns) -> keep going.
pub type ProgressFn<'a> = &'a mut dyn FnMut(u64, u64) -> bool;

/// Run one point; the result as the core's point JSON.
pub fn run_point(job: &PointJob, progress: Option<ProgressFn<'_>>) -> Result<String, String> {
    let exp = Experiment::from_json(&job.experiment).map_err(|e| e.to_string())?;
    let r = experiment::run_point(
        &exp,
        job.variant as usize,
        job.clients,
        job.iteration,
        progress,
    )
    .map_err(|e| e.to_string())?;
    serde_json::to_string(&r).map_err(|e| e.to_string())
}

/// Parse a point result sent by a worker.
pub fn parse_point(json: &str) -> Result<PointResult, String> {
    serde_json::from_str(json).map_err(|e| format!("malformed point result: {e}"))
}

/// Run one point with a timeline window (and an explanation when asked).
pub fn run_detail(job: &DetailJob, progress: Option<ProgressFn<'_>>) -> Result<DetailDone, String> {
    let exp = Experiment::from_json(&job.experiment).map_err(|e| e.to_string())?;
    if !(job.window_end_ms > job.window_start_ms && job.window_start_ms >= 0.0) {
        return Err("the timeline window must start at 0 ms or later and end after it".into());
    }
    if job.window_end_ms - job.window_start_ms > MAX_WINDOW_MS {
        return Err(format!(
            "the timeline window is limited to {MAX_WINDOW_MS} ms"
        ));
    }
    let (w0, w1) = (
        (job.window_start_ms * 1e6) as u64,
        (job.window_end_ms * 1e6) as u64,
    );
    // a variant with another kernel than the first: count the decisions it takes differently
    let v = job.variant as usize;
    let shadow_kernel = (v != 0
        && v < exp.variants.len()
        && exp.variant_scenario(0).kernel != exp.variant_scenario(v).kernel)
        .then(|| exp.variant_scenario(0).kernel);
    let d = experiment::run_point_detailed(
        &exp,
        v,
        job.clients,
        job.iteration,
        DetailOptions {
            window: Some((w0, w1)),
            explain_decision: job.explain,
            shadow_kernel,
        },
        progress,
    )
    .map_err(|e| e.to_string())?;
    let nr_cpus = d.result.cpu_busy_pct.len() as u32;
    let engine = &exp.scenario.engine;
    let notes = recording_notes(
        &d,
        engine.max_wakeup_records,
        engine.max_timeline_segments,
        w0,
    );
    let segs = d
        .timeline
        .iter()
        .filter(|s| s.end > w0 && s.start < w1 && s.task.is_some())
        .map(|s| SegDto {
            cpu: s.cpu as u32,
            start_ns: s.start.max(w0),
            end_ns: s.end.min(w1),
            task: s.task,
        })
        .collect();
    // Each CPU's frequency at the window start, then the changes inside the window.
    let mut at_start: BTreeMap<u32, FreqDto> = BTreeMap::new();
    let mut freq = Vec::new();
    let mut max_khz = 0u32;
    for f in &d.freq_samples {
        max_khz = max_khz.max(f.khz);
        let dto = FreqDto {
            cpu: f.cpu as u32,
            t_ns: f.t_ns,
            khz: f.khz,
        };
        if f.t_ns <= w0 {
            at_start.insert(dto.cpu, FreqDto { t_ns: w0, ..dto });
        } else if f.t_ns < w1 {
            freq.push(dto);
        }
    }
    let mut all: Vec<FreqDto> = at_start.into_values().collect();
    all.extend(freq);
    let max_mhz = if max_khz > 0 {
        max_khz as f64 / 1000.0
    } else {
        d.result.cpu_avg_mhz.iter().copied().max().unwrap_or(1000) as f64
    };
    let runnable = d
        .runnable
        .iter()
        .filter(|r| r.t_ns >= w0 && r.t_ns < w1)
        .map(|r| RunnableDto {
            cpu: r.cpu as u32,
            t_ns: r.t_ns,
            nr: r.nr,
        })
        .collect();
    let wakes = d
        .wake_records
        .iter()
        .filter(|w| w.t_ns >= w0 && w.t_ns < w1)
        .take(MAX_WAKES)
        .map(|w| WakeDto {
            t_ns: w.t_ns,
            task: w.task,
            waker: w.waker,
            waker_cpu: w.waker_cpu as u32,
            new_task: w.new_task,
            sync: w.sync,
            prev_cpu: w.prev_cpu as u32,
            cpu: w.cpu as u32,
            rule: format!("{:?}", w.rule),
            decision: w.decision,
        })
        .collect();
    Ok(DetailDone {
        job: job.job,
        variant: job.variant,
        clients: job.clients,
        iteration: job.iteration,
        window_start_ms: job.window_start_ms,
        window_end_ms: job.window_end_ms,
        nr_cpus,
        max_mhz,
        task_names: d.task_names.clone(),
        segs,
        freq: all,
        runnable,
        wakes,
        value: d.result.value,
        unit: d.result.metric.unit().to_string(),
        explain: job.explain,
        // the placement decision, then (6.18) the wake-up preemption check that followed it
        explanation: d.explanation.as_ref().map(|e| {
            let mut text = job
                .explain
                .and_then(|x| d.wake_records.iter().find(|w| w.decision == x))
                .map(|w| explained_wake_header(&d.task_names, w) + "\n\n")
                .unwrap_or_default();
            text.push_str(&wakelab_sim::placement::explain::render_events(e));
            if let Some(p) = job.explain.and_then(|x| d.explain_wake_preempt(x)) {
                text.push('\n');
                text.push_str(&p);
            }
            text
        }),
        elapsed_ms: 0.0,
        notes,
        shadow: d.shadow.map(|s| ShadowDto {
            against: exp.variants[0].name.clone(),
            decisions: s.decisions,
            differ_cpu: s.differ_cpu,
            differ_state: s.differ_state,
            differ_cost: s.differ_cost,
        }),
        segments_missing_from_ms: (engine.max_timeline_segments > 0
            && d.timeline.len() >= engine.max_timeline_segments)
            .then(|| d.timeline.iter().map(|s| s.end).max().unwrap_or(w0) as f64 / 1e6),
    })
}

/// The sentence under the timeline: how many of the whole run's placement decisions the first
/// variant's kernel takes differently on the same states.
pub fn shadow_sentence(s: &ShadowDto) -> String {
    let pct = |n: u64| {
        if s.decisions == 0 {
            0.0
        } else {
            n as f64 * 100.0 / s.decisions as f64
        }
    };
    if s.differ_cpu + s.differ_state + s.differ_cost == 0 {
        return format!(
            "Against {}: each of the whole run's {} placement decisions, taken again under its \
             kernel on the same state, comes out the same: this variant's kernel changes no \
             decision here.",
            s.against, s.decisions
        );
    }
    format!(
        "Against {}: of the whole run's {} placement decisions, taken again under its kernel on \
         the same state, {} ({:.2}%) pick another CPU, {} ({:.2}%) the same CPU but leave \
         other placement state (recent_used_cpu, has_idle_cores, ...), {} ({:.2}%) the same \
         at another search cost.",
        s.against,
        s.decisions,
        s.differ_cpu,
        pct(s.differ_cpu),
        s.differ_state,
        pct(s.differ_state),
        s.differ_cost,
        pct(s.differ_cost)
    )
}

/// What the recording bounds (`engine.max_wakeup_records`, `engine.max_timeline_segments`,
/// docs/limits.md) left out of a detailed run whose window starts at `w0` ns: wake-ups and
/// frequency changes are recorded from the run's start, so on a big machine the bound can be
/// reached before the window; timeline segments are recorded in the window only.
pub fn recording_notes(
    d: &experiment::PointDetail,
    wake_cap: usize,
    seg_cap: usize,
    w0: u64,
) -> Vec<String> {
    let ms = |ns: u64| ns as f64 / 1e6;
    let mut notes = Vec::new();
    if wake_cap > 0 && d.wake_records.len() >= wake_cap {
        let last = d.wake_records.last().map_or(0, |w| w.t_ns);
        notes.push(format!(
            "Wake-ups are recorded up to engine.max_wakeup_records ({wake_cap}), reached at \
             {:.1} ms{}. Raise it in the JSON editor (at most 1000000) or pick an earlier window.",
            ms(last),
            if last < w0 {
                ", before this window: none are listed"
            } else {
                ": later ones are missing"
            }
        ));
    }
    if seg_cap > 0 && d.timeline.len() >= seg_cap {
        let last = d.timeline.iter().map(|s| s.end).max().unwrap_or(0);
        notes.push(format!(
            "The timeline reached engine.max_timeline_segments ({seg_cap}) at {:.1} ms: later \
             segments are not drawn; pick a shorter window or raise the bound.",
            ms(last)
        ));
    }
    if seg_cap > 0 && d.freq_samples.len() >= seg_cap {
        let last = d.freq_samples.last().map_or(0, |f| f.t_ns);
        notes.push(format!(
            "Frequency changes are recorded up to engine.max_timeline_segments ({seg_cap}), \
             reached at {:.1} ms: the frequency strips hold their last level after it.",
            ms(last)
        ));
    }
    notes
}

/// The order the page hands points to the workers: the most expensive (most clients) first,
/// so the pool does not end waiting on one long point; the report does not depend on it.
pub fn job_order(exp: &Experiment) -> Vec<(usize, u32, u32)> {
    let mut v = experiment::points(exp);
    v.sort_by_key(|&(var, c, it)| (it, std::cmp::Reverse(c), var));
    v
}

/// mean, min, max and count of one variant at one client count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cell {
    pub mean: f64,
    pub min: f64,
    pub max: f64,
    pub n: usize,
}

/// One row of the results summary: a client count, each variant's cell, and each variant's
/// difference to the first variant in percent (positive = better).
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryRow {
    pub clients: u32,
    pub cells: Vec<Option<Cell>>,
    pub gain_pct: Vec<Option<f64>>,
}

/// The per-client summary of a report (means as in [`ExperimentReport::curves`]).
pub fn summary(report: &ExperimentReport) -> Vec<SummaryRow> {
    let curves = report.curves();
    report
        .clients
        .iter()
        .enumerate()
        .map(|(ci, &c)| {
            let cells: Vec<Option<Cell>> = (0..report.variants.len())
                .map(|v| {
                    let s = &report.samples[v][ci];
                    let mean = curves[v].1.iter().find(|p| p.0 == c as f64).map(|p| p.1)?;
                    Some(Cell {
                        mean,
                        min: s.iter().copied().fold(f64::INFINITY, f64::min),
                        max: s.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                        n: s.len(),
                    })
                })
                .collect();
            let gain_pct = cells
                .iter()
                .map(|cell| {
                    let (b, x) = (cells.first()?.as_ref()?, cell.as_ref()?);
                    gain_pct(b.mean, x.mean, report.higher_is_better)
                })
                .collect();
            SummaryRow {
                clients: c,
                cells,
                gain_pct,
            }
        })
        .collect()
}

/// Difference of `x` to `base` in percent, positive = better (mmtests' convention: for times,
/// lower is better, so the sign flips). None when `base` is 0.
pub fn gain_pct(base: f64, x: f64, higher_is_better: bool) -> Option<f64> {
    if base == 0.0 {
        return None;
    }
    let d = (x - base) / base * 100.0;
    Some(if higher_is_better { d } else { -d })
}

/// The published numbers of a gallery preset (baseline, patched) for one row of the results
/// table, with their difference in percent (positive = better).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PublishedCells {
    pub base: f64,
    pub patched: f64,
    pub gain_pct: Option<f64>,
}

/// Published cells for each row of [`summary`] (same order; None where the publication has no
/// figure for that client count). Client counts only the publication has are on the chart, not
/// in the table, whose rows are the simulation's.
pub fn published_cells(
    report: &ExperimentReport,
    published: &[(u32, f64, f64)],
) -> Vec<Option<PublishedCells>> {
    report
        .clients
        .iter()
        .map(|c| {
            let &(_, base, patched) = published.iter().find(|p| p.0 == *c)?;
            Some(PublishedCells {
                base,
                patched,
                gain_pct: gain_pct(base, patched, report.higher_is_better),
            })
        })
        .collect()
}

/// Compact number for tick labels and tables.
pub fn fmt_num(v: f64) -> String {
    let a = v.abs();
    if a >= 1000.0 {
        format!("{v:.0}")
    } else if a >= 100.0 {
        format!("{v:.1}")
    } else if a >= 1.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.4}")
    }
}

/// The results chart (shared with the CLI's `--svg`/`--png`, see wakelab-plot's `report`).
pub use wakelab_plot::report::report_chart;

/// The per-CPU timeline chart of a detail reply. Tasks are coloured in order of first
/// appearance so a client/server pair gets two neighbouring colours.
pub fn timeline_chart(d: &DetailDone, selected: Option<usize>) -> TimelineChart {
    let mut colour: BTreeMap<u32, usize> = BTreeMap::new();
    let mut order: Vec<u32> = Vec::new();
    let mut segs = d.segs.clone();
    segs.sort_by_key(|s| (s.start_ns, s.cpu));
    for s in &segs {
        if let Some(t) = s.task
            && !colour.contains_key(&t)
        {
            colour.insert(t, order.len());
            order.push(t);
        }
    }
    let name = |t: u32| {
        d.task_names
            .get(t as usize)
            .cloned()
            .unwrap_or_else(|| format!("task {t}"))
    };
    let ms = |ns: u64| ns as f64 / 1e6;
    let mut lanes: Vec<TimelineLane> = (0..d.nr_cpus)
        .map(|c| TimelineLane {
            label: format!("CPU {c}"),
            ..TimelineLane::default()
        })
        .collect();
    for s in &segs {
        if let (Some(t), Some(l)) = (s.task, lanes.get_mut(s.cpu as usize)) {
            l.segs.push((ms(s.start_ns), ms(s.end_ns), colour[&t]));
        }
    }
    for f in &d.freq {
        if let Some(l) = lanes.get_mut(f.cpu as usize) {
            l.freq.push((ms(f.t_ns), f.khz as f64 / 1000.0));
        }
    }
    let mut max_runnable = 0;
    for r in &d.runnable {
        if let Some(l) = lanes.get_mut(r.cpu as usize) {
            l.runnable.push((ms(r.t_ns), r.nr));
            max_runnable = max_runnable.max(r.nr);
        }
    }
    for l in &mut lanes {
        l.freq.sort_by(|a, b| a.0.total_cmp(&b.0));
        l.runnable.sort_by(|a, b| a.0.total_cmp(&b.0));
    }
    let mut legend: Vec<(String, usize)> = order
        .iter()
        .take(12)
        .map(|&t| (name(t), colour[&t]))
        .collect();
    if order.len() > 12 {
        legend.push((
            format!("… {} more tasks (colours repeat)", order.len() - 12),
            7,
        ));
    }
    TimelineChart {
        title: String::new(),
        t0_ms: d.window_start_ms,
        t1_ms: d.window_end_ms,
        lanes,
        max_mhz: d.max_mhz,
        marks: d
            .wakes
            .iter()
            .map(|w| (ms(w.t_ns), w.cpu as usize))
            .collect(),
        selected,
        legend,
        max_runnable,
    }
}

/// One line describing a wake-up, for the list next to the timeline.
pub fn describe_wake(d: &DetailDone, w: &WakeDto) -> String {
    let name = task_name(&d.task_names, w.task);
    let moved = if w.cpu == w.prev_cpu {
        format!("stays on CPU {}", w.cpu)
    } else {
        format!("CPU {} → CPU {}", w.prev_cpu, w.cpu)
    };
    format!(
        "{:.3} ms  {name}: {moved} ({}, {})",
        w.t_ns as f64 / 1e6,
        woken_by(&d.task_names, w.waker, w.waker_cpu, w.new_task, w.sync),
        w.rule
    )
}

fn task_name(names: &[String], task: u32) -> String {
    names
        .get(task as usize)
        .cloned()
        .unwrap_or_else(|| format!("task {task}"))
}

/// Who ran a wake-up, as a trace names it: `sched_waking`'s `current` (the waker's own step,
/// the parent at a fork, the task an interrupt interrupted), or the idle task.
fn woken_by(names: &[String], waker: Option<u32>, cpu: u32, new_task: bool, sync: bool) -> String {
    let sync = if sync { ", WF_SYNC" } else { "" };
    match (waker, new_task) {
        (Some(t), true) => format!("forked by {} on CPU {cpu}", task_name(names, t)),
        (None, true) => format!("started by the scenario, from CPU {cpu}"),
        (Some(t), false) => format!("woken by {} on CPU {cpu}{sync}", task_name(names, t)),
        (None, false) => format!("woken from idle/irq on CPU {cpu}{sync}"),
    }
}

/// The first lines of "explain this wake-up": the wake-up itself, whom it woke, who ran it and
/// where it went, before the decision's trace.
fn explained_wake_header(names: &[String], w: &wakelab_sim::engine::WakeRecord) -> String {
    format!(
        "Wake-up #{} at {:.6} ms: {} (task {}),\n  {}; prev CPU {}, chosen CPU {} ({:?}).",
        w.decision,
        w.t_ns as f64 / 1e6,
        task_name(names, w.task),
        w.task,
        woken_by(names, w.waker, w.waker_cpu as u32, w.new_task, w.sync),
        w.prev_cpu,
        w.cpu,
        w.rule
    )
}

/// The wake-up nearest to `t_ms` on `cpu` within `tol_ms`, as an index into `d.wakes`.
pub fn nearest_wake(d: &DetailDone, t_ms: f64, cpu: usize, tol_ms: f64) -> Option<usize> {
    d.wakes
        .iter()
        .enumerate()
        .filter(|(_, w)| w.cpu as usize == cpu)
        .map(|(i, w)| (i, (w.t_ns as f64 / 1e6 - t_ms).abs()))
        .filter(|&(_, dt)| dt <= tol_ms)
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(i, _)| i)
}

/// A machine as the picture draws it: sockets > LLCs > cores > CPU numbers of the threads.
#[derive(Clone, Debug, PartialEq)]
pub struct SocketPic {
    pub llcs: Vec<LlcPic>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LlcPic {
    /// Capacity of the LLC's CPUs (1024 scale) when the machine is asymmetric.
    pub capacity: Option<u16>,
    /// Each core's CPU numbers, by thread.
    pub cores: Vec<Vec<u16>>,
}

/// Most CPUs the picture draws individually.
pub const MAX_PICTURE_CPUS: usize = 512;

pub fn machine_picture(shape: &MachineShape) -> Result<Vec<SocketPic>, String> {
    let topo = Topology::new(shape).map_err(|e| e.to_string())?;
    let n = topo.nr_cpus();
    if n > MAX_PICTURE_CPUS {
        return Err(format!("{n} CPUs: too many to draw"));
    }
    // socket -> llc -> core -> threads
    /// core -> (thread, cpu)
    type Cores = BTreeMap<u16, Vec<(u8, u16)>>;
    let mut tree: BTreeMap<u16, BTreeMap<u16, Cores>> = BTreeMap::new();
    for cpu in 0..n as u16 {
        let p = topo.place(cpu);
        tree.entry(p.socket)
            .or_default()
            .entry(p.llc)
            .or_default()
            .entry(p.core)
            .or_default()
            .push((p.thread, cpu));
    }
    let asym = topo.is_asymmetric();
    Ok(tree
        .into_values()
        .map(|llcs| SocketPic {
            llcs: llcs
                .into_values()
                .map(|cores| {
                    let cores: Vec<Vec<u16>> = cores
                        .into_values()
                        .map(|mut t| {
                            t.sort_unstable();
                            t.into_iter().map(|(_, c)| c).collect()
                        })
                        .collect();
                    let capacity = asym.then(|| topo.arch_capacity(cores[0][0]));
                    LlcPic { capacity, cores }
                })
                .collect(),
        })
        .collect())
}

/// Parse a client list such as `1, 2, 4, 8` (empty = the topology-aware default).
/// An experiment from the JSON editor's text: the core's bounded reader, then serde with the
/// path of the field a type error is in (`variants[0].kernel.version`), not just a column.
pub fn experiment_from_text(
    text: &str,
) -> Result<Experiment, wakelab_sim::scenario::ScenarioError> {
    let v = wakelab_sim::scenario::read_json(text)?;
    serde_path_to_error::deserialize::<_, Experiment>(v).map_err(|e| {
        let path = e.path().to_string();
        wakelab_sim::scenario::ScenarioError {
            field: if path == "." {
                "experiment".into()
            } else {
                path
            },
            message: e.into_inner().to_string(),
        }
    })
}

/// What the x axis counts: hackbench runs groups (of 20 senders and 20 receivers each), every
/// other workload clients.
pub fn clients_word(exp: &Experiment) -> &'static str {
    if exp.scenario.workload.kind() == "hackbench" {
        "groups"
    } else {
        "clients"
    }
}

/// The PNG export's size from its picker ("1920x1080"); anything else is 1920 x 1080.
pub fn png_size(value: &str) -> (u32, u32) {
    value
        .split_once('x')
        .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
        .filter(|&(w, h): &(u32, u32)| (320..=3840).contains(&w) && (200..=2160).contains(&h))
        .unwrap_or((1920, 1080))
}

pub fn parse_clients(s: &str) -> Result<Vec<u32>, String> {
    let mut v = Vec::new();
    for part in s.split([',', ' ']).filter(|p| !p.trim().is_empty()) {
        let c: u32 = part
            .trim()
            .parse()
            .map_err(|_| format!("{:?} is not a whole number", part.trim()))?;
        v.push(c);
    }
    Ok(v)
}

/// What the share box says about a link: its fragment (after `#`) is `frag_len` characters,
/// the whole address `url_len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkSize {
    Fine,
    /// Works, but some apps cut it: a warning.
    Long(String),
    /// Over `wakelab_link::MAX_LINK_LEN`: the decoder would refuse it, so the page does not
    /// put it in the address bar and Copy link refuses (a large custom workload, such as one
    /// derived from a trace with many tasks).
    TooLong(String),
}

pub fn link_size(url_len: usize, frag_len: usize) -> LinkSize {
    if frag_len > wakelab_link::MAX_LINK_LEN {
        LinkSize::TooLong(format!(
            "This experiment does not fit in a link: it would be {frag_len} characters, more \
             than the {} a link may carry (a large custom workload). Use the JSON export to \
             share it; the address bar keeps the last link that fitted.",
            wakelab_link::MAX_LINK_LEN
        ))
    } else if url_len > wakelab_link::WARN_LENGTH {
        LinkSize::Long(format!(
            "This link is {url_len} characters long: some chat apps and mail clients cut links \
             longer than about {} characters. Use the JSON export to share it safely.",
            wakelab_link::WARN_LENGTH
        ))
    } else {
        LinkSize::Fine
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dto::{DTO_VERSION, Envelope, FromWorker};
    use wakelab_sim::{presets, report::build_report};

    fn small() -> Experiment {
        let mut e = presets::experiment("default").unwrap();
        e.clients = vec![1, 2];
        e.scenario.run.duration_ms = 40;
        e.scenario.run.warmup_ms = 10;
        e
    }

    /// The table's published columns: rows follow the simulation's client counts, the gain is
    /// mmtests' (T3's +11.90% at 64 clients; T5's times: lower is better, +30.77% at 1 group).
    #[test]
    fn published_cells_pair_with_the_simulated_rows_and_use_mmtests_gains() {
        let t3 = presets::gallery()
            .into_iter()
            .find(|g| g.id == "t3")
            .unwrap();
        let mut e = presets::experiment("t3").unwrap();
        e.clients = vec![64, 100];
        let report = build_report(&e, &[]);
        let cells = published_cells(&report, t3.published);
        assert_eq!(cells.len(), 2);
        let c64 = cells[0].unwrap();
        assert_eq!((c64.base, c64.patched), (12325.51, 13792.01));
        assert_eq!(format!("{:+.2}", c64.gain_pct.unwrap()), "+11.90");
        assert_eq!(cells[1], None, "no published figure for 100 clients");

        let t5 = presets::gallery()
            .into_iter()
            .find(|g| g.id == "t5")
            .unwrap();
        // (a report learns the direction from its points; hackbench's completion time)
        let mut report = build_report(&presets::experiment("t5").unwrap(), &[]);
        report.higher_is_better = false;
        let g = published_cells(&report, t5.published)[0]
            .unwrap()
            .gain_pct
            .unwrap();
        assert_eq!(format!("{g:+.2}"), "+30.77");
        assert_eq!(gain_pct(0.0, 1.0, true), None);
    }

    #[test]
    fn points_round_trip_and_the_report_ignores_completion_order() {
        let e = small();
        let json = serde_json::to_string(&e).unwrap();
        let mut results = Vec::new();
        for (v, c, it) in job_order(&e) {
            let job = PointJob {
                job: 0,
                experiment: json.clone(),
                variant: v as u32,
                clients: c,
                iteration: it,
            };
            results.push(parse_point(&run_point(&job, None).unwrap()).unwrap());
        }
        assert_eq!(job_order(&e)[0].1, 2, "most clients first");
        let a = build_report(&e, &results);
        results.reverse();
        let b = build_report(&e, &results);
        assert_eq!(a.compare.render_text(), b.compare.render_text());
        let rows = summary(&a);
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].gain_pct[0], Some(0.0));
        let chart = report_chart(&a, &[(1, 100.0, 200.0)]);
        assert_eq!(chart.series.len(), 4);
        assert!(chart.series[2].dashed && chart.series[2].label.starts_with("published"));
    }

    #[test]
    fn detail_has_a_timeline_and_explains_a_wakeup() {
        let e = small();
        let mut job = DetailJob {
            job: 3,
            experiment: serde_json::to_string(&e).unwrap(),
            variant: 1,
            clients: 2,
            iteration: 0,
            window_start_ms: 10.0,
            window_end_ms: 20.0,
            explain: None,
        };
        let d = run_detail(&job, None).unwrap();
        assert_eq!(d.nr_cpus, 8);
        assert!(!d.segs.is_empty(), "no timeline");
        assert!(
            d.segs
                .iter()
                .all(|s| s.start_ns >= 10_000_000 && s.end_ns <= 20_000_000)
        );
        assert!(!d.wakes.is_empty(), "no wake-ups recorded");
        let chart = timeline_chart(&d, Some(0));
        assert_eq!(chart.lanes.len(), 8);
        assert!(!chart.legend.is_empty());
        assert!(describe_wake(&d, &d.wakes[0]).contains("ms"));
        // every listed wake-up says who ran it; a task woken by another task names that task
        for w in &d.wakes {
            let text = describe_wake(&d, w);
            assert!(
                [
                    "woken by ",
                    "woken from idle/irq",
                    "forked by ",
                    "started by the scenario"
                ]
                .iter()
                .any(|p| text.contains(p)),
                "{text}"
            );
            if let (Some(t), false) = (w.waker, w.new_task) {
                assert_ne!(t, w.task, "a task does not wake itself: {text}");
                assert!(text.contains(&format!("woken by {}", d.task_names[t as usize])));
            }
        }
        assert!(
            d.wakes.iter().any(|w| w.waker.is_some() && !w.new_task),
            "no task-to-task wake-up in the window"
        );
        assert_eq!(
            nearest_wake(
                &d,
                d.wakes[0].t_ns as f64 / 1e6,
                d.wakes[0].cpu as usize,
                0.1
            ),
            Some(0)
        );
        job.explain = Some(d.wakes[0].decision);
        let x = run_detail(&job, None).unwrap();
        let text = x.explanation.expect("explanation");
        assert!(text.contains("select_"), "{text}");
        // the explanation opens with the wake-up it explains: whom, who ran it, where it went
        let w = &d.wakes[0];
        let first = text.lines().take(2).collect::<Vec<_>>().join(" ");
        assert!(
            first.starts_with(&format!("Wake-up #{} at ", w.decision)),
            "{first}"
        );
        assert!(
            first.contains(&format!(
                "{} (task {})",
                d.task_names[w.task as usize], w.task
            )),
            "{first}"
        );
        assert!(first.contains(&format!("chosen CPU {}", w.cpu)), "{first}");
        job.window_end_ms = 500.0;
        assert!(run_detail(&job, None).unwrap_err().contains("limited"));
    }

    /// The timeline's runnable counts: inside the window, a count that changes at each step,
    /// at least 1 wherever a task runs on that CPU (checked at each segment's middle), and the
    /// chart's scale is their maximum.
    #[test]
    fn the_timeline_carries_each_cpus_runnable_count() {
        let job = DetailJob {
            job: 1,
            experiment: serde_json::to_string(&small()).unwrap(),
            variant: 0,
            clients: 8,
            iteration: 0,
            window_start_ms: 10.0,
            window_end_ms: 20.0,
            explain: None,
        };
        let d = run_detail(&job, None).unwrap();
        assert!(!d.runnable.is_empty(), "no runnable counts");
        assert!(
            d.runnable
                .iter()
                .all(|r| (10_000_000..20_000_000).contains(&r.t_ns))
        );
        let chart = timeline_chart(&d, None);
        assert_eq!(
            chart.max_runnable,
            d.runnable.iter().map(|r| r.nr).max().unwrap()
        );
        let ms = |ns: u64| ns as f64 / 1e6;
        let mut checked = 0;
        for s in &d.segs {
            let lane = &chart.lanes[s.cpu as usize];
            let mid = (ms(s.start_ns) + ms(s.end_ns)) / 2.0;
            // the count in force at `mid`: the last change at or before it
            if let Some(&(_, nr)) = lane.runnable.iter().rev().find(|r| r.0 <= mid) {
                assert!(
                    nr >= 1,
                    "CPU {} runs a task at {mid} ms with {nr} runnable",
                    s.cpu
                );
                checked += 1;
            }
        }
        assert!(checked > 10, "{checked} segments checked");
        for l in &chart.lanes {
            assert!(l.runnable.windows(2).all(|w| w[0].0 <= w[1].0));
        }
    }

    /// Under 6.18 "explain this wake-up" goes on from the placement decision to the wake-up
    /// preemption check that followed it, as the engine recorded it.
    #[test]
    fn a_6_18_explanation_ends_with_the_wake_up_preemption_check() {
        let mut e = presets::experiment("default").unwrap();
        e.scenario.machine = presets::machine("epyc-kvm-2vcpu").unwrap();
        e.scenario.freq.governor = wakelab_sim::freq::Governor::Performance;
        e.scenario.workload =
            serde_json::from_value(serde_json::json!({"kind": "tbench"})).unwrap();
        e.scenario.kernel =
            wakelab_sim::kernel::KernelConfig::baseline(wakelab_sim::kernel::KernelVersion::V6_18);
        e.variants.truncate(1);
        e.variants[0].kernel = None;
        e.clients = vec![4];
        e.scenario.run.duration_ms = 30;
        e.scenario.run.warmup_ms = 10;
        let opts = DetailOptions {
            window: Some((10_000_000, 20_000_000)),
            ..DetailOptions::default()
        };
        let d = experiment::run_point_detailed(&e, 0, 4, 0, opts, None).unwrap();
        // a decision whose wakee was placed on a CPU running a fair task has a record
        let (w, p) = d
            .wake_records
            .iter()
            .find_map(|w| {
                d.wake_preempts
                    .iter()
                    .find(|p| p.t_ns == w.t_ns && p.wakee == w.task)
                    .map(|p| (w, p))
            })
            .expect("a wake-up onto a busy CPU in 10 ms of 4 tbench pairs on 2 CPUs");
        let text = d.explain_wake_preempt(w.decision).unwrap();
        let name = |t: u32| d.task_names[t as usize].clone();
        for part in [
            format!("wakeup_preempt() [CPU {}]", p.cpu),
            "  check_preempt_wakeup_fair()".to_string(),
            format!(
                "curr {}: lag {:+.2} µs",
                name(p.curr),
                p.curr_lag_ns as f64 / 1e3
            ),
            format!(
                "wakee {}: lag {:+.2} µs",
                name(p.wakee),
                p.wakee_lag_ns as f64 / 1e3
            ),
            format!("before it): {}", if p.resched { "yes" } else { "no" }),
        ] {
            assert!(text.contains(&part), "{part:?} not in\n{text}");
        }
        // the page's explanation: the decision's trace, then the check
        let job = DetailJob {
            job: 1,
            experiment: to_json(&e).unwrap(),
            variant: 0,
            clients: 4,
            iteration: 0,
            window_start_ms: 10.0,
            window_end_ms: 20.0,
            explain: Some(w.decision),
        };
        let x = run_detail(&job, None).unwrap().explanation.unwrap();
        let (decision, check) = x.split_once("wakeup_preempt()").expect("the check follows");
        assert!(decision.contains("select_task_rq_fair()"), "{x}");
        assert!(check.contains("check_preempt_wakeup_fair()"), "{x}");
        // a CFS kernel records no check, and the explanation is the decision alone
        e.scenario.kernel =
            wakelab_sim::kernel::KernelConfig::baseline(wakelab_sim::kernel::KernelVersion::V5_15);
        let d = experiment::run_point_detailed(&e, 0, 4, 0, opts, None).unwrap();
        assert!(d.wake_preempts.is_empty());
        assert!(
            d.wake_records
                .iter()
                .all(|w| d.explain_wake_preempt(w.decision).is_none())
        );
    }

    #[test]
    fn machine_picture_shows_x86_and_linear_numbering() {
        let mut m = presets::machine("skl-client-8t").unwrap().shape;
        let pic = machine_picture(&m).unwrap();
        assert_eq!(pic.len(), 1);
        assert_eq!(pic[0].llcs[0].cores.len(), 4);
        assert_eq!(
            pic[0].llcs[0].cores[0],
            vec![0, 4],
            "x86: sibling of 0 is 4"
        );
        m.numbering = wakelab_sim::topology::Numbering::Linear;
        assert_eq!(machine_picture(&m).unwrap()[0].llcs[0].cores[0], vec![0, 1]);
        let p2 = machine_picture(&presets::machine("pixel2").unwrap().shape).unwrap();
        assert!(p2[0].llcs[1].capacity.is_some());
    }

    #[test]
    fn a_patched_variants_detail_counts_the_decisions_its_kernel_changes() {
        // t1: variant 0 is 4.15 + the NFC pair + prev-idle-no-migrate, variant 1 adds
        // recent-used-cpu
        let mut exp = presets::experiment("t1").unwrap();
        exp.scenario.run.duration_ms = 60;
        exp.scenario.run.warmup_ms = 10;
        let job = |variant| DetailJob {
            job: 1,
            experiment: to_json(&exp).unwrap(),
            variant,
            clients: 4,
            iteration: 0,
            window_start_ms: 0.0,
            window_end_ms: 20.0,
            explain: None,
        };
        let d = run_detail(&job(1), None).unwrap();
        let s = d
            .shadow
            .expect("variant 1's kernel differs from variant 0's");
        assert_eq!(s.against, exp.variants[0].name);
        assert!(s.decisions > 0 && s.differ_cpu > 0, "{s:?}");
        let text = shadow_sentence(&s);
        assert!(text.contains("pick another CPU"), "{text}");
        assert!(text.contains(&s.decisions.to_string()), "{text}");
        // the first variant has nothing to be compared with
        assert!(run_detail(&job(0), None).unwrap().shadow.is_none());
        let same = ShadowDto {
            differ_cpu: 0,
            differ_state: 0,
            differ_cost: 0,
            ..s
        };
        assert!(shadow_sentence(&same).contains("changes no decision"));
    }

    #[test]
    fn links_round_trip_and_bad_links_say_why() {
        let mut e = small();
        e.scenario.title = "<b>mine</b>".into();
        let frag = wakelab_link::encode(&wakelab_link::LinkV1::new(
            &e,
            wakelab_link::ViewState::default(),
        ));
        let (_, back) = decode_link(&format!("http://x/#{frag}")).unwrap();
        assert_eq!(back, e);
        assert!(decode_link("#w1.AAAA").is_err());
        let err = decode_link("#zz9.abc").unwrap_err();
        assert!(err.contains("not a Wakelab link"), "{err}");
        let err = decode_link(&format!("#{}", &frag[..frag.len() / 2])).unwrap_err();
        assert!(!err.is_empty());
        assert!(to_json(&e).unwrap().starts_with('{'));
    }

    /// The page's link reader gives every hostile case its expected message, field path
    /// included, like the native decoder (the corpus is shared with wakelab-link's tests).
    #[test]
    fn the_pages_link_reader_gives_each_hostile_case_its_message() {
        let corpus: serde_json::Value =
            serde_json::from_str(include_str!("../../wakelab-link/tests/hostile.json")).unwrap();
        let mut checked = 0;
        for case in corpus["cases"].as_array().unwrap() {
            let Some(want) = case["expected_message_substring"].as_str() else {
                continue;
            };
            let link = case["link"].as_str().unwrap();
            let err = decode_link(link).expect_err(case["name"].as_str().unwrap());
            assert!(
                err.contains(want),
                "{}: {err:?} lacks {want:?}",
                case["name"]
            );
            checked += 1;
        }
        assert!(checked >= 40, "{checked}");
    }

    #[test]
    fn client_lists_parse_with_messages() {
        assert_eq!(parse_clients("1, 2 4,8").unwrap(), vec![1, 2, 4, 8]);
        assert_eq!(png_size("960x540"), (960, 540));
        // A recording bound reached before the timeline's window is said, not silent.
        let mut e = small();
        e.scenario.engine.max_wakeup_records = 50;
        let job = DetailJob {
            job: 1,
            experiment: to_json(&e).unwrap(),
            variant: 0,
            clients: 2,
            iteration: 0,
            window_start_ms: 30.0,
            window_end_ms: 40.0,
            explain: None,
        };
        let d = run_detail(&job, None).unwrap();
        assert_eq!(d.notes.len(), 1, "{:?}", d.notes);
        assert!(
            d.notes[0].contains("max_wakeup_records (50)"),
            "{}",
            d.notes[0]
        );
        assert!(
            d.notes[0].contains("before this window: none are listed"),
            "{}",
            d.notes[0]
        );
        // ... and a bound counted from the run's start asks the zoom for no re-run
        assert_eq!(d.segments_missing_from_ms, None);
        e.scenario.engine.max_wakeup_records = 20_000;
        let job = DetailJob {
            experiment: to_json(&e).unwrap(),
            ..job
        };
        let d = run_detail(&job, None).unwrap();
        assert_eq!(d.notes, Vec::<String>::new());
        assert_eq!(d.segments_missing_from_ms, None);
        // Segments are counted in the window: where they ran out is passed on for the zoom.
        e.scenario.engine.max_timeline_segments = 20;
        let job = DetailJob {
            experiment: to_json(&e).unwrap(),
            ..job
        };
        let d = run_detail(&job, None).unwrap();
        let t = d.segments_missing_from_ms.expect("segments capped");
        assert!((30.0..40.0).contains(&t), "{t}");
        // a window starting there records what was missing
        let later = run_detail(
            &DetailJob {
                window_start_ms: t,
                ..job
            },
            None,
        )
        .unwrap();
        assert!(
            later.segs.iter().any(|s| s.start_ns as f64 / 1e6 > t),
            "nothing after {t}"
        );
        let mut v = serde_json::to_value(small()).unwrap();
        v["variants"][1]["name"] = serde_json::json!(7);
        let e = experiment_from_text(&v.to_string()).unwrap_err();
        assert_eq!(e.field, "variants[1].name");
        assert!(
            e.message.starts_with("invalid type: integer `7`"),
            "{}",
            e.message
        );
        assert_eq!(
            experiment_from_text(&to_json(&small()).unwrap()).unwrap(),
            small()
        );
        assert_eq!(png_size("99999x1"), (1920, 1080));
        let mut e = small();
        assert_eq!(clients_word(&e), "clients");
        e.scenario.workload =
            serde_json::from_value(serde_json::json!({"kind": "hackbench"})).unwrap();
        assert_eq!(clients_word(&e), "groups");
        assert_eq!(parse_clients(" ").unwrap(), Vec::<u32>::new());
        assert!(parse_clients("1, x").unwrap_err().contains("\"x\""));
    }

    #[test]
    fn link_sizes_warn_then_refuse() {
        assert_eq!(link_size(300, 250), LinkSize::Fine);
        assert!(
            matches!(link_size(2001, 1900), LinkSize::Long(m) if m.contains("2001 characters"))
        );
        let max = wakelab_link::MAX_LINK_LEN;
        assert!(matches!(link_size(max + 40, max), LinkSize::Long(_)));
        assert!(
            matches!(link_size(max + 41, max + 1), LinkSize::TooLong(m) if m.contains("JSON export"))
        );
    }

    #[test]
    fn envelopes_reject_other_versions() {
        let e = Envelope::new(FromWorker::Ready);
        assert_eq!(e.v, DTO_VERSION);
        assert_eq!(e.clone().open().unwrap(), FromWorker::Ready);
        let stale = Envelope {
            v: DTO_VERSION + 1,
            ..e
        };
        assert!(stale.open().unwrap_err().contains("reload"));
    }
}
