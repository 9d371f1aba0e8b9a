//! Machine-side description of the frequency, idle-state and power hardware (spec §9, §13.1,
//! §13.4, §13.5). Embedded in a machine preset; every number is editable and validated with
//! the name of the offending field.

use serde::{Deserialize, Serialize};

use crate::check::at_most;

/// Error in a frequency / idle / power description or configuration, phrased for the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct FreqError {
    pub field: String,
    pub message: String,
}

pub(crate) fn ferr(field: impl Into<String>, message: impl Into<String>) -> FreqError {
    FreqError {
        field: field.into(),
        message: message.into(),
    }
}

/// Highest frequency a P-state may have (kHz): 10 GHz. Bounds the power model's arithmetic
/// (docs/limits.md).
pub const MAX_KHZ: u32 = 10_000_000;
/// `freq.transition_latency_ns`: at most 100 ms (cpufreq drivers report 10 µs to ~10 ms;
/// `CPUFREQ_ETERNAL` tables are given a real value in the presets).
pub const MAX_TRANSITION_NS: u64 = 100_000_000;
/// Idle-state exit latency: at most 100 ms. The slowest kernel tables are ~10 ms
/// (drivers/idle/intel_idle.c `bxt_cstates` C10: 10 000 µs); 100 ms keeps the latency within
/// the u32 the placement view reports (`idle_exit_latency`) and every `now + lat` far from
/// overflow.
pub const MAX_EXIT_LATENCY_NS: u64 = 100_000_000;
/// Idle-state target residency: at most 1 s (`bxt_cstates` C10: 20 000 µs; 50x that).
pub const MAX_TARGET_RESIDENCY_NS: u64 = 1_000_000_000;
/// Per-core powers (static, each idle state): at most 100 W (server cores draw 1-10 W busy);
/// keeps `p x smt_extra_permille x threads` far from u64 overflow.
pub const MAX_CORE_MW: u32 = 100_000;
/// Package base power: at most 1 kW (the largest server packages are ~500 W in total).
pub const MAX_PACKAGE_MW: u32 = 1_000_000;
/// Extra power per additional busy SMT thread: at most 1000 per mille (a second thread at
/// most doubles the core's dynamic power; estimates are 100-300).
pub const MAX_SMT_EXTRA_PERMILLE: u32 = 1000;

/// Everything the frequency model needs to know about the hardware.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MachineFreq {
    pub freq: FreqSpec,
    pub idle: IdleSpec,
    pub power: PowerSpec,
}

/// Which CPUs share one clock (a frequency domain): the hardware runs the domain at the
/// highest request of its CPUs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DomainScope {
    /// One clock per physical core (SMT threads share it): Intel since Haswell-EP / Skylake.
    Core,
    /// One clock per LLC (arm64 clusters).
    Llc,
    /// One clock per package (older Intel client parts).
    Package,
}

/// The performance levels a CPU can run at.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum PStates {
    /// Intel style: P-state ratios times a bus clock (spec §13.1).
    Ratio(RatioSpec),
    /// Explicit per-cluster frequency tables (arm64 cpufreq tables), one per LLC of a socket in
    /// LLC order (or a single table used for every LLC).
    Table(Vec<ClusterTable>),
}

/// Intel P-state ratios (spec §13.1, §13.5). Frequency = ratio x `bus_khz`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatioSpec {
    /// kHz per ratio step (`pstate.scaling`, 100 000 on Core parts).
    #[serde(default = "bus_100mhz")]
    pub bus_khz: u32,
    /// Lowest ratio the hardware can run (HWP "lowest", LFM).
    pub lowest: u8,
    /// `min_pstate`: maximum-efficiency ratio, `PLATFORM_INFO[47:40]` (HWP "most efficient").
    pub min_pstate: u8,
    /// `max_pstate`: maximum non-turbo (base) ratio, `PLATFORM_INFO[15:8]` (HWP "guaranteed").
    pub base: u8,
    /// Turbo ratio limit by number of active cores in the package: entry k applies with k+1
    /// active cores (MSR_TURBO_RATIO_LIMIT bytes). More active cores than entries: the last
    /// entry applies. Empty = no turbo. Must be non-increasing and each >= `base`.
    #[serde(default)]
    pub turbo: Vec<u8>,
}

fn bus_100mhz() -> u32 {
    100_000
}

impl RatioSpec {
    /// 1-core turbo ratio (`turbo_pstate`, at least `base`).
    pub fn turbo_pstate(&self) -> u8 {
        self.turbo
            .first()
            .copied()
            .unwrap_or(self.base)
            .max(self.base)
    }
    /// Turbo limit with `active` active cores (at least 1 assumed).
    pub fn turbo_limit(&self, active: usize) -> u8 {
        if self.turbo.is_empty() {
            return self.base;
        }
        let i = active.max(1).min(self.turbo.len()) - 1;
        self.turbo[i].max(self.base)
    }
    /// The x86 frequency-invariance reference ratio: 4-core turbo (byte 3 of
    /// MSR_TURBO_RATIO_LIMIT), the 1-core ratio when there are fewer than 4 entries (§10.2).
    pub fn turbo_4c(&self) -> u8 {
        self.turbo
            .get(3)
            .copied()
            .unwrap_or(self.turbo_pstate())
            .max(self.base)
    }
}

/// One arm64 cluster's cpufreq table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClusterTable {
    /// Cluster name for display ("little", "big").
    #[serde(default)]
    pub name: String,
    /// Available frequencies in kHz, strictly ascending.
    pub khz: Vec<u32>,
}

/// HWP capabilities (IA32_HWP_CAPABILITIES, spec §13.4), in ratio units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HwpCaps {
    pub highest: u8,
    pub guaranteed: u8,
    pub most_efficient: u8,
    pub lowest: u8,
}

/// Frequency hardware of the machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FreqSpec {
    pub domain: DomainScope,
    pub pstates: PStates,
    /// Time from a new request to the new frequency taking effect (ns). Also
    /// `cpuinfo.transition_latency`, which sets schedutil's default rate limit on table
    /// drivers (§12.2).
    pub transition_latency_ns: u64,
    /// HWP present (Intel ratio machines only). None = no HWP.
    #[serde(default)]
    pub hwp: Option<HwpCaps>,
}

/// One idle state.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CState {
    pub name: String,
    pub exit_latency_ns: u64,
    pub target_residency_ns: u64,
    /// The state is a core state: it takes effect on the core only when every SMT sibling is
    /// idle in it or deeper. A thread asking for it while a sibling is busy or shallower gets
    /// the deepest thread-level (non-core) state at or above it (for exit latency) and the core
    /// the shallowest state of its threads (for power).
    #[serde(default)]
    pub core_level: bool,
    /// A core resting in this state does not count as active for the turbo limit (§13.5:
    /// assumption "active" = C0/C1).
    #[serde(default)]
    pub turbo_inactive: bool,
}

/// The machine's idle states, shallowest first (index 0 = the state used for the shortest
/// idle periods, typically C1/POLL).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct IdleSpec {
    pub states: Vec<CState>,
}

/// Power of one kind of core (all values estimates, see docs/frequency.md).
///
/// Busy power of a core at frequency f: `P = c_dyn * f * V(f)^2 + static`, V linear between
/// (`v_lo_mhz`, `v_lo_mv`) and (`v_hi_mhz`, `v_hi_mv`), clamped to `v_lo_mv` below `v_lo_mhz`
/// and extrapolated above `v_hi_mhz`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CorePower {
    /// Switched capacitance in pF (`P[pW] = c_dyn_pf x f[MHz] x V[mV]^2`).
    pub c_dyn_pf: u32,
    pub v_lo_mhz: u32,
    pub v_lo_mv: u32,
    pub v_hi_mhz: u32,
    pub v_hi_mv: u32,
    /// Leakage and clock-tree power of a core in C0 (mW).
    pub static_mw: u32,
    /// Extra dynamic power per additional busy SMT thread, per mille of the 1-thread power.
    #[serde(default)]
    pub smt_extra_permille: u32,
    /// Power of the core resting in each idle state (mW), parallel to `IdleSpec::states`.
    pub idle_mw: Vec<u32>,
}

/// Power model of the machine.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerSpec {
    /// One entry for every core, or one per LLC of a socket (big.LITTLE clusters) in LLC order.
    pub cores: Vec<CorePower>,
    /// Uncore / package base power per package (mW), always on.
    pub package_mw: u32,
}

impl CorePower {
    /// Busy power (µW) of one core at `khz`, one thread busy.
    pub fn busy_uw(&self, khz: u32) -> u64 {
        let mhz = (khz / 1000) as i64;
        let (f0, v0, f1, v1) = (
            self.v_lo_mhz as i64,
            self.v_lo_mv as i64,
            self.v_hi_mhz as i64,
            self.v_hi_mv as i64,
        );
        let v = if mhz <= f0 || f1 <= f0 {
            v0
        } else {
            v0 + (v1 - v0) * (mhz - f0) / (f1 - f0)
        };
        let v = v.max(1) as u64;
        // pF x MHz x mV^2 = pW; / 1e6 = µW
        // saturating: validated inputs stay far below u64, but the model must never wrap
        let dyn_pw = (self.c_dyn_pf as u64)
            .saturating_mul(mhz as u64)
            .saturating_mul(v.saturating_mul(v));
        (dyn_pw / 1_000_000).saturating_add(self.static_mw as u64 * 1000)
    }
}

impl MachineFreq {
    /// Check every field; the first problem is returned with its field path.
    pub fn validate(&self) -> Result<(), FreqError> {
        let f = &self.freq;
        match &f.pstates {
            PStates::Ratio(r) => {
                if r.bus_khz == 0 {
                    return Err(ferr("freq.pstates.ratio.bus_khz", "must be positive"));
                }
                let top = r
                    .turbo
                    .iter()
                    .copied()
                    .chain([r.base, r.lowest])
                    .max()
                    .unwrap_or(0);
                if top as u64 * r.bus_khz as u64 > MAX_KHZ as u64 {
                    return Err(ferr(
                        "freq.pstates.ratio",
                        format!("ratio x bus_khz above {MAX_KHZ} kHz (10 GHz) is not supported"),
                    ));
                }
                if r.lowest == 0 {
                    return Err(ferr("freq.pstates.ratio.lowest", "must be at least 1"));
                }
                if r.min_pstate < r.lowest {
                    return Err(ferr(
                        "freq.pstates.ratio.min_pstate",
                        "must be at least `lowest`",
                    ));
                }
                if r.base < r.min_pstate {
                    return Err(ferr(
                        "freq.pstates.ratio.base",
                        "must be at least `min_pstate`",
                    ));
                }
                for (i, w) in r.turbo.iter().enumerate() {
                    if *w < r.base {
                        return Err(ferr(
                            format!("freq.pstates.ratio.turbo[{i}]"),
                            "turbo ratios must be at least `base`",
                        ));
                    }
                    if i > 0 && *w > r.turbo[i - 1] {
                        return Err(ferr(
                            format!("freq.pstates.ratio.turbo[{i}]"),
                            "turbo ratios must not increase with more active cores",
                        ));
                    }
                }
                if let Some(h) = &f.hwp {
                    if !(h.lowest <= h.most_efficient
                        && h.most_efficient <= h.guaranteed
                        && h.guaranteed <= h.highest)
                    {
                        return Err(ferr(
                            "freq.hwp",
                            "need lowest <= most_efficient <= guaranteed <= highest",
                        ));
                    }
                    if h.lowest < r.lowest || h.highest > r.turbo_pstate() {
                        return Err(ferr(
                            "freq.hwp",
                            "HWP range must lie within the ratio table (from `lowest` to the 1-core turbo ratio)",
                        ));
                    }
                }
            }
            PStates::Table(ts) => {
                if ts.is_empty() {
                    return Err(ferr(
                        "freq.pstates.table",
                        "needs at least one cluster table",
                    ));
                }
                for (i, t) in ts.iter().enumerate() {
                    if t.khz.is_empty() {
                        return Err(ferr(
                            format!("freq.pstates.table[{i}].khz"),
                            "needs at least one frequency",
                        ));
                    }
                    if t.khz[0] == 0 || t.khz.windows(2).any(|w| w[0] >= w[1]) {
                        return Err(ferr(
                            format!("freq.pstates.table[{i}].khz"),
                            "frequencies must be positive and strictly ascending",
                        ));
                    }
                    if *t.khz.last().unwrap() > MAX_KHZ {
                        return Err(ferr(
                            format!("freq.pstates.table[{i}].khz"),
                            format!("frequencies above {MAX_KHZ} kHz (10 GHz) are not supported"),
                        ));
                    }
                }
                if f.hwp.is_some() {
                    return Err(ferr("freq.hwp", "HWP needs Intel ratio P-states"));
                }
            }
        }
        at_most(f.transition_latency_ns, MAX_TRANSITION_NS)
            .map_err(|m| ferr("freq.transition_latency_ns", m))?;
        let st = &self.idle.states;
        if st.is_empty() {
            return Err(ferr("idle.states", "needs at least one idle state"));
        }
        if st.len() > 16 {
            return Err(ferr("idle.states", "at most 16 idle states"));
        }
        for (i, s) in st.iter().enumerate() {
            at_most(s.exit_latency_ns, MAX_EXIT_LATENCY_NS)
                .map_err(|m| ferr(format!("idle.states[{i}].exit_latency_ns"), m))?;
            at_most(s.target_residency_ns, MAX_TARGET_RESIDENCY_NS)
                .map_err(|m| ferr(format!("idle.states[{i}].target_residency_ns"), m))?;
            if i > 0 {
                let p = &st[i - 1];
                if s.exit_latency_ns < p.exit_latency_ns
                    || s.target_residency_ns < p.target_residency_ns
                {
                    return Err(ferr(
                        format!("idle.states[{i}]"),
                        "deeper states must not have lower exit latency or target residency",
                    ));
                }
                if p.turbo_inactive && !s.turbo_inactive {
                    return Err(ferr(
                        format!("idle.states[{i}].turbo_inactive"),
                        "a deeper state cannot count as active when a shallower one does not",
                    ));
                }
            }
            if s.turbo_inactive && !s.core_level {
                return Err(ferr(
                    format!("idle.states[{i}].turbo_inactive"),
                    "only core-level states can make a core inactive",
                ));
            }
        }
        if self.power.cores.is_empty() {
            return Err(ferr("power.cores", "needs at least one core power model"));
        }
        for (i, c) in self.power.cores.iter().enumerate() {
            if c.idle_mw.len() != st.len() {
                return Err(ferr(
                    format!("power.cores[{i}].idle_mw"),
                    format!("needs one value per idle state ({})", st.len()),
                ));
            }
            if c.v_lo_mv == 0 || c.v_hi_mv < c.v_lo_mv || c.v_hi_mhz < c.v_lo_mhz {
                return Err(ferr(
                    format!("power.cores[{i}]"),
                    "need 0 < v_lo_mv <= v_hi_mv and v_lo_mhz <= v_hi_mhz",
                ));
            }
            let f = |field: &str| format!("power.cores[{i}].{field}");
            // 3 V and 10 GHz are beyond any CMOS core (MAX_KHZ); 10^6 pF = 1 µF of switched
            // capacitance per core is ~1000x a real one.
            at_most(c.v_hi_mv, 3000).map_err(|m| ferr(f("v_hi_mv"), m))?;
            at_most(c.v_hi_mhz, MAX_KHZ / 1000).map_err(|m| ferr(f("v_hi_mhz"), m))?;
            at_most(c.c_dyn_pf, 1_000_000).map_err(|m| ferr(f("c_dyn_pf"), m))?;
            at_most(c.static_mw, MAX_CORE_MW).map_err(|m| ferr(f("static_mw"), m))?;
            at_most(c.smt_extra_permille, MAX_SMT_EXTRA_PERMILLE)
                .map_err(|m| ferr(f("smt_extra_permille"), m))?;
            for (j, &w) in c.idle_mw.iter().enumerate() {
                at_most(w, MAX_CORE_MW)
                    .map_err(|m| ferr(format!("power.cores[{i}].idle_mw[{j}]"), m))?;
            }
        }
        at_most(self.power.package_mw, MAX_PACKAGE_MW).map_err(|m| ferr("power.package_mw", m))?;
        Ok(())
    }
}
