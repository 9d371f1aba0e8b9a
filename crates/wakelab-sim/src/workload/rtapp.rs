//! rt-app JSON import and export, for the subset of rt-app that the behaviour language covers.
//!
//! Import: `tasks` with `instance`, `loop`, `policy` (SCHED_OTHER / SCHED_FIFO), `priority`,
//! `cpus`, `delay`, `phases` (each with `loop`), and the events `run`, `runtime`, `sleep`,
//! `timer`, `barrier`, `suspend`, `resume`, `fork` (event keys may carry any suffix, as in
//! rt-app: `run0`, `sleep_short`). `global` keys that only affect logging or calibration are
//! accepted and reported in the notes. Anything else is an error naming the key.
//! rt-app runs events in document order, so objects are read in order (not via a map).
//!
//! Export: any task list to rt-app JSON where rt-app can express it, with the list of
//! approximations made (interrupts, iowait, sync wake-ups, random amounts, op counters, ...).

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};

use crate::cpumask::CpuMask;
use crate::engine::behaviour::{Amount, Phase, SchedClass, TaskRef, TaskSpec};

use super::config::{CustomConfig, NOMINAL_MHZ, WorkloadConfig};
use super::interference::{Interference, TasksInterference};
use super::{Metric, WorkloadBuild};

/// Largest rt-app document accepted (bytes).
pub const MAX_INPUT_BYTES: usize = 1 << 20;
/// Deepest nesting accepted (rt-app documents are at most ~6 levels deep).
pub const MAX_DEPTH: usize = 16;
/// Most tasks an import may create (instances included).
pub const MAX_IMPORT_TASKS: usize = 4096;

/// Conversion options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RtAppOptions {
    /// Clock for µs <-> cycles of `run` events (rt-app's calibrated busy loop). Default 3000.
    pub mhz: u32,
}

impl Default for RtAppOptions {
    fn default() -> Self {
        RtAppOptions { mhz: NOMINAL_MHZ }
    }
}

/// Result of an import.
#[derive(Clone, Debug, PartialEq)]
pub struct RtAppImport {
    /// Initial tasks (instances expanded, in document order).
    pub tasks: Vec<TaskSpec>,
    /// Tasks with `instance: 0` that others `fork`.
    pub templates: Vec<TaskSpec>,
    /// `global.duration` (None = unset or -1).
    pub duration_ns: Option<u64>,
    /// What was ignored or approximated.
    pub notes: Vec<String>,
}

impl RtAppImport {
    /// As a custom workload (throughput of nothing: rt-app has no metric; ops/s of 0).
    pub fn into_custom(self) -> WorkloadConfig {
        WorkloadConfig::Custom(CustomConfig {
            tasks: self.tasks,
            templates: self.templates,
            metric: Metric::Throughput {
                unit: "ops/s".into(),
                per_op: 1.0,
            },
            stop_when_all_exited: false,
            replicate: false,
        })
    }

    /// As interference next to a benchmark (no forks allowed there).
    pub fn into_interference(self) -> Result<Interference, RtAppError> {
        if !self.templates.is_empty() {
            return Err(bad("fork", "forking tasks cannot be used as interference"));
        }
        Ok(Interference::Tasks(TasksInterference { tasks: self.tasks }))
    }
}

/// Why an rt-app document cannot be imported. `Display` is the message users see.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RtAppError {
    #[error("the document is {len} bytes; the limit is {max}")]
    TooLarge { len: usize, max: usize },
    #[error("not valid JSON: {0}")]
    Json(String),
    #[error("the document nests deeper than {max} levels")]
    TooDeep { max: usize },
    /// A key of the document (`path`: `tasks.NAME.phases.p1.run0`, `global.duration`, or an
    /// import option such as `mhz`) that is wrong or not supported.
    #[error("{path}: {message}")]
    Field { path: String, message: String },
}

fn bad(path: &str, message: impl Into<String>) -> RtAppError {
    RtAppError::Field {
        path: path.to_string(),
        message: message.into(),
    }
}

/// Result of an export.
#[derive(Clone, Debug, PartialEq)]
pub struct RtAppExport {
    pub json: String,
    /// Everything rt-app cannot express exactly, one line each.
    pub approximations: Vec<String>,
}

// ---- an order-preserving JSON value ----------------------------------------------------------

/// JSON value that keeps object keys in document order (rt-app executes events in that order).
#[derive(Clone, Debug, PartialEq)]
enum J {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl<'de> serde::Deserialize<'de> for J {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<J, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = J;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }
            fn visit_unit<E: de::Error>(self) -> Result<J, E> {
                Ok(J::Null)
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<J, E> {
                Ok(J::Bool(v))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<J, E> {
                Ok(J::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<J, E> {
                i64::try_from(v)
                    .map(J::Int)
                    .map_err(|_| E::custom("integer too large"))
            }
            fn visit_f64<E: de::Error>(self, v: f64) -> Result<J, E> {
                Ok(J::Float(v))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<J, E> {
                Ok(J::Str(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<J, A::Error> {
                let mut v = Vec::new();
                while let Some(x) = a.next_element()? {
                    v.push(x);
                }
                Ok(J::Arr(v))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<J, A::Error> {
                let mut v = Vec::new();
                while let Some((k, x)) = a.next_entry::<String, J>()? {
                    v.push((k, x));
                }
                Ok(J::Obj(v))
            }
        }
        d.deserialize_any(V)
    }
}

fn depth(j: &J) -> usize {
    match j {
        J::Arr(v) => 1 + v.iter().map(depth).max().unwrap_or(0),
        J::Obj(v) => 1 + v.iter().map(|(_, x)| depth(x)).max().unwrap_or(0),
        _ => 1,
    }
}

fn write_json(j: &J, out: &mut String, indent: usize) {
    let pad = |out: &mut String, n: usize| out.extend(std::iter::repeat_n(' ', n));
    match j {
        J::Null => out.push_str("null"),
        J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        J::Int(i) => out.push_str(&i.to_string()),
        J::Float(f) => out.push_str(&serde_json::to_string(f).unwrap_or_else(|_| "0".into())),
        J::Str(s) => out.push_str(&serde_json::to_string(s).expect("string serialises")),
        J::Arr(v) => {
            out.push('[');
            for (i, x) in v.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_json(x, out, indent);
            }
            out.push(']');
        }
        J::Obj(v) => {
            if v.is_empty() {
                out.push_str("{}");
                return;
            }
            out.push_str("{\n");
            for (i, (k, x)) in v.iter().enumerate() {
                pad(out, indent + 2);
                out.push_str(&serde_json::to_string(k).expect("string serialises"));
                out.push_str(": ");
                write_json(x, out, indent + 2);
                if i + 1 < v.len() {
                    out.push(',');
                }
                out.push('\n');
            }
            pad(out, indent);
            out.push('}');
        }
    }
}

// ---- import ----------------------------------------------------------------------------------

fn int(j: &J, path: &str) -> Result<i64, RtAppError> {
    match j {
        J::Int(i) => Ok(*i),
        J::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(*f as i64),
        _ => Err(bad(path, "expected an integer")),
    }
}

fn uint(j: &J, path: &str, max: i64) -> Result<u64, RtAppError> {
    let v = int(j, path)?;
    if v < 0 || v > max {
        return Err(bad(path, format!("must be between 0 and {max} (got {v})")));
    }
    Ok(v as u64)
}

fn string<'a>(j: &'a J, path: &str) -> Result<&'a str, RtAppError> {
    match j {
        J::Str(s) => Ok(s),
        _ => Err(bad(path, "expected a string")),
    }
}

fn obj<'a>(j: &'a J, path: &str) -> Result<&'a [(String, J)], RtAppError> {
    match j {
        J::Obj(v) => Ok(v),
        _ => Err(bad(path, "expected an object")),
    }
}

/// Longest µs value accepted for run/sleep/period (1 hour).
const MAX_US: i64 = 3_600_000_000;
/// `global.duration`: at most one day (seconds). Longer than any run (`MAX_DURATION_NS`).
const MAX_DURATION_S: i64 = 86_400;

/// Event kinds, longest prefix first (rt-app matches keys by prefix: "runtime" before "run").
const EVENTS: &[&str] = &[
    "runtime", "run", "sleep", "timer", "barrier", "suspend", "resume", "fork",
];
const UNSUPPORTED_EVENTS: &[&str] = &[
    "lock", "unlock", "wait", "signal", "broad", "sync", "mem", "iorun", "yield", "pi_", "cpus",
];
const IGNORED_GLOBAL: &[&str] = &[
    "calibration",
    "default_policy",
    "pi_enabled",
    "lock_pages",
    "logdir",
    "log_basename",
    "log_size",
    "ftrace",
    "gnuplot",
    "io_device",
    "mem_buffer_size",
    "cumulative_slack",
];

fn event_kind(key: &str) -> Option<&'static str> {
    EVENTS.iter().copied().find(|e| key.starts_with(e))
}

struct TaskDoc<'a> {
    name: &'a str,
    body: &'a [(String, J)],
    instances: u32,
}

/// Import an rt-app JSON document.
pub fn import_rtapp(json: &str, opts: &RtAppOptions) -> Result<RtAppImport, RtAppError> {
    if json.len() > MAX_INPUT_BYTES {
        return Err(RtAppError::TooLarge {
            len: json.len(),
            max: MAX_INPUT_BYTES,
        });
    }
    if opts.mhz == 0 || opts.mhz > 10_000 {
        return Err(bad(
            "mhz",
            format!("must be between 1 and 10000 (got {})", opts.mhz),
        ));
    }
    let root: J = serde_json::from_str(json).map_err(|e| RtAppError::Json(e.to_string()))?;
    if depth(&root) > MAX_DEPTH {
        return Err(RtAppError::TooDeep { max: MAX_DEPTH });
    }
    let mut notes = Vec::new();
    let mut tasks_j = None;
    let mut duration_ns = None;
    for (k, v) in obj(&root, "(root)")? {
        match k.as_str() {
            "tasks" => tasks_j = Some(obj(v, "tasks")?),
            "global" => {
                for (gk, gv) in obj(v, "global")? {
                    if gk == "duration" {
                        // rt-app: seconds; -1 (its default) = until every thread ends.
                        // Other negative values are refused, not read as "no limit".
                        let d = int(gv, "global.duration")?;
                        if d != -1 && !(0..=MAX_DURATION_S).contains(&d) {
                            return Err(bad(
                                "global.duration",
                                format!(
                                    "must be -1 (no limit) or between 0 and \
                                 {MAX_DURATION_S} seconds (got {d})"
                                ),
                            ));
                        }
                        if d > 0 {
                            duration_ns = Some(d as u64 * 1_000_000_000);
                        }
                    } else if IGNORED_GLOBAL.contains(&gk.as_str()) {
                        notes.push(format!("global.{gk}: ignored"));
                    } else {
                        return Err(bad(&format!("global.{gk}"), "not supported"));
                    }
                }
            }
            "resources" => {
                if !obj(v, "resources")?.is_empty() {
                    return Err(bad(
                        "resources",
                        "not supported (barriers are created from their names)",
                    ));
                }
            }
            _ => return Err(bad(k, "not supported (expected tasks, global)")),
        }
    }
    let tasks_j = tasks_j.ok_or_else(|| bad("tasks", "missing"))?;

    // Pass 1: names, instance counts, indices of initial tasks and templates.
    let mut docs = Vec::new();
    for (name, t) in tasks_j {
        let body = obj(t, &format!("tasks.{name}"))?;
        let mut instances = 1;
        for (k, v) in body {
            if k == "instance" {
                instances = uint(
                    v,
                    &format!("tasks.{name}.instance"),
                    MAX_IMPORT_TASKS as i64,
                )? as u32;
            }
        }
        docs.push(TaskDoc {
            name,
            body,
            instances,
        });
    }
    let mut first_index = Vec::new(); // (name, Some(task index) | None, template index)
    let (mut n_tasks, mut n_templates) = (0u32, 0u32);
    for d in &docs {
        if d.instances == 0 {
            first_index.push((d.name, None, n_templates));
            n_templates += 1;
        } else {
            first_index.push((d.name, Some(n_tasks), 0));
            n_tasks += d.instances;
        }
    }
    if n_tasks as usize + n_templates as usize > MAX_IMPORT_TASKS {
        return Err(bad(
            "tasks",
            format!(
                "{} tasks; the limit is {MAX_IMPORT_TASKS}",
                n_tasks + n_templates
            ),
        ));
    }
    // Barrier parties: every instance of every task that names the barrier.
    let mut barriers: Vec<(String, u32)> = Vec::new();
    for d in &docs {
        let mut names = Vec::new();
        collect_barriers(d.body, &mut names);
        names.sort();
        names.dedup();
        for b in names {
            match barriers.iter_mut().find(|(n, _)| *n == b) {
                Some(e) => e.1 += d.instances.max(1),
                None => barriers.push((b, d.instances.max(1))),
            }
        }
    }
    if barriers.len() > super::RESERVED_BARRIER_BASE as usize {
        return Err(bad("barrier", "too many barriers"));
    }
    let ctx = Ctx {
        mhz: opts.mhz as u64,
        index: &first_index,
        barriers: &barriers,
    };

    // Pass 2: programs.
    let mut out_tasks = Vec::new();
    let mut templates = Vec::new();
    let note_once = |notes: &mut Vec<String>, s: String| {
        if !notes.contains(&s) {
            notes.push(s);
        }
    };
    for d in &docs {
        let path = format!("tasks.{}", d.name);
        let mut class = SchedClass::default();
        let mut policy_fifo = false;
        let mut priority: Option<i64> = None;
        let mut affinity = None;
        let mut loops: i64 = -1;
        let mut delay_ns = 0;
        let mut phases_j = None;
        let mut events: Vec<(&str, &J)> = Vec::new();
        for (k, v) in d.body {
            let kp = format!("{path}.{k}");
            match k.as_str() {
                "instance" => {}
                "loop" => loops = int(v, &kp)?,
                "policy" => match string(v, &kp)? {
                    "SCHED_OTHER" => policy_fifo = false,
                    "SCHED_FIFO" => policy_fifo = true,
                    p => {
                        return Err(bad(
                            &kp,
                            format!("{p} is not supported (SCHED_OTHER, SCHED_FIFO)"),
                        ));
                    }
                },
                "priority" => priority = Some(int(v, &kp)?),
                "cpus" => affinity = Some(cpus(v, &kp)?),
                "delay" => delay_ns = uint(v, &kp, MAX_US)? * 1000,
                "phases" => phases_j = Some(obj(v, &kp)?),
                _ => {
                    if event_kind(k).is_some() {
                        events.push((k.as_str(), v));
                    } else {
                        return Err(unsupported(&kp, k));
                    }
                }
            }
        }
        if policy_fifo {
            let p = priority.unwrap_or(10);
            if !(1..=99).contains(&p) {
                return Err(bad(
                    &format!("{path}.priority"),
                    format!("must be between 1 and 99 for SCHED_FIFO (got {p})"),
                ));
            }
            class = SchedClass::Fifo { prio: p as u8 };
        } else if let Some(p) = priority {
            if !(-20..=19).contains(&p) {
                return Err(bad(
                    &format!("{path}.priority"),
                    format!("must be a nice value between -20 and 19 for SCHED_OTHER (got {p})"),
                ));
            }
            class = SchedClass::Fair { nice: p as i8 };
        }
        let mut body = Vec::new();
        match phases_j {
            Some(ph) => {
                if !events.is_empty() {
                    return Err(bad(
                        &format!("{path}.{}", events[0].0),
                        "events next to phases are not supported",
                    ));
                }
                for (pn, pv) in ph {
                    let pp = format!("{path}.phases.{pn}");
                    let mut ploop: i64 = 1;
                    let mut pev = Vec::new();
                    for (k, v) in obj(pv, &pp)? {
                        let kp = format!("{pp}.{k}");
                        if k == "loop" {
                            ploop = int(v, &kp)?;
                        } else if event_kind(k).is_some() {
                            pev.push((k.as_str(), v));
                        } else {
                            return Err(unsupported(&kp, k));
                        }
                    }
                    let evs = ctx.events(&pev, &pp, &mut notes)?;
                    body.extend(wrap_loop(ploop, evs, &pp)?);
                }
            }
            None => body = ctx.events(&events, &path, &mut notes)?,
        }
        let program = wrap_loop(loops, body, &format!("{path}.loop"))?;
        let count = d.instances.max(1);
        for i in 0..count {
            let name = if count == 1 {
                d.name.to_string()
            } else {
                format!("{}-{i}", d.name)
            };
            let spec = TaskSpec {
                name,
                class,
                affinity,
                kthread: false,
                start_cpu: affinity.and_then(|m: CpuMask| {
                    let v = m.to_vec();
                    v.get(i as usize % v.len().max(1)).copied()
                }),
                start_ns: delay_ns,
                program: program.clone(),
            };
            if d.instances == 0 {
                templates.push(spec);
            } else {
                out_tasks.push(spec);
            }
        }
    }
    for d in &docs {
        if d.instances == 0 && !forked_anywhere(&out_tasks, &templates, d.name, &first_index) {
            note_once(
                &mut notes,
                format!("tasks.{}: instance 0 and never forked: never runs", d.name),
            );
        }
    }
    Ok(RtAppImport {
        tasks: out_tasks,
        templates,
        duration_ns,
        notes,
    })
}

fn forked_anywhere(
    tasks: &[TaskSpec],
    templates: &[TaskSpec],
    name: &str,
    idx: &[(&str, Option<u32>, u32)],
) -> bool {
    let Some(&(_, _, t)) = idx.iter().find(|(n, _, _)| *n == name) else {
        return false;
    };
    fn has(p: &[Phase], t: u32) -> bool {
        p.iter().any(|ph| match ph {
            Phase::Fork { template } => *template == t,
            Phase::Loop { body, .. } => has(body, t),
            _ => false,
        })
    }
    tasks
        .iter()
        .chain(templates.iter())
        .any(|s| has(&s.program, t))
}

fn unsupported(path: &str, key: &str) -> RtAppError {
    match UNSUPPORTED_EVENTS.iter().find(|e| key.starts_with(*e)) {
        Some(e) => bad(path, format!("rt-app event \"{e}\" is not supported")),
        None => bad(path, "not supported"),
    }
}

fn cpus(v: &J, path: &str) -> Result<CpuMask, RtAppError> {
    let J::Arr(items) = v else {
        return Err(bad(path, "expected an array of CPU numbers"));
    };
    let mut m = CpuMask::EMPTY;
    for it in items {
        m.set(uint(it, path, crate::cpumask::MAX_CPUS as i64 - 1)? as u16);
    }
    if m.is_empty() {
        return Err(bad(path, "empty CPU list"));
    }
    Ok(m)
}

fn collect_barriers(body: &[(String, J)], out: &mut Vec<String>) {
    for (k, v) in body {
        if event_kind(k) == Some("barrier") {
            if let J::Str(s) = v {
                out.push(s.clone());
            }
        } else if let J::Obj(inner) = v {
            // phases and phase bodies
            collect_barriers(inner, out);
        }
    }
}

fn wrap_loop(count: i64, body: Vec<Phase>, path: &str) -> Result<Vec<Phase>, RtAppError> {
    match count {
        -1 => Ok(vec![Phase::Loop { count: None, body }]),
        1 => Ok(body),
        c if (0..=u32::MAX as i64 - 1).contains(&c) => Ok(vec![Phase::Loop {
            count: Some(c as u32),
            body,
        }]),
        c => Err(bad(
            path,
            format!("loop {c} is not supported (-1 or 0..2^32-1)"),
        )),
    }
}

struct Ctx<'a> {
    mhz: u64,
    index: &'a [(&'a str, Option<u32>, u32)],
    barriers: &'a [(String, u32)],
}

impl Ctx<'_> {
    fn events(
        &self,
        evs: &[(&str, &J)],
        path: &str,
        notes: &mut Vec<String>,
    ) -> Result<Vec<Phase>, RtAppError> {
        let mut out = Vec::new();
        // µs of run/sleep since the last timer event (for the periodic timer approximation)
        let mut since_timer: u64 = 0;
        for &(k, v) in evs {
            let kp = format!("{path}.{k}");
            match event_kind(k).expect("filtered") {
                "run" | "runtime" => {
                    let us = uint(v, &kp, MAX_US)?;
                    if k.starts_with("runtime") {
                        note(
                            notes,
                            "runtime: time-based work imported as cycles at the calibration clock",
                        );
                    }
                    out.push(Phase::Run {
                        cycles: Amount::Fixed(us * self.mhz),
                    });
                    since_timer += us;
                }
                "sleep" => {
                    let us = uint(v, &kp, MAX_US)?;
                    out.push(Phase::Sleep {
                        ns: Amount::Fixed(us * 1000),
                    });
                    since_timer += us;
                }
                "timer" => {
                    let mut period = None;
                    for (tk, tv) in obj(v, &kp)? {
                        match tk.as_str() {
                            "period" => period = Some(uint(tv, &format!("{kp}.period"), MAX_US)?),
                            "ref" => {
                                string(tv, &format!("{kp}.ref"))?;
                            }
                            "mode" => match string(tv, &format!("{kp}.mode"))? {
                                "absolute" | "relative" => {}
                                m => {
                                    return Err(bad(
                                        &format!("{kp}.mode"),
                                        format!("{m} is not supported"),
                                    ));
                                }
                            },
                            _ => return Err(bad(&format!("{kp}.{tk}"), "not supported")),
                        }
                    }
                    let period = period.ok_or_else(|| bad(&format!("{kp}.period"), "missing"))?;
                    note(
                        notes,
                        "timer: imported as a sleep of the period minus the work before it \
                         (at the calibration clock); slower CPUs drift instead of skipping",
                    );
                    let rest = period.saturating_sub(since_timer);
                    out.push(Phase::Sleep {
                        ns: Amount::Fixed(rest * 1000),
                    });
                    since_timer = 0;
                }
                "barrier" => {
                    let name = string(v, &kp)?;
                    let id = self
                        .barriers
                        .iter()
                        .position(|(n, _)| n == name)
                        .expect("collected");
                    let parties = self.barriers[id].1;
                    if parties > u16::MAX as u32 {
                        return Err(bad(&kp, "too many parties"));
                    }
                    out.push(Phase::Barrier {
                        id: id as u16,
                        parties: parties as u16,
                    });
                }
                "suspend" => {
                    string(v, &kp)?;
                    out.push(Phase::Wait);
                }
                "resume" => {
                    let name = string(v, &kp)?;
                    match self.index.iter().find(|(n, _, _)| *n == name) {
                        Some((_, Some(t), _)) => out.push(Phase::Wake {
                            task: TaskRef::Task(*t),
                            sync: false,
                        }),
                        Some((_, None, _)) => {
                            return Err(bad(
                                &kp,
                                format!("{name} is forked (instance 0): cannot be resumed"),
                            ));
                        }
                        None => return Err(bad(&kp, format!("no task named {name:?}"))),
                    }
                    note(notes, "resume: wakes the first instance of the named task");
                }
                "fork" => {
                    let name = string(v, &kp)?;
                    match self.index.iter().find(|(n, _, _)| *n == name) {
                        Some((_, None, t)) => out.push(Phase::Fork { template: *t }),
                        Some(_) => {
                            return Err(bad(
                                &kp,
                                format!("{name} must have \"instance\": 0 to be forked"),
                            ));
                        }
                        None => return Err(bad(&kp, format!("no task named {name:?}"))),
                    }
                }
                _ => unreachable!(),
            }
        }
        Ok(out)
    }
}

fn note(notes: &mut Vec<String>, s: &str) {
    if !notes.iter().any(|n| n == s) {
        notes.push(s.to_string());
    }
}

// ---- export ----------------------------------------------------------------------------------

/// Export a build's tasks and templates as an rt-app document (interrupt sources cannot be
/// expressed and are listed among the approximations).
pub fn export_build(
    b: &WorkloadBuild,
    opts: &RtAppOptions,
    duration_s: Option<u32>,
) -> RtAppExport {
    let mut r = export_rtapp(&b.tasks, &b.templates, opts, duration_s);
    if !b.irqs.is_empty() {
        r.approximations.push(format!(
            "{} periodic interrupt sources are not expressible in rt-app: dropped",
            b.irqs.len()
        ));
    }
    r
}

/// Export tasks (instance 1 each) and templates (instance 0, started by `fork`).
pub fn export_rtapp(
    tasks: &[TaskSpec],
    templates: &[TaskSpec],
    opts: &RtAppOptions,
    duration_s: Option<u32>,
) -> RtAppExport {
    let mhz = opts.mhz.max(1) as u64;
    let mut approx = Vec::new();
    // Unique rt-app-safe names: tasks, then templates.
    let mut names: Vec<String> = Vec::new();
    for t in tasks.iter().chain(templates.iter()) {
        let mut base: String = t
            .name
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        if base.is_empty() {
            base = "task".into();
        }
        let mut n = base.clone();
        let mut k = 1;
        while names.contains(&n) {
            n = format!("{base}_{k}");
            k += 1;
        }
        names.push(n);
    }
    let nt = tasks.len();
    let mut barrier_parties: Vec<(u16, u16)> = Vec::new();
    let mut out_tasks = Vec::new();
    for (i, t) in tasks.iter().chain(templates.iter()).enumerate() {
        let mut e = Exporter {
            mhz,
            names: &names,
            nt,
            own: i,
            approx: &mut approx,
            counter: 0,
            barriers: &mut barrier_parties,
        };
        let mut obj: Vec<(String, J)> = Vec::new();
        obj.push(("instance".into(), J::Int(if i < nt { 1 } else { 0 })));
        match t.class {
            SchedClass::Fair { nice } => {
                obj.push(("policy".into(), J::Str("SCHED_OTHER".into())));
                obj.push(("priority".into(), J::Int(nice as i64)));
            }
            SchedClass::Fifo { prio } => {
                obj.push(("policy".into(), J::Str("SCHED_FIFO".into())));
                obj.push(("priority".into(), J::Int(prio as i64)));
            }
        }
        if let Some(m) = &t.affinity {
            obj.push((
                "cpus".into(),
                J::Arr(m.iter().map(|c| J::Int(c as i64)).collect()),
            ));
        }
        if t.start_ns > 0 {
            obj.push(("delay".into(), J::Int((t.start_ns / 1000) as i64)));
            if t.start_ns % 1000 != 0 {
                e.add("delay: start_ns rounded down to µs");
            }
        }
        if t.kthread {
            e.add("kthread: rt-app threads are user threads (per-CPU kthread rules do not apply)");
        }
        if t.start_cpu.is_some() {
            e.add("start_cpu: rt-app threads start where the rt-app process runs");
        }
        // Program shape: up to the first Exit.
        let mut prog: &[Phase] = &t.program;
        if let Some(p) = prog.iter().position(|p| matches!(p, Phase::Exit)) {
            if p + 1 < prog.len() {
                e.add("exit: steps after an exit dropped");
            }
            prog = &prog[..p];
        }
        // A task-level loop around the whole program becomes rt-app's task "loop"; loops inside
        // it become phases (each with its own "loop").
        let (task_loop, seq): (i64, &[Phase]) = match prog {
            [Phase::Loop { count, body }] => (count.map(|c| c as i64).unwrap_or(-1), body),
            _ => (1, prog),
        };
        obj.push(("loop".into(), J::Int(task_loop)));
        if !seq.iter().any(|p| matches!(p, Phase::Loop { .. })) {
            let ev = e.flat(seq);
            obj.extend(ev);
        } else {
            let mut phases = Vec::new();
            let mut pending = Vec::new();
            let flush =
                |pending: &mut Vec<Phase>, phases: &mut Vec<(String, J)>, e: &mut Exporter| {
                    if !pending.is_empty() {
                        let mut p = vec![("loop".to_string(), J::Int(1))];
                        p.extend(e.flat(pending));
                        phases.push((format!("p{}", phases.len()), J::Obj(p)));
                        pending.clear();
                    }
                };
            for ph in seq {
                if let Phase::Loop { count, body } = ph {
                    flush(&mut pending, &mut phases, &mut e);
                    let mut p = vec![(
                        "loop".to_string(),
                        J::Int(count.map(|c| c as i64).unwrap_or(-1)),
                    )];
                    p.extend(e.flat(body));
                    phases.push((format!("p{}", phases.len()), J::Obj(p)));
                } else {
                    pending.push(ph.clone());
                }
            }
            flush(&mut pending, &mut phases, &mut e);
            obj.push(("phases".into(), J::Obj(phases)));
        }
        out_tasks.push((names[i].clone(), J::Obj(obj)));
    }
    let users = |id: u16| -> usize {
        tasks
            .iter()
            .chain(templates.iter())
            .filter(|t| uses_barrier(&t.program, id))
            .count()
    };
    for &(id, parties) in &barrier_parties {
        if users(id) != parties as usize {
            approx.push(format!(
                "barrier b{id}: rt-app waits for every task naming it ({}), the model for {parties} parties",
                users(id)
            ));
        }
    }
    approx.push(format!(
        "run: cycles exported as µs at {mhz} MHz; set rt-app's calibration so its busy loop does \
         that much work per µs"
    ));
    let global = J::Obj(vec![
        (
            "duration".into(),
            J::Int(duration_s.map(|d| d as i64).unwrap_or(-1)),
        ),
        ("calibration".into(), J::Str("CPU0".into())),
        ("default_policy".into(), J::Str("SCHED_OTHER".into())),
        ("pi_enabled".into(), J::Bool(false)),
        ("lock_pages".into(), J::Bool(false)),
        ("logdir".into(), J::Str("./".into())),
        ("log_basename".into(), J::Str("wakelab".into())),
    ]);
    let root = J::Obj(vec![
        ("tasks".into(), J::Obj(out_tasks)),
        ("global".into(), global),
    ]);
    let mut json = String::new();
    write_json(&root, &mut json, 0);
    json.push('\n');
    RtAppExport {
        json,
        approximations: approx,
    }
}

fn uses_barrier(p: &[Phase], id: u16) -> bool {
    p.iter().any(|ph| match ph {
        Phase::Barrier { id: b, .. } => *b == id,
        Phase::Loop { body, .. } => uses_barrier(body, id),
        _ => false,
    })
}

struct Exporter<'a> {
    mhz: u64,
    names: &'a [String],
    nt: usize,
    own: usize,
    approx: &'a mut Vec<String>,
    counter: usize,
    barriers: &'a mut Vec<(u16, u16)>,
}

/// Unrolling limit for loops nested inside a phase (events).
const MAX_UNROLL_EVENTS: usize = 256;

impl Exporter<'_> {
    fn add(&mut self, s: &str) {
        if !self.approx.iter().any(|a| a == s) {
            self.approx.push(s.to_string());
        }
    }

    fn key(&mut self, kind: &str) -> String {
        let k = format!("{kind}{}", self.counter);
        self.counter += 1;
        k
    }

    fn amount(&mut self, a: &Amount, what: &str) -> u64 {
        if !matches!(a, Amount::Fixed(_)) {
            self.add(&format!("{what}: random amounts exported as their mean"));
        }
        a.mean()
    }

    /// Events of a phase body; nested loops are unrolled when small, else kept once.
    fn flat(&mut self, body: &[Phase]) -> Vec<(String, J)> {
        let mut out = Vec::new();
        self.flat_into(body, &mut out);
        out
    }

    fn flat_into(&mut self, body: &[Phase], out: &mut Vec<(String, J)>) {
        for ph in body {
            match ph {
                Phase::Run { cycles } => {
                    let c = self.amount(cycles, "run");
                    if !c.is_multiple_of(self.mhz) {
                        self.add("run: cycles rounded to whole µs");
                    }
                    let k = self.key("run");
                    out.push((k, J::Int((c / self.mhz) as i64)));
                }
                Phase::Sleep { ns } => {
                    let n = self.amount(ns, "sleep");
                    if !n.is_multiple_of(1000) {
                        self.add("sleep: rounded to whole µs");
                    }
                    let k = self.key("sleep");
                    out.push((k, J::Int((n / 1000) as i64)));
                }
                Phase::Io { ns, .. } => {
                    let n = self.amount(ns, "io");
                    self.add(
                        "io: exported as a sleep (no iowait, no completion interrupt routing)",
                    );
                    let k = self.key("sleep");
                    out.push((k, J::Int((n / 1000) as i64)));
                }
                Phase::Wait => {
                    let k = self.key("suspend");
                    out.push((k, J::Str(self.names[self.own].clone())));
                }
                Phase::Wake {
                    task: TaskRef::Task(t),
                    sync,
                } => {
                    if *sync {
                        self.add("wake: rt-app resume is not a WF_SYNC wake-up");
                    }
                    if (*t as usize) < self.nt {
                        let k = self.key("resume");
                        out.push((k, J::Str(self.names[*t as usize].clone())));
                    } else {
                        self.add("wake: wake-ups of forked tasks are not expressible: dropped");
                    }
                }
                Phase::Wake { .. } => {
                    self.add(
                        "wake: per-CPU and reply-to-sender wake-ups are not expressible: dropped",
                    );
                }
                Phase::Barrier { id, parties } => {
                    if !self.barriers.iter().any(|(b, _)| b == id) {
                        self.barriers.push((*id, *parties));
                    }
                    let k = self.key("barrier");
                    out.push((k, J::Str(format!("b{id}"))));
                }
                Phase::Fork { template } => {
                    let k = self.key("fork");
                    let name = self
                        .names
                        .get(self.nt + *template as usize)
                        .cloned()
                        .unwrap_or_default();
                    out.push((k, J::Str(name)));
                }
                Phase::Ops { .. } => {
                    self.add("ops: the benchmark's op counter has no rt-app equivalent: dropped")
                }
                Phase::IoWait => self
                    .add("io_wait: exported with its io as a sleep (io's submit_only is dropped)"),
                Phase::CondResched => {
                    self.add("cond_resched: rt-app has no kernel-mode preemption point: dropped")
                }
                Phase::Send {
                    task: TaskRef::Task(t),
                    ..
                } if (*t as usize) < self.nt => {
                    self.add("send: exported as a resume (no buffer: the writer never blocks)");
                    let k = self.key("resume");
                    out.push((k, J::Str(self.names[*t as usize].clone())));
                }
                Phase::Send { .. } => {
                    self.add("send: to forked or per-CPU tasks is not expressible: dropped");
                }
                Phase::Recv { .. } => {
                    self.add("recv: exported as a suspend (one resume per message, no bytes)");
                    let k = self.key("suspend");
                    out.push((k, J::Str(self.names[self.own].clone())));
                }
                Phase::Exec => {
                    self.add("exec: rt-app has no exec (no exec balancing): dropped");
                }
                Phase::WalFlush {
                    ns,
                    ios,
                    extra_io_permille,
                    ..
                } => {
                    // the flush's IO waits as one sleep: `ios` of them, and the extra one's
                    // share of an IO
                    let one = self.amount(ns, "wal_flush");
                    let n = one * u64::from(*ios) + one * u64::from(*extra_io_permille) / 1000;
                    self.add(
                        "wal_flush: exported as its own flush, a sleep (rt-app has no lock \
                         hand-off: no waiting for another task's flush)",
                    );
                    let k = self.key("sleep");
                    out.push((k, J::Int((n / 1000) as i64)));
                }
                Phase::Lock { .. } | Phase::UnlockAll => {
                    self.add("lock / unlock_all: dropped (not exported as rt-app mutexes)");
                }
                Phase::CompleteIo { cycles } => {
                    let c = self.amount(cycles, "complete_io");
                    self.add(
                        "complete_io: exported as its run (rt-app has no IO completion hand-off)",
                    );
                    let k = self.key("run");
                    out.push((k, J::Int((c / self.mhz) as i64)));
                }
                Phase::CommitWait { .. } | Phase::CommitStart { .. } | Phase::CommitEnd { .. } => {
                    self.add("commit_*: rt-app has no group commit (a wake-all): dropped");
                }
                Phase::FlushWorkqueue { .. } => {
                    self.add("flush_workqueue: rt-app has no workqueue flush: dropped");
                }
                Phase::Exit => {
                    self.add("exit: an exit inside a loop is not expressible: dropped");
                }
                Phase::Syscall { body } => {
                    self.add("syscall: rt-app has no kernel-mode sections (exported as its steps)");
                    self.flat_into(body, out);
                }
                Phase::Loop { count, body } => {
                    let len = body.len();
                    match count {
                        Some(c) if (*c as usize).saturating_mul(len) <= MAX_UNROLL_EVENTS => {
                            for _ in 0..*c {
                                self.flat_into(body, out);
                            }
                        }
                        _ => {
                            self.add("loop: a large or endless loop nested in a phase is exported as one iteration");
                            self.flat_into(body, out);
                        }
                    }
                }
            }
        }
    }
}
