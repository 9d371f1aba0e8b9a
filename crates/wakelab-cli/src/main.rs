//! `wakelab`: run Wakelab scenarios and experiments natively.

use std::fmt::Write as _;
use std::io::IsTerminal as _;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use anyhow::{Result, anyhow, bail};
use clap::{Parser, Subcommand, ValueEnum};
use rayon::prelude::*;

use wakelab_sim::experiment::{self, PointResult};
use wakelab_sim::kernel::PatchId;
use wakelab_sim::presets;
use wakelab_sim::report::build_report;
use wakelab_sim::scenario::Experiment;

mod gallery;
mod interop;
mod io;
mod link;
mod patch_effects;
mod points;
mod trace_import;
mod validate;

use points::{Overrides, PointsFile};

/// Most worker threads `--threads` accepts: far beyond any machine's cores (the results do not
/// depend on it), but bounded so a typo cannot ask the OS for 100 000 threads.
const MAX_THREADS: usize = 1024;

#[derive(Parser)]
#[command(
    name = "wakelab",
    version,
    about = "Simulate Linux CFS wake-up placement and CPU frequency control"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    /// compare-mmtests text layout plus the Ops block
    Text,
    Json,
    Csv,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run an experiment file (JSON) or a preset (`--preset t1`) and print the comparison.
    Run {
        /// Experiment file (JSON); `-` for stdin.
        file: Option<PathBuf>,
        /// A gallery preset instead of a file (see `wakelab presets`).
        #[arg(long)]
        preset: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        /// Worker threads (default: all cores; 1..=1024). Results do not depend on it.
        #[arg(long)]
        threads: Option<usize>,
        /// Run only shard i of n (`--shard 2/4`, 1-based), for splitting a sweep across machines.
        #[arg(long)]
        shard: Option<String>,
        /// Write the raw point results (JSON, with the experiment's identity and the shard)
        /// here, e.g. to merge shards later.
        #[arg(long)]
        points_out: Option<PathBuf>,
        #[command(flatten)]
        overrides: OverrideArgs,
        /// Write the throughput plot as SVG.
        #[arg(long)]
        svg: Option<PathBuf>,
        /// Write the throughput plot as PNG (1600x960, drawn at 2x for HiDPI screens).
        #[arg(long)]
        png: Option<PathBuf>,
        /// No progress output on stderr (there is none anyway when stderr is not a terminal:
        /// a log file gets no `\r` lines).
        #[arg(long)]
        quiet: bool,
        /// Also print frequency (P-state) and idle-state (C-state) residency per point.
        #[arg(long)]
        residency: bool,
        /// Run even if the estimated cost is above 15 CPU-minutes (docs/limits.md, "Cost").
        #[arg(long)]
        yes: bool,
    },
    /// Merge point files written by sharded runs (`--points-out`) into one comparison.
    Merge {
        /// The experiment (file or `--preset`) the shards ran.
        #[arg(long)]
        experiment: Option<PathBuf>,
        #[arg(long)]
        preset: Option<String>,
        /// The overrides the shards ran with (they are part of the experiment).
        #[command(flatten)]
        overrides: OverrideArgs,
        #[arg(long, value_enum, default_value = "text")]
        format: Format,
        points: Vec<PathBuf>,
    },
    /// List the gallery presets (experiments) and machine presets.
    Presets,
    /// Print a preset experiment or a machine preset as JSON (a starting point for your own
    /// file; a machine is the `scenario.machine` section).
    Show { preset: String },
    /// List the patches and sched features that can be toggled.
    Patches,
    /// Which seed patch changes decisions on an experiment, and in how many: each patch's
    /// run against the run without it, every decision also taken without it.
    PatchEffects(patch_effects::PatchEffectsArgs),
    /// Explain one placement decision from a JSON snapshot (see docs/placement.md).
    Decide {
        /// Snapshot file; `-` or nothing for stdin.
        file: Option<PathBuf>,
        /// Print a readable trace instead of JSON.
        #[arg(long)]
        text: bool,
    },
    /// Explain one load_balance call from a JSON snapshot (see docs/examples/balance/).
    Balance {
        /// Snapshot file; `-` or nothing for stdin.
        file: Option<PathBuf>,
        /// Print a readable trace instead of JSON.
        #[arg(long)]
        text: bool,
    },
    /// Export one run as a Chrome trace-event JSON for ui.perfetto.dev (docs/interop.md).
    Trace(interop::TraceArgs),
    /// Parse measured results (compare-mmtests text/JSON, CSV); print them as compare-mmtests.
    Import(interop::ImportArgs),
    /// Run an experiment and print it next to measured results (`--measured FILE`).
    CompareMeasured(interop::CompareMeasuredArgs),
    /// Print the workload as rt-app JSON (approximations on stderr).
    Rtapp(interop::RtappArgs),
    /// Import a scheduler trace (`perf script` / `trace-cmd report` text, plain or gzip):
    /// print its summary, or the closed-loop workload derived from it (docs/interop.md).
    TraceImport(trace_import::TraceImportArgs),
    /// Recorded benchmarks next to the model's version of them on the recording host's shape:
    /// one table per benchmark (docs/calibration.md, "Real runs vs the model").
    Validate(validate::ValidateArgs),
    /// Share links: `link encode --preset t1`, `link decode '<url>'` (docs/share-links.md).
    #[command(subcommand)]
    Link(link::LinkCmd),
    /// Recompute the figures quoted in the gallery texts and docs; `--check` fails on a mismatch.
    Gallery(gallery::GalleryArgs),
}

/// The experiment overrides of `run` and `merge`.
#[derive(clap::Args)]
struct OverrideArgs {
    /// Override the client counts (`1,2,4`).
    #[arg(long, value_delimiter = ',')]
    clients: Option<Vec<u32>>,
    /// Override the number of iterations.
    #[arg(long)]
    iterations: Option<u32>,
    /// Override the simulated run length (ms).
    #[arg(long)]
    duration_ms: Option<u64>,
}

impl OverrideArgs {
    fn overrides(self) -> Overrides {
        Overrides {
            clients: self.clients,
            iterations: self.iterations,
            duration_ms: self.duration_ms,
        }
    }
}

/// Refuse an experiment whose estimated cost is above the confirmation threshold unless
/// `--yes` was given (issue 21: a link or file must not start hours of work by surprise).
pub(crate) fn check_cost(cost: &wakelab_sim::cost::Cost, yes: bool, quiet: bool) -> Result<()> {
    if !cost.needs_confirmation() {
        return Ok(());
    }
    if !yes {
        return Err(anyhow!(
            "this experiment is large: {}; pass --yes to run it anyway, or shorten it \
             (--duration-ms, --clients, --iterations, --shard i/n)",
            cost.describe()
        ));
    }
    if !quiet {
        eprintln!(
            "wakelab: running a large experiment (--yes): {}",
            cost.describe()
        );
    }
    Ok(())
}

/// A file or stdin (`-` or no file), at most `max` bytes.
fn read_input(file: &Option<PathBuf>, max: usize, what: &str) -> Result<String> {
    let stdin = PathBuf::from("-");
    io::read_text(file.as_ref().unwrap_or(&stdin), max, what)
}

fn load_experiment(file: &Option<PathBuf>, preset: &Option<String>) -> Result<Experiment> {
    match (file, preset) {
        (_, Some(id)) => presets::experiment(id)
            .ok_or_else(|| anyhow!("no preset {id:?}; `wakelab presets` lists them")),
        (Some(_), None) => {
            let s = read_input(
                file,
                wakelab_sim::scenario::MAX_SCENARIO_BYTES,
                "experiment",
            )?;
            Experiment::from_json(&s).map_err(|e| anyhow!("{e}"))
        }
        (None, None) => bail!("give an experiment file or --preset (try `wakelab presets`)"),
    }
}

/// The results chart of a run as SVG and/or PNG: the page's chart (wakelab-plot's
/// `report_chart`: spread bands over iterations, the published numbers of a gallery preset as
/// dashed lines), drawn by the same plotters code.
fn write_plots(
    exp: &Experiment,
    ok: &[PointResult],
    preset: Option<&str>,
    svg: Option<&Path>,
    png: Option<&Path>,
) -> Result<()> {
    let rep = build_report(exp, ok);
    let published = published_of(preset);
    let mut chart = wakelab_plot::report::report_chart(&rep, &published);
    chart.title = exp.scenario.title.clone();
    if let Some(p) = svg {
        let s = wakelab_plot::xy_chart_svg(&chart, 800, 480, &wakelab_plot::Theme::light(1.0))
            .map_err(|m| anyhow!(m))?;
        io::write_out(p, s.as_bytes())?;
    }
    if let Some(p) = png {
        let b = wakelab_plot::xy_chart_png(&chart, 1600, 960, &wakelab_plot::Theme::light(2.0))
            .map_err(|m| anyhow!(m))?;
        io::write_out(p, &b)?;
    }
    Ok(())
}

/// The published figures of a gallery preset: (clients, baseline, patched); empty otherwise.
fn published_of(preset: Option<&str>) -> Vec<(u32, f64, f64)> {
    preset
        .and_then(|id| presets::gallery().into_iter().find(|g| g.id == id))
        .map(|g| g.published.to_vec())
        .unwrap_or_default()
}

/// A gallery preset's published figures in the comparison's layout, under the simulated
/// table: the mean row per client count for the first two variants (the posting's baseline
/// and patched kernels), no significance marks. None without published figures.
fn published_text(
    exp: &Experiment,
    higher_is_better: bool,
    published: &[(u32, f64, f64)],
) -> Option<String> {
    if published.is_empty() || exp.variants.len() < 2 {
        return None;
    }
    let dir = if higher_is_better {
        wakelab_stats::Direction::HigherBetter
    } else {
        wakelab_stats::Direction::LowerBetter
    };
    let kernels = exp.variants[..2].iter().map(|v| v.name.clone()).collect();
    let mut c = wakelab_stats::Comparison::new("published", dir, kernels);
    for &(clients, base, patched) in published {
        c.push(clients.to_string(), vec![vec![base], vec![patched]]);
    }
    Some(format!(
        "Published (the patch posting's figures, measured on the authors' machine: compare the \
         percentages, not the values)\n{}",
        c.quoted_report().render_text()
    ))
}

/// A gallery preset's published SIS schedstats, labelled with the first two variants.
fn published_ops_text(exp: &Experiment, preset: Option<&str>) -> Option<String> {
    let g = presets::gallery()
        .into_iter()
        .find(|g| Some(g.id) == preset)?;
    match &exp.variants[..] {
        [a, b, ..] => g.published_ops_text([&a.name, &b.name]),
        _ => None,
    }
}

/// The report of a run in `format`, as the text to print.
fn report_text(
    exp: &Experiment,
    results: &[PointResult],
    format: Format,
    preset: Option<&str>,
) -> Result<String> {
    let rep = build_report(exp, results);
    let mut o = String::new();
    match format {
        Format::Text => {
            writeln!(o, "{}", rep.compare.render_text())?;
            if let Some(t) = published_text(exp, rep.higher_is_better, &published_of(preset)) {
                writeln!(o, "{t}")?;
            }
            writeln!(o, "{}", rep.ops_text)?;
            if let Some(t) = published_ops_text(exp, preset) {
                writeln!(
                    o,
                    "Published Ops (the posting's schedstats over its whole run)\n{t}"
                )?;
            }
        }
        Format::Json => writeln!(o, "{}", serde_json::to_string_pretty(&rep)?)?,
        Format::Csv => o.push_str(&rep.compare.to_csv()),
    }
    Ok(o)
}

/// Residency histograms per point (text): busy time by frequency, idle time by C-state.
fn residency_text(exp: &Experiment, results: &[PointResult]) -> String {
    let mut sorted: Vec<&PointResult> = results.iter().collect();
    sorted.sort_by_key(|r| (r.variant, r.clients, r.iteration));
    let mut o = String::new();
    let rows = |o: &mut String, cells: &dyn Fn(&PointResult) -> Vec<String>| {
        for r in &sorted {
            let _ = writeln!(
                o,
                "  {:<24} {:>4} clients #{}: {}",
                exp.variants[r.variant].name,
                r.clients,
                r.iteration,
                cells(r).join(" | ")
            );
        }
    };
    o.push_str("Frequency residency (share of busy time; levels above 2%)\n");
    rows(&mut o, &|r| {
        r.pstate_residency
            .iter()
            .filter(|(_, f)| *f > 0.02)
            .map(|(k, f)| format!("{:.1} GHz {:>3.0}%", *k as f64 / 1e6, f * 100.0))
            .collect()
    });
    o.push_str("Idle-state residency (share of idle time)\n");
    rows(&mut o, &|r| {
        r.cstate_residency
            .iter()
            .map(|(n, f)| format!("{n} {:>3.0}%", f * 100.0))
            .collect()
    });
    o
}

/// `wakelab presets | head`: a reader that stops early closes stdout, and Rust's `println!`
/// panics on the broken pipe. End quietly instead, with the status a shell gives a process
/// killed by SIGPIPE (128 + 13), as C tools do.
fn quiet_on_broken_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let msg = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .unwrap_or("");
        if msg.starts_with("failed printing to stdout") && msg.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

/// Whether an error is a write to a closed pipe (`wakelab trace -o - | head`): commands that
/// write through a writer get it as an `io::Error` rather than a print panic.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

fn main() {
    quiet_on_broken_pipe();
    match run_cli() {
        Ok(()) => {}
        Err(e) if is_broken_pipe(&e) => std::process::exit(141),
        Err(e) => {
            // anyhow's own report minus the backtrace it appends when RUST_BACKTRACE is set in
            // the environment: a refused input is the user's to fix, not a crash to debug
            eprintln!("Error: {e}");
            let causes: Vec<String> = e.chain().skip(1).map(|c| c.to_string()).collect();
            match causes.as_slice() {
                [] => {}
                [one] => eprintln!("\nCaused by:\n    {one}"),
                many => {
                    eprintln!("\nCaused by:");
                    for (i, c) in many.iter().enumerate() {
                        eprintln!("    {i}: {c}");
                    }
                }
            }
            std::process::exit(1);
        }
    }
}

fn run_cli() -> Result<()> {
    let cli = Cli::parse();
    match cli.cmd {
        Cmd::Run {
            file,
            preset,
            format,
            threads,
            shard,
            points_out,
            overrides,
            svg,
            png,
            quiet,
            residency,
            yes,
        } => {
            // everything that can be refused is refused before the run
            let threads = threads
                .map(|t| {
                    if (1..=MAX_THREADS).contains(&t) {
                        Ok(t)
                    } else {
                        Err(anyhow!("--threads {t}: give 1..={MAX_THREADS}"))
                    }
                })
                .transpose()?;
            let shard = shard.as_deref().map(points::parse_shard).transpose()?;
            let mut outputs = Vec::new();
            for (flag, p) in [
                ("--points-out", &points_out),
                ("--svg", &svg),
                ("--png", &png),
            ] {
                if let Some(p) = p {
                    outputs.push(io::Output { flag, path: p });
                }
            }
            let inputs: Vec<&Path> = file.iter().map(PathBuf::as_path).collect();
            io::check_outputs(&inputs, &outputs)?;
            let mut exp = load_experiment(&file, &preset)?;
            let overrides = overrides.overrides();
            overrides.apply(&mut exp);
            exp.validate().map_err(|e| anyhow!("{e}"))?;
            let shard = shard.unwrap_or((1, 1));
            let pts = points::shard_points(&exp, shard);
            check_cost(&wakelab_sim::cost::estimate(&exp, pts.len()), yes, quiet)?;
            if let Some(t) = threads {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(t)
                    .build_global()
                    .ok();
            }
            let total = pts.len();
            let quiet = quiet || !std::io::stderr().is_terminal();
            let done = Mutex::new(0usize);
            let started = std::time::Instant::now();
            let results: Vec<Result<PointResult, experiment::RunError>> = pts
                .par_iter()
                .map(|&(v, c, it)| {
                    let r = experiment::run_point(&exp, v, c, it, None);
                    if !quiet {
                        let mut d = done.lock().unwrap_or_else(|e| e.into_inner());
                        *d += 1;
                        let el = started.elapsed().as_secs_f64();
                        let eta = el / *d as f64 * (total - *d) as f64;
                        eprint!(
                            "\r[{:>4}/{total}] {:>5.1}s elapsed, ~{:>5.1}s left   ",
                            *d, el, eta
                        );
                    }
                    r
                })
                .collect();
            if !quiet {
                eprintln!();
            }
            let mut ok = Vec::with_capacity(results.len());
            for r in results {
                ok.push(r.map_err(|m| anyhow!(m))?);
            }
            if let Some(p) = points_out {
                let f = PointsFile::new(&exp, &overrides, shard, ok.clone());
                io::write_out(&p, serde_json::to_string(&f)?.as_bytes())?;
            }
            if svg.is_some() || png.is_some() {
                write_plots(&exp, &ok, preset.as_deref(), svg.as_deref(), png.as_deref())?;
            }
            let mut o = report_text(&exp, &ok, format, preset.as_deref())?;
            if residency && format == Format::Text {
                o.push_str(&residency_text(&exp, &ok));
            }
            io::emit(&o)?;
        }
        Cmd::Merge {
            experiment,
            preset,
            overrides,
            format,
            points,
        } => {
            let mut exp = load_experiment(&experiment, &preset)?;
            let overrides = overrides.overrides();
            overrides.apply(&mut exp);
            exp.validate().map_err(|e| anyhow!("{e}"))?;
            let all = points::merge(&exp, &overrides, &points)?;
            io::emit(&report_text(&exp, &all, format, preset.as_deref())?)?;
        }
        Cmd::Presets => gallery::print_presets()?,
        Cmd::Show { preset } => io::emit(&gallery::show_preset(&preset)?)?,
        Cmd::Patches => {
            let mut o = String::new();
            for id in PatchId::ALL {
                let i = id.info();
                writeln!(o, "{:<28} {} [{}]", id.key(), i.title, i.landed)?;
            }
            o.push_str(&features_text());
            io::emit(&o)?;
        }
        Cmd::Trace(a) => interop::trace(a)?,
        Cmd::Gallery(a) => gallery::gallery(a)?,
        Cmd::Import(a) => interop::import(a)?,
        Cmd::CompareMeasured(a) => interop::compare_measured(a)?,
        Cmd::Rtapp(a) => interop::rtapp(a)?,
        Cmd::TraceImport(a) => trace_import::trace_import(a)?,
        Cmd::Validate(a) => validate::validate(a)?,
        Cmd::PatchEffects(a) => patch_effects::run(a)?,
        Cmd::Link(c) => link::run(c)?,
        Cmd::Balance { file, text } => {
            use wakelab_sim::engine::balance::snapshot as lb;
            let s = read_input(&file, lb::MAX_BALANCE_SNAPSHOT_BYTES, "balance snapshot")?;
            let out = lb::balance_json(&s).map_err(|e| anyhow!("{e}"))?;
            let o = if text {
                lb::render_text(&out)
            } else {
                serde_json::to_string_pretty(&out)?
            };
            io::emit(&format!("{o}\n"))?;
        }
        Cmd::Decide { file, text } => {
            let s = read_input(
                &file,
                wakelab_sim::placement::snapshot::MAX_SNAPSHOT_BYTES,
                "placement snapshot",
            )?;
            let out = wakelab_sim::placement::decide_json(&s).map_err(|m| anyhow!(m))?;
            let o = if text {
                wakelab_sim::placement::render_text(&out)
            } else {
                serde_json::to_string_pretty(&out)?
            };
            io::emit(&format!("{o}\n"))?;
        }
    }
    Ok(())
}

/// `wakelab patches`' second part: every sched feature with its default per version (absent
/// where the version does not have it) and what it does.
fn features_text() -> String {
    use wakelab_sim::kernel::{KernelVersion, SchedFeature};
    let mut o = String::from(
        "\nSched features (kernel.features in a variant; per-version defaults, spec §7.1):\n",
    );
    for f in SchedFeature::ALL {
        let defaults: Vec<String> = KernelVersion::ALL
            .iter()
            .filter_map(|&v| {
                f.default_in(v)
                    .map(|d| format!("{v} {}", if d { "on" } else { "off" }))
            })
            .collect();
        let _ = writeln!(o, "\n{:<24} {}", f.name(), defaults.join(", "));
        let mut line = String::from("   ");
        for word in f.explanation().split_whitespace() {
            if line.len() + word.len() + 1 > 96 {
                let _ = writeln!(o, "{line}");
                line = String::from("   ");
            }
            line.push(' ');
            line.push_str(word);
        }
        let _ = writeln!(o, "{line}");
    }
    o
}
