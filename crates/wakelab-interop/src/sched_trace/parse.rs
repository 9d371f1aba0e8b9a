//! Reader for scheduler traces as text: `perf script` output of the sched tracepoints and
//! `trace-cmd report` output (also the raw tracefs `trace` file, which has the same layout with
//! a latency-flags column), plain or gzip'ed.
//!
//! Layouts (one event per line):
//!
//! ```text
//! perf script:      <comm> <tid> [<cpu>] <sec>.<frac>: sched:sched_switch: prev_comm=... ==> next_comm=...
//! trace-cmd report: <comm>-<tid> [<cpu>] <sec>.<frac>: sched_switch: bash:12193 [120] R ==> rustc:12055 [139]
//! tracefs trace:    <comm>-<tid> [<cpu>] d..2. <sec>.<frac>: sched_switch: prev_comm=... ==> ...
//! ```
//!
//! `trace-cmd report` prints sched_switch and sched_wakeup(_new) through its plugin
//! (`comm:pid [prio] state ==> comm:pid [prio]`, `comm:pid [prio] CPU:nnn`); `-R` prints the
//! kernel's `key=value` form. Both are read. Comm names may contain spaces (`lto cgu.03`).
//!
//! Every input is bounded ([`MAX_TRACE_BYTES`], [`MAX_TRACE_LINES`], [`MAX_LINE_BYTES`],
//! [`MAX_TRACE_TASKS`], [`MAX_TRACE_CPUS`]); a malformed line is a [`TraceReadError`] with its
//! line number and what was expected. Events the summary does not use (`sched_stat_runtime`,
//! `sched_process_free`, anything else) are skipped and counted, not errors.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap};

use thiserror::Error;

use super::events::{Event, EventKind, EventStream, ReadStats, TaskIdx, TaskInfo, TraceSource};
use crate::gz;

/// Largest trace, in bytes of text (after gzip decompression; also the largest gzip file).
/// A 5 s tbench recording on 2 CPUs is ~1.2 M events, ~180 MB of `perf script` text.
pub const MAX_TRACE_BYTES: usize = 512 << 20;
/// Most lines in a trace (events, comments and blank lines alike).
pub const MAX_TRACE_LINES: usize = 4_000_000;
/// Longest line, in bytes (a sched_switch line is ~150 bytes; comm names are at most 16).
pub const MAX_LINE_BYTES: usize = 4096;
/// Most distinct tasks (pids) in a trace.
pub const MAX_TRACE_TASKS: usize = 65_536;
/// CPU numbers must be below this.
pub const MAX_TRACE_CPUS: u32 = 4096;
/// Most distinct names of skipped events listed by name (the rest are counted under `other`).
pub const MAX_SKIPPED_NAMES: usize = 64;

/// `power:cpu_idle`'s `state` when a CPU leaves idle (`PWR_EVENT_EXIT`, -1 as u32).
const PWR_EVENT_EXIT: u32 = u32::MAX;
/// The perf header keys kept in [`EventStream::meta`].
const META_KEYS: [&str; 11] = [
    "captured on",
    "hostname",
    "os release",
    "perf version",
    "arch",
    "nrcpus online",
    "nrcpus avail",
    "cpudesc",
    "total memory",
    "cmdline",
    "sample duration",
];
/// Longest value kept in [`EventStream::meta`].
const MAX_META_VALUE: usize = 512;

/// Why a trace could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TraceReadError {
    #[error("the trace is larger than {max} bytes (MAX_TRACE_BYTES)")]
    TooLarge { max: usize },
    #[error("{0}")]
    Gzip(String),
    #[error("the trace has more than {max} lines (MAX_TRACE_LINES)")]
    TooManyLines { max: usize },
    #[error("line {line}: longer than {max} bytes (MAX_LINE_BYTES)")]
    LineTooLong { line: usize, max: usize },
    #[error("line {line}: more than {max} distinct tasks (MAX_TRACE_TASKS)")]
    TooManyTasks { line: usize, max: usize },
    #[error("line {line}: CPU {cpu} is not below {max} (MAX_TRACE_CPUS)")]
    CpuTooLarge { line: usize, cpu: u64, max: u32 },
    #[error("line {line}: expected {expected}, found `{found}`")]
    Syntax {
        line: usize,
        expected: &'static str,
        found: String,
    },
    #[error("line {line}: {event}: expected {expected}")]
    Field {
        line: usize,
        event: String,
        expected: String,
    },
    #[error(
        "no scheduler events found: record sched:sched_switch and sched:sched_waking \
         (`perf sched record`, `trace-cmd record -e sched`)"
    )]
    NoEvents,
}

impl TraceReadError {
    /// The 1-based line the error is on, if it is about one line.
    pub fn line(&self) -> Option<usize> {
        match self {
            TraceReadError::LineTooLong { line, .. }
            | TraceReadError::TooManyTasks { line, .. }
            | TraceReadError::CpuTooLarge { line, .. }
            | TraceReadError::Syntax { line, .. }
            | TraceReadError::Field { line, .. } => Some(*line),
            _ => None,
        }
    }
}

/// Read a trace (plain text or gzip) into an [`EventStream`].
pub fn read_trace(bytes: &[u8]) -> Result<EventStream, TraceReadError> {
    if bytes.len() > MAX_TRACE_BYTES {
        return Err(TraceReadError::TooLarge {
            max: MAX_TRACE_BYTES,
        });
    }
    let inflated;
    let text: &[u8] = if gz::is_gzip(bytes) {
        inflated = gz::gunzip(bytes, MAX_TRACE_BYTES).map_err(TraceReadError::Gzip)?;
        &inflated
    } else {
        bytes
    };
    let mut r = Reader::default();
    for (i, raw) in text.split(|&b| b == b'\n').enumerate() {
        let line_no = i + 1;
        if i >= MAX_TRACE_LINES {
            if raw.is_empty() && i == MAX_TRACE_LINES {
                break; // the final newline of a file of exactly MAX_TRACE_LINES lines
            }
            return Err(TraceReadError::TooManyLines {
                max: MAX_TRACE_LINES,
            });
        }
        if raw.len() > MAX_LINE_BYTES {
            return Err(TraceReadError::LineTooLong {
                line: line_no,
                max: MAX_LINE_BYTES,
            });
        }
        r.stats.lines += 1;
        // comm names are bytes to the kernel; keep going on a stray non-UTF-8 byte
        let line: Cow<str> = String::from_utf8_lossy(raw);
        r.line(line_no, line.trim_end_matches('\r'))?;
    }
    r.finish()
}

#[derive(Default)]
struct Reader {
    tasks: Vec<TaskInfo>,
    by_pid: HashMap<u32, TaskIdx>,
    events: Vec<Event>,
    /// Wake events read from `sched_wakeup`, kept apart until we know whether the trace has
    /// `sched_waking` (then they are dropped).
    wakeups: Vec<Event>,
    has_waking: bool,
    /// `sched_stat_runtime` records: not events of the stream, but they time the switch-ins
    /// the trace lost ([`super::repair`]).
    runtimes: Vec<super::repair::RuntimeRecord>,
    nr_cpus: u32,
    stats: ReadStats,
    meta: BTreeMap<String, String>,
    source: Option<TraceSource>,
}

/// The fixed part of an event line.
struct Header<'a> {
    comm: &'a str,
    pid: u32,
    cpu: u32,
    t_ns: u64,
    event: &'a str,
    fields: &'a str,
    trace_cmd: bool,
}

fn clip(s: &str) -> String {
    let mut end = s.len().min(80);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s[..end].to_string()
}

impl Reader {
    fn line(&mut self, no: usize, line: &str) -> Result<(), TraceReadError> {
        let t = line.trim();
        if t.is_empty() {
            return Ok(());
        }
        if let Some(c) = t.strip_prefix('#') {
            self.header_comment(c);
            return Ok(());
        }
        if let Some(n) = t.strip_prefix("cpus=") {
            self.meta.insert("cpus".into(), clip(n));
            return Ok(());
        }
        if t.starts_with("version =") || (t.starts_with("CPU ") && t.ends_with(" is empty")) {
            return Ok(());
        }
        if let Some(p) = t.find("[LOST ") {
            // trace-cmd: `CPU:1 [LOST 1234 EVENTS]`
            let n = t[p + 6..].split_whitespace().next().unwrap_or("");
            self.stats.lost_events += n.parse::<u64>().unwrap_or(0);
            return Ok(());
        }
        let h = parse_header(t).map_err(|expected| TraceReadError::Syntax {
            line: no,
            expected,
            found: clip(t),
        })?;
        self.source.get_or_insert(if h.trace_cmd {
            TraceSource::TraceCmd
        } else {
            TraceSource::PerfScript
        });
        self.cpu(no, h.cpu as u64)?;
        self.event(no, &h)
    }

    fn header_comment(&mut self, c: &str) {
        if let Some((k, v)) = c.split_once(" : ") {
            let k = k.trim();
            if META_KEYS.contains(&k) {
                let v = v.trim();
                let mut end = v.len().min(MAX_META_VALUE);
                while !v.is_char_boundary(end) {
                    end -= 1;
                }
                self.meta.insert(k.to_string(), v[..end].to_string());
            }
        }
    }

    fn cpu(&mut self, line: usize, cpu: u64) -> Result<u32, TraceReadError> {
        if cpu >= MAX_TRACE_CPUS as u64 {
            return Err(TraceReadError::CpuTooLarge {
                line,
                cpu,
                max: MAX_TRACE_CPUS,
            });
        }
        self.nr_cpus = self.nr_cpus.max(cpu as u32 + 1);
        Ok(cpu as u32)
    }

    /// The task with this pid (`None` for pid 0, the idle task), created on first sight;
    /// `comm` (when given) becomes its name.
    fn task(
        &mut self,
        line: usize,
        pid: u32,
        comm: Option<&str>,
    ) -> Result<Option<TaskIdx>, TraceReadError> {
        if pid == 0 {
            return Ok(None);
        }
        if let Some(&i) = self.by_pid.get(&pid) {
            if let Some(c) = comm {
                let info = &mut self.tasks[i as usize];
                if info.comm != c {
                    info.comm = c.to_string();
                }
            }
            return Ok(Some(i));
        }
        if self.tasks.len() >= MAX_TRACE_TASKS {
            return Err(TraceReadError::TooManyTasks {
                line,
                max: MAX_TRACE_TASKS,
            });
        }
        let i = self.tasks.len() as TaskIdx;
        self.tasks.push(TaskInfo {
            pid,
            comm: comm.unwrap_or("").to_string(),
        });
        self.by_pid.insert(pid, i);
        Ok(Some(i))
    }

    fn keep(&mut self, name: &str) {
        *self.stats.kept.entry(name.to_string()).or_insert(0) += 1;
    }

    fn skip(&mut self, name: &str) {
        let n = self.stats.skipped.len();
        let key = if n < MAX_SKIPPED_NAMES || self.stats.skipped.contains_key(name) {
            name
        } else {
            "other"
        };
        *self.stats.skipped.entry(key.to_string()).or_insert(0) += 1;
    }

    fn event(&mut self, no: usize, h: &Header) -> Result<(), TraceReadError> {
        let fe = |expected: &str| TraceReadError::Field {
            line: no,
            event: h.event.to_string(),
            expected: expected.to_string(),
        };
        // the task running on the CPU is known to be alive under this name
        let current = self.task(no, h.pid, Some(h.comm))?;
        let push = |r: &mut Reader, kind| {
            r.events.push(Event {
                t_ns: h.t_ns,
                cpu: h.cpu,
                kind,
            })
        };
        match h.event {
            "sched_switch" => {
                let s = parse_switch(h.fields).map_err(fe)?;
                let prev = self.task(no, s.prev_pid, Some(s.prev_comm))?;
                let next = self.task(no, s.next_pid, Some(s.next_comm))?;
                push(
                    self,
                    EventKind::Switch {
                        prev,
                        prev_blocked: s.prev_blocked,
                        next,
                        inferred: false,
                    },
                );
            }
            "sched_waking" | "sched_wakeup" | "sched_wakeup_new" => {
                let (comm, pid, target) = parse_wakeup(h.fields).map_err(fe)?;
                if let Some(c) = target {
                    self.cpu(no, c as u64)?;
                }
                let Some(wakee) = self.task(no, pid, Some(comm))? else {
                    return Err(fe("the woken task's pid (not 0)"));
                };
                let ev = Event {
                    t_ns: h.t_ns,
                    cpu: h.cpu,
                    kind: EventKind::Wake {
                        waker: current,
                        wakee,
                        new_task: h.event == "sched_wakeup_new",
                    },
                };
                match h.event {
                    "sched_wakeup" => self.wakeups.push(ev),
                    "sched_waking" => {
                        self.has_waking = true;
                        self.events.push(ev)
                    }
                    _ => self.events.push(ev),
                }
            }
            "sched_migrate_task" => {
                let pid = num(h.fields, "pid").ok_or_else(|| fe("pid=<number>"))?;
                let comm = kv(h.fields, "comm");
                let from = num(h.fields, "orig_cpu").ok_or_else(|| fe("orig_cpu=<number>"))?;
                let to = num(h.fields, "dest_cpu").ok_or_else(|| fe("dest_cpu=<number>"))?;
                let from = self.cpu(no, from as u64)?;
                let to = self.cpu(no, to as u64)?;
                let Some(task) = self.task(no, pid, comm)? else {
                    return Err(fe("a task's pid (not 0)"));
                };
                push(self, EventKind::Migrate { task, from, to });
            }
            "sched_process_fork" => {
                // perf: comm= pid=; trace-cmd -R: parent_comm= parent_pid=
                let ppid = num(h.fields, "pid")
                    .or_else(|| num(h.fields, "parent_pid"))
                    .ok_or_else(|| fe("pid=<number> or parent_pid=<number>"))?;
                let pcomm = kv(h.fields, "comm").or_else(|| kv(h.fields, "parent_comm"));
                let cpid = num(h.fields, "child_pid").ok_or_else(|| fe("child_pid=<number>"))?;
                let ccomm = kv(h.fields, "child_comm");
                let parent = self.task(no, ppid, pcomm)?;
                let Some(child) = self.task(no, cpid, ccomm)? else {
                    return Err(fe("child_pid not 0"));
                };
                push(self, EventKind::Fork { parent, child });
            }
            "sched_process_exec" => {
                // the header names the task after exec: nothing more to record
                num(h.fields, "pid").ok_or_else(|| fe("pid=<number>"))?;
            }
            "sched_process_exit" => {
                let pid = num(h.fields, "pid").ok_or_else(|| fe("pid=<number>"))?;
                let comm = kv(h.fields, "comm");
                if let Some(task) = self.task(no, pid, comm)? {
                    push(self, EventKind::Exit { task });
                }
            }
            "sched_stat_runtime" => {
                let pid = num(h.fields, "pid").ok_or_else(|| fe("pid=<number>"))?;
                let ns = kv(h.fields, "runtime")
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or_else(|| fe("runtime=<ns>"))?;
                // pid 0 is the idle task's accounting, which the summary does not use
                if let Some(task) = self.task(no, pid, kv(h.fields, "comm"))? {
                    self.runtimes.push(super::repair::RuntimeRecord {
                        t_ns: h.t_ns,
                        cpu: h.cpu,
                        task,
                        ns,
                    });
                }
            }
            "cpu_frequency" => {
                let khz = num(h.fields, "state").ok_or_else(|| fe("state=<kHz>"))?;
                let cpu = num(h.fields, "cpu_id").ok_or_else(|| fe("cpu_id=<number>"))?;
                let cpu = self.cpu(no, cpu as u64)?;
                self.events.push(Event {
                    t_ns: h.t_ns,
                    cpu,
                    kind: EventKind::Freq { khz },
                });
            }
            "cpu_idle" => {
                let state = match kv(h.fields, "state") {
                    Some("-1") => PWR_EVENT_EXIT,
                    Some(s) => s.parse::<u32>().map_err(|_| fe("state=<number>"))?,
                    None => return Err(fe("state=<number>")),
                };
                let cpu = num(h.fields, "cpu_id").ok_or_else(|| fe("cpu_id=<number>"))?;
                let cpu = self.cpu(no, cpu as u64)?;
                self.events.push(Event {
                    t_ns: h.t_ns,
                    cpu,
                    kind: EventKind::Idle {
                        state: (state != PWR_EVENT_EXIT).then_some(state),
                    },
                });
            }
            other => {
                self.skip(other);
                return Ok(());
            }
        }
        self.keep(h.event);
        Ok(())
    }

    fn finish(mut self) -> Result<EventStream, TraceReadError> {
        if self.has_waking {
            self.stats.wakeup_superseded = self.wakeups.len() as u64;
        } else {
            self.events.append(&mut self.wakeups);
        }
        if !self
            .events
            .iter()
            .any(|e| matches!(e.kind, EventKind::Switch { .. }))
        {
            return Err(TraceReadError::NoEvents);
        }
        // perf and trace-cmd merge the per-CPU buffers by time; a stable sort repairs the odd
        // out-of-order line (and puts sched_wakeup events, kept apart, in place)
        self.events.sort_by_key(|e| e.t_ns);
        self.stats.switch_ins_inferred = super::repair::infer_missing_switch_ins(
            &mut self.events,
            &mut self.runtimes,
            self.nr_cpus,
            self.tasks.len(),
        );
        Ok(EventStream {
            source: self.source.unwrap_or(TraceSource::PerfScript),
            tasks: self.tasks,
            events: self.events,
            nr_cpus: self.nr_cpus,
            stats: self.stats,
            meta: self.meta,
        })
    }
}

const HEADER_EXPECTED: &str = "an event line `<comm> <pid> [<cpu>] <seconds>.<fraction>: <event>: <fields>` \
     (perf script) or `<comm>-<pid> [<cpu>] <seconds>.<fraction>: <event>: <fields>` (trace-cmd report)";

fn parse_header(t: &str) -> Result<Header<'_>, &'static str> {
    let b = t.as_bytes();
    // the CPU column: ` [ddd]` followed by white space
    let mut open = None;
    let mut from = 0;
    while let Some(p) = t[from..].find('[').map(|p| p + from) {
        let digits = b[p + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        let close = p + 1 + digits;
        if p > 0
            && b[p - 1].is_ascii_whitespace()
            && digits > 0
            && digits <= 6
            && b.get(close) == Some(&b']')
            && b.get(close + 1).is_some_and(|c| c.is_ascii_whitespace())
        {
            open = Some((p, close));
            break;
        }
        from = p + 1;
    }
    let (open, close) = open.ok_or(HEADER_EXPECTED)?;
    let cpu: u32 = t[open + 1..close].parse().map_err(|_| HEADER_EXPECTED)?;
    let prefix = t[..open].trim();
    let (comm, pid, trace_cmd) = split_task(prefix).ok_or(HEADER_EXPECTED)?;
    // after the CPU: an optional latency-flags column, then `sec.frac:`, then `event:`
    let mut rest = t[close + 1..].trim_start();
    let mut t_ns = None;
    for _ in 0..2 {
        let (tok, after) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        if let Some(ns) = tok.strip_suffix(':').and_then(parse_seconds) {
            t_ns = Some(ns);
            rest = after.trim_start();
            break;
        }
        rest = after.trim_start();
    }
    let t_ns = t_ns.ok_or("a timestamp `<seconds>.<fraction>:` after the CPU column")?;
    let (tok, fields) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let name = tok
        .strip_suffix(':')
        .filter(|n| {
            !n.is_empty()
                && n.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b':' || c == b'-')
        })
        .ok_or("an event name `<event>:` after the timestamp")?;
    // perf names events `subsystem:event`
    let event = name.rsplit(':').next().unwrap_or(name);
    Ok(Header {
        comm,
        pid,
        cpu,
        t_ns,
        event,
        fields: fields.trim(),
        trace_cmd,
    })
}

/// `comm pid` (perf; also `comm pid/tid`) or `comm-pid` (trace-cmd, optionally after an
/// instance name `buf:`). Returns (comm, pid, is_trace_cmd).
fn split_task(prefix: &str) -> Option<(&str, u32, bool)> {
    if let Some((comm, last)) = prefix.rsplit_once(char::is_whitespace) {
        let tid = last.rsplit('/').next().unwrap_or(last);
        if !tid.is_empty() && tid.bytes().all(|c| c.is_ascii_digit()) {
            return Some((comm.trim(), tid.parse().ok()?, false));
        }
    }
    let (comm, pid) = prefix.rsplit_once('-')?;
    if pid.is_empty() || !pid.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let mut comm = comm.trim();
    // `trace-cmd report` of an instance prefixes every line with `<instance>: `
    if let Some((first, rest)) = comm.split_once(char::is_whitespace) {
        if first.ends_with(':') {
            comm = rest.trim();
        }
    }
    Some((comm, pid.parse().ok()?, true))
}

/// `123.456789` (any number of fraction digits up to 9) as nanoseconds.
fn parse_seconds(s: &str) -> Option<u64> {
    let (sec, frac) = s.split_once('.')?;
    if sec.is_empty()
        || sec.len() > 10
        || frac.is_empty()
        || frac.len() > 9
        || !sec.bytes().all(|c| c.is_ascii_digit())
        || !frac.bytes().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let sec: u64 = sec.parse().ok()?;
    let frac_ns: u64 = frac.parse::<u64>().ok()? * 10u64.pow(9 - frac.len() as u32);
    sec.checked_mul(1_000_000_000)?.checked_add(frac_ns)
}

/// The value of `key=` in a `key=value key=value` field list. Values may contain spaces (comm
/// names): a value ends where the next ` ident=` begins.
fn kv<'a>(fields: &'a str, key: &str) -> Option<&'a str> {
    let b = fields.as_bytes();
    let mut from = 0;
    let start = loop {
        let p = fields[from..].find(key)? + from;
        let after = p + key.len();
        if (p == 0 || b[p - 1] == b' ') && b.get(after) == Some(&b'=') {
            break after + 1;
        }
        from = p + 1;
    };
    let mut end = fields.len();
    let mut i = start;
    while let Some(sp) = fields[i..].find(' ').map(|p| p + i) {
        let id = b[sp + 1..]
            .iter()
            .take_while(|c| c.is_ascii_alphanumeric() || **c == b'_')
            .count();
        if id > 0 && b.get(sp + 1 + id) == Some(&b'=') {
            end = sp;
            break;
        }
        i = sp + 1;
    }
    let v = fields[start..end].trim();
    let v = v.strip_suffix("==>").unwrap_or(v).trim_end();
    Some(v.strip_suffix("[ns]").unwrap_or(v).trim_end())
}

fn num(fields: &str, key: &str) -> Option<u32> {
    kv(fields, key)?.parse().ok()
}

struct Switch<'a> {
    prev_comm: &'a str,
    prev_pid: u32,
    prev_blocked: bool,
    next_comm: &'a str,
    next_pid: u32,
}

/// Whether a `prev_state` means the task blocked. `R` and `R+` (preempted while runnable) do
/// not; every sleeping, stopped or dead state does. The raw numeric form (`trace-cmd report -R`)
/// is 0 when runnable; a bare bit at or above 0x100 is `TASK_REPORT_MAX`, the kernel's "was
/// preempted" marker (kernel/sched/core.c `__trace_sched_switch_state`).
fn blocked_state(s: &str) -> Option<bool> {
    let s = s.trim();
    if s.is_empty() {
        return None;
    }
    if let Ok(n) = s.parse::<u64>() {
        return Some(!(n == 0 || (n >= 0x100 && n.is_power_of_two())));
    }
    Some(!s.starts_with('R'))
}

fn parse_switch(f: &str) -> Result<Switch<'_>, &'static str> {
    if f.contains("prev_pid=") {
        let n = |k| num(f, k);
        return Ok(Switch {
            prev_comm: kv(f, "prev_comm").ok_or("prev_comm=<name>")?,
            prev_pid: n("prev_pid").ok_or("prev_pid=<number>")?,
            prev_blocked: kv(f, "prev_state")
                .and_then(blocked_state)
                .ok_or("prev_state=<state>")?,
            next_comm: kv(f, "next_comm").ok_or("next_comm=<name>")?,
            next_pid: n("next_pid").ok_or("next_pid=<number>")?,
        });
    }
    // trace-cmd's plugin: `prev_comm:prev_pid [prio] state ==> next_comm:next_pid [prio]`
    const EXPECTED: &str =
        "`<comm>:<pid> [<prio>] <state> ==> <comm>:<pid> [<prio>]` or prev_pid=...";
    let (l, r) = f.split_once(" ==> ").ok_or(EXPECTED)?;
    let (prev_comm, prev_pid, state) = comm_pid_prio(l).ok_or(EXPECTED)?;
    let (next_comm, next_pid, _) = comm_pid_prio(r).ok_or(EXPECTED)?;
    Ok(Switch {
        prev_comm,
        prev_pid,
        prev_blocked: blocked_state(state).ok_or(EXPECTED)?,
        next_comm,
        next_pid,
    })
}

/// `comm:pid [prio] rest` (trace-cmd's plugin form) -> (comm, pid, rest).
fn comm_pid_prio(s: &str) -> Option<(&str, u32, &str)> {
    let s = s.trim();
    let p = s.rfind(" [")?;
    let (comm, pid) = s[..p].rsplit_once(':')?;
    let close = s[p..].find(']')? + p;
    Some((comm, pid.parse().ok()?, s[close + 1..].trim()))
}

/// (comm, pid, target CPU) of a sched_waking/sched_wakeup/sched_wakeup_new line, in the
/// kernel's `comm= pid= prio= target_cpu=` form or trace-cmd's `comm:pid [prio] CPU:nnn`.
fn parse_wakeup(f: &str) -> Result<(&str, u32, Option<u32>), &'static str> {
    if f.contains("pid=") {
        let comm = kv(f, "comm").ok_or("comm=<name>")?;
        let pid = num(f, "pid").ok_or("pid=<number>")?;
        return Ok((comm, pid, num(f, "target_cpu")));
    }
    const EXPECTED: &str = "`comm=<name> pid=<number> ...` or `<comm>:<pid> [<prio>] CPU:<cpu>`";
    let (comm, pid, rest) = comm_pid_prio(f).ok_or(EXPECTED)?;
    let cpu = rest
        .split_whitespace()
        .find_map(|t| t.strip_prefix("CPU:"))
        .and_then(|c| c.parse().ok());
    Ok((comm, pid, cpu))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_of_perf_and_trace_cmd_lines() {
        let h = parse_header(
            "     lto cgu.04  6415 [001]  6953.957692:       sched:sched_switch: prev_comm=x",
        )
        .ok()
        .unwrap();
        assert_eq!(
            (h.comm, h.pid, h.cpu, h.t_ns),
            ("lto cgu.04", 6415, 1, 6_953_957_692_000)
        );
        assert_eq!(
            (h.event, h.fields, h.trace_cmd),
            ("sched_switch", "prev_comm=x", false)
        );
        let h = parse_header(
            "wltrace:  memfd:sealed-91-4288  [001]  7217.067463: sched_stat_runtime:   comm=m",
        )
        .ok()
        .unwrap();
        assert_eq!((h.comm, h.pid, h.cpu), ("memfd:sealed-91", 4288, 1));
        assert!(h.trace_cmd);
        let h = parse_header("  bash-12193   [000] d..2.  7217.062895123: sched_stat_runtime: a=1")
            .ok()
            .unwrap();
        assert_eq!(
            (h.pid, h.t_ns, h.event),
            (12193, 7_217_062_895_123, "sched_stat_runtime")
        );
        assert!(parse_header("hello world").is_err());
        assert!(parse_header("a 1 [000] 12: x: y").is_err());
    }

    #[test]
    fn fields_with_spaces_and_suffixes() {
        let f = "prev_comm=lto cgu.04 prev_pid=6415 prev_prio=139 prev_state=R+ ==> next_comm=a b next_pid=2 next_prio=120";
        assert_eq!(kv(f, "prev_comm"), Some("lto cgu.04"));
        assert_eq!(kv(f, "prev_state"), Some("R+"));
        assert_eq!(kv(f, "next_comm"), Some("a b"));
        assert_eq!(kv(f, "comm"), None);
        assert_eq!(kv("comm=x pid=1 runtime=5 [ns]", "runtime"), Some("5"));
        let s = parse_switch(f).unwrap();
        assert!(!s.prev_blocked);
        let s = parse_switch("memfd:sealed-91:4288 [120] S ==> rustc:12131 [139]").unwrap();
        assert_eq!(
            (s.prev_comm, s.prev_pid, s.prev_blocked),
            ("memfd:sealed-91", 4288, true)
        );
        assert_eq!((s.next_comm, s.next_pid), ("rustc", 12131));
        assert_eq!(
            parse_wakeup("rcu_preempt:15 [120] CPU:001").unwrap(),
            ("rcu_preempt", 15, Some(1))
        );
        assert_eq!(blocked_state("0"), Some(false));
        assert_eq!(blocked_state("1"), Some(true));
        assert_eq!(blocked_state("256"), Some(false));
        assert_eq!(blocked_state("D|K"), Some(true));
    }

    #[test]
    fn seconds_to_ns() {
        assert_eq!(parse_seconds("1.5"), Some(1_500_000_000));
        assert_eq!(parse_seconds("0.000000001"), Some(1));
        assert_eq!(parse_seconds("1.0000000001"), None);
        assert_eq!(parse_seconds("99999999999.0"), None);
    }
}
