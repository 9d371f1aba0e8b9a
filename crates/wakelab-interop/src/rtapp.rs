//! A workload of an experiment as rt-app JSON, to run it on a real machine. Thin wrapper over
//! `wakelab_sim::workload::rtapp` (which owns the mapping and its tests): builds the workload of
//! one variant at one client count on the experiment's machine, then exports it.

use wakelab_sim::scenario::Experiment;
use wakelab_sim::topology::Topology;
use wakelab_sim::workload;
pub use wakelab_sim::workload::rtapp::{RtAppExport, RtAppOptions};

/// Export the workload of `variant` at `clients` as rt-app JSON with the list of what rt-app
/// cannot express (the approximations). `duration_s`: rt-app's `global.duration`; `None` uses
/// the experiment's run length rounded up to whole seconds.
pub fn rtapp_for_experiment(
    exp: &Experiment,
    variant: usize,
    clients: u32,
    opts: &RtAppOptions,
    duration_s: Option<u32>,
) -> Result<RtAppExport, String> {
    if variant >= exp.variants.len() {
        return Err(format!(
            "variant {variant} does not exist (the experiment has {})",
            exp.variants.len()
        ));
    }
    let sc = exp.variant_scenario(variant);
    sc.validate().map_err(|e| e.to_string())?;
    let topo = Topology::new(&sc.machine.shape).map_err(|e| e.to_string())?;
    let b = workload::build(&sc.workload, &sc.interference, clients, &topo)
        .map_err(|e| e.to_string())?;
    let d = duration_s.unwrap_or_else(|| sc.run.duration_ms.div_ceil(1000).max(1) as u32);
    Ok(workload::rtapp::export_build(&b, opts, Some(d)))
}
