//! `wakelab trace-import FILE`: read a `perf script` / `trace-cmd report` text trace (plain or
//! gzip; `-` for stdin), print its summary (text or `--json`) or the closed-loop workload
//! derived from it (`--workload`). Thin IO around `wakelab_interop::sched_trace`; docs/interop.md.

use std::path::PathBuf;

use anyhow::{Result, anyhow, bail};
use clap::Args;

use wakelab_interop::sched_trace::parse::MAX_TRACE_BYTES;
use wakelab_interop::sched_trace::{
    DeriveOptions, derive_workload, read_trace, summarise, summary_text,
};
use wakelab_sim::presets;

#[derive(Args, Debug)]
pub struct TraceImportArgs {
    /// The trace: `perf script` or `trace-cmd report` text, plain or .gz; `-` for stdin.
    pub file: PathBuf,
    /// Print the summary as JSON (versioned) instead of text.
    #[arg(long)]
    pub json: bool,
    /// Print an experiment (JSON) running the closed-loop workload derived from the trace
    /// instead of the summary; `wakelab run` takes it as is (docs/workloads.md).
    #[arg(long)]
    pub workload: bool,
    /// With --workload: the experiment whose machine, kernels and run settings are used.
    #[arg(long, default_value = "default")]
    pub base: String,
    /// With --workload: clock (MHz) of the recording machine, to turn CPU time into cycles.
    #[arg(long, default_value_t = DeriveOptions::default().mhz)]
    pub mhz: u32,
    /// With --workload: keep only these comm groups (as the summary names them, e.g.
    /// `sched-pipe,kworker/*:*`).
    #[arg(long, value_delimiter = ',')]
    pub groups: Vec<String>,
    /// With --workload: leave out tasks with fewer complete bursts (wake-up to block).
    #[arg(long, default_value_t = DeriveOptions::default().min_bursts)]
    pub min_bursts: usize,
}

pub fn trace_import(a: TraceImportArgs) -> Result<()> {
    let bytes = crate::io::read_bytes(&a.file, MAX_TRACE_BYTES, "sched trace")?;
    let stream = read_trace(&bytes).map_err(|e| anyhow!("{}: {e}", a.file.display()))?;
    if a.workload {
        if a.mhz == 0 || a.mhz > 100_000 {
            bail!(
                "--mhz {}: give the recording machine's clock, 1..=100000",
                a.mhz
            );
        }
        let opts = DeriveOptions {
            mhz: a.mhz,
            groups: a.groups.clone(),
            min_bursts: a.min_bursts,
        };
        let d =
            derive_workload(&stream, &opts).map_err(|m| anyhow!("{}: {m}", a.file.display()))?;
        let mut exp = presets::experiment(&a.base)
            .ok_or_else(|| anyhow!("no preset {:?}; `wakelab presets` lists them", a.base))?;
        exp.scenario.title = format!("derived from {}", a.file.display());
        exp.scenario.workload = d.workload;
        exp.scenario.interference.clear();
        exp.clients = vec![1];
        exp.validate()
            .map_err(|e| anyhow!("the derived experiment: {e}"))?;
        for n in &d.notes {
            eprintln!("note: {n}");
        }
        // compact: a derived hackbench (36 tasks) is ~0.8 MB compact, over the 1 MiB
        // MAX_SCENARIO_BYTES that `wakelab run` reads when pretty-printed
        let json = serde_json::to_string(&exp)?;
        if json.len() > wakelab_sim::scenario::MAX_SCENARIO_BYTES {
            bail!(
                "the derived experiment is {} bytes, over MAX_SCENARIO_BYTES: keep fewer tasks \
                 (--groups, --min-bursts)",
                json.len()
            );
        }
        crate::io::emit(&format!("{json}\n"))?;
        return Ok(());
    }
    let summary = summarise(&stream);
    if a.json {
        crate::io::emit(&format!("{}\n", summary.to_json()))?;
    } else {
        crate::io::emit(&summary_text(&summary))?;
    }
    Ok(())
}
