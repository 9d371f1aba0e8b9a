//! The scenario format: machine + kernel baseline and toggles + frequency model + workload +
//! run length + warm-up + seed, as versioned serde JSON (issue 6), and experiments over it
//! (variants x client counts x iterations, issue 7).
//!
//! This is the core's own format (CLI files, tests). The web app's share link carries a
//! dedicated DTO that converts into it.

use serde::{Deserialize, Serialize};

use crate::check::{at_most, between, length};

use crate::engine::EngineParams;
use crate::freq::{FreqConfig, MachineFreq};
use crate::kernel::KernelConfig;
use crate::placement::PlacementParams;
use crate::topology::MachineShape;
use crate::workload::{Interference, SystemNoise, WorkloadConfig};

/// Current scenario format version.
pub const SCENARIO_FORMAT: u32 = 1;
/// Largest scenario/experiment JSON accepted (bytes).
pub const MAX_SCENARIO_BYTES: usize = 1 << 20;
/// Longest simulated run (ns): 120 s.
pub const MAX_DURATION_NS: u64 = 120_000_000_000;
/// Most client counts x variants x iterations in one experiment.
pub const MAX_POINTS: usize = 4096;

/// Instruction set of the simulated machine: decides PELT frequency invariance in 4.x
/// (x86 4.15 has none, arm64 has it, spec §10.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Arch {
    #[default]
    X86,
    Arm64,
}

/// A machine: its shape and its frequency/idle/power hardware.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Machine {
    /// Preset id this machine came from (informational).
    #[serde(default)]
    pub preset: Option<String>,
    #[serde(default)]
    pub arch: Arch,
    pub shape: MachineShape,
    pub hw: MachineFreq,
}

/// Run length, warm-up and seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunConfig {
    /// Simulated duration (ms).
    pub duration_ms: u64,
    /// Warm-up excluded from throughput (ms).
    #[serde(default)]
    pub warmup_ms: u64,
    /// Base seed; each (client count, iteration) derives its own.
    #[serde(default)]
    pub seed: u32,
}

/// One simulated configuration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub format: u32,
    #[serde(default)]
    pub title: String,
    pub machine: Machine,
    pub kernel: KernelConfig,
    pub freq: FreqConfig,
    pub workload: WorkloadConfig,
    #[serde(default)]
    pub interference: Vec<Interference>,
    #[serde(default)]
    pub engine: EngineParams,
    #[serde(default)]
    pub placement: PlacementParams,
    /// Background activity and run-to-run cost jitter (issue 19); absent = the measured
    /// defaults (`workload::SystemNoise`).
    #[serde(default)]
    pub noise: SystemNoise,
    pub run: RunConfig,
}

/// A variant of an experiment: what differs from the scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Variant {
    /// Column name in comparisons (mmtests' kernel name), e.g. `5.10.0-rc6-idlecandidate`.
    pub name: String,
    #[serde(default)]
    pub kernel: Option<KernelConfig>,
    #[serde(default)]
    pub freq: Option<FreqConfig>,
}

/// Scenario x variants x client counts x iterations.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experiment {
    pub scenario: Scenario,
    pub variants: Vec<Variant>,
    /// Client counts; empty = mmtests' topology-aware default ([`default_client_counts`]).
    #[serde(default)]
    pub clients: Vec<u32>,
    #[serde(default = "one")]
    pub iterations: u32,
}

fn one() -> u32 {
    1
}

/// A scenario or experiment that failed validation, naming the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct ScenarioError {
    pub field: String,
    pub message: String,
}

pub(crate) fn err(field: impl Into<String>, message: impl Into<String>) -> ScenarioError {
    ScenarioError {
        field: field.into(),
        message: message.into(),
    }
}

/// Longest title, in characters (a heading, rendered as text only).
pub const MAX_TITLE_CHARS: usize = 200;
/// Longest variant name, in characters (a column header; mmtests kernel names are ~30).
pub const MAX_VARIANT_NAME_CHARS: usize = 60;
/// Variants per experiment: 1 to 8 (compare-mmtests columns; the plot's palette).
pub const MAX_VARIANTS: usize = 8;
/// Client counts per experiment: at most 64, each 1 to `workload::MAX_CLIENTS`.
pub const MAX_CLIENT_COUNTS: usize = 64;
/// Iterations per client count: 1 to 64 (mmtests uses 3-5).
pub const MAX_ITERATIONS: u32 = 64;

impl Scenario {
    /// Check every part; the first problem is returned with its field path.
    pub fn validate(&self) -> Result<(), ScenarioError> {
        if self.format != SCENARIO_FORMAT {
            return Err(err(
                "format",
                format!(
                    "version {} is not supported (this build reads {SCENARIO_FORMAT})",
                    self.format
                ),
            ));
        }
        // characters, not bytes: a title in another script must get the same room
        length(self.title.chars().count(), 0, MAX_TITLE_CHARS).map_err(|m| err("title", m))?;
        self.machine
            .shape
            .validate()
            .map_err(|e| err(format!("machine.shape.{}", e.field), e.message))?;
        let nr_cpus = self.machine.shape.nr_cpus();
        self.machine
            .hw
            .validate()
            .map_err(|e| err(format!("machine.hw.{}", e.field), e.message))?;
        self.kernel
            .validate()
            .map_err(|e| err("kernel", e.to_string()))?;
        // FreqConfig names its fields from `freq.` already.
        self.freq.validate().map_err(|e| err(e.field, e.message))?;
        self.freq
            .validate_for(nr_cpus)
            .map_err(|e| err(e.field, e.message))?;
        self.engine.validate()?;
        if let Some(m) = &self.engine.idle_exit_cpus {
            if let Some(c) = m.iter().find(|&c| c as usize >= nr_cpus) {
                return Err(err(
                    "engine.idle_exit_cpus",
                    format!("CPU {c} does not exist ({nr_cpus} CPUs)"),
                ));
            }
        }
        self.placement.validate()?;
        self.noise
            .validate()
            .map_err(|e| err(format!("noise.{}", e.field), e.message))?;
        crate::workload::validate(&self.workload, &self.interference, nr_cpus)?;
        let max_ms = MAX_DURATION_NS / 1_000_000;
        if !(1..=max_ms).contains(&self.run.duration_ms) {
            return Err(err(
                "run.duration_ms",
                format!(
                    "must be between 1 and {max_ms} ms (got {})",
                    self.run.duration_ms
                ),
            ));
        }
        if self.run.warmup_ms >= self.run.duration_ms {
            return Err(err(
                "run.warmup_ms",
                format!(
                    "must be shorter than the run ({} ms) (got {})",
                    self.run.duration_ms, self.run.warmup_ms
                ),
            ));
        }
        Ok(())
    }

    /// Read a scenario from JSON, migrating older format versions, bounded in size and depth.
    pub fn from_json(s: &str) -> Result<Scenario, ScenarioError> {
        let v = migrate_scenario(read_json(s)?)?;
        let sc: Scenario = typed(&v, s, "")?;
        sc.validate()?;
        Ok(sc)
    }
}

impl Experiment {
    pub fn validate(&self) -> Result<(), ScenarioError> {
        self.scenario
            .validate()
            .map_err(|e| err(format!("scenario.{}", e.field), e.message))?;
        between(self.variants.len(), 1, MAX_VARIANTS)
            .map_err(|m| err("variants", format!("the number of variants {m}")))?;
        let nr_cpus = self.scenario.machine.shape.nr_cpus();
        for (i, v) in self.variants.iter().enumerate() {
            length(v.name.chars().count(), 1, MAX_VARIANT_NAME_CHARS)
                .map_err(|m| err(format!("variants[{i}].name"), m))?;
            if let Some(j) = self.variants[..i].iter().position(|u| u.name == v.name) {
                return Err(err(
                    format!("variants[{i}].name"),
                    format!("{:?} is already the name of variants[{j}]", v.name),
                ));
            }
            if let Some(k) = &v.kernel {
                k.validate()
                    .map_err(|e| err(format!("variants[{i}].kernel"), e.to_string()))?;
            }
            if let Some(f) = &v.freq {
                f.validate()
                    .and_then(|()| f.validate_for(nr_cpus))
                    .map_err(|e| err(format!("variants[{i}].{}", e.field), e.message))?;
            }
        }
        at_most(self.clients.len(), MAX_CLIENT_COUNTS)
            .map_err(|m| err("clients", format!("the number of client counts {m}")))?;
        for (i, &c) in self.clients.iter().enumerate() {
            between(c, 1, crate::workload::MAX_CLIENTS)
                .map_err(|m| err(format!("clients[{i}]"), m))?;
        }
        between(self.iterations, 1, MAX_ITERATIONS).map_err(|m| err("iterations", m))?;
        let points = self.variants.len() * self.client_counts().len() * self.iterations as usize;
        if points > MAX_POINTS {
            return Err(err(
                "clients",
                format!("{points} runs exceed the limit of {MAX_POINTS}"),
            ));
        }
        Ok(())
    }

    pub fn from_json(s: &str) -> Result<Experiment, ScenarioError> {
        let mut v = read_json(s)?;
        if let Some(sc) = v.get_mut("scenario") {
            *sc = migrate_scenario(sc.take())
                .map_err(|e| err(format!("scenario.{}", e.field), e.message))?;
        }
        let e: Experiment = typed(&v, s, "experiment")?;
        e.validate()?;
        Ok(e)
    }

    /// The client counts to run (explicit or the topology-aware default).
    pub fn client_counts(&self) -> Vec<u32> {
        if self.clients.is_empty() {
            default_client_counts(&self.scenario.machine.shape)
        } else {
            self.clients.clone()
        }
    }

    /// The scenario of variant `v`.
    pub fn variant_scenario(&self, v: usize) -> Scenario {
        let mut s = self.scenario.clone();
        if let Some(k) = &self.variants[v].kernel {
            s.kernel = *k;
        }
        if let Some(f) = &self.variants[v].freq {
            s.freq = f.clone();
        }
        s
    }
}

/// The seed of one run: distinct per (client count, iteration) and identical across variants, so
/// variants see the same random draws (common random numbers sharpen comparisons).
pub fn derive_seed(base: u32, clients: u32, iteration: u32) -> u64 {
    // splitmix64 of the packed triple
    let mut z =
        (base as u64) << 32 ^ (clients as u64) << 12 ^ iteration as u64 ^ 0x9E37_79B9_7F4A_7C15;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// mmtests' topology-aware client counts: powers of two from 1, plus points at the SMT sibling
/// count, the LLC size, the node size and the whole machine, then x2 and x4 beyond it (the
/// `NUMCPUS`-relative stride of mmtests' config files). Sorted, deduplicated, at most 16.
pub fn default_client_counts(shape: &MachineShape) -> Vec<u32> {
    let n = shape.nr_cpus() as u32;
    let llc = shape.cores_per_llc as u32 * shape.smt as u32;
    let node = n / (shape.sockets as u32 * shape.nodes_per_socket as u32).max(1);
    let mut v = vec![shape.smt as u32, llc, node, n, 2 * n, 4 * n];
    let mut p = 1;
    while p <= 4 * n {
        v.push(p);
        p *= 2;
    }
    v.sort_unstable();
    v.dedup();
    v.retain(|&c| c >= 1);
    while v.len() > 16 {
        // thin the powers of two in the middle, keep the topology points
        let keep = [shape.smt as u32, llc, node, n, 2 * n, 4 * n];
        if let Some(pos) = (1..v.len() - 1).rev().find(|&i| !keep.contains(&v[i])) {
            v.remove(pos);
        } else {
            v.truncate(16);
        }
    }
    v
}

/// Bring a scenario of any known format version to the current one ([`SCENARIO_FORMAT`]).
///
/// Each older version gets one step `vN -> vN+1` here, so files and links written by older
/// builds keep working. Format 1 is the first; a newer version is refused with a clear message.
pub fn migrate_scenario(mut v: serde_json::Value) -> Result<serde_json::Value, ScenarioError> {
    let format = v.get("format").and_then(|f| f.as_u64());
    match format {
        Some(f) if f == SCENARIO_FORMAT as u64 => Ok(v),
        Some(f) if f > SCENARIO_FORMAT as u64 => Err(err(
            "format",
            format!(
                "version {f} was written by a newer Wakelab (this build reads up to {SCENARIO_FORMAT})"
            ),
        )),
        Some(f) => Err(err(
            "format",
            format!("version {f} is not a Wakelab scenario format"),
        )),
        None => {
            // A scenario without a format field is taken as the first format.
            if let Some(o) = v.as_object_mut() {
                o.insert("format".into(), serde_json::json!(SCENARIO_FORMAT));
            }
            Ok(v)
        }
    }
}

/// Parse JSON with the size and depth limits of docs/limits.md, refusing duplicate keys
/// (serde_json would keep the last one silently, so `{"hz": 1000, "hz": 100}` would read as
/// something its author may not have meant).
pub fn read_json(s: &str) -> Result<serde_json::Value, ScenarioError> {
    if s.len() > MAX_SCENARIO_BYTES {
        return Err(err(
            "input",
            format!("{} bytes exceed the limit of {MAX_SCENARIO_BYTES}", s.len()),
        ));
    }
    // serde_json limits recursion to 128 levels itself; report it clearly.
    crate::json::parse_unique(s).map_err(|e| match e {
        crate::json::ParseError::Duplicate {
            path,
            key,
            line,
            column,
        } => err(
            path,
            format!("the key {key:?} appears twice (line {line}, column {column})"),
        ),
        crate::json::ParseError::Syntax(e) => {
            let m = e.to_string();
            if m.contains("recursion limit") {
                err("input", "JSON nests deeper than 128 levels")
            } else {
                err("input", format!("not valid JSON: {m}"))
            }
        }
    })
}

/// Deserialize `v` (read from the text `s`) into `T`, naming the failing field by its path
/// and, where the text shows it, its line and column. `root` names the document itself
/// (`experiment`, or "" for a bare scenario).
fn typed<T: serde::de::DeserializeOwned>(
    v: &serde_json::Value,
    s: &str,
    root: &str,
) -> Result<T, ScenarioError> {
    let e = match serde_path_to_error::deserialize::<_, T>(v) {
        Ok(t) => return Ok(t),
        Err(e) => e,
    };
    let path = e.path().to_string();
    // The value carries no positions: read the text again to find the same error's line
    // and column (the same unless migration changed the document).
    let mut de = serde_json::Deserializer::from_str(s);
    let located = match serde_path_to_error::deserialize::<_, T>(&mut de) {
        Err(t) if t.path().to_string() == path => Some(t.into_inner()),
        _ => None,
    };
    let message = match located {
        Some(t) => t.to_string(),
        None => e.into_inner().to_string(),
    };
    let field = match path.as_str() {
        "." | "" if root.is_empty() => "scenario".to_string(),
        "." | "" => root.to_string(),
        p => p.to_string(),
    };
    Err(err(field, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_clients_cover_topology_points() {
        let shape = MachineShape::symmetric(2, 1, 20, 2);
        let v = default_client_counts(&shape);
        for want in [1, 2, 40, 80, 160, 320] {
            assert!(v.contains(&want), "{v:?} lacks {want}");
        }
        assert!(v.len() <= 16);
        assert!(v.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn seeds_differ_by_clients_and_iteration() {
        assert_ne!(derive_seed(1, 8, 0), derive_seed(1, 8, 1));
        assert_ne!(derive_seed(1, 8, 0), derive_seed(1, 16, 0));
        assert_eq!(derive_seed(7, 8, 2), derive_seed(7, 8, 2));
    }

    #[test]
    fn future_formats_are_refused_and_a_missing_format_is_the_first() {
        let e = migrate_scenario(serde_json::json!({"format": 7})).unwrap_err();
        assert!(e.message.contains("newer Wakelab"), "{e}");
        let v = migrate_scenario(serde_json::json!({"title": "x"})).unwrap();
        assert_eq!(v["format"], serde_json::json!(SCENARIO_FORMAT));
    }

    #[test]
    fn frequency_messages_name_the_field_once() {
        let mut e = crate::presets::experiment("default").unwrap();
        e.scenario.freq.min_khz = Some(3_000_000);
        e.scenario.freq.max_khz = Some(2_000_000);
        assert_eq!(e.validate().unwrap_err().field, "scenario.freq.min_khz");
        let mut f = e.scenario.freq.clone();
        e.scenario.freq.min_khz = None;
        f.schedutil.rate_limit_us = Some(2_000_000);
        e.variants[1].freq = Some(f);
        assert_eq!(e.validate().unwrap_err().field, "variants[1].freq.min_khz");
    }

    #[test]
    fn oversized_and_deep_json_are_refused_with_a_message() {
        let deep = "[".repeat(200) + &"]".repeat(200);
        assert!(read_json(&deep).unwrap_err().message.contains("128 levels"));
        let big = " ".repeat(MAX_SCENARIO_BYTES + 1);
        assert!(read_json(&big).unwrap_err().message.contains("exceed"));
    }
}
