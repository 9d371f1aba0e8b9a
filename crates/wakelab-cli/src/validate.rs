//! `wakelab validate [RECORDING.json | DIR]...`: each recorded benchmark next to the model's
//! version of it (issue 18, item 3). Prints one Markdown table per benchmark (row, real, model,
//! ratio, a mark on rows off by more than 2x); `--write-doc` puts them into docs/calibration.md,
//! `--check-doc` fails when the doc is stale, `--check` fails when the off rows and the
//! expected-miss list disagree. Thin IO around `wakelab_interop::validate`.

use std::path::{Path, PathBuf};

use anyhow::{Result, anyhow, bail};
use clap::Args;
use rayon::prelude::*;

use wakelab_interop::sched_trace::TraceSummary;
use wakelab_sim::kernel::KernelVersion;

use wakelab_interop::validate::bench::RecorderRuns;
use wakelab_interop::validate::{
    BenchError, InstancePair, KernelChoice, Miss, ModelBench, Recording, Report, SummaryError,
    check_misses, compare, instances_markdown, markdown, model_bench, model_summary, parse_misses,
    splice_doc,
};

/// Largest recording metadata file read.
const MAX_RECORDING_BYTES: usize = 1 << 20;
/// Largest summary file read (a summary lists at most 32 tasks, 64 groups, 64 edges).
const MAX_SUMMARY_BYTES: usize = 8 << 20;
/// Largest doc / expected-miss list read.
const MAX_DOC_BYTES: usize = 4 << 20;
/// Most recordings in one run.
const MAX_RECORDINGS: usize = 256;
/// The model's run length (ms) when not given: short enough that all recordings run in
/// seconds, long enough for thousands of wake-ups per benchmark.
pub const DEFAULT_DURATION_MS: u64 = 300;
/// Model runs per benchmark when not given (the committed tables' count).
pub const DEFAULT_SEEDS: u32 = 5;
/// Most model runs per benchmark.
const MAX_SEEDS: u32 = 32;

#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Recording metadata files (`NAME.json`, with `NAME.summary.json` beside it) or folders
    /// of them.
    #[arg(default_value = "recordings/host-2vcpu")]
    pub paths: Vec<PathBuf>,
    /// Simulated run length of each model run (ms, 1..=10000); hackbench runs its recorded
    /// loops to completion instead (at most 5000 ms).
    #[arg(long, default_value_t = DEFAULT_DURATION_MS)]
    pub duration_ms: u64,
    /// Model runs per benchmark, seeds 1 to N (1..=32): each row's model value is the median
    /// over them, since one seed alone moves some rows across the 2x line (docs/calibration.md,
    /// "Seeds"). The committed tables and expected misses are the default's.
    #[arg(long, default_value_t = DEFAULT_SEEDS)]
    pub seeds: u32,
    /// The expected-miss list (`bench<TAB>row<TAB>reason` per line).
    #[arg(long, default_value = "recordings/validation-misses.tsv")]
    pub misses: PathBuf,
    /// Fail (status 1) when an off row is not in the expected misses, or a listed row is
    /// within 2x.
    #[arg(long)]
    pub check: bool,
    /// Write the tables into this doc, between its `wakelab validate` markers.
    #[arg(long)]
    pub write_doc: Option<PathBuf>,
    /// Fail (status 1) when the tables in this doc differ from the ones computed now.
    #[arg(long)]
    pub check_doc: Option<PathBuf>,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Also write each benchmark's first model run's (seed 1's) whole trace summary (every
    /// figure, not only the rows) as `DIR/NAME.model.summary.json`, the form `wakelab
    /// trace-import --json` gives a recording, and the experiment that run ran as
    /// `DIR/NAME.model.experiment.json` (for `wakelab run`, `wakelab trace`, or `wakelab link
    /// encode` and the page).
    #[arg(long, value_name = "DIR")]
    pub model_summaries: Option<PathBuf>,
    /// Run the model under this kernel version (4.15, 4.16, 5.10, 5.11, 5.12, 5.15, 6.18)
    /// instead of the one the recording's kernel gives: what another kernel does with the same
    /// workload on the same machine. The host build's patches (vcpu-pack) are kept where that
    /// version has them. Not with --check, --write-doc or --check-doc: the committed tables
    /// and expected misses are the recordings' own kernels'.
    #[arg(long, value_name = "VERSION")]
    pub kernel: Option<String>,
    /// Run the model without the host build's patches (vcpu-pack): the mainline kernel of the
    /// version. Not with --check, --write-doc or --check-doc.
    #[arg(long)]
    pub baseline: bool,
    /// Compare the recordings with the same benchmarks recorded on another instance (the
    /// recordings of this folder with the same file names) instead of with the model: per
    /// benchmark, how many rows are more than 2x apart between the two instances and how many
    /// of those the expected misses list. No model runs. Not with --check, --write-doc,
    /// --check-doc, --kernel, --baseline or --model-summaries.
    #[arg(long, value_name = "DIR")]
    pub against: Option<PathBuf>,
}

fn recordings(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut v: Vec<PathBuf> = std::fs::read_dir(p)
                .map_err(|e| anyhow!("{}: {e}", p.display()))?
                .filter_map(|e| e.ok().map(|e| e.path()))
                // a recording is NAME.json with its NAME.summary.json beside it; other JSON
                // in the folder (idle-noise.json, the background measurement) is not one
                .filter(|f| {
                    f.extension().is_some_and(|x| x == "json")
                        && !f.to_string_lossy().ends_with(".summary.json")
                        && summary_path(f).is_file()
                })
                .collect();
            v.sort();
            out.extend(v);
        } else {
            out.push(p.clone());
        }
        if out.len() > MAX_RECORDINGS {
            bail!("more than {MAX_RECORDINGS} recordings (MAX_RECORDINGS)");
        }
    }
    if out.is_empty() {
        bail!("no recordings (NAME.json) found");
    }
    Ok(out)
}

fn summary_path(meta: &Path) -> PathBuf {
    let s = meta.to_string_lossy();
    PathBuf::from(format!("{}.summary.json", s.trim_end_matches(".json")))
}

fn one(
    meta: &Path,
    duration_ms: u64,
    seeds: u32,
    kernel: KernelChoice,
    model_summaries: Option<&Path>,
) -> Result<Report> {
    let rec = Recording::from_json(&crate::io::read_text(
        meta,
        MAX_RECORDING_BYTES,
        "recording metadata",
    )?)
    .map_err(|e| anyhow!("{}: {e}", meta.display()))?;
    let mut report = Report {
        name: rec.name.clone(),
        command: rec.benchmark_command.clone(),
        model: None,
        no_model: None,
        lines: vec![],
    };
    let mut b = match model_bench(&rec, duration_ms, kernel) {
        Ok(b) => b,
        Err(BenchError::NoModel { why, .. }) => {
            report.no_model = Some(why.to_string());
            return Ok(report);
        }
        Err(e) => bail!("{}: {e}", meta.display()),
    };
    b.description = match seeds {
        1 => format!("{}, seed 1", b.description),
        n => format!("{}, median of seeds 1-{n}", b.description),
    };
    let sp = summary_path(meta);
    if !sp.exists() {
        bail!(
            "{}: no summary of the recorded trace; make it with \
             `scripts/summarise-recordings.sh` (wakelab trace-import --json)",
            sp.display()
        );
    }
    let real = read_summary(meta)?;
    // the recorder's own threads ran beside the benchmark: so do they in the model
    if rec.traced_by_perf_sched() {
        if let Some(r) =
            RecorderRuns::from_summary(&real).map_err(|e| anyhow!("{}: {e}", sp.display()))?
        {
            b.add_recorder_runs(r);
        }
    }
    // A hackbench run too large for a detailed run's bounds (docs/limits.md) is modelled with
    // fewer loops, halved until the first seed fits, and the description says so: the rows are
    // shares and rates, which the loop count moves only through the weight of start-up and tail.
    let recorded_loops = hackbench_loops_of(&b);
    let models = loop {
        let attempt = (1..=seeds)
            .map(|seed| {
                b.experiment.scenario.run.seed = seed;
                model_summary(&b)
            })
            .collect::<std::result::Result<Vec<_>, SummaryError>>();
        match attempt {
            Ok(m) => break m,
            Err(SummaryError::TooLarge(e)) => match halve_hackbench_loops(&mut b) {
                Some(_) => continue,
                None => bail!("{}: {e}", rec.name),
            },
            Err(e) => bail!("{}: {e}", rec.name),
        }
    };
    if let (Some(rec_l), Some(now)) = (recorded_loops, hackbench_loops_of(&b)) {
        if now != rec_l {
            b.description = format!(
                "{} (-l {now} of the recorded {rec_l}: the full run exceeds a detailed run's \
                 bounds)",
                b.description
            );
        }
    }
    if let Some(dir) = model_summaries {
        // named by the metadata file, not by its `name` field (which could hold a path)
        let stem = meta.file_stem().unwrap_or_default().to_string_lossy();
        crate::io::write_out(
            &dir.join(format!("{stem}.model.summary.json")),
            models[0].to_json().as_bytes(),
        )?;
        b.experiment.scenario.run.seed = 1;
        let experiment = serde_json::to_string_pretty(&b.experiment)?;
        crate::io::write_out(
            &dir.join(format!("{stem}.model.experiment.json")),
            experiment.as_bytes(),
        )?;
    }
    report.lines = compare(&real, &models, &b.roles);
    report.model = Some(b.description);
    Ok(report)
}

pub fn validate(a: ValidateArgs) -> Result<()> {
    if !(1..=10_000).contains(&a.duration_ms) {
        bail!(
            "--duration-ms {}: must be between 1 and 10000",
            a.duration_ms
        );
    }
    if !(1..=MAX_SEEDS).contains(&a.seeds) {
        bail!("--seeds {}: must be between 1 and {MAX_SEEDS}", a.seeds);
    }
    let version = match a.kernel.as_deref() {
        None => None,
        Some(k) => Some(KernelVersion::parse(k).ok_or_else(|| {
            let known: Vec<&str> = KernelVersion::ALL.iter().map(|v| v.name()).collect();
            anyhow!(
                "--kernel {k}: not a modelled version ({})",
                known.join(", ")
            )
        })?),
    };
    let kernel = KernelChoice {
        version,
        baseline: a.baseline,
    };
    if kernel != KernelChoice::default() {
        let chosen = match (&a.kernel, a.baseline) {
            (Some(k), true) => format!("--kernel {k} --baseline"),
            (Some(k), false) => format!("--kernel {k}"),
            (None, _) => "--baseline".to_string(),
        };
        for (given, flag) in [
            (a.check, "--check"),
            (a.write_doc.is_some(), "--write-doc"),
            (a.check_doc.is_some(), "--check-doc"),
        ] {
            if given {
                bail!(
                    "{chosen} with {flag}: the committed tables and expected misses are the \
                     recordings' own kernels'; compare another kernel without {flag}"
                );
            }
        }
    }
    if let Some(n) = a.threads {
        rayon::ThreadPoolBuilder::new()
            .num_threads(n)
            .build_global()
            .ok();
    }
    let misses: Vec<Miss> = if a.misses.exists() {
        parse_misses(&crate::io::read_text(
            &a.misses,
            MAX_DOC_BYTES,
            "expected-miss list",
        )?)
        .map_err(|e| anyhow!("{}: {e}", a.misses.display()))?
    } else if a.check {
        bail!("{}: no such expected-miss list", a.misses.display());
    } else {
        vec![]
    };
    let files = recordings(&a.paths)?;
    if let Some(dir) = &a.against {
        for (given, flag) in [
            (a.check, "--check"),
            (a.write_doc.is_some(), "--write-doc"),
            (a.check_doc.is_some(), "--check-doc"),
            (a.kernel.is_some(), "--kernel"),
            (a.baseline, "--baseline"),
            (a.model_summaries.is_some(), "--model-summaries"),
        ] {
            if given {
                bail!("--against with {flag}: --against compares two recordings, with no model");
            }
        }
        return against(&files, dir, &misses);
    }
    if let Some(dir) = &a.model_summaries {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow!("--model-summaries {}: {e}", dir.display()))?;
    }
    let reports: Vec<Report> = files
        .par_iter()
        .map(|f| {
            one(
                f,
                a.duration_ms,
                a.seeds,
                kernel,
                a.model_summaries.as_deref(),
            )
        })
        .collect::<Result<_>>()?;
    let md = markdown(&reports, &misses);
    let problems = check_misses(&reports, &misses);
    let mut failed = false;
    if let Some(doc) = &a.write_doc {
        let old = crate::io::read_text(doc, MAX_DOC_BYTES, "doc")?;
        let new = splice_doc(&old, &md).map_err(|e| anyhow!("{}: {e}", doc.display()))?;
        crate::io::write_out(doc, new.as_bytes())?;
        eprintln!("wrote the tables into {}", doc.display());
    } else if a.check_doc.is_none() {
        crate::io::emit(&md)?;
    }
    if let Some(doc) = &a.check_doc {
        let old = crate::io::read_text(doc, MAX_DOC_BYTES, "doc")?;
        let new = splice_doc(&old, &md).map_err(|e| anyhow!("{}: {e}", doc.display()))?;
        if new != old {
            eprintln!(
                "{}: the validation tables differ from `wakelab validate` (run with the same \
                 --duration-ms); regenerate with `wakelab validate --write-doc {}`",
                doc.display(),
                doc.display()
            );
            failed = true;
        }
    }
    if a.check {
        for p in &problems {
            eprintln!("{}: {p}", a.misses.display());
        }
        failed |= !problems.is_empty();
    } else if !problems.is_empty() {
        eprintln!(
            "note: {} disagreement(s) with {} (run with --check to list them)",
            problems.len(),
            a.misses.display()
        );
    }
    if failed {
        bail!("validation failed");
    }
    Ok(())
}

/// A recording's trace summary (`NAME.summary.json` beside `meta`).
fn read_summary(meta: &Path) -> Result<TraceSummary> {
    let sp = summary_path(meta);
    TraceSummary::from_json(&crate::io::read_text(
        &sp,
        MAX_SUMMARY_BYTES,
        "trace summary",
    )?)
    .map_err(|e| anyhow!("{}: {e}", sp.display()))
}

/// `--against DIR`: each recording next to its namesake in `dir` (skipped when `dir` has none,
/// or when the benchmark has no model counterpart, whose roles the rows need).
fn against(files: &[PathBuf], dir: &Path, misses: &[Miss]) -> Result<()> {
    let mut pairs = Vec::new();
    for f in files {
        let Some(file_name) = f.file_name() else {
            continue;
        };
        let other = dir.join(file_name);
        if !other.is_file() || !summary_path(&other).is_file() {
            continue;
        }
        let rec = Recording::from_json(&crate::io::read_text(
            f,
            MAX_RECORDING_BYTES,
            "recording metadata",
        )?)
        .map_err(|e| anyhow!("{}: {e}", f.display()))?;
        let roles = match model_bench(&rec, DEFAULT_DURATION_MS, KernelChoice::default()) {
            Ok(b) => b.roles,
            Err(BenchError::NoModel { .. }) => continue,
            Err(e) => bail!("{}: {e}", f.display()),
        };
        let (first, second) = (read_summary(f)?, read_summary(&other)?);
        pairs.push(InstancePair {
            name: rec.name,
            lines: compare(&first, &[second], &roles),
        });
    }
    if pairs.is_empty() {
        bail!(
            "--against {}: none of the recordings has a namesake there",
            dir.display()
        );
    }
    let name = |p: &Path| {
        p.file_name().map_or(p.display().to_string(), |n| {
            n.to_string_lossy().into_owned()
        })
    };
    let first = files[0].parent().map_or("?".into(), name);
    crate::io::emit(&instances_markdown(&pairs, misses, &first, &name(dir)))
}

/// The loop count of a hackbench model run (`None` for other workloads).
fn hackbench_loops_of(b: &ModelBench) -> Option<u32> {
    match &b.experiment.scenario.workload {
        wakelab_sim::workload::WorkloadConfig::Hackbench(c) => Some(c.loops),
        _ => None,
    }
}

/// Halve a hackbench model run's loops (at least 10 remain); `None` when it cannot shrink.
fn halve_hackbench_loops(b: &mut ModelBench) -> Option<u32> {
    match &mut b.experiment.scenario.workload {
        wakelab_sim::workload::WorkloadConfig::Hackbench(c) if c.loops >= 20 => {
            c.loops /= 2;
            Some(c.loops)
        }
        _ => None,
    }
}
