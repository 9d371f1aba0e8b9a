//! `wakelab patch-effects`: for one experiment point, which seed patch changes the placement
//! outcome and in how many decisions (`wakelab_sim::patch_effects`). Answers "why does this
//! toggle change nothing here?": a patch whose decisions never differ does not reach a state
//! where its code answers differently.

use std::fmt::Write as _;

use anyhow::{Result, anyhow, bail};
use clap::Args;

use wakelab_sim::kernel::{PatchId, TopologyFlags};
use wakelab_sim::patch_effects::{PatchEffect, patch_effects};

use crate::interop::{ExperimentSel, load};

#[derive(Args, Debug)]
pub struct PatchEffectsArgs {
    #[command(flatten)]
    pub exp: ExperimentSel,
    /// Client count (default: the experiment's count nearest half the CPUs, busy enough that
    /// wake-ups meet busy CPUs and idle enough that there is a choice).
    #[arg(long)]
    pub clients: Option<u32>,
    /// Print JSON instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Run even if the estimated cost is above 15 CPU-minutes (docs/limits.md, "Cost").
    #[arg(long)]
    pub yes: bool,
}

/// Two runs per patch at most (the runs without a patch are shared where the kernels agree).
const RUNS_PER_PATCH: usize = 2;

pub fn run(a: PatchEffectsArgs) -> Result<()> {
    let mut e = load(&a.exp)?;
    e.validate().map_err(|m| anyhow!("{m}"))?;
    let half = (e.scenario.machine.shape.nr_cpus() / 2) as u32;
    let clients = match a.clients {
        Some(0) => bail!("--clients 0: give at least 1"),
        Some(c) => c,
        None => e
            .client_counts()
            .into_iter()
            .min_by_key(|&c| c.abs_diff(half))
            .ok_or_else(|| anyhow!("the experiment has no client counts"))?,
    };
    e.clients = vec![clients];
    e.iterations = 1;
    crate::check_cost(
        &wakelab_sim::cost::estimate(&e, PatchId::ALL.len() * RUNS_PER_PATCH),
        a.yes,
        true,
    )?;
    // the experiment's choice of SD_ASYM_CPUCAPACITY source (t5: Android/EAS)
    let flags = e.variants[0]
        .kernel
        .as_ref()
        .map_or(TopologyFlags::Mainline, |k| k.topology_flags);
    let fx = patch_effects(&e, clients, flags).map_err(|err| anyhow!("{err}"))?;
    let title = format!(
        "{} x{clients}, {}, {} ms",
        e.scenario.workload.kind(),
        e.scenario
            .machine
            .preset
            .as_deref()
            .unwrap_or("custom machine"),
        e.scenario.run.duration_ms
    );
    if a.json {
        println!("{}", to_json(&title, clients, &fx));
    } else {
        print!("{}", table(&title, &fx));
    }
    Ok(())
}

fn to_json(title: &str, clients: u32, fx: &[PatchEffect]) -> String {
    let rows: Vec<serde_json::Value> = fx
        .iter()
        .map(|f| {
            serde_json::json!({
                "patch": f.patch.key(),
                "baseline": f.without.version.to_string(),
                "acts": f.acts,
                "decisions": f.decisions.decisions,
                "differ_cpu": f.decisions.differ_cpu,
                "differ_state": f.decisions.differ_state,
                "differ_cost": f.decisions.differ_cost,
            })
        })
        .collect();
    serde_json::to_string_pretty(&serde_json::json!({
        "point": title, "clients": clients, "patches": rows
    }))
    .expect("JSON values serialise")
}

/// The table: one row per patch, the decision counts beside the verdict.
pub fn table(title: &str, fx: &[PatchEffect]) -> String {
    let mut o = String::new();
    let _ = writeln!(o, "{title}; each patch against its first baseline\n");
    let _ = writeln!(
        o,
        "{:<24} {:>8} {:>5} {:>11} {:>11} {:>11} {:>10}",
        "patch", "baseline", "acts", "other CPU", "other state", "other cost", "decisions"
    );
    for f in fx {
        let d = &f.decisions;
        let _ = writeln!(
            o,
            "{:<24} {:>8} {:>5} {:>11} {:>11} {:>11} {:>10}",
            f.patch.key(),
            f.without.version.to_string(),
            if f.acts { "yes" } else { "no" },
            d.differ_cpu,
            d.differ_state,
            d.differ_cost,
            d.decisions
        );
    }
    let _ = writeln!(
        o,
        "\nacts: the run with the patch differs from the run without it (select_idle_sibling \
         counters,\nmigrations or per-CPU busy time). Each decision of the run with the patch \
         is also taken\nwithout it on the same state: other CPU / other state (recent_used_cpu, \
         has_idle_cores,\navg_scan_cost, ...) / same CPU and state at another search cost \
         (runqueues scanned)."
    );
    o
}
