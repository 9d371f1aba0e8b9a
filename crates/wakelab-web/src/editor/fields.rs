//! The scenario editor as data: which fields the form shows for an experiment, how each field's
//! text is formatted from the experiment's JSON and parsed back into it.
//!
//! The list is computed from the experiment ([`fields`]) because what applies depends on it: the
//! EPP only under HWP, the rate limit only under schedutil, ratio or table P-states, one field
//! set per variant, interference source and custom task. Paths are the core's validation paths
//! (`scenario.machine.shape.sockets`), so its messages land next to the field they name.
//! Everything here is plain Rust, tested natively; `dom` only draws and collects strings.

use serde_json::{Value, json};
use wakelab_sim::freq::{Governor, PStates};
use wakelab_sim::kernel::{KernelVersion, PATCHES, SchedFeature, TopologyFlags};
use wakelab_sim::scenario::{Experiment, MAX_DURATION_NS, default_client_counts};
use wakelab_sim::workload::WorkloadConfig;

use super::path::{self, Set};

/// Where a field is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    /// The experiment's title (above the machine).
    Title,
    /// What to run: client counts, iterations, run length, seed.
    Experiment,
    /// Machine shape (sockets, nodes, LLCs, cores, threads, capacities, numbering).
    Machine,
    /// The machine's frequency hardware: domains, P-state ratios or tables, HWP capabilities.
    Pstates,
    /// Governor and its parameters.
    Freq,
    /// The HWP hardware controller model (estimates; folded away by default).
    HwpController,
    /// Variant `i`: name, baseline, patches, sched features, governor.
    Variant(usize),
    /// Interference source `i`.
    Interference(usize),
    /// Custom workload task `j` of `tasks` (false) or `templates` (true).
    Task(bool, usize),
}

/// How a field is edited and what JSON its text becomes.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    Int {
        min: i64,
        max: i64,
    },
    /// Empty text = `null` (the default the hint names).
    OptInt {
        min: i64,
        max: i64,
    },
    /// Comma- or space-separated whole numbers; `empty` = whether no number is allowed,
    /// `distinct` = whether a number may appear only once (client counts: a repeat is the
    /// same runs again).
    IntList {
        min: i64,
        max: i64,
        empty: bool,
        distinct: bool,
    },
    Text {
        max: usize,
    },
    /// Empty text = `null`.
    OptText {
        max: usize,
    },
    /// A kernel cpulist (`0-3,8`); `optional`: empty = `null` (all CPUs).
    CpuList {
        optional: bool,
    },
    /// A string from a list of (value, label).
    Select(Vec<(String, String)>),
    /// A number from a list of (value, label).
    NumSelect(Vec<(String, String)>),
    Check,
    /// Version default / on / off (`""`, `"on"`, `"off"` -> `null`, `true`, `false`).
    Tri,
    /// A checkbox switching an optional section on (with this default) or off (`null`).
    Toggle(Value),
    /// A checkbox: whether this patch key is in the list at the path.
    Patch(&'static str),
    /// Per-variant governor: `""` = the scenario's frequency settings, else a copy of them
    /// with this governor.
    GovOverride,
    /// A task's scheduling class (`fair` / `fifo`).
    ClassSelect,
    /// A task program in the JSON task language.
    Program,
}

/// One field of the form.
#[derive(Clone, Debug, PartialEq)]
pub struct FieldSpec {
    pub section: Section,
    /// DOM id (stable across redraws, so focus and tests can find it).
    pub id: String,
    pub label: String,
    /// Validation path (see [`path::pointer`]).
    pub path: String,
    pub kind: Kind,
    pub hint: String,
    /// A longer explanation shown folded ("What it changes").
    pub details: String,
}

fn field(section: Section, id: &str, label: &str, path: &str, kind: Kind) -> FieldSpec {
    FieldSpec {
        section,
        id: id.to_string(),
        label: label.to_string(),
        path: path.to_string(),
        kind,
        hint: String::new(),
        details: String::new(),
    }
}

impl FieldSpec {
    fn hint(mut self, h: impl Into<String>) -> FieldSpec {
        self.hint = h.into();
        self
    }
}

fn int(min: i64, max: i64) -> Kind {
    Kind::Int { min, max }
}

fn options(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(v, l)| (v.to_string(), l.to_string()))
        .collect()
}

pub const GOVERNORS: &[(&str, &str)] = &[
    ("hwp", "intel_pstate HWP (powersave)"),
    ("powersave", "intel_pstate powersave (no HWP)"),
    ("schedutil", "schedutil"),
    ("performance", "performance"),
];
const NUMBERING: &[(&str, &str)] = &[
    ("x86", "x86 (siblings N and N + cores)"),
    ("linear", "linear (siblings adjacent, arm64)"),
];
const SMT: &[(&str, &str)] = &[("1", "1 (no SMT)"), ("2", "2"), ("4", "4"), ("8", "8")];
const ARCH: &[(&str, &str)] = &[("x86", "x86"), ("arm64", "arm64")];
const DOMAINS: &[(&str, &str)] = &[
    ("core", "per core (SMT threads share a clock)"),
    ("llc", "per LLC / cluster"),
    ("package", "per package"),
];
/// Largest simulated time a field takes (ns): the longest run.
const MAX_NS: i64 = 120_000_000_000;
/// Default of a boost hint switched on (a guess to edit, not a measurement).
fn boost_default() -> Value {
    json!({"duration_ns": 4_000_000, "level_pct": 80})
}

/// Every field the form shows for `exp`, in drawing order.
pub fn fields(exp: &Experiment) -> Vec<FieldSpec> {
    let mut out = Vec::new();
    out.push(field(
        Section::Title,
        "f-title",
        "Title",
        "scenario.title",
        Kind::Text { max: 200 },
    ));
    machine_fields(exp, &mut out);
    pstate_fields(exp, &mut out);
    freq_fields(exp, &mut out);
    for i in 0..exp.variants.len() {
        variant_fields(exp, i, &mut out);
    }
    for (i, itf) in exp.scenario.interference.iter().enumerate() {
        interference_fields(i, itf, &mut out);
    }
    if let WorkloadConfig::Custom(c) = &exp.scenario.workload {
        for (templates, list) in [(false, &c.tasks), (true, &c.templates)] {
            for j in 0..list.len() {
                task_fields(templates, j, &list[j].class, &mut out);
            }
        }
    }
    experiment_fields(exp, &mut out);
    out
}

/// What to run. The limits are `Experiment::validate`'s and `Scenario::validate`'s.
fn experiment_fields(exp: &Experiment, out: &mut Vec<FieldSpec>) {
    use Section::Experiment as E;
    let default: Vec<String> = default_client_counts(&exp.scenario.machine.shape)
        .iter()
        .map(|c| c.to_string())
        .collect();
    out.push(
        field(
            E,
            "f-clients",
            "Client counts",
            "clients",
            Kind::IntList {
                min: 1,
                max: 4096,
                empty: true,
                distinct: true,
            },
        )
        .hint(format!(
            "comma separated; empty = mmtests' topology-aware default: {}",
            default.join(", ")
        )),
    );
    out.push(field(
        E,
        "f-iterations",
        "Iterations",
        "iterations",
        int(1, 64),
    ));
    let max_ms = (MAX_DURATION_NS / 1_000_000) as i64;
    out.push(
        field(
            E,
            "f-duration",
            "Duration (ms)",
            "scenario.run.duration_ms",
            int(1, max_ms),
        )
        .hint("simulated time per run"),
    );
    out.push(field(
        E,
        "f-warmup",
        "Warm-up (ms)",
        "scenario.run.warmup_ms",
        int(0, max_ms - 1),
    ));
    out.push(field(
        E,
        "f-seed",
        "Seed",
        "scenario.run.seed",
        int(0, u32::MAX as i64),
    ));
    // System noise (issue 19): the measured background activity and cost jitter.
    out.push(
        field(
            E,
            "f-noise",
            "System noise",
            "scenario.noise.background",
            Kind::Check,
        )
        .hint("kworkers, RCU, daemons, network and block interrupts, as measured on an idle host"),
    );
    out.push(
        field(
            E,
            "f-noise-rate",
            "Noise rate (per mille)",
            "scenario.noise.rate_permille",
            int(0, wakelab_sim::workload::MAX_RATE_PERMILLE as i64),
        )
        .hint("1000 = as measured"),
    );
    out.push(
        field(
            E,
            "f-noise-jitter",
            "Cost jitter (per mille)",
            "scenario.noise.cost_jitter_permille",
            int(0, wakelab_sim::workload::MAX_COST_JITTER_PERMILLE as i64),
        )
        .hint(format!(
            "per-run spread of each task's costs; default {}",
            wakelab_sim::workload::COST_JITTER_PERMILLE
        )),
    );
}

fn machine_fields(exp: &Experiment, out: &mut Vec<FieldSpec>) {
    use Section::Machine as M;
    let p = |k: &str| format!("scenario.machine.shape.{k}");
    let shape = &exp.scenario.machine.shape;
    out.push(field(M, "f-sockets", "Sockets", &p("sockets"), int(1, 8)));
    out.push(
        field(
            M,
            "f-nodes",
            "NUMA nodes per socket",
            &p("nodes_per_socket"),
            int(1, 64),
        )
        .hint("more than 1: Sub-NUMA Clustering / Cluster-on-Die"),
    );
    out.push(
        field(
            M,
            "f-llcs",
            "LLCs per socket",
            &p("llcs_per_socket"),
            int(1, 64),
        )
        .hint("a multiple of the nodes; on big.LITTLE each cluster is an LLC"),
    );
    out.push(field(
        M,
        "f-cores",
        "Cores per LLC",
        &p("cores_per_llc"),
        int(1, 256),
    ));
    out.push(field(
        M,
        "f-smt",
        "SMT threads per core",
        &p("smt"),
        Kind::NumSelect(options(SMT)),
    ));
    out.push(field(
        M,
        "f-numbering",
        "CPU numbering",
        &p("numbering"),
        Kind::Select(options(NUMBERING)),
    ));
    out.push(
        field(
            M,
            "f-capacity",
            "Capacity per cluster",
            &p("cluster_capacity"),
            Kind::IntList {
                min: 1,
                max: 1024,
                empty: true,
                distinct: false,
            },
        )
        .hint("one per LLC of a socket, 1024 = the biggest core; empty = all 1024"),
    );
    if shape.sockets > 1 {
        out.push(
            field(
                M,
                "f-remote",
                "NUMA distance between sockets",
                &p("numa_remote_distance"),
                int(10, 255),
            )
            .hint("SLIT; Linux's default is 21"),
        );
    }
    if shape.nodes_per_socket > 1 {
        out.push(
            field(
                M,
                "f-snc-distance",
                "NUMA distance within a socket",
                &p("numa_socket_distance"),
                int(10, 255),
            )
            .hint("SLIT between the nodes of one socket; typically 11 or 12"),
        );
    }
    out.push(
        field(
            M,
            "f-arch",
            "Architecture",
            "scenario.machine.arch",
            Kind::Select(options(ARCH)),
        )
        .hint("on 4.x kernels PELT is frequency invariant on arm64 only"),
    );
}

fn pstate_fields(exp: &Experiment, out: &mut Vec<FieldSpec>) {
    use Section::Pstates as P;
    let hw = &exp.scenario.machine.hw;
    out.push(field(
        P,
        "f-domain",
        "Frequency domain",
        "scenario.machine.hw.freq.domain",
        Kind::Select(options(DOMAINS)),
    ));
    match &hw.freq.pstates {
        PStates::Ratio(_) => {
            let r = |k: &str| format!("scenario.machine.hw.freq.pstates.ratio.{k}");
            out.push(
                field(
                    P,
                    "f-bus",
                    "Bus clock (kHz per ratio)",
                    &r("bus_khz"),
                    int(1, 1_000_000),
                )
                .hint("100000 on Core parts"),
            );
            out.push(field(
                P,
                "f-lowest",
                "Lowest ratio",
                &r("lowest"),
                int(1, 255),
            ));
            out.push(
                field(
                    P,
                    "f-min-pstate",
                    "Most efficient ratio",
                    &r("min_pstate"),
                    int(1, 255),
                )
                .hint("min_pstate"),
            );
            out.push(
                field(P, "f-base", "Base ratio", &r("base"), int(1, 255))
                    .hint("max_pstate, HWP guaranteed"),
            );
            out.push(
                field(
                    P,
                    "f-turbo",
                    "Turbo ratio by active cores",
                    &r("turbo"),
                    Kind::IntList {
                        min: 1,
                        max: 255,
                        empty: true,
                        distinct: false,
                    },
                )
                .hint("entry k: the limit with k+1 active cores; empty = no turbo"),
            );
            if hw.freq.hwp.is_some() {
                let h = |k: &str| format!("scenario.machine.hw.freq.hwp.{k}");
                for (id, label, key) in [
                    ("f-hwp-highest", "HWP highest", "highest"),
                    ("f-hwp-guaranteed", "HWP guaranteed", "guaranteed"),
                    ("f-hwp-efficient", "HWP most efficient", "most_efficient"),
                    ("f-hwp-lowest", "HWP lowest", "lowest"),
                ] {
                    out.push(field(P, id, label, &h(key), int(1, 255)));
                }
            }
        }
        PStates::Table(tables) => {
            for i in 0..tables.len() {
                let t = |k: &str| format!("scenario.machine.hw.freq.pstates.table[{i}].{k}");
                out.push(field(
                    P,
                    &format!("f-table{i}-name"),
                    &format!("Cluster {} name", i + 1),
                    &t("name"),
                    Kind::Text { max: 40 },
                ));
                out.push(
                    field(
                        P,
                        &format!("f-table{i}-khz"),
                        &format!("Cluster {} frequencies (kHz)", i + 1),
                        &t("khz"),
                        Kind::IntList {
                            min: 1,
                            max: 10_000_000,
                            empty: false,
                            distinct: false,
                        },
                    )
                    .hint("ascending"),
                );
            }
        }
    }
    out.push(field(
        P,
        "f-latency",
        "Transition latency (ns)",
        "scenario.machine.hw.freq.transition_latency_ns",
        int(0, 100_000_000),
    ));
}

fn freq_fields(exp: &Experiment, out: &mut Vec<FieldSpec>) {
    use Section::Freq as F;
    let f = |k: &str| format!("scenario.freq.{k}");
    let hw = &exp.scenario.machine.hw.freq;
    let gov = exp.scenario.freq.governor;
    out.push(field(
        F,
        "f-governor",
        "Governor",
        &f("governor"),
        Kind::Select(options(GOVERNORS)),
    ));
    if let PStates::Ratio(r) = &hw.pstates
        && !r.turbo.is_empty()
    {
        out.push(
            field(
                F,
                "f-noturbo",
                "Turbo off (no_turbo)",
                &f("no_turbo"),
                Kind::Check,
            )
            .hint("caps every CPU at the base ratio"),
        );
    }
    out.push(
        field(
            F,
            "f-min-khz",
            "Minimum frequency (kHz)",
            &f("min_khz"),
            Kind::OptInt {
                min: 0,
                max: 10_000_000,
            },
        )
        .hint("scaling_min_freq; empty = the hardware minimum"),
    );
    out.push(
        field(
            F,
            "f-max-khz",
            "Maximum frequency (kHz)",
            &f("max_khz"),
            Kind::OptInt {
                min: 0,
                max: 10_000_000,
            },
        )
        .hint("scaling_max_freq; empty = the hardware maximum"),
    );
    if gov == Governor::Hwp {
        out.push(
            field(F, "f-epp", "EPP", &f("hwp.epp"), int(0, 255))
                .hint("0 performance … 255 power; 128 = balance_performance"),
        );
        out.push(
            field(
                F,
                "f-desired",
                "HWP desired ratio",
                &f("hwp.desired"),
                int(0, 255),
            )
            .hint("0 = autonomous (the hardware chooses)"),
        );
        out.push(
            field(
                F,
                "f-dynboost",
                "hwp_dynamic_boost",
                &f("hwp.dynamic_boost"),
                Kind::Check,
            )
            .hint("5.10 rules; the hook does not exist on 4.x"),
        );
    }
    // The controller model runs whenever the hardware picks the frequency: HWP, and schedutil
    // on 5.10+ HWP machines (its ratio becomes the HWP minimum).
    if gov == Governor::Hwp || (gov == Governor::Schedutil && hw.hwp.is_some()) {
        let c = |k: &str| format!("scenario.freq.hwp.controller.{k}");
        use Section::HwpController as H;
        out.push(
            field(
                H,
                "f-hwp-sample",
                "Sample period (ns)",
                &c("sample_ns"),
                int(10_000, 100_000_000),
            )
            .hint("how often the controller measures its domain's C0 residency"),
        );
        for j in 0..exp.scenario.freq.hwp.controller.anchors.len() {
            let a = |k: &str| c(&format!("anchors[{j}].{k}"));
            let n = j + 1;
            for (key, label, min, max) in [
                ("epp", "EPP", 0, 255),
                ("window_ns", "EWMA window (ns)", 1, MAX_NS),
                ("util_lo_pct", "Low utilisation %", 0, 100),
                ("util_hi_pct", "High utilisation %", 0, 100),
                ("ramp_up_per_ms", "Ramp up (1/256 ratio per ms)", 1, 1 << 24),
                (
                    "ramp_down_per_ms",
                    "Ramp down (1/256 ratio per ms)",
                    1,
                    1 << 24,
                ),
            ] {
                out.push(field(
                    H,
                    &format!("f-anchor{j}-{}", key.replace('_', "-")),
                    &format!("Anchor {n}: {label}"),
                    &a(key),
                    int(min, max),
                ));
            }
        }
    }
    if gov == Governor::Schedutil {
        out.push(
            field(
                F,
                "f-rate-limit",
                "schedutil rate_limit_us",
                &f("schedutil.rate_limit_us"),
                Kind::OptInt {
                    min: 0,
                    max: 1_000_000,
                },
            )
            .hint("empty = the driver's default (the transition delay)"),
        );
    }
    for (key, id, label, hint) in [
        (
            "migration_boost",
            "f-migboost",
            "Migration boost",
            "beyond the kernel: raise the floor of a CPU a task migrated to",
        ),
        (
            "wake_boost",
            "f-wakeboost",
            "I/O wake-up boost",
            "beyond the kernel: raise the floor after an I/O wake-up",
        ),
    ] {
        out.push(field(F, id, label, &f(key), Kind::Toggle(boost_default())).hint(hint));
        let on = match key {
            "migration_boost" => exp.scenario.freq.migration_boost.is_some(),
            _ => exp.scenario.freq.wake_boost.is_some(),
        };
        if on {
            out.push(field(
                F,
                &format!("{id}-ns"),
                &format!("{label}: duration (ns)"),
                &f(&format!("{key}.duration_ns")),
                int(0, 1_000_000_000),
            ));
            out.push(
                field(
                    F,
                    &format!("{id}-pct"),
                    &format!("{label}: floor (% of max)"),
                    &f(&format!("{key}.level_pct")),
                    int(0, 100),
                )
                .hint("the lowest level at or above it"),
            );
        }
    }
}

/// Whether variant `i`'s frequency settings are the scenario's except (perhaps) the governor,
/// so a governor select describes them fully.
pub fn governor_only(exp: &Experiment, i: usize) -> bool {
    match &exp.variants[i].freq {
        None => true,
        Some(f) => {
            let mut g = f.clone();
            g.governor = exp.scenario.freq.governor;
            g == exp.scenario.freq
        }
    }
}

fn variant_fields(exp: &Experiment, i: usize, out: &mut Vec<FieldSpec>) {
    let s = Section::Variant(i);
    let var = &exp.variants[i];
    let k = var.kernel.unwrap_or(exp.scenario.kernel);
    let p = |rest: &str| format!("variants[{i}].{rest}");
    out.push(field(
        s,
        &format!("v{i}-name"),
        "Name (column in the comparison)",
        &p("name"),
        Kind::Text { max: 60 },
    ));
    let versions = KernelVersion::ALL
        .iter()
        .map(|v| (v.name().to_string(), v.name().to_string()))
        .collect();
    out.push(field(
        s,
        &format!("v{i}-version"),
        "Baseline kernel",
        &p("kernel.version"),
        Kind::Select(versions),
    ));
    // Only machines with CPUs of different capacity have an asymmetric-capacity domain flag.
    let caps = &exp.scenario.machine.shape.cluster_capacity;
    if caps.iter().any(|&c| c != caps[0]) {
        let choices = TopologyFlags::ALL
            .iter()
            .map(|t| (t.key().to_string(), t.label().to_string()))
            .collect();
        let mut f = field(
            s,
            &format!("v{i}-topology-flags"),
            "Asymmetric-capacity domain flags",
            &p("kernel.topology_flags"),
            Kind::Select(choices),
        )
        .hint(
            "mainline: no SD_ASYM_CPUCAPACITY on 4.15/4.16, detected from 4.20 · Android/EAS: \
             set at DIE, with SD_BALANCE_WAKE below on 4.x",
        );
        f.details = "Mainline 4.15 and 4.16 set SD_ASYM_CPUCAPACITY on no architecture, so \
            wake-ups never take the slow path; 4.20 added its detection (05484e098448). \
            Android's EAS kernels (the phones measured with 4.x) set it from the device tree at \
            the DIE level, and 4.x then gives that level and the ones below SD_BALANCE_WAKE: \
            wake-ups that wake_cap says do not fit go through find_idlest_group."
            .to_string();
        out.push(f);
    }
    for info in PATCHES.iter().filter(|p| p.applies_to.contains(&k.version)) {
        // "not merged", "not merged (v1 06/10)", "not in mainline": said as is
        let landed = if info.landed.starts_with("not ") {
            info.landed.to_string()
        } else {
            format!("landed in {}", info.landed)
        };
        let nfc = if info.nfc {
            " · no functional change"
        } else {
            ""
        };
        let mut f = field(
            s,
            &format!("v{i}-p-{}", info.key),
            info.title,
            &p("kernel.patches"),
            Kind::Patch(info.key),
        )
        .hint(format!("{} · {landed}{nfc}", info.key));
        f.details = format!(
            "{} ({} · affects {})",
            info.explanation, info.author, info.affects
        );
        out.push(f);
    }
    for feat in SchedFeature::ALL {
        if let Some(d) = feat.default_in(k.version) {
            let mut f = field(
                s,
                &format!("v{i}-feat-{}", feat.name()),
                feat.name(),
                &p(&format!("kernel.features.{}", feat.name())),
                Kind::Tri,
            )
            .hint(format!(
                "{} default: {}",
                k.version,
                if d { "on" } else { "off" }
            ));
            f.details = feat.explanation().to_string();
            out.push(f);
        }
    }
    if governor_only(exp, i) {
        out.push(
            field(
                s,
                &format!("v{i}-governor"),
                "Governor",
                &p("freq"),
                Kind::GovOverride,
            )
            .hint("every other frequency setting is the scenario's"),
        );
    }
}

fn interference_fields(
    i: usize,
    itf: &wakelab_sim::workload::Interference,
    out: &mut Vec<FieldSpec>,
) {
    use wakelab_sim::workload::Interference as I;
    let s = Section::Interference(i);
    let p = |k: &str| format!("scenario.interference[{i}].{k}");
    let id = |k: &str| format!("itf{i}-{}", k.replace('_', "-"));
    let cpus = |label: &str, optional: bool| {
        field(
            s,
            &id("cpus"),
            label,
            &p("cpus"),
            Kind::CpuList { optional },
        )
        .hint(if optional {
            "cpulist, e.g. 4-7,12; empty = all CPUs"
        } else {
            "cpulist, e.g. 0-3"
        })
    };
    match itf {
        I::Rt(_) => {
            out.push(field(
                s,
                &id("name"),
                "Name",
                &p("name"),
                Kind::Text { max: 60 },
            ));
            out.push(
                field(s, &id("instances"), "Tasks", &p("instances"), int(0, 4096))
                    .hint("0 = one per CPU of the set"),
            );
            out.push(
                field(
                    s,
                    &id("runtime_us"),
                    "Run per period (µs)",
                    &p("runtime_us"),
                    int(0, 120_000_000),
                )
                .hint("work measured at the clock below"),
            );
            out.push(field(
                s,
                &id("period_us"),
                "Period (µs)",
                &p("period_us"),
                int(1, 120_000_000),
            ));
            out.push(cpus("CPUs", true));
            out.push(field(
                s,
                &id("pin_each"),
                "Pin each task to one CPU",
                &p("pin_each"),
                Kind::Check,
            ));
            out.push(field(
                s,
                &id("prio"),
                "SCHED_FIFO priority",
                &p("prio"),
                int(1, 99),
            ));
            out.push(field(
                s,
                &id("mhz"),
                "Calibration clock (MHz)",
                &p("mhz"),
                int(1, 10_000),
            ));
            out.push(field(
                s,
                &id("start_ns"),
                "First activation (ns)",
                &p("start_ns"),
                int(0, MAX_NS),
            ));
        }
        I::Irq(_) => {
            out.push(cpus("CPUs receiving interrupts", false));
            out.push(field(
                s,
                &id("period_ns"),
                "Time between interrupts (ns)",
                &p("period_ns"),
                int(1, 1_000_000_000),
            ));
            out.push(field(
                s,
                &id("duration_ns"),
                "Time per interrupt (ns)",
                &p("duration_ns"),
                int(1, 1_000_000_000),
            ));
        }
        I::Hog(_) => {
            out.push(field(s, &id("count"), "Hogs", &p("count"), int(1, 4096)));
            out.push(cpus("CPUs", true));
            out.push(field(s, &id("nice"), "Nice", &p("nice"), int(-20, 19)));
        }
        I::Tasks(_) => {}
    }
}

fn task_fields(
    templates: bool,
    j: usize,
    class: &wakelab_sim::engine::behaviour::SchedClass,
    out: &mut Vec<FieldSpec>,
) {
    use wakelab_sim::engine::behaviour::SchedClass;
    let s = Section::Task(templates, j);
    let list = if templates { "templates" } else { "tasks" };
    let p = |k: &str| format!("scenario.workload.{list}[{j}].{k}");
    let id = |k: &str| format!("ct-{list}{j}-{}", k.replace('_', "-"));
    out.push(field(
        s,
        &id("name"),
        "Name",
        &p("name"),
        Kind::Text { max: 60 },
    ));
    out.push(field(
        s,
        &id("class"),
        "Class",
        &p("class"),
        Kind::ClassSelect,
    ));
    match class {
        SchedClass::Fair { .. } => out.push(field(
            s,
            &id("nice"),
            "Nice",
            &p("class.fair.nice"),
            int(-20, 19),
        )),
        SchedClass::Fifo { .. } => out.push(field(
            s,
            &id("prio"),
            "FIFO priority",
            &p("class.fifo.prio"),
            int(1, 99),
        )),
    }
    out.push(
        field(
            s,
            &id("affinity"),
            "Affinity",
            &p("affinity"),
            Kind::CpuList { optional: true },
        )
        .hint("cpulist; empty = all CPUs"),
    );
    out.push(
        field(
            s,
            &id("kthread"),
            "Kernel thread",
            &p("kthread"),
            Kind::Check,
        )
        .hint(
            "kernel mode: without engine.preempt, preempted only where it sleeps or at a \
             cond_resched; pinned to one CPU, a per-CPU kthread",
        ),
    );
    out.push(
        field(
            s,
            &id("start_cpu"),
            "Start CPU",
            &p("start_cpu"),
            Kind::OptInt { min: 0, max: 4095 },
        )
        .hint("empty = spread round-robin"),
    );
    out.push(field(
        s,
        &id("start_ns"),
        "Start after (ns)",
        &p("start_ns"),
        int(0, MAX_NS),
    ));
    out.push(
        field(s, &id("program"), "Program", &p("program"), Kind::Program).hint(
            "phases: run {cycles}, wake {task: {task: i}, sync}, sleep {ns}, wait, \
             send {task, bytes}, recv {bytes, inbox}, io {ns, irq, completion, submit_only}, io_wait, \
             complete_io {cycles}, exec, barrier {id, parties}, \
             commit_wait / commit_start / commit_end {journal}, flush_workqueue {task}, \
             wal_flush {wal, ns, irq, ios, extra_io_permille}, lock {id}, unlock_all, \
             fork {template}, ops {n}, syscall {body}, cond_resched (in a syscall or a kernel thread), loop {count, body}, exit",
        ),
    );
}

// ---------------------------------------------------------------------------------------------
// Text <-> JSON

/// The text a field shows for the experiment JSON `root`.
pub fn format(f: &FieldSpec, root: &Value) -> String {
    let v = path::get(root, &f.path);
    match &f.kind {
        Kind::Int { .. } | Kind::OptInt { .. } | Kind::NumSelect(_) => match v {
            Value::Null => String::new(),
            x => x.to_string(),
        },
        Kind::IntList { .. } => v
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|x| x.to_string())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default(),
        Kind::Text { .. } | Kind::OptText { .. } | Kind::CpuList { .. } => {
            v.as_str().unwrap_or_default().to_string()
        }
        // An absent optional choice (kernel.topology_flags) is its first, default choice.
        Kind::Select(opts) => v
            .as_str()
            .or_else(|| opts.first().map(|(o, _)| o.as_str()))
            .unwrap_or_default()
            .to_string(),
        Kind::Check => (v.as_bool() == Some(true)).to_string(),
        Kind::Tri => match v.as_bool() {
            None => String::new(),
            Some(true) => "on".into(),
            Some(false) => "off".into(),
        },
        Kind::Toggle(_) => (!v.is_null()).to_string(),
        Kind::Patch(key) => v
            .as_array()
            .is_some_and(|a| a.iter().any(|x| x.as_str() == Some(key)))
            .to_string(),
        Kind::GovOverride => v
            .get("governor")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string(),
        Kind::ClassSelect => v
            .as_object()
            .and_then(|o| o.keys().next().cloned())
            .unwrap_or_else(|| "fair".into()),
        Kind::Program => program_text(v),
    }
}

/// A program one phase per line, loop bodies indented under their loop: short and readable
/// in a narrow textarea, and still plain JSON.
fn program_text(v: &Value) -> String {
    fn phases(list: &[Value], indent: usize, out: &mut Vec<String>) {
        let pad = " ".repeat(indent);
        for (i, p) in list.iter().enumerate() {
            let comma = if i + 1 < list.len() { "," } else { "" };
            let body = p
                .get("loop")
                .and_then(|l| Some((l.get("count")?, l.get("body")?.as_array()?)));
            match body {
                Some((count, body)) if !body.is_empty() => {
                    out.push(format!(
                        "{pad}{{\"loop\": {{\"count\": {count}, \"body\": ["
                    ));
                    phases(body, indent + 2, out);
                    out.push(format!("{pad}]}}}}{comma}"));
                }
                _ => out.push(format!("{pad}{p}{comma}")),
            }
        }
    }
    match v.as_array() {
        Some(a) if !a.is_empty() => {
            let mut lines = vec!["[".to_string()];
            phases(a, 2, &mut lines);
            lines.push("]".into());
            lines.join("\n")
        }
        _ => "[]".into(),
    }
}

fn parse_int(s: &str, min: i64, max: i64) -> Result<i64, String> {
    let t = s.trim();
    if t.is_empty() {
        return Err("enter a value".into());
    }
    match t.parse::<i64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        Ok(_) => Err(format!("must be {min} to {max}")),
        Err(_) => Err("enter a whole number".into()),
    }
}

/// Parse `raw` (the control's text; "true"/"false" for checkboxes) and write it into `root`.
/// The error is the message shown by the field.
pub fn apply(f: &FieldSpec, raw: &str, root: &mut Value) -> Result<(), String> {
    let (v, create) = match &f.kind {
        Kind::Int { min, max } => (json!(parse_int(raw, *min, *max)?), false),
        Kind::OptInt { min, max } => {
            if raw.trim().is_empty() {
                (Value::Null, false)
            } else {
                (json!(parse_int(raw, *min, *max)?), false)
            }
        }
        Kind::IntList {
            min,
            max,
            empty,
            distinct,
        } => {
            let mut list = Vec::new();
            for part in raw.split([',', ' ', ';']).filter(|p| !p.trim().is_empty()) {
                let n = parse_int(part, *min, *max).map_err(|e| format!("{}: {e}", part.trim()))?;
                if *distinct && list.contains(&n) {
                    return Err(format!("{n} is listed twice"));
                }
                list.push(n);
            }
            if list.is_empty() && !empty {
                return Err("enter at least one number".into());
            }
            (json!(list), false)
        }
        Kind::Text { max } | Kind::OptText { max } => {
            let t = raw.trim();
            if t.chars().count() > *max {
                return Err(format!("at most {max} characters"));
            }
            if t.is_empty() && matches!(f.kind, Kind::OptText { .. }) {
                (Value::Null, false)
            } else {
                (
                    json!(if matches!(f.kind, Kind::Text { .. }) {
                        raw
                    } else {
                        t
                    }),
                    false,
                )
            }
        }
        Kind::CpuList { optional } => {
            let t = raw.trim();
            if t.is_empty() {
                if !optional {
                    return Err("enter the CPUs, e.g. 0-3".into());
                }
                (Value::Null, false)
            } else {
                let m = wakelab_sim::cpumask::parse_cpulist(t).map_err(|e| e.to_string())?;
                (json!(wakelab_sim::cpumask::cpulist(&m)), false)
            }
        }
        Kind::Select(opts) => {
            if !opts.iter().any(|(v, _)| v == raw) {
                return Err(format!("{raw:?} is not one of the choices"));
            }
            (json!(raw), false)
        }
        Kind::NumSelect(opts) => {
            if !opts.iter().any(|(v, _)| v == raw) {
                return Err(format!("{raw:?} is not one of the choices"));
            }
            (json!(parse_int(raw, 0, i64::MAX)?), false)
        }
        Kind::Check => (json!(raw == "true"), false),
        Kind::Tri => match raw {
            "" => (Value::Null, true),
            "on" => (json!(true), true),
            "off" => (json!(false), true),
            _ => return Err("choose default, on or off".into()),
        },
        Kind::Toggle(default) => {
            let cur = path::get(root, &f.path);
            match (raw == "true", cur.is_null()) {
                (true, true) => (default.clone(), false),
                (true, false) => return Ok(()),
                (false, _) => (Value::Null, false),
            }
        }
        Kind::Patch(key) => {
            let mut list: Vec<Value> = path::get(root, &f.path)
                .as_array()
                .cloned()
                .unwrap_or_default();
            list.retain(|x| x.as_str() != Some(key));
            if raw == "true" {
                list.push(json!(key));
            }
            (Value::Array(list), true)
        }
        Kind::GovOverride => {
            if raw.is_empty() {
                (Value::Null, false)
            } else {
                if !GOVERNORS.iter().any(|(g, _)| *g == raw) {
                    return Err(format!("{raw:?} is not a governor"));
                }
                let mut base = path::get(root, "scenario.freq").clone();
                base["governor"] = json!(raw);
                (base, false)
            }
        }
        Kind::ClassSelect => {
            let cur = path::get(root, &f.path);
            if cur.get(raw).is_some() {
                return Ok(());
            }
            match raw {
                "fair" => (json!({"fair": {"nice": 0}}), false),
                "fifo" => (json!({"fifo": {"prio": 10}}), false),
                _ => return Err("choose fair or fifo".into()),
            }
        }
        Kind::Program => {
            let v: Value = serde_json::from_str(raw).map_err(|e| format!("not valid JSON: {e}"))?;
            serde_json::from_value::<Vec<wakelab_sim::engine::behaviour::Phase>>(v.clone())
                .map_err(|e| format!("not a program: {e}"))?;
            (v, false)
        }
    };
    // A missing parent means an optional section the same read switched off (see path::Set).
    let _: Set = path::set(root, &f.path, v, create);
    Ok(())
}
