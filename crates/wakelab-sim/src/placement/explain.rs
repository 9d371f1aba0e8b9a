//! Explanations of a placement decision: each check in order, the CPUs examined and why each was
//! rejected. [`NoExplain`] compiles to nothing (the engine's hot path); [`Recorder`] builds an
//! ordered list of [`Event`]s for `wakelab decide` and the UI.

use serde::Serialize;

use crate::cpumask::Cpu;

/// A kernel function of the placement path (for the trace's nesting).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Func {
    SelectTaskRq,
    SelectTaskRqFair,
    RecordWakee,
    WakeWide,
    WakeCap,
    WakeAffine,
    WakeAffineIdle,
    WakeAffineWeight,
    SelectIdleSibling,
    SelectIdleCapacity,
    SelectIdleCore,
    SelectIdleCpu,
    SelectIdleSmt,
    FindIdlestCpu,
    FindIdlestGroup,
    FindIdlestGroupCpu,
    SelectFallbackRq,
    /// vcpu-pack: the host build's `vcpu_pack_room(p, cpu)`.
    VcpuPackRoom,
}

/// Why a CPU examined by a scan was passed over (or taken).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Idle (by the version's idle predicate): taken.
    Idle,
    /// Not idle.
    Busy,
    /// Not in the task's affinity mask.
    NotAllowed,
    /// Outside the domain span.
    NotInSpan,
    /// The budget (`--nr`) ran out at this iteration: no runqueue examined.
    BudgetExhausted,
    /// Part of a core with a busy sibling.
    CoreBusy,
    /// All siblings idle: an idle core.
    CoreIdle,
    /// Recorded as the fallback idle CPU of a core scan.
    Candidate,
    /// Idle but its capacity does not fit the task.
    DoesNotFit,
    /// vcpu-pack: `vcpu_pack_room` holds (only fair tasks, at most one runnable, below 70%).
    PackRoom,
    /// vcpu-pack: `vcpu_pack_room` fails.
    NoPackRoom,
}

/// One step of an explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "ev", rename_all = "snake_case")]
pub enum Event {
    Enter {
        func: Func,
    },
    Leave {
        func: Func,
        result: Option<Cpu>,
    },
    /// A named boolean check (`"idle(target)"`, `"cpus_share_cache(prev,target)"`).
    Check {
        what: &'static str,
        cpu: Option<Cpu>,
        pass: bool,
    },
    /// A scan examined (or skipped) `cpu`.
    Examine {
        func: Func,
        cpu: Cpu,
        verdict: Verdict,
    },
    /// A computed quantity (`"nr"`, `"this_eff_load"`).
    Value {
        name: &'static str,
        value: i64,
    },
    /// A state write (`"p.recent_used_cpu"`, `"has_idle_cores"` of the LLC of `cpu`).
    Write {
        what: &'static str,
        cpu: Option<Cpu>,
        value: i64,
    },
    /// The rule that decided.
    Rule {
        rule: super::Rule,
        cpu: Cpu,
    },
}

/// Sink for explanation events. All methods have empty defaults so `NoExplain` costs nothing.
pub trait Explain {
    /// Whether events are kept (lets callers skip computing values only needed for the trace).
    #[inline(always)]
    fn enabled(&self) -> bool {
        false
    }
    #[inline(always)]
    fn event(&mut self, _ev: Event) {}
}

/// The engine's explainer: records nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoExplain;

impl Explain for NoExplain {}

/// Records every event in order.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Recorder {
    pub events: Vec<Event>,
}

impl Explain for Recorder {
    #[inline]
    fn enabled(&self) -> bool {
        true
    }
    fn event(&mut self, ev: Event) {
        self.events.push(ev);
    }
}

fn verdict_text(v: Verdict) -> &'static str {
    match v {
        Verdict::Idle => "idle -> take",
        Verdict::Busy => "busy",
        Verdict::NotAllowed => "not allowed",
        Verdict::NotInSpan => "not in domain span",
        Verdict::BudgetExhausted => "budget exhausted (--nr == 0), give up",
        Verdict::CoreBusy => "busy (core not idle)",
        Verdict::CoreIdle => "idle core",
        Verdict::Candidate => "idle -> remembered as candidate",
        Verdict::DoesNotFit => "idle but does not fit",
        Verdict::PackRoom => "room to pack (fair only, <= 1 runnable, util + p's < 70%)",
        Verdict::NoPackRoom => "no room to pack",
    }
}

fn func_name(f: Func) -> String {
    let s = serde_json::to_value(f).expect("func serialises");
    s.as_str().unwrap_or("?").to_string()
}

/// Render events as an indented, readable trace.
pub fn render_events(events: &[Event]) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    let pad = |d: usize| "  ".repeat(d);
    for ev in events {
        match *ev {
            Event::Enter { func } => {
                out.push_str(&format!("{}{}()\n", pad(depth), func_name(func)));
                depth += 1;
            }
            Event::Leave { func, result } => {
                depth = depth.saturating_sub(1);
                let r = match result {
                    Some(c) => format!("CPU {c}"),
                    None => "none".into(),
                };
                out.push_str(&format!("{}<- {} = {r}\n", pad(depth), func_name(func)));
            }
            Event::Check { what, cpu, pass } => {
                let c = cpu.map(|c| format!(" [CPU {c}]")).unwrap_or_default();
                let mark = if pass { "yes" } else { "no" };
                out.push_str(&format!("{}{what}{c}: {mark}\n", pad(depth)));
            }
            Event::Examine { cpu, verdict, .. } => {
                out.push_str(&format!(
                    "{}CPU {cpu}: {}\n",
                    pad(depth),
                    verdict_text(verdict)
                ));
            }
            Event::Value { name, value } => {
                out.push_str(&format!("{}{name} = {value}\n", pad(depth)));
            }
            Event::Write { what, cpu, value } => {
                let c = cpu
                    .map(|c| format!(" [LLC of CPU {c}]"))
                    .unwrap_or_default();
                out.push_str(&format!("{}{what}{c} := {value}\n", pad(depth)));
            }
            Event::Rule { rule, cpu } => {
                out.push_str(&format!("{}=> rule {rule:?}: CPU {cpu}\n", pad(depth)));
            }
        }
    }
    out
}
