//! Wakelab share links: a whole experiment (and what the page was showing) in a URL fragment.
//!
//! ```text
//! https://host/wakelab/#w1.eNpVjk0KwjAQhe8y6yzaVGvNVUSGNJ22...
//!                       ^^^ format tag: JSON -> zlib deflate -> base64url (no padding)
//! ```
//!
//! The JSON is a [`LinkV1`]: a link version `v`, an [`ExperimentDto`] (a named, frozen base
//! experiment plus a JSON merge patch, so a link to a lightly edited preset is short) and a
//! [`ViewState`]. These are this crate's own wire types, never the core's structs: the core's
//! [`Experiment`] can change freely, and old links are upgraded by [`migrate`].
//!
//! Decoding is hardened against hostile input: every limit ([`MAX_LINK_LEN`], [`MAX_INFLATED`],
//! serde_json's 128-level depth, the core's validation) gives its own [`LinkError`] with a
//! message for people. See docs/share-links.md and docs/limits.md.
//!
//! Pure Rust: no wasm-bindgen, no IO. Used by `wakelab link` and the web page.

mod bases;
pub mod blame;
mod error;
pub mod patch;

use base64::Engine as _;
use base64::engine::{DecodePaddingMode, GeneralPurpose, GeneralPurposeConfig};
use miniz_oxide::inflate::TINFLStatus;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use wakelab_sim::scenario::Experiment;

pub use error::LinkError;

/// The link version this build writes (the `v` field). Older versions are read through
/// [`migrate`].
pub const LINK_VERSION: u32 = 1;
/// The format tag in front of the payload: JSON, zlib (deflate), base64url without padding.
pub const PREFIX: &str = "w1.";
/// Longest fragment accepted (characters after '#'). Browsers and chat tools handle far more,
/// but nothing the encoder writes comes close (a fully custom experiment is ~2-4 KiB).
pub const MAX_LINK_LEN: usize = 16 * 1024;
/// Most bytes a link may inflate to: a decompression bomb stops here. 64x the largest
/// frozen base experiment; deflate's ~1000:1 best case turns a 16 KiB link into ~12 MiB.
pub const MAX_INFLATED: usize = 256 * 1024;
/// Above this many characters the page warns that some tools (old browsers' address bars,
/// chat apps, URL shorteners) may cut the link.
pub const WARN_LENGTH: usize = 2000;

/// Version 1 of the link's content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LinkV1 {
    /// Always [`LINK_VERSION`] when written by this build.
    pub v: u32,
    pub experiment: ExperimentDto,
    #[serde(default, skip_serializing_if = "ViewState::is_default")]
    pub view: ViewState,
}

/// The experiment as the link carries it: either a frozen base plus a merge patch (RFC 7396),
/// optionally with the machine swapped for a frozen base machine first, or the full document.
///
/// `{"base": "default", "patch": {"scenario": {"title": "mine"}}}`,
/// `{"base": "t3", "machine": "skx-2s-88t", "patch": {}}`, or `{"full": {...}}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExperimentDto {
    /// Id of a frozen base experiment (`bases/v1/experiments/`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base: Option<String>,
    /// Id of a frozen base machine (`bases/v1/machines/`) replacing `scenario.machine` of the
    /// base before the patch applies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub machine: Option<String>,
    /// Merge patch applied to the base (absent or `{}`: the base as is).
    #[serde(default, skip_serializing_if = "is_empty_patch")]
    pub patch: Value,
    /// The whole experiment, when no base gives a shorter or exact link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub full: Option<Value>,
}

fn is_empty_patch(v: &Value) -> bool {
    v.is_null() || v.as_object().is_some_and(|m| m.is_empty())
}

/// What the page was showing. All optional; unknown keys are ignored (a newer Wakelab may add
/// view settings without a version bump, and an older one simply does not restore them).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ViewState {
    /// Selected tab (e.g. `results`, `timeline`, `frequency`, `wakeups`); the page falls back
    /// to its default for names it does not know. `[a-z0-9_-]{1,32}`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tab: Option<String>,
    /// Selected plot within the tab, same rules as `tab`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plot: Option<String>,
    /// The point (run) selected for detail views.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub selected: Option<SelectedPoint>,
    /// Zoomed time window of the timeline, `[start, end]` in ms of simulated time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_ms: Option<[u64; 2]>,
    #[serde(skip_serializing_if = "EmbedOptions::is_default")]
    pub embed: EmbedOptions,
}

/// One run of the experiment: variant index, client count, iteration index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SelectedPoint {
    pub variant: u32,
    pub clients: u32,
    pub iteration: u32,
}

/// Options for embedding the playground in another page.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct EmbedOptions {
    /// Show only the plot (no editor, no gallery).
    #[serde(skip_serializing_if = "is_false")]
    pub plot_only: bool,
    /// Run the experiment on load without waiting for a click.
    #[serde(skip_serializing_if = "is_false")]
    pub autorun: bool,
    /// Force a colour scheme instead of following `prefers-color-scheme`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub theme: Option<Theme>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    Light,
    Dark,
}

fn is_false(b: &bool) -> bool {
    !*b
}

impl EmbedOptions {
    fn is_default(&self) -> bool {
        *self == EmbedOptions::default()
    }
}

impl ViewState {
    fn is_default(&self) -> bool {
        *self == ViewState::default()
    }

    /// Check the view against the experiment it belongs to.
    pub fn validate(&self, e: &Experiment) -> Result<(), LinkError> {
        let bad = |field: &str, message: String| LinkError::InvalidView {
            field: field.to_string(),
            message,
        };
        for (field, name) in [("tab", &self.tab), ("plot", &self.plot)] {
            if let Some(n) = name {
                let ok = (1..=32).contains(&n.len())
                    && n.bytes().all(|b| {
                        b.is_ascii_lowercase() || b.is_ascii_digit() || b"_-".contains(&b)
                    });
                if !ok {
                    return Err(bad(
                        field,
                        "must be 1 to 32 characters of a-z, 0-9, '_' and '-'".into(),
                    ));
                }
            }
        }
        if let Some(p) = &self.selected {
            if p.variant as usize >= e.variants.len() {
                return Err(bad(
                    "selected.variant",
                    format!(
                        "{} but the experiment has {} variants",
                        p.variant,
                        e.variants.len()
                    ),
                ));
            }
            if !e.client_counts().contains(&p.clients) {
                return Err(bad(
                    "selected.clients",
                    format!("{} is not one of the experiment's client counts", p.clients),
                ));
            }
            if p.iteration >= e.iterations {
                return Err(bad(
                    "selected.iteration",
                    format!(
                        "{} but the experiment has {} iterations",
                        p.iteration, e.iterations
                    ),
                ));
            }
        }
        if let Some([a, b]) = self.window_ms {
            let d = e.scenario.run.duration_ms;
            if a >= b || b > d {
                return Err(bad(
                    "window_ms",
                    format!("[{a}, {b}] must be a non-empty window within the run (0..={d} ms)"),
                ));
            }
        }
        Ok(())
    }
}

impl LinkV1 {
    /// A link to `experiment` showing `view`, written against the base that makes it shortest.
    pub fn new(experiment: &Experiment, view: ViewState) -> LinkV1 {
        LinkV1 {
            v: LINK_VERSION,
            experiment: ExperimentDto::from(experiment),
            view,
        }
    }

    /// The experiment, validated.
    pub fn experiment(&self) -> Result<Experiment, LinkError> {
        Experiment::try_from(&self.experiment)
    }
}

impl ExperimentDto {
    /// The experiment document this DTO stands for (base, machine swap, patch), not yet
    /// validated.
    pub fn to_document(&self) -> Result<Value, LinkError> {
        let shape = |path: &str, detail: &str| LinkError::Shape {
            path: format!("experiment.{path}"),
            detail: detail.to_string(),
        };
        if let Some(full) = &self.full {
            if self.base.is_some() || self.machine.is_some() || !is_empty_patch(&self.patch) {
                return Err(shape(
                    "full",
                    "a full experiment cannot have a base, machine or patch",
                ));
            }
            return Ok(full.clone());
        }
        let Some(base) = &self.base else {
            return Err(shape("base", "give a base experiment or a full one"));
        };
        let mut doc = bases::experiment(base).ok_or_else(|| LinkError::UnknownBase {
            what: "base experiment",
            id: base.clone(),
        })?;
        if let Some(m) = &self.machine {
            let machine = bases::machine(m).ok_or_else(|| LinkError::UnknownBase {
                what: "base machine",
                id: m.clone(),
            })?;
            doc["scenario"]["machine"] = machine;
        }
        if !self.patch.is_null() && !self.patch.is_object() {
            return Err(shape("patch", "must be an object"));
        }
        if self.patch.is_object() {
            patch::apply(&mut doc, &self.patch);
        }
        Ok(doc)
    }

    /// A readable document of the same schema, for locating a reader's error in this one
    /// ([`located_serde_error`]): the base it names, unpatched, or the default base.
    pub fn reference_document(&self) -> Value {
        self.base
            .as_deref()
            .and_then(bases::experiment)
            .or_else(|| bases::experiment("default"))
            .expect("the default base is frozen into every build")
    }

    /// The ids of the frozen base experiments and machines this build knows.
    pub fn base_ids() -> (Vec<&'static str>, Vec<&'static str>) {
        (
            bases::EXPERIMENTS.iter().map(|(k, _)| *k).collect(),
            bases::MACHINES.iter().map(|(k, _)| *k).collect(),
        )
    }
}

/// Read and validate an experiment document through the core's reader
/// ([`Experiment::from_json`]: size and depth limits, format migration, validation).
pub fn experiment_from_document(doc: &Value) -> Result<Experiment, LinkError> {
    match Experiment::from_json(&doc.to_string()) {
        Ok(e) => Ok(e),
        Err(se) => {
            // A serde error (the core names its path, or `experiment` at the top level):
            // classify it the link's way; a validation error passes through as it is.
            match serde_path_to_error::deserialize::<_, Experiment>(doc) {
                Err(e) => {
                    let field = match e.path().to_string().as_str() {
                        "." | "" => "experiment".to_string(),
                        p => p.to_string(),
                    };
                    Err(
                        match error::from_serde(field.clone(), e.inner().to_string()) {
                            n @ LinkError::NumberOutOfRange { .. } => n,
                            _ => LinkError::InvalidExperiment {
                                field,
                                message: e.inner().to_string(),
                            },
                        },
                    )
                }
                Ok(_) => Err(LinkError::InvalidExperiment {
                    field: se.field,
                    message: se.message,
                }),
            }
        }
    }
}

/// The error for an experiment document whose deserialization failed with serde's `message`,
/// located with [`blame::locate`] against `good` (see [`ExperimentDto::reference_document`])
/// using `reads`, the caller's own deserializer. Gives the same error as
/// [`experiment_from_document`] wherever the search finds the path serde_path_to_error finds,
/// without a second copy of the deserializers (the page uses this).
pub fn located_serde_error(
    doc: &Value,
    good: &Value,
    message: String,
    reads: impl Fn(&Value) -> bool,
) -> LinkError {
    let field = blame::locate(doc, good, reads);
    let field = if field.is_empty() {
        "experiment".to_string()
    } else {
        field
    };
    match error::from_serde(field.clone(), message.clone()) {
        n @ LinkError::NumberOutOfRange { .. } => n,
        _ => LinkError::InvalidExperiment { field, message },
    }
}

impl TryFrom<&ExperimentDto> for Experiment {
    type Error = LinkError;

    fn try_from(dto: &ExperimentDto) -> Result<Experiment, LinkError> {
        experiment_from_document(&dto.to_document()?)
    }
}

impl From<&Experiment> for ExperimentDto {
    /// The shortest exact description: every (base experiment, base machine or none) pair is
    /// tried, the smallest patch wins (ties: first in table order, so the result is stable),
    /// and the winner is checked to read back as `e`; if none does, the full document.
    fn from(e: &Experiment) -> ExperimentDto {
        let target = patch::canonical(&serde_json::to_value(e).expect("experiments serialize"));
        let mut candidates: Vec<(usize, ExperimentDto)> = Vec::new();
        for (bid, _) in bases::EXPERIMENTS {
            let base = bases::experiment(bid).expect("known base");
            for mid in std::iter::once(None).chain(bases::MACHINES.iter().map(|(m, _)| Some(*m))) {
                let mut doc = base.clone();
                if let Some(m) = mid {
                    doc["scenario"]["machine"] = bases::machine(m).expect("known machine");
                }
                let mut p = patch::diff(&doc, &target);
                if is_empty_patch(&p) {
                    p = Value::Null;
                }
                let len = p.to_string().len() + mid.map_or(0, |m| m.len() + 12);
                candidates.push((
                    len,
                    ExperimentDto {
                        base: Some(bid.to_string()),
                        machine: mid.map(str::to_string),
                        patch: p,
                        full: None,
                    },
                ));
            }
        }
        candidates.sort_by_key(|(len, _)| *len);
        let full_len = target.to_string().len();
        for (len, dto) in candidates {
            if len >= full_len {
                break;
            }
            let back = dto
                .to_document()
                .ok()
                .and_then(|d| serde_json::from_value::<Experiment>(d).ok());
            if back.as_ref() == Some(e) {
                return dto;
            }
        }
        ExperimentDto {
            base: None,
            machine: None,
            patch: Value::Null,
            full: Some(target),
        }
    }
}

/// Upgrade the content of a link of version `v` to the latest version's JSON.
///
/// Version 1 is the latest. When v2 comes, `1 => migrate(2, v1_to_v2(value))` joins the match
/// and a hand-made v1 link stays in the tests.
pub fn migrate(v: u64, value: Value) -> Result<Value, LinkError> {
    match v {
        1 => Ok(value),
        v if v > LINK_VERSION as u64 => Err(LinkError::FutureVersion {
            v,
            latest: LINK_VERSION,
        }),
        v => Err(LinkError::UnknownVersion { v }),
    }
}

fn base64_engine() -> GeneralPurpose {
    // Writes without padding; reads with or without it (some tools append '=').
    GeneralPurpose::new(
        &base64::alphabet::URL_SAFE,
        GeneralPurposeConfig::new()
            .with_encode_padding(false)
            .with_decode_padding_mode(DecodePaddingMode::Indifferent),
    )
}

/// The fragment (without '#') for `link`: `w1.` + base64url(zlib(JSON)). Deterministic: the
/// same link gives the same string on every target.
pub fn encode(link: &LinkV1) -> String {
    let json = patch::canonical(&serde_json::to_value(link).expect("links serialize")).to_string();
    encode_payload(json.as_bytes())
}

/// `w1.` + base64url(zlib(bytes)): the envelope alone (tests and hostile corpora use it to
/// wrap arbitrary content).
pub fn encode_payload(bytes: &[u8]) -> String {
    let z = miniz_oxide::deflate::compress_to_vec_zlib(bytes, 10);
    format!("{PREFIX}{}", base64_engine().encode(z))
}

/// The fragment of `input`: what follows the first '#' of a URL, or `input` itself (a URL
/// without '#' has no fragment: empty).
pub fn fragment(input: &str) -> &str {
    let s = input.trim();
    match s.split_once('#') {
        Some((_, f)) => f,
        None if s.contains("://") => "",
        None => s,
    }
}

/// Undo the envelope: check length and prefix, base64url, inflate with [`MAX_INFLATED`] as
/// the cap. Returns the JSON bytes. Whitespace inside the fragment is ignored (mail clients
/// wrap long links).
pub fn decode_payload(input: &str) -> Result<Vec<u8>, LinkError> {
    let raw = fragment(input);
    if raw.len() > MAX_LINK_LEN {
        return Err(LinkError::TooLong {
            len: raw.len(),
            max: MAX_LINK_LEN,
        });
    }
    let frag: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if frag.is_empty() {
        return Err(LinkError::Empty);
    }
    let Some((tag, payload)) = frag.split_once('.') else {
        return Err(LinkError::WrongPrefix {
            found: frag.chars().take(8).collect(),
        });
    };
    if tag != "w1" {
        let newer = tag
            .strip_prefix('w')
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n > 1);
        let found: String = tag.chars().take(12).collect();
        return Err(if newer {
            LinkError::FutureFormat { found }
        } else {
            LinkError::WrongPrefix {
                found: format!("{found}."),
            }
        });
    }
    let z = base64_engine()
        .decode(payload)
        .map_err(|e| LinkError::Base64 {
            detail: match e {
                base64::DecodeError::InvalidByte(at, b) => format!(
                    "character {:?} at position {}",
                    b as char,
                    at + PREFIX.len()
                ),
                base64::DecodeError::InvalidLength(n) => {
                    format!("{n} characters cannot be a whole number of bytes")
                }
                base64::DecodeError::InvalidLastSymbol { offset, symbol, .. } => format!(
                    "last character {:?} at position {} is impossible",
                    symbol as char,
                    offset + PREFIX.len()
                ),
                base64::DecodeError::InvalidPadding => "misplaced '=' padding".to_string(),
            },
        })?;
    miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&z, MAX_INFLATED).map_err(|e| {
        match e.status {
            TINFLStatus::HasMoreOutput => LinkError::TooLarge { max: MAX_INFLATED },
            TINFLStatus::FailedCannotMakeProgress | TINFLStatus::NeedsMoreInput => {
                LinkError::Truncated
            }
            TINFLStatus::Adler32Mismatch => LinkError::Corrupt {
                detail: "its checksum does not match".into(),
            },
            _ => LinkError::Corrupt {
                detail: "the compressed data is invalid".into(),
            },
        }
    })
}

/// Parse a link's JSON and bring it to the latest version's DTO (no experiment validation).
pub fn parse_content(json: &[u8]) -> Result<LinkV1, LinkError> {
    let value: Value = serde_json::from_slice(json).map_err(|e| {
        let m = e.to_string();
        if m.contains("recursion limit") {
            LinkError::TooDeep
        } else if m.contains("number out of range") {
            LinkError::NumberOutOfRange {
                path: format!("line {} column {}", e.line(), e.column()),
                detail: "the number is too large to represent".into(),
            }
        } else {
            LinkError::Json { detail: m }
        }
    })?;
    let v = match value.get("v") {
        None => {
            return Err(LinkError::Shape {
                path: "v".into(),
                detail: "the link has no version".into(),
            });
        }
        Some(v) => v.as_u64().ok_or_else(|| LinkError::Shape {
            path: "v".into(),
            detail: format!("version must be a positive integer, found {v}"),
        })?,
    };
    let mut latest = migrate(v, value)?;
    if let Some(o) = latest.as_object_mut() {
        o.insert("v".into(), Value::from(LINK_VERSION));
    }
    let mut link = serde_path_to_error::deserialize::<_, LinkV1>(&latest)
        .map_err(|e| error::from_serde(e.path().to_string(), e.inner().to_string()))?;
    if is_empty_patch(&link.experiment.patch) {
        // `{}`, `null` and absent all mean "the base as is"; keep one form.
        link.experiment.patch = Value::Null;
    }
    Ok(link)
}

/// Read a link (a full URL, `#w1....` or `w1....`) into the latest DTO, with the experiment
/// and view validated.
pub fn decode(input: &str) -> Result<LinkV1, LinkError> {
    decode_full(input).map(|(link, _)| link)
}

/// [`decode`], also returning the validated experiment.
pub fn decode_full(input: &str) -> Result<(LinkV1, Experiment), LinkError> {
    let json = decode_payload(input)?;
    let link = parse_content(&json)?;
    let e = link.experiment()?;
    link.view.validate(&e)?;
    Ok((link, e))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragment_takes_what_follows_the_hash() {
        assert_eq!(fragment("https://x.org/p/?a=1#w1.abc"), "w1.abc");
        assert_eq!(fragment("  #w1.abc\n"), "w1.abc");
        assert_eq!(fragment("w1.abc"), "w1.abc");
    }

    /// Links written before issue 19 ran without system noise; their bases (generation 1, no
    /// `@N` suffix) still read so. Later generations carry their noise section.
    #[test]
    fn bases_predate_system_noise() {
        for (id, _) in bases::EXPERIMENTS
            .iter()
            .filter(|(id, _)| !id.contains('@'))
        {
            let e = experiment_from_document(&bases::experiment(id).unwrap()).unwrap();
            assert_eq!(
                e.scenario.noise,
                wakelab_sim::workload::SystemNoise::off(),
                "{id}"
            );
        }
        let gen2 = bases::experiment("default@2").unwrap();
        assert_eq!(gen2["scenario"]["noise"]["background"], true);
    }

    /// Links written before pgbench's server processes (`aux_processes`) ran without them; every
    /// base whose pgbench workload predates the field still reads so.
    #[test]
    fn bases_predate_pgbench_server_processes() {
        let mut seen = 0;
        for (id, text) in bases::EXPERIMENTS {
            let e = experiment_from_document(&bases::experiment(id).unwrap()).unwrap();
            if let wakelab_sim::workload::WorkloadConfig::Pgbench(c) = &e.scenario.workload {
                let written = text.contains("\"aux_processes\": true");
                assert_eq!(c.aux_processes, written, "{id}");
                seen += 1;
            }
        }
        assert!(seen >= 4);
    }

    /// Links written before the WAL flush became the recorded IO waits (pgbench's
    /// `ios_per_flush`, `metadata_io_permille`, 2026-12-04) ran one IO per flush; every base
    /// whose pgbench workload predates the fields still reads so, with its own `io_ns`.
    #[test]
    fn bases_predate_the_recorded_wal_flush() {
        let mut seen = 0;
        for (id, text) in bases::EXPERIMENTS {
            let e = experiment_from_document(&bases::experiment(id).unwrap()).unwrap();
            if let wakelab_sim::workload::WorkloadConfig::Pgbench(c) = &e.scenario.workload {
                if !text.contains("\"ios_per_flush\"") {
                    assert_eq!((c.ios_per_flush, c.metadata_io_permille), (1, 0), "{id}");
                    assert!(text.contains("\"io_ns\""), "{id}");
                }
                seen += 1;
            }
        }
        assert!(seen >= 5);
    }

    #[test]
    fn frozen_bases_read_as_valid_experiments() {
        for (id, _) in bases::EXPERIMENTS {
            let doc = bases::experiment(id).unwrap();
            experiment_from_document(&doc).unwrap_or_else(|e| panic!("base {id}: {e}"));
        }
        for (id, _) in bases::MACHINES {
            let mut doc = bases::experiment("default").unwrap();
            doc["scenario"]["machine"] = bases::machine(id).unwrap();
            // Client counts are explicit in the default base; the machine alone must be valid.
            experiment_from_document(&doc).unwrap_or_else(|e| panic!("machine {id}: {e}"));
        }
    }
}
