//! Interop subcommands (`trace`, `import`, `compare-measured`, `rtapp`): thin IO around the
//! `wakelab-interop` crate. See docs/interop.md.

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Result, anyhow, bail};
use clap::{Args, ValueEnum};
use rayon::prelude::*;

use wakelab_interop::measured::{ImportOptions, InputFormat, MAX_JSON_BYTES};
use wakelab_interop::rtapp::{RtAppOptions, rtapp_for_experiment};
use wakelab_interop::trace::{
    MAX_TRACE_EVENTS, MAX_TRACE_SEGMENTS, TraceError, TraceOptions, chrome_trace_with,
};
use wakelab_interop::{MeasuredResults, overlay};
use wakelab_sim::experiment::{self, DetailOptions, PointResult};
use wakelab_sim::presets;
use wakelab_sim::report::build_report;
use wakelab_sim::scenario::{Experiment, MAX_SCENARIO_BYTES};

use crate::io;
use crate::points::{self, Overrides};

/// Which experiment: a file or a preset.
#[derive(Args, Debug, Clone)]
pub struct ExperimentSel {
    /// Experiment file (JSON); `-` for stdin.
    pub file: Option<PathBuf>,
    /// A gallery preset instead of a file (see `wakelab presets`).
    #[arg(long)]
    pub preset: Option<String>,
    /// Override the simulated run length (ms).
    #[arg(long)]
    pub duration_ms: Option<u64>,
}

#[derive(Args, Debug)]
pub struct TraceArgs {
    #[command(flatten)]
    pub exp: ExperimentSel,
    /// Client count (default: the experiment's first).
    #[arg(long)]
    pub clients: Option<u32>,
    /// Variant index (0 = baseline).
    #[arg(long, default_value_t = 0)]
    pub variant: usize,
    #[arg(long, default_value_t = 0)]
    pub iteration: u32,
    /// Start of the exported window (ms of simulated time). Default: 0.
    #[arg(long)]
    pub from_ms: Option<f64>,
    /// End of the exported window (ms). Default: the end of the run.
    #[arg(long)]
    pub to_ms: Option<f64>,
    /// Refuse windows with more timeline segments than this.
    #[arg(long, default_value_t = MAX_TRACE_SEGMENTS)]
    pub max_segments: usize,
    /// Output file (Chrome trace-event JSON); `-` for stdout.
    #[arg(short = 'o', long, default_value = "trace.json")]
    pub output: PathBuf,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq, Debug)]
pub enum ImportFormat {
    /// compare-mmtests.pl text output
    Text,
    /// compare-mmtests.pl --json-export (.json or .json.gz) or Wakelab's measured JSON
    Json,
    /// `clients,<kernel1>,<kernel2>,...`
    Csv,
}

impl ImportFormat {
    fn to_input(self) -> InputFormat {
        match self {
            ImportFormat::Text => InputFormat::MmtestsText,
            ImportFormat::Json => InputFormat::MmtestsJson,
            ImportFormat::Csv => InputFormat::Csv,
        }
    }
}

#[derive(Args, Debug, Clone)]
pub struct MeasuredSel {
    /// Input format (default: detected from the content).
    #[arg(long = "measured-format", value_enum)]
    pub format: Option<ImportFormat>,
    /// Statistic to read (Hmean, Amean, BHmean-95, ...). Default: Hmean, else Amean.
    #[arg(long)]
    pub stat: Option<String>,
    /// Benchmark name when the file does not carry it (text, CSV).
    #[arg(long)]
    pub benchmark: Option<String>,
}

impl MeasuredSel {
    fn options(&self) -> ImportOptions {
        ImportOptions {
            format: self.format.map(ImportFormat::to_input),
            stat: self.stat.clone(),
            benchmark: self.benchmark.clone(),
        }
    }
}

#[derive(Args, Debug)]
pub struct ImportArgs {
    /// compare-mmtests text, its JSON export (.json/.json.gz) or a CSV; `-` for stdin.
    pub file: PathBuf,
    #[command(flatten)]
    pub sel: MeasuredSel,
    /// Print the parsed results as JSON instead of the compare-mmtests layout.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct CompareMeasuredArgs {
    #[command(flatten)]
    pub exp: ExperimentSel,
    /// Measured results to put next to the simulation.
    #[arg(long)]
    pub measured: PathBuf,
    #[command(flatten)]
    pub sel: MeasuredSel,
    /// Use point files from `wakelab run --points-out` instead of running.
    #[arg(long)]
    pub points: Vec<PathBuf>,
    /// Override the client counts (`1,2,4`).
    #[arg(long, value_delimiter = ',')]
    pub clients: Option<Vec<u32>>,
    /// Override the number of iterations.
    #[arg(long)]
    pub iterations: Option<u32>,
    /// Print JSON: the simulated curves and the measured series (for plotting).
    #[arg(long)]
    pub json: bool,
    /// No progress output on stderr (none anyway when stderr is not a terminal).
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct RtappArgs {
    #[command(flatten)]
    pub exp: ExperimentSel,
    /// Client count (default: the experiment's first).
    #[arg(long)]
    pub clients: Option<u32>,
    /// Variant index (variants may differ only in kernel/frequency settings).
    #[arg(long, default_value_t = 0)]
    pub variant: usize,
    /// rt-app `global.duration` in seconds (default: the run length, rounded up).
    #[arg(long)]
    pub duration_s: Option<u32>,
    /// Clock used to turn run times into rt-app busy-loop amounts (MHz).
    #[arg(long, default_value_t = RtAppOptions::default().mhz)]
    pub mhz: u32,
    /// Output file; `-` (default) for stdout.
    #[arg(short = 'o', long, default_value = "-")]
    pub output: PathBuf,
}

// ---- helpers ---------------------------------------------------------------------------------

pub(crate) fn load(sel: &ExperimentSel) -> Result<Experiment> {
    let mut exp = match (&sel.file, &sel.preset) {
        (_, Some(id)) => presets::experiment(id)
            .ok_or_else(|| anyhow!("no preset {id:?}; `wakelab presets` lists them"))?,
        (Some(p), None) => {
            let s = io::read_text(p, MAX_SCENARIO_BYTES, "experiment")?;
            Experiment::from_json(&s).map_err(|e| anyhow!("{e}"))?
        }
        (None, None) => bail!("give an experiment file or --preset (try `wakelab presets`)"),
    };
    if let Some(d) = sel.duration_ms {
        exp.scenario.run.duration_ms = d;
        exp.scenario.run.warmup_ms = exp.scenario.run.warmup_ms.min(d / 5);
    }
    Ok(exp)
}

/// Refuse an output that cannot be written or is the experiment file, before any work.
fn check_output(sel: &ExperimentSel, flag: &'static str, p: &Path) -> Result<()> {
    let inputs: Vec<&Path> = sel.file.iter().map(PathBuf::as_path).collect();
    io::check_outputs(&inputs, &[io::Output { flag, path: p }])
}

fn read_measured(p: &Path, sel: &MeasuredSel) -> Result<MeasuredResults> {
    let b = io::read_bytes(p, MAX_JSON_BYTES, "measured results")?;
    let r = wakelab_interop::parse_measured_bytes(&b, &sel.options())
        .map_err(|e| anyhow!("{}: {e}", p.display()))?;
    for n in &r.notes {
        eprintln!("note: {n}");
    }
    Ok(r)
}

fn ms_to_ns(ms: f64, what: &str) -> Result<u64> {
    if !ms.is_finite() || !(0.0..=1e9).contains(&ms) {
        bail!("{what}: {ms} is not a time in ms");
    }
    Ok((ms * 1e6).round() as u64)
}

// ---- commands --------------------------------------------------------------------------------

/// `wakelab trace`: one run as Chrome trace-event JSON (opens in ui.perfetto.dev).
pub fn trace(a: TraceArgs) -> Result<()> {
    check_output(&a.exp, "--output", &a.output)?;
    let mut exp = load(&a.exp)?;
    let clients = match a.clients {
        Some(c) => c,
        None => *exp
            .client_counts()
            .first()
            .ok_or_else(|| anyhow!("the experiment has no client counts"))?,
    };
    if a.max_segments == 0 || a.max_segments >= 2_000_000 {
        bail!("--max-segments: give 1..2000000");
    }
    // record a little more than the export bound so an over-long window is detected, and keep
    // every wake-up (the defaults keep the first 20000 only); recording caps do not change the run
    exp.scenario.engine.max_timeline_segments = a.max_segments + 1;
    exp.scenario.engine.max_wakeup_records = 1_000_000;
    exp.validate().map_err(|e| anyhow!("{e}"))?;
    let run_ns = exp.scenario.run.duration_ms * 1_000_000;
    let from = a
        .from_ms
        .map(|m| ms_to_ns(m, "--from-ms"))
        .transpose()?
        .unwrap_or(0);
    let to = a
        .to_ms
        .map(|m| ms_to_ns(m, "--to-ms"))
        .transpose()?
        .unwrap_or(run_ns);
    if to <= from {
        bail!("--to-ms must be after --from-ms");
    }
    let detail = experiment::run_point_detailed(
        &exp,
        a.variant,
        clients,
        a.iteration,
        DetailOptions {
            window: Some((from, to)),
            explain_decision: None,
            shadow_kernel: None,
        },
        None,
    )
    .map_err(|m| anyhow!(m))?;
    let cpus = detail.result.cpu_busy_pct.len();
    let opts = TraceOptions {
        window: Some((from, to.min(detail.result.sim_ns.max(from + 1)))),
        max_segments: a.max_segments,
        max_events: MAX_TRACE_EVENTS,
        title: Some(format!(
            "{} / {} / {} clients / iteration {}",
            exp.scenario.title, exp.variants[a.variant].name, clients, a.iteration
        )),
    };
    let json = match chrome_trace_with(&detail, cpus, &opts) {
        Ok(j) => j,
        Err(
            e @ TraceError::TooLong {
                suggested_window_ns,
                ..
            },
        ) => {
            let len_ms = (suggested_window_ns as f64 / 1e6).max(0.001);
            let start = from.max(exp.scenario.run.warmup_ms * 1_000_000) as f64 / 1e6;
            bail!(
                "{e}\n  e.g. wakelab trace ... --from-ms {start:.3} --to-ms {:.3}",
                start + len_ms
            );
        }
        Err(e) => bail!("{e}"),
    };
    io::write_out(&a.output, json.as_bytes())?;
    if a.output.as_os_str() != "-" {
        eprintln!(
            "wrote {} ({} bytes, {} CPUs, {:.3}..{:.3} ms): open it in https://ui.perfetto.dev \
             (Open trace file) or chrome://tracing",
            a.output.display(),
            json.len(),
            cpus,
            from as f64 / 1e6,
            opts.window.map_or(0, |w| w.1) as f64 / 1e6
        );
    }
    Ok(())
}

/// `wakelab import`: parse measured results and print them back in the compare-mmtests layout.
pub fn import(a: ImportArgs) -> Result<()> {
    let r = read_measured(&a.file, &a.sel)?;
    if a.json {
        return io::emit(&format!("{}\n", serde_json::to_string_pretty(&r)?));
    }
    let mut o = String::new();
    writeln!(
        o,
        "# measured: {}, {} ({} rows, {} kernels; statistics in the file: {})",
        if r.benchmark.is_empty() {
            "benchmark not named"
        } else {
            &r.benchmark
        },
        r.stat,
        r.rows.len(),
        r.kernels.len(),
        r.stats_available.join(" ")
    )?;
    o.push_str(&r.render_text());
    io::emit(&o)
}

fn run_points(exp: &Experiment, quiet: bool) -> Result<Vec<PointResult>> {
    let pts = experiment::points(exp);
    let total = pts.len();
    // progress only on a terminal: a log file gets no `\r` lines
    let quiet = quiet || !std::io::stderr().is_terminal();
    let done = Mutex::new(0usize);
    let results: Vec<Result<PointResult, experiment::RunError>> = pts
        .par_iter()
        .map(|&(v, c, it)| {
            let r = experiment::run_point(exp, v, c, it, None);
            if !quiet {
                let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                *d += 1;
                eprint!("\r[{:>4}/{total}] points   ", *d);
            }
            r
        })
        .collect();
    if !quiet {
        eprintln!();
    }
    results
        .into_iter()
        .map(|r| r.map_err(|m| anyhow!(m)))
        .collect()
}

/// `wakelab compare-measured`: the simulated comparison and measured results side by side.
pub fn compare_measured(a: CompareMeasuredArgs) -> Result<()> {
    let measured = read_measured(&a.measured, &a.sel)?;
    let mut exp = load(&a.exp)?;
    // `load` applied --duration-ms; the rest here. Together they name the experiment as run.
    let ov = Overrides {
        clients: a.clients.clone(),
        iterations: a.iterations,
        duration_ms: a.exp.duration_ms,
    };
    ov.apply(&mut exp);
    exp.validate().map_err(|e| anyhow!("{e}"))?;
    let results = if a.points.is_empty() {
        run_points(&exp, a.quiet)?
    } else {
        points::merge(&exp, &ov, &a.points)?
    };
    let rep = build_report(&exp, &results);
    if a.json {
        let v = serde_json::json!({
            "simulated": rep.curves(),
            "measured": measured,
            "series": overlay::overlay_series(&rep, &measured),
            "warnings": overlay::overlay_warnings(&rep, &measured),
        });
        return io::emit(&format!("{}\n", serde_json::to_string_pretty(&v)?));
    }
    let mut o = String::from("== simulated ==\n");
    writeln!(o, "{}", rep.compare.render_text())?;
    writeln!(
        o,
        "== measured ({}) ==",
        if measured.benchmark.is_empty() {
            a.measured.display().to_string()
        } else {
            format!("{}, {}", measured.benchmark, a.measured.display())
        }
    )?;
    writeln!(o, "{}", measured.render_text())?;
    o.push_str("== side by side ==\n");
    o.push_str(&overlay::side_by_side_text(&rep, &measured));
    io::emit(&o)
}

/// `wakelab rtapp`: the workload as rt-app JSON on stdout, approximations on stderr.
pub fn rtapp(a: RtappArgs) -> Result<()> {
    check_output(&a.exp, "--output", &a.output)?;
    let exp = load(&a.exp)?;
    let clients = match a.clients {
        Some(c) => c,
        None => *exp
            .client_counts()
            .first()
            .ok_or_else(|| anyhow!("the experiment has no client counts"))?,
    };
    let opts = RtAppOptions { mhz: a.mhz };
    let e = rtapp_for_experiment(&exp, a.variant, clients, &opts, a.duration_s)
        .map_err(|m| anyhow!(m))?;
    let mut json = e.json;
    if !json.ends_with('\n') {
        json.push('\n');
    }
    io::write_out(&a.output, json.as_bytes())?;
    if e.approximations.is_empty() {
        eprintln!("rt-app: exact (nothing approximated)");
    } else {
        eprintln!("rt-app: approximated ({}):", e.approximations.len());
        for n in &e.approximations {
            eprintln!("  - {n}");
        }
    }
    Ok(())
}
